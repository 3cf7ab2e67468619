// Honest task states over real stdio (issue 13): how each task ended, when, who cancelled it, what was
// asked, and the trace a deleted task leaves. Client tasks against server-everything, our tool-tasks and
// modern fixtures; receiver tasks against the receiver fixture, which sends its requests raw.
import { describe, expect, it } from "vitest";
import { TASK_TRACES_KEPT, type ClientTask, type LogEntry, type ReceiverTask, type ToolRun } from "../../shared/types.js";
import { createHarness, type Harness } from "../helpers/harness.js";
import { everythingServer, fixtureServer } from "../helpers/servers.js";

interface Sent {
  response: { id: string | number; result?: Record<string, unknown>; error?: { code: number; message: string } };
}
interface WireTask {
  taskId: string;
  status: string;
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

async function logOf(h: Harness, sessionId: string): Promise<LogEntry[]> {
  return (await h.core.dispatch("getLog", { sessionId })).entries;
}

function clientTask(h: Harness, sessionId: string, taskId: string): ClientTask | undefined {
  return h.core.session(sessionId).clientTaskList.find((t) => t.task.taskId === taskId);
}

/** The tool run that became the task, as a reloaded page would get it. */
async function runOf(h: Harness, sessionId: string, taskId: string): Promise<ToolRun | undefined> {
  return (await h.core.dispatch("getSnapshot", {})).toolRuns?.find((r) => r.sessionId === sessionId && r.taskId === taskId);
}

describe("client tasks say how they ended", () => {
  it("Q4 Q5: a cancelled task on server-everything says cancelled by you, and when; tasks/result's error is kept as the server's answer, and its log reply names the task", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: everythingServer() });
    const created = await h.core.dispatch("callToolAsTask", { sessionId, name: "simulate-research-query", arguments: { topic: "tides" } });
    const taskId = created.task.taskId;
    const before = Date.now();
    const cancelled = await h.core.dispatch("cancelClientTask", { sessionId, taskId });
    expect(cancelled.task.status).toBe("cancelled");
    expect(cancelled.cancelRequestedAt).toMatch(ISO);
    expect(Date.parse(cancelled.cancelRequestedAt!)).toBeGreaterThanOrEqual(before - 1);

    // Q4: what tasks/result answered for the cancelled task is kept exactly as the server sent it, and the
    // task stays cancelled (no made-up outcome); the Details lead with the status (component tests).
    const settled = await h.until(() => clientTask(h, sessionId, taskId)?.error, 10_000, "the tasks/result answer");
    const log = await logOf(h, sessionId);
    const reply = log.find((e) => e.direction === "in" && e.method === "tasks/result" && (e.payload as { error?: unknown }).error);
    expect(reply, "the server's error reply to tasks/result").toBeDefined();
    expect(settled).toEqual({ code: (reply!.payload as { error: { code: number } }).error.code, message: (reply!.payload as { error: { message: string } }).error.message });
    expect(clientTask(h, sessionId, taskId)?.task.status).toBe("cancelled");
    expect(clientTask(h, sessionId, taskId)?.result).toBeUndefined();
    // The error reply carries no task id of its own: the log names the task of the request it answers.
    expect(reply!.taskId).toBe(taskId);
  });

  it("Q5 R9: a finished client task the server deleted is marked deleted at a time, after tasks/list misses it and tasks/get confirms; the row stays", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("tool-tasks-server.mjs") });
    const kept = await h.core.dispatch("callToolAsTask", { sessionId, name: "task-only", arguments: { workMs: 10, pollInterval: 50 } });
    const purged = await h.core.dispatch("callToolAsTask", { sessionId, name: "task-only", arguments: { workMs: 10, pollInterval: 50 } });
    for (const t of [kept, purged]) await h.until(() => clientTask(h, sessionId, t.task.taskId)?.result, 5000, "completed");
    await h.core.dispatch("callTool", { sessionId, name: "purge", arguments: { taskId: purged.task.taskId } });

    const { tasks } = await h.core.dispatch("refreshClientTasks", { sessionId });
    expect(tasks.map((t) => t.taskId)).toEqual([kept.task.taskId]);
    const gone = clientTask(h, sessionId, purged.task.taskId)!;
    expect(gone.deletedAt).toMatch(ISO);
    // The trace keeps what it was: completed, with its result.
    expect(gone.task.status).toBe("completed");
    expect(gone.result?.content).toEqual([{ type: "text", text: "done" }]);
    expect(clientTask(h, sessionId, kept.task.taskId)?.deletedAt).toBeUndefined();
    // Confirmed by the server's own -32602 to a tasks/get, not guessed from the list alone.
    const log = await logOf(h, sessionId);
    const confirm = log.find((e) => e.direction === "in" && e.method === "tasks/get" && e.taskId === purged.task.taskId && (e.payload as { error?: { code: number } }).error?.code === -32602);
    expect(confirm).toBeDefined();
  });

  it("Q2: a live client task whose tasks/get answers -32602 is marked deleted at a time, polling stops, and its run says deleted", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("tool-tasks-server.mjs") });
    const live = await h.core.dispatch("callToolAsTask", { sessionId, name: "task-only", arguments: { workMs: -1, pollInterval: 50 } });
    await h.waitFor("logEntry", (e) => e.direction === "out" && e.method === "tasks/get");
    await h.core.dispatch("callTool", { sessionId, name: "purge", arguments: { taskId: live.task.taskId } });
    const deleted = await h.waitFor("clientTaskChanged", (t) => t.task.taskId === live.task.taskId && t.deletedAt !== undefined);
    expect(deleted.deletedAt).toMatch(ISO);
    expect(deleted.pollError).toMatch(/Unknown task/);
    // Issue 19: the run that became the task says it went, and when (not "working" for ever).
    const run = await runOf(h, sessionId, live.task.taskId);
    expect(run?.task).toMatchObject({ status: "working", ending: "deleted" });
    expect(run!.task!.endedAt).toBeGreaterThanOrEqual(run!.startedAt);
    // The run ends when the deletion is seen: on the core's clock, not before the task was marked deleted.
    expect(run!.task!.endedAt).toBeGreaterThanOrEqual(Date.parse(deleted.deletedAt!));
  });

  it("S1: a client task still live when its session ends says the session ended, in both eras; on 2025-11-25 it is marked cancelled by us", async () => {
    const h = createHarness();
    const legacy = await h.core.dispatch("connect", { server: fixtureServer("tool-tasks-server.mjs") });
    const modern = await h.core.dispatch("connect", { server: fixtureServer("modern/modern-server.mjs") });
    const legacyTask = await h.core.dispatch("callToolAsTask", { sessionId: legacy.sessionId, name: "task-only", arguments: { workMs: -1, pollInterval: 50 } });
    const modernTask = (await h.core.dispatch("callTool", { sessionId: modern.sessionId, name: "task-hang", arguments: {} })).startedTask!;
    const finished = await h.core.dispatch("callToolAsTask", { sessionId: legacy.sessionId, name: "task-only", arguments: { workMs: 10, pollInterval: 50 } });
    await h.until(() => clientTask(h, legacy.sessionId, finished.task.taskId)?.result, 5000, "completed");
    await h.core.dispatch("disconnect", { sessionId: legacy.sessionId });
    await h.core.dispatch("disconnect", { sessionId: modern.sessionId });

    const legacyEnded = clientTask(h, legacy.sessionId, legacyTask.task.taskId)!;
    expect([legacyEnded.sessionEnded, legacyEnded.task.status]).toEqual([true, "cancelled"]);
    expect(legacyEnded.cancelRequestedAt).toBeUndefined();
    const modernEnded = clientTask(h, modern.sessionId, modernTask.task.taskId)!;
    expect([modernEnded.sessionEnded, modernEnded.task.status]).toEqual([true, "working"]);
    // A task that had finished is not touched.
    expect(clientTask(h, legacy.sessionId, finished.task.taskId)?.sessionEnded).toBeUndefined();
  });

  it("M6: a modern task cancelled by the user says when the cancel was asked; M3: a purged one says when it was deleted, and so do its tool run and its timeline", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("modern/modern-server.mjs") });
    const hanging = (await h.core.dispatch("callTool", { sessionId, name: "task-hang", arguments: {} })).startedTask!;
    const requested = await h.core.dispatch("cancelClientTask", { sessionId, taskId: hanging.task.taskId });
    expect(requested.cancelRequestedAt).toMatch(ISO);
    const cancelled = await h.waitFor("clientTaskChanged", (t) => t.task.taskId === hanging.task.taskId && t.task.status === "cancelled");
    expect(cancelled.cancelRequestedAt).toBe(requested.cancelRequestedAt);
    // 2026-07-28 has no tasks/result: a cancelled task has neither result nor error, nothing is made up.
    expect(cancelled.result).toBeUndefined();
    expect(cancelled.error).toBeUndefined();

    // The run of the cancelled task ends with it.
    expect((await runOf(h, sessionId, hanging.task.taskId))?.task).toMatchObject({ status: "cancelled", endedAt: expect.any(Number) });

    const purging = (await h.core.dispatch("callTool", { sessionId, name: "task-purge", arguments: {} })).startedTask!;
    const purged = await h.waitFor("clientTaskChanged", (t) => t.task.taskId === purging.task.taskId && t.gone === "purged");
    expect(purged.deletedAt).toMatch(ISO);
    // Issue 19: the tool run that became the purged task says deleted, with the time we learned it; so
    // does the task's timeline, after the last status it had.
    const run = await runOf(h, sessionId, purging.task.taskId);
    expect(run).toMatchObject({ status: "done", toolName: "task-purge", task: { status: "working", ending: "deleted" } });
    expect(run!.task!.endedAt).toBeGreaterThanOrEqual(run!.endedAt!);
    const timeline = await h.core.dispatch("getTaskTimeline", { sessionId, taskId: purging.task.taskId });
    const ended = timeline.events.filter((e) => e.kind === "ended");
    expect(ended).toMatchObject([{ from: "server", ending: "deleted" }]);
    expect(ended[0]!.detail).toBe("its tasks/get answered: unknown task");
    // The server's own words are on the line once, on the error reply that said it.
    expect(timeline.events.at(-2)).toMatchObject({ kind: "pollReply", error: true, detail: expect.stringMatching(/^error -32602: .*not found/) });
    expect(timeline.events.at(-1)!.kind).toBe("ended");
  });

  it("M3: a modern task whose ttl passes without a terminal status expires; its run and its timeline say expired", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("modern/modern-server.mjs") });
    const expiring = (await h.core.dispatch("callTool", { sessionId, name: "task-expire", arguments: {} })).startedTask!;
    await h.waitFor("clientTaskChanged", (t) => t.task.taskId === expiring.task.taskId && t.gone === "expired");
    expect((await runOf(h, sessionId, expiring.task.taskId))?.task).toMatchObject({ status: "working", ending: "expired", endedAt: expect.any(Number) });
    const timeline = await h.core.dispatch("getTaskTimeline", { sessionId, taskId: expiring.task.taskId });
    expect(timeline.events.filter((e) => e.kind === "ended")).toMatchObject([{ from: "us", ending: "expired" }]);
  });
});

