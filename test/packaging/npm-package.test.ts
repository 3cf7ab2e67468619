// The npm package: `npm pack` of the built tree, installed into an empty folder with no network (every
// tarball from npm's cache, by the integrity hashes of this project's lockfile), then its command run
// from there: `check` on the Everything server, a recording's `replay` and `diff`, and browser mode.
// Needs a built out/ (npm test builds before vitest); the pack skips "prepack" so nothing is built twice.
import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  packagesLoadedBy,
  packedFileProblems,
  scratchLockfile,
  SPAWNED_PACKAGES,
  TARBALL_BUDGET,
} from "../../scripts/packaging/npm-package.mjs";

const projectDir = join(import.meta.dirname, "..", "..");
const pkg = JSON.parse(readFileSync(join(projectDir, "package.json"), "utf8"));
const lock = JSON.parse(readFileSync(join(projectDir, "package-lock.json"), "utf8"));
const scratch = mkdtempSync(join(tmpdir(), "npm-package-"));
const installDir = join(scratch, "consumer");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** npm itself, the one running this test when there is one (npm test), else the one on PATH. */
function npm(args: string[], cwd: string): SpawnSyncReturns<string> {
  const cli = process.env.npm_execpath;
  const [command, argv] = cli && /\.[cm]?js$/.test(cli) ? [process.execPath, [cli, ...args]] : ["npm", args];
  return spawnSync(command, argv, { cwd, encoding: "utf8", shell: command === "npm" && process.platform === "win32", timeout: 240_000 });
}

const installed = (...path: string[]) => join(installDir, "node_modules", ...path);
const bin = () => installed("mcp-task-inspector", "bin", "mcp-task-inspector.mjs");
const quote = (path: string) => `'${path}'`;
const everythingCommand = () =>
  `${quote(process.execPath)} ${quote(installed("@modelcontextprotocol", "server-everything", "dist", "index.js"))} stdio`;
const run = (args: string[]) =>
  spawnSync(process.execPath, [bin(), ...args], { cwd: installDir, encoding: "utf8", timeout: 120_000 });

let packed: { filename: string; size: number; unpackedSize: number; files: Array<{ path: string }> };

beforeAll(() => {
  if (!existsSync(join(projectDir, "out", "main", "cli.js"))) throw new Error("out/ is not built: run npm run build first");
  const pack = npm(["pack", "--ignore-scripts", "--json", "--pack-destination", scratch], projectDir);
  if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
  packed = JSON.parse(pack.stdout)[0];

  const tarball = readFileSync(join(scratch, packed.filename));
  const tarballName = "mcp-task-inspector.tgz";
  rmSync(installDir, { recursive: true, force: true });
  mkdirSync(installDir);
  writeFileSync(join(installDir, tarballName), tarball);
  writeFileSync(
    join(installDir, "package.json"),
    JSON.stringify({ name: "scratch", private: true, dependencies: { [pkg.name]: `file:${tarballName}` } }, null, 2),
  );
  const integrity = `sha512-${createHash("sha512").update(tarball).digest("base64")}`;
  writeFileSync(join(installDir, "package-lock.json"), JSON.stringify(scratchLockfile({ lock, pkg, tarballName, tarballIntegrity: integrity }), null, 2));
  const install = npm(["ci", "--offline", "--no-audit", "--no-fund"], installDir);
  if (install.status !== 0) throw new Error(`npm ci --offline of the packed tarball failed:\n${install.stderr}`);
}, 300_000);

