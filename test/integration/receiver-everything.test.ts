// The two receiver-task flows of @modelcontextprotocol/server-everything, over real stdio, answered
// through the core's pending-input API. The server polls our tasks/get once a second, then fetches
// tasks/result, and reports what it saw in its tool result.
import { describe, expect, it } from "vitest";
import { RELATED_TASK_META_KEY } from "@modelcontextprotocol/sdk/types.js";
import { createHarness, type Harness } from "../helpers/harness.js";
import { everythingServer } from "../helpers/servers.js";

async function connect(h: Harness) {
  const session = await h.core.dispatch("connect", { server: everythingServer() });
  expect(session.state).toBe("connected");
  const { tools } = await h.core.dispatch("listTools", { sessionId: session.sessionId });
  expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["trigger-elicitation-request-async", "trigger-sampling-request-async"]));
  return session.sessionId;
}

function textOf(result: { content: unknown[] }): string {
  return result.content.map((c) => (c as { text?: string }).text ?? "").join("\n");
}

describe("receiver tasks against server-everything over stdio", () => {
  it("R2 R4 R7: trigger-elicitation-request-async: the accepted answer reaches the server through tasks/result", async () => {
    const h = createHarness();
    const sessionId = await connect(h);
    const call = h.core.dispatch("callTool", { sessionId, name: "trigger-elicitation-request-async", arguments: {} });
    const input = await h.waitFor("pendingInputAdded", (p) => p.kind === "elicitation" && p.sessionId === sessionId);
    const taskId = input.receiverTaskId as string;
    expect(taskId).toBeTruthy();
    expect(input.params.message).toMatch(/async task demo/);
    // The very first event about the task names the real session and links its pending input, so a
    // UI can cancel it and show it beside the request (S1: the session id is the one the user sees).
    const created = await h.waitFor("receiverTaskChanged", (t) => t.task.taskId === taskId);
    expect(created).toMatchObject({ sessionId, pendingInputId: input.id, task: { status: "working" } });
    // The server polls while the user thinks: it must see `working`, awaiting the user (R4).
    const poll = await h.waitFor("logEntry", (e) => e.direction === "in" && e.method === "tasks/get");
    const polled = await h.waitFor("logEntry", (e) => e.direction === "out" && e.id === poll.id && "result" in (e.payload as object));
    expect(polled.payload).toMatchObject({ result: { taskId, status: "working", statusMessage: "Awaiting user response" } });
    await h.core.dispatch("answerElicitation", { pendingInputId: input.id, action: "accept", content: { name: "Ada", favoriteColor: "Blue", agreeToTerms: true } });

    const text = textOf(await call);
    expect(text).toContain("[COMPLETED] User provided the requested information!");
    expect(text).toContain("- Name: Ada");
    expect(text).toContain("- Favorite Color: Blue");
    expect(text).toContain("- Agreed to terms: true");
    expect(text).toContain(`Task created: ${taskId}`);
    expect(text).toContain("Poll 1: working - Awaiting user response");
    // The raw tasks/result the server printed carries the related-task _meta (R7).
    expect(text).toContain(`"${RELATED_TASK_META_KEY}": {\n      "taskId": "${taskId}"`);
  });

  it("R12: trigger-elicitation-request-async: a declined elicitation completes the task and the server sees the decline", async () => {
    const h = createHarness();
    const sessionId = await connect(h);
    const call = h.core.dispatch("callTool", { sessionId, name: "trigger-elicitation-request-async", arguments: {} });
    const input = await h.waitFor("pendingInputAdded", (p) => p.kind === "elicitation");
    await h.core.dispatch("answerElicitation", { pendingInputId: input.id, action: "decline" });
    const text = textOf(await call);
    expect(text).toContain("[DECLINED] User declined to provide the requested information.");
    expect(h.core.session(sessionId).receiverTasks.find((t) => t.task.taskId === input.receiverTaskId)?.task.status).toBe("completed");
  });

  it("R2 R7: trigger-sampling-request-async: the approved text reaches the server's tool result", async () => {
    const h = createHarness();
    const sessionId = await connect(h);
    const call = h.core.dispatch("callTool", { sessionId, name: "trigger-sampling-request-async", arguments: { prompt: "Name a colour", maxTokens: 20 } });
    const input = await h.waitFor("pendingInputAdded", (p) => p.kind === "sampling" && p.sessionId === sessionId);
    const taskId = input.receiverTaskId as string;
    expect(taskId).toBeTruthy();
    expect(JSON.stringify(input.params.messages)).toContain("Name a colour");
    await h.core.dispatch("approveSampling", {
      pendingInputId: input.id,
      result: { content: { type: "text", text: "Cerulean, approved by a human" }, model: "human-in-the-loop", stopReason: "endTurn" },
    });

    const text = textOf(await call);
    expect(text).toContain("[COMPLETED] Async sampling completed!");
    expect(text).toContain("Cerulean, approved by a human");
    expect(text).toContain('"model": "human-in-the-loop"');
    expect(text).toContain(`Task created: ${taskId}`);
  });

  it("R12: trigger-sampling-request-async: a rejected sampling fails the task, and the server sees why", async () => {
    const h = createHarness();
    const sessionId = await connect(h);
    const call = h.core.dispatch("callTool", { sessionId, name: "trigger-sampling-request-async", arguments: { prompt: "Anything" } });
    const input = await h.waitFor("pendingInputAdded", (p) => p.kind === "sampling");
    await h.core.dispatch("rejectSampling", { pendingInputId: input.id, reason: "not this one" });
    const text = textOf(await call);
    expect(text).toContain("[FAILED] User rejected sampling request: not this one");
  });
});
