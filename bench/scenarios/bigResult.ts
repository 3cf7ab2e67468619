// Scenario 16: a 10 MB tool result with a 1 MB string field, in Chromium (browser mode). The fixture
// test/fixtures/big-result-server.mjs answers over stdio with 10 MB of text lines and structuredContent
// holding a 1 MB string and 1,000 rows. Run from the Tools tab; then its text and its structured content
// are grown a piece at a time (ten "Show the next 100 KB" each) and the Raw JSON of the whole result
// opened and grown once. The result reaches the page cut, and each piece past the first is read from the core
// when asked (issue 33: ToolRun.pieces, readResultPiece). The page's animation frames are recorded throughout: the longest gap between two
// frames is the longest the page froze.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { InspectorCore } from "../../main/core/index.js";
import { instrumentPage, startBrowserMode, type PageBench } from "../lib/browser.js";
import { count, now, ROOT, sleep } from "../lib/env.js";
import { atMost, figure, type Scenario } from "../lib/results.js";
import { summarize } from "../lib/stats.js";

const MEGABYTES = 10;
const STEPS = count(10, 3);
const NEXT = "Show the next 100 KB";

/** Page time now, and the frames recorded so far. */
async function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

/** The longest gap between two animation frames from `from` (page time) to now, and how many frames. */
async function longestFrame(page: Page, from: number): Promise<{ longest: number; frames: number }> {
  const frames = await page.evaluate(() => (window as unknown as { __bench: PageBench }).__bench.frames);
  const during = frames.filter((t) => t >= from);
  let longest = 0;
  for (let i = 1; i < during.length; i++) longest = Math.max(longest, during[i]! - during[i - 1]!);
  return { longest, frames: during.length };
}

/** Starts a Chromium trace of the page (CDP Tracing); the returned function ends it and gives its JSON. */
async function startTrace(page: Page): Promise<() => Promise<string>> {
  const cdp = await page.context().newCDPSession(page);
  const events: unknown[] = [];
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...value));
  const categories = ["devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.stack", "v8.execute", "disabled-by-default-v8.cpu_profiler", "blink.user_timing", "loading"];
  await cdp.send("Tracing.start", { transferMode: "ReportEvents", traceConfig: { includedCategories: categories } });
  return async () => {
    const done = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
    await cdp.send("Tracing.end");
    await done;
    return JSON.stringify({ traceEvents: events });
  };
}