describe("the npm package (npm pack, then a plain offline install)", () => {
  it("its dependencies are exactly the packages the CLI and browser-mode bundles load, plus the demo server they start", () => {
    const { packages, unanalysable } = packagesLoadedBy([join(projectDir, "out/main/cli.js"), join(projectDir, "out/main/web.js")]);
    expect(unanalysable).toEqual([]);
    expect(Object.keys(pkg.dependencies).sort()).toEqual([...new Set([...packages, ...SPAWNED_PACKAGES])].sort());
    expect(pkg.private).toBeUndefined();
  });

  it("the tarball holds the launcher and the built app only, within its budget", () => {
    expect(packedFileProblems(packed)).toEqual([]);
    const paths = packed.files.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(["bin/mcp-task-inspector.mjs", "out/main/cli.js", "out/main/web.js", "out/renderer/index.html"]));
    expect(packed.size).toBeLessThanOrEqual(TARBALL_BUDGET.packedBytes);
    console.log(`tarball ${packed.filename}: ${(packed.size / 1024).toFixed(0)} KiB packed, ${(packed.unpackedSize / 1024).toFixed(0)} KiB unpacked, ${paths.length} files`);
  });

  it("the tarball rules do catch a map, a source file, a test and an oversized tarball", () => {
    const problems = packedFileProblems({
      files: [{ path: "out/main/cli.js.map" }, { path: "main/cli/run.ts" }, { path: "test/packaging/npm-package.test.ts" }, { path: "out/main/cli.js" }],
      size: TARBALL_BUDGET.packedBytes + 1,
    });
    expect(problems).toHaveLength(4);
    expect(problems.join("\n")).toMatch(/source map out\/main\/cli\.js\.map/);
  });

  it("installs no Electron, no build tools and no UI libraries", () => {
    for (const name of ["electron", "electron-vite", "vite", "typescript", "react", "react-dom", "zustand"]) {
      expect(existsSync(installed(name)), name).toBe(false);
    }
    expect(existsSync(installed("@modelcontextprotocol", "server-everything", "dist", "index.js"))).toBe(true);
  });

  it("the installed command checks the Everything server over stdio: exit 0 and a JSON report", () => {
    const result = run(["check", "--server", everythingCommand(), "--json", "--quiet"]);
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.server).toMatchObject({ name: "mcp-servers/everything", transport: "stdio" });
    expect(report.passed).toBeGreaterThan(0);
    expect(report.checks.filter((c: { ok: boolean | null; severity: string }) => c.ok === false && c.severity === "error")).toEqual([]);
    expect(report.checks.find((c: { id: string }) => c.id === "lifecycle.ping")).toMatchObject({ ok: true });
  });

  it("the installed command lints the Everything server, counting the tool list's tokens (the tokenizer is bundled)", () => {
    const result = run(["lint", "--server", everythingCommand(), "--json", "--quiet"]);
    expect(result.status, result.stderr).toBe(0);
    const cost = JSON.parse(result.stdout).checks.find((c: { id: string }) => c.id === "lint.token-cost");
    expect(cost).toMatchObject({ ok: true, detail: expect.stringMatching(/^the tool list costs [\d,]+ tokens for \d+ tools/) });
  });

  it("the installed command loads a tool of the Everything server: every call answered, with its latency figures", () => {
    const result = run(["load", "--server", everythingCommand(), "--tool", "get-sum", "--args", '{"a":1,"b":2}', "--concurrency", "2", "--duration", "1s", "--json", "--quiet"]);
    expect(result.status, result.stderr).toBe(0);
    const load = JSON.parse(result.stdout);
    expect(load.calls).toBeGreaterThan(0);
    expect(load.errors).toEqual({});
    expect(load.latencyMs.p50).toBeGreaterThan(0);
  });

  it("`check --conformance` without the suite (a devDependency) says it was not run and how to get it", () => {
    const result = run(["check", "--server", everythingCommand(), "--conformance", "--json", "--quiet"]);
    expect(result.status, result.stderr).toBe(0);
    const suite = JSON.parse(result.stdout).checks.find((c: { id: string }) => c.id === "conformance:suite");
    expect(suite).toMatchObject({ ok: null, detail: expect.stringMatching(/^not run: the conformance suite is not installed \(npm install --save-dev @modelcontextprotocol\/conformance/) });
  });

  it("records a session, diffs the recording against itself and replays it as a server", () => {
    const recording = join(installDir, "everything.mcprec");
    const tools = run(["tools", "--server", everythingCommand(), "--record", recording, "--quiet"]);
    expect(tools.status, tools.stderr).toBe(0);
    const diff = run(["diff", recording, recording, "--json"]);
    expect(diff.status, diff.stderr).toBe(0);
    expect(JSON.parse(diff.stdout)).toMatchObject({ changes: [], breaking: 0 });
    const replayed = run(["tools", "--server", `${quote(process.execPath)} ${quote(bin())} replay ${quote(recording)}`, "--json", "--quiet"]);
    expect(replayed.status, replayed.stderr).toBe(0);
    expect(JSON.parse(replayed.stdout).tools.map((t: { name: string }) => t.name)).toContain("echo");
  });

  it("`web` serves the inspector's UI in browser mode", async () => {
    const child = spawn(process.execPath, [bin(), "web", "--port", "0", "--config-dir", join(scratch, "config")], { cwd: installDir });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (d) => {
          out += d;
          const found = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(out);
          if (found) resolve(found[0]);
        });
        child.on("exit", (code) => reject(new Error(`browser mode exited with ${code}`)));
      });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      child.kill();
    }
  });
});
