// Client tasks against the real reference server over real stdio: `simulate-research-query`
// (taskSupport required) as a task, plain and with a related-task elicitation on the way.
import { afterEach, describe, expect, it } from "vitest";
import { type InspectorEvent } from "../../shared/contract.js";
import { createHarness, type Harness } from "../helpers/harness.js";
import { everythingServer } from "../helpers/servers.js";

let harness: Harness | undefined;
function start(): Harness {
  harness = createHarness();
  return harness;
}

// Every event is checked against the contract by the harness after each test.
afterEach(() => {
  harness = undefined;
});

describe("client tasks against server-everything over stdio", () => {
  it("Q1 Q2 Q4: simulate-research-query runs as a task, is polled to completed and shows its real result", async () => {
    const h = start();
    const session = await h.core.dispatch("connect", { server: everythingServer() });
    const { tools } = await h.core.dispatch("listTools", { sessionId: session.sessionId });
    const tool = tools.find((t) => t.name === "simulate-research-query");
    expect(tool?.execution?.taskSupport).toBe("required");

    // Q1: required → never as a plain call, and nothing goes on the wire.
    await expect(
      h.core.dispatch("callTool", { sessionId: session.sessionId, name: "simulate-research-query", arguments: { topic: "tides" } }),
    ).rejects.toThrow(/requires task execution/);

    const created = await h.core.dispatch("callToolAsTask", {
      sessionId: session.sessionId,
      name: "simulate-research-query",
      arguments: { topic: "tides" },
    });
    expect(created.task.status).toBe("working");
    expect(created.toolName).toBe("simulate-research-query");
    const taskId = created.task.taskId;

    const done = await h.waitFor("clientTaskChanged", (t) => t.task.taskId === taskId && t.result !== undefined);
    expect(done.task.status).toBe("completed");
    expect(done.error).toBeUndefined();
    const text = done.result?.content.map((c) => (c.type === "text" ? c.text : "")).join("") ?? "";
    expect(text).toContain("# Research Report: tides");

    // Q2: tasks/get was polled although this server also sends status notifications, and the view
    // followed each stage's statusMessage on the way.
    const log = await h.core.dispatch("getLog", { sessionId: session.sessionId });
    const gets = log.entries.filter((e) => e.direction === "out" && e.method === "tasks/get");
    expect(gets.length).toBeGreaterThanOrEqual(2);
    const statusMessages = h.events
      .filter((e): e is Extract<InspectorEvent, { type: "clientTaskChanged" }> => e.type === "clientTaskChanged")
      .map((e) => e.payload.task.statusMessage);
    expect(statusMessages.some((m) => m?.includes("..."))).toBe(true);

    // Q4: the result shown is the one tasks/result carried on the wire.
    const response = log.entries.find(
      (e) => e.direction === "in" && (e.payload as { result?: { _meta?: Record<string, { taskId?: string }> } }).result?._meta?.["io.modelcontextprotocol/related-task"]?.taskId === taskId,
    );
    expect((response?.payload as { result: { content: unknown } }).result.content).toEqual(done.result?.content);
  });

  it("Q3: an ambiguous query goes input_required, tasks/result is called at once, its elicitation is linked to the task and answering it completes the task", async () => {
    const h = start();
    const session = await h.core.dispatch("connect", { server: everythingServer() });
    const created = await h.core.dispatch("callToolAsTask", {
      sessionId: session.sessionId,
      name: "simulate-research-query",
      arguments: { topic: "python", ambiguous: true },
    });
    const taskId = created.task.taskId;

    const waiting = await h.waitFor("clientTaskChanged", (t) => t.task.taskId === taskId && t.task.status === "input_required");
    // Q3: tasks/result follows the input_required status at once, not a poll later.
    const input = await h.waitFor("pendingInputAdded", (p) => p.kind === "elicitation");
    const log = await h.core.dispatch("getLog", { sessionId: session.sessionId });
    // The first word of input_required, from a tasks/get response or a status notification.
    const sawInputRequired = log.entries.find((e) => {
      const p = e.payload as { result?: { taskId?: string; status?: string }; params?: { taskId?: string; status?: string } };
      const task = p.result ?? p.params;
      return e.direction === "in" && task?.taskId === taskId && task.status === "input_required";
    });
    const resultCall = log.entries.find((e) => e.direction === "out" && e.method === "tasks/result");
    expect(sawInputRequired && resultCall).toBeTruthy();
    expect(Date.parse(resultCall!.time) - Date.parse(sawInputRequired!.time)).toBeLessThan(waiting.task.pollInterval ?? 1000);
    expect((resultCall!.payload as { params: { taskId: string } }).params.taskId).toBe(taskId);

    // The server's elicitation carries the related-task _meta: shown linked both ways.
    expect(input.relatedTaskId).toBe(taskId);
    expect(input.receiverTaskId).toBeUndefined();
    expect(String(input.params.message)).toContain("python");
    const linked = await h.until(() => h.core.session(session.sessionId).clientTaskList.find((t) => t.task.taskId === taskId && t.pendingInputIds.includes(input.id)), 5000, "the link");
    expect(linked.pendingInputIds).toEqual([input.id]);

    await h.core.dispatch("answerElicitation", { pendingInputId: input.id, action: "accept", content: { interpretation: "snake" } });
    await h.waitFor("pendingInputAnswered", (p) => p.pendingInputId === input.id);

    const done = await h.waitFor("clientTaskChanged", (t) => t.task.taskId === taskId && t.result !== undefined);
    const text = done.result?.content.map((c) => (c.type === "text" ? c.text : "")).join("") ?? "";
    expect(text).toContain("python (snake)");
    const final = await h.until(() => h.core.session(session.sessionId).clientTaskList.find((t) => t.task.taskId === taskId && t.task.status === "completed"), 5000, "completed");
    expect(final.result).toEqual(done.result);
    expect(final.pendingInputIds).toEqual([input.id]);
  });
});
