// The few words every check and the context share: bounds, quoting server text, the object test.

export const MAX_MESSAGES = 40;
/** The most characters one verdict's detail holds. */
export const MAX_DETAIL = 2000;

/** Server text quoted in a detail: bounded, one line, control characters shown as escapes. */
export function quote(value: unknown, max = 120): string {
  if (value === undefined) return "(missing)";
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  let text: string;
  try {
    text = typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(cut).replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** "1 page", "3 pages": details read as sentences. */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${count(n)} ${n === 1 ? word : many}`;
}

/** 100000 → "100,000": bounds and counts read the same everywhere. */
export function count(n: number): string {
  return n.toLocaleString("en-US");
}

/**
 * What a check met on its way that its verdict must say: a bound it reached (the first 10,000 items, 100
 * pages, 20 calls, 60 polls) or a request that timed out. A bound turns a pass into a warning; a time-out
 * turns it into a failure: no answer is neither an answer nor a refusal.
 */
export interface Mark {
  /** items: a list walk kept only its first items (a limit for every check that judges them). */
  kind: "limit" | "items" | "timeout";
  text: string;
}
