import { describe, expect, it } from "vitest";
import { cutNote, cutToFit, jsonSize } from "../../shared/byteBudget.js";

const KB = 1024;
const MB = 1024 * KB;

describe("jsonSize", () => {
  it("counts a message as the length of its JSON text, without writing it", () => {
    const samples: unknown[] = [
      { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "x", arguments: { a: [1, 2.5, -3], b: null, c: true, d: false } } },
      [],
      {},
      [{}, [], "", 0],
      "plain",
      12345,
      { result: { content: [{ type: "text", text: "y".repeat(10_000) }] } },
    ];
    for (const v of samples) expect(jsonSize(v)).toBe(JSON.stringify(v).length);
  });

  it("stops counting past its limit, and a message nested 100,000 deep does not overflow the stack", () => {
    expect(jsonSize({ data: "x".repeat(10 * MB) }, 1000)).toBeGreaterThan(1000);
    let deep: unknown = "bottom";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonSize(deep)).toBe(200_000 + 8);
  });
});

describe("cutToFit", () => {
  it("keeps a value that fits as it is (the same object, no copy)", () => {
    const message = { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "hello" } };
    const fitted = cutToFit(message, 256 * KB);
    expect(fitted.value).toBe(message);
    expect(fitted.cut).toBeUndefined();
  });

  it("cuts a 4 MB message to its cap and keeps the small fields readable, even those sent after the big one (the SDK writes id last)", () => {
    const message = { result: { content: [{ type: "text", text: "x".repeat(4 * MB) }], isError: false }, jsonrpc: "2.0", id: 42 };
    const fitted = cutToFit(message, 256 * KB);
    expect(fitted.cut).toEqual({ bytes: jsonSize(message), kept: jsonSize(fitted.value) });
    expect(fitted.cut!.kept).toBeLessThanOrEqual(256 * KB);
    expect(fitted.cut!.kept).toBeGreaterThan(250 * KB);
    const kept = fitted.value as typeof message;
    expect(Object.keys(kept)).toEqual(["result", "jsonrpc", "id"]);
    expect(kept.id).toBe(42);
    expect(kept.result.isError).toBe(false);
    const text = kept.result.content[0]!.text;
    expect(text.startsWith("xxxx")).toBe(true);
    expect(text.endsWith("… (4,194,304 characters)")).toBe(true);
  });

  it("keeps an error's code and the start of its message; long lists and objects end with a marker of what was left out", () => {
    const error = { jsonrpc: "2.0", id: "r1", error: { code: -32603, message: "m".repeat(MB), data: { rows: Array.from({ length: 100_000 }, (_, i) => ({ i })) } } };
    const fitted = cutToFit(error, 16 * KB);
    const kept = fitted.value as { id: string; error: { code: number; message: string; data: { rows: unknown[] } | string } };
    expect(kept.id).toBe("r1");
    expect(kept.error.code).toBe(-32603);
    expect(kept.error.message.endsWith("… (1,048,576 characters)")).toBe(true);
    expect(jsonSize(kept)).toBeLessThanOrEqual(16 * KB);

    const list = cutToFit({ items: Array.from({ length: 100_000 }, (_, i) => i) }, 4 * KB).value as { items: unknown[] };
    expect(list.items.at(-1)).toMatch(/^… \(\d+ more items\)$/);
    const wide = cutToFit(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, { v: i }])), 4 * KB).value as Record<string, unknown>;
    expect(wide["…"]).toMatch(/^\d+ more fields$/);
  });

  it("says the size on the wire when the reader counted it, and words the cut as the log shows it", () => {
    const fitted = cutToFit({ data: "x".repeat(4 * MB) }, 256 * KB, 4 * MB + 120);
    expect(fitted.cut!.bytes).toBe(4 * MB + 120);
    expect(cutNote({ bytes: 4 * MB, kept: 256 * KB })).toBe('4.0 MB message: the first 256.0 KB kept; each cut is marked "…"');
  });

  it("bounds a message nested deeper than 64 levels by a marker", () => {
    let deep: unknown = "x".repeat(MB);
    for (let i = 0; i < 1000; i++) deep = { d: deep };
    const fitted = cutToFit(deep, 8 * KB);
    expect(JSON.stringify(fitted.value)).toContain("nested deeper than 64 levels");
  });
});