/** The receiver fixture, connected, with its raw-request tool. */
async function connectReceiverFixture(h: Harness) {
  const info = await h.core.dispatch("connect", { server: fixtureServer("receiver-server.mjs") });
  const { sessionId } = info;
  async function call<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
    const result = await h.core.dispatch("callTool", { sessionId, name, arguments: args });
    const first = result.content[0] as { type: string; text?: string } | undefined;
    if (result.isError || first?.type !== "text" || first.text === undefined) throw new Error(`fixture tool ${name} failed: ${JSON.stringify(result.content)}`);
    return JSON.parse(first.text) as T;
  }
  const request = (method: string, params?: unknown, options: { id?: string } = {}) => call<Sent>("request", { method, ...(params === undefined ? {} : { params }), ...options });
  async function elicit(ttl = 60_000, message = "What is your name?") {
    const sent = await request("elicitation/create", {
      message,
      requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
      task: { ttl },
    });
    const task = (sent.response.result as { task: WireTask }).task;
    const input = await h.waitFor("pendingInputAdded", (p) => p.receiverTaskId === task.taskId);
    return { task, input };
  }
  async function sample(ttl = 60_000) {
    const sent = await request("sampling/createMessage", {
      messages: [
        { role: "user", content: { type: "text", text: "Say <b>hello</b>" } },
        { role: "assistant", content: { type: "image", data: "AAAA", mimeType: "image/png" } },
      ],
      systemPrompt: "Be brief",
      maxTokens: 50,
      task: { ttl },
    });
    const task = (sent.response.result as { task: WireTask }).task;
    const input = await h.waitFor("pendingInputAdded", (p) => p.receiverTaskId === task.taskId);
    return { task, input };
  }
  const ended = (taskId: string) => h.waitFor("receiverTaskChanged", (t) => t.task.taskId === taskId && t.ending !== undefined);
  return { sessionId, call, request, elicit, sample, ended };
}

