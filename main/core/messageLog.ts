// A bounded record of every JSON-RPC message in and out of a session, by count and by bytes: at most
// `entries` entries, at most `bytes` in all (the oldest go first), and no entry over `entryBytes` (a
// bigger message is kept as a structural cut that says its full size). However big or chatty the
// server, a session's log costs at most its byte budget (DESIGN principle 6). The rows of its Apps' bridge
// streams keep to a share of that budget of their own (AP12), so a flooding App drops only its own rows.
import type { LogEntry, Settings } from "../../shared/types.js";
import { cutToFit, fresh } from "../../shared/byteBudget.js";
import { createHash } from "node:crypto";
import { appShareOf } from "../../shared/appLogShare.js";

const MAX_ID_CHARS = 200;

/** How a request id is remembered: a hostile server may send megabyte-long ids, and thousands of them must not cost gigabytes. */
export function idKey(id: unknown): string | number {
  // Integer ids (what SDKs send) are their own key: a Set of small numbers costs no string per id.
  if (typeof id === "number" && Number.isSafeInteger(id)) return id;
  const key = `${typeof id}:${String(id)}`;
  return key.length > MAX_ID_CHARS ? `#${createHash("sha256").update(key).digest("base64")}` : key;
}

/** What a log entry may carry besides the message: a remark (E2 probe, E5), a modern round's exchange (I5). */
export interface LogMarks {
  remark?: string;
  exchange?: LogEntry["exchange"];
  /** The message's size on the wire, when the transport counted it (stdio): the size a cut entry says. */
  wireBytes?: number;
  /** AP12: a row of an App's bridge stream, kept in the Apps' own share of the log. */
  app?: boolean;
}

/** No marks: the default, shared (never written to). */
export const NO_MARKS: Readonly<LogMarks> = Object.freeze({});

/** When a message crossed, as the log says it; a busy session logs many messages in the same millisecond. */
export function isoTimeOf(ms: number): string {
  if (ms !== lastTime.ms) lastTime = { ms, iso: new Date(ms).toISOString() };
  return lastTime.iso;
}
let lastTime = { ms: Number.NaN, iso: "" };

/** How much one session's log may hold. */
export interface LogLimits {
  /** The most entries kept. */
  entries: number;
  /** The most bytes all kept entries may hold together. */
  bytes: number;
  /** The most one entry may hold; a bigger message is cut to this. */
  entryBytes: number;
}

/** The log limits the settings say. */
export function logLimitsOf(settings: Pick<Settings, "logLimit" | "logBudgetBytes" | "logEntryMaxBytes">): LogLimits {
  return { entries: settings.logLimit, bytes: settings.logBudgetBytes, entryBytes: settings.logEntryMaxBytes };
}

/** Defaults for a log made with a count only (tests, tools): the settings' defaults. */
const DEFAULT_LOG_BYTES = 64 * 1024 * 1024;
export const DEFAULT_ENTRY_BYTES = 256 * 1024;
/** What an entry costs besides its payload (seq, time, session id, method, the object itself), counted in its size. */
export const ENTRY_OVERHEAD_BYTES = 200;

/** Entries oldest first with their sizes and arrival order; the oldest leave from the front. */
class Queue {
  entries: LogEntry[] = [];
  sizes: number[] = [];
  order: number[] = [];
  /** Index of the oldest kept entry: evicted ones before it are holes until the next compaction. */
  start = 0;
  bytes = 0;

  get size(): number {
    return this.entries.length - this.start;
  }

  push(entry: LogEntry, size: number, order: number): void {
    this.entries.push(entry);
    this.sizes.push(size);
    this.order.push(order);
    this.bytes += size;
  }

  shift(): void {
    this.bytes -= this.sizes[this.start]!;
    this.entries[this.start++] = undefined as unknown as LogEntry;
    // Compact now and then, so evicted entries do not pile up as holes.
    if (this.start > 1024 && this.start * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.start);
      this.sizes = this.sizes.slice(this.start);
      this.order = this.order.slice(this.start);
      this.start = 0;
    }
  }
}

interface OpenRequest {
  method: string;
  exchange?: LogEntry["exchange"];
  /** The task the request named, so its response (an error, an empty ack) names it too. */
  taskId?: string;
}

const RELATED_TASK = "io.modelcontextprotocol/related-task";
const MAX_TASK_ID_CHARS = 300;

