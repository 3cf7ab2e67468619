// Issue 22, an opened recording in the Tools, Tasks and input tabs: the derivation over a real recording
// the CLI made of server-everything's research task (a 2025-11-25 task that asks for input through a
// related-task elicitation): the tool run with its task and result, the task's timeline in the live
// timeline's shape, and the elicitation with the answer that was sent.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { TaskTimelineSchema } from "../../shared/timeline.js";
import { ToolRunSchema } from "../../shared/types.js";
import { openRecordingText } from "../../main/core/recordings/sessionRecording.js";
import { recordedViews, RECORDED_INPUTS_KEPT, RECORDED_RUNS_KEPT } from "../../main/core/recordings/recordedViews.js";
import type { LogEntry } from "../../shared/types.js";
import { everythingStdio, fixtureStdio, runCli } from "../cli/harness.js";

const file = join(mkdtempSync(join(tmpdir(), "rec-views-")), "research.mcprec");

beforeAll(async () => {
  const ran = await runCli(["call", "simulate-research-query", "--args", '{"topic":"python","ambiguous":true}', "--task", "--elicitation", '{"action":"accept","content":{"interpretation":"programming"}}', "--server", everythingStdio, "--record", file, "--quiet"]);
  expect(ran.code, ran.stderr).toBe(0);
}, 180_000);

