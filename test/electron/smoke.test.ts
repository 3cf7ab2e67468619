// The `--smoke` run's main-process logic. The real run needs the Electron runtime (not on this machine);
// here Electron is faked, the page's part is played through the real IPC handlers (what the preload
// forwards to), and the core connects the real Everything demo over stdio.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startDesktopApp, type DesktopApp } from "../../main/electron/app.js";
import { APP_PAGE_URL, channelFor, type IpcReply } from "../../main/electron/constants.js";
import { isSmokeRun, PAGE_PROBE, runSmoke, smokeDepsFor, type SmokeDeps } from "../../main/electron/smoke.js";
import { app, BrowserWindow, ipcMain, Notification, resetFakeElectron } from "./fakeElectron.js";

vi.mock("electron", () => import("./fakeElectron.js"));

const projectRoot = fileURLToPath(new URL("../../", import.meta.url));
const started: DesktopApp[] = [];

beforeEach(() => resetFakeElectron());
afterEach(async () => {
  await Promise.all(started.splice(0).map((d) => d.core.shutdown()));
});

async function startApp(): Promise<DesktopApp> {
  app.userData = await mkdtemp(join(tmpdir(), "inspector-smoke-"));
  app.appPath = projectRoot; // development layout: server-everything is in ./node_modules
  const desktop = await startDesktopApp({ platform: "linux", preloadPath: "/opt/inspector/out/preload/index.cjs", rendererDir: "/opt/inspector/out/renderer" });
  if (!desktop) throw new Error("the app did not start");
  started.push(desktop);
  return desktop;
}

/** The page's side of PAGE_PROBE: the preload turns `window.inspector.getSnapshot` into this IPC call. */
function playThePage(win: BrowserWindow, rendered = true): void {
  win.webContents.pageScript = async (code) => {
    expect(code).toBe(PAGE_PROBE);
    const handler = ipcMain.handlers.get(channelFor("getSnapshot"))!;
    const reply = (await handler({ senderFrame: { url: APP_PAGE_URL, parent: null } }, {})) as IpcReply;
    if (!reply.ok) throw new Error(reply.error.message);
    return { href: win.loadedUrl, sessions: (reply.value as { sessions: unknown[] }).sessions.length, rendered };
  };
}

describe("the smoke run against the real core (Electron faked)", () => {
  it("walks page, bridge, demo server, tools and notifier, then reports `smoke ok` with timings and exit 0", async () => {
    const desktop = await startApp();
    playThePage(BrowserWindow.instances[0]!);
    const outcome = await runSmoke(smokeDepsFor(desktop));
    expect(outcome).toMatchObject({ ok: true, exitCode: 0 });
    expect(outcome.line).toMatch(
      /^smoke ok: page loaded \d+ ms, bridge getSnapshot \d+ ms, demo connected \d+ ms, \d+ tools listed \d+ ms, notification shown \d+ ms, total \d+ ms$/,
    );
    expect(Number(/(\d+) tools listed/.exec(outcome.line)![1])).toBeGreaterThan(5);
    expect(Notification.shown).toHaveLength(1);
    // The demo was disconnected again: a smoke run leaves no server running.
    expect((await desktop.core.dispatch("listSessions", {})).every((s) => s.state !== "connected")).toBe(true);
  });

  it("a page that fails to load: exit 1, naming the step and the reason", async () => {
    BrowserWindow.loadFailure = new Error("ERR_FILE_NOT_FOUND (-6) loading 'app://inspector/index.html'");
    const desktop = await startApp();
    const outcome = await runSmoke(smokeDepsFor(desktop));
    expect(outcome).toEqual({ ok: false, exitCode: 1, line: "smoke failed while loading the page: ERR_FILE_NOT_FOUND (-6) loading 'app://inspector/index.html'" });
  });

  it("a page where React rendered nothing, or that is not on app://: exit 1", async () => {
    const desktop = await startApp();
    playThePage(BrowserWindow.instances[0]!, false);
    expect((await runSmoke(smokeDepsFor(desktop))).line).toBe(
      "smoke failed while calling getSnapshot through the preload bridge: the page loaded but React rendered nothing into #root",
    );
  });

  it("no preload bridge in the page (window.inspector undefined): exit 1 with the page's error", async () => {
    const desktop = await startApp();
    BrowserWindow.instances[0]!.webContents.pageScript = () => Promise.reject(new Error("Cannot read properties of undefined (reading 'getSnapshot')"));
    const outcome = await runSmoke(smokeDepsFor(desktop));
    expect(outcome.exitCode).toBe(1);
    expect(outcome.line).toContain("while calling getSnapshot through the preload bridge: Cannot read properties of undefined");
  });

  it("a demo server that cannot start: exit 1 with the session's reason", async () => {
    const desktop = await startApp();
    playThePage(BrowserWindow.instances[0]!);
    const deps = smokeDepsFor(desktop);
    deps.demoServer = { ...deps.demoServer, transport: { type: "stdio", command: join(projectRoot, "no-such-node"), args: [], env: {} } };
    const outcome = await runSmoke(deps);
    expect(outcome.exitCode).toBe(1);
    expect(outcome.line).toMatch(/^smoke failed while connecting the Everything demo: /);
  });

  it("a platform without notifications still passes, and says so", async () => {
    Notification.supported = false;
    const desktop = await startApp();
    playThePage(BrowserWindow.instances[0]!);
    const outcome = await runSmoke(smokeDepsFor(desktop));
    expect(outcome.exitCode).toBe(0);
    expect(outcome.line).toContain("notifications unsupported here");
  });
});

describe("the smoke run's budget", () => {
  it("a step that never finishes: exit 2, naming the step it was stuck in", async () => {
    vi.useFakeTimers();
    try {
      const deps: SmokeDeps = {
        pageLoaded: () => new Promise(() => {}),
        evaluateInPage: async () => ({}),
        demoServer: {} as SmokeDeps["demoServer"],
        connect: async () => ({ sessionId: "s", state: "connected" }),
        listTools: async () => ({ tools: [] }),
        disconnect: async () => ({}),
        notify: () => true,
        now: () => Date.now(),
        timeoutMs: 60_000,
        setTimeout: (fn, ms) => setTimeout(fn, ms),
        clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      };
      const outcome = runSmoke(deps);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await outcome).toEqual({ ok: false, exitCode: 2, line: "smoke failed: no result within 60000 ms (stuck while loading the page)" });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("turning it on", () => {
  it("--smoke or MCP_TASK_INSPECTOR_SMOKE=1, nothing else", () => {
    expect(isSmokeRun(["electron", ".", "--smoke"], {})).toBe(true);
    expect(isSmokeRun(["electron", "."], { MCP_TASK_INSPECTOR_SMOKE: "1" })).toBe(true);
    expect(isSmokeRun(["electron", "."], { MCP_TASK_INSPECTOR_SMOKE: "0" })).toBe(false);
    expect(isSmokeRun(["electron", ".", "--smoker"], {})).toBe(false);
  });
});
