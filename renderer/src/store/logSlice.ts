// Log slice: per session, the protocol message log, the server's stderr and its logging
// notifications. Bounded like main's log, by count and by bytes (issue 19), so a chatty server cannot
// grow the renderer: main already cut each entry to its cap, here the oldest go once the budget is passed.
import type { InspectorEvent, EventPayload } from "../../../shared/contract.js";
import { jsonSize } from "../../../shared/byteBudget.js";
import type { LogEntry } from "../../../shared/types.js";
import { appShareOf } from "../../../shared/appLogShare.js";

export type ServerLogMessage = EventPayload<"serverLog"> & { receivedSeq: number };

export interface SessionLog {
  entries: LogEntry[];
  stderr: string[];
  serverLogs: ServerLogMessage[];
}

export interface LogState {
  logs: Record<string, SessionLog>;
}

export const initialLogState: LogState = { logs: {} };

export const STDERR_LINES_KEPT = 2000;
/** As in main (session.ts): whatever a server prints, at most this many characters of it are kept. */
export const STDERR_CHARS_KEPT = 1024 * 1024;
export const SERVER_LOGS_KEPT = 5000;
const EMPTY: SessionLog = { entries: [], stderr: [], serverLogs: [] };

/** How much of one session's log the page holds: the settings' logLimit and logBudgetBytes. */
export interface PageLogLimits {
  entries: number;
  bytes: number;
}

/** As main counts an entry (messageLog.ts ENTRY_OVERHEAD_BYTES): its payload's JSON text and a fixed overhead. */
const ENTRY_OVERHEAD_BYTES = 200;
/** Each item's size, counted once: a batch re-counts only what it adds. */
const sizes = new WeakMap<object, number>();

function sizeOf(item: LogEntry | ServerLogMessage): number {
  let size = sizes.get(item);
  if (size === undefined) {
    size = jsonSize("payload" in item ? item.payload : item.data) + ENTRY_OVERHEAD_BYTES;
    sizes.set(item, size);
  }
  return size;
}

/** The newest items whose sizes fit `bytes` together (at least the newest one). */
function withinBytes<T extends LogEntry | ServerLogMessage>(items: T[], bytes: number): T[] {
  let total = 0;
  let from = items.length;
  while (from > 0 && (total + sizeOf(items[from - 1]!) <= bytes || from === items.length)) total += sizeOf(items[--from]!);
  return from === 0 ? items : items.slice(from);
}

let serverLogSeq = 0;

export function reduceLog(state: LogState, events: InspectorEvent[], limits: PageLogLimits): LogState {
  // Collect per session first, then copy each touched session's arrays once per batch.
  const touched = new Map<string, { entries: LogEntry[]; stderr: string[]; serverLogs: ServerLogMessage[] }>();
  const bucket = (sessionId: string) => {
    let b = touched.get(sessionId);
    if (!b) touched.set(sessionId, (b = { entries: [], stderr: [], serverLogs: [] }));
    return b;
  };
  for (const event of events) {
    if (event.type === "logEntry") bucket(event.payload.sessionId).entries.push(event.payload);
    else if (event.type === "stderrLine") bucket(event.payload.sessionId).stderr.push(event.payload.line);
    else if (event.type === "serverLog") bucket(event.payload.sessionId).serverLogs.push({ ...event.payload, receivedSeq: ++serverLogSeq });
  }
  if (touched.size === 0) return state;
  const logs = { ...state.logs };
  for (const [sessionId, b] of touched) {
    const current = logs[sessionId] ?? EMPTY;
    logs[sessionId] = {
      entries: b.entries.length ? boundEntries(current.entries.concat(b.entries), limits) : current.entries,
      stderr: b.stderr.length ? withinChars(appendBounded(current.stderr, b.stderr, STDERR_LINES_KEPT)) : current.stderr,
      serverLogs: b.serverLogs.length ? withinBytes(appendBounded(current.serverLogs, b.serverLogs, SERVER_LOGS_KEPT), limits.bytes) : current.serverLogs,
    };
  }
  return { logs };
}

