// Readable schema errors (issue 13): the zod issues of a rejected result become one line, and the raw
// response is found in the log by the method it answered.
import { describe, expect, it } from "vitest";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { lastResponseTo, readableSchemaError, SchemaMismatchError } from "../../main/core/schemaMismatch.js";
import type { LogEntry } from "../../shared/types.js";

const entry = (seq: number, direction: "in" | "out", method: string, payload: unknown): LogEntry => ({ seq, sessionId: "s", direction, time: "t", method, payload });
const zodErrorOf = (value: unknown) => {
  const parsed = CallToolResultSchema.safeParse(value);
  if (parsed.success) throw new Error("expected a schema failure");
  return parsed.error;
};

describe("readableSchemaError", () => {
  it("names the branch the block's type chose (an audio block missing its data), not a tie with the text branch", () => {
    const error = readableSchemaError(zodErrorOf({ content: [{ type: "audio" }] }), "tools/call", entry(9, "in", "tools/call", { result: {} }));
    expect(error).toBeInstanceOf(SchemaMismatchError);
    expect((error as Error).message).toMatch(/^The server's tools\/call response does not fit the MCP schema: content\.0\.data: .*expected string, received undefined\. Raw response: message #9 in the Logs tab\.$/);
  });

  it("says how many more problems there are, and no reference when the log has no response", () => {
    const error = readableSchemaError(zodErrorOf({ content: [{ type: "audio" }], isError: "yes" }), "tools/call", undefined) as Error;
    expect(error.message).toMatch(/ \(and 1 more\)\.$/);
    expect(error.message).not.toContain("Raw response");
  });

  it("passes any other error on as it is", () => {
    const other = new Error("Connection closed");
    expect(readableSchemaError(other, "tools/list", undefined)).toBe(other);
  });
});

describe("lastResponseTo", () => {
  it("finds the newest incoming result to the method, not a request, an error or another method", () => {
    const log = [
      entry(1, "in", "tools/list", { result: { tools: [] } }),
      entry(2, "out", "tools/list", { method: "tools/list" }),
      entry(3, "in", "tools/call", { result: {} }),
      entry(4, "in", "tools/list", { error: { code: -1, message: "x" } }),
    ];
    expect(lastResponseTo(log, "tools/list")?.seq).toBe(1);
    expect(lastResponseTo(log, "tools/call")?.seq).toBe(3);
    expect(lastResponseTo(log, "prompts/list")).toBeUndefined();
  });
});
