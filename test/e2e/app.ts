// End-to-end harness: the built app in browser mode (`node out/main/web.js`, what `npm run web`
// runs) with a temporary config folder, driven by real Chromium through playwright-core.
// `npm test` builds first; run `npm run build` before running these on their own.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, statSync, readdirSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { afterEach } from "vitest";
import type { SavedServer, Settings } from "../../shared/types.js";
import { defaultChromium } from "../helpers/platform.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const WEB_ENTRY = join(ROOT, "out/main/web.js");
export const SCREENSHOT_DIR = join(ROOT, "test-artifacts/screenshots");
export const CHROMIUM = process.env.CHROMIUM_PATH || defaultChromium();

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-quic",
  "--no-first-run",
  "--disable-component-update",
  "--disable-sync",
];

export interface BrowserMode {
  /** The URL the command printed, token included. */
  url: string;
  origin: string;
  token: string;
  configDir: string;
  /** Everything the process wrote to stdout / stderr so far. */
  output: { stdout: string; stderr: string };
  /** Resolves once the process has written a line matching `pattern` to stderr (refusals are logged there). */
  waitForStderr(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** SIGTERM, then wait for a clean exit (the core disconnects its servers first). */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface App {
  page: Page;
  browser: Browser;
  server: BrowserMode;
  url: string;
  /** Uncaught page errors, console errors (CSP violations show up here) and HTTP error responses. */
  pageErrors: string[];
  /** Saves test-artifacts/screenshots/<name>.png and returns its path. */
  screenshot(name: string): Promise<string>;
  /** Closes the browser, stops the server, removes the config folder; returns how the server exited. */
  close(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface OpenAppOptions {
  /** Saved servers present at start (written to the config folder before the server starts). */
  savedServers?: SavedServer[];
  viewport?: { width: number; height: number };
  /** More for the browser context: granted permissions (issue 21's notifications), the OS colour scheme. */
  context?: Pick<BrowserContextOptions, "permissions" | "colorScheme">;
  /** Runs in the page before its own scripts (for example to record what the page constructs). */
  initScript?: Parameters<Page["addInitScript"]>[0];
  /** Open the request dialog for waiting requests, as the app does by default (off unless asked: see openApp). */
  requestDialog?: boolean;
  /** Settings present at start, beside the harness's own (a small log limit, for example). */
  settings?: Partial<Settings>;
}

const open = new Set<{ close(): Promise<unknown> }>();
afterEach(async () => {
  // Also after a failed test: no browser or server (or its MCP children) outlives the test.
  await Promise.all([...open].map((item) => item.close()));
});

export function requireBuild(): void {
  const index = join(ROOT, "out/renderer/index.html");
  if (!existsSync(WEB_ENTRY) || !existsSync(index)) {
    throw new Error("The app is not built: run `npm run build` first (`npm test` does).");
  }
  const newest = newestSource();
  if (newest && newest.mtimeMs > Math.min(statSync(WEB_ENTRY).mtimeMs, statSync(index).mtimeMs)) {
    console.warn(`End-to-end tests run the build in out/, which is older than ${newest.path}; run \`npm run build\` to test the current code.`);
  }
}

function newestSource(): { path: string; mtimeMs: number } | undefined {
  let newest: { path: string; mtimeMs: number } | undefined;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx|css|html)$/.test(entry.name)) {
        const mtimeMs = statSync(path).mtimeMs;
        if (!newest || mtimeMs > newest.mtimeMs) newest = { path, mtimeMs };
      }
    }
  };
  for (const dir of ["shared", "main", "renderer"]) if (existsSync(join(ROOT, dir))) walk(join(ROOT, dir));
  return newest;
}

