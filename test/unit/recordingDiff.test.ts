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

/** One plain call of tool `t` and its result. */
const call = (result: object): RecordingLine[] => [
  { t: 2, dir: "out", msg: { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "t", arguments: {} } } },
  { t: 3, dir: "in", msg: { jsonrpc: "2.0", id: 2, result } },
];

describe("diff without noise", () => {
  it("times, UUIDs, hex ids and durations in a result (JSON text too) vary between runs: listed apart, not a change", () => {
    const run = (at: string, id: string, ms: number) => call({ content: [{ type: "text", text: `Done at ${at} in ${ms} ms, request ${id}` }, { type: "text", text: JSON.stringify({ startedAt: at, requestId: id, elapsedMs: ms, value: 42 }) }] });
    const doc = diffRecordings(rec({}, [tool({})], run("2026-11-01T10:00:00.000Z", "0b7c2a4e-5d1f-4c3b-9a8e-1f2d3c4b5a69", 12)), rec({}, [tool({})], run("2026-11-01T10:01:00.123Z", "9f1e2d3c-4b5a-4678-8a9b-0c1d2e3f4a5b", 15)));
    expect(doc.changes).toEqual([]);
    expect(doc.breaking + doc.other).toBe(0);
    expect(doc.varies).toEqual([expect.objectContaining({ subject: "call", what: "result varies between runs (times, ids, durations)", breaking: false })]);
    // A real value changed beside them is still a change.
    const changed = diffRecordings(rec({}, [tool({})], call({ content: [{ type: "text", text: "value 42" }] })), rec({}, [tool({})], call({ content: [{ type: "text", text: "value 43" }] })));
    expect(changed.changes).toEqual([expect.objectContaining({ what: "result changed", breaking: false })]);
  });

  it("a task's status sequence that differs only by poll timing (same end) varies; a different end is a change", () => {
    const a = rec({}, [tool({})], taskRun(["working", "input_required", "working", "completed"], { result: { content: [] } }));
    const b = rec({}, [tool({})], taskRun(["working", "completed"], { result: { content: [] } }));
    const doc = diffRecordings(a, b);
    expect(doc.changes).toEqual([]);
    expect(doc.varies).toEqual([expect.objectContaining({ what: "task status sequence varies between runs (poll timing)" })]);
    // A run that fetched the same result before any poll saw "completed" (its sequence ends at "working").
    const early = diffRecordings(rec({}, [tool({})], taskRun(["working", "input_required", "working"], { result: { content: [] } })), a);
    expect(early.changes).toEqual([]);
    expect(early.varies).toEqual([expect.objectContaining({ what: "task status sequence varies between runs (poll timing)" })]);
    // With another outcome, the unseen end is a change.
    const other = diffRecordings(rec({}, [tool({})], taskRun(["working"], { result: { content: [{ type: "text", text: "partial" }] } })), a);
    expect(other.changes.map((c) => c.what)).toContain("task status sequence changed");
  });

  it("R-shape: a field removed or retyped in structured content or in JSON text content is breaking; a field added is not", () => {
    const structured = (content: object) => call({ content: [], structuredContent: content });
    const removed = diffRecordings(rec({}, [tool({})], structured({ temp: 20, humidity: 0.5 })), rec({}, [tool({})], structured({ temp: 20 })));
    expect(removed.changes).toEqual([expect.objectContaining({ what: "result shape changed: field structuredContent.humidity removed", breaking: true })]);
    const json = (value: object) => call({ content: [{ type: "text", text: JSON.stringify(value) }] });
    const retyped = diffRecordings(rec({}, [tool({})], json({ items: [{ id: 1 }] })), rec({}, [tool({})], json({ items: [{ id: "1" }] })));
    expect(retyped.changes).toEqual([expect.objectContaining({ what: "result shape changed: field content[0].text.items[].id changed from number to string", breaking: true })]);
    const added = diffRecordings(rec({}, [tool({})], structured({ temp: 20 })), rec({}, [tool({})], structured({ temp: 21, humidity: 0.5 })));
    expect(added.changes).toEqual([expect.objectContaining({ what: "result changed", breaking: false })]);
  });

  it("--ignore leaves a path out of every result; an output type number → string says another type, not widened", () => {
    const a = rec({}, [tool({})], call({ content: [], structuredContent: { temp: 20, build: "a1" } }));
    const b = rec({}, [tool({})], call({ content: [], structuredContent: { temp: 20, build: "b2" } }));
    expect(diffRecordings(a, b).changes).toHaveLength(1);
    expect(diffRecordings(a, b, { ignore: ["$.structuredContent.build"] }).changes).toEqual([]);
    expect(diffRecordings(a, b, { ignore: ["content[*].text", "structuredContent.build"] }).changes).toEqual([]);
    const output = diffRecordings(rec({}, [tool({}, { n: { type: "number" } })]), rec({}, [tool({}, { n: { type: "string" } })]));
    expect(output.changes).toEqual([expect.objectContaining({ what: 'output field "n" type changed from number to string (another type)', breaking: true })]);
  });
});

