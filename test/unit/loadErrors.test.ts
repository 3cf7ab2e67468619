// A load's errors by kind stay a short list: a server answering a new JSON-RPC error code on every call
// (a hostile one, or a broken one) must not grow the report by one key a call, up to 200,000 of them.
import { describe, expect, it } from "vitest";
import { countError, MAX_ERROR_KINDS, OTHER_KINDS } from "../../main/core/checks/load.js";

describe("countError", () => {
  it("names the first kinds, counts the rest together, and keeps counting the kinds it named", () => {
    const errors: Record<string, number> = {};
    for (let code = 0; code < 10_000; code++) countError(errors, `jsonrpc ${-code}`);
    countError(errors, "jsonrpc 0");
    expect(Object.keys(errors)).toHaveLength(MAX_ERROR_KINDS + 1);
    expect(errors["jsonrpc 0"]).toBe(2);
    expect(errors[OTHER_KINDS]).toBe(10_000 - MAX_ERROR_KINDS);
    expect(Object.values(errors).reduce((a, b) => a + b, 0)).toBe(10_001);
  });
});
