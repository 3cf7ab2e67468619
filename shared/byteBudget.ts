// Bounded by bytes (DESIGN principle 6): what a server sent is measured as JSON text and, past a cap,
// kept as a structural cut: the same shape (method, id, error, status stay readable), long strings and
// lists cut where marked "…", and a `cut` record of the full size and what was kept. Plain TypeScript:
// the core and the page both use it.

/** How much of a server's message was kept: its full size and the size of what was kept (JSON text, bytes). */
export interface Cut {
  bytes: number;
  kept: number;
}

/** A message is counted as the length of its JSON text: one byte per character (ASCII; what the wire mostly carries). */
const MEASURE_LIMIT = 2 ** 31;

/**
 * The size of `value` as JSON text, counted without writing it (no copy of a 64 MB message). Stops
 * counting once past `stopAt` (the answer is then some number over it). Iterative: a hostile message
 * nested 100,000 deep must not overflow the stack.
 */
export function jsonSize(value: unknown, stopAt = MEASURE_LIMIT): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    switch (typeof v) {
      case "string":
        total += v.length + 2;
        break;
      case "number":
        total += Number.isFinite(v) ? String(v).length : 4;
        break;
      case "boolean":
        total += v ? 4 : 5;
        break;
      case "object":
        if (v === null) {
          total += 4;
        } else if (Array.isArray(v)) {
          total += 1 + Math.max(1, v.length);
          for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
        } else {
          const record = v as Record<string, unknown>;
          let fields = 0;
          for (const key in record) {
            if (!Object.prototype.hasOwnProperty.call(record, key) || record[key] === undefined) continue;
            total += key.length + 3;
            fields++;
            stack.push(record[key]);
          }
          total += 1 + Math.max(1, fields);
        }
        break;
      default:
        break; // undefined, functions: not in JSON
    }
    if (total > stopAt) return total;
  }
  return total;
}

/** Deeper than this, a cut keeps a marker: no message worth reading is nested 64 levels deep. */
const CUT_DEPTH = 64;
/** Strings up to this long are kept before longer siblings are cut: ids, methods, codes, statuses survive. */
const SMALL_CHARS = 256;
/** Room kept for a cut marker, so a cut value stays within its cap. */
const MARKER_ROOM = 64;

/**
 * `value` as it is when its JSON fits `maxBytes`; otherwise a copy of its shape that fits: small
 * fields first, then the rest in order, each long string cut to what is left and marked
 * "… (N characters)", each list or object ended with a marker for what did not fit.
 */
export function cutToFit(value: unknown, maxBytes: number, knownBytes?: number): { value: unknown; size: number; cut?: Cut } {
  const size = jsonSize(value, maxBytes);
  if (size <= maxBytes) return { value, size };
  // The size on the wire when the reader counted it, else the JSON text's.
  const bytes = knownBytes ?? jsonSize(value);
  const budget = { left: Math.max(0, maxBytes - MARKER_ROOM) };
  const kept = cutValue(value, budget, 0);
  const keptBytes = jsonSize(kept);
  return { value: kept, size: keptBytes, cut: { bytes, kept: keptBytes } };
}

function cutValue(v: unknown, budget: { left: number }, depth: number): unknown {
  if (typeof v === "string") return cutString(v, budget);
  if (typeof v !== "object" || v === null) {
    budget.left -= jsonSize(v);
    return v;
  }
  if (depth >= CUT_DEPTH) {
    budget.left -= 30;
    return `… (nested deeper than ${CUT_DEPTH} levels)`;
  }
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    budget.left -= 2;
    for (let i = 0; i < v.length; i++) {
      if (budget.left <= 0) {
        out.push(`… (${v.length - i} more items)`);
        break;
      }
      out.push(cutValue(v[i], budget, depth + 1));
      budget.left -= 1;
    }
    return out;
  }
  const record = v as Record<string, unknown>;
  const keys = Object.keys(record);
  const out: Record<string, unknown> = {};
  budget.left -= 2;
  // Small fields first (ids, methods, codes, statuses), then the others smallest first (a schema before the
  // one huge string beside it), each with what is left; the output keeps the message's order.
  const small = keys.filter((k) => isSmall(record[k]));
  const big = keys
    .filter((k) => !isSmall(record[k]))
    .map((k) => ({ k, size: Math.min(jsonSize(record[k], budget.left), budget.left + 1) }))
    .sort((a, b) => a.size - b.size)
    .map((e) => e.k);
  const taken = new Map<string, unknown>();
  let dropped = 0;
  for (const key of [...small, ...big]) {
    if (budget.left <= 0) {
      dropped++;
      continue;
    }
    const k = key.length > SMALL_CHARS ? key.slice(0, SMALL_CHARS) : key;
    budget.left -= k.length + 4;
    taken.set(key, cutValue(record[key], budget, depth + 1));
  }
  // The original order, so the message reads as it was sent.
  for (const key of keys) if (taken.has(key)) out[key.length > SMALL_CHARS ? fresh(key.slice(0, SMALL_CHARS)) : key] = taken.get(key);
  if (dropped > 0) out["…"] = `${dropped} more ${dropped === 1 ? "field" : "fields"}`;
  return out;
}

