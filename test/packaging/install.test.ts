// Issue 21 "Setup": a fresh clone stays clean after `npm install`, every dependency install script is
// reviewed in npm's own "allowScripts", and no installed package rejects a supported Node. The same
// functions run in `npm test` (scripts/check-install.mjs); here each is also shown to fail.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  diffLines,
  engineMismatches,
  installFacts,
  lockfileDrift,
  supportedNodes,
  unreviewedInstallScripts,
} from "../../scripts/setup/install-facts.mjs";

const projectDir = join(import.meta.dirname, "..", "..");
const pkgText = readFileSync(join(projectDir, "package.json"), "utf8");
const lockText = readFileSync(join(projectDir, "package-lock.json"), "utf8");
const pkg = JSON.parse(pkgText);
const lock = JSON.parse(lockText);
const scratch = mkdtempSync(join(tmpdir(), "install-check-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("installing this project (issue 21, Setup)", () => {
  it("the tracked tree passes: no lockfile drift, no unreviewed install script, engines agree", () => {
    expect(installFacts(projectDir)).toEqual({ drift: [], unreviewed: [], engines: [] });
  });

  it("a lockfile without the package's own \"bin\" entry is drift (what `npm install` used to add)", () => {
    const stale = JSON.parse(lockText);
    delete stale.packages[""].bin;
    writeFileSync(join(scratch, "package.json"), pkgText);
    writeFileSync(join(scratch, "package-lock.json"), JSON.stringify(stale, null, 2) + "\n");
    const drift = lockfileDrift(scratch);
    expect(drift).toContain('+       "bin": {');
    expect(drift.join("\n")).toContain('"mcp-task-inspector": "bin/mcp-task-inspector.mjs"');
  });

  it("a dependency the lockfile has never seen cannot be resolved offline, and says so", () => {
    const dir = mkdtempSync(join(scratch, "new-dep-"));
    const grown = JSON.parse(pkgText);
    grown.dependencies["a-package-this-lockfile-never-saw"] = "^1.0.0";
    writeFileSync(join(dir, "package.json"), JSON.stringify(grown, null, 2));
    writeFileSync(join(dir, "package-lock.json"), lockText);
    expect(lockfileDrift(dir)).toEqual([expect.stringMatching(/^npm could not update the lockfile offline/)]);
  });

  it("install scripts: node's is approved (it fetches the Node 22 the npm scripts run on), the others denied", () => {
    expect(pkg.allowScripts).toEqual({ node: true, "electron-winstaller": false, "es5-ext": false });
    expect(unreviewedInstallScripts({ ...pkg, allowScripts: undefined }, lock).sort()).toEqual([
      "electron-winstaller@5.4.0",
      "es5-ext@0.10.64",
      "node@22.23.3",
    ]);
    // A pinned approval covers only the version it names.
    expect(unreviewedInstallScripts({ allowScripts: { "node@22.0.0": true, "electron-winstaller": false, "es5-ext": false } }, lock)).toEqual([
      "node@22.23.3",
    ]);
  });

  it("engines: Node >= 22.12 (Electron 45 wants it); the old >=20.19 would warn EBADENGINE", () => {
    expect(pkg.engines.node).toBe(">=22.12");
    expect(supportedNodes(pkg)).toEqual(["22.12.0", pkg.devDependencies.node]);
    const old = engineMismatches(lock, supportedNodes({ ...pkg, engines: { node: ">=20.19" } }));
    expect(old.join("\n")).toMatch(/^electron@45\.[\d.]+ wants node >= 22\.12\.0, not 20\.19\.0$/m);
  });

  it("the line diff names only what changed", () => {
    expect(diffLines("a\nb\nc\n", "a\nB\nc\n")).toEqual(["- b", "+ B"]);
    expect(diffLines("same", "same")).toEqual([]);
  });
});
