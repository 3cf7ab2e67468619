// The per-frame coalescing both adapters use: order kept, nothing dropped, at most one batch a frame.
import { describe, expect, it } from "vitest";
import type { InspectorEvent } from "../../shared/contract.js";
import { EventBatcher, FRAME_MS, LEADING_MS } from "../../main/core/eventBatcher.js";
import type { TimerHandle, Timers } from "../../main/core/ports.js";

/** Timers the test fires by hand, with a clock it moves; `early` fires a timer before its time. */
function manualTime() {
  let now = 1_000;
  let pending: { fn: () => void; due: number } | undefined;
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      pending = { fn, due: now + ms };
      return {} as TimerHandle;
    },
    clearTimeout: () => {
      pending = undefined;
    },
    defer: (fn) => fn(),
  };
  return {
    timers,
    now: () => now,
    advance: (ms: number) => (now += ms),
    /** Run the armed timer at the given time (possibly before it was due, as real timers may). */
    fire: (at?: number) => {
      const timer = pending;
      if (!timer) throw new Error("no timer armed");
      pending = undefined;
      now = at ?? timer.due;
      timer.fn();
    },
    get armed() {
      return pending;
    },
  };
}

const event = (n: number): InspectorEvent => ({ type: "stderrLine", payload: { sessionId: "s", line: String(n) } });

describe("EventBatcher", () => {
  it("delivers a burst as one batch, in order, nothing dropped", () => {
    const time = manualTime();
    const batches: InspectorEvent[][] = [];
    const batcher = new EventBatcher((b) => batches.push(b), time.timers, time.now);
    for (let i = 0; i < 5000; i++) batcher.push(event(i));
    time.fire();
    expect(batches).toHaveLength(1);
    expect(batches[0]?.map((e) => (e.payload as { line: string }).line)).toEqual(Array.from({ length: 5000 }, (_, i) => String(i)));
  });

  it("waits a full frame after a batch, even when the timer fires a millisecond early", () => {
    const time = manualTime();
    const deliveredAt: number[] = [];
    const batcher = new EventBatcher(() => deliveredAt.push(time.now()), time.timers, time.now);
    batcher.push(event(1));
    time.fire();
    batcher.push(event(2));
    const due = time.armed?.due as number;
    expect(due - deliveredAt[0]!).toBe(FRAME_MS);
    // A timer that fires one millisecond early must not deliver: it re-arms for the rest of the frame.
    time.fire(due - 1);
    expect(deliveredAt).toHaveLength(1);
    time.fire();
    expect(deliveredAt).toEqual([deliveredAt[0], deliveredAt[0]! + FRAME_MS]);
  });

  it("the first event after a quiet spell waits a few ms, so an answer right behind it rides in the same batch", () => {
    const time = manualTime();
    const batches: InspectorEvent[][] = [];
    const batcher = new EventBatcher((b) => batches.push(b), time.timers, time.now);
    const startedAt = time.now();
    batcher.push(event(1)); // a run's start
    expect((time.armed?.due as number) - startedAt).toBe(LEADING_MS);
    time.advance(LEADING_MS - 2);
    batcher.push(event(2)); // its result, from a fast local server
    time.fire();
    expect(batches.map((b) => b.length)).toEqual([2]);
    // Within the frame after that batch, the next waits for the frame's end, not the leading wait.
    time.advance(5);
    batcher.push(event(3));
    expect((time.armed?.due as number) - time.now()).toBe(FRAME_MS - 5);
    time.fire();
    // A quiet spell again: the leading wait again.
    time.advance(FRAME_MS * 3);
    batcher.push(event(4));
    expect((time.armed?.due as number) - time.now()).toBe(LEADING_MS);
  });

  it("flush delivers what is queued at once and dispose drops the timer", () => {
    const time = manualTime();
    const batches: InspectorEvent[][] = [];
    const batcher = new EventBatcher((b) => batches.push(b), time.timers, time.now);
    batcher.push(event(1));
    batcher.flush();
    expect(batches).toHaveLength(1);
    batcher.push(event(2));
    batcher.dispose();
    expect(time.armed).toBeUndefined();
    expect(batcher.pending).toBe(0);
  });
});
