// A bounded record of every JSON-RPC message in and out of a session. A ring buffer: memory stays
// fixed at `limit` entries however chatty the server is.
import type { LogEntry } from "../../shared/types.js";

export class RingBuffer<T> {
  private items: (T | undefined)[];
  private start = 0;
  private count = 0;

  constructor(private capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`A ring buffer needs a capacity of at least 1, not ${capacity}`);
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

  get limit(): number {
    return this.capacity;
  }

  /** Keeps the newest entries that still fit. */
  resize(capacity: number): void {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`A ring buffer needs a capacity of at least 1, not ${capacity}`);
    const kept = this.toArray().slice(-capacity);
    this.capacity = capacity;
    this.items = new Array(capacity);
    this.start = 0;
    this.count = 0;
    for (const item of kept) this.push(item);
  }
}

/** Requests still waiting for their response, remembered so a response can name the method it answers. */
const OPEN_REQUESTS_KEPT = 10_000;

/**
 * The protocol log of one session. A JSON-RPC response carries no method, so each response entry is
 * labelled with the method of the request it answers: the log reads "tasks/get → result", not "→ result".
 */
export class MessageLog {
  private readonly entries: RingBuffer<LogEntry>;
  /** `${direction of the request}:${typeof id}:${id}` → method. */
  private readonly openRequests = new Map<string, string>();

  constructor(
    private readonly sessionId: string,
    limit: number,
  ) {
    this.entries = new RingBuffer(limit);
  }

  /** Records one message as it crossed the wire; `note` explains a message that was not passed on. */
  record(direction: "in" | "out", message: unknown, seq: number, time: string, note?: string): LogEntry {
    const m = (message ?? {}) as { method?: unknown; id?: unknown; result?: unknown; error?: unknown };
    const id = typeof m.id === "string" || typeof m.id === "number" ? m.id : undefined;
    let method = typeof m.method === "string" ? m.method : undefined;
    if (id !== undefined) {
      if (method !== undefined) {
        // A request; an ignored duplicate (note) gets no second answer, so it opens nothing.
        if (!note) this.open(`${direction}:${typeof id}:${id}`, method);
      } else if ("result" in m || "error" in m) {
        const key = `${direction === "in" ? "out" : "in"}:${typeof id}:${id}`;
        method = this.openRequests.get(key);
        this.openRequests.delete(key);
      }
    }
    const entry: LogEntry = {
      seq,
      sessionId: this.sessionId,
      direction,
      time,
      ...(method !== undefined ? { method } : {}),
      ...(id !== undefined ? { id } : {}),
      payload: note ? { note, message } : message,
    };
    this.entries.push(entry);
    return entry;
  }

  toArray(): LogEntry[] {
    return this.entries.toArray();
  }

  get size(): number {
    return this.entries.size;
  }

  resize(limit: number): void {
    this.entries.resize(limit);
  }

  private open(key: string, method: string): void {
    this.openRequests.set(key, method);
    // A peer that never answers must not grow this map without bound.
    if (this.openRequests.size > OPEN_REQUESTS_KEPT) {
      const oldest = this.openRequests.keys().next().value;
      if (oldest !== undefined) this.openRequests.delete(oldest);
    }
  }
}
