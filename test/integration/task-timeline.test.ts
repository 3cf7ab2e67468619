// The task timeline (issue 13) against real servers over real stdio: server-everything's receiver task
// (it polls our tasks/get, then fetches tasks/result), its client task (we poll; it asks for input through
// tasks/result), and a 2026-07-28 task of our fixture (tasks/get polls, inputRequests, tasks/update).
// Every count on the timeline is checked against the protocol log, which records the same wire.
import { describe, expect, it } from "vitest";
import type { LogEntry } from "../../shared/types.js";
import type { TaskTimeline, TimelineEvent } from "../../shared/timeline.js";
import { summarize } from "../../renderer/src/tabs/timeline/timelineModel.js";
import { createHarness, type Harness } from "../helpers/harness.js";
import { everythingServer, fixtureServer } from "../helpers/servers.js";

type Params = { taskId?: string };
const paramsOf = (e: LogEntry) => ((e.payload as { params?: Params }).params ?? {}) as Params;

async function logOf(h: Harness, sessionId: string): Promise<LogEntry[]> {
  return (await h.core.dispatch("getLog", { sessionId })).entries;
}

function requests(log: LogEntry[], direction: "in" | "out", method: string, taskId: string): LogEntry[] {
  return log.filter((e) => e.direction === direction && e.method === method && "params" in (e.payload as object) && paramsOf(e).taskId === taskId);
}

const kinds = (events: TimelineEvent[], kind: TimelineEvent["kind"], from?: TimelineEvent["from"]) => events.filter((e) => e.kind === kind && (!from || e.from === from));

/** The streamed events of a task, as a page following it would have them. */
function streamed(h: Harness, sessionId: string, taskId: string): TimelineEvent[] {
  return h.events.flatMap((e) => (e.type === "taskTimelineEvents" && e.payload.sessionId === sessionId && e.payload.taskId === taskId ? e.payload.events : []));
}

function expectInTimeOrder(line: TaskTimeline) {
  const times = line.events.map((e) => e.at);
  expect(times).toEqual([...times].sort((a, b) => a - b));
}

