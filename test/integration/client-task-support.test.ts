// Q1: when a tools/call may carry a task, checked against what reached a real fixture server over stdio.
import { describe, expect, it } from "vitest";
import { createHarness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

const FIXTURE = "tool-tasks-server.mjs";

interface Seen {
  calls: { name: string; task: { ttl?: number } | null }[];
}


async function connect(args: string[] = []) {
  // The harness shuts the session down and checks every event against the contract after the test.
  const h = createHarness();
  const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer(FIXTURE, args) });
  const seen = async (): Promise<Seen> => {
    const result = await h.core.dispatch("callTool", { sessionId, name: "stats", arguments: {} });
    const first = result.content[0];
    return JSON.parse(first?.type === "text" ? first.text : "{}") as Seen;
  };
  const finished = (taskId: string) => h.waitFor("clientTaskChanged", (t) => t.task.taskId === taskId && (t.result !== undefined || t.error !== undefined));
  return { h, sessionId, seen, finished };
}

function textOf(result: { content: { type: string; text?: string }[] } | undefined): string {
  return (result?.content ?? []).map((c) => c.text ?? "").join("");
}

describe("Q1: task augmentation follows the server's capability and the tool's taskSupport", () => {
  it("Q1: with tasks.requests.tools.call advertised: absent and forbidden never as a task, optional both ways, required only as a task", async () => {
    const { h, sessionId, seen, finished } = await connect();

    await expect(h.core.dispatch("callToolAsTask", { sessionId, name: "plain" })).rejects.toThrow(
      'Tool "plain" does not support task execution (taskSupport: absent); run it normally',
    );
    await expect(h.core.dispatch("callToolAsTask", { sessionId, name: "never-task" })).rejects.toThrow(
      'Tool "never-task" does not support task execution (taskSupport: forbidden); run it normally',
    );
    expect(textOf(await h.core.dispatch("callTool", { sessionId, name: "plain" }))).toBe("plain ran");
    expect(textOf(await h.core.dispatch("callTool", { sessionId, name: "never-task" }))).toBe("never-task ran");

    // optional: the user chooses.
    expect(textOf(await h.core.dispatch("callTool", { sessionId, name: "maybe-task", arguments: { text: "inline" } }))).toBe("inline");
    const optional = await h.core.dispatch("callToolAsTask", { sessionId, name: "maybe-task", arguments: { text: "as a task" }, ttl: 60_000 });
    expect(textOf((await finished(optional.task.taskId)).result)).toBe("as a task");

    // required: refused as a plain call, before anything is sent.
    await expect(h.core.dispatch("callTool", { sessionId, name: "task-only" })).rejects.toThrow(
      'Tool "task-only" requires task execution (taskSupport: required); run it as a task',
    );
    const required = await h.core.dispatch("callToolAsTask", { sessionId, name: "task-only", arguments: { text: "required" } });
    expect(textOf((await finished(required.task.taskId)).result)).toBe("required");

    // What reached the server: refused calls never did; only the two task calls carried `task`.
    const { calls } = await seen();
    expect(calls.filter((c) => c.name !== "stats").map((c) => [c.name, c.task])).toEqual([
      ["plain", null],
      ["never-task", null],
      ["maybe-task", null],
      ["maybe-task", { ttl: 60_000 }],
      ["task-only", {}],
    ]);
  });

  it("Q1: a tool whose taskSupport changes (announced by tools/list_changed) is judged by its new value", async () => {
    const { h, sessionId, seen } = await connect();
    const announcements = () => h.events.filter((e) => e.type === "logEntry" && e.payload.method === "notifications/tools/list_changed").length;
    expect(textOf(await h.core.dispatch("callTool", { sessionId, name: "maybe-task" }))).toBe("done");

    await h.core.dispatch("callTool", { sessionId, name: "set-task-support", arguments: { taskSupport: "forbidden" } });
    await h.until(() => announcements() === 1, 5000, "the first tools/list_changed");
    await expect(h.core.dispatch("callToolAsTask", { sessionId, name: "maybe-task" })).rejects.toThrow(
      'Tool "maybe-task" does not support task execution (taskSupport: forbidden); run it normally',
    );

    await h.core.dispatch("callTool", { sessionId, name: "set-task-support", arguments: { taskSupport: "required" } });
    await h.until(() => announcements() === 2, 5000, "the second tools/list_changed");
    await expect(h.core.dispatch("callTool", { sessionId, name: "maybe-task" })).rejects.toThrow(
      'Tool "maybe-task" requires task execution (taskSupport: required); run it as a task',
    );
    const { calls } = await seen();
    expect(calls.filter((c) => c.name === "maybe-task").map((c) => c.task)).toEqual([null]);
  });

  it.each([
    ["no tasks capability at all", "--tasks=none"],
    ["tasks.list and tasks.cancel but no tasks.requests.tools.call", "--tasks=no-tools-call"],
  ])("Q1: a server with %s never receives a task-augmented call", async (_what, mode) => {
    const { h, sessionId, seen } = await connect([mode]);

    for (const name of ["maybe-task", "task-only", "plain"]) {
      await expect(h.core.dispatch("callToolAsTask", { sessionId, name })).rejects.toThrow(
        "tool-tasks-server does not advertise tasks.requests.tools.call, so tools cannot run as tasks",
      );
    }
    expect(textOf(await h.core.dispatch("callTool", { sessionId, name: "maybe-task", arguments: { text: "plain call" } }))).toBe("plain call");
    // The tool says required, the server says no tasks: the call goes out plain and the server's own
    // answer is what the user sees.
    await expect(h.core.dispatch("callTool", { sessionId, name: "task-only" })).rejects.toThrow("Tool task-only must be called as a task");

    const { calls } = await seen();
    expect(calls.filter((c) => c.name !== "stats").map((c) => [c.name, c.task])).toEqual([
      ["maybe-task", null],
      ["task-only", null],
    ]);
    const log = await h.core.dispatch("getLog", { sessionId });
    const augmented = log.entries.filter((e) => e.direction === "out" && e.method === "tools/call" && "task" in ((e.payload as { params: object }).params ?? {}));
    expect(augmented).toEqual([]);
  });
});
