// `--smoke` (or MCP_TASK_INSPECTOR_SMOKE=1): start the real app, prove each link of the chain once,
// print one line and quit. It is the first thing to run wherever the Electron runtime exists (this
// build machine has none), so each step names itself in the failure message.
import type { SavedServer } from "../../shared/types.js";
import type { DesktopApp } from "./app.js";
import { isNotificationSupported, showNativeNotification } from "./nativeNotifications.js";

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

export interface SmokeDeps {
  /** Resolves once the window's page has loaded; rejects with the load failure. */
  pageLoaded(): Promise<void>;
  /** Evaluate PAGE_PROBE in the page (webContents.executeJavaScript). */
  evaluateInPage(code: string): Promise<unknown>;
  /** The built-in demo entry, connected through the core as the UI would. */
  demoServer: SavedServer;
  connect(server: SavedServer): Promise<{ sessionId: string; state: string; reason?: string }>;
  listTools(sessionId: string): Promise<{ tools: unknown[] }>;
  disconnect(sessionId: string): Promise<unknown>;
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

  const steps = async (): Promise<SmokeOutcome> => {
    await timed("loading the page", () => deps.pageLoaded(), (_v, ms) => `page loaded ${ms} ms`);
    const report = await timed("calling getSnapshot through the preload bridge", async () => checkReport(await deps.evaluateInPage(PAGE_PROBE)), (_v, ms) => `bridge getSnapshot ${ms} ms`);
    if (!report.href.startsWith("app://")) throw new Error(`the page is at ${report.href}, not app://`);
    if (!report.rendered) throw new Error("the page loaded but React rendered nothing into #root");
    const session = await timed("connecting the Everything demo", () => deps.connect(deps.demoServer), (_v, ms) => `demo connected ${ms} ms`);
    if (session.state !== "connected") throw new Error(`the demo session is ${session.state}${session.reason ? `: ${session.reason}` : ""}`);
    await timed("listing the demo's tools", () => deps.listTools(session.sessionId), (v, ms) => `${v.tools.length} tools listed ${ms} ms`);
    await deps.disconnect(session.sessionId);
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
