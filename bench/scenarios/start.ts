// Scenario 6: start. The renderer bundle as built (out/renderer/assets/*.js, raw and gzip), and the time
// from navigation to the first rendered tab in Chromium, in browser mode: a fresh browser context each
// time, so nothing is cached (browser mode also sends Cache-Control: no-store).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { InspectorCore } from "../../main/core/index.js";
import { firstLoadScripts } from "../../test/helpers/firstLoad.js";
import { startBrowserMode } from "../lib/browser.js";
import { RENDERER_DIR } from "../lib/build.js";
import { count } from "../lib/env.js";
import { KB } from "../lib/memory.js";
import { figure, type Scenario } from "../lib/results.js";
import { summarize } from "../lib/stats.js";

const LOADS = count(10, 3);

function bundleSize(ext: string): { raw: number; gzip: number; files: number } {
  const dir = join(RENDERER_DIR, "assets");
  const files = readdirSync(dir).filter((f) => f.endsWith(ext));
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const body = readFileSync(join(dir, file));
    raw += body.length;
    gzip += gzipSync(body).length;
  }
  return { raw, gzip, files: files.length };
}

/** The first load's scripts (test/helpers/firstLoad.ts), raw and gzip. */
function firstLoad(): { raw: number; gzip: number; files: string[] } {
  const files = firstLoadScripts(RENDERER_DIR);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const body = readFileSync(join(RENDERER_DIR, "assets", file));
    raw += body.length;
    gzip += gzipSync(body).length;
  }
  return { raw, gzip, files };
}

/** Runs in the page before its own scripts: notes when the first tab panel is in the DOM, on the page's clock (0 = navigation start). */
function watchFirstTab(): void {
  const seen = () => document.querySelector('[role="tabpanel"]') && document.querySelector('[role="tab"][aria-selected="true"]');
  const observer = new MutationObserver(() => {
    if (!seen()) return;
    (window as unknown as { __firstTabMs: number }).__firstTabMs = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

export const start: Scenario = {
  id: "start",
  title: "6. Start",
  async run() {
    const js = bundleSize(".js");
    const css = bundleSize(".css");
    const first = firstLoad();
    const mode = await startBrowserMode(new InspectorCore());
    const firstTab: number[] = [];
    const firstPaint: number[] = [];
    try {
      for (let i = 0; i < LOADS + 1; i++) {
        const context = await mode.browser.newContext({ viewport: { width: 1280, height: 820 } });
        const page = await context.newPage();
        await page.addInitScript(watchFirstTab);
        await page.goto(mode.web.url);
        await page.waitForFunction(() => (window as unknown as { __firstTabMs?: number }).__firstTabMs !== undefined, undefined, { timeout: 30_000 });
        const timing = await page.evaluate(() => ({
          firstTab: (window as unknown as { __firstTabMs: number }).__firstTabMs,
          firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
        }));
        await context.close();
        if (i === 0) continue; // the first load also starts Chromium's own processes
        firstTab.push(timing.firstTab);
        if (Number.isFinite(timing.firstPaint)) firstPaint.push(timing.firstPaint);
      }
    } finally {
      await mode.close();
    }
    const tab = summarize(firstTab);
    const paint = summarize(firstPaint);
    return {
      figures: [
        figure("renderer JS, raw", js.raw / KB, "KB", { note: `${js.files} file(s) in out/renderer/assets` }),
        figure("renderer JS, gzip", js.gzip / KB, "KB", { note: `CSS ${(css.raw / KB).toFixed(0)} KB raw, ${(css.gzip / KB).toFixed(0)} KB gzip` }),
        figure("first load JS, raw", first.raw / KB, "KB", { note: `${first.files.map((f) => f.replace(/-[\w-]{8}\.js$/, "")).join(", ")}; ${(first.gzip / KB).toFixed(0)} KB gzip` }),
        figure("navigation → first rendered tab, p50", tab.p50, "ms", { note: `${tab.count} loads; max ${tab.max.toFixed(0)} ms` }),
        figure("navigation → first contentful paint, p50", paint.p50, "ms"),
      ],
      notes: [
        "First load: the scripts index.html loads and preloads, and every file they import statically (the chunks the first tab waits for; the others are fetched once the page is idle or when first used).",
        "Bundle: the files npm run build writes to out/renderer/assets (minified: electron.vite.config.ts turns minify on for the renderer), gzip at zlib's default level.",
        `Start: browser mode (main/web) in this process with no servers connected; ${LOADS} navigations in fresh Chromium contexts after one warm-up load; the page's own clock from navigation start to the first [role=tabpanel] with a selected tab in the DOM (an init script's MutationObserver).`,
      ],
      details: { js, css, first, tab, paint },
    };
  },
};