describe("receiver tasks say how they ended", () => {
  it("R12: elicitation answers end accepted, declined or cancelled (completed); sampling ends answered, or rejected (failed)", async () => {
    const h = createHarness();
    const fx = await connectReceiverFixture(h);
    const outcomes: [ReceiverTask["ending"], ReceiverTask["task"]["status"]][] = [];
    for (const action of ["accept", "decline", "cancel"] as const) {
      const { task, input } = await fx.elicit();
      await h.core.dispatch("answerElicitation", { pendingInputId: input.id, action, ...(action === "accept" ? { content: { name: "Ada" } } : {}) });
      const done = await fx.ended(task.taskId);
      outcomes.push([done.ending, done.task.status]);
    }
    const approved = await fx.sample();
    await h.core.dispatch("approveSampling", { pendingInputId: approved.input.id, result: { content: { type: "text", text: "hi" }, model: "human" } });
    const answered = await fx.ended(approved.task.taskId);
    outcomes.push([answered.ending, answered.task.status]);
    const rejected = await fx.sample();
    await h.core.dispatch("rejectSampling", { pendingInputId: rejected.input.id, reason: "not today" });
    const failed = await fx.ended(rejected.task.taskId);
    outcomes.push([failed.ending, failed.task.status]);
    expect(outcomes).toEqual([
      ["accepted", "completed"],
      ["declined", "completed"],
      ["cancelled", "completed"],
      ["answered", "completed"],
      ["rejected", "failed"],
    ]);
    // The server polls the same state the inspector shows.
    const { response } = await fx.request("tasks/get", { taskId: rejected.task.taskId });
    expect(response.result?.status).toBe("failed");
  });

  it("R10: a task the server cancels with tasks/cancel ends cancelled by the server; one the user cancels ends cancelled by you", async () => {
    const h = createHarness();
    const fx = await connectReceiverFixture(h);
    const byServer = await fx.elicit();
    await fx.request("tasks/cancel", { taskId: byServer.task.taskId });
    const serverEnded = await fx.ended(byServer.task.taskId);
    expect([serverEnded.ending, serverEnded.task.status]).toEqual(["cancelledByServer", "cancelled"]);

    const byUser = await fx.elicit();
    const returned = await h.core.dispatch("cancelReceiverTask", { sessionId: fx.sessionId, taskId: byUser.task.taskId });
    expect([returned.ending, returned.task.status]).toEqual(["cancelledByUser", "cancelled"]);
    const { response } = await fx.request("tasks/get", { taskId: byUser.task.taskId });
    expect(response.result?.status).toBe("cancelled");
  });

  it("R6: a task whose ttl elapses unanswered leaves a trace: expired, deleted at a time; a finished one keeps how it ended; their timelines end so", async () => {
    const h = createHarness();
    const fx = await connectReceiverFixture(h);
    const unanswered = await fx.elicit(700);
    const answered = await fx.elicit(900);
    await h.core.dispatch("answerElicitation", { pendingInputId: answered.input.id, action: "decline" });

    const expired = await h.waitFor("receiverTaskRemoved", (p) => p.taskId === unanswered.task.taskId);
    expect(expired.trace).toMatchObject({ ending: "expired", task: { taskId: unanswered.task.taskId, status: "working" } });
    expect(expired.trace?.deletedAt).toMatch(ISO);
    const finished = await h.waitFor("receiverTaskRemoved", (p) => p.taskId === answered.task.taskId);
    expect(finished.trace).toMatchObject({ ending: "declined", task: { status: "completed" }, outcome: { kind: "result", result: { action: "decline" } } });
    expect(finished.trace?.deletedAt).toMatch(ISO);
    // Issue 19: their timelines end with it: expired unanswered; deleted after the answer, with no ending of its own.
    const endedOf = async (taskId: string) => (await h.core.dispatch("getTaskTimeline", { sessionId: fx.sessionId, taskId })).events.filter((e) => e.kind === "ended");
    expect(await endedOf(unanswered.task.taskId)).toMatchObject([{ from: "us", ending: "expired", detail: "its ttl elapsed before an answer" }]);
    expect(await endedOf(answered.task.taskId)).toMatchObject([{ from: "us", detail: "its ttl elapsed after it finished" }]);
    expect((await endedOf(answered.task.taskId))[0]!.ending).toBeUndefined();

    // Gone for the server (R8), still there for the user: the snapshot a reloaded window gets keeps both traces.
    const { response } = await fx.request("tasks/get", { taskId: unanswered.task.taskId });
    expect(response.error?.code).toBe(-32602);
    const snapshot = await h.core.dispatch("getSnapshot", {});
    expect(snapshot.receiverTasks.filter((t) => t.deletedAt).map((t) => [t.task.taskId, t.ending])).toEqual([
      [unanswered.task.taskId, "expired"],
      [answered.task.taskId, "declined"],
    ]);
  });

  it("S1: the session's end leaves its receiver tasks as traces: a live one ends session ended, a finished one keeps its ending", async () => {
    const h = createHarness();
    const fx = await connectReceiverFixture(h);
    const live = await fx.elicit();
    const done = await fx.elicit();
    await h.core.dispatch("answerElicitation", { pendingInputId: done.input.id, action: "accept", content: { name: "Lin" } });
    await fx.ended(done.task.taskId);
    await h.core.dispatch("disconnect", { sessionId: fx.sessionId });
    const liveTrace = await h.waitFor("receiverTaskRemoved", (p) => p.taskId === live.task.taskId);
    const doneTrace = await h.waitFor("receiverTaskRemoved", (p) => p.taskId === done.task.taskId);
    expect(liveTrace.trace).toMatchObject({ ending: "sessionEnded", task: { status: "cancelled" } });
    expect(doneTrace.trace).toMatchObject({ ending: "accepted", task: { status: "completed" } });
    expect(h.core.session(fx.sessionId).receiverTaskTraces.map((t) => t.task.taskId)).toEqual([live.task.taskId, done.task.taskId]);
  });

  it("R6 S2: traces are bounded: past TASK_TRACES_KEPT deleted tasks per session, the oldest trace leaves the view", async () => {
    const h = createHarness();
    const fx = await connectReceiverFixture(h);
    const count = TASK_TRACES_KEPT + 3;
    await fx.call("requests", {
      method: "elicitation/create",
      params: { message: "m", requestedSchema: { type: "object", properties: {} }, task: { ttl: 1000 } },
      count,
    });
    await h.until(() => h.core.session(fx.sessionId).receiverTasks.length === 0 && h.core.session(fx.sessionId).receiverTaskTraces.length === TASK_TRACES_KEPT, 20_000, "every task deleted");
    const removals = h.events.flatMap((e) => (e.type === "receiverTaskRemoved" ? [e.payload] : []));
    const withTrace = removals.filter((r) => r.trace);
    const dropped = removals.filter((r) => !r.trace);
    expect(withTrace).toHaveLength(count);
    // The three oldest traces dropped off, in the order they were deleted.
    expect(dropped.map((r) => r.taskId)).toEqual(withTrace.slice(0, 3).map((r) => r.taskId));
    const snapshot = await h.core.dispatch("getSnapshot", {});
    expect(snapshot.receiverTasks).toHaveLength(TASK_TRACES_KEPT);
  });

  it("R2: a receiver task keeps what was asked: the elicitation's message and schema, the sampling messages as text, bounded", async () => {
    const h = createHarness();
    const fx = await connectReceiverFixture(h);
    const long = "x".repeat(10_000);
    const elicited = await fx.elicit(60_000, long);
    const asked = h.core.session(fx.sessionId).receiverTasks.find((t) => t.task.taskId === elicited.task.taskId)?.asked;
    expect(asked?.message).toBe(`${"x".repeat(4000)}… (10000 characters)`);
    expect(JSON.parse(asked!.requestedSchema!)).toEqual({ type: "object", properties: { name: { type: "string" } }, required: ["name"] });

    const sampled = await fx.sample();
    const samplingAsked = h.core.session(fx.sessionId).receiverTasks.find((t) => t.task.taskId === sampled.task.taskId)?.asked;
    expect(samplingAsked).toEqual({
      systemPrompt: "Be brief",
      maxTokens: 50,
      messageCount: 2,
      messages: [
        { role: "user", text: "Say <b>hello</b>" },
        { role: "assistant", text: "[image image/png]" },
      ],
    });
    // Still there once answered (the pending input is gone).
    await h.core.dispatch("approveSampling", { pendingInputId: sampled.input.id, result: { content: { type: "text", text: "hi" }, model: "human" } });
    const done = await fx.ended(sampled.task.taskId);
    expect(done.asked).toEqual(samplingAsked);
  });

  it("R7 R10: our own replies name their task in the log: the answer to tasks/get, the error to tasks/result on a cancelled task, and our CreateTaskResult", async () => {
    const h = createHarness();
    const fx = await connectReceiverFixture(h);
    const { task } = await fx.elicit();
    await fx.request("tasks/cancel", { taskId: task.taskId }, { id: "cancel-1" });
    await fx.request("tasks/result", { taskId: task.taskId }, { id: "result-1" });
    const log = await logOf(h, fx.sessionId);
    const ours = (id: string) => log.find((e) => e.direction === "out" && e.id === id);
    expect(ours("cancel-1")).toMatchObject({ method: "tasks/cancel", taskId: task.taskId });
    // An error reply has no task id of its own: the task comes from the request it answers.
    expect(ours("result-1")).toMatchObject({ method: "tasks/result", taskId: task.taskId, payload: { error: { code: -32602 } } });
  });
});
