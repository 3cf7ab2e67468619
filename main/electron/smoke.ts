// `--smoke` (or MCP_TASK_INSPECTOR_SMOKE=1): start the real app, prove each link of the chain once,
// print one line and quit. It is the first thing to run wherever the Electron runtime exists (this
// build machine has none), so each step names itself in the failure message.
import { randomUUID } from "node:crypto";
import type { InspectorEvent } from "../../shared/contract.js";
import type { SavedServer, ServerConfig, ToolRun } from "../../shared/types.js";
import type { DesktopApp } from "./app.js";
import { APP_SANDBOX_ORIGIN } from "./appSandbox.js";
import { isNotificationSupported, showNativeNotification } from "./nativeNotifications.js";
import { ROUND_TRIP_REPORT, SMOKE_APP_TOOL, SMOKE_FAILED_REPORT } from "./smokeAppNames.js";

/** The whole run's budget: the demo server's first start (npx cache, cold disk) is the slow part. */
export const SMOKE_TIMEOUT_MS = 60_000;

export function isSmokeRun(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  return argv.includes("--smoke") || env.MCP_TASK_INSPECTOR_SMOKE === "1";
}

/** What the page reports back: it ran on app:// and reached the core through the preload bridge. */
export interface PageReport {
  href: string;
  sessions: number;
  rendered: boolean;
}

/**
 * Run inside the page. `window.inspector` exists only if the preload ran; `getSnapshot` crosses IPC
 * to the core; `#root` has children only if React rendered.
 */
export const PAGE_PROBE = `(async () => {
  const snapshot = await window.inspector.getSnapshot({});
  const root = document.getElementById("root");
  // React renders in its own task after the load event: give it a few frames.
  for (let frame = 0; frame < 300 && !(root?.childElementCount > 0); frame++) await new Promise(requestAnimationFrame);
  return { href: location.href, sessions: snapshot.sessions.length, rendered: (root?.childElementCount ?? 0) > 0 };
})()`;

/** What an App probe reports: the App panel's state, when it got there, and what the View reported. */
export interface AppReport {
  state: string;
  /** ms from the probe's start (just after the run's result) to the state. */
  ms: number;
  /** The page's own words when the App failed or stopped. */
  reason?: string;
  /** The View's latest `ui/update-model-context` text. */
  report?: string;
  /** The App frame's address: the sandbox proxy's, never the page's origin (AP4). */
  frame?: string;
}

/**
 * Run inside the page, as a user would look: show the App session's Tools tab (the session picker, the Tools
 * tab), then wait for the App panel of `toolName`'s run to say `initialized`, or (`roundTrip`) for the View's
 * report in the panel's model context. A panel that says stopped or failed ends the wait with its alert; what
 * the page never shows is state "missing" with the reason. Plain DOM only, so the same probe runs in Chromium
 * (test/e2e/smoke-app.test.ts).
 */
