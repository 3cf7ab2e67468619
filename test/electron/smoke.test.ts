// The `--smoke` run's main-process logic. The real run needs the Electron runtime (not on this machine);
// here Electron is faked, the page's part is played through the real IPC handlers (what the preload
// forwards to), and the core connects the real Everything demo over stdio and the smoke App server over
// real HTTP. The page's own part of the App step (the probe in real Chromium, the View and the official
// AppBridge) is proven by test/e2e/smoke-app.test.ts.
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startDesktopApp, type DesktopApp } from "../../main/electron/app.js";
import { APP_PAGE_URL, channelFor, type IpcReply } from "../../main/electron/constants.js";
import { appProbe, isSmokeRun, PAGE_PROBE, runSmoke, smokeDepsFor, type AppReport, type SmokeDeps } from "../../main/electron/smoke.js";
import { SMOKE_APP_TOOL, SMOKE_ECHO_TOOL, SMOKE_VIEW_URI } from "../../main/electron/smokeApp.js";
import { APP_SANDBOX_ORIGIN } from "../../main/electron/appSandbox.js";
import type { AppView } from "../../shared/appView.js";
import type { ApiResult } from "../../shared/contract.js";

type InspectorSnapshot = ApiResult<"getSnapshot">;
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

/** A contract call as the page makes it: the preload turns `window.inspector.<method>` into this IPC call. */
async function invoke<T>(method: string, params: unknown): Promise<T> {
  const handler = ipcMain.handlers.get(channelFor(method))!;
  const reply = (await handler({ senderFrame: { url: APP_PAGE_URL, parent: null } }, params)) as IpcReply;
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.value as T;
}

/** What the page's App panel does for the smoke App, played through the contract (no DOM, no frame here). */
interface AppPlay {
  /** The App panel's state once the View is read; "initialized" plays a View that initialized. */
  initialized?: Partial<AppReport>;
  /** The View's model-context report, from the server's answer to its tools/call. */
  report?: (answer: string) => string;
}

/**
 * The page's side of PAGE_PROBE and of the App probes: the App probe is answered as the App panel would,
 * reading the View and making the View's tools/call through the same contract methods the page uses.
 */
function playThePage(win: BrowserWindow, rendered = true, app: AppPlay = {}): { appProbes: string[] } {
  const seen = { appProbes: [] as string[] };
  win.webContents.pageScript = async (code) => {
    const snapshot = await invoke<InspectorSnapshot>("getSnapshot", {});
    if (code === PAGE_PROBE) return { href: win.loadedUrl, sessions: snapshot.sessions.length, rendered };
    const session = snapshot.sessions.find((s) => s.serverName === "Smoke App" && s.state === "connected")!;
    const wait = code === appProbe(session.sessionId, SMOKE_APP_TOOL, "initialized") ? "initialized" : code === appProbe(session.sessionId, SMOKE_APP_TOOL, "roundTrip") ? "roundTrip" : undefined;
    expect(wait, "a probe the page knows").toBeDefined();
    seen.appProbes.push(wait!);
    const view = await invoke<AppView>("readAppView", { sessionId: session.sessionId, toolName: SMOKE_APP_TOOL });
    expect(view.uri).toBe(SMOKE_VIEW_URI);
    expect(view.html).toContain("ui/initialize");
    const initialized = { state: "initialized", ms: 12, frame: `${APP_SANDBOX_ORIGIN}/proxy.html?host=app%3A%2F%2Finspector`, ...app.initialized };
    if (wait === "initialized" || initialized.state !== "initialized") return initialized;
    // The View's tools/call: its nonce is the run's tool-input.
    const run = snapshot.toolRuns!.find((r) => r.sessionId === session.sessionId && r.toolName === SMOKE_APP_TOOL)!;
    const result = await invoke<{ content: { text: string }[] }>("appCallTool", { sessionId: session.sessionId, view: view.uri, name: SMOKE_ECHO_TOOL, arguments: { nonce: run.arguments.nonce } });
    const answer = result.content.map((c) => c.text).join(" ");
    return { state: "initialized", ms: 20, report: (app.report ?? ((a) => `bridge round trip 3.4 ms: ${a}`))(answer) };
  };
  return seen;
}