/** The task a request is about: params.taskId (tasks/get, result, cancel, update) or its related-task `_meta`. */
function taskIdOfRequest(params: unknown): string | undefined {
  const p = params && typeof params === "object" ? (params as Record<string, unknown>) : undefined;
  const meta = p?._meta && typeof p._meta === "object" ? (p._meta as Record<string, unknown>)[RELATED_TASK] : undefined;
  const related = meta && typeof meta === "object" ? (meta as Record<string, unknown>).taskId : undefined;
  const taskId = typeof p?.taskId === "string" ? p.taskId : typeof related === "string" ? related : undefined;
  // A hostile id is remembered by its start only (one per open request, up to OPEN_REQUESTS_KEPT).
  return taskId === undefined ? undefined : taskId.length > MAX_TASK_ID_CHARS ? `${fresh(taskId.slice(0, MAX_TASK_ID_CHARS - 1))}…` : taskId;
}

/** Requests still waiting for their response, remembered so a response can name the method it answers. */
const OPEN_REQUESTS_KEPT = 10_000;

/**
 * The protocol log of one session. A JSON-RPC response carries no method, so each response entry is
 * labelled with the method of the request it answers: the log reads "tasks/get → result", not "→ result".
 */
export class MessageLog {
  /** The session's own rows (the wire, our notes) and, apart, its Apps' bridge rows (AP12). */
  private readonly own = new Queue();
  private readonly app = new Queue();
  private recorded = 0;
  /** AP12: how many App rows the Apps' share has dropped, said on each App row. */
  private appDropped = 0;
  private limits: LogLimits;
  /** By the request's direction, idKey(id) → method, and the exchange a modern round belongs to (I5). */
  private readonly openRequests = { in: new Map<string | number, OpenRequest>(), out: new Map<string | number, OpenRequest>() };
  /** AP12: the Apps' share of the limits, worked out when they change (every entry is checked against it). */
  private appShare: { entries: number; bytes: number };

  constructor(
    private readonly sessionId: string,
    limits: number | LogLimits,
  ) {
    this.limits = checked(limits);
    this.appShare = appShareOf(this.limits);
  }

  /**
   * Records one message as it crossed the wire; `note` explains a message that was not passed on. With
   * `preview` (a message too big to keep), the entry holds the note and the start of its text instead.
   */
  record(direction: "in" | "out", message: unknown, seq: number, time: string, note?: string, preview?: string, marks: Readonly<LogMarks> = NO_MARKS): LogEntry {
    const m = (message ?? {}) as { method?: unknown; id?: unknown; params?: unknown; result?: unknown; error?: unknown };
    const id = typeof m.id === "string" || typeof m.id === "number" ? m.id : undefined;
    let method = typeof m.method === "string" ? m.method : undefined;
    let exchange = marks.exchange;
    let taskId: string | undefined;
    if (id !== undefined) {
      if (method !== undefined) {
        // A request; an ignored duplicate (note) gets no second answer, so it opens nothing.
        if (!note || preview !== undefined) {
          const open: OpenRequest = { method };
          if (exchange) open.exchange = exchange;
          const requestTask = taskIdOfRequest(m.params);
          if (requestTask !== undefined) open.taskId = requestTask;
          this.open(this.openRequests[direction], idKey(id), open);
        }
      } else if ("result" in m || "error" in m) {
        const requests = this.openRequests[direction === "in" ? "out" : "in"];
        const key = idKey(id);
        const open = requests.get(key);
        if (open) {
          method = open.method;
          exchange ??= open.exchange;
          taskId = open.taskId;
          requests.delete(key);
        }
      }
    }
    const whole = preview !== undefined ? { note, preview: fresh(preview) } : note ? { note, message } : message;
    // One entry never holds more than its cap (nor more than the whole budget): past it, a structural cut.
    const fitted = cutToFit(whole, Math.min(this.limits.entryBytes, this.limits.bytes - ENTRY_OVERHEAD_BYTES), marks.wireBytes);
    // Field by field, in one order: a spread per optional field would cost an object each, for every message.
    const entry = { seq, sessionId: this.sessionId, direction, time } as LogEntry;
    if (method !== undefined) entry.method = method;
    // A megabyte-long id (hostile servers send them) is shown by its start.
    if (id !== undefined) entry.id = typeof id === "string" && id.length > MAX_ID_CHARS ? `${fresh(id.slice(0, MAX_ID_CHARS))}…` : id;
    entry.payload = fitted.value;
    if (marks.remark) entry.remark = marks.remark;
    if (exchange) entry.exchange = exchange;
    if (taskId !== undefined) entry.taskId = taskId;
    if (fitted.cut) entry.cut = fitted.cut;
    const size = fitted.size + ENTRY_OVERHEAD_BYTES;
    (marks.app ? this.app : this.own).push(entry, size, this.recorded++);
    this.evict();
    // Said after the eviction, so the row that caused a drop counts it.
    if (marks.app) entry.app = { dropped: this.appDropped };
    return entry;
  }

