// Scenario 6: start. The renderer bundle as built (out/renderer/assets/*.js, raw and gzip), and the time
// from navigation to the first rendered tab in Chromium, in browser mode: a fresh browser context each
// time, so nothing is cached (browser mode also sends Cache-Control: no-store). Beside it, two floors, served
// by the same server with the same headers, in the same browser, turn about: a page whose one plain script
// draws a tab, and React's floor, a page built as ours is (vite, the React plugin, minified) whose one
// component draws a tab.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { InspectorCore } from "../../main/core/index.js";
import { startWebServer } from "../../main/web/server.js";
import { firstLoadScripts } from "../../test/helpers/firstLoad.js";
import { startBrowserMode } from "../lib/browser.js";
import { RENDERER_DIR } from "../lib/build.js";
import { count, ROOT } from "../lib/env.js";
import { KB } from "../lib/memory.js";
import { atMost, figure, type Scenario } from "../lib/results.js";
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

/**
 * The floor: an index.html whose one module script (script-src 'self' allows only files) puts a selected tab
 * and a tab panel in the page, nothing else. What it takes is the browser's and the server's part of a start:
 * a fresh context, the process browser mode's Cross-Origin-Opener-Policy asks for, the page and one script.
 */
function floorPage(): string {
  const dir = mkdtempSync(join(tmpdir(), "bench-floor-"));
  writeFileSync(join(dir, "index.html"), '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>floor</title><script type="module" src="./floor.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(
    join(dir, "floor.js"),
    'const tab = document.createElement("button"); tab.setAttribute("role", "tab"); tab.setAttribute("aria-selected", "true"); tab.textContent = "Tools";\n' +
      'const panel = document.createElement("div"); panel.setAttribute("role", "tabpanel"); panel.textContent = "floor";\n' +
      'document.getElementById("root").append(tab, panel);\n',
  );
  return dir;
}

/**
 * React's floor: what React alone costs a start here. One component that draws a selected tab and a tab panel,
 * built by vite with the React plugin and minified, and rendered at once (flushSync), as our renderer is.
 * Built inside the project's node_modules/.cache, so that react and react-dom resolve from its node_modules.
 */
