// Q5 over real stdio: cancelling a client task with tasks/cancel, and walking tasks/list page by page.
import { describe, expect, it } from "vitest";
import type { ClientTask } from "../../shared/types.js";
import { createHarness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

interface Seen {
  lists: { cursor: string | null }[];
  cancels: { taskId: string }[];
  calls: { name: string }[];
}


async function connect(args: string[] = []) {
  // The harness shuts the session down and checks every event against the contract after the test.
  const h = createHarness();
  const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("tool-tasks-server.mjs", args) });
  const seen = async (): Promise<Seen> => {
    const result = await h.core.dispatch("callTool", { sessionId, name: "stats", arguments: {} });
    const first = result.content[0];
    return JSON.parse(first?.type === "text" ? first.text : "{}") as Seen;
  };
  const view = (taskId: string) => h.core.session(sessionId).clientTaskList.find((t) => t.task.taskId === taskId) as ClientTask;
  return { h, sessionId, seen, view };
}

describe("Q5: cancel", () => {
  it("Q5: cancelClientTask sends tasks/cancel; the task shows cancelled and tasks/result's answer as the server sent it", async () => {
    const { h, sessionId, seen, view } = await connect();
    const task = await h.core.dispatch("callToolAsTask", { sessionId, name: "task-only", arguments: { workMs: -1, pollInterval: 100 } });
    const taskId = task.task.taskId;
    // Polling is under way before the cancel.
    await h.waitFor("logEntry", (e) => e.direction === "out" && e.method === "tasks/get");

    const cancelled = await h.core.dispatch("cancelClientTask", { sessionId, taskId });
    expect(cancelled.task.status).toBe("cancelled");
    expect(cancelled.task.statusMessage).toBe("Cancelled by the client");
    expect((await seen()).cancels).toEqual([expect.objectContaining({ taskId })]);

    const log = await h.core.dispatch("getLog", { sessionId });
    const request = log.entries.find((e) => e.direction === "out" && e.method === "tasks/cancel");
    expect(request?.payload).toMatchObject({ method: "tasks/cancel", params: { taskId } });

    const settled = await h.until(() => view(taskId).error, 5000, "the tasks/result answer");
    expect(settled).toEqual({ code: -32602, message: `Task ${taskId} was cancelled` });
    expect(view(taskId).task.status).toBe("cancelled");
  });

  it("Q5: cancelling a task that already completed shows the server's refusal, and the task stays completed", async () => {
    const { h, sessionId, view } = await connect();
    const task = await h.core.dispatch("callToolAsTask", { sessionId, name: "task-only", arguments: { workMs: 20, pollInterval: 50 } });
    const taskId = task.task.taskId;
    await h.until(() => view(taskId).task.status === "completed" && view(taskId).result, 5000, "completed");
    await expect(h.core.dispatch("cancelClientTask", { sessionId, taskId })).rejects.toThrow(`Task ${taskId} is already completed`);
    expect(view(taskId).task.status).toBe("completed");
  });

  it("Q5: a cancel for a task this session never created does not reach the server", async () => {
    const { h, sessionId, seen } = await connect();
    await expect(h.core.dispatch("cancelClientTask", { sessionId, taskId: "not-a-task-of-ours" })).rejects.toThrow("Unknown client task not-a-task-of-ours");
    expect((await seen()).cancels).toEqual([]);
  });
});

describe("Q5: list", () => {
  it("Q5: refreshClientTasks follows nextCursor across every page, handing the opaque cursors back unchanged", async () => {
    const { h, sessionId, seen, view } = await connect(["--page-size=2"]);
    const created: string[] = [];
    for (let i = 0; i < 5; i++) {
      const t = await h.core.dispatch("callToolAsTask", { sessionId, name: "task-only", arguments: { workMs: -1, pollInterval: 60_000 } });
      created.push(t.task.taskId);
    }
    // One finishes on the server; its poll is a minute away, so only the list can tell us.
    await h.core.dispatch("callTool", { sessionId, name: "release", arguments: { taskId: created[3] } });

    const { tasks } = await h.core.dispatch("refreshClientTasks", { sessionId });
    expect(tasks.map((t) => t.taskId)).toEqual(created);

    // The cursors the server handed out went back verbatim, in order, one page after another.
    const log = await h.core.dispatch("getLog", { sessionId });
    const handedOut = log.entries
      .filter((e) => e.direction === "in" && e.method === "tasks/list")
      .map((e) => (e.payload as { result: { nextCursor?: string } }).result.nextCursor);
    expect(handedOut).toHaveLength(3);
    expect(handedOut[2]).toBeUndefined();
    expect(handedOut[0]).toMatch(/ \/\?&=%\+$/);
    expect((await seen()).lists.map((l) => l.cursor)).toEqual([null, handedOut[0], handedOut[1]]);

    // The listed status refreshed the task we follow.
    await h.until(() => view(created[3] as string).task.status === "completed", 5000, "the listed status");
    expect(view(created[0] as string).task.status).toBe("working");
  });

  it("Q5: refreshClientTasks is refused, without a request, when the server does not advertise tasks.list", async () => {
    const { h, sessionId } = await connect(["--tasks=none"]);
    await expect(h.core.dispatch("refreshClientTasks", { sessionId })).rejects.toThrow("tool-tasks-server does not advertise tasks.list");
    const log = await h.core.dispatch("getLog", { sessionId });
    expect(log.entries.filter((e) => e.method === "tasks/list")).toEqual([]);
  });
});
