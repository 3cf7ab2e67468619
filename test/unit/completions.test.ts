// boundCompletion: what the page gets from a completion/complete answer, whatever the server sent.
// The real-server cases (1,000,000 values, 1 MB strings) are in test/integration/completions.test.ts.
import { describe, expect, it } from "vitest";
import { boundCompletion } from "../../main/core/completions.js";

describe("boundCompletion", () => {
  it("passes a well-formed answer through as sent", () => {
    expect(boundCompletion({ completion: { values: ["a", "b"], total: 2, hasMore: false } })).toEqual({ values: ["a", "b"], total: 2, hasMore: false });
    expect(boundCompletion({ completion: { values: [] } })).toEqual({ values: [] });
  });

  it("an answer without completion.values is a readable error", () => {
    for (const bad of [{}, { completion: null }, { completion: { values: "a,b" } }, null, []]) {
      expect(() => boundCompletion(bad)).toThrow("The server's completion/complete answer has no completion.values list");
    }
  });

  it("drops a total or hasMore of the wrong kind instead of failing the whole answer", () => {
    expect(boundCompletion({ completion: { values: ["a"], total: -1, hasMore: "yes" } })).toEqual({ values: ["a"] });
    expect(boundCompletion({ completion: { values: ["a"], total: 1.5 } })).toEqual({ values: ["a"] });
    expect(boundCompletion({ completion: { values: ["a"], total: Number.MAX_VALUE } })).toEqual({ values: ["a"] });
  });

  it("101 values: the first 100 kept, and the cut said", () => {
    const answer = boundCompletion({ completion: { values: Array.from({ length: 101 }, (_, i) => String(i)) } });
    expect(answer.values).toHaveLength(100);
    expect(answer.values.at(-1)).toBe("99");
    expect(answer.cut).toBe("Suggestions cut: the server sent 101 values; the spec allows 100, so only the first are shown.");
  });

  it("a value of exactly 4,096 characters is kept; one more and it is left out, never cut in half", () => {
    const answer = boundCompletion({ completion: { values: ["x".repeat(4096), "y".repeat(4097)] } });
    expect(answer.values).toEqual(["x".repeat(4096)]);
    expect(answer.cut).toBe("Suggestions cut: 1 longer than 4,096 characters left out.");
  });
});
