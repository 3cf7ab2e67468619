// Search inside the log's payloads. The text a server sent is matched as plain text (case-insensitive
// `includes`, never a RegExp built from what the user typed), each message's searchable text is bounded,
// and the scan runs in slices of a few milliseconds between frames, so 5,000 messages of 256 KB each are
// searched without freezing the page; typing again abandons the scan in progress. Each message's text is
// made ahead, in idle time while the Logs tab is open, so the first search only scans (making 256 MB of
// text on the first keystroke made the page's garbage collection pause for 300 ms and more).
import { useEffect, useMemo, useRef, useState } from "react";
import type { LogEntry } from "../../../../shared/types.js";

/** How much of one message is searched (its JSON text, from the start). */
export const SEARCH_CHARS_PER_ENTRY = 256 * 1024;
/** One slice of the scan: stops at whichever comes first. */
const SLICE_MS = 8;
const SLICE_CHARS = 4 * 1024 * 1024;
/** Texts made in one idle period at most (the browser's deadline may stop it sooner). */
export const AHEAD_CHARS_PER_IDLE = 2 * 1024 * 1024;

// Lower-cased once per message: the log's entries are immutable, so the text is cached by identity. It
// lives as long as its entry: at most the JSON of what the log holds, so within the log's byte budget again.
const searchable = new WeakMap<LogEntry, string>();

export function searchTextOf(entry: LogEntry): string {
  let text = searchable.get(entry);
  if (text === undefined) {
    let json: string;
    try {
      json = JSON.stringify(entry.payload) ?? "";
    } catch {
      json = "";
    }
    // One copy: lower-casing text that has no capitals returns the same string, and the method is matched apart.
    text = (json.length > SEARCH_CHARS_PER_ENTRY ? json.slice(0, SEARCH_CHARS_PER_ENTRY) : json).toLowerCase();
    searchable.set(entry, text);
  }
  return text;
}

function matches(entry: LogEntry, needle: string): boolean {
  return searchTextOf(entry).includes(needle) || (entry.method !== undefined && entry.method.toLowerCase().includes(needle));
}

export interface IdleDeadline {
  timeRemaining(): number;
}

/**
 * Makes the search texts of `entries` not yet made, newest first, until the deadline or
 * AHEAD_CHARS_PER_IDLE; stops at the first entry of seq ≤ `doneSeq` (made by an earlier pass).
 * Returns the seq every entry up to which now has its text, or undefined when time ran out first.
 */
export function makeSearchTextsAhead(entries: readonly LogEntry[], doneSeq: number, deadline: IdleDeadline): number | undefined {
  let chars = 0;
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.seq <= doneSeq) break;
    if (searchable.has(entry)) continue;
    if (chars >= AHEAD_CHARS_PER_IDLE || deadline.timeRemaining() < 1) return undefined;
    chars += searchTextOf(entry).length;
  }
  return entries.at(-1)?.seq ?? doneSeq;
}

type IdleScheduler = { start(work: (deadline: IdleDeadline) => void): () => void };

// Where requestIdleCallback is missing (happy-dom, older engines), a zero timeout with a budget of one slice.
const idle: IdleScheduler = {
  start(work) {
    if (typeof requestIdleCallback === "function" && typeof cancelIdleCallback === "function") {
      const cancel = cancelIdleCallback;
      const id = requestIdleCallback(work);
      return () => cancel(id);
    }
    const timer = setTimeout(() => {
      const until = performance.now() + SLICE_MS;
      work({ timeRemaining: () => until - performance.now() });
    }, 0);
    return () => clearTimeout(timer);
  },
};

/**
 * Makes the search texts of the log's messages ahead, in idle periods, as they arrive: newest first, so a
 * burst the page is still catching up with is searchable from its newest end. `scope` names the log (a
 * session's, a recording's): its seqs restart when it changes.
 */
export function useSearchTextsAhead(entries: readonly LogEntry[], scope: string): void {
  const done = useRef({ scope, seq: -Infinity });
  if (done.current.scope !== scope) done.current = { scope, seq: -Infinity };
  useEffect(() => {
    const state = done.current;
    if ((entries.at(-1)?.seq ?? -Infinity) <= state.seq) return;
    let stop = () => {};
    const pass = (deadline: IdleDeadline) => {
      const seq = makeSearchTextsAhead(entries, state.seq, deadline);
      if (seq === undefined) stop = idle.start(pass);
      else state.seq = seq;
    };
    stop = idle.start(pass);
    return () => stop();
  }, [entries, scope]);
}

export interface SearchState {
  /** The seqs of matching messages so far; undefined when there is no query. */
  matches?: ReadonlySet<number>;
  scanned: number;
  total: number;
  done: boolean;
}

const NO_SEARCH: SearchState = { scanned: 0, total: 0, done: true };

/** Matches of `query` among `entries`, found a slice at a time; the state updates once per slice. */
export function useLogSearch(entries: readonly LogEntry[], query: string): SearchState {
  const needle = useMemo(() => query.trim().toLowerCase(), [query]);
  const [state, setState] = useState<SearchState>(NO_SEARCH);
  useEffect(() => {
    if (!needle) {
      setState(NO_SEARCH);
      return;
    }
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const found = new Set<number>();
    let index = 0;
    const slice = () => {
      const started = performance.now();
      let chars = 0;
      while (index < entries.length && performance.now() - started < SLICE_MS && chars < SLICE_CHARS) {
        const entry = entries[index++]!;
        chars += searchTextOf(entry).length;
        if (matches(entry, needle)) found.add(entry.seq);
      }
      if (cancelled) return;
      const done = index >= entries.length;
      setState({ matches: new Set(found), scanned: index, total: entries.length, done });
      if (!done) timer = setTimeout(slice, 0);
    };
    setState({ matches: new Set(), scanned: 0, total: entries.length, done: entries.length === 0 });
    timer = setTimeout(slice, 0);
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [entries, needle]);
  return state;
}

/**
 * Request → its answer, in ms, keyed by the seq of both messages: ours answered by the server and the
 * server's answered by us, matched by direction and id (recorded times have ms resolution).
 */
export function latencies(entries: readonly LogEntry[]): Map<number, number> {
  const asked = new Map<string, LogEntry>();
  const out = new Map<number, number>();
  for (const e of entries) {
    if (e.id === undefined) continue;
    const id = typeof e.id === "string" ? `s:${e.id}` : `n:${String(e.id)}`;
    const payload = e.payload as { method?: unknown; result?: unknown; error?: unknown } | null;
    const isAnswer = payload !== null && typeof payload === "object" && payload.method === undefined && ("result" in payload || "error" in payload);
    if (!isAnswer) {
      if (payload && typeof payload === "object" && typeof payload.method === "string") asked.set(`${e.direction}:${id}`, e);
      continue;
    }
    const key = `${e.direction === "in" ? "out" : "in"}:${id}`;
    const request = asked.get(key);
    if (!request) continue;
    asked.delete(key);
    const ms = Date.parse(e.time) - Date.parse(request.time);
    if (!Number.isFinite(ms)) continue;
    out.set(request.seq, ms);
    out.set(e.seq, ms);
  }
  return out;
}

export function formatLatency(ms: number | undefined): string {
  if (ms === undefined) return "";
  return ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.max(0, Math.round(ms))} ms`;
}
