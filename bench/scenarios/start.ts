// Scenario 6: start. The renderer bundle as built (out/renderer/assets/*.js, raw and gzip), and the time
// from navigation to the first paint that shows a tab in Chromium, in browser mode: a fresh browser context each
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

/** The stylesheets index.html carries inline (scripts/firstFrame.ts), raw and gzip. */
function inlineStyles(): { raw: number; gzip: number } {
  const page = readFileSync(join(RENDERER_DIR, "index.html"), "utf8");
  const css = Buffer.from([...page.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join(""));
  return { raw: css.length, gzip: gzipSync(css).length };
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

/** What watchFirstTab notes, on the page's clock (0 = navigation start). */
interface TabTimes {
  /** A selected tab and a tab panel are in the DOM (the first frame index.html carries counts). */
  __tabInDom?: number;
  /** The end of the first frame drawn after that (an animation frame, then a task after its paint). */
  __frameAfter?: number;
  /** A selected tab that answers input is in the DOM: not inside an inert first frame. */
  __tabLive?: number;
}

/** Runs in the page before its own scripts (serialized: it refers to nothing outside itself). */
function watchFirstTab(): void {
  const page = window as unknown as TabTimes;
  const observer = new MutationObserver(() => {
    const tab = document.querySelector('[role="tab"][aria-selected="true"]');
    if (!tab || !document.querySelector('[role="tabpanel"]')) return;
    if (page.__tabInDom === undefined) {
      page.__tabInDom = performance.now();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (page.__frameAfter = performance.now());
        channel.port2.postMessage(null);
      });
    }
    if (tab.closest("[inert]")) return;
    page.__tabLive = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

export const start: Scenario = {
  id: "start",
  title: "6. Start",
  async run() {
    const js = bundleSize(".js");
    const files = bundleSize(".css");
    const inline = inlineStyles();
    const css = { raw: files.raw + inline.raw, gzip: files.gzip + inline.gzip, files: files.files, inline };
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
    const inDom: number[] = [];
    const live: number[] = [];
    const floorTab: number[] = [];
    const reactTab: number[] = [];
    const open = async (url: string) => {
      const context = await mode.browser.newContext({ viewport: { width: 1280, height: 820 } });
      try {
        const page = await context.newPage();
        await page.addInitScript(watchFirstTab);
        await page.goto(url);
        await page.waitForFunction(
          () => {
            const times = window as unknown as TabTimes;
            return times.__tabLive !== undefined && times.__frameAfter !== undefined && performance.getEntriesByName("first-contentful-paint").length > 0;
          },
          undefined,
          { timeout: 30_000 },
        );
        const times = await page.evaluate(() => {
          const { __tabInDom, __frameAfter, __tabLive } = window as unknown as Required<TabTimes>;
          return { __tabInDom, __frameAfter, __tabLive, contentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]!.startTime };
        });
        // The first paint that shows the tab: the first contentful paint (when the screen shows it, which
        // the end of a frame on the page's thread is not yet), or the first frame after the tab came in,
        // if something else was painted before it.
        return { firstTab: Math.max(times.contentfulPaint, times.__frameAfter), inDom: times.__tabInDom, live: times.__tabLive };
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
        inDom.push(timing.inDom);
        live.push(timing.live);
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
    const dom = summarize(inDom);
    const answers = summarize(live);
    const floor = summarize(floorTab);
    const reactOnly = summarize(reactTab);
    return {
      figures: [
        figure("renderer JS, raw", js.raw / KB, "KB", { note: `${js.files} file(s) in out/renderer/assets` }),
        figure("renderer JS, gzip", js.gzip / KB, "KB", { note: `CSS ${(css.raw / KB).toFixed(0)} KB raw, ${(css.gzip / KB).toFixed(0)} KB gzip, ${(inline.raw / KB).toFixed(0)} KB of it inline in index.html` }),
        figure("first load JS, raw", first.raw / KB, "KB", { note: `${first.files.map((f) => f.replace(/-[\w-]{8}\.js$/, "")).join(", ")}; ${(first.gzip / KB).toFixed(0)} KB gzip` }),
        atMost("navigation → first rendered tab, p50", tab.p50, "ms", 150, "≤ 150 ms", `the first paint that shows it; ${tab.count} loads; max ${tab.max.toFixed(0)} ms`),
        figure("floor: navigation → a page that only draws a tab, p50", floor.p50, "ms", { note: `same server, headers and browser, loaded turn about with ours; max ${floor.max.toFixed(0)} ms` }),
        figure("ours above the floor, p50 − p50", tab.p50 - floor.p50, "ms"),
        figure("React's floor: navigation → a React page whose one component draws a tab, p50", reactOnly.p50, "ms", {
          note: `built by vite with the React plugin, minified, as ours; same server, loaded turn about; max ${reactOnly.max.toFixed(0)} ms`,
        }),
        figure("ours above React's floor, p50 − p50", tab.p50 - reactOnly.p50, "ms"),
        figure("navigation → the tab in the DOM, p50", dom.p50, "ms", { note: "in the first frame index.html carries" }),
        figure("navigation → the tab answers input, p50", answers.p50, "ms", { note: `the app's first commit replaces the first frame; max ${answers.max.toFixed(0)} ms` }),
      ],
      notes: [
        "First load: the scripts index.html loads and preloads, and every file they import statically (the chunks the first tab waits for; the others are fetched once the page is idle or when first used).",
        "Bundle: the files npm run build writes to out/renderer/assets (minified: electron.vite.config.ts turns minify on for the renderer), gzip at zlib's default level.",
        `Start: browser mode (main/web) in this process with no servers connected; ${LOADS} navigations in fresh Chromium contexts after one warm-up load; the page's own clock from navigation start to the first paint that shows a selected tab and a tab panel: an init script's MutationObserver notes when they are in the DOM, and the paint is the first contentful paint, or the end of the first frame after they came in if that is later. The first frame index.html carries (scripts/firstFrame.ts) draws the tab before the app runs; "answers input" is when the app's first commit puts in a selected tab that is not inside that inert frame.`,
        "Floor: the same measure of a page whose one script only adds a selected tab and a tab panel, served by a second browser-mode server (the same code, so the same headers: its Cross-Origin-Opener-Policy puts each fresh page in a process of its own), loaded before each of ours; what is left above it is our scripts' fetch, compile and run and the first render, layout and commit.",
        "React's floor: the same measure of a page built by vite with the React plugin, minified (as ours), whose one component renders a selected tab and a tab panel with react-dom's createRoot; served and loaded the same way, between the floor and ours. It is what any React renderer pays here before drawing anything of its own.",
      ],
      details: { js, css, first, tab, inDom: dom, answersInput: answers, floor, reactFloor: reactOnly },
    };
  },
};
