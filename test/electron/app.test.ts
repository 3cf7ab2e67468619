// The shell's wiring, with Electron faked and the real core behind it: what happens at start, on a
// second launch, on a notification click, on quit; and that what must persist lands in user data.
import { mkdtemp, readFile, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { API_METHODS, type InspectorEvent } from "../../shared/contract.js";
import type { PendingInput } from "../../shared/types.js";
import { startDesktopApp, trustedDevServerUrl, type DesktopApp } from "../../main/electron/app.js";
import { APP_ID, APP_PAGE_URL, channelFor, EVENTS_CHANNEL, type IpcReply } from "../../main/electron/constants.js";
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, protocol, resetFakeElectron, session, shell } from "./fakeElectron.js";

vi.mock("electron", () => import("./fakeElectron.js"));

const started: DesktopApp[] = [];

async function start(platform: NodeJS.Platform = "linux", loginShellPath: () => Promise<string | undefined> = async () => undefined) {
  app.userData = await mkdtemp(join(tmpdir(), "inspector-userdata-"));
  app.appPath = "/opt/inspector/resources/app.asar";
  const desktop = await startDesktopApp({ platform, preloadPath: "/opt/inspector/out/preload/index.cjs", rendererDir: "/opt/inspector/out/renderer", loginShellPath });
  if (desktop) started.push(desktop);
  return desktop;
}

const fromPage = { senderFrame: { url: APP_PAGE_URL, parent: null } };

async function invoke(method: string, payload: unknown): Promise<IpcReply> {
  const handler = ipcMain.handlers.get(channelFor(method));
  if (!handler) throw new Error(`no handler for ${method}`);
  return (await handler(fromPage, payload)) as IpcReply;
}

function navigateEvents(win: BrowserWindow) {
  return win.webContents.sent.filter((s) => s.channel === EVENTS_CHANNEL).flatMap((s) => s.args[0] as InspectorEvent[]).filter((e) => e.type === "navigate");
}

function waitForNavigate(win: BrowserWindow) {
  return win.webContents.waitForSend(EVENTS_CHANNEL, (args) => (args[0] as InspectorEvent[]).some((e) => e.type === "navigate"));
}

function pendingElicitation(id: string): PendingInput {
  return { id, sessionId: "s1", serverName: "Everything", kind: "elicitation", params: { message: "Your name?" }, receivedAt: new Date().toISOString() };
}

beforeEach(() => {
  resetFakeElectron();
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((d) => d.core.shutdown()));
});