export const bigResult: Scenario = {
  id: "bigresult",
  title: "16. A 10 MB tool result with a 1 MB string field",
  async run() {
    const core = new InspectorCore();
    const mode = await startBrowserMode(core);
    try {
      const server = { name: "Big results", transport: { type: "stdio" as const, command: process.execPath, args: [join(ROOT, "test/fixtures/big-result-server.mjs")] } };
      await core.dispatch("connect", { server });
      const context = await mode.browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      await page.addInitScript(instrumentPage, ['"toolRunChanged"']);
      await page.goto(mode.web.url);
      await page.getByRole("tab", { name: "Tools", exact: true }).click();
      await page.getByRole("button", { name: "big-result", exact: true }).click();
      const form = page.getByRole("form", { name: "Arguments for big-result" });
      // Playwright's injected script (waitForFunction's) is made in the page before A: 15 ms of the bench's own.
      await page.waitForFunction(() => true);
      // The page idle for a second first: its longest frame then is the machine's own noise (a busy machine's).
      const idleFrom = await pageNow(page);
      await sleep(1000);
      const idle = await longestFrame(page, idleFrom);

      // A: Run → the result drawn (collapsed), and half a second after it. Clicks and waits run in the page
      // on plain selectors: Playwright's text and role engines read the whole DOM, a cost of the bench, not of the page.
      // BENCH_TRACE=file.json: a Chromium trace of A (long tasks, their call stacks, layout), to find what froze.
      const trace = process.env.BENCH_TRACE ? await startTrace(page) : undefined;
      const runFrom = await pageNow(page);
      const t0 = now();
      await form.getByRole("button", { name: "Run", exact: true }).click();
      await page.waitForFunction(() => /^Showing the first 100 KB of 10\.\d MB\./.test(document.querySelector(".content-text .truncation-note")?.textContent ?? ""), undefined, { timeout: 120_000 });
      const drawnMs = now() - t0;
      await sleep(500);
      const arrival = await longestFrame(page, runFrom);
      if (trace) writeFileSync(process.env.BENCH_TRACE!, await trace());
      const bench = await page.evaluate(() => (window as unknown as { __bench: PageBench }).__bench.batches.filter((b) => b.marked > 0));
      const biggest = bench.reduce((a, b) => (b.applyMs > a.applyMs ? b : a), bench[0] ?? { applyMs: NaN, renderMs: NaN, at: 0, marked: 0 });
      const domChars = await page.evaluate(() => document.body.textContent!.length);

      // B: grow it a piece at a time: the text, the structured content, then the Raw JSON of the whole result.
      const growFrom = await pageNow(page);
      const clicks: number[] = [];
      /** Press the Show-the-next button under `scope` (a selector) and wait until its text grew. */
      const grow = async (scope: string) => {
        for (let i = 0; i < STEPS; i++) {
          const c0 = now();
          await page.evaluate(
            ([scope, next]) => {
              const block = document.querySelector(scope)!;
              const before = block.querySelector("pre")!.textContent!.length;
              const button = [...block.querySelectorAll(".truncation-note button")].find((b) => b.textContent === next) as HTMLButtonElement;
              button.click();
              return new Promise<void>((resolve) => {
                const check = () => (block.querySelector("pre")!.textContent!.length > before ? resolve() : requestAnimationFrame(check));
                check();
              });
            },
            [scope, NEXT] as const,
          );
          clicks.push(now() - c0);
        }
      };
      const run = '[aria-label="Run 1: big-result"]';
      await grow(`${run} .content-text`);
      await grow(`${run} .tool-result > div > .payload.json`);
      const r0 = now();
      await page.evaluate((run) => {
        const details = document.querySelector(`${run} details.raw-json`) as HTMLDetailsElement;
        details.open = true;
        return new Promise<void>((resolve) => {
          const check = () => (details.querySelector("pre") ? resolve() : requestAnimationFrame(check));
          check();
        });
      }, run);
      const rawOpenMs = now() - r0;
      await grow(`${run} .raw-json .payload`);
      await sleep(300);
      const growing = await longestFrame(page, growFrom);
      const domCharsAfter = await page.evaluate(() => document.body.textContent!.length);
      await context.close();

      const longest = Math.max(arrival.longest, growing.longest);
      const perClick = summarize(clicks);
      return {
        figures: [
          atMost("10 MB result: longest frame", longest, "ms", 50, "≤ 50 ms", `the longer of A (${arrival.longest.toFixed(0)} ms) and B (${growing.longest.toFixed(0)} ms)`),
          figure("idle page before the run: longest frame", idle.longest, "ms", { note: `${idle.frames} frames in 1 s: the machine's own noise, for scale` }),
          figure("A: run → result drawn (collapsed)", drawnMs, "ms", { note: `the result's batch: WebSocket listener (JSON.parse + store) ${biggest.applyMs.toFixed(1)} ms, + React render ${(biggest.renderMs - biggest.applyMs).toFixed(1)} ms; measured from the bench through Playwright` }),
          figure("A: longest frame while it arrives and is drawn", arrival.longest, "ms", { note: `${arrival.frames} frames` }),
          figure("A: characters in the page's DOM once drawn", domChars, "", { note: "one 100 KB piece of the text, one of the structured content, the rest of the page" }),
          figure("B: Show the next 100 KB, click → piece drawn p95", perClick.p95, "ms", { note: `p50 ${perClick.p50.toFixed(1)} ms over ${clicks.length} clicks (text, structured content, Raw JSON); clicked in the page, until its text grew` }),
          figure("B: longest frame while it grows", growing.longest, "ms", { note: `${growing.frames} frames; Raw JSON of the whole result opened in ${rawOpenMs.toFixed(0)} ms (printed lazily: one piece); ${domCharsAfter.toLocaleString("en-US")} characters in the DOM after` }),
        ],
        notes: [
          `Browser mode, the built UI in headless Chromium at 1280×720; test/fixtures/big-result-server.mjs over stdio answers big-result with ${MEGABYTES} MB of text lines and structuredContent { lines, field: a 1 MB string, rows: 1,000 objects } (${MEGABYTES + 1}.x MB on the wire). The page's requestAnimationFrame times are recorded throughout; a frame gap is the time the page could not paint.`,
          `A: from the Run click until the text's "Showing the first 100 KB of 10.0 MB" is drawn, and half a second after. B: ${STEPS} × "Show the next 100 KB" on the text, ${STEPS} on the structured content, Raw JSON opened and grown ${STEPS} times; each click waits for its piece.`,
        ],
        details: { idle, arrival, growing, clicks: perClick, drawnMs, rawOpenMs, domChars, domCharsAfter, batch: biggest },
      };
    } finally {
      await mode.close();
    }
  },
};
