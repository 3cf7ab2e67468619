// Heap and timer readings. The bench runs with --expose-gc, so a reading is taken after full
// collections, when only what is still referenced remains.
import { nextTurn } from "./env.js";
import { systemPorts, type Ports, type TimerHandle, type Timers } from "../../main/core/ports.js";

function gc(): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error("The bench needs --expose-gc (npm run bench passes it)");
  collect();
}

/** heapUsed in bytes after letting pending callbacks run and collecting until it stops shrinking. */
export async function settledHeapUsed(): Promise<number> {
  let last = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 6; i++) {
    await nextTurn();
    gc();
    const used = process.memoryUsage().heapUsed;
    if (used >= last * 0.999) return Math.min(used, last);
    last = used;
  }
  return last;
}

/** Active timers (setTimeout / setInterval) in this process. */
export function activeTimers(): number {
  return process.getActiveResourcesInfo().filter((name) => name === "Timeout").length;
}

export const KB = 1024;
export const MB = 1024 * 1024;

/**
 * The core's own timers, counted at the Ports boundary it takes them through. Needed beside
 * activeTimers(): the receiver-task expiry timers are unref'd (they must not keep the app alive), and
 * process.getActiveResourcesInfo() lists only ref'd ones. No wrapper per timer (that would add its own
 * memory to the per-task figure): the handles are kept in a set and Node's `_destroyed` flag, set when a
 * timer fires or is cleared, says which still count. Read liveTimers() before reading the heap: it also
 * lets go of the spent handles.
 */
export function countingPorts(base: Ports = systemPorts): { ports: Ports; liveTimers(): number } {
  const handles = new Set<TimerHandle>();
  const timers: Timers = {
    setTimeout(fn, ms) {
      const handle = base.timers.setTimeout(fn, ms);
      handles.add(handle);
      return handle;
    },
    clearTimeout: (handle) => base.timers.clearTimeout(handle),
    defer: (fn) => base.timers.defer(fn),
  };
  const liveTimers = () => {
    for (const handle of handles) if ((handle as { _destroyed?: boolean })._destroyed) handles.delete(handle);
    return handles.size;
  };
  return { ports: { ...base, timers }, liveTimers };
}
