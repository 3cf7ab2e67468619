// Issue 33: the JSON the core prints of big results, for the page to read in pieces, is held within a byte
// budget (RESULT_PRINTED_BYTES), the oldest let go first; a text bigger than the whole budget is refused
// with words the page shows; a read of a run the core let go says so, and how to get it back.
import { describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { PrintedResults, readResultPart } from "../../main/core/resultPieces.js";
import { ToolRuns } from "../../main/core/toolRuns.js";
import { EventBus } from "../../main/core/eventBus.js";

const KB = 1024;
const resultOf = (chars: number): CallToolResult => ({ content: [{ type: "text", text: "t" }], structuredContent: { s: "x".repeat(chars) } });

describe("PrintedResults", () => {
  it("holds printed results within its byte budget, oldest let go first, and prints again what is read again", () => {
    const printed = new PrintedResults(100 * KB);
    const results = [resultOf(40 * KB), resultOf(40 * KB), resultOf(40 * KB)];
    results.forEach((r, i) => readResultPart(printed, `run:${i}`, `run ${i}`, r, { part: "structuredContent" }, 0, KB));
    // Two of 40 KB fit in 100 KB, not three: the first went.
    expect(printed.size).toBeLessThanOrEqual(100 * KB);
    expect(printed.size).toBeGreaterThan(80 * KB);
    // Read again, the first is printed again, whole and the same; now the second is the oldest and goes.
    const again = readResultPart(printed, "run:0", "run 0", results[0]!, { part: "structuredContent" }, 40 * KB - 10, KB);
    expect(again).toEqual({ text: JSON.stringify(results[0]!.structuredContent, null, 2).slice(40 * KB - 10), chars: JSON.stringify(results[0]!.structuredContent, null, 2).length });
    expect(printed.size).toBeLessThanOrEqual(100 * KB);
    printed.forget("run:0:");
    printed.forget("run:2:");
    expect(printed.size).toBe(0);
  });

  it("refuses a result bigger than the whole budget as JSON, and still reads its text blocks", () => {
    const printed = new PrintedResults(10 * KB);
    const big: CallToolResult = { content: [{ type: "text", text: "y".repeat(20 * KB) }], structuredContent: { s: "x".repeat(20 * KB) } };
    expect(() => readResultPart(printed, "run:1", "run 1", big, { part: "result" }, 0, KB)).toThrow(/more than the inspector prints for reading \(10\.0 KB\); its text blocks can still be read/);
    expect(printed.size).toBe(0);
    expect(readResultPart(printed, "run:1", "run 1", big, { part: "content", index: 0 }, 0, KB)).toEqual({ text: "y".repeat(KB), chars: 20 * KB });
  });
});

describe("a piece read of a run the core let go", () => {
  it("says the result is no longer held and to run the tool again, at once", async () => {
    const runs = new ToolRuns(new EventBus(), { now: () => 0 }, 1);
    const first = runs.track({ sessionId: "s", toolName: "t", arguments: {}, asTask: false }, async () => resultOf(10), (result) => ({ result }));
    await first.done;
    expect(runs.readPiece(first.runId, { part: "structuredContent" }, 0, KB).chars).toBeGreaterThan(10);
    // Only one run is kept: a second one lets the first go.
    const second = runs.track({ sessionId: "s", toolName: "t", arguments: {}, asTask: false }, async () => resultOf(10), (result) => ({ result }));
    await second.done;
    expect(() => runs.readPiece(first.runId, { part: "structuredContent" }, 0, KB)).toThrow(/this result is no longer held \(.*\); run the tool again to read it whole/);
  });
});
