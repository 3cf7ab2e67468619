// A bounded record of every JSON-RPC message in and out of a session. A ring buffer: memory stays
// fixed at `limit` entries however chatty the server is.
import type { LogEntry } from "../../shared/types.js";

export class RingBuffer<T> {
  private items: (T | undefined)[];
  private start = 0;
  private count = 0;

  constructor(private capacity: number) {
    this.items = new Array(capacity);
  }

  push(item: T): void {
    if (this.count < this.capacity) {
      this.items[(this.start + this.count) % this.capacity] = item;
      this.count++;
    } else {
      this.items[this.start] = item;
      this.start = (this.start + 1) % this.capacity;
    }
  }

  toArray(): T[] {
    const out: T[] = [];
    for (let i = 0; i < this.count; i++) out.push(this.items[(this.start + i) % this.capacity] as T);
    return out;
  }

  get size(): number {
    return this.count;
  }

  /** Keeps the newest entries that still fit. */
  resize(capacity: number): void {
    const kept = this.toArray().slice(-capacity);
    this.capacity = capacity;
    this.items = new Array(capacity);
    this.start = 0;
    this.count = 0;
    for (const item of kept) this.push(item);
  }
}

export type MessageLog = RingBuffer<LogEntry>;
