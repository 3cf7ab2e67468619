// Scenario 17: the Logs tab with big messages, in Chromium (browser mode). 5,000 protocol messages of
// 256 KB each (the per-entry cap) reach the page on the app's own path (the core's bus → WebSocket → the
// page's log), which keeps as many as its byte budget holds (logBudgetBytes at its highest, 256 MB). Then a
// query is typed a key at a time into "Search in payloads" (the search scans a slice at a time between
// frames), the table is scrolled, and a matching message is shown with its matches marked. The page's
// animation frames are recorded throughout: a gap between two frames is the time the page could not paint.
import { join } from "node:path";
import type { Page } from "playwright-core";
import { InspectorCore } from "../../main/core/index.js";
import type { LogEntry } from "../../shared/types.js";
import { instrumentPage, startBrowserMode, type PageBench } from "../lib/browser.js";
import { count, now, ROOT, sleep } from "../lib/env.js";
import { atMost, figure, type Scenario } from "../lib/results.js";
import { summarize } from "../lib/stats.js";

const MESSAGES = count(5_000, 1_000);
const ENTRY_CHARS = 256 * 1024 - 400;
const BUDGET = 256 * 1024 * 1024;
const QUERY = "quokka-17";
/** At most this many messages (32 MB) sent before the page has the earlier ones. */
const AHEAD = 128;
const WORDS = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua".split(" ");

