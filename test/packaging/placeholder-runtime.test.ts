// The placeholder runtime carries a fuse wire that @electron/fuses (what electron-builder's
// electronFuses step calls) can flip, so the packaging check can read back what was written.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPlaceholderRuntime, EXPECTED_FUSES, fuseProblems, readFuses } from "../../scripts/packaging/placeholder-runtime.mjs";

// @electron/fuses as electron-builder loads it (a dependency of app-builder-lib).
const fromBuilder = createRequire(createRequire(import.meta.url).resolve("electron-builder/package.json"));
const fuses = createRequire(fromBuilder.resolve("app-builder-lib/package.json"))("@electron/fuses");

const scratch = mkdtempSync(join(tmpdir(), "placeholder-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("placeholder runtime", () => {
  it("starts with Electron's defaults, so every fuse we set is a visible flip", () => {
    const binary = join(createPlaceholderRuntime(join(scratch, "a")), "electron");
    expect(fuseProblems(readFuses(binary))).toHaveLength(Object.keys(EXPECTED_FUSES).length);
  });

  it("takes the configured flips through @electron/fuses and reads them back", async () => {
    const binary = join(createPlaceholderRuntime(join(scratch, "b")), "electron");
    const { FuseV1Options: O, FuseVersion } = fuses;
    await fuses.flipFuses(binary, {
      version: FuseVersion.V1,
      [O.RunAsNode]: false,
      [O.EnableCookieEncryption]: true,
      [O.EnableNodeOptionsEnvironmentVariable]: false,
      [O.EnableNodeCliInspectArguments]: false,
      [O.EnableEmbeddedAsarIntegrityValidation]: true,
      [O.OnlyLoadAppFromAsar]: true,
    });
    const read = readFuses(binary);
    expect(fuseProblems(read)).toEqual([]);
    expect(read).toMatchObject({ LoadBrowserProcessSpecificV8Snapshot: false, GrantFileProtocolExtraPrivileges: true });
  });

  it("refuses to run, saying what it is", () => {
    const binary = join(createPlaceholderRuntime(join(scratch, "c")), "electron");
    const run = spawnSync(binary, [], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/placeholder for the Electron runtime/);
  });
});