describe("the smoke run against the real core (Electron faked)", () => {
  it("walks page, bridge, demo server, tools, one MCP App (AP3, AP8) and notifier, then reports `smoke ok` with timings and exit 0", async () => {
    const desktop = await startApp();
    const page = playThePage(BrowserWindow.instances[0]!);
    const deps = smokeDepsFor(desktop);
    const echoes: string[][] = [];
    const startAppServer = deps.startAppServer;
    deps.startAppServer = async () => {
      const server = await startAppServer();
      echoes.push(server.echoes);
      return server;
    };
    const outcome = await runSmoke(deps);
    expect(outcome).toMatchObject({ ok: true, exitCode: 0 });
    const line = /^smoke ok: page loaded \d+ ms, bridge getSnapshot \d+ ms, demo connected \d+ ms, \d+ tools listed \d+ ms, App server connected \d+ ms, app initialized (\d+) ms, bridge round trip (\d+) ms, notification shown \d+ ms, total \d+ ms$/;
    expect(outcome.line).toMatch(line);
    expect(line.exec(outcome.line)!.slice(1)).toEqual(["12", "3"]);
    // docs/setup.md shows the line as it is.
    const documented = (await readFile(join(projectRoot, "docs/setup.md"), "utf8")).split("\n").filter((l) => l.startsWith("smoke ok: "));
    expect(documented).toHaveLength(1);
    expect(documented[0]).toMatch(line);
    expect(page.appProbes).toEqual(["initialized", "roundTrip"]);
    // The View's call reached the smoke App server with the run's own nonce, once.
    const run = (await desktop.core.dispatch("getSnapshot", {})).toolRuns!.find((r) => r.toolName === SMOKE_APP_TOOL)!;
    expect(run.status).toBe("done");
    expect(echoes).toEqual([[run.arguments.nonce]]);
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

  it("AP7: an App that never initializes: exit 1, naming the step and the App panel's reason; the App server is closed", async () => {
    const desktop = await startApp();
    playThePage(BrowserWindow.instances[0]!, true, {
      initialized: { state: "stopped", ms: 10_000, reason: "The App stopped: The View did not initialize within 10 s (no ui/initialize, or no ui/notifications/initialized after it)" },
    });
    const deps = smokeDepsFor(desktop);
    const closed: string[] = [];
    const startAppServer = deps.startAppServer;
    deps.startAppServer = async () => {
      const server = await startAppServer();
      return { ...server, close: async () => (closed.push(server.server.name), server.close()) };
    };
    const outcome = await runSmoke(deps);
    expect(outcome).toEqual({
      ok: false,
      exitCode: 1,
      line: "smoke failed while waiting for the App to initialize in the page: the App panel says stopped: The App stopped: The View did not initialize within 10 s (no ui/initialize, or no ui/notifications/initialized after it)",
    });
    expect(closed).toEqual(["Smoke App"]);
  });

  it("AP8: a View whose tools/call failed, or whose answer is not the server's echo of the run's nonce: exit 1 at the round-trip step", async () => {
    const desktop = await startApp();
    playThePage(BrowserWindow.instances[0]!, true, { report: () => "smoke failed: tools/call smoke_echo: MCP error -32602: refused" });
    expect((await runSmoke(smokeDepsFor(desktop))).line).toBe(
      "smoke failed while waiting for the App's tools/call through the bridge: the View said smoke failed: tools/call smoke_echo: MCP error -32602: refused",
    );
    await desktop.core.shutdown();
    resetFakeElectron();
    const again = await startApp();
    playThePage(BrowserWindow.instances[0]!, true, { report: () => "bridge round trip 2.0 ms: echo not-the-nonce" });
    expect((await runSmoke(smokeDepsFor(again))).line).toMatch(/^smoke failed while waiting for the App's tools\/call through the bridge: the View got "echo not-the-nonce", not the server's echo of [0-9a-f-]{36}$/);
  });

  it("a page that never shows the App panel: exit 1 with what the probe waited for", async () => {
    const desktop = await startApp();
    playThePage(BrowserWindow.instances[0]!, true, {
      initialized: { state: "missing", reason: "the page showed no App panel of smoke_app that initialized within 20000 ms" },
    });
    expect((await runSmoke(smokeDepsFor(desktop))).line).toBe(
      "smoke failed while waiting for the App to initialize in the page: the page showed no App panel of smoke_app that initialized within 20000 ms",
    );
  });

  it("AP4: an App frame that is not on the mcp-app://sandbox origin: exit 1", async () => {
    const desktop = await startApp();
    playThePage(BrowserWindow.instances[0]!, true, { initialized: { frame: "app://inspector/proxy.html" } });
    expect((await runSmoke(smokeDepsFor(desktop))).line).toBe(
      'smoke failed while waiting for the App to initialize in the page: the App\'s frame is at "app://inspector/proxy.html", not on mcp-app://sandbox',
    );
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
        appSandboxOrigin: "mcp-app://sandbox",
        startAppServer: () => new Promise(() => {}),
        runTool: () => new Promise(() => {}),
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
