// M3 pacing on 2026-07-28: after tasks/update and after tasks/cancel the next tasks/get still waits for the
// task's live pollIntervalMs since the previous poll (servers MAY rate-limit faster polling). Proven by the
// fixture server's own record of when each tasks/* request reached it, over real stdio.
import { describe, expect, it } from "vitest";
import type { ClientTask } from "../../shared/types.js";
import { createHarness, type Harness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

const INTERVAL = 400;
/** Timers fire no earlier than asked; the two clocks (ours, the server's) are the same machine's. */
const SLACK = 15;

type Received = { method: string; at: number }[];

async function received(h: Harness, sessionId: string, taskId: string): Promise<Received> {
  const result = await h.core.dispatch("callTool", { sessionId, name: "task-times", arguments: { taskId } });
  return JSON.parse((result.content[0] as { text: string }).text) as Received;
}

function settled(h: Harness, taskId: string, check: (t: ClientTask) => boolean) {
  return h.waitFor("clientTaskChanged", (t) => t.task.taskId === taskId && check(t));
}

/** Every tasks/get after the first came at least the poll interval after the tasks/get before it. */
function expectPaced(times: Received): void {
  const gets = times.filter((r) => r.method === "tasks/get").map((r) => r.at);
  expect(gets.length).toBeGreaterThanOrEqual(2);
  for (let i = 1; i < gets.length; i++) expect(gets[i]! - gets[i - 1]!, `tasks/get #${i + 1}`).toBeGreaterThanOrEqual(INTERVAL - SLACK);
}

describe("M3: polling keeps the task's pace after tasks/update and tasks/cancel", () => {
  it("M3: the tasks/get after a tasks/update waits for pollIntervalMs since the previous poll, not sent at once", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("modern/modern-server.mjs") });
    const run = await h.core.dispatch("callTool", { sessionId, name: "task-paced", arguments: {} });
    const taskId = run.startedTask!.task.taskId;
    const asked = await h.waitFor("pendingInputAdded", (p) => p.relatedTaskId === taskId);
    // Answered the moment it shows: right after the poll that brought it.
    await h.core.dispatch("answerElicitation", { pendingInputId: asked.id, action: "accept", content: { name: "Ada" } });
    const done = await settled(h, taskId, (t) => t.task.status === "completed");
    expect(done.result?.content).toEqual([{ type: "text", text: "paced: Ada" }]);

    const times = await received(h, sessionId, taskId);
    const update = times.findIndex((r) => r.method === "tasks/update");
    expect(update).toBeGreaterThan(0);
    const before = times.slice(0, update).filter((r) => r.method === "tasks/get").at(-1)!;
    const after = times.slice(update).find((r) => r.method === "tasks/get")!;
    expect(after.at - before.at).toBeGreaterThanOrEqual(INTERVAL - SLACK);
    expectPaced(times);
  });

  it("M3, M6: the tasks/get after a tasks/cancel waits for pollIntervalMs since the previous poll; the cancel still lands", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("modern/modern-server.mjs") });
    const run = await h.core.dispatch("callTool", { sessionId, name: "task-paced-hang", arguments: {} });
    const taskId = run.startedTask!.task.taskId;
    // Cancel just after a poll was answered, when an immediate tasks/get would be the furthest off pace.
    await h.waitFor("logEntry", (e) => e.direction === "in" && e.taskId === taskId && e.method === "tasks/get");
    const requested = await h.core.dispatch("cancelClientTask", { sessionId, taskId });
    expect(requested.cancelRequested).toBe(true);
    await settled(h, taskId, (t) => t.task.status === "cancelled");

    const times = await received(h, sessionId, taskId);
    const cancel = times.findIndex((r) => r.method === "tasks/cancel");
    const before = times.slice(0, cancel).filter((r) => r.method === "tasks/get").at(-1)!;
    const after = times.slice(cancel).find((r) => r.method === "tasks/get")!;
    expect(after.at - before.at).toBeGreaterThanOrEqual(INTERVAL - SLACK);
    expectPaced(times);
  });
});
