// Issue 22: diff's classes on recordings made by hand: a narrowed input type breaks callers, a widened one
// does not; an output type widened does; a capability removed does; a task that used to complete and now
// fails is a breaking change of behaviour, and its input requests are compared.
import { describe, expect, it } from "vitest";
import { diffRecordings } from "../../main/core/recordings/diff.js";
import type { Recording, RecordingLine } from "../../main/core/recordings/format.js";

const header = { mcprec: 1 as const, inspector: { name: "mcp-task-inspector", version: "0.1.0" }, recordedAt: "2026-11-25T00:00:00.000Z", era: "legacy" as const, server: { name: "s", transport: "stdio" as const }, limits: { messageBytes: 262144 } };
const rec = (capabilities: object, tools: object[], extra: RecordingLine[] = []): Recording => ({
  header: { ...header, serverCapabilities: capabilities as Record<string, unknown> },
  lines: [{ t: 0, dir: "out", msg: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} } }, { t: 1, dir: "in", msg: { jsonrpc: "2.0", id: 1, result: { tools } } }, ...extra],
  warnings: [],
});
const tool = (input: object, output?: object) => ({ name: "t", inputSchema: { type: "object", properties: input }, ...(output ? { outputSchema: { type: "object", properties: output } } : {}) });

/** A task call: tools/call → CreateTaskResult, then tasks/get polls with these statuses, then the task's end. */
function taskRun(statuses: string[], end: object, inputs: string[] = []): RecordingLine[] {
  const lines: RecordingLine[] = [
    { t: 2, dir: "out", msg: { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "t", arguments: {}, task: {} } } },
    { t: 3, dir: "in", msg: { jsonrpc: "2.0", id: 2, result: { task: { taskId: "x", status: "working", createdAt: "then" } } } },
  ];
  statuses.forEach((status, i) => {
    lines.push({ t: 4 + i, dir: "out", msg: { jsonrpc: "2.0", id: 10 + i, method: "tasks/get", params: { taskId: "x" } } });
    lines.push({ t: 4 + i, dir: "in", msg: { jsonrpc: "2.0", id: 10 + i, result: { taskId: "x", status, lastUpdatedAt: `t${i}` } } });
  });
  inputs.forEach((method, i) => lines.push({ t: 50 + i, dir: "in", msg: { jsonrpc: "2.0", id: 90 + i, method, params: { _meta: { "io.modelcontextprotocol/related-task": { taskId: "x" } } } } }));
  lines.push({ t: 60, dir: "out", msg: { jsonrpc: "2.0", id: 99, method: "tasks/result", params: { taskId: "x" } } });
  lines.push({ t: 61, dir: "in", msg: { jsonrpc: "2.0", id: 99, ...end } });
  return lines;
}

describe("diff classes (issue 22)", () => {
  it("input type narrowed is breaking, widened is not; output type widened is breaking; enum values removed from an input are", () => {
    const narrowed = diffRecordings(rec({}, [tool({ q: { type: ["number", "string"] } })]), rec({}, [tool({ q: { type: "string" } })]));
    expect(narrowed.changes).toEqual([expect.objectContaining({ what: 'argument "q" type changed from number|string to string (narrowed)', breaking: true })]);
    const widened = diffRecordings(rec({}, [tool({ q: { type: "string" } })]), rec({}, [tool({ q: { type: ["number", "string"] } })]));
    expect(widened.changes).toEqual([expect.objectContaining({ breaking: false })]);
    const output = diffRecordings(rec({}, [tool({}, { n: { type: "integer" } })]), rec({}, [tool({}, { n: { type: ["integer", "null"] } })]));
    expect(output.changes).toEqual([expect.objectContaining({ what: 'output field "n" type changed from integer to integer|null (widened)', breaking: true })]);
    const enums = diffRecordings(rec({}, [tool({ mode: { type: "string", enum: ["a", "b"] } })]), rec({}, [tool({ mode: { type: "string", enum: ["a"] } })]));
    expect(enums.changes).toEqual([expect.objectContaining({ what: 'argument "mode" allowed values changed', breaking: true })]);
  });

  it("a capability removed is breaking, one added is not; the era changing is breaking", () => {
    const doc = diffRecordings(rec({ tools: { listChanged: true }, tasks: { requests: { tools: { call: {} } } } }, []), { ...rec({ tools: { listChanged: true }, logging: {} }, []), header: { ...header, era: "modern", serverCapabilities: { tools: { listChanged: true }, logging: {} } } });
    expect(doc.changes.map((c) => [c.subject, c.name, c.breaking])).toEqual([
      ["era", "era", true],
      ["capability", "tasks.requests.tools.call", true],
      ["capability", "logging", false],
    ]);
  });

  it("a list only one side asked for is not compared: a recording of a ping says nothing about tools", () => {
    const pingOnly: Recording = { header: { ...header, serverCapabilities: {} }, lines: [{ t: 0, dir: "out", msg: { jsonrpc: "2.0", id: 1, method: "ping" } }, { t: 1, dir: "in", msg: { jsonrpc: "2.0", id: 1, result: {} } }], warnings: [] };
    expect(diffRecordings(rec({}, [tool({ q: { type: "string" } })]), pingOnly).changes).toEqual([]);
  });

  it("Q4 task behaviour: a status sequence that now ends failed, with an input request it no longer makes, is breaking; poll counts do not matter", () => {
    const before = rec({}, [tool({})], taskRun(["working", "working", "input_required", "completed"], { result: { content: [{ type: "text", text: "ok" }] } }, ["elicitation/create"]));
    const samePolls = rec({}, [tool({})], taskRun(["working", "input_required", "input_required", "completed"], { result: { content: [{ type: "text", text: "ok" }] } }, ["elicitation/create"]));
    expect(diffRecordings(before, samePolls).changes).toEqual([]);
    const after = rec({}, [tool({})], taskRun(["working", "failed"], { error: { code: -32603, message: "broke" } }));
    const doc = diffRecordings(before, after);
    expect(doc.changes.map((c) => [c.what, c.breaking])).toEqual([
      ["now fails", true],
      ["task status sequence changed", true],
      ["input requests changed", false],
    ]);
    expect(doc.changes[1]).toMatchObject({ before: ["working", "input_required", "completed"], after: ["working", "failed"] });
  });
});
