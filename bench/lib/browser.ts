// Browser mode for the bench: the built renderer (out/renderer) served by main/web's own server, started
// in this process around a core the scenario controls, and Debian's Chromium driven by playwright-core.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { InspectorCore } from "../../main/core/index.js";
import { startWebServer, type WebServer } from "../../main/web/server.js";
import { defaultChromium } from "../../test/helpers/platform.js";
import { RENDERER_DIR } from "./build.js";

export { RENDERER_DIR };
const CHROMIUM = process.env.CHROMIUM_PATH || defaultChromium();
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run", "--disable-component-update", "--disable-sync"];

export interface BrowserMode {
  core: InspectorCore;
  web: WebServer;
  browser: Browser;
  close(): Promise<void>;
}

/** Browser mode around `core`, and a headless Chromium to open it with. */
export async function startBrowserMode(core: InspectorCore): Promise<BrowserMode> {
  if (!existsSync(join(RENDERER_DIR, "index.html"))) throw new Error("The renderer is not built (out/renderer); run `npm run build`");
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not installed at ${CHROMIUM}`);
  await core.ready;
  const web = await startWebServer({ core, rendererDir: RENDERER_DIR });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return {
    core,
    web,
    browser,
    async close() {
      await browser.close().catch(() => {});
      await web.close();
      await core.shutdown();
    },
  };
}

/** What instrumentPage records in the page, read back with page.evaluate. */
export interface PageBench {
  batches: { at: number; applyMs: number; renderMs: number; marked: number }[];
  /** Occurrences of the markers over all batches. */
  marked: number;
  frames: number[];
}

/**
 * Runs in the page before its own scripts. For every `events` message the app's WebSocket listener
 * handles: the listener's own time (JSON.parse and the store update) and the time until a microtask
 * queued after it runs, which is after React's render of that update (a store subscribed through
 * useSyncExternalStore renders synchronously, in the microtask React queued during the update).
 * And the interval between animation frames, to see whether the page stays smooth. `markers` are strings
 * whose occurrences in a batch count the events the scenario is after (the page is a serialized build: no imports).
 */
export function instrumentPage(markers: string[]): void {
  const bench: PageBench = { batches: [], marked: 0, frames: [] };
  (window as unknown as { __bench: PageBench }).__bench = bench;
  const frame = (t: number) => {
    bench.frames.push(t);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const add = WebSocket.prototype.addEventListener;
  WebSocket.prototype.addEventListener = function (this: WebSocket, type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) {
    if (type !== "message" || typeof listener !== "function") return add.call(this, type, listener, options);
    const timed = function (this: WebSocket, event: MessageEvent) {
      const data = typeof event.data === "string" ? event.data : "";
      if (!data.startsWith('{"type":"events"')) return listener.call(this, event);
      const t0 = performance.now();
      listener.call(this, event);
      const record = { at: t0, applyMs: performance.now() - t0, renderMs: Number.NaN, marked: 0 };
      queueMicrotask(() => (record.renderMs = performance.now() - t0));
      for (const marker of markers) for (let at = data.indexOf(marker); at >= 0; at = data.indexOf(marker, at + 1)) record.marked++;
      bench.batches.push(record);
      bench.marked += record.marked;
    };
    return add.call(this, type, timed as EventListener, options);
  } as typeof WebSocket.prototype.addEventListener;
}

export async function rowsInDom(page: Page): Promise<{ rows: number; rowCount: number }> {
  return page.evaluate(() => {
    const table = document.querySelector('[role="table"][aria-label="Tasks"]');
    return {
      rows: table ? table.querySelectorAll('[role="row"]').length - 1 : -1, // minus the header row
      rowCount: Number(table?.getAttribute("aria-rowcount") ?? 0) - 1,
    };
  });
}
