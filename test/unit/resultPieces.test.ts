// Issue 33: what the page is sent of a big result stays within RESULT_PAGE_BYTES whatever its shape, and
// the pieces read back give each text exactly, never splitting a character.
import { describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { cutForPage, pieceOf } from "../../main/core/cutResult.js";
import { jsonSize } from "../../shared/byteBudget.js";
import { RESULT_PAGE_BYTES, ToolRunSchema } from "../../shared/types.js";

const KB = 1024;

describe("cutForPage", () => {
  it("a result within the bound goes whole; past it, each shape stays within the bound and valid by the contract", () => {
    const small: CallToolResult = { content: [{ type: "text", text: "hi" }], structuredContent: { a: 1 } };
    expect(cutForPage(small, RESULT_PAGE_BYTES)).toEqual({ result: small });
    const shapes: CallToolResult[] = [
      { content: Array.from({ length: 100_000 }, (_, i) => ({ type: "text" as const, text: `block ${i}` })) },
      { content: [{ type: "image", data: "A".repeat(5 * KB * KB), mimeType: "image/png" }, { type: "text", text: "after" }] },
      { content: Array.from({ length: 40 }, () => ({ type: "text" as const, text: "t".repeat(50 * KB) })) },
      { content: [], structuredContent: { rows: Array.from({ length: 50_000 }, (_, id) => ({ id })) }, _meta: { big: "m".repeat(KB * KB) } },
    ];
    for (const shape of shapes) {
      const { result, pieces } = cutForPage(shape, RESULT_PAGE_BYTES);
      expect(jsonSize(result) + jsonSize(pieces), `shape ${shapes.indexOf(shape)}`).toBeLessThanOrEqual(RESULT_PAGE_BYTES);
      expect(pieces!.bytes).toBe(jsonSize(shape));
      expect(ToolRunSchema.safeParse({ runId: 1, sessionId: "s", toolName: "t", arguments: {}, asTask: false, status: "done", startedAt: 0, result, pieces }).success).toBe(true);
    }
    // Many blocks: the ones past the bound are counted; the image says what it was.
    const many = cutForPage(shapes[0]!, RESULT_PAGE_BYTES).result.content;
    expect((many.at(-1) as { text: string }).text).toMatch(/^… \d+ more content items: open Raw JSON to read them$/);
    expect(cutForPage(shapes[1]!, RESULT_PAGE_BYTES).result.content[0]).toEqual({ type: "text", text: "[image image/png, 5.0 MB: too big to send to the page; Raw JSON and Copy read it whole]" });
    // Medium texts: the first ones whole, the next as its start (marked for reading), the rest counted.
    const medium = cutForPage(shapes[2]!, RESULT_PAGE_BYTES);
    expect(medium.pieces!.texts).toEqual([{ index: 5, chars: 50 * KB, bytes: 50 * KB }]);
    expect(medium.result.content.slice(0, 5)).toEqual(shapes[2]!.content.slice(0, 5));
    expect((medium.result.content.at(-1) as { text: string }).text).toBe("… 34 more content items: open Raw JSON to read them");
  });
});

describe("pieceOf", () => {
  it("reads a text back exactly in pieces of at most maxBytes of UTF-8, never splitting a character, ending on line breaks when near", () => {
    const text = Array.from({ length: 1000 }, (_, i) => `${i} é😀 ${"x".repeat(i % 50)}\n`).join("") + "😀".repeat(600);
    const encoder = new TextEncoder();
    for (const maxBytes of [4, 7, 1000, 64 * KB]) {
      let got = "";
      while (got.length < text.length) {
        const piece = pieceOf(text, got.length, maxBytes);
        expect(piece.length).toBeGreaterThan(0);
        expect(encoder.encode(piece).length).toBeLessThanOrEqual(maxBytes);
        expect(piece.charCodeAt(piece.length - 1) >= 0xd800 && piece.charCodeAt(piece.length - 1) <= 0xdbff).toBe(false);
        got += piece;
      }
      expect(got).toBe(text);
    }
    expect(pieceOf(text, 0, 1000).endsWith("\n")).toBe(true);
  });
});