/** A server's log line of about 256 KB; one message in 50 says quokka-<n> near its end (past 200 KB). */
function message(i: number, sessionId: string, filler: string): LogEntry {
  const data = i % 50 === 17 ? `${filler.slice(0, 200 * 1024)} quokka-${i % 100} ${filler.slice(0, ENTRY_CHARS - 200 * 1024 - 20)}` : filler;
  return {
    seq: 1_000_000 + i,
    sessionId,
    direction: "in",
    time: new Date().toISOString(),
    method: "notifications/message",
    payload: { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", logger: `worker-${i % 8}`, data } },
  };
}

async function frameGaps(page: Page, from: number, to = Infinity): Promise<number[]> {
  const frames = await page.evaluate(() => (window as unknown as { __bench: PageBench }).__bench.frames);
  const during = frames.filter((t) => t >= from && t <= to);
  return during.slice(1).map((t, i) => t - during[i]!);
}

const longest = (gaps: number[]) => gaps.reduce((a, b) => Math.max(a, b), 0);

/** Records, for each keydown, the time until the next animation frame starts (the page's first chance to paint it). */
function instrumentKeys(): void {
  const keys: number[] = [];
  (window as unknown as { __keys: number[] }).__keys = keys;
  document.addEventListener(
    "keydown",
    () => {
      const t = performance.now();
      requestAnimationFrame(() => keys.push(performance.now() - t));
    },
    true,
  );
}

export const logSearch: Scenario = {
  id: "logsearch",
  title: "17. Log search: 5,000 messages of 256 KB",
  async run() {
    const core = new InspectorCore({ settings: { logLimit: MESSAGES, logBudgetBytes: BUDGET } });
    const mode = await startBrowserMode(core);
    try {
      const server = { name: "Big results", transport: { type: "stdio" as const, command: process.execPath, args: [join(ROOT, "test/fixtures/big-result-server.mjs")] } };
      const info = await core.dispatch("connect", { server });
      const context = await mode.browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      await page.addInitScript(instrumentPage, ['"logger":"worker-']);
      await page.addInitScript(instrumentKeys);
      await page.goto(mode.web.url);
      await page.getByRole("tab", { name: "Logs", exact: true }).click();
      await page.getByRole("searchbox", { name: "Search in payloads" }).waitFor();

      // 5,000 × 256 KB through the app's path, 16 at a time (4 MB), so no one WebSocket message is huge, and
      // never more than AHEAD messages ahead of the page: browser mode cuts off a page that falls 64 MB
      // behind (it then reloads the core's state, which these messages, emitted on the bus alone, are not in).
      let filler = "";
      for (let w = 0; filler.length < ENTRY_CHARS; w++) filler += `${WORDS[(w * 7) % WORDS.length]} `;
      filler = filler.slice(0, ENTRY_CHARS);
      const arriveFrom = await page.evaluate(() => performance.now());
      const l0 = now();
      for (let i = 0; i < MESSAGES; i++) {
        core.bus.emit("logEntry", message(i, info.sessionId, filler));
        if (i % 16 !== 15) continue;
        await sleep(20);
        if (i >= AHEAD) await page.waitForFunction((n) => (window as unknown as { __bench: PageBench }).__bench.marked >= n, i + 1 - AHEAD, { timeout: 300_000, polling: 20 });
      }
      const lastSeq = 1_000_000 + MESSAGES - 1;
      const status = '[aria-label="Protocol messages"] .toolbar [role="status"]';
      // Arrived: the last message is in the page (following the newest, its row is drawn). The count alone does
      // not say so: it stops at what the budget holds (1,024) while a starved page still receives the rest, and
      // a search typed then restarts with every batch.
      await page.waitForFunction(
        (seq) => [...document.querySelectorAll('[aria-label="Protocol messages"] [role="row"]')].some((r) => r.querySelector('[role="cell"]')?.textContent === seq),
        String(lastSeq),
        { timeout: 300_000, polling: 250 },
      );
      let held = -1;
      for (let same = 0; same < 10; ) {
        const shown = await page.evaluate((s) => Number(/of (\d+) messages/.exec(document.querySelector(s)?.textContent ?? "")?.[1] ?? -1), status);
        same = shown === held ? same + 1 : 0;
        held = shown;
        await sleep(200);
      }
      const loadMs = now() - l0;
      const arriving = await frameGaps(page, arriveFrom);
      const heapMb = await page.evaluate(() => ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? NaN) / 1024 / 1024);

      // Typing: one key every 150 ms, then until the search says how many match.
      const search = page.getByRole("searchbox", { name: "Search in payloads" });
      await search.focus();
      await sleep(500);
      // The page's main-thread time (Chromium's Performance metrics, seconds so far): the wall time of its tasks.
      const cdp = await context.newCDPSession(page);
      await cdp.send("Performance.enable");
      const metrics = async () => Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
      // The arrival's garbage collected first: the frames and the heap figures are the search's.
      await cdp.send("HeapProfiler.collectGarbage");
      const m0 = await metrics();
      const typeFrom = await page.evaluate(() => performance.now());
      const t0 = now();
      await search.pressSequentially(QUERY, { delay: 150 });
      const typedMs = now() - t0;
      // The count is read in the same poll that sees the search done (a later read could meet a rerun).
      const said = await page.waitForFunction(([s, q]) => /(\d+) match "([^"]*)"/.exec(document.querySelector(s)?.textContent ?? "")?.[2] === q && /(\d+) match/.exec(document.querySelector(s)!.textContent!)![1], [status, QUERY] as const, { timeout: 120_000, polling: 100 });
      const doneMs = now() - t0 - typedMs;
      const matches = Number(await said.jsonValue());
      const typeTo = await page.evaluate(() => performance.now());
      const m1 = await metrics();
      const scriptMs = ((m1.ScriptDuration ?? NaN) - (m0.ScriptDuration ?? NaN)) * 1000;
      const taskMs = ((m1.TaskDuration ?? NaN) - (m0.TaskDuration ?? NaN)) * 1000;
      const searchHeapMb = ((m1.JSHeapUsedSize ?? NaN) - (m0.JSHeapUsedSize ?? NaN)) / 1024 / 1024;
      const typing = await frameGaps(page, typeFrom, typeTo);
      const keys = await page.evaluate(() => (window as unknown as { __keys: number[] }).__keys.slice());

      // A match shown with its marks: the View of the first row.
      const viewFrom = await page.evaluate(() => performance.now());
      await page.evaluate(() => (document.querySelector('[aria-label^="Show message"][aria-label$="as JSON"]') as HTMLButtonElement).click());
      await page.waitForFunction(() => document.querySelector(".message-json mark") !== null, undefined, { timeout: 60_000 });
      await sleep(300);
      const viewing = await frameGaps(page, viewFrom);

      // Scrolling the whole log: the search cleared (one more keystroke's worth), then 40 wheel turns.
      await search.fill("");
      await sleep(1000);
      const table = page.getByRole("table", { name: "Protocol messages" });
      const box = (await table.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      const scrollFrom = await page.evaluate(() => performance.now());
      for (let i = 0; i < 40; i++) {
        await page.mouse.wheel(0, 600);
        await sleep(40);
      }
      await sleep(300);
      const scrolling = await frameGaps(page, scrollFrom);
      await context.close();

      const perKey = summarize(keys);
      const worst = Math.max(longest(typing), longest(viewing), longest(scrolling));
      return {
        figures: [
          atMost("log search p95 (keystroke → next frame)", perKey.p95, "ms", 50, "≤ 50 ms", `p50 ${perKey.p50.toFixed(1)} ms, max ${perKey.max.toFixed(0)} ms over ${keys.length} keystrokes`),
          atMost("longest frame while searching, showing a match and scrolling", worst, "ms", 50, "≤ 50 ms", `typing and the search ${longest(typing).toFixed(0)} ms, the match shown ${longest(viewing).toFixed(0)} ms, scrolling ${longest(scrolling).toFixed(0)} ms`),
          figure("longest frame while the messages arrive", longest(arriving), "ms", { note: `p95 ${summarize(arriving).p95.toFixed(1)} ms` }),
          figure("page main-thread time, first key → search complete", taskMs, "ms", { note: `of it script ${scriptMs.toFixed(0)} ms; page heap ${searchHeapMb >= 0 ? "+" : ""}${searchHeapMb.toFixed(0)} MB over it (Chromium's Performance metrics: the wall time of the page's main-thread tasks, longer when the machine starves the page)` }),
          figure("search complete after the last key", doneMs, "ms", { note: `${matches} matches among ${held.toLocaleString("en-US")} messages (${((held * 256) / 1024).toFixed(0)} MB); typed over ${typedMs.toFixed(0)} ms` }),
          figure("messages the page holds", held, "", { note: `of ${MESSAGES.toLocaleString("en-US")} sent (${((MESSAGES * 256) / 1024).toFixed(0)} MB); the page's log keeps what logBudgetBytes (at most 256 MB) holds; arrived in ${(loadMs / 1000).toFixed(1)} s; page heap ${heapMb.toFixed(0)} MB` }),
        ],
        notes: [
          `Browser mode, the built UI in headless Chromium at 1280×720. ${MESSAGES.toLocaleString("en-US")} notifications/message of 256 KB (a log line of words; one in 50 says quokka-<n> past its 200th KB) emitted on the core's bus as logEntry, 16 per 20 ms and never more than ${AHEAD} ahead of what the page has (browser mode cuts off a page 64 MB behind), with logLimit ${MESSAGES.toLocaleString("en-US")} and logBudgetBytes 256 MB (the highest the settings allow: the page cannot hold 5,000 × 256 KB = 1.25 GB, and keeps the newest that fit).`,
          `"${QUERY}" typed into Search in payloads a key every 150 ms (Playwright key presses); per key, the time from keydown to the next animation frame. The search looks in each message's keys and values as far as its first 256 KB of JSON text reaches (case-insensitive, on each string where it lies: the needle's rarest character found by indexOf, each place checked a character at a time; no copy made), in slices of at most 8 ms between frames; a new key abandons the scan. The arrival's garbage is collected (HeapProfiler.collectGarbage) before the first key, so the frames and the heap growth measure the search; the page's main-thread time is the wall time of its tasks (Chromium's Performance metrics TaskDuration and ScriptDuration), so it too grows when the machine starves the page. Then the first match's View (its JSON with the matches marked), then the search cleared and 40 wheel turns of 600 px over the table.`,
        ],
        details: { scriptMs, taskMs, searchHeapMb, keys: perKey, arriving: summarize(arriving), typing: summarize(typing), viewing: summarize(viewing), scrolling: summarize(scrolling), held, loadMs, heapMb, doneMs },
      };
    } finally {
      await mode.close();
    }
  },
};
