// The rules the packaging check applies to app.asar, fed with made-up listings.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  devOnlyPackages,
  inspectAppContents,
  missingDependencies,
  packageNameOf,
  type AsarFile,
  type PackageManifest,
} from "../../scripts/packaging/asar-contents.mjs";

const file = (path: string, unpacked = path.startsWith("node_modules/")): AsarFile => ({ path, size: 100, unpacked });
const cleanFiles = [
  file("package.json"),
  file("out/main/index.js"),
  file("out/main/chunks/core-abc.js"),
  file("out/preload/index.cjs"),
  file("out/renderer/index.html"),
  file("out/renderer/assets/index-abc.js"),
  file("out/renderer/assets/index-abc.css"),
  file("node_modules/@modelcontextprotocol/sdk/package.json"),
  file("node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js"),
  file("node_modules/zod/package.json"),
  file("node_modules/zod/index.js"),
];
const base = {
  files: cleanFiles,
  appPackageJson: { main: "out/main/index.js" },
  requiredPackages: ["@modelcontextprotocol/sdk", "zod"],
  devOnly: new Set(["vitest", "left-pad-dev"]),
  rendererHtml: `<script type="module" src="./assets/index-abc.js"></script><link rel="stylesheet" href="./assets/index-abc.css">`,
  sizes: { asarBytes: 1000, unpackedBytes: 1000 },
  budget: { asarBytes: 2000, unpackedBytes: 2000 },
};

describe("inspectAppContents", () => {
  it("passes a package that holds exactly the app", () => {
    expect(inspectAppContents(base)).toEqual([]);
  });

  it.each([
    ["a repository file at the root", [file("README.md")], /unexpected top-level entry "README.md"/],
    ["a repository folder at the root", [file("bench/run.mjs", false)], /unexpected top-level entry "bench"/],
    ["a stray build output", [file("out/bench/run.js")], /unexpected build output "out\/bench"/],
    ["a test file", [file("out/main/session.test.js")], /1 test file in the package/],
    ["a test directory in a dependency", [file("node_modules/zod/tests/a.js")], /1 test directory in the package/],
    ["a source map", [file("out/main/index.js.map")], /1 source map in the package/],
    ["TypeScript declarations", [file("node_modules/zod/index.d.ts")], /1 TypeScript source or declaration/],
    ["a dev-only dependency", [file("node_modules/left-pad-dev/index.js")], /dev-only dependency left-pad-dev/],
    ["build tooling, whatever the lockfile says", [file("node_modules/typescript/lib/tsc.js")], /build tooling typescript/],
    ["a nested dev dependency", [file("node_modules/zod/node_modules/left-pad-dev/index.js")], /dev-only dependency left-pad-dev/],
    ["repository metadata", [file("node_modules/zod/.github/workflows/ci.yml")], /repository or editor file/],
    ["app code outside the asar", [file("out/main/extra.js", true)], /out\/main\/extra\.js is unpacked/],
  ])("flags %s", (_what, extra, message) => {
    const problems = inspectAppContents({ ...base, files: [...cleanFiles, ...extra] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it("flags app sources both as misplaced and as TypeScript", () => {
    const problems = inspectAppContents({ ...base, files: [...cleanFiles, file("main/core/session.ts", false)] });
    expect(problems).toEqual([
      `unexpected top-level entry "main" (only package.json, out, node_modules belong in the app)`,
      "1 TypeScript source or declaration in the package, e.g. main/core/session.ts",
    ]);
  });

  it("requires the entry point, the bundles and the runtime dependencies", () => {
    const problems = inspectAppContents({
      ...base,
      files: [file("package.json"), file("node_modules/zod/package.json")],
      appPackageJson: { main: "out/main/app.js" },
      rendererHtml: undefined,
    });
    expect(problems).toEqual([
      `package.json "main" is out/main/app.js, which is not in the asar`,
      "main bundle out/main/index.js is missing",
      "no preload bundle in out/preload/",
      "renderer out/renderer/index.html is missing",
      "no renderer script in out/renderer/",
      "runtime dependency @modelcontextprotocol/sdk is missing from node_modules",
    ]);
  });

  it("checks what the renderer page refers to", () => {
    const problems = inspectAppContents({ ...base, rendererHtml: `<script src="./assets/gone.js"></script><a href="https://x.dev">x</a>` });
    expect(problems).toEqual(["renderer index.html refers to ./assets/gone.js, which is not in the asar"]);
  });

  it("holds each part to its size budget", () => {
    const problems = inspectAppContents({ ...base, sizes: { asarBytes: 5 * 1024 * 1024, unpackedBytes: 3000 } });
    expect(problems).toEqual([
      "app.asar is 5.0 MiB, over its 0.0 MiB budget",
      "app.asar.unpacked is 0.0 MiB, over its 0.0 MiB budget",
    ]);
  });
});

describe("packageNameOf", () => {
  it.each([
    ["node_modules/zod/index.js", "zod"],
    ["node_modules/@scope/pkg/dist/x.js", "@scope/pkg"],
    ["node_modules/a/node_modules/@s/b/x.js", "@s/b"],
    ["out/main/index.js", null],
  ])("%s -> %s", (path, name) => expect(packageNameOf(path)).toBe(name));
});

describe("devOnlyPackages", () => {
  it("keeps a name only when every installed copy is dev-only", () => {
    const lock = {
      packages: {
        "": {},
        "node_modules/vitest": { dev: true },
        "node_modules/fsevents": { devOptional: true },
        "node_modules/zod": {},
        "node_modules/vitest/node_modules/zod": { dev: true },
      },
    };
    expect([...devOnlyPackages(lock)].sort()).toEqual(["fsevents", "vitest"]);
  });

  it("reads this project's lockfile: tooling is dev-only, the demo server and its deps are not", () => {
    const lock = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "package-lock.json"), "utf8"));
    const devOnly = devOnlyPackages(lock);
    for (const name of ["vitest", "electron-builder", "typescript", "playwright-core", "electron"]) expect(devOnly.has(name)).toBe(true);
    for (const name of ["@modelcontextprotocol/server-everything", "@modelcontextprotocol/sdk", "express"]) expect(devOnly.has(name)).toBe(false);
  });
});

describe("missingDependencies", () => {
  it("finds dependencies the way Node does: own node_modules, then each enclosing one", () => {
    const packages = new Map<string, PackageManifest>([
      ["node_modules/a", { name: "a", dependencies: { b: "1", c: "1" } }],
      ["node_modules/a/node_modules/b", { name: "b", dependencies: { c: "1", d: "1" } }],
      ["node_modules/c", { name: "c", dependencies: { e: "1" }, optionalDependencies: { e: "1" } }],
    ]);
    expect(missingDependencies(packages)).toEqual(["b depends on d, which is not in the package"]);
  });
});