describe("starting", () => {
  it("servers run with the PATH the user's login shell sets up (npx from Homebrew or nvm is found), the app's own folders after it", async () => {
    const own = process.env.PATH;
    process.env.PATH = "/usr/bin:/bin";
    try {
      let asked = false;
      await start("darwin", async () => {
        asked = true;
        return "/opt/homebrew/bin:/usr/bin:/Users/me/.nvm/versions/node/v22.12.0/bin";
      });
      expect(asked).toBe(true);
      expect(process.env.PATH).toBe("/opt/homebrew/bin:/usr/bin:/Users/me/.nvm/versions/node/v22.12.0/bin:/bin");
    } finally {
      process.env.PATH = own;
    }
  });

  it("a login shell that could not be read leaves the app's PATH as it was", async () => {
    const own = process.env.PATH;
    try {
      await start("linux", async () => {
        throw new Error("no shell");
      });
      expect(process.env.PATH).toBe(own);
    } finally {
      process.env.PATH = own;
    }
  });

  it("a second instance hands over and quits without opening anything", async () => {
    app.lockGranted = false;
    expect(await start()).toBeUndefined();
    expect(app.quit).toHaveBeenCalled();
    expect(BrowserWindow.instances).toHaveLength(0);
    expect(ipcMain.handlers.size).toBe(0);
  });

  it("registers the app scheme and the sandbox before ready, then the handlers, the session policy and one window on app://", async () => {
    await start();
    const order = (fn: { mock: { invocationCallOrder: number[] } }) => fn.mock.invocationCallOrder[0]!;
    expect(order(protocol.registerSchemesAsPrivileged)).toBeLessThan(order(app.whenReady));
    expect(order(app.enableSandbox)).toBeLessThan(order(app.whenReady));
    expect(protocol.handle).toHaveBeenCalledWith("app", expect.any(Function));
    expect(session.defaultSession.setPermissionRequestHandler).toHaveBeenCalledTimes(1);
    expect(session.defaultSession.setPermissionCheckHandler).toHaveBeenCalledTimes(1);
    // Downloads: only the page's own files (a resource's Download button).
    expect(session.defaultSession.on).toHaveBeenCalledWith("will-download", expect.any(Function));
    expect([...ipcMain.handlers.keys()].sort()).toEqual(API_METHODS.map(channelFor).sort());
    expect(BrowserWindow.instances).toHaveLength(1);
    const win = BrowserWindow.instances[0]!;
    expect(win.loadedUrl).toBe(APP_PAGE_URL);
    expect((win.options.webPreferences as { preload: string }).preload).toBe("/opt/inspector/out/preload/index.cjs");
    expect(Menu.setApplicationMenu).toHaveBeenCalledTimes(1);
  });

  it("the window's webContents gets the navigation and new-window policy", async () => {
    await start();
    const contents = BrowserWindow.instances[0]!.webContents;
    expect(contents.windowOpenHandler?.({ url: "https://example.com" })).toEqual({ action: "deny" });
    const event = { url: "https://evil.example/", preventDefault: vi.fn() };
    contents.emit("will-navigate", event);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it("on Windows sets the AppUserModelID to the packaging appId; elsewhere it does not call it", async () => {
    const builderYml = await readFile(new URL("../../electron-builder.yml", import.meta.url), "utf8");
    expect(builderYml).toMatch(new RegExp(`^appId: ${APP_ID.replace(/\./g, "\\.")}$`, "m"));
    await start("win32");
    expect(app.setAppUserModelId).toHaveBeenCalledWith("io.github.mcp-task-inspector");
    resetFakeElectron();
    await start("linux");
    expect(app.setAppUserModelId).not.toHaveBeenCalled();
  });

  it("the dev server URL is used only unpackaged and only on loopback", () => {
    expect(trustedDevServerUrl("http://localhost:5173", false)).toBe("http://localhost:5173/");
    expect(trustedDevServerUrl("http://127.0.0.1:5173/", false)).toBe("http://127.0.0.1:5173/");
    expect(trustedDevServerUrl("http://localhost:5173", true)).toBeUndefined();
    expect(trustedDevServerUrl("https://evil.example", false)).toBeUndefined();
    expect(trustedDevServerUrl("file:///tmp/index.html", false)).toBeUndefined();
    expect(trustedDevServerUrl(undefined, false)).toBeUndefined();
  });
});

describe("user data", () => {
  it("saved servers and settings are written under app.getPath('userData'); the demo entry comes first", async () => {
    await start();
    const saved = await invoke("saveServer", { server: { name: "Mine", transport: { type: "stdio", command: "my-server" } } });
    expect(saved.ok).toBe(true);
    expect(await invoke("updateSettings", { notificationsEnabled: false })).toMatchObject({ ok: true });
    expect((await readdir(app.userData)).sort()).toEqual(["servers.json", "settings.json"]);
    expect(JSON.parse(await readFile(join(app.userData, "servers.json"), "utf8"))).toEqual([expect.objectContaining({ name: "Mine" })]);

    const list = await invoke("listServers", {});
    if (!list.ok) throw new Error(list.error.message);
    const [demo, mine] = list.value as Array<{ id: string; name: string; transport: { command: string; args: string[] } }>;
    expect(demo).toMatchObject({ id: "everything-demo", name: "Everything (demo)", transport: { command: "node" } });
    expect(demo!.transport.args[0]).toBe("/opt/inspector/resources/app.asar.unpacked/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    expect(mine!.name).toBe("Mine");
  });

  it("the window's bounds are saved there on close and used for the next window", async () => {
    const desktop = await start();
    const win = BrowserWindow.instances[0]!;
    win.bounds = { x: 200, y: 150, width: 1111, height: 777 };
    win.close();
    // Written through JsonFileStorage; wait for the file rather than a fixed time.
    await vi.waitFor(async () => expect(await readdir(app.userData)).toContain("window-state.json"));
    expect(JSON.parse(await readFile(join(app.userData, "window-state.json"), "utf8"))).toEqual({ x: 200, y: 150, width: 1111, height: 777, maximized: false });
    await desktop!.showWindow();
    expect(BrowserWindow.instances[1]!.options).toMatchObject({ x: 200, y: 150, width: 1111, height: 777 });
  });
});

describe("links", () => {
  it("openExternal asks in a dialog on the window and opens only on yes", async () => {
    await start();
    const win = BrowserWindow.instances[0]!;
    expect(await invoke("openExternal", { url: "https://example.com/auth" })).toEqual({ ok: true, value: { ok: true } });
    expect(dialog.showMessageBox).toHaveBeenCalledWith(win, expect.objectContaining({ detail: "https://example.com/auth" }));
    expect(shell.openExternal).not.toHaveBeenCalled();

    dialog.showMessageBox.mockImplementation(async () => ({ response: 0, checkboxChecked: false }));
    expect(await invoke("openExternal", { url: "https://example.com/auth" })).toEqual({ ok: true, value: { ok: true } });
    expect(shell.openExternal).toHaveBeenCalledWith("https://example.com/auth");

    const refused = await invoke("openExternal", { url: "file:///etc/passwd" });
    expect(refused.ok).toBe(false);
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
  });
});

describe("OAuth (issue 14)", () => {
  it("a server that answers 401: the authorization page goes through the same dialog, opens with shell.openExternal, and the tokens land sealed in user data", async () => {
    const { spawn } = await import("node:child_process");
    const { fileURLToPath } = await import("node:url");
    const { followAuthorizationHeadlessly } = await import("../../main/core/auth/headless.js");
    const fixture = spawn(process.execPath, [fileURLToPath(new URL("../fixtures/oauth-server.mjs", import.meta.url))], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      const port = await new Promise<string>((resolve) => fixture.stdout!.on("data", (chunk: Buffer) => { const m = /listening (\d+)/.exec(chunk.toString()); if (m) resolve(m[1]!); }));
      await start();
      const win = BrowserWindow.instances[0]!;
      dialog.showMessageBox.mockImplementation(async () => ({ response: 0, checkboxChecked: false }));
      // The user's browser: it follows the page, which the fixture approves at once.
      shell.openExternal.mockImplementation(async (url: string) => followAuthorizationHeadlessly(url));
      const url = `http://127.0.0.1:${port}/mcp`;
      const reply = await invoke("connect", { server: { name: "Protected", transport: { type: "streamableHttp", url } } });
      expect(reply.ok).toBe(true);
      const opened = shell.openExternal.mock.calls.map((c) => c[0] as string);
      expect(opened).toHaveLength(1);
      expect(opened[0]).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/as/authorize\\?`));
      expect(dialog.showMessageBox).toHaveBeenCalledWith(win, expect.objectContaining({ detail: opened[0] }));
      const stored = await readFile(join(app.userData, "oauth.json"), "utf8");
      expect(JSON.parse(stored)[url].$encrypted).toEqual(expect.any(String));
      expect(stored).not.toContain("access_token");
    } finally {
      fixture.kill();
    }
  });
});

describe("roots: the folder picker", () => {
  it("chooseRootFolder opens the OS folder picker on the window and answers with a file:// root; closing it answers none", async () => {
    await start();
    const win = BrowserWindow.instances[0]!;
    const snapshot = await invoke("getSnapshot", {});
    expect(snapshot.ok && (snapshot.value as { host?: unknown }).host).toEqual({ folderPicker: true, notifiesUser: true, appSandbox: "mcp-app://sandbox" });

    dialog.showOpenDialog.mockImplementation(async () => ({ canceled: false, filePaths: ["/home/me/my project"] }));
    expect(await invoke("chooseRootFolder", {})).toEqual({ ok: true, value: { root: { uri: "file:///home/me/my%20project", name: "my project" } } });
    expect(dialog.showOpenDialog).toHaveBeenCalledWith(win, expect.objectContaining({ properties: expect.arrayContaining(["openDirectory"]) }));

    dialog.showOpenDialog.mockImplementation(async () => ({ canceled: true, filePaths: [] }));
    expect(await invoke("chooseRootFolder", {})).toEqual({ ok: true, value: {} });
  });
});

describe("notifications, badge, focus", () => {
  it("a pending input while the window is not focused: a notification, the badge, and a click that focuses and opens the item", async () => {
    const desktop = await start();
    const win = BrowserWindow.instances[0]!;
    win.focused = false;
    desktop!.core.pendingInputs.add(pendingElicitation("pi-1"), { answered: () => {}, withdrawn: () => {} });
    expect(app.setBadgeCount).toHaveBeenLastCalledWith(1);

    const notification = await Notification.firstShown();
    expect(notification.options).toEqual({ title: "Everything is waiting on you", body: "Elicitation: Your name?" });
    notification.emit("click");
    expect(win.focused).toBe(true);
    await waitForNavigate(win);
    expect(navigateEvents(win)).toEqual([{ type: "navigate", payload: { tab: "elicitations", itemId: "pi-1", sessionId: "s1" } }]);

    expect(await invoke("answerElicitation", { pendingInputId: "pi-1", action: "decline" })).toEqual({ ok: true, value: { ok: true } });
    expect(app.setBadgeCount).toHaveBeenLastCalledWith(0);
    expect(notification.closed).toBe(true);
  });

  it("clicking a notification after the window was closed (macOS) opens a new window on the item", async () => {
    const desktop = await start("darwin");
    BrowserWindow.instances[0]!.close();
    desktop!.core.pendingInputs.add({ ...pendingElicitation("pi-3"), kind: "sampling", params: {} }, { answered: () => {}, withdrawn: () => {} });
    const notification = await Notification.firstShown();
    notification.emit("click");
    notification.emit("click"); // a double click still opens one window
    await vi.waitFor(() => expect(BrowserWindow.instances).toHaveLength(2));
    const reopened = BrowserWindow.instances[1]!;
    await waitForNavigate(reopened);
    expect(navigateEvents(reopened)[0]).toEqual({ type: "navigate", payload: { tab: "sampling", itemId: "pi-3", sessionId: "s1" } });
    expect(BrowserWindow.instances).toHaveLength(2);
  });

  it("without OS notification support nothing breaks and the badge still counts", async () => {
    Notification.supported = false;
    const desktop = await start();
    desktop!.core.pendingInputs.add(pendingElicitation("pi-2"), { answered: () => {}, withdrawn: () => {} });
    expect(app.setBadgeCount).toHaveBeenLastCalledWith(1);
    const answered = await invoke("answerElicitation", { pendingInputId: "pi-2", action: "cancel" });
    expect(answered.ok).toBe(true);
    expect(Notification.shown).toEqual([]);
  });

  it("a second launch focuses the existing window", async () => {
    await start();
    const win = BrowserWindow.instances[0]!;
    win.minimized = true;
    win.focused = false;
    app.emit("second-instance");
    expect(win.focused).toBe(true);
    expect(win.minimized).toBe(false);
    expect(BrowserWindow.instances).toHaveLength(1);
  });

  it("a tab shortcut in the menu sends navigate to the window", async () => {
    await start();
    const win = BrowserWindow.instances[0]!;
    const template = (Menu.buildFromTemplate.mock.calls[0]![0] as Array<{ label?: string; submenu?: Array<{ label?: string; click?: () => void }> }>);
    const tasks = template.find((m) => m.label === "View")!.submenu!.find((i) => i.label === "Tasks")!;
    tasks.click!();
    await waitForNavigate(win);
    expect(navigateEvents(win)).toEqual([{ type: "navigate", payload: { tab: "tasks" } }]);
  });
});

describe("windows closing and the app quitting", () => {
  it("closing and reopening the window keeps one event subscription per window (no leak)", async () => {
    const desktop = await start("darwin");
    const perWindow = desktop!.core.bus.listenerCount;
    BrowserWindow.instances[0]!.close();
    expect(desktop!.core.bus.listenerCount).toBe(perWindow - 1);
    app.emit("window-all-closed");
    expect(app.quit).not.toHaveBeenCalled(); // macOS keeps the app running
    app.emit("activate");
    await vi.waitFor(() => expect(BrowserWindow.instances).toHaveLength(2));
    expect(desktop!.core.bus.listenerCount).toBe(perWindow);
  });

  it("on Linux/Windows the last window closing quits; quitting disconnects the core first", async () => {
    const desktop = await start("linux");
    const shutdown = vi.spyOn(desktop!.core, "shutdown");
    app.emit("window-all-closed");
    expect(app.quit).toHaveBeenCalledTimes(1);
    const event = { preventDefault: vi.fn() };
    app.emit("will-quit", event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(shutdown).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(2));
    const again = { preventDefault: vi.fn() };
    app.emit("will-quit", again);
    expect(again.preventDefault).not.toHaveBeenCalled();
  });
});
