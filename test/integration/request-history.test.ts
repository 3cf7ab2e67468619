// The history of answered requests against real server-everything over stdio: what the server asked,
// what the core sent back and how long it waited, for a receiver task (R2) and a plain server request;
// a request withdrawn by the session's end (S1) is kept with why.
import { describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../helpers/harness.js";
import { everythingServer } from "../helpers/servers.js";

async function connect(h: Harness) {
  const session = await h.core.dispatch("connect", { server: everythingServer() });
  expect(session.state).toBe("connected");
  await h.core.dispatch("listTools", { sessionId: session.sessionId });
  return session.sessionId;
}

describe("request history against server-everything", () => {
  it("R2: an accepted receiver-task elicitation is kept with its schema, the content sent and the wait; the event carries it", async () => {
    const h = createHarness();
    const sessionId = await connect(h);
    const call = h.core.dispatch("callTool", { sessionId, name: "trigger-elicitation-request-async", arguments: {} });
    const input = await h.waitFor("pendingInputAdded", (p) => p.kind === "elicitation" && p.sessionId === sessionId);
    const content = { name: "Ada", favoriteColor: "Blue", agreeToTerms: true };
    await h.core.dispatch("answerElicitation", { pendingInputId: input.id, action: "accept", content });
    const added = await h.waitFor("requestHistoryAdded", (e) => e.entry.input.id === input.id);
    await call;
    expect(added.entry).toMatchObject({ outcome: "accepted", sent: { action: "accept", content }, input: { receiverTaskId: input.receiverTaskId } });
    expect(added.entry.input.params.requestedSchema).toEqual(input.params.requestedSchema);
    expect(added.entry.tookMs).toBeGreaterThanOrEqual(0);
    const snapshot = await h.core.dispatch("getSnapshot", {});
    expect(snapshot.requestHistory?.entries.map((e) => e.input.id)).toEqual([input.id]);
  });

  it("a rejected sampling request (plain server request) is kept with the error sent", async () => {
    const h = createHarness();
    const sessionId = await connect(h);
    const call = h.core.dispatch("callTool", { sessionId, name: "trigger-sampling-request", arguments: { prompt: "hi", maxTokens: 10 } });
    const input = await h.waitFor("pendingInputAdded", (p) => p.kind === "sampling" && p.sessionId === sessionId);
    expect(input.receiverTaskId).toBeUndefined();
    await h.core.dispatch("rejectSampling", { pendingInputId: input.id, reason: "not now" });
    await call.catch(() => {});
    const added = await h.waitFor("requestHistoryAdded", (e) => e.entry.input.id === input.id);
    expect(added.entry).toMatchObject({ outcome: "rejected", sent: { error: { message: "User rejected sampling request: not now" } } });
  });

  it("S1: a request withdrawn because the session ended is kept with why, and nothing sent", async () => {
    const h = createHarness();
    const sessionId = await connect(h);
    void h.core.dispatch("callTool", { sessionId, name: "trigger-elicitation-request-async", arguments: {} }).catch(() => {});
    const input = await h.waitFor("pendingInputAdded", (p) => p.kind === "elicitation" && p.sessionId === sessionId);
    await h.core.dispatch("disconnect", { sessionId });
    const added = await h.waitFor("requestHistoryAdded", (e) => e.entry.input.id === input.id);
    expect(added.entry.outcome).toBe("withdrawn");
    expect(added.entry.withdrawn?.reason).toBe("disconnected");
    expect(added.entry).not.toHaveProperty("sent");
  });
});
