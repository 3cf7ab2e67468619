// Search inside the log's payloads. The text a server sent is matched as plain text (case-insensitive,
// what the user typed never read as a pattern), each message's searched part is bounded, and the
// scan runs in slices of a few milliseconds between frames, so 5,000 messages of 256 KB each are searched
// without freezing the page; typing again abandons the scan in progress. A query is looked for in each
// key and value of the message where it lies, making no copy: making each message's text (JSON.stringify
// and toLowerCase of 256 MB) on the first search made the page's garbage collection pause for 300 ms and
// more, and keeping those texts doubled what the log holds. Only a query with a quote in it (`"isError":
// true`) is looked for in the message's JSON text, made once and kept.
import { useEffect, useMemo, useRef, useState } from "react";
import type { LogEntry } from "../../../../shared/types.js";

/** How much of one message is searched (its JSON text, from the start; its keys and values as far as that reaches). */
export const SEARCH_CHARS_PER_ENTRY = 256 * 1024;
/** One slice of the scan: stops at whichever comes first. */
const SLICE_MS = 8;
const SLICE_CHARS = 4 * 1024 * 1024;

// Lower-cased once per message: the log's entries are immutable, so the text is cached by identity.
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
    text = (json.length > SEARCH_CHARS_PER_ENTRY ? json.slice(0, SEARCH_CHARS_PER_ENTRY) : json).toLowerCase();
    searchable.set(entry, text);
  }
  return text;
}

/** A query ready to match: its characters case-folded, and the one to look for first. */
export interface LogQuery {
  needle: string;
  codes: number[];
  /** The needle's rarest character (by English letter frequency; a digit or sign rarer still), in each case. */
  anchor: { at: number; chars: string[] };
  /** A quote spans keys and values: matched in the JSON text. */
  inJson: boolean;
}

/** One UTF-16 unit lower-cased; ASCII without a call. */
function fold(c: number): number {
  if (c >= 65 && c <= 90) return c + 32;
  return c < 128 ? c : String.fromCharCode(c).toLowerCase().charCodeAt(0);
}

const COMMON = " etaoinsrhldcumfpgwybvkxjqz";

export function logQuery(typed: string): LogQuery | undefined {
  const needle = typed.trim().toLowerCase();
  if (!needle) return undefined;
  const codes = Array.from({ length: needle.length }, (_, i) => fold(needle.charCodeAt(i)));
  const rarity = (c: number) => {
    const i = COMMON.indexOf(String.fromCharCode(c));
    return i === -1 ? COMMON.length : i;
  };
  let at = 0;
  for (let i = 1; i < codes.length; i++) if (rarity(codes[i]!) > rarity(codes[at]!)) at = i;
  const c = String.fromCharCode(codes[at]!);
  return { needle, codes, anchor: { at, chars: c.toUpperCase() === c ? [c] : [c, c.toUpperCase()] }, inJson: needle.includes('"') };
}

/**
 * Case-insensitive `includes` that copies nothing: the anchor character found by `indexOf` (the engine's
 * fast scan), each place then checked a character at a time: over 256 MB, 18–85 ms in Node, where a RegExp
 * with the `i` flag took 45–282 ms and lower-casing each text 290–740 ms.
 */
export function holds(text: string, query: LogQuery): boolean {
  const { codes, anchor } = query;
  const last = text.length - codes.length;
  for (const ch of anchor.chars) {
    for (let i = text.indexOf(ch, anchor.at); i !== -1 && i - anchor.at <= last; i = text.indexOf(ch, i + 1)) {
      const from = i - anchor.at;
      let k = 0;
      while (k < codes.length && fold(text.charCodeAt(from + k)) === codes[k]) k++;
      if (k === codes.length) return true;
    }
  }
  return false;
}

/**
 * Whether `entry` holds the query, and how many characters it looked at. The message's keys and values in
 * the order of its JSON text, up to SEARCH_CHARS_PER_ENTRY of it; iterative (a message nested 100,000 deep
 * cannot overflow the stack) and with no copy of its strings (a long one is cut by a slice, which shares them).
 */
export function entryMatches(entry: LogEntry, query: LogQuery): { found: boolean; chars: number } {
  if (entry.method !== undefined && holds(entry.method, query)) return { found: true, chars: entry.method.length };
  if (query.inJson) {
    const text = searchTextOf(entry);
    return { found: text.includes(query.needle), chars: text.length };
  }
  let chars = 0;
  const test = (text: string) => {
    const left = SEARCH_CHARS_PER_ENTRY - chars;
    chars += text.length + 3;
    return holds(text.length > left ? text.slice(0, left) : text, query);
  };
  const stack: unknown[] = [entry.payload];
  while (stack.length > 0 && chars < SEARCH_CHARS_PER_ENTRY) {
    const value = stack.pop();
    if (typeof value === "string") {
      if (test(value)) return { found: true, chars };
    } else if (typeof value === "number" || typeof value === "boolean" || value === null) {
      if (test(String(value))) return { found: true, chars };
    } else if (Array.isArray(value)) {
      chars += 2;
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
    } else if (typeof value === "object") {
      chars += 2;
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) stack.push((value as Record<string, unknown>)[keys[i]!], keys[i]);
    }
  }
  return { found: false, chars };
}

export interface SearchState {
  /** The seqs of matching messages so far; undefined when there is no query. */
  matches?: ReadonlySet<number>;
  scanned: number;
  total: number;
  done: boolean;
}

const NO_SEARCH: SearchState = { scanned: 0, total: 0, done: true };

/**
 * Matches of `query` among `entries`, found a slice at a time; the state updates once per slice. Each
 * message's answer is kept for the query (the log's entries are immutable), so a message arriving during a
 * search scans only what is new: the list and the shown JSON do not empty and refill on each message.
 */
export function useLogSearch(entries: readonly LogEntry[], query: string): SearchState {
  const parsed = useMemo(() => logQuery(query), [query]);
  const answers = useMemo(() => new WeakMap<LogEntry, boolean>(), [parsed]);
  const [state, setState] = useState<SearchState>(NO_SEARCH);
  const searched = useRef<LogQuery | undefined>(undefined);
  useEffect(() => {
    if (!parsed) {
      setState(NO_SEARCH);
      return;
    }
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const found = new Set<number>();
    // Those answered before count at once; the rest are scanned in slices.
    const unscanned: LogEntry[] = [];
    for (const entry of entries) {
      const known = answers.get(entry);
      if (known === undefined) unscanned.push(entry);
      else if (known) found.add(entry.seq);
    }
    let index = 0;
    const publish = () => setState({ matches: new Set(found), scanned: entries.length - unscanned.length + index, total: entries.length, done: index >= unscanned.length });
    const slice = () => {
      const started = performance.now();
      let chars = 0;
      while (index < unscanned.length && performance.now() - started < SLICE_MS && chars < SLICE_CHARS) {
        const entry = unscanned[index++]!;
        const result = entryMatches(entry, parsed);
        chars += result.chars;
        answers.set(entry, result.found);
        if (result.found) found.add(entry.seq);
      }
      if (cancelled) return;
      publish();
      if (index < unscanned.length) timer = setTimeout(slice, 0);
    };
    // Messages that came during a search are searched at once, before the count could say "searching"; a
    // new query waits a turn, so the key typed is drawn first.
    if (searched.current === parsed) slice();
    else {
      publish();
      timer = setTimeout(slice, 0);
    }
    searched.current = parsed;
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [entries, parsed, answers]);
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
