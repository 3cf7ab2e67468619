// How the receiver-task store's own work grows with the number of tasks, with no pipe in front of it:
// a store filled with N tasks (1,000, 10,000, 100,000), timers faked so nothing expires, and the median
// time of tasks/get and of one tasks/list page (the first, and one from the middle).
// O(1) and O(page size) show as flat rows; an O(n) step shows as a 10× jump per row.
import { ReceiverTaskStore } from "../../main/core/receiver/receiverTaskStore.js";
import { systemPorts, type Ports } from "../../main/core/ports.js";
import { percentile } from "./stats.js";

export interface StoreTimings {
  tasks: number;
  getUs: number;
  firstPageUs: number;
  middlePageUs: number;
}

const noTimers: Ports = {
  ...systemPorts,
  timers: { setTimeout: () => ({}), clearTimeout: () => {}, defer: () => {} },
};

/** Median time of one call in µs: each sample times `batch` calls, so the clock's own cost does not swamp a sub-µs call. */
function medianUs(samples: number, batch: number, fn: (i: number) => unknown): number {
  const times: number[] = [];
  let sink = 0; // results are used, so the calls cannot be optimised away
  for (let s = 0; s < samples; s++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) sink += fn(s * batch + i) ? 1 : 0;
    times.push(Number(process.hrtime.bigint() - started) / 1e3 / batch);
  }
  if (sink < 0) console.log(sink);
  return percentile(times, 50);
}

export async function storeTimings(sizes: readonly number[]): Promise<StoreTimings[]> {
  const rows: StoreTimings[] = [];
  for (const tasks of sizes) {
    const limits = { maxLiveTasks: tasks, maxTtlMs: 3_600_000, defaultTtlMs: 600_000, pollIntervalMs: 500 };
    const store = new ReceiverTaskStore("bench", noTimers, () => limits, { changed: () => {}, removed: () => {} });
    const ids: string[] = [];
    for (let i = 0; i < tasks; i++) ids.push(store.create("elicitation/create", i, 600_000).task.taskId);
    // A cursor into the middle of the list, as a server walking it would hold.
    let cursor: string | undefined;
    for (let page = 0; page < Math.floor(tasks / 200); page++) cursor = (await store.listTasks(cursor)).nextCursor;
    const middle = cursor;
    // listTasks does all its work before its first await, so timing the call is timing the work.
    // tasks/get of 100 tasks spread over the whole store, as a server polls the few it waits on: the same
    // amount of memory is touched at every size, so what grows is the algorithm, not cache misses.
    const polled = Array.from({ length: 100 }, (_, k) => ids[Math.floor((k * ids.length) / 100)] as string);
    const get = (i: number) => store.get(polled[i % 100] as string);
    const firstPage = () => store.listTasks(undefined);
    const middlePage = () => store.listTasks(middle);
    medianUs(20, 100, get); // warm-up
    medianUs(20, 5, firstPage);
    medianUs(20, 5, middlePage);
    const getUs = medianUs(200, 100, get);
    const firstPageUs = medianUs(100, 5, firstPage);
    const middlePageUs = medianUs(100, 5, middlePage);
    rows.push({ tasks, getUs, firstPageUs, middlePageUs });
    store.closeAll("bench over");
  }
  return rows;
}
