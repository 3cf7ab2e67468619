// The desktop app seals saved servers' env and header values with Electron's safeStorage (the OS
// keychain), and says when it cannot. Electron is faked; the core and its files are real.
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startDesktopApp, type DesktopApp } from "../../main/electron/app.js";
import { safeStorageSecrets } from "../../main/electron/safeStorageSecrets.js";
import { app, resetFakeElectron, safeStorage } from "./fakeElectron.js";

vi.mock("electron", () => import("./fakeElectron.js"));

const started: DesktopApp[] = [];
beforeEach(() => resetFakeElectron());
afterEach(async () => {
  await Promise.all(started.splice(0).map((d) => d.core.shutdown()));
});

describe("secrets in the desktop app", () => {
  it("saved env and header values reach the disk sealed by the keychain, and come back as typed", async () => {
    app.userData = await mkdtemp(join(tmpdir(), "inspector-secrets-"));
    const desktop = (await startDesktopApp({ platform: "linux", preloadPath: "/p", rendererDir: "/r" }))!;
    started.push(desktop);
    await desktop.core.dispatch("saveServer", { server: { name: "api", transport: { type: "stdio", command: "x", env: { API_KEY: "sk-live-123" } } } });
    const onDisk = await readFile(join(app.userData, "servers.json"), "utf8");
    expect(onDisk).not.toContain("sk-live-123");
    expect(onDisk).toContain('"$encrypted"');
    expect((await desktop.core.dispatch("getSnapshot", {})).storage?.secrets.encrypted).toBe(true);
    const saved = (await desktop.core.dispatch("listServers", {})).find((s) => s.name === "api");
    expect(saved?.transport).toMatchObject({ env: { API_KEY: "sk-live-123" } });
  });

  it("no keychain, or Linux's basic_text fallback: stored as typed, and the UI is told why", () => {
    safeStorage.available = false;
    const none = safeStorageSecrets(safeStorage, "darwin");
    expect(none.available).toBe(false);
    expect(none.description).toMatch(/unencrypted, readable only by your user: the OS keychain is not available/);
    expect(() => none.decrypt("x")).toThrow();
    safeStorage.available = true;
    safeStorage.backend = "basic_text";
    const basic = safeStorageSecrets(safeStorage, "linux");
    expect(basic.available).toBe(false);
    expect(basic.description).toMatch(/no keyring/);
    safeStorage.backend = "gnome_libsecret";
    const real = safeStorageSecrets(safeStorage, "linux");
    expect(real.decrypt(real.encrypt("tok"))).toBe("tok");
  });
});