export function appProbe(sessionId: string, toolName: string, wait: "initialized" | "roundTrip", timeoutMs = 20_000): string {
  return `(async (sessionId, toolName, wait, timeoutMs) => {
  const started = performance.now();
  const until = (check, what) => new Promise((resolve, reject) => {
    let observer;
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error("the page showed no " + what + " within " + timeoutMs + " ms")); }, timeoutMs);
    const look = () => { const value = check(); if (value) { clearTimeout(timer); observer.disconnect(); resolve(value); } };
    observer = new MutationObserver(look);
    observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
    look();
  });
  try {
    const picker = await until(() => { const s = document.querySelector(".session-bar select"); return s && [...s.options].some((o) => o.value === sessionId) ? s : undefined; }, "session " + sessionId + " in the session picker");
    if (picker.value !== sessionId) { picker.value = sessionId; picker.dispatchEvent(new Event("change", { bubbles: true })); }
    const tab = document.getElementById("inspector-tab-tools");
    if (tab && tab.getAttribute("aria-selected") !== "true") tab.click();
    const panel = () => [...document.querySelectorAll("section.app-panel")].find((p) => p.getAttribute("aria-label") === "App of " + toolName);
    const state = () => { const p = panel(); const s = p && p.querySelector(".app-facts [role=status]"); return s ? s.textContent : undefined; };
    const alert = () => { const a = panel() && panel().querySelector("[role=alert]"); return a ? a.textContent : undefined; };
    const ended = (s) => s === "failed" || s === "stopped" || s === "closed";
    const frame = () => { const f = panel() && panel().querySelector("iframe"); return f ? { frame: f.src } : {}; };
    const reached = await until(() => { const s = state(); return s === "initialized" || ended(s) ? s : undefined; }, "App panel of " + toolName + " that initialized");
    if (ended(reached) || wait === "initialized") return { state: reached, ms: performance.now() - started, ...frame(), ...(alert() ? { reason: alert() } : {}) };
    const report = await until(() => {
      if (ended(state())) return { state: state(), reason: alert() };
      const text = panel() && panel().querySelector(".app-context");
      return text && /^(bridge round trip|smoke failed)/.test(text.textContent) ? { state: state(), report: text.textContent } : undefined;
    }, "report of the App's round trip in its model context");
    return { ...report, ms: performance.now() - started };
  } catch (error) {
    // What the page did not show, in words (a rejection would reach main as the runtime's own message).
    return { state: "missing", ms: performance.now() - started, reason: String((error && error.message) || error) };
  }
})(${JSON.stringify(sessionId)}, ${JSON.stringify(toolName)}, ${JSON.stringify(wait)}, ${timeoutMs})`;
}

/** The smoke App server, started for the run and closed after it. */
export interface SmokeAppHandle {
  server: ServerConfig;
  /** The nonces the server's `smoke_echo` answered. */
  echoes: string[];
  close(): Promise<void>;
}

