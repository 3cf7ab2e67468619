// The lazily printed JSON (renderer/src/components/prettyJson.ts) is the text JSON.stringify(v, null, 2)
// writes, however small the pieces it is read in, with hidden characters escaped; a cycle says so, and a deep
// value prints no deeper than asked.
import { describe, expect, it } from "vitest";
import { PrettyJson } from "../../renderer/src/components/prettyJson.js";

function readAll(value: unknown, pieceBytes: number): string {
  const json = new PrettyJson(value);
  let text = "";
  for (let piece = json.read(pieceBytes); piece !== ""; piece = json.read(pieceBytes)) text += piece;
  expect(json.done).toBe(true);
  return text;
}

describe("PrettyJson", () => {
  it("writes what JSON.stringify(value, null, 2) writes, read 7 bytes or 1 MB at a time", () => {
    const values = [1, "a", null, true, [], {}, [1, [2, {}], { a: [] }], { a: 1, b: { c: [1, 2, 'x"y'], d: undefined, e: () => 1 }, f: [undefined, null] }, { d: new Date(0) }, "é😀".repeat(50), { long: `"${"😀\n\u0001".repeat(40_000)}` }];
    for (const value of values) {
      expect(readAll(value, 7)).toBe(JSON.stringify(value, null, 2));
      expect(readAll(value, 1024 * 1024)).toBe(JSON.stringify(value, null, 2));
    }
  });

  it("a hidden character (text-direction, zero-width, DEL, C1, line separator) is written as its \\u escape, in keys and in strings long and short: the same JSON", () => {
    const hidden = "safe\u202Eetaerc \u200B\u007F\u0085\u2028\uFEFF";
    const long = `${"x".repeat(40_000)}${hidden}`.repeat(3);
    for (const value of [hidden, { [hidden]: hidden }, [long], { long }]) {
      for (const pieceBytes of [7, 1024 * 1024]) {
        const text = readAll(value, pieceBytes);
        expect(JSON.parse(text)).toEqual(value);
        expect(text).not.toMatch(/[\u007F-\u009F\u200B\u2028\u202E\uFEFF]/);
      }
    }
    expect(readAll({ [hidden]: 1 }, 7)).toBe('{\n  "safe\\u202eetaerc \\u200b\\u007f\\u0085\\u2028\\ufeff": 1\n}');
  });

  it("a circular value says it cannot be shown as JSON", () => {
    const circular: Record<string, unknown> = { a: 1 };
    circular.self = circular;
    expect(readAll(circular, 1024)).toMatch(/^\(cannot show as JSON: .*circular/i);
  });

  it("a value nested 100,000 deep is printed as far as it is read, with no stack overflow", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const piece = new PrettyJson(deep).read(1000);
    expect(piece).toHaveLength(1000);
    expect(piece.startsWith("[\n  [\n    [")).toBe(true);
  });
});
