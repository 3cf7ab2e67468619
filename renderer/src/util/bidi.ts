// Bidi control characters are invisible, yet they reorder the text around them, so a server can
// make "https://example.com/\u202Egnp.exe" look like it ends in "exe.png", or a tool "safe\u202Eetaerc"
// read "safecreate"; controls and zero-width characters make two names that read the same differ. Where the
// user judges what a server sent, each is shown as a visible marker such as ⟨U+202E⟩ (in a link or a name
// all of them, in prose only what reorders); what is sent or opened is still exactly the server's.

/** The explicit embeddings, overrides and isolates, and the three invisible marks (LRM, RLM, ALM). */
const BIDI_CONTROL_NAMES: Readonly<Record<number, string>> = {
  0x061c: "ARABIC LETTER MARK",
  0x200e: "LEFT-TO-RIGHT MARK",
  0x200f: "RIGHT-TO-LEFT MARK",
  0x202a: "LEFT-TO-RIGHT EMBEDDING",
  0x202b: "RIGHT-TO-LEFT EMBEDDING",
  0x202c: "POP DIRECTIONAL FORMATTING",
  0x202d: "LEFT-TO-RIGHT OVERRIDE",
  0x202e: "RIGHT-TO-LEFT OVERRIDE",
  0x2066: "LEFT-TO-RIGHT ISOLATE",
  0x2067: "RIGHT-TO-LEFT ISOLATE",
  0x2068: "FIRST STRONG ISOLATE",
  0x2069: "POP DIRECTIONAL ISOLATE",
};

const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const REORDERING = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * What else hides in a name: controls (an empty box, or nothing at all) and the zero-width and
 * invisible formatting characters, which make two names that read the same differ.
 */
const HIDDEN_NAMES: Readonly<Record<number, string>> = {
  0x0000: "NULL",
  0x0009: "CHARACTER TABULATION",
  0x000a: "LINE FEED",
  0x000d: "CARRIAGE RETURN",
  0x001b: "ESCAPE",
  0x007f: "DELETE",
  0x00ad: "SOFT HYPHEN",
  0x180e: "MONGOLIAN VOWEL SEPARATOR",
  0x200b: "ZERO WIDTH SPACE",
  0x200c: "ZERO WIDTH NON-JOINER",
  0x200d: "ZERO WIDTH JOINER",
  0x2060: "WORD JOINER",
  0x2061: "FUNCTION APPLICATION",
  0x2062: "INVISIBLE TIMES",
  0x2063: "INVISIBLE SEPARATOR",
  0x2064: "INVISIBLE PLUS",
  0xfeff: "ZERO WIDTH NO-BREAK SPACE",
};

const HIDDEN = /[\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** In JSON text: what JSON.stringify leaves raw of HIDDEN, and the line and paragraph separators, which break a string's line. */
const RAW_IN_JSON = /[\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

export type BidiSegment =
  | { kind: "text"; text: string }
  /** One control character: `char` as it was, `marker` the visible stand-in ("⟨U+202E⟩"). */
  | { kind: "control"; char: string; marker: string; name: string }
  /** The rest of a text past MARKERS_AT_MOST controls: `text` as shown (markers written in), `original` as it was. */
  | { kind: "rest"; text: string; original: string };

/**
 * Controls past this many are not segments of their own: the rest of the text is one run with its markers
 * written in, so a hostile text of a million controls is one string to draw, not a million elements.
 */
export const MARKERS_AT_MOST = 64;

/**
 * The text cut into plain runs and bidi control characters, in order; joining each segment's
 * `text` or `char` gives back the input exactly. No control character: one text segment (or none
 * for ""). Pure.
 */
export function revealBidiControls(text: string): BidiSegment[] {
  return reveal(text, BIDI_CONTROLS);
}

/**
 * For prose (a description, a message): only the embeddings, overrides and isolates, which can reorder any
 * text after them. The marks (LRM, RLM, ALM) only place punctuation, and right-to-left prose uses them.
 */
export function revealReordering(text: string): BidiSegment[] {
  return reveal(text, REORDERING);
}

/** Whether revealReordering would show a marker in `text` (a test, no segments made). */
export function hasReordering(text: string): boolean {
  // search, not test: test would move the shared pattern's lastIndex, where matchAll would then start.
  return text.search(REORDERING) !== -1;
}

/**
 * For names and URIs, where every character counts: as revealBidiControls, and also each control
 * character and each invisible one (zero-width spaces and joiners, the soft hyphen, BOM).
 */
export function revealHidden(text: string): BidiSegment[] {
  return reveal(text, HIDDEN);
}

/** The marker's tooltip: which character it stands for, and what it does. */
export function markerTitle(segment: Extract<BidiSegment, { kind: "control" }>): string {
  const code = segment.marker.slice(1, -1);
  const what = BIDI_CONTROL_NAMES[segment.char.charCodeAt(0)] ? "Invisible text-direction character" : "Hidden character";
  return `${what} ${code} (${segment.name})`;
}

function markerOf(code: number): string {
  return `\u27E8U+${code.toString(16).toUpperCase().padStart(4, "0")}\u27E9`;
}

function reveal(text: string, pattern: RegExp): BidiSegment[] {
  const segments: BidiSegment[] = [];
  let start = 0;
  let controls = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index;
    if (controls++ === MARKERS_AT_MOST) {
      const original = text.slice(start);
      segments.push({ kind: "rest", text: original.replace(pattern, (c) => markerOf(c.charCodeAt(0))), original });
      return segments;
    }
    if (at > start) segments.push({ kind: "text", text: text.slice(start, at) });
    const code = match[0].charCodeAt(0);
    const name = BIDI_CONTROL_NAMES[code] ?? HIDDEN_NAMES[code] ?? (code >= 0x80 ? "C1 CONTROL CHARACTER" : "CONTROL CHARACTER");
    segments.push({ kind: "control", char: match[0], marker: markerOf(code), name });
    start = at + 1;
  }
  if (start < text.length) segments.push({ kind: "text", text: text.slice(start) });
  return segments;
}

/**
 * JSON text with each hidden character written as its \u escape: the same JSON, parsed to the same value,
 * but a payload cannot read as another. (JSON.stringify escapes only the C0 controls.)
 */
export function escapeHiddenInJson(json: string): string {
  return json.replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
