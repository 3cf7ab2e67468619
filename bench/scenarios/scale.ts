// Scenario 3: 10,000 live receiver tasks in one session. Heap per task; tasks/get and the first tasks/list
// page at 100 and at 10,000 live tasks over the wire; a full tasks/list walk; then every task expires and
// the heap and the timers must be back where they started. Whether tasks/get is O(1) and a page O(page
// size) is judged on the store alone at 1,000 to 100,000 tasks (lib/storeComplexity.ts), where the pipe's
// fixed cost cannot hide a growing one.
import type { ReceiverTaskStore } from "../../main/core/receiver/receiverTaskStore.js";
import { count, now, QUICK, waitUntil } from "../lib/env.js";
import { activeTimers, countingPorts, KB, MB, settledHeapUsed } from "../lib/memory.js";
import { startOurReceiver, type OurReceiver } from "../lib/ourReceiver.js";
import { atMost, figure, type Scenario } from "../lib/results.js";
import { ratio, summarize } from "../lib/stats.js";
import { storeTimings } from "../lib/storeComplexity.js";

const SMALL = 100;
const LARGE = count(10_000, 1_000);
/** Long enough to create all tasks and measure before the first one expires. */
const TTL_MS = QUICK ? 8_000 : 30_000;
const SMALL_TTL_MS = 5_000;

interface Walk {
  pages: number;
  tasks: number;
  totalMs: number;
  pageMs: number[];
}

/** tasks/get and tasks/list, over the wire, at the current number of live tasks. */
async function probe(receiver: OurReceiver, gets: number) {
  const wireGet = summarize((await receiver.call<{ ms: number[] }>("get-latency", { count: gets })).ms);
  const wirePage = summarize((await receiver.call<{ ms: number[]; size: number }>("list-first-page", { count: 200 })).ms);
  const walk = await receiver.call<Walk>("list-walk");
  return { wireGet, wirePage, walk };
}

/** Push the protocol log (bounded by count) past the big responses (10,000 ids) so it does not count as task memory. */
async function flushLog(receiver: OurReceiver): Promise<void> {
  await receiver.call("ping", { count: 150 });
}

/** The live session: heap and timers before, with 10,000 live tasks, and after they all expired. */
async function measureSession() {
  const counted = countingPorts();
  // logLimit at its minimum: the log's (bounded) memory is scenario 5's subject, not task memory.
  const receiver = await startOurReceiver({ settings: { maxLiveReceiverTasks: 20_000, logLimit: 100 }, ports: counted.ports });
  try {
    const store = receiver.core.session(receiver.sessionId).receiverTaskStore as ReceiverTaskStore;
    const timers = () => ({ ref: activeTimers(), core: counted.liveTimers() });

    // Warm-up, and the wire figures at 100 tasks.
    await receiver.call("create-tasks", { count: SMALL, ttl: SMALL_TTL_MS, concurrency: 16 });
    const small = await probe(receiver, 500);
    await waitUntil(() => store.size === 0, "the warm-up tasks to expire", SMALL_TTL_MS + 30_000);
    await flushLog(receiver);
    const timersStart = timers(); // before the heap reading: it lets go of spent timer handles
    const heapStart = await settledHeapUsed();

    const createStarted = now();
    const created = await receiver.call<{ created: number; errorCount: number; errors: string[] }>("create-tasks", { count: LARGE, ttl: TTL_MS, concurrency: 32 });
    const createMs = now() - createStarted;
    if (created.errorCount > 0) throw new Error(`${created.errorCount} tasks were refused: ${created.errors[0]}`);
    if (createMs + 5_000 > TTL_MS) throw new Error(`Creating ${LARGE} tasks took ${createMs.toFixed(0)} ms, too close to their ttl of ${TTL_MS} ms`);
    await flushLog(receiver);
    const live = store.liveCount;
    const timersLive = timers();
    const heapLive = await settledHeapUsed();

    const large = await probe(receiver, 1000);
    const stillLive = store.liveCount;

    await waitUntil(() => store.size === 0, "every task to expire", TTL_MS + 60_000, 100);
    await flushLog(receiver);
    const timersEnd = timers();
    const heapEnd = await settledHeapUsed();

    // A second full cycle tells a leak (it would grow again by as much) from what the first cycle left
    // for good: bounded caches (recent request ids, expired ids, departed inputs) and optimised code.
    const again = await receiver.call<{ errorCount: number }>("create-tasks", { count: LARGE, ttl: TTL_MS, concurrency: 32 });
    if (again.errorCount > 0) throw new Error(`${again.errorCount} tasks of the second cycle were refused`);
    await waitUntil(() => store.size === 0, "the second cycle's tasks to expire", TTL_MS + 60_000, 100);
    await flushLog(receiver);
    timers(); // lets go of spent timer handles, as before the first reading
    const heapSecondEnd = await settledHeapUsed();
    return { small, large, live, stillLive, createMs, heapStart, heapLive, heapEnd, heapSecondEnd, timersStart, timersLive, timersEnd };
  } finally {
    await receiver.close();
  }
}

