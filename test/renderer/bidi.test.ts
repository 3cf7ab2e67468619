// Bidi control characters in server text are made visible (⟨U+202E⟩) by one pure function; the
// segments it returns always join back to the exact input.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { revealBidiControls, type BidiSegment } from "../../renderer/src/util/bidi.js";

const CONTROLS = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c];

/** What the user sees: text as is, each control as its marker. */
const shown = (segments: BidiSegment[]) => segments.map((s) => (s.kind === "text" ? s.text : s.marker)).join("");
/** What the segments stand for: the original text. */
const original = (segments: BidiSegment[]) => segments.map((s) => (s.kind === "text" ? s.text : s.char)).join("");

describe("revealBidiControls", () => {
  it("replaces the disguising right-to-left override with a visible marker", () => {
    const url = "https://example.com/\u202Egnp.exe";
    const segments = revealBidiControls(url);
    expect(segments).toEqual([
      { kind: "text", text: "https://example.com/" },
      { kind: "control", char: "\u202E", marker: "⟨U+202E⟩", name: "RIGHT-TO-LEFT OVERRIDE" },
      { kind: "text", text: "gnp.exe" },
    ]);
    expect(shown(segments)).toBe("https://example.com/⟨U+202E⟩gnp.exe");
  });

  it("reveals every embedding, override, isolate and mark, each with its own code and name", () => {
    for (const code of CONTROLS) {
      const char = String.fromCharCode(code);
      const [segment] = revealBidiControls(char);
      const hex = code.toString(16).toUpperCase().padStart(4, "0");
      expect(segment).toMatchObject({ kind: "control", char, marker: `⟨U+${hex}⟩` });
      expect(segment?.kind === "control" && segment.name).toMatch(/^[A-Z -]+$/);
      expect(segment?.kind === "control" && segment.name).not.toBe("BIDI CONTROL");
    }
  });

  it("leaves neighbouring characters alone (U+061B, U+200D, U+2029, U+202F, U+2065, U+206A, ordinary RTL letters)", () => {
    const text = "a\u061Bb\u200Dc\u2029d\u202Fe\u2065f\u206Ag\u05D0\u0627";
    expect(revealBidiControls(text)).toEqual([{ kind: "text", text }]);
  });

  it("adjacent controls, controls at both ends, and the empty string", () => {
    expect(shown(revealBidiControls("\u2067\u202Eab\u202C\u2069"))).toBe("⟨U+2067⟩⟨U+202E⟩ab⟨U+202C⟩⟨U+2069⟩");
    expect(revealBidiControls("\u200F").map((s) => s.kind)).toEqual(["control"]);
    expect(revealBidiControls("")).toEqual([]);
  });

  it("the segments always join back to the input, and no control is left in what is shown", () => {
    const alphabet = fc.constantFrom("a", "/", ".", ":", "\u05D0", "\u{1F600}", ...CONTROLS.map((c) => String.fromCharCode(c)));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }).map((chars) => chars.join("")), (text) => {
        const segments = revealBidiControls(text);
        expect(original(segments)).toBe(text);
        expect(shown(segments)).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
        // Plain runs are never empty and never split in two.
        segments.forEach((s, i) => {
          if (s.kind === "text") {
            expect(s.text).not.toBe("");
            expect(segments[i + 1]?.kind).not.toBe("text");
          }
        });
        const controls = [...text].filter((c) => CONTROLS.includes(c.codePointAt(0) ?? 0)).length;
        expect(segments.filter((s) => s.kind === "control")).toHaveLength(controls);
      }),
    );
  });
});