describe("diff says what the readers noticed", () => {
  it("the recordings' warnings are kept in the document, side by side", () => {
    const a = { ...rec({}, [tool({})]), warnings: ["Line 7: the server sent sampling/createMessage, but the client did not offer the sampling capability"] };
    const doc = diffRecordings(a, rec({}, [tool({})]));
    expect(doc.warnings).toEqual({ a: a.warnings, b: [] });
    expect(diffRecordings(rec({}, [tool({})]), rec({}, [tool({})])).warnings).toBeUndefined();
  });
});

describe("diff in bounded memory (issue 30)", () => {
  /** `n` plain calls, each its own arguments; `result(i)` says what call i answered. */
  const calls = (n: number, result: (i: number) => object): RecordingLine[] =>
    Array.from({ length: n }, (_, i): RecordingLine[] => [
      { t: i, dir: "out", msg: { jsonrpc: "2.0", id: 100 + i, method: "tools/call", params: { name: "t", arguments: { i } } } },
      { t: i, dir: "in", msg: { jsonrpc: "2.0", id: 100 + i, result: result(i) } },
    ]).flat();
  const bounds = { calls: 40, listed: 5, listedChars: 1_000_000, pending: 10 };
  const text = (s: string) => ({ content: [{ type: "text", text: s }] });

  it("lists the first differing calls with their values, counts and classes the rest, and compares no more calls than its bound", () => {
    // 50 calls: the first 30 vary (a time), 31-39 change a value, 40-49 are past the bound of 40 calls compared.
    const a = rec({}, [tool({})], calls(50, (i) => (i < 30 ? text(`at 2026-11-01T10:00:00Z: ${i}`) : i === 39 ? { content: [], structuredContent: { v: i, w: 1 } } : text(`value ${i}`))));
    const b = rec({}, [tool({})], calls(50, (i) => (i < 30 ? text(`at 2026-11-02T11:00:00Z: ${i}`) : i === 39 ? { content: [], structuredContent: { v: i } } : text(`value ${i + 1}`))));
    const doc = diffRecordings(a, b, { bounds });
    expect(doc.varies).toHaveLength(5);
    expect(doc.varies![0]).toMatchObject({ name: 'tools/call {"arguments":{"i":0},"name":"t"}', before: text("at 2026-11-01T10:00:00Z: 0"), after: text("at 2026-11-02T11:00:00Z: 0") });
    expect(doc.changes).toEqual([]);
    // 25 more vary; 30-38 changed (not breaking); 39's structured content lost a field (breaking).
    expect(doc.unlisted).toEqual({ varies: 25, changes: 10, breaking: 1, notCompared: 10 });
    expect([doc.breaking, doc.other]).toEqual([1, 9]);
    // The same calls with everything listed: the unlisted classes are what the listed ones say.
    const all = diffRecordings(a, b, { bounds: { ...bounds, listed: 1000 } });
    expect([all.varies!.length, all.changes.map((c) => c.breaking), all.unlisted]).toEqual([30, [...Array(9).fill(false), true], { varies: 0, changes: 0, breaking: 0, notCompared: 10 }]);
  });

  it("a hostile task flipping its status a million times keeps a hundred statuses", () => {
    const flips: RecordingLine[] = [];
    for (let i = 0; i < 2_000; i++) {
      flips.push({ t: 4, dir: "out", msg: { jsonrpc: "2.0", id: 1000 + i, method: "tasks/get", params: { taskId: "x" } } });
      flips.push({ t: 4, dir: "in", msg: { jsonrpc: "2.0", id: 1000 + i, result: { taskId: "x", status: i % 2 ? "working" : "input_required" } } });
    }
    const a = rec({}, [tool({})], [...taskRun([], { result: { content: [] } }).slice(0, 2), ...flips]);
    const b = rec({}, [tool({})], taskRun(["working", "completed"], { result: { content: [] } }));
    const change = diffRecordings(a, b).changes.find((c) => c.what === "task status sequence changed");
    expect((change!.before as string[]).length).toBe(100);
  });
});
