// Bidi control characters in server text are made visible (⟨U+202E⟩) by pure functions (in names and
// URIs also controls and invisible characters); the segments they return always join back to the exact input.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasReordering, MARKERS_AT_MOST, markerTitle, revealBidiControls, revealHidden, revealReordering, type BidiSegment } from "../../renderer/src/util/bidi.js";

const CONTROLS = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c];

/** What the user sees: text as is, each control as its marker. */
const shown = (segments: BidiSegment[]) => segments.map((s) => (s.kind === "control" ? s.marker : s.text)).join("");
/** What the segments stand for: the original text. */
const original = (segments: BidiSegment[]) => segments.map((s) => (s.kind === "control" ? s.char : s.kind === "rest" ? s.original : s.text)).join("");

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

describe("revealHidden (names and URIs)", () => {
  /** Every character it reveals beyond the bidi controls. */
  const HIDDEN = [0x00, 0x01, 0x09, 0x0a, 0x0d, 0x1b, 0x1f, 0x7f, 0x80, 0x9f, 0xad, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2064, 0xfeff];

  it("reveals controls and invisible characters as well as the bidi controls, each with its code", () => {
    const segments = revealHidden("ctl\u0000\u001B\u200Bna\u202Eme");
    expect(shown(segments)).toBe("ctl⟨U+0000⟩⟨U+001B⟩⟨U+200B⟩na⟨U+202E⟩me");
    expect(segments.filter((s) => s.kind === "control").map((s) => s.kind === "control" && s.name)).toEqual(["NULL", "ESCAPE", "ZERO WIDTH SPACE", "RIGHT-TO-LEFT OVERRIDE"]);
    for (const code of [...HIDDEN, ...CONTROLS]) {
      const char = String.fromCharCode(code);
      expect(revealHidden(`a${char}b`).map((s) => s.kind), code.toString(16)).toEqual(["text", "control", "text"]);
    }
  });

  it("leaves printable neighbours alone: space, ~, U+00A0, U+00AE, U+2010, U+2065, U+FEFE, letters of any script, emoji", () => {
    const text = "a ~\u00A0\u00AE\u2010\u2065\uFEFE\u05D0\u0627\u4E2D\u{1F600}";
    expect(revealHidden(text)).toEqual([{ kind: "text", text }]);
  });

  it("the tooltip says what the character is and whether it turns text around", () => {
    const [override] = revealHidden("\u202E");
    const [nul] = revealHidden("\u0000");
    const [c1] = revealHidden("\u0085");
    expect(override?.kind === "control" && markerTitle(override)).toBe("Invisible text-direction character U+202E (RIGHT-TO-LEFT OVERRIDE)");
    expect(nul?.kind === "control" && markerTitle(nul)).toBe("Hidden character U+0000 (NULL)");
    expect(c1?.kind === "control" && markerTitle(c1)).toBe("Hidden character U+0085 (C1 CONTROL CHARACTER)");
  });

  it("the segments always join back to the input, and nothing hidden is left in what is shown", () => {
    const alphabet = fc.constantFrom("a", "/", "\u05D0", "\u{1F600}", ...[...HIDDEN, ...CONTROLS].map((c) => String.fromCharCode(c)));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }).map((chars) => chars.join("")), (text) => {
        const segments = revealHidden(text);
        expect(original(segments)).toBe(text);
        expect(shown(segments)).not.toMatch(/[\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/);
      }),
    );
  });
});

describe("a text of many controls", () => {
  it("past the first markers, the rest is one run with its markers written in: a million controls are not a million segments", () => {
    const text = `a${"\u202E".repeat(1_000_000)}b`;
    const segments = revealHidden(text);
    expect(segments.filter((s) => s.kind === "control")).toHaveLength(MARKERS_AT_MOST);
    expect(segments.length).toBeLessThanOrEqual(2 * MARKERS_AT_MOST + 2);
    const rest = segments.at(-1)!;
    expect(rest.kind).toBe("rest");
    expect(original(segments)).toBe(text);
    expect(shown(segments)).toBe(`a${"⟨U+202E⟩".repeat(1_000_000)}b`);
  });
});

describe("revealReordering (prose)", () => {
  it("marks the overrides, embeddings and isolates; leaves the marks, controls and zero-width characters of prose alone", () => {
    expect(shown(revealReordering("a\u202Eb\u2066c\u2069 \u200F\u200B\u200D\n\t"))).toBe("a⟨U+202E⟩b⟨U+2066⟩c⟨U+2069⟩ \u200F\u200B\u200D\n\t");
  });

  it("hasReordering says so without disturbing what revealReordering finds next, however often it is asked", () => {
    const text = '{"called":"safe\u202Eetaerc"}';
    for (let i = 0; i < 3; i++) {
      expect(hasReordering(text)).toBe(true);
      expect(shown(revealReordering(text))).toBe('{"called":"safe⟨U+202E⟩etaerc"}');
    }
    expect(hasReordering("plain \u200F")).toBe(false);
  });
});
