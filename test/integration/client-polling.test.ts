// Q2 and Q4 over real stdio: how client tasks are polled, and what a failed task shows. The fixture
// records when each tasks/get reached it, so the pollInterval is checked where it matters: on the server.
import { describe, expect, it } from "vitest";
import type { ClientTask, LogEntry } from "../../shared/types.js";
import { createHarness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

interface Seen {
  gets: { taskId: string; at: number }[];
  results: { taskId: string; at: number }[];
  statusNotifications: number;
}


async function connect() {
  // The harness shuts the session down and checks every event against the contract after the test.
  const h = createHarness();
  const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("tool-tasks-server.mjs") });
  const seen = async (): Promise<Seen> => {
    const result = await h.core.dispatch("callTool", { sessionId, name: "stats", arguments: {} });
    const first = result.content[0];
    return JSON.parse(first?.type === "text" ? first.text : "{}") as Seen;
  };
  const finished = (taskId: string) =>
    h.waitFor("clientTaskChanged", (t) => t.task.taskId === taskId && (t.result !== undefined || t.error !== undefined), 20_000);
  const view = (taskId: string) => h.core.session(sessionId).clientTaskList.find((t) => t.task.taskId === taskId) as ClientTask;
  return { h, sessionId, seen, finished, view };
}

function gaps(times: number[]): number[] {
  return times.slice(1).map((t, i) => t - (times[i] as number));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** The tasks/result response for a task, as it crossed the wire. */
function taskResultResponse(entries: LogEntry[], taskId: string): { result?: unknown; error?: unknown } | undefined {
  const request = entries.find((e) => e.direction === "out" && e.method === "tasks/result" && (e.payload as { params: { taskId: string } }).params.taskId === taskId);
  const response = entries.find((e) => e.direction === "in" && e.id === request?.id && e.method === "tasks/result");
  return response?.payload as { result?: unknown; error?: unknown } | undefined;
}

describe("Q2: polling", () => {
  it("Q2: each task's tasks/get is sent at its own pollInterval until terminal, with no status notifications at all", async () => {
    const { h, sessionId, seen, finished } = await connect();
    // Each task ends on a given tasks/get, not after a time, so how often each was polled does not depend on
    // how busy the machine is: the 6th poll of the fast one and the 3rd of the slow one see it completed.
    const [fast, slow] = await Promise.all([
      h.core.dispatch("callToolAsTask", { sessionId, name: "task-only", arguments: { workMs: -1, untilPolls: 6, pollInterval: 100 } }),
      h.core.dispatch("callToolAsTask", { sessionId, name: "task-only", arguments: { workMs: -1, untilPolls: 3, pollInterval: 450 } }),
    ]);
    expect(fast.task.pollInterval).toBe(100);
    expect(slow.task.pollInterval).toBe(450);
    const [fastDone, slowDone] = await Promise.all([finished(fast.task.taskId), finished(slow.task.taskId)]);
    expect(fastDone.result && slowDone.result).toBeTruthy();
    await h.until(() => h.core.session(sessionId).clientTaskList.every((t) => t.task.status === "completed"), 5000, "both completed");

    const stats = await seen();
    expect(stats.statusNotifications).toBe(0);
    const log = await h.core.dispatch("getLog", { sessionId });
    expect(log.entries.filter((e) => e.method === "notifications/tasks/status")).toEqual([]);

    // Polled until terminal and not once more.
    const fastGets = stats.gets.filter((g) => g.taskId === fast.task.taskId).map((g) => g.at);
    const slowGets = stats.gets.filter((g) => g.taskId === slow.task.taskId).map((g) => g.at);
    expect(fastGets).toHaveLength(6);
    expect(slowGets).toHaveLength(3);
    // A timer never fires early; allow the clock's 1 ms granularity on both ends.
    for (const gap of gaps(fastGets)) expect(gap).toBeGreaterThanOrEqual(98);
    for (const gap of gaps(slowGets)) expect(gap).toBeGreaterThanOrEqual(448);
    // …and each task at its own pace: a busy machine delays both alike, so the fast task's typical gap stays
    // below the slow one's (compared with each other, not with the clock).
    expect(median(gaps(fastGets))).toBeLessThan(median(gaps(slowGets)));
    // One tasks/result per task, once terminal.
    expect(stats.results.map((r) => r.taskId).sort()).toEqual([fast.task.taskId, slow.task.taskId].sort());
  });

  it("Q2: a status notification updates the view sooner than the next poll is due", async () => {
    const { h, sessionId, seen, view } = await connect();
    const task = await h.core.dispatch("callToolAsTask", {
      sessionId,
      name: "task-only",
      arguments: { workMs: 200, pollInterval: 4000, notifyStatus: true, text: "announced" },
    });
    const done = await h.waitFor("clientTaskChanged", (t) => t.task.taskId === task.task.taskId && t.task.status === "completed");
    expect(done.task.pollInterval).toBe(4000);
    const withResult = await h.until(() => view(task.task.taskId).result, 5000, "the result");
    expect(withResult.content).toEqual([{ type: "text", text: "announced" }]);
    const stats = await seen();
    expect(stats.statusNotifications).toBeGreaterThanOrEqual(2);
    // The completion came from the notification, before the first poll was due.
    expect(stats.gets.filter((g) => g.taskId === task.task.taskId)).toEqual([]);
  });
});

describe("Q4: a terminal task's real outcome", () => {
  it("Q4: a failed task's CallToolResult with isError is shown exactly as the server sent it", async () => {
    const { h, sessionId, finished, view } = await connect();
    const task = await h.core.dispatch("callToolAsTask", {
      sessionId,
      name: "task-only",
      arguments: { workMs: 50, outcome: "tool-error", text: "disk on fire" },
    });
    const done = await finished(task.task.taskId);
    expect(done.error).toBeUndefined();
    expect(done.result?.isError).toBe(true);
    expect(done.result?.content).toEqual([{ type: "text", text: "disk on fire" }]);
    const log = await h.core.dispatch("getLog", { sessionId });
    expect(done.result).toEqual(taskResultResponse(log.entries, task.task.taskId)?.result);
    await h.until(() => view(task.task.taskId).task.status === "failed", 5000, "status failed");
  });

  it("Q4: a JSON-RPC error from tasks/result is shown as the server sent it, not a made-up message", async () => {
    const { h, sessionId, finished, view } = await connect();
    const task = await h.core.dispatch("callToolAsTask", {
      sessionId,
      name: "task-only",
      arguments: { workMs: 50, outcome: "rpc-error", errorCode: -32050, errorMessage: "upstream quota exhausted", errorData: { retryAfterSeconds: 30 } },
    });
    const done = await finished(task.task.taskId);
    expect(done.result).toBeUndefined();
    expect(done.error).toEqual({ code: -32050, message: "upstream quota exhausted", data: { retryAfterSeconds: 30 } });
    const log = await h.core.dispatch("getLog", { sessionId });
    expect(done.error).toEqual(taskResultResponse(log.entries, task.task.taskId)?.error);
    await h.until(() => view(task.task.taskId).task.status === "failed", 5000, "status failed");
  });

  it("Q4: an optional tool called plainly returns its isError result as a result, not as a thrown error", async () => {
    const { h, sessionId } = await connect();
    const result = await h.core.dispatch("callTool", { sessionId, name: "maybe-task", arguments: { outcome: "tool-error", text: "bad input" } });
    expect(result).toEqual({ content: [{ type: "text", text: "bad input" }], isError: true });
  });
});