describe("task timeline over real stdio", () => {
  it("a legacy receiver task (server-everything's trigger-elicitation-request-async): the server's polls, our replies, the click and the tasks/result that carried the answer", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: everythingServer() });
    const call = h.core.dispatch("callTool", { sessionId, name: "trigger-elicitation-request-async", arguments: {} });
    const input = await h.waitFor("pendingInputAdded", (p) => p.kind === "elicitation" && p.sessionId === sessionId);
    const taskId = input.receiverTaskId!;
    // A page opens the timeline now: what it fetched, plus what is streamed afterwards, is the whole line.
    const opened = await h.core.dispatch("getTaskTimeline", { sessionId, taskId });
    // Let the server poll a couple of times while the user "thinks".
    await h.until(() => h.events.filter((e) => e.type === "logEntry" && e.payload.direction === "in" && e.payload.method === "tasks/get").length >= 2, 20_000, "two polls");
    await h.core.dispatch("answerElicitation", { pendingInputId: input.id, action: "accept", content: { name: "Ada", favoriteColor: "Blue", agreeToTerms: true } });
    await call;

    const line = await h.core.dispatch("getTaskTimeline", { sessionId, taskId });
    expect(line).toMatchObject({ sessionId, taskId, role: "receiver", era: "legacy", dropped: 0 });
    expectInTimeOrder(line);
    const log = await logOf(h, sessionId);
    const polls = requests(log, "in", "tasks/get", taskId);
    expect(polls.length).toBeGreaterThanOrEqual(2);
    const summary = summarize(line.events);
    // Every tasks/get of the server is one poll on the line, each answered by us.
    expect(summary.pollsByServer).toBe(polls.length);
    expect(kinds(line.events, "pollReply", "us")).toHaveLength(polls.length);
    expect(summary.resultsByServer).toBe(requests(log, "in", "tasks/result", taskId).length);
    expect(summary.pollsByUs).toBe(0);
    // The request that created the task, at its own time, before our CreateTaskResult.
    const created = kinds(line.events, "created")[0]!;
    expect(created).toMatchObject({ from: "server", method: "elicitation/create" });
    expect(line.events[0]).toEqual(created);
    expect(kinds(line.events, "createReply", "us")).toHaveLength(1);
    expect(kinds(line.events, "status").map((e) => e.status)).toEqual(["working", "completed"]);
    // R11: our notifications/tasks/status are on the line too.
    expect(kinds(line.events, "notification", "us").length).toBeGreaterThanOrEqual(2);
    // The click, and the tasks/result reply that carried the answer to the server after it.
    const clicked = kinds(line.events, "inputAnswered")[0]!;
    const delivered = line.events.find((e) => e.kind === "resultReply" && e.at >= clicked.at)!;
    expect(delivered.replyTo).toBe(kinds(line.events, "result", "server").at(-1)!.seq);
    expect(summary.deliveredAfterMs).toEqual([delivered.at - clicked.at]);
    expect(summary.deliveredAfterMs[0]).toBeGreaterThan(0);
    // R11: our notifications/tasks/status "completed" (or a poll's reply, had one come first) told the server
    // first; it asked for the answer after its next poll.
    const told = line.events.find((e) => (e.kind === "notification" || e.kind === "pollReply") && e.from === "us" && e.at >= clicked.at)!;
    expect(told.status).toBe("completed");
    expect(summary.toldAfterMs).toEqual([told.at - clicked.at]);
    expect(summary.toldAfterMs[0]).toBeLessThan(summary.deliveredAfterMs[0]!);
    // What a page following the task live received is the same line.
    const live = streamed(h, sessionId, taskId);
    expect(live.length).toBeGreaterThan(0);
    expect([...opened.events, ...live].sort((a, b) => a.seq - b.seq)).toEqual([...line.events].sort((a, b) => a.seq - b.seq));
  });

  it("a legacy client task (simulate-research-query, ambiguous): our polls, the server's notifications and statuses, its input request through tasks/result and our answer", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: everythingServer() });
    const created = await h.core.dispatch("callToolAsTask", { sessionId, name: "simulate-research-query", arguments: { topic: "python", ambiguous: true } });
    const taskId = created.task.taskId;
    const input = await h.waitFor("pendingInputAdded", (p) => p.relatedTaskId === taskId);
    await h.core.dispatch("answerElicitation", { pendingInputId: input.id, action: "accept", content: { interpretation: "programming" } });
    await h.waitFor("clientTaskChanged", (t) => t.task.taskId === taskId && t.result !== undefined);

    const line = await h.core.dispatch("getTaskTimeline", { sessionId, taskId });
    expect(line).toMatchObject({ role: "client", era: "legacy" });
    expectInTimeOrder(line);
    const log = await logOf(h, sessionId);
    const summary = summarize(line.events);
    expect(summary.pollsByUs).toBe(requests(log, "out", "tasks/get", taskId).length);
    expect(summary.pollsByUs).toBeGreaterThanOrEqual(1);
    expect(summary.pollsByServer).toBe(0);
    expect(summary.resultsByUs).toBe(requests(log, "out", "tasks/result", taskId).length);
    expect(summary.notifications).toBe(requests(log, "in", "notifications/tasks/status", taskId).length);
    expect(line.events[0]).toMatchObject({ kind: "created", from: "us", method: "tools/call" });
    expect(kinds(line.events, "status").map((e) => e.status)).toEqual(expect.arrayContaining(["working", "input_required", "completed"]));
    // Q3: the server's elicitation for the task, and our response to it after the click.
    const asked = kinds(line.events, "inputRequest", "server")[0]!;
    expect(asked.method).toBe("elicitation/create");
    const clicked = kinds(line.events, "inputAnswered")[0]!;
    const answer = kinds(line.events, "inputAnswer", "us")[0]!;
    expect(answer.replyTo).toBe(asked.seq);
    expect(answer.at).toBeGreaterThanOrEqual(clicked.at);
    expect(summary.deliveredAfterMs).toEqual([answer.at - clicked.at]);
  });

  it("a 2026-07-28 task (our fixture's task-input): tasks/get polls, its input requests, and the tasks/update that carried each answer", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("modern/modern-server.mjs") });
    const run = await h.core.dispatch("callTool", { sessionId, name: "task-input", arguments: {} });
    const taskId = run.startedTask!.task.taskId;
    const name = await h.waitFor("pendingInputAdded", (p) => p.relatedTaskId === taskId && p.modern?.key === "name");
    const summaryInput = await h.waitFor("pendingInputAdded", (p) => p.relatedTaskId === taskId && p.modern?.key === "summary");
    await h.core.dispatch("answerElicitation", { pendingInputId: name.id, action: "accept", content: { name: "Lin" } });
    await h.core.dispatch("approveSampling", { pendingInputId: summaryInput.id, result: { content: { type: "text", text: "short" }, model: "m" } });
    await h.waitFor("clientTaskChanged", (t) => t.task.taskId === taskId && t.task.status === "completed");

    const line = await h.core.dispatch("getTaskTimeline", { sessionId, taskId });
    expect(line).toMatchObject({ role: "client", era: "modern" });
    expectInTimeOrder(line);
    const log = await logOf(h, sessionId);
    const summary = summarize(line.events);
    expect(line.events[0]).toMatchObject({ kind: "created", from: "us", method: "tools/call" });
    expect(kinds(line.events, "createReply", "server")[0]?.status).toBe("working");
    expect(summary.pollsByUs).toBe(requests(log, "out", "tasks/get", taskId).length);
    expect(summary.updates).toBe(requests(log, "out", "tasks/update", taskId).length);
    expect(kinds(line.events, "updateAck", "server")).toHaveLength(summary.updates);
    // Two inputs shown and answered; each answer's tasks/update follows its click.
    expect(kinds(line.events, "inputRequested")).toHaveLength(2);
    expect(kinds(line.events, "inputAnswered")).toHaveLength(2);
    expect(summary.deliveredAfterMs).toHaveLength(2);
    for (const ms of summary.deliveredAfterMs) expect(ms).toBeGreaterThanOrEqual(0);
    expect(kinds(line.events, "status").at(-1)?.status).toBe("completed");
  });

  it("M7: a 2026-07-28 task finished by a notifications/tasks on the listen stream: the notification is on the line, with no poll before it", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("modern/listen-server.mjs") });
    const started = await h.core.dispatch("callTool", { sessionId, name: "later", arguments: {} });
    const taskId = started.startedTask!.task.taskId;
    await h.waitFor("clientTaskChanged", (t) => t.task.taskId === taskId && t.task.status === "completed");
    const line = await h.core.dispatch("getTaskTimeline", { sessionId, taskId });
    expect(line).toMatchObject({ role: "client", era: "modern" });
    const told = kinds(line.events, "notification", "server");
    expect(told.map((e) => [e.method, e.status])).toContainEqual(["notifications/tasks", "completed"]);
    expect(summarize(line.events).pollsByUs).toBe(0);
    expect(kinds(line.events, "status").at(-1)?.status).toBe("completed");
  });

  it("R7 R10: a legacy receiver task our fixture polls, lists, blocks on and cancels: tasks/list on the line, the blocked tasks/result answered right after the click, the cancel and the input withdrawn", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("receiver-server.mjs") });
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await h.core.dispatch("callTool", { sessionId, name, arguments: args });
      return JSON.parse((result.content[0] as { text: string }).text) as { response: { result?: { task?: { taskId: string } } } };
    };
    const elicit = { message: "Name?", requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] }, task: { ttl: 60_000 } };
    const taskId = (await call("request", { method: "elicitation/create", params: elicit })).response.result!.task!.taskId;
    const input = await h.waitFor("pendingInputAdded", (p) => p.receiverTaskId === taskId);
    await call("request", { method: "tasks/get", params: { taskId } });
    await call("list-all", {});
    // R7: tasks/result blocks until the user answers; a later request's round trip proves it is waiting.
    const blocked = call("request", { method: "tasks/result", params: { taskId }, id: "timeline-blocked" });
    await h.waitFor("logEntry", (e) => e.sessionId === sessionId && e.direction === "in" && e.id === "timeline-blocked");
    await call("request", { method: "tasks/get", params: { taskId } });
    await h.core.dispatch("answerElicitation", { pendingInputId: input.id, action: "accept", content: { name: "Ada" } });
    await blocked;

    const line = await h.core.dispatch("getTaskTimeline", { sessionId, taskId });
    expectInTimeOrder(line);
    const summary = summarize(line.events);
    expect([summary.pollsByServer, summary.listsByServer, summary.resultsByServer]).toEqual([2, 1, 1]);
    const list = kinds(line.events, "list", "server")[0]!;
    expect(kinds(line.events, "listReply", "us")[0]).toMatchObject({ replyTo: list.seq, status: "working" });
    // The blocked tasks/result is the first thing we send after the click: nothing "told" the server before.
    const clicked = kinds(line.events, "inputAnswered")[0]!;
    const afterClick = line.events.filter((e) => e.at >= clicked.at && e.from === "us" && e.kind !== "status");
    expect(afterClick[0]).toMatchObject({ kind: "resultReply", replyTo: kinds(line.events, "result", "server")[0]!.seq });
    expect(summary.toldAfterMs).toEqual([]);
    expect(summary.deliveredAfterMs).toEqual([afterClick[0]!.at - clicked.at]);

    // R10: the server cancels a second task; its input is withdrawn.
    const second = (await call("request", { method: "elicitation/create", params: elicit })).response.result!.task!.taskId;
    await h.waitFor("pendingInputAdded", (p) => p.receiverTaskId === second);
    await call("request", { method: "tasks/cancel", params: { taskId: second } });
    const cancelled = await h.core.dispatch("getTaskTimeline", { sessionId, taskId: second });
    const cancel = kinds(cancelled.events, "cancel", "server")[0]!;
    expect(kinds(cancelled.events, "cancelReply", "us")[0]).toMatchObject({ replyTo: cancel.seq, status: "cancelled" });
    expect(kinds(cancelled.events, "status").map((e) => e.status)).toEqual(["working", "cancelled"]);
    expect(kinds(cancelled.events, "inputWithdrawn", "user")).toHaveLength(1);
  });
});
