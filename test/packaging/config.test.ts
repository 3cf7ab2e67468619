// electron-builder.yml passes electron-builder's own validation, and that validation really rejects
// bad configurations (so the packaging check's first step can fail).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { APP_ID } from "../../main/electron/constants.js";
import { everythingDemoServer } from "../../main/electron/demoServer.js";
import { DEMO_SERVER_SCRIPT } from "../../scripts/packaging/asar-contents.mjs";
import { loadValidatedConfig } from "../../scripts/packaging/builder-config.mjs";

const projectDir = join(import.meta.dirname, "..", "..");
const realConfig = readFileSync(join(projectDir, "electron-builder.yml"), "utf8");
const scratch = mkdtempSync(join(tmpdir(), "builder-config-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function variant(name: string, text: string): string {
  const file = join(scratch, `${name}.yml`);
  writeFileSync(file, text);
  return file;
}

describe("electron-builder.yml", () => {
  it("validates and says what the issue asks for", async () => {
    const config = await loadValidatedConfig(projectDir);
    expect(config.appId).toBe(APP_ID);
    expect(config.asar).toBe(true);
    expect(config.fileAssociations).toBeUndefined();
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
    expect(config.linux.target).toEqual(["AppImage", "deb"]);
    expect(config.mac).toMatchObject({ target: "dmg", hardenedRuntime: true, entitlements: "build/entitlements.mac.plist" });
    expect(config.mac.notarize).toBeUndefined(); // left to environment variables
    expect(config.win.target).toBe("nsis");
    expect(config.nsis).toMatchObject({ perMachine: false, createStartMenuShortcut: true });
  });

  it("rejects an unknown top-level key", async () => {
    const file = variant("unknown-key", `${realConfig}\nnotARealOption: true\n`);
    await expect(loadValidatedConfig(projectDir, file)).rejects.toThrow(/unknown property 'notARealOption'/);
  });

  it("rejects a misspelt key inside a target's options", async () => {
    const file = variant("misspelt", realConfig.replace("perMachine: false", "perMachin: false"));
    await expect(loadValidatedConfig(projectDir, file)).rejects.toThrow(/configuration\.nsis/);
  });

  it("rejects a value of the wrong type", async () => {
    const file = variant("wrong-type", realConfig.replace("asar: true", "asar: sometimes"));
    await expect(loadValidatedConfig(projectDir, file)).rejects.toThrow(/configuration\.asar/);
  });
});

describe("packaging and the desktop shell agree", () => {
  it("on where the packaged app starts the demo server from (the file the check runs)", async () => {
    const config = await loadValidatedConfig(projectDir);
    expect(config.asarUnpack).toContain("node_modules/**");
    const appPath = join("/opt", "MCP Task Inspector", "resources", "app.asar");
    const demo = everythingDemoServer(appPath);
    expect(demo.transport).toMatchObject({ type: "stdio", command: "node" });
    expect(demo.transport.type === "stdio" && demo.transport.args[0]).toBe(join(`${appPath}.unpacked`, DEMO_SERVER_SCRIPT));
  });
});