async function reactFloorPage(): Promise<{ dir: string; remove(): void }> {
  const cache = join(ROOT, "node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  const root = mkdtempSync(join(cache, "bench-react-floor-"));
  writeFileSync(join(root, "index.html"), '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>React floor</title></head><body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>');
  writeFileSync(
    join(root, "main.jsx"),
    'import { flushSync } from "react-dom";\nimport { createRoot } from "react-dom/client";\n' +
      'function Floor() { return (<><button role="tab" aria-selected="true">Tools</button><div role="tabpanel">floor</div></>); }\n' +
      'const root = createRoot(document.getElementById("root"));\nflushSync(() => root.render(<Floor />));\n',
  );
  const { build } = await import("vite");
  const { default: react } = await import("@vitejs/plugin-react");
  const dir = join(root, "out");
  await build({ configFile: false, root, base: "./", logLevel: "warn", plugins: [react()], build: { outDir: dir, emptyOutDir: true, minify: true } });
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
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
    // Built first: a failed build leaves no server or browser running.
    const reactFloor = await reactFloorPage();
    const mode = await startBrowserMode(new InspectorCore());
    const floorDir = floorPage();
    const floorCore = new InspectorCore();
    await floorCore.ready;
    const floorWeb = await startWebServer({ core: floorCore, rendererDir: floorDir });
    const reactWeb = await startWebServer({ core: floorCore, rendererDir: reactFloor.dir });
    const firstTab: number[] = [];
    const firstPaint: number[] = [];
    const floorTab: number[] = [];
    const reactTab: number[] = [];
    const open = async (url: string) => {
      const context = await mode.browser.newContext({ viewport: { width: 1280, height: 820 } });
      try {
        const page = await context.newPage();
        await page.addInitScript(watchFirstTab);
        await page.goto(url);
        await page.waitForFunction(() => (window as unknown as { __firstTabMs?: number }).__firstTabMs !== undefined, undefined, { timeout: 30_000 });
        return await page.evaluate(() => ({
          firstTab: (window as unknown as { __firstTabMs: number }).__firstTabMs,
          firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
        }));
      } finally {
        await context.close();
      }
    };
    try {
      for (let i = 0; i < LOADS + 1; i++) {
        // Turn about, so a stretch where the machine is slow or fast falls on both.
        const floor = await open(floorWeb.url);
        const react = await open(reactWeb.url);
        const timing = await open(mode.web.url);
        if (i === 0) continue; // the first loads also start Chromium's own processes
        floorTab.push(floor.firstTab);
        reactTab.push(react.firstTab);
        firstTab.push(timing.firstTab);
        if (Number.isFinite(timing.firstPaint)) firstPaint.push(timing.firstPaint);
      }
    } finally {
      await floorWeb.close();
      await reactWeb.close();
      reactFloor.remove();
      await floorCore.shutdown();
      rmSync(floorDir, { recursive: true, force: true });
      await mode.close();
    }
    const tab = summarize(firstTab);
    const paint = summarize(firstPaint);
    const floor = summarize(floorTab);
    const reactOnly = summarize(reactTab);
    return {
      figures: [
        figure("renderer JS, raw", js.raw / KB, "KB", { note: `${js.files} file(s) in out/renderer/assets` }),
        figure("renderer JS, gzip", js.gzip / KB, "KB", { note: `CSS ${(css.raw / KB).toFixed(0)} KB raw, ${(css.gzip / KB).toFixed(0)} KB gzip` }),
        figure("first load JS, raw", first.raw / KB, "KB", { note: `${first.files.map((f) => f.replace(/-[\w-]{8}\.js$/, "")).join(", ")}; ${(first.gzip / KB).toFixed(0)} KB gzip` }),
        atMost("navigation → first rendered tab, p50", tab.p50, "ms", 150, "≤ 150 ms", `${tab.count} loads; max ${tab.max.toFixed(0)} ms`),
        figure("floor: navigation → a page that only draws a tab, p50", floor.p50, "ms", { note: `same server, headers and browser, loaded turn about with ours; max ${floor.max.toFixed(0)} ms` }),
        figure("ours above the floor, p50 − p50", tab.p50 - floor.p50, "ms"),
        figure("React's floor: navigation → a React page whose one component draws a tab, p50", reactOnly.p50, "ms", {
          note: `built by vite with the React plugin, minified, as ours; same server, loaded turn about; max ${reactOnly.max.toFixed(0)} ms`,
        }),
        figure("ours above React's floor, p50 − p50", tab.p50 - reactOnly.p50, "ms"),
        figure("navigation → first contentful paint, p50", paint.p50, "ms"),
      ],
      notes: [
        "First load: the scripts index.html loads and preloads, and every file they import statically (the chunks the first tab waits for; the others are fetched once the page is idle or when first used).",
        "Bundle: the files npm run build writes to out/renderer/assets (minified: electron.vite.config.ts turns minify on for the renderer), gzip at zlib's default level.",
        `Start: browser mode (main/web) in this process with no servers connected; ${LOADS} navigations in fresh Chromium contexts after one warm-up load; the page's own clock from navigation start to the first [role=tabpanel] with a selected tab in the DOM (an init script's MutationObserver).`,
        "Floor: the same measure of a page whose one script only adds a selected tab and a tab panel, served by a second browser-mode server (the same code, so the same headers: its Cross-Origin-Opener-Policy puts each fresh page in a process of its own), loaded before each of ours; what is left above it is our scripts' fetch, compile and run and the first render, layout and commit.",
        "React's floor: the same measure of a page built by vite with the React plugin, minified (as ours), whose one component renders a selected tab and a tab panel with react-dom's createRoot; served and loaded the same way, between the floor and ours. It is what any React renderer pays here before drawing anything of its own.",
      ],
      details: { js, css, first, tab, paint, floor, reactFloor: reactOnly },
    };
  },
};
