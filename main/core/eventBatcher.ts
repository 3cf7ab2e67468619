// Coalesces the core's event stream for a renderer: a burst of thousands of events becomes at most
// one batch per frame (~16 ms), in order, nothing dropped. Both adapters (IPC, WebSocket) use it.
import type { InspectorEvent } from "../../shared/contract.js";
import type { TimerHandle, Timers } from "./ports.js";

export const FRAME_MS = 16;
/**
 * How long the first event after a quiet spell waits for company. A local server answers a tool call in a
 * millisecond or two: its result then rides with the run's start instead of waiting out a frame behind it.
 */
export const LEADING_MS = 4;

export class EventBatcher {
  private queue: InspectorEvent[] = [];
  private timer?: TimerHandle;
  private lastFlush = -Infinity;

  constructor(
    private readonly deliver: (batch: InspectorEvent[]) => void,
    private readonly timers: Timers,
    private readonly now: () => number,
    private readonly frameMs = FRAME_MS,
    private readonly leadingMs = LEADING_MS,
  ) {}

  push(event: InspectorEvent): void {
    this.queue.push(event);
    if (this.timer) return;
    this.arm();
  }

  /** The first event after a quiet spell goes out a few ms later, with what came meanwhile; later ones wait for the frame. */
  private arm(): void {
    const sinceFlush = this.now() - this.lastFlush;
    const wait = sinceFlush >= this.frameMs ? this.leadingMs : this.frameMs - sinceFlush;
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      // Timers count whole milliseconds and may fire up to one early: never let two batches share a frame.
      if (this.now() - this.lastFlush < this.frameMs) this.arm();
      else this.flush();
    }, wait);
  }

  /** Deliver whatever is queued now (used on shutdown so nothing is lost). */
  flush(): void {
    if (this.timer) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    this.lastFlush = this.now();
    this.deliver(batch);
  }

  dispose(): void {
    if (this.timer) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = [];
  }

  get pending(): number {
    return this.queue.length;
  }
}
