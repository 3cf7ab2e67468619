// Q6 and Q7 over real stdio: several client tasks at once, and progress that follows a task for its life.
import { describe, expect, it } from "vitest";
import { type InspectorEvent } from "../../shared/contract.js";
import type { ClientTask } from "../../shared/types.js";
import { createHarness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";


async function connect() {
  // The harness shuts the session down and checks every event against the contract after the test.
  const h = createHarness();
  const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("tool-tasks-server.mjs") });
  const view = (taskId: string) => h.core.session(sessionId).clientTaskList.find((t) => t.task.taskId === taskId) as ClientTask;
  const finished = (taskId: string) => h.until(() => (view(taskId)?.result || view(taskId)?.error ? view(taskId) : undefined), 20_000, `task ${taskId} to finish`);
  return { h, sessionId, view, finished };
}

function changesOf(events: InspectorEvent[], taskId: string): ClientTask[] {
  return events.flatMap((e) => (e.type === "clientTaskChanged" && e.payload.task.taskId === taskId ? [e.payload] : []));
}

describe("Q6: several task calls at once", () => {
  it("Q6: a task blocked in tasks/result holds up neither the other tasks nor the API", async () => {
    const { h, sessionId, view, finished } = await connect();
    // The blocked one: input_required, so its tasks/result waits on the server until it is released.
    const blocked = await h.core.dispatch("callToolAsTask", { sessionId, name: "task-only", arguments: { workMs: 10, outcome: "input", pollInterval: 50 } });
    await h.waitFor(
      "logEntry",
      (e) => e.direction === "out" && e.method === "tasks/result" && (e.payload as { params: { taskId: string } }).params.taskId === blocked.task.taskId,
    );
    expect(view(blocked.task.taskId).task.status).toBe("input_required");

    // Three more at once, with different lengths: they finish in their own order, not in call order.
    const [long, short, middle] = await Promise.all([
      h.core.dispatch("callToolAsTask", { sessionId, name: "task-only", arguments: { workMs: 900, pollInterval: 50, text: "long" } }),
      h.core.dispatch("callToolAsTask", { sessionId, name: "maybe-task", arguments: { workMs: 100, pollInterval: 50, text: "short" } }),
      h.core.dispatch("callToolAsTask", { sessionId, name: "task-only", arguments: { workMs: 450, pollInterval: 50, text: "middle" } }),
    ]);
    const order: string[] = [];
    await Promise.all(
      [long, short, middle].map(async (t) => {
        const done = await finished(t.task.taskId);
        order.push(done.result?.content[0]?.type === "text" ? done.result.content[0].text : "?");
      }),
    );
    expect(order).toEqual(["short", "middle", "long"]);

    // The API still answers while tasks/result is outstanding.
    const ping = await h.core.dispatch("ping", { sessionId });
    expect(ping.roundTripMs).toBeGreaterThanOrEqual(0);
    expect((await h.core.dispatch("listTools", { sessionId })).tools.length).toBeGreaterThan(0);
    const snapshot = await h.core.dispatch("getSnapshot", {});
    expect(snapshot.clientTasks.find((t) => t.task.taskId === blocked.task.taskId)?.task.status).toBe("input_required");
    expect(view(blocked.task.taskId).result).toBeUndefined();

    // Released at last, the blocked one completes through the same tasks/result.
    await h.core.dispatch("callTool", { sessionId, name: "release", arguments: { taskId: blocked.task.taskId } });
    const released = await finished(blocked.task.taskId);
    expect(released.result?.content).toEqual([{ type: "text", text: `released ${blocked.task.taskId}` }]);
    const log = await h.core.dispatch("getLog", { sessionId });
    const resultCalls = log.entries.filter(
      (e) => e.direction === "out" && e.method === "tasks/result" && (e.payload as { params: { taskId: string } }).params.taskId === blocked.task.taskId,
    );
    expect(resultCalls).toHaveLength(1);
  });
});

describe("Q7: progress", () => {
  it("Q7: progress sent with the original progressToken updates its own task before and after the CreateTaskResult, to the end", async () => {
    const { h, sessionId, finished } = await connect();
    const [a, b] = await Promise.all([
      h.core.dispatch("callToolAsTask", {
        sessionId,
        name: "task-only",
        arguments: { workMs: 1000, progress: 4, progressBeforeCreate: true, pollInterval: 100 },
      }),
      h.core.dispatch("callToolAsTask", { sessionId, name: "maybe-task", arguments: { workMs: 600, progress: 2, pollInterval: 100 } }),
    ]);
    // The one sent before the CreateTaskResult is already on the task we got back.
    expect(a.progress).toEqual({ progress: 0, total: 4, message: "accepted" });
    expect(b.progress).toBeUndefined();
    const [doneA, doneB] = await Promise.all([finished(a.task.taskId), finished(b.task.taskId)]);
    expect(doneA.result?.content).toEqual([{ type: "text", text: "done" }]);
    expect(doneB.result?.content).toEqual([{ type: "text", text: "done" }]);

    const progressOf = (taskId: string) =>
      changesOf(h.events, taskId)
        .map((t) => t.progress)
        .filter((p, i, all) => p !== undefined && p !== all[i - 1]);
    expect(progressOf(a.task.taskId)).toEqual([
      { progress: 0, total: 4, message: "accepted" },
      { progress: 1, total: 4, message: "step 1 of 4" },
      { progress: 2, total: 4, message: "step 2 of 4" },
      { progress: 3, total: 4, message: "step 3 of 4" },
      { progress: 4, total: 4, message: "step 4 of 4" },
    ]);
    expect(progressOf(b.task.taskId)).toEqual([
      { progress: 1, total: 2, message: "step 1 of 2" },
      { progress: 2, total: 2, message: "step 2 of 2" },
    ]);
    expect(doneA.progress).toEqual({ progress: 4, total: 4, message: "step 4 of 4" });

    // On the wire: the token is the one the tools/call carried, and the notifications came after its response.
    const log = await h.core.dispatch("getLog", { sessionId });
    const call = log.entries.find(
      (e) => e.direction === "out" && e.method === "tools/call" && (e.payload as { params: { arguments: { progress?: number } } }).params.arguments.progress === 4,
    );
    const token = (call?.payload as { params: { _meta: { progressToken: number } } }).params._meta.progressToken;
    const response = log.entries.find((e) => e.direction === "in" && e.id === call?.id && e.method === "tools/call");
    const progress = log.entries.filter(
      (e) => e.direction === "in" && e.method === "notifications/progress" && (e.payload as { params: { progressToken: number } }).params.progressToken === token,
    );
    expect(progress).toHaveLength(5);
    expect(progress.filter((p) => p.seq > (response?.seq ?? Infinity))).toHaveLength(4);
  });
});
