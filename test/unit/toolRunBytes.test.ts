// Issue 19: tool runs keep their results within a byte budget per session: the oldest results are cut
// (still CallToolResults the page can show), the newest stays whole, and the page is told.
import { describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { EventBus } from "../../main/core/eventBus.js";
import { cutToolResult, ResultBudget } from "../../main/core/cutResult.js";
import { ToolRuns } from "../../main/core/toolRuns.js";
import { jsonSize } from "../../shared/byteBudget.js";
import { eventSchemas, type InspectorEvent } from "../../shared/contract.js";
import { CallToolResultSchema } from "../../shared/types.js";

const KB = 1024;
const MB = 1024 * KB;
const textResult = (n: number, bytes: number): CallToolResult => ({ content: [{ type: "text", text: `${n}:${"t".repeat(bytes)}` }] });

describe("cutToolResult", () => {
  it("keeps a result that fits as it is; a bigger one keeps its text's start, says what a too-big image was, counts the items left out, and stays a CallToolResult", () => {
    const small = textResult(1, 100);
    expect(cutToolResult(small, 256 * KB)).toEqual({ result: small });
    const big: CallToolResult = {
      content: [
        { type: "text", text: "a".repeat(MB) },
        { type: "image", mimeType: "image/png", data: "A".repeat(2 * MB) },
        ...Array.from({ length: 50 }, () => ({ type: "text" as const, text: "b".repeat(10 * KB) })),
      ],
      structuredContent: { rows: Array.from({ length: 10_000 }, (_, i) => ({ i })) },
      isError: false,
    };
    const { result, cut } = cutToolResult(big, 256 * KB);
    expect(CallToolResultSchema.safeParse(result).success).toBe(true);
    expect(cut).toEqual({ bytes: jsonSize(big), kept: jsonSize(result) });
    expect(cut!.kept).toBeLessThanOrEqual(256 * KB + 2 * KB);
    const [first, second, last] = [result.content[0], result.content[1], result.content.at(-1)] as { type: string; text: string }[];
    expect(first!.text.startsWith("aaaa") && first!.text.endsWith("… (1,048,576 characters)")).toBe(true);
    expect(second).toEqual({ type: "text", text: "[image image/png, 2.0 MB: not kept]" });
    expect(last!.text).toMatch(/^… \d+ more content items not kept$/);
    expect(result.isError).toBe(false);
    expect(typeof result.structuredContent).toBe("object");
  });
});

describe("ToolRuns bounded by bytes", () => {
  it("past the session's result budget the oldest results are cut and the page is told; the newest stays whole; another session is untouched", async () => {
    const bus = new EventBus();
    const events: InspectorEvent[] = [];
    bus.subscribe((e) => events.push(e));
    const runs = new ToolRuns(bus, { now: () => 0 }, 200, { bytes: MB, cutTo: 16 * KB });
    const run = async (sessionId: string, n: number) => {
      const { done } = runs.track({ sessionId, toolName: "t", arguments: {}, asTask: false }, async () => textResult(n, 300 * KB), (result) => ({ result }));
      await done;
      await Promise.resolve();
    };
    await run("other", 0);
    for (let n = 1; n <= 6; n++) await run("s1", n);
    const mine = runs.list().filter((r) => r.sessionId === "s1");
    // 6 × 300 KB against 1 MB: the three oldest are cut, the three newest whole.
    expect(mine.map((r) => Boolean(r.cut))).toEqual([true, true, true, false, false, false]);
    expect(mine.reduce((sum, r) => sum + jsonSize(r.result), 0)).toBeLessThanOrEqual(MB);
    const oldest = mine[0]!;
    expect(oldest.cut!.bytes).toBeGreaterThan(300 * KB);
    expect((oldest.result!.content[0] as { text: string }).text.startsWith("1:ttt")).toBe(true);
    expect(runs.list().find((r) => r.sessionId === "other")?.cut).toBeUndefined();
    // The page got the cut runs, valid by the contract.
    const cutEvents = events.filter((e) => e.type === "toolRunChanged" && e.payload.cut);
    expect(cutEvents.map((e) => (e.payload as { runId: number }).runId)).toEqual(mine.slice(0, 3).map((r) => r.runId));
    for (const e of cutEvents) expect(eventSchemas.toolRunChanged.safeParse(e.payload).success).toBe(true);
  });
});

describe("ResultBudget (client tasks' results)", () => {
  it("past its bytes the oldest results are cut, never the newest; a result cut once is not cut again; a forgotten one frees its bytes", () => {
    const cuts: string[] = [];
    const budget = new ResultBudget(1000, (key) => {
      if (cuts.includes(key)) return undefined;
      cuts.push(key);
      return 10;
    });
    budget.add("a", 400);
    budget.add("b", 400);
    expect(cuts).toEqual([]);
    budget.add("c", 400); // 1,200: a is cut to 10
    expect(cuts).toEqual(["a"]);
    budget.add("d", 400); // 1,210: b is cut
    expect(cuts).toEqual(["a", "b"]);
    budget.add("e", 2000); // alone over the budget: every older one is cut, e stays whole
    expect(cuts).toEqual(["a", "b", "c", "d"]);
    budget.forget("e");
    budget.add("f", 900);
    expect(cuts).toEqual(["a", "b", "c", "d"]);
  });
});