function isSmall(v: unknown): boolean {
  return typeof v === "string" ? v.length <= SMALL_CHARS : typeof v !== "object" || v === null;
}

function cutString(s: string, budget: { left: number }): string {
  const size = s.length + 2;
  if (size <= budget.left) {
    budget.left -= size;
    return s;
  }
  const room = Math.max(0, budget.left - 2 - MARKER_ROOM);
  budget.left -= room + 2 + MARKER_ROOM;
  return `${fresh(s.slice(0, room))}… (${s.length.toLocaleString("en-US")} characters)`;
}

/**
 * A copy of `s` that shares no memory with the string it was sliced from: V8 keeps a slice as a view
 * of its parent, so a 256 KB preview of a 4 MB message would keep all 4 MB alive.
 */
export function fresh(s: string): string {
  // Through UTF-8 and back: a copy at memcpy speed in Node 22 and browsers (JSON round trips are 5× slower).
  // A surrogate cut in half at the end becomes U+FFFD, which is also how it would show.
  return s.length === 0 ? "" : utf8Decoder.decode(utf8Encoder.encode(s));
}

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

/** The longest start of `text` within `maxBytes` of UTF-8, never splitting a character. */
export function utf8Prefix(text: string, maxBytes: number): string {
  if (text.length * 3 <= maxBytes) return text;
  let candidate = text.length > maxBytes ? text.slice(0, maxBytes) : text;
  const last = candidate.charCodeAt(candidate.length - 1);
  if (candidate.length < text.length && last >= 0xd800 && last <= 0xdbff) candidate = candidate.slice(0, -1);
  const { read } = utf8Encoder.encodeInto(candidate, new Uint8Array(maxBytes));
  // At least one character, so a reader always moves on.
  return candidate.slice(0, Math.max(read, Math.min(candidate.length, 1)));
}

export function utf8Length(text: string): number {
  // A UTF-16 unit is at most 3 UTF-8 bytes, so short strings need no encoding to be sure; nor does ASCII
  // (a search is much cheaper than encoding megabytes).
  if (text.length * 3 <= 64 * 1024 || !/[^\0-\x7f]/.test(text)) return text.length;
  return utf8Encoder.encode(text).length;
}

/** "4.0 MB", "256.0 KB", "812 bytes": as the stdio reader words sizes. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

/** What a cut entry says: "4.0 MB message: the first 256.0 KB kept; each cut is marked …". */
export function cutNote(cut: Cut, what = "message"): string {
  return `${formatBytes(cut.bytes)} ${what}: the first ${formatBytes(cut.kept)} kept; each cut is marked "…"`;
}

/** What a withdrawn note keeps of the request it stands for (core and page alike): enough to recognise it. */
/**
 * Issue 19: a session's runs (and task results) keep their results whole while together they hold at most
 * this (JSON text); past it, the oldest results are cut to TOOL_RUN_RESULT_CUT_BYTES (the newest stays whole).
 */
export const TOOL_RUN_RESULTS_BYTES = 64 * 1024 * 1024;
export const TOOL_RUN_RESULT_CUT_BYTES = 256 * 1024;

export const NOTE_PARAMS_BYTES = 16 * 1024;

/** A request's params cut to `maxBytes`; its `cut` keeps the size the server sent (an earlier cut's, if any). */
export function withParamsWithin<T extends { params: Record<string, unknown>; cut?: Cut }>(item: T, maxBytes: number): T {
  const fitted = cutToFit(item.params, maxBytes);
  if (!fitted.cut) return item;
  return { ...item, params: fitted.value as Record<string, unknown>, cut: { bytes: item.cut?.bytes ?? fitted.cut.bytes, kept: fitted.cut.kept } };
}

/** The answered-request history (Sampling, Elicitations) holds at most this much, oldest first to go. */
export const REQUEST_HISTORY_BYTES = 16 * 1024 * 1024;
/** One history entry keeps at most this much of the request's params, and as much of what was sent back. */
export const REQUEST_HISTORY_ENTRY_BYTES = 64 * 1024;
/** And at most this many entries, however small. */
export const REQUEST_HISTORY_KEPT = 1000;

/**
 * A result bigger than this (JSON text) reaches the page cut: its big text blocks as their first piece, a big
 * structuredContent held back; the page reads the rest a piece at a time (readResultPiece).
 */
export const RESULT_PAGE_BYTES = 256 * 1024;
/** One piece of a result's text, as the page draws it ("Show the next 100 KB"); the most one read returns is RESULT_READ_BYTES. */
export const RESULT_PIECE_BYTES = 100 * 1024;
export const RESULT_READ_BYTES = 1024 * 1024;
/**
 * The JSON text of big results the core printed for the page to read in pieces (Raw JSON, structured
 * content, Copy), held together at most this much (counted in characters: the text is mostly ASCII), the
 * oldest let go first. One that is bigger on its own is not read as JSON (its text blocks still are).
 */
export const RESULT_PRINTED_BYTES = 64 * 1024 * 1024;
