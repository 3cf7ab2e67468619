// A finished 2026-07-28 task is checked for deletion as legacy client tasks are: once its ttl has run out it
// is asked for again with tasks/get, and the server's -32602 marks it deleted. The row stays as a trace
// (deletedAt, with how it ended), bounded per session like receiver-task traces. Real stdio, SDK v2 fixture.
import { describe, expect, it } from "vitest";
import { TASK_TRACES_KEPT, type ClientTask } from "../../shared/types.js";
import { createHarness, type Harness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

async function startTask(h: Harness, sessionId: string, name: string): Promise<ClientTask> {
  const result = await h.core.dispatch("callTool", { sessionId, name, arguments: {} });
  return result.startedTask!;
}

function seen(h: Harness, taskId: string, check: (t: ClientTask) => boolean) {
  return h.waitFor("clientTaskChanged", (t) => t.task.taskId === taskId && check(t));
}

describe("finished modern tasks: deleted by the server after their ttl", () => {
  it("M3: a completed task is asked for after createdAt + ttlMs; the server's -32602 leaves a trace: deletedAt, its status and result kept", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("modern/modern-server.mjs") });
    const started = await startTask(h, sessionId, "task-short-lived");
    const completed = await seen(h, started.task.taskId, (t) => t.task.status === "completed");
    expect(completed.deletedAt).toBeUndefined();
    const deleted = await seen(h, started.task.taskId, (t) => t.deletedAt !== undefined);
    // How it ended stays; it is not "purged" (that is a live task the server dropped).
    expect(deleted.task.status).toBe("completed");
    expect(deleted.result?.content).toEqual([{ type: "text", text: "short-lived done" }]);
    expect(deleted.gone).toBeUndefined();
    expect(Date.parse(deleted.deletedAt!)).toBeGreaterThanOrEqual(Date.parse(deleted.task.createdAt) + deleted.task.ttl!);
    const snapshot = await h.core.dispatch("getSnapshot", {});
    expect(snapshot.clientTasks.find((t) => t.task.taskId === started.task.taskId)?.deletedAt).toBe(deleted.deletedAt);
    // The check is one tasks/get, sent only after the ttl.
    const gets = (await h.core.dispatch("getLog", { sessionId })).entries.filter((e) => e.direction === "out" && e.method === "tasks/get");
    const afterTtl = gets.filter((e) => Date.parse(e.time) >= Date.parse(deleted.task.createdAt) + deleted.task.ttl!);
    expect(afterTtl).toHaveLength(1);
  });

  it("M3: a finished task the server still knows after its ttl is not marked deleted", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("modern/modern-server.mjs") });
    const started = await startTask(h, sessionId, "task-kept-past-ttl");
    const completed = await seen(h, started.task.taskId, (t) => t.task.status === "completed");
    const due = Date.parse(completed.task.createdAt) + completed.task.ttl!;
    // The check's answer arrives (a tasks/get answered after the ttl); nothing changes.
    await h.waitFor("logEntry", (e) => e.direction === "in" && e.method === "tasks/get" && e.taskId === started.task.taskId && Date.parse(e.time) > due);
    const snapshot = await h.core.dispatch("getSnapshot", {});
    const kept = snapshot.clientTasks.find((t) => t.task.taskId === started.task.taskId)!;
    expect(kept.deletedAt).toBeUndefined();
    expect(kept.task.status).toBe("completed");
  });

  it(`M10: deleted tasks' traces are bounded: past ${TASK_TRACES_KEPT} per session the oldest trace leaves (clientTaskRemoved)`, async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("modern/modern-server.mjs") });
    const ids: string[] = [];
    for (let batch = 0; ids.length < TASK_TRACES_KEPT + 1; batch++) {
      const started = await Promise.all(Array.from({ length: Math.min(25, TASK_TRACES_KEPT + 1 - ids.length) }, () => startTask(h, sessionId, "task-short-lived")));
      ids.push(...started.map((t) => t.task.taskId));
    }
    const removed = await h.waitFor("clientTaskRemoved", (r) => r.sessionId === sessionId, 60_000);
    // The oldest trace is the task marked deleted first: its deletion check may answer before an older task's.
    const firstTrace = h.events.find((e) => e.type === "clientTaskChanged" && e.payload.sessionId === sessionId && e.payload.deletedAt !== undefined);
    expect(firstTrace?.type === "clientTaskChanged" && firstTrace.payload.task.taskId).toBe(removed.taskId);
    expect(ids).toContain(removed.taskId);
    await h.until(() => h.events.filter((e) => e.type === "clientTaskChanged" && e.payload.deletedAt !== undefined).length >= TASK_TRACES_KEPT + 1, 60_000, "every task deleted");
    const snapshot = await h.core.dispatch("getSnapshot", {});
    const mine = snapshot.clientTasks.filter((t) => t.sessionId === sessionId);
    expect(mine).toHaveLength(TASK_TRACES_KEPT);
    expect(mine.every((t) => t.deletedAt !== undefined && t.task.status === "completed")).toBe(true);
    expect(mine.some((t) => t.task.taskId === removed.taskId)).toBe(false);
  }, 180_000);
});
