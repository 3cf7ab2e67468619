// The walker behind "every module the bundles load is in the package": what it finds in a bundle,
// and how it judges each request against an app tree.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkRequests, classifySpecifier, findModuleRequests, type ModuleRequest } from "../../scripts/packaging/externals.mjs";

describe("findModuleRequests", () => {
  it("finds static, re-exported, dynamic and required modules in an ES module", () => {
    const source = [
      `import { a } from "pkg-a";`,
      `import "./side-effect.js";`,
      `export { b } from "@scope/pkg-b/sub";`,
      `export * from "node:fs";`,
      `const c = await import("pkg-c");`,
      "const d = await import(`pkg-d`);",
      `const e = require("pkg-e");`,
    ].join("\n");
    const { requests, unanalysable } = findModuleRequests(source, { module: true });
    expect(requests).toEqual([
      { specifier: "pkg-a", kind: "import", line: 1 },
      { specifier: "./side-effect.js", kind: "import", line: 2 },
      { specifier: "@scope/pkg-b/sub", kind: "import", line: 3 },
      { specifier: "node:fs", kind: "import", line: 4 },
      { specifier: "pkg-c", kind: "dynamic-import", line: 5 },
      { specifier: "pkg-d", kind: "dynamic-import", line: 6 },
      { specifier: "pkg-e", kind: "require", line: 7 },
    ]);
    expect(unanalysable).toEqual([]);
  });

  it("ignores look-alikes in comments and strings", () => {
    const source = [
      `/** so "expired" can be told apart from "never existed" */`,
      `// import x from "in-a-comment";`,
      `const s = 'require("in-a-string")';`,
      "const t = `import(\"in-a-template\")`;",
      `obj.require("not-the-require-function");`,
    ].join("\n");
    expect(findModuleRequests(source, { module: true }).requests).toEqual([]);
  });

  it("reports imports whose name is computed", () => {
    const source = `const name = "x"; await import(name); require("a" + name); await import(\`p-\${name}\`);`;
    const { requests, unanalysable } = findModuleRequests(source, { module: true });
    expect(requests).toEqual([]);
    expect(unanalysable.map((u) => u.kind)).toEqual(["dynamic-import", "require", "dynamic-import"]);
  });

  it("parses CommonJS bundles as scripts", () => {
    const source = `"use strict";\nconst electron = require("electron");\nreturn;`;
    expect(findModuleRequests(source, { module: false }).requests).toEqual([{ specifier: "electron", kind: "require", line: 2 }]);
    expect(() => findModuleRequests(`import x from "y";`, { module: false })).toThrow();
  });
});

describe("classifySpecifier", () => {
  it.each([
    ["./chunk.js", "relative"],
    ["../x.js", "relative"],
    ["electron", "electron"],
    ["electron/main", "electron"],
    ["node:path", "builtin"],
    ["fs", "builtin"],
    ["data:text/javascript,1", "url"],
    ["zod", "bare"],
    ["@modelcontextprotocol/sdk/client/index.js", "bare"],
  ])("%s is %s", (specifier, kind) => {
    expect(classifySpecifier(specifier)).toBe(kind);
  });
});

describe("checkRequests", () => {
  let root: string;
  let app: string;
  const write = (rel: string, text: string) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  const req = (specifier: string, kind: ModuleRequest["kind"] = "import"): ModuleRequest => ({ specifier, kind, line: 1 });

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "externals-"));
    app = join(root, "app");
    write("app/package.json", JSON.stringify({ name: "app", type: "module", main: "out/main/index.js" }));
    write("app/out/main/index.js", "");
    write("app/out/main/chunk.js", "");
    write("app/out/preload/index.cjs", "");
    write(
      "app/node_modules/good/package.json",
      JSON.stringify({ name: "good", exports: { ".": "./index.js", "./sub": { import: "./sub.mjs", require: "./sub.cjs" } } }),
    );
    write("app/node_modules/good/index.js", "");
    write("app/node_modules/good/sub.mjs", "");
    write("app/node_modules/good/sub.cjs", "");
    write("app/node_modules/good/hidden.js", "");
    write("app/node_modules/esm-only/package.json", JSON.stringify({ name: "esm-only", exports: { import: "./index.mjs" } }));
    write("app/node_modules/esm-only/index.mjs", "");
    write("app/node_modules/broken/package.json", JSON.stringify({ name: "broken", exports: "./missing.js" }));
    // Installed above the app: Node would find it here, a user's machine would not have it.
    write("node_modules/outside/package.json", JSON.stringify({ name: "outside", main: "index.js" }));
    write("node_modules/outside/index.js", "");
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const main = () => join(app, "out/main/index.js");

  it("accepts what the app tree provides", () => {
    const { problems, resolved } = checkRequests(
      main(),
      [req("good"), req("good/sub"), req("esm-only", "dynamic-import"), req("good", "require"), req("good/sub", "require"), req("node:fs"), req("electron"), req("./chunk.js")],
      { preload: false, appRoot: app },
    );
    expect(problems).toEqual([]);
    expect(resolved.get("good/sub")).toBe(join(app, "node_modules/good/sub.mjs"));
  });

  it.each([
    ["absent", "import", /"absent".*not resolvable inside the package/],
    ["good/hidden.js", "import", /not resolvable inside the package \(ERR_PACKAGE_PATH_NOT_EXPORTED\)/],
    ["broken", "import", /missing\.js, which is not in the package/],
    ["esm-only", "require", /not resolvable inside the package/],
    ["absent", "require", /not resolvable inside the package/],
    ["./no-such-chunk.js", "import", /no-such-chunk\.js is not in the package/],
    ["outside", "import", /outside the package/],
    ["outside", "require", /outside the package/],
  ] as const)("rejects %s (%s)", (specifier, kind, message) => {
    const { problems } = checkRequests(main(), [req(specifier, kind)], { preload: false, appRoot: app });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it("lets a sandboxed preload require only electron", () => {
    const preload = join(app, "out/preload/index.cjs");
    const { problems } = checkRequests(
      preload,
      [req("electron", "require"), req("good", "require"), req("node:events", "require"), req("../main/chunk.js", "require")],
      { preload: true, appRoot: app },
    );
    expect(problems).toHaveLength(3);
    expect(problems.every((p) => p.includes("can only require \"electron\""))).toBe(true);
  });
});
