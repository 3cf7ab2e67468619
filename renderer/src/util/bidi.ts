// Bidi control characters are invisible, yet they reorder the text around them, so a server can
// make "https://example.com/\u202Egnp.exe" look like it ends in "exe.png". Wherever a link is shown
// for the user to judge, each one is replaced by a visible marker such as ⟨U+202E⟩; the link that
// is opened is still exactly the server's.

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

export type BidiSegment =
  | { kind: "text"; text: string }
  /** One control character: `char` as it was, `marker` the visible stand-in ("⟨U+202E⟩"). */
  | { kind: "control"; char: string; marker: string; name: string };

/**
 * The text cut into plain runs and bidi control characters, in order; joining each segment's
 * `text` or `char` gives back the input exactly. No control character: one text segment (or none
 * for ""). Pure.
 */
export function revealBidiControls(text: string): BidiSegment[] {
  const segments: BidiSegment[] = [];
  let start = 0;
  for (const match of text.matchAll(BIDI_CONTROLS)) {
    const at = match.index;
    if (at > start) segments.push({ kind: "text", text: text.slice(start, at) });
    const code = match[0].charCodeAt(0);
    const hex = code.toString(16).toUpperCase().padStart(4, "0");
    segments.push({ kind: "control", char: match[0], marker: `\u27E8U+${hex}\u27E9`, name: BIDI_CONTROL_NAMES[code] ?? "BIDI CONTROL" });
    start = at + 1;
  }
  if (start < text.length) segments.push({ kind: "text", text: text.slice(start) });
  return segments;
}