describe("recorded views (issue 22: Open… shows tool runs, the task timeline and input requests)", () => {
  it("Q3: the research task's run, its timeline and its related-task elicitation with the answer sent, from a CLI recording", () => {
    const { views } = openRecordingText(readFileSync(file, "utf8"));
    expect(views.toolRuns).toHaveLength(1);
    const [run] = views.toolRuns;
    expect(ToolRunSchema.parse(run)).toEqual(run);
    expect(run).toMatchObject({ runId: 1, toolName: "simulate-research-query", arguments: { topic: "python", ambiguous: true }, asTask: true, status: "done", task: { status: "completed" } });
    expect(run!.taskId).toMatch(/.+/);
    expect(JSON.stringify(run!.result)).toContain("programming");
    expect(run!.endedAt!).toBeGreaterThanOrEqual(run!.startedAt);

    // The timeline: created, its status changes, the input request and our answer, the result.
    expect(views.timelines.map((t) => t.taskId)).toEqual([run!.taskId]);
    const [timeline] = views.timelines;
    expect(TaskTimelineSchema.parse(timeline)).toEqual(timeline);
    expect(timeline).toMatchObject({ role: "client", era: "legacy", dropped: 0 });
    const kinds = timeline!.events.map((e) => e.kind);
    expect(kinds[0]).toBe("created");
    expect(kinds).toContain("createReply");
    expect(kinds).toContain("inputRequest");
    expect(kinds).toContain("inputAnswer");
    expect(kinds.indexOf("inputAnswer")).toBeGreaterThan(kinds.indexOf("inputRequest"));
    expect(kinds).toContain("resultReply");
    // Each status (or status message) change is marked, as the live core marks what it learns of a client task.
    const statuses = timeline!.events.filter((e) => e.kind === "status").map((e) => e.status);
    expect(statuses.filter((s, i) => s !== statuses[i - 1])).toEqual(["working", "input_required", "working", "completed"]);
    expect(timeline!.events.at(-1)!.wall).toBeGreaterThanOrEqual(timeline!.events[0]!.wall);

    // The input request, as asked and as answered.
    const elicitations = views.inputs.filter((i) => i.kind === "elicitation");
    expect(elicitations).toHaveLength(1);
    expect(elicitations[0]).toMatchObject({ method: "elicitation/create", taskId: run!.taskId, answer: { action: "accept", content: { interpretation: "programming" } } });
    expect(elicitations[0]!.answerSeq!).toBeGreaterThan(elicitations[0]!.seq);
    expect(views.dropped).toEqual({ toolRuns: 0, inputs: 0 });
  });

  it("Q3: the derived timeline does not depend on how the messages interleaved: a tasks/get answer the server wrote after its newer status is stale", () => {
    const { entries, views } = openRecordingText(readFileSync(file, "utf8"));
    const statusesOf = (v: typeof views) => v.timelines[0]!.events.filter((e) => e.kind === "status").map((e) => e.status);
    type Carrier = { result?: { status?: string; task?: { status?: string } }; params?: { status?: string } };
    const statusIn = (e: LogEntry) => {
      const p = e.payload as Carrier;
      return e.direction === "in" ? (p.result?.status ?? p.result?.task?.status ?? p.params?.status) : undefined;
    };
    const taskId = views.toolRuns[0]!.taskId!;
    const asked = entries.findIndex((e) => statusIn(e) === "input_required");
    const resumed = entries.findIndex((e, i) => i > asked && statusIn(e) === "working");
    expect(asked, "the recording saw the task wait for input").toBeGreaterThan(0);
    expect(resumed).toBeGreaterThan(asked);
    const created = entries.map((e) => (e.payload as { result?: { task?: { createdAt?: string } } }).result?.task?.createdAt).find((c) => c !== undefined);
    expect(created).toMatch(/^\d{4}-/);
    // On a loaded machine a poll can be answered with the state the server read before the user's answer,
    // after the status that answer caused: replayed here as a poll answered input_required, late, carrying
    // the server's older lastUpdatedAt.
    const latePoll = (at: number, id: string): LogEntry[] => {
      const base = entries[at]!;
      return [
        { ...base, direction: "out", method: "tasks/get", id, payload: { jsonrpc: "2.0", id, method: "tasks/get", params: { taskId } } },
        { ...base, direction: "in", method: "tasks/get", id, payload: { jsonrpc: "2.0", id, result: { taskId, status: "input_required", createdAt: created, lastUpdatedAt: created, ttl: null } } },
      ];
    };
    const withLatePoll = (at: number, id: string) => [...entries.slice(0, at + 1), ...latePoll(at, id), ...entries.slice(at + 1)].map((e, i) => ({ ...e, seq: i + 1 }));
    expect(statusesOf(recordedViews(withLatePoll(resumed, "late-poll")))).toEqual(statusesOf(views));
    // A terminal task stays terminal whatever arrives after it.
    const ended = entries.findIndex((e) => statusIn(e) === "completed");
    expect(ended).toBeGreaterThan(resumed);
    expect(statusesOf(recordedViews(withLatePoll(ended, "after-end")))).toEqual(statusesOf(views));
  });

  it("M5 on 2026-07-28: a task's input requests (elicitation and sampling, in tasks/get) with the answers sent in tasks/update; the run ends with the task", async () => {
    const modern = join(mkdtempSync(join(tmpdir(), "rec-views-")), "modern.mcprec");
    const ran = await runCli(["call", "task-input", "--elicitation", '{"action":"accept","content":{"name":"Ada"}}', "--sampling", '{"model":"m1","content":{"type":"text","text":"a summary"}}', "--root", "file:///w", "--server", fixtureStdio("modern/modern-server.mjs", "--modern-only"), "--record", modern, "--quiet"]);
    expect(ran.code, ran.stderr).toBe(0);
    const { views } = openRecordingText(readFileSync(modern, "utf8"));
    expect(views.toolRuns).toHaveLength(1);
    const [run] = views.toolRuns;
    expect(run).toMatchObject({ toolName: "task-input", status: "done", task: { status: "completed" } });
    expect(JSON.stringify(run!.result)).toContain("Ada");
    expect(views.timelines).toHaveLength(1);
    expect(views.timelines[0]).toMatchObject({ taskId: run!.taskId, role: "client", era: "modern" });
    const byMethod = new Map(views.inputs.map((i) => [i.method, i]));
    expect(byMethod.get("elicitation/create")).toMatchObject({ kind: "elicitation", taskId: run!.taskId, answer: { action: "accept", content: { name: "Ada" } } });
    expect(byMethod.get("sampling/createMessage")).toMatchObject({ kind: "sampling", answer: { model: "m1" } });
    for (const input of views.inputs) expect(input.key, JSON.stringify(input)).toMatch(/.+/);
  }, 180_000);

  it("I3 on 2026-07-28: a call over two rounds of input_required is one run with its rounds, each input request with the answer the retried call carried", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "rec-views-")), "interview.mcprec");
    const ran = await runCli(["call", "interview", "--elicitation", '{"action":"accept","content":{"name":"Ada"}}', "--sampling", '{"model":"m1","content":{"type":"text","text":"autumn moon"}}', "--server", fixtureStdio("modern/modern-server.mjs", "--modern-only"), "--record", file, "--quiet"]);
    expect(ran.code, ran.stderr).toBe(0);
    const { views } = openRecordingText(readFileSync(file, "utf8"));
    expect(views.toolRuns).toHaveLength(1);
    expect(views.toolRuns[0]).toMatchObject({ toolName: "interview", status: "done", inputRounds: 3, result: { content: [{ type: "text", text: "Ada / autumn moon" }] } });
    expect(views.inputs.map((i) => [i.key, i.method, i.answer])).toEqual([
      ["name", "elicitation/create", { action: "accept", content: { name: "Ada" } }],
      ["haiku", "sampling/createMessage", expect.objectContaining({ model: "m1" })],
    ]);
    expect(views.timelines).toEqual([]);
  }, 180_000);

  it("a hostile log: a million-entry flood of calls is capped with the count said, odd results are said, not thrown", () => {
    const entries: LogEntry[] = [];
    const time = "2026-11-25T00:00:00.000Z";
    for (let i = 0; i < RECORDED_RUNS_KEPT + 50; i++) {
      entries.push({ seq: entries.length + 1, sessionId: "recording", direction: "out", time, method: "tools/call", id: i, payload: { jsonrpc: "2.0", id: i, method: "tools/call", params: { name: "x".repeat(5000), arguments: [] } } });
      entries.push({ seq: entries.length + 1, sessionId: "recording", direction: "in", time, method: "tools/call", id: i, payload: { jsonrpc: "2.0", id: i, result: { content: "not a list" } } });
    }
    const views = recordedViews(entries);
    expect(views.toolRuns).toHaveLength(RECORDED_RUNS_KEPT);
    expect(views.dropped.toolRuns).toBe(50);
    expect(views.toolRuns[0]).toMatchObject({ status: "done", arguments: {}, error: "The recorded result is not a CallToolResult (see the Logs tab for the message as sent)" });
    expect(views.toolRuns[0]!.toolName.length).toBe(1000);
  });

  it("a hostile server: a flood of input requests is capped with the count said; replies to nothing, odd ids and a task it never made change nothing", () => {
    const time = "2026-11-25T00:00:00.000Z";
    const entries: LogEntry[] = [];
    const push = (direction: "in" | "out", payload: Record<string, unknown>) => entries.push({ seq: entries.length + 1, sessionId: "recording", direction, time, payload, ...(typeof payload.method === "string" ? { method: payload.method } : {}) });
    for (let i = 0; i < RECORDED_INPUTS_KEPT + 10; i++) push("in", { jsonrpc: "2.0", id: `s${i}`, method: "elicitation/create", params: { message: "<script>alert(1)</script>", requestedSchema: { type: "object" } } });
    push("out", { jsonrpc: "2.0", id: "s0", result: { action: "decline" } });
    push("in", { jsonrpc: "2.0", id: 999, result: { content: [] } });
    push("in", { jsonrpc: "2.0", id: { evil: true }, method: "sampling/createMessage", params: {} });
    push("in", { jsonrpc: "2.0", method: "notifications/tasks/status", params: { taskId: "never-made", status: "completed" } });
    const views = recordedViews(entries);
    expect(views.inputs).toHaveLength(RECORDED_INPUTS_KEPT);
    expect(views.dropped.inputs).toBe(10);
    expect(views.inputs[0]).toMatchObject({ method: "elicitation/create", kind: "elicitation", answer: { action: "decline" }, answerSeq: RECORDED_INPUTS_KEPT + 11 });
    expect(views.inputs[1]!.answerSeq).toBeUndefined();
    expect(views.toolRuns).toEqual([]);
    expect(views.timelines).toEqual([]);
  });
});
