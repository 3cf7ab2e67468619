// A scan of raw JSON text before it is parsed: JSON.parse itself copes with any depth, but everything that
// walks the value afterwards (schema checks, canonical keys, JSON.stringify on the way out, React) recurses,
// and a line nested 100,000 deep overflows the stack there. Counting brackets outside strings costs one
// pass over the bytes and builds nothing, so a hostile line is refused before a single object exists.

export interface JsonBounds {
  /** Arrays and objects inside each other. */
  depth: number;
  /** Object keys (and array items) on one line, all levels together. */
  members: number;
  /** UTF-16 code units in one string. */
  stringLength: number;
}

/** Far above what the recorder writes (its redaction stops at 100 levels inside a message). */
export const RECORDING_JSON_BOUNDS: JsonBounds = { depth: 128, members: 1_000_000, stringLength: 16 * 1024 * 1024 };

export type BoundsProblem = { kind: "depth"; limit: number } | { kind: "members"; limit: number } | { kind: "string"; limit: number };

/** The first bound the text breaks, or undefined. Not a validator: malformed JSON is left to JSON.parse. */
export function jsonBoundsProblem(text: string, bounds: JsonBounds = RECORDING_JSON_BOUNDS): BoundsProblem | undefined {
  let depth = 0;
  let members = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // Skip the string; only an unescaped quote ends it.
      const start = i;
      i++;
      while (i < n) {
        const s = text.charCodeAt(i);
        if (s === 92 /* \ */) i += 2;
        else if (s === 34) break;
        else i++;
      }
      if (i - start - 1 > bounds.stringLength) return { kind: "string", limit: bounds.stringLength };
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > bounds.depth) return { kind: "depth", limit: bounds.depth };
      members++;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      depth--;
    } else if (c === 44 /* , */) {
      if (++members > bounds.members) return { kind: "members", limit: bounds.members };
    }
  }
  return undefined;
}

/** The problem in words: what the text is, then which bound (the depth cut says depth, never bytes). */
export function describeBoundsProblem(problem: BoundsProblem): string {
  switch (problem.kind) {
    case "depth":
      return `nested deeper than ${problem.limit} levels`;
    case "members":
      return `holds more than ${problem.limit.toLocaleString("en-US")} keys and items`;
    case "string":
      return `holds a string longer than ${problem.limit.toLocaleString("en-US")} characters`;
  }
}