export const scale: Scenario = {
  id: "scale",
  title: "3. Scale: 10,000 live receiver tasks",
  async run() {
    const m = await measureSession();
    await storeTimings([1_000]); // warm-up
    const sizes = await storeTimings(QUICK ? [1_000, 10_000] : [1_000, 10_000, 100_000]);
    const fewest = sizes[0]!;
    const most = sizes[sizes.length - 1]!;
    const growth = `${fewest.tasks.toLocaleString("en-US")} → ${most.tasks.toLocaleString("en-US")} tasks`;
    const pageGrowth = Math.max(ratio(most.firstPageUs, fewest.firstPageUs), ratio(most.middlePageUs, fewest.middlePageUs));
    const perTask = (m.heapLive - m.heapStart) / m.live;
    const timersLeft = m.timersEnd.core - m.timersStart.core + Math.max(0, m.timersEnd.ref - m.timersStart.ref);
    const mb = (bytes: number) => (bytes / MB).toFixed(1);
    const n = (x: number) => x.toLocaleString("en-US");

    return {
      figures: [
        atMost("heap per live task", perTask, "B", 2 * KB, "< 2 KB", `${n(m.live)} live; ${mb(m.heapLive - m.heapStart)} MB in all`),
        figure(`creating ${n(LARGE)} tasks`, m.createMs, "ms", { note: "32 requests in flight" }),
        figure(`tasks/get p50 at ${n(LARGE)} tasks`, m.large.wireGet.p50, "ms", { note: `${m.small.wireGet.p50.toFixed(3)} ms at ${SMALL}; over stdio` }),
        atMost(`tasks/get, store alone, ${growth}`, ratio(most.getUs, fewest.getUs), "×", 3, "O(1): ≤ 3× for 100× the tasks",
          `${sizes.map((r) => r.getUs.toFixed(2)).join(" → ")} µs`),
        figure(`first tasks/list page p50 at ${n(LARGE)} tasks`, m.large.wirePage.p50, "ms", { note: `${m.small.wirePage.p50.toFixed(3)} ms at ${SMALL}; 100 tasks a page; over stdio` }),
        atMost(`tasks/list page, store alone, ${growth}`, pageGrowth, "×", 3, "O(page size): ≤ 3× for 100× the tasks",
          `first page ${sizes.map((r) => r.firstPageUs.toFixed(1)).join(" → ")} µs; middle page ${sizes.map((r) => r.middlePageUs.toFixed(1)).join(" → ")} µs`),
        figure("full tasks/list walk", m.large.walk.totalMs, "ms", { note: `${m.large.walk.pages} pages, ${n(m.large.walk.tasks)} tasks` }),
        atMost("heap after expiry ÷ heap at start", ratio(m.heapEnd, m.heapStart), "×", 1.1, "≤ 1.10×", `${mb(m.heapStart)} → ${mb(m.heapLive)} → ${mb(m.heapEnd)} MB`),
        atMost("heap after a second cycle ÷ after the first", ratio(m.heapSecondEnd, m.heapEnd), "×", 1.05, "≤ 1.05× (no growth per cycle)",
          `${mb(m.heapEnd)} → ${mb(m.heapSecondEnd)} MB after another ${n(LARGE)} tasks lived and expired`),
        atMost("timers left after expiry", timersLeft, "", 0, "0",
          `core timers ${m.timersStart.core} → ${m.timersLive.core} → ${m.timersEnd.core}; ref'd Timeouts ${m.timersStart.ref} → ${m.timersLive.ref} → ${m.timersEnd.ref}`),
      ],
      notes: [
        `One session to bench/server.mjs; ${n(LARGE)} task-augmented elicitations nobody answers, ttl ${TTL_MS / 1000} s, logLimit at its minimum (100) so the log's bounded memory is not counted as task memory.`,
        "Heap figures are heapUsed after full collections (--expose-gc); per task they include the pending input the UI would show.",
        "O(1) and O(page size) are judged on the store alone (bench/lib/storeComplexity.ts), filled with 1,000, 10,000 and 100,000 tasks, median of thousands of calls: over stdio the pipe's fixed cost would hide a growing one. tasks/get polls 100 tasks spread over the store, so each size touches as much memory and what grows is the algorithm, not cache misses; an O(n) step would be 100×.",
        "Timers: the expiry timers are unref'd, so process.getActiveResourcesInfo() does not list them; the core's timers are also counted where it takes them, at its Ports interface.",
        `${m.stillLive === m.live ? "All" : `${m.stillLive} of ${m.live}`} tasks were still live when the probes ended.`,
      ],
      details: { ...m, large: { ...m.large, walk: { ...m.large.walk, pageMs: summarize(m.large.walk.pageMs) } }, sizes },
    };
  },
};