export interface SmokeDeps {
  /** Resolves once the window's page has loaded; rejects with the load failure. */
  pageLoaded(): Promise<void>;
  /** Evaluate PAGE_PROBE in the page (webContents.executeJavaScript). */
  evaluateInPage(code: string): Promise<unknown>;
  /** The built-in demo entry, connected through the core as the UI would. */
  demoServer: SavedServer;
  connect(server: ServerConfig): Promise<{ sessionId: string; state: string; reason?: string }>;
  listTools(sessionId: string): Promise<{ tools: unknown[] }>;
  disconnect(sessionId: string): Promise<unknown>;
  /** AP4: the origin App frames must be on (the desktop app's `mcp-app://sandbox`). */
  appSandboxOrigin: string;
  /** Issue 20: the App server the run hosts one App of (main/electron/smokeApp.ts). */
  startAppServer(): Promise<SmokeAppHandle>;
  /** A tool run, as the Tools tab starts one (so the page shows it); resolves when it ended. */
  runTool(sessionId: string, name: string, args: Record<string, unknown>): Promise<ToolRun>;
  /** Show one native notification; false when the platform has none. */
  notify(title: string, body: string): boolean;
  now(): number;
  /** The whole run's budget. */
  timeoutMs: number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SmokeOutcome {
  ok: boolean;
  /** The one line to print. */
  line: string;
  exitCode: number;
}

/** Exit codes: 1 a step failed, 2 the run took longer than its budget. */
export async function runSmoke(deps: SmokeDeps): Promise<SmokeOutcome> {
  const started = deps.now();
  const timings: string[] = [];
  let step = "starting";
  const timed = async <T>(name: string, work: () => Promise<T>, describe: (value: T, ms: number) => string): Promise<T> => {
    step = name;
    const at = deps.now();
    const value = await work();
    timings.push(describe(value, Math.round(deps.now() - at)));
    return value;
  };

  /** Issue 20: one App rendered in the page, and one App → host → server tools/call that came back. */
  const hostOneApp = async () => {
    step = "starting the smoke App server";
    const appServer = await deps.startAppServer();
    try {
      const app = await timed("connecting the smoke App server", () => deps.connect(appServer.server), (_v, ms) => `App server connected ${ms} ms`);
      if (app.state !== "connected") throw new Error(`the App session is ${app.state}${app.reason ? `: ${app.reason}` : ""}`);
      const nonce = randomUUID();
      step = "running the App tool";
      const run = await deps.runTool(app.sessionId, SMOKE_APP_TOOL, { nonce });
      if (run.status !== "done" || run.result?.isError) throw new Error(`the run ended ${run.status}${run.error ? `: ${run.error}` : ""}`);
      step = "waiting for the App to initialize in the page";
      const initialized = checkAppReport(await deps.evaluateInPage(appProbe(app.sessionId, SMOKE_APP_TOOL, "initialized")));
      if (initialized.state !== "initialized") throw new Error(panelProblem(initialized));
      // AP4: the View runs behind the sandbox proxy on its own scheme, not on the page's app:// origin.
      if (!initialized.frame?.startsWith(`${deps.appSandboxOrigin}/`)) throw new Error(`the App's frame is at ${JSON.stringify(initialized.frame)}, not on ${deps.appSandboxOrigin}`);
      timings.push(`app initialized ${Math.round(initialized.ms)} ms`);
      step = "waiting for the App's tools/call through the bridge";
      const trip = checkAppReport(await deps.evaluateInPage(appProbe(app.sessionId, SMOKE_APP_TOOL, "roundTrip")));
      if (trip.state !== "initialized") throw new Error(panelProblem(trip));
      const said = ROUND_TRIP_REPORT.exec(trip.report ?? "");
      if (!said) throw new Error(SMOKE_FAILED_REPORT.test(trip.report ?? "") ? `the View said ${trip.report}` : `the View reported ${JSON.stringify(trip.report)}`);
      // The answer is the server's to this run's nonce: the call went App → host → server and back.
      if (said[2] !== `echo ${nonce}` || !appServer.echoes.includes(nonce)) throw new Error(`the View got ${JSON.stringify(said[2])}, not the server's echo of ${nonce}`);
      timings.push(`bridge round trip ${Math.round(Number(said[1]))} ms`);
      await deps.disconnect(app.sessionId);
    } finally {
      await appServer.close();
    }
  };

  const steps = async (): Promise<SmokeOutcome> => {
    await timed("loading the page", () => deps.pageLoaded(), (_v, ms) => `page loaded ${ms} ms`);
    const report = await timed("calling getSnapshot through the preload bridge", async () => checkReport(await deps.evaluateInPage(PAGE_PROBE)), (_v, ms) => `bridge getSnapshot ${ms} ms`);
    if (!report.href.startsWith("app://")) throw new Error(`the page is at ${report.href}, not app://`);
    if (!report.rendered) throw new Error("the page loaded but React rendered nothing into #root");
    const session = await timed("connecting the Everything demo", () => deps.connect(deps.demoServer), (_v, ms) => `demo connected ${ms} ms`);
    if (session.state !== "connected") throw new Error(`the demo session is ${session.state}${session.reason ? `: ${session.reason}` : ""}`);
    await timed("listing the demo's tools", () => deps.listTools(session.sessionId), (v, ms) => `${v.tools.length} tools listed ${ms} ms`);
    await deps.disconnect(session.sessionId);
    await hostOneApp();
    await timed("showing a notification", async () => deps.notify("MCP Task Inspector", "Smoke run: notifications work."), (shown, ms) => (shown ? `notification shown ${ms} ms` : "notifications unsupported here"));
    return { ok: true, exitCode: 0, line: `smoke ok: ${timings.join(", ")}, total ${Math.round(deps.now() - started)} ms` };
  };

  let timer: unknown;
  const budget = new Promise<SmokeOutcome>((resolve) => {
    timer = deps.setTimeout(
      () => resolve({ ok: false, exitCode: 2, line: `smoke failed: no result within ${deps.timeoutMs} ms (stuck while ${step})` }),
      deps.timeoutMs,
    );
  });
  try {
    return await Promise.race([
      steps().catch((error: unknown) => ({ ok: false, exitCode: 1, line: `smoke failed while ${step}: ${(error as Error)?.message ?? String(error)}` })),
      budget,
    ]);
  } finally {
    deps.clearTimeout(timer);
  }
}

function checkReport(value: unknown): PageReport {
  const report = value as Partial<PageReport> | null;
  if (!report || typeof report.href !== "string" || typeof report.sessions !== "number" || typeof report.rendered !== "boolean") {
    throw new Error(`the page answered ${JSON.stringify(value)}`);
  }
  return report as PageReport;
}

function panelProblem(report: AppReport): string {
  if (report.state === "missing") return report.reason ?? "the page did not show the App";
  return `the App panel says ${report.state}${report.reason ? `: ${report.reason}` : ""}`;
}

function checkAppReport(value: unknown): AppReport {
  const report = value as Partial<AppReport> | null;
  if (!report || typeof report.state !== "string" || typeof report.ms !== "number") throw new Error(`the page answered ${JSON.stringify(value)}`);
  return report as AppReport;
}

/** Starts `name` as a tool run through the core and resolves with the run once it is no longer running. */
function runToEnd(core: DesktopApp["core"], sessionId: string, name: string, args: Record<string, unknown>): Promise<ToolRun> {
  return new Promise<ToolRun>((resolve, reject) => {
    let runId: number | undefined;
    const early: ToolRun[] = [];
    const settle = (run: ToolRun) => {
      if (run.runId !== runId || run.status === "running") return;
      unsubscribe();
      resolve(run);
    };
    const unsubscribe = core.subscribe((event: InspectorEvent) => {
      if (event.type !== "toolRunChanged") return;
      if (runId === undefined) early.push(event.payload);
      else settle(event.payload);
    });
    core.dispatch("startToolRun", { sessionId, name, arguments: args, asTask: false }).then(
      (started) => {
        runId = started.runId;
        early.splice(0).forEach(settle);
      },
      (error: unknown) => {
        unsubscribe();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The real app's side of each step. */
export function smokeDepsFor(desktop: DesktopApp): SmokeDeps {
  const { core } = desktop;
  return {
    pageLoaded: () => desktop.pageLoaded(),
    evaluateInPage: async (code) => {
      const win = desktop.window();
      if (!win || win.isDestroyed()) throw new Error("there is no window");
      // userGesture false: the probe needs no privileges a page would not have.
      return win.webContents.executeJavaScript(code, false);
    },
    demoServer: desktop.demoServer,
    connect: (server) => core.dispatch("connect", { server: { name: server.name, era: server.era, transport: server.transport, features: server.features } }),
    listTools: (sessionId) => core.dispatch("listTools", { sessionId }),
    disconnect: (sessionId) => core.dispatch("disconnect", { sessionId }),
    appSandboxOrigin: APP_SANDBOX_ORIGIN,
    startAppServer: async () => {
      // Loaded here: an ordinary start of the app never loads the SDK's server side.
      const { startSmokeAppServer } = await import("./smokeApp.js");
      const started = await startSmokeAppServer();
      return {
        // Pinned to 2025-11-25 (no era probe) with Apps on: the App host is what is proven here.
        server: { name: "Smoke App", era: "2025-11-25", transport: { type: "streamableHttp", url: started.url, headers: {} }, features: { sampling: false, elicitationForm: false, elicitationUrl: false, roots: false, receiverTasks: false, apps: true } },
        echoes: started.echoes,
        close: () => started.close(),
      };
    },
    runTool: (sessionId, name, args) => runToEnd(core, sessionId, name, args),
    notify: (title, body) => {
      if (!isNotificationSupported()) return false;
      showNativeNotification({ title, body, onClick: () => void desktop.showWindow() });
      return true;
    },
    now: () => performance.now(),
    timeoutMs: SMOKE_TIMEOUT_MS,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}