/** Start browser mode as a user would, and wait for the URL it prints. */
export async function startBrowserMode(options: { savedServers?: SavedServer[]; args?: string[]; settings?: Partial<Settings> } = {}): Promise<BrowserMode> {
  requireBuild();
  const configDir = await mkdtemp(join(tmpdir(), "inspector-e2e-"));
  // A generous era probe: on a loaded machine a 2026-07-28 server can take longer than the default 2 s to start.
  await writeFile(join(configDir, "settings.json"), JSON.stringify({ eraProbeTimeoutMs: 15_000 }));
  if (options.savedServers) await writeFile(join(configDir, "servers.json"), JSON.stringify(options.savedServers));
  if (options.settings) await writeFile(join(configDir, "settings.json"), JSON.stringify(options.settings));
  const child = spawn(process.execPath, [WEB_ENTRY, "--port", "0", "--config-dir", configDir, ...(options.args ?? [])], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = { stdout: "", stderr: "" };
  const stderrWatchers = new Set<() => void>();
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output.stdout += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    output.stderr += chunk;
    for (const watcher of [...stderrWatchers]) watcher();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );

  let stopped: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;
  const handle = { close: () => mode.stop() };
  const mode: BrowserMode = {
    url: "",
    origin: "",
    token: "",
    configDir,
    output,
    waitForStderr(pattern, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          stderrWatchers.delete(watcher);
          reject(new Error(`Browser mode wrote nothing matching ${pattern} to stderr within ${timeoutMs} ms; stderr:\n${output.stderr}`));
        }, timeoutMs);
        const watcher = () => {
          if (!pattern.test(output.stderr)) return;
          clearTimeout(timer);
          stderrWatchers.delete(watcher);
          resolve();
        };
        stderrWatchers.add(watcher);
        watcher();
      });
    },
    stop() {
      stopped ??= (async () => {
        open.delete(handle);
        const result = await stopChild(child, exited);
        await rm(configDir, { recursive: true, force: true });
        return result;
      })();
      return stopped;
    },
  };
  open.add(handle);

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(`no URL within 20 s`), 20_000);
    const onData = () => {
      const match = /^(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)$/m.exec(output.stdout);
      if (!match) return;
      cleanup();
      resolve(match[1]!);
    };
    const onExit = () => fail("it exited");
    function fail(why: string) {
      cleanup();
      reject(new Error(`Browser mode did not start (${why}).\nstdout:\n${output.stdout}\nstderr:\n${output.stderr}`));
    }
    function cleanup() {
      clearTimeout(timer);
      child.stdout!.off("data", onData);
      child.off("exit", onExit);
    }
    child.stdout!.on("data", onData);
    child.once("exit", onExit);
  }).catch(async (error: unknown) => {
    await mode.stop();
    throw error;
  });
  const parsed = new URL(url);
  return Object.assign(mode, { url, origin: parsed.origin, token: parsed.searchParams.get("token")! });
}

async function stopChild(child: ChildProcess, exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>) {
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  const result = await exited;
  clearTimeout(timer);
  return result;
}

export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not installed at ${CHROMIUM} (apt-get install -y chromium, as .ci/run does; or set CHROMIUM_PATH).`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
  const handle = { close: () => browser.close() };
  open.add(handle);
  browser.once("disconnected", () => open.delete(handle));
  return browser;
}

/** The whole app: browser mode started, Chromium launched, the printed URL opened. */
export async function openApp(options: OpenAppOptions = {}): Promise<App> {
  // The tabs' own flows answer requests in their tabs and act beside a waiting request (cancel its task…),
  // which the modal request dialog would cover: they run with it off. The dialog's tests ask for it.
  const settings: Partial<Settings> = { ...(options.requestDialog ? {} : { waitingRequestsIn: "panel" as const }), ...options.settings };
  const server = await startBrowserMode({ savedServers: options.savedServers, settings });
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 820 }, ...options.context });
  const page = await context.newPage();
  if (options.initScript) await page.addInitScript(options.initScript);
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") pageErrors.push(`console: ${message.text()}`);
  });
  // The console line for a failed request does not say which one; this does.
  page.on("response", (response) => {
    if (response.status() >= 400) pageErrors.push(`http ${response.status()}: ${new URL(response.url()).pathname}`);
  });
  await page.goto(server.url);
  // The page paints its first frame before the app's code runs (scripts/firstFrame.ts), and the app starts
  // after the load event: once the frame is gone, the app has drawn (and taken its token from the URL).
  await page.waitForFunction(() => !document.querySelector(".first-frame"));

  let closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;
  const app: App = {
    page,
    browser,
    server,
    url: server.url,
    pageErrors,
    async screenshot(name) {
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      const path = join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, "-")}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    close() {
      closed ??= (async () => {
        open.delete(app);
        await browser.close();
        return server.stop();
      })();
      return closed;
    },
  };
  open.add(app);
  return app;
}

/**
 * One API call over the page's own WebSocket, made inside the page: the real browser's Origin,
 * CSP apply. For checks the UI does not show; UI flows should go through the UI.
 */
export async function callFromPage(page: Page, method: string, params: unknown = {}): Promise<{ ok: boolean; result?: unknown; error?: { message: string } }> {
  return page.evaluate(
    ({ method, params }) =>
      new Promise<{ ok: boolean; result?: unknown; error?: { message: string } }>((resolve, reject) => {
        // Where the page keeps this run's token after taking it from its first URL.
        const token = sessionStorage.getItem("mcp-task-inspector-token") ?? "";
        const socket = new WebSocket(`ws://${location.host}/api?token=${encodeURIComponent(token)}`);
        socket.onopen = () => socket.send(JSON.stringify({ type: "call", id: 1, method, params }));
        socket.onmessage = (event) => {
          const message = JSON.parse(String(event.data)) as { type: string; id: number; ok: boolean; result?: unknown; error?: { message: string } };
          if (message.type !== "result" || message.id !== 1) return;
          socket.close();
          resolve({ ok: message.ok, result: message.result, error: message.error });
        };
        socket.onclose = (event) => reject(new Error(`socket closed before the result (code ${event.code})`));
      }),
    { method, params },
  );
}
