// A hostile pollInterval: a server that suggests 1e12 ms (31 years) must not be polled every millisecond,
// which is what Node does with a timer asked to wait longer than 2^31-1 ms. Both eras, over real stdio; a
// second task of the same server, polled at a normal pace, is the clock the test waits on.
import { describe, expect, it } from "vitest";
import { createHarness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

describe("a pollInterval past what a timer can wait", () => {
  it("Q2 M10: legacy: pollInterval 1e12 is shown as sent and not turned into a 1 ms poll loop", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("tool-tasks-server.mjs") });
    const huge = await h.core.dispatch("callToolAsTask", { sessionId, name: "task-only", arguments: { workMs: -1, pollInterval: 1e12 } });
    expect(huge.task.pollInterval).toBe(1e12);
    const paced = await h.core.dispatch("callToolAsTask", { sessionId, name: "task-only", arguments: { workMs: 300, pollInterval: 100 } });
    await h.waitFor("clientTaskChanged", (t) => t.task.taskId === paced.task.taskId && t.result !== undefined);
    const stats = await h.core.dispatch("callTool", { sessionId, name: "stats", arguments: {} });
    const seen = JSON.parse((stats.content[0] as { text: string }).text) as { gets: { taskId: string }[] };
    expect(seen.gets.filter((g) => g.taskId === paced.task.taskId).length).toBeGreaterThanOrEqual(2);
    expect(seen.gets.filter((g) => g.taskId === huge.task.taskId)).toHaveLength(0);
  });

  it("M3 M10: 2026-07-28: pollIntervalMs 1e12 is shown as sent and not turned into a 1 ms poll loop", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("modern/modern-server.mjs") });
    const huge = (await h.core.dispatch("callTool", { sessionId, name: "task-hostile", arguments: { shape: "huge-interval" } })).startedTask!;
    expect(huge.task.pollInterval).toBe(1e12);
    const paced = (await h.core.dispatch("callTool", { sessionId, name: "task-paced-hang", arguments: {} })).startedTask!;
    // Two polls of the paced task: 800 ms of the other task's would-be flood.
    await h.until(() => h.events.filter((e) => e.type === "logEntry" && e.payload.direction === "in" && e.payload.method === "tasks/get" && e.payload.taskId === paced.task.taskId).length >= 2, 20_000, "two polls of the paced task");
    const times = await h.core.dispatch("callTool", { sessionId, name: "task-times", arguments: { taskId: huge.task.taskId } });
    expect(JSON.parse((times.content[0] as { text: string }).text)).toEqual([]);
  });
});

describe("a ttl past what a timer can wait", () => {
  it("Q3 Q4: legacy: a task whose ttl is 1e15 still gets its tasks/result answer (its wait is not a 1 ms timer)", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("tool-tasks-server.mjs") });
    const task = await h.core.dispatch("callToolAsTask", { sessionId, name: "task-only", arguments: { workMs: 300, pollInterval: 100, text: "outlived" }, ttl: 1e15 });
    expect(task.task.ttl).toBe(1e15);
    const done = await h.waitFor("clientTaskChanged", (t) => t.task.taskId === task.task.taskId && (t.result !== undefined || t.pollError !== undefined));
    expect(done.pollError).toBeUndefined();
    expect(done.result?.content).toEqual([{ type: "text", text: "outlived" }]);
  });
});