  /** Oldest first: the session's rows and its App rows in the order they were recorded. */
  toArray(): LogEntry[] {
    const { own, app } = this;
    if (app.size === 0) return own.entries.slice(own.start);
    if (own.size === 0) return app.entries.slice(app.start);
    const out: LogEntry[] = [];
    let i = own.start;
    let j = app.start;
    while (i < own.entries.length || j < app.entries.length) {
      if (j >= app.entries.length || (i < own.entries.length && own.order[i]! < app.order[j]!)) out.push(own.entries[i++]!);
      else out.push(app.entries[j++]!);
    }
    return out;
  }

  get size(): number {
    return this.own.size + this.app.size;
  }

  /** The bytes the kept entries hold, as the budget counts them. */
  retainedBytes(): number {
    return this.own.bytes + this.app.bytes;
  }

  /** New limits (a count alone keeps the byte limits): the newest entries that fit stay. */
  resize(limits: number | LogLimits): void {
    this.limits = checked(typeof limits === "number" ? { ...this.limits, entries: limits } : limits);
    this.appShare = appShareOf(this.limits);
    this.evict();
  }

  /**
   * The oldest go first, until both the count and the byte budget hold; the newest entry always stays. App
   * rows first keep to their share (AP12), dropping only App rows; then, over the whole budget, the session's
   * own oldest rows go (the App rows left are within their share), and App rows only when none of those is left.
   */
  private evict(): void {
    const share = this.appShare;
    const newestIsApp = this.app.size > 0 && (this.own.size === 0 || this.app.order[this.app.entries.length - 1]! > this.own.order[this.own.entries.length - 1]!);
    while (this.app.size > (newestIsApp ? 1 : 0) && (this.app.size > share.entries || this.app.bytes > share.bytes)) {
      this.app.shift();
      this.appDropped++;
    }
    while (this.size > 1 && (this.size > this.limits.entries || this.retainedBytes() > this.limits.bytes)) {
      if (this.own.size > (newestIsApp ? 0 : 1)) this.own.shift();
      else {
        this.app.shift();
        this.appDropped++;
      }
    }
  }

  private open(requests: Map<string | number, OpenRequest>, key: string | number, request: OpenRequest): void {
    requests.set(key, request);
    // A peer that never answers must not grow this map without bound (each direction keeps its own).
    if (requests.size > OPEN_REQUESTS_KEPT) {
      const oldest = requests.keys().next().value;
      if (oldest !== undefined) requests.delete(oldest);
    }
  }
}

/**
 * What the page gets of a server's logging notification: its data up to this size (the Logs tab shows a
 * line of it; the protocol log holds the message up to the per-entry cap), so 1,000 notifications of 4 MB
 * cost the page 16 MB, not 4 GB.
 */
export const SERVER_LOG_DATA_BYTES = 16 * 1024;

function checked(limits: number | LogLimits): LogLimits {
  const l = typeof limits === "number" ? { entries: limits, bytes: DEFAULT_LOG_BYTES, entryBytes: DEFAULT_ENTRY_BYTES } : limits;
  if (!Number.isInteger(l.entries) || l.entries < 1) throw new RangeError(`A message log needs room for at least 1 entry, not ${l.entries}`);
  if (!(l.bytes >= 4 * ENTRY_OVERHEAD_BYTES) || !(l.entryBytes >= 1)) throw new RangeError(`A message log needs a byte budget of at least ${4 * ENTRY_OVERHEAD_BYTES} and an entry cap of at least 1 byte`);
  return { ...l };
}

/**
 * Lines bounded by count and by characters: a server that prints 400 MB keeps at most `maxChars` of it
 * here (the newest lines), and the page asks for no more than that.
 */
export class BoundedLines {
  private lines: string[] = [];
  private start = 0;
  private chars = 0;

  constructor(
    private readonly maxLines: number,
    private readonly maxChars: number,
  ) {}

  push(line: string): void {
    this.lines.push(line);
    this.chars += line.length;
    while (this.lines.length - this.start > this.maxLines || (this.chars > this.maxChars && this.lines.length - this.start > 1)) {
      this.chars -= this.lines[this.start]!.length;
      this.lines[this.start++] = "";
    }
    // Compact now and then, so dropped lines do not pile up as holes.
    if (this.start > 1024 && this.start * 2 > this.lines.length) {
      this.lines = this.lines.slice(this.start);
      this.start = 0;
    }
  }

  toArray(): string[] {
    return this.lines.slice(this.start);
  }

  get totalChars(): number {
    return this.chars;
  }
}
