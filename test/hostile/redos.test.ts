// Regular expressions a server chose, run by the core: `pattern` in an elicitation's requestedSchema
// (our ajv) and in a tool's outputSchema (the SDK client's validator). Each pattern below is exponential
// in V8's backtracking engine: `^(a+)+$` with 32 "a"s and a "!" froze the whole inspector for 124 s.
// Now they run in linear time (re2js), and the event loop keeps turning.
import { afterAll, describe, expect, it } from "vitest";
import { linearRegExp } from "../../main/core/linearRegExp.js";
import { connectHostile, elicitParams, standingHarness } from "./hostile.js";

const EXPONENTIAL: { pattern: string; input: string }[] = [
  { pattern: "^(a+)+$", input: `${"a".repeat(40)}!` },
  { pattern: "^(a|aa)+$", input: `${"a".repeat(60)}!` },
  { pattern: "^(\\w+\\s?)*$", input: `${"word ".repeat(12)}word!` },
];

const h = standingHarness();
const stalls: number[] = [];
afterAll(() => console.log(`longest core call (an upper bound on any event-loop stall) in the ReDoS cases: ${Math.max(...stalls).toFixed(1)} ms`));

/** The whole call's wall time: an upper bound on how long it can have blocked the event loop. */
async function measured<T>(work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    stalls.push(performance.now() - started);
  }
}

describe("server-chosen patterns run in linear time in the core", () => {
  for (const { pattern, input } of EXPONENTIAL) {
    it(`an elicitation answer checked against ${pattern}: refused as not matching, without stalling the event loop`, async () => {
      const s = await connectHostile(h);
      const requestedSchema = { type: "object", properties: { word: { type: "string", pattern } } };
      const answered = s.request("elicitation/create", { ...elicitParams(), requestedSchema });
      const input_ = await h.until(() => h.core.pendingInputs.list().find((p) => p.sessionId === s.sessionId));
      await measured(async () => {
        await expect(h.core.dispatch("answerElicitation", { pendingInputId: input_.id, action: "accept", content: { word: input } })).rejects.toThrow(
          /does not match the requested schema: \/word must match pattern/,
        );
        // Still pending (nothing was sent), still answerable with a matching word.
        const word = input.replace(/[^a-z ]/g, "").trim() || "a";
        await h.core.dispatch("answerElicitation", { pendingInputId: input_.id, action: "accept", content: { word } });
      });
      expect((await answered).result).toMatchObject({ action: "accept" });
      expect(Math.max(...stalls.slice(-1))).toBeLessThan(200);
    });
  }

  it("a tool's outputSchema pattern: the SDK client compiles it on tools/list, and its validator checks crafted structuredContent in linear time", async () => {
    const s = await connectHostile(h);
    const { tools } = await measured(() => h.core.dispatch("listTools", { sessionId: s.sessionId }));
    const tool = tools.find((t) => t.name === "redos-output")!;
    const { linearJsonSchemaValidator } = await import("../../main/core/linearRegExp.js");
    const validate = linearJsonSchemaValidator().getValidator(tool.outputSchema as Record<string, unknown>);
    const outcome = await measured(async () => validate({ word: `${"a".repeat(40)}!` }));
    expect(outcome.valid).toBe(false);
    expect(validate({ word: "aaaa" }).valid).toBe(true);
    expect(Math.max(...stalls.slice(-2))).toBeLessThan(200);
  });

  it("every pattern is its own: one Ajv compiling several patterns keeps each (Ajv caches them by their text)", async () => {
    const { createLinearAjv } = await import("../../main/core/linearRegExp.js");
    const ajv = createLinearAjv({ allErrors: true, strict: false });
    const checks = EXPONENTIAL.map(({ pattern }) => ajv.compile({ type: "string", pattern }));
    expect(checks.map((check, i) => check(EXPONENTIAL[i]!.input))).toEqual([false, false, false]);
    expect([checks[0]!("aaa"), checks[1]!("aaaa"), checks[2]!("two words")]).toEqual([true, true, true]);
  });

  it("a pattern RE2 cannot compile (a backreference) is not run, and says it was not checked", () => {
    const backreference = linearRegExp("(a)\\1");
    expect(backreference.checked).toBe(false);
    expect(backreference.test("anything")).toBe(true);
    const fine = linearRegExp("b+c");
    expect(fine.checked).toBe(true);
    expect(fine.test("xxbbcxx")).toBe(true); // not anchored, like RegExp.prototype.test
    expect(fine.test("xxcxx")).toBe(false);
  });
});