/** Merge what getLog returned with entries that arrived as events meanwhile (seq orders both). */
export function withLogSnapshot(
  state: LogState,
  sessionId: string,
  snapshot: { entries: LogEntry[]; stderr: string[]; serverLogs?: EventPayload<"serverLog">[] },
  limits: PageLogLimits,
): LogState {
  const current = state.logs[sessionId] ?? EMPTY;
  const lastSnapshotSeq = snapshot.entries.at(-1)?.seq ?? -Infinity;
  const newer = current.entries.filter((e) => e.seq > lastSnapshotSeq);
  // Issue 21: the notifications the core kept, then those that came as events after them (by their seq).
  const keptLogs = snapshot.serverLogs ?? [];
  const lastKept = keptLogs.at(-1)?.seq ?? -Infinity;
  const serverLogs = keptLogs.length
    ? appendBounded(
        keptLogs.map((m) => ({ ...m, receivedSeq: ++serverLogSeq })),
        current.serverLogs.filter((m) => m.seq === undefined || m.seq > lastKept),
        SERVER_LOGS_KEPT,
      )
    : current.serverLogs;
  const serverLogsWithin = keptLogs.length ? withinBytes(serverLogs, limits.bytes) : serverLogs;
  return {
    logs: {
      ...state.logs,
      [sessionId]: {
        entries: boundEntries(snapshot.entries.concat(newer), limits),
        // stderr lines carry no sequence; the snapshot already holds every line seen so far.
        stderr: withinChars(snapshot.stderr.length >= current.stderr.length ? snapshot.stderr.slice(-STDERR_LINES_KEPT) : current.stderr),
        serverLogs: serverLogsWithin,
      },
    },
  };
}

/**
 * As main's log bounds them (messageLog.ts): App rows (AP12) keep to their share of the count and bytes,
 * only App rows going over it; the session's own rows get what is left, the newest entry always stays.
 */
export function boundEntries(entries: LogEntry[], limits: PageLogLimits): LogEntry[] {
  if (!entries.some((e) => e.app)) return withinBytes(appendBounded([], entries, limits.entries), limits.bytes);
  const share = appShareOf(limits);
  const newest = entries.at(-1);
  const keep = new Set<LogEntry>();
  let count = 0;
  let bytes = 0;
  // The newest App rows within their share (the newest entry stays even if alone it is over).
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (!e.app) continue;
    if (count >= share.entries || bytes + sizeOf(e) > share.bytes) {
      if (e !== newest) break;
    }
    keep.add(e);
    count++;
    bytes += sizeOf(e);
  }
  // The session's own newest rows in what is left of the whole budget.
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.app) continue;
    if ((count >= limits.entries || bytes + sizeOf(e) > limits.bytes) && e !== newest) break;
    keep.add(e);
    count++;
    bytes += sizeOf(e);
  }
  const kept = entries.filter((e) => keep.has(e));
  // Still over (only when the newest row alone is): App rows go, oldest first, as main drops them.
  while (kept.length > 1 && (kept.length > limits.entries || bytes > limits.bytes)) {
    const i = kept.findIndex((e) => e.app && e !== newest);
    if (i < 0) break;
    bytes -= sizeOf(kept[i]!);
    kept.splice(i, 1);
  }
  return kept.length === entries.length ? entries : kept;
}

function appendBounded<T>(existing: T[], added: T[], limit: number): T[] {
  const total = existing.length + added.length;
  if (total <= limit) return existing.concat(added);
  if (added.length >= limit) return added.slice(added.length - limit);
  return existing.slice(total - limit).concat(added);
}

/** The newest lines that fit STDERR_CHARS_KEPT (at least the last one). */
function withinChars(lines: string[]): string[] {
  let chars = 0;
  let from = lines.length;
  while (from > 0 && (chars + lines[from - 1]!.length <= STDERR_CHARS_KEPT || from === lines.length)) chars += lines[--from]!.length;
  return from === 0 ? lines : lines.slice(from);
}
