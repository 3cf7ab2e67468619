// A request's time-out is held while the user answers a pending input the server sent for it (issue 19):
// the call succeeds though the answer comes long after requestTimeoutMs, and the time-out still fires when no
// input is open. Legacy: server-everything over stdio (the input relates to the request in flight when it
// arrived). 2026-07-28: our SDK v2 fixture (an MRTR round's input belongs to its own call, and holds no other).
import { describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../helpers/harness.js";
import { everythingServer, fixtureServer } from "../helpers/servers.js";

const TIMEOUT_MS = 1000;
/** Shorter than the user's 2 s: the answer's wait must not count against the maximum total either. */
const TOTAL_MS = 1500;

/** The second timer: the user answers only after twice the request time-out has passed since the input showed. */
function userThinks(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 2 * TIMEOUT_MS));
}

const text = (result: { content?: unknown[] }) => (result.content?.[0] as { text?: string } | undefined)?.text;

function harness(): Harness {
  return createHarness({ settings: { requestTimeoutMs: TIMEOUT_MS, maxRequestTotalMs: TOTAL_MS } });
}

describe("the request time-out is held while the user answers", () => {
  it("legacy: an elicitation the server sends during tools/call holds the call's time-out (and its maximum total); answered after 2× the time-out, the call succeeds", async () => {
    const h = harness();
    const { sessionId } = await h.core.dispatch("connect", { server: everythingServer() });
    const call = h.core.dispatch("callTool", { sessionId, name: "trigger-elicitation-request", arguments: {} });
    const input = await h.waitFor("pendingInputAdded", (p) => p.sessionId === sessionId);
    await userThinks();
    await h.core.dispatch("answerElicitation", { pendingInputId: input.id, action: "decline" });
    const result = await call;
    expect(result.isError).toBeFalsy();
    expect(text(result)).toMatch(/decline/i);
    const log = (await h.core.dispatch("getLog", { sessionId })).entries;
    expect(log.some((e) => e.method === "notifications/cancelled")).toBe(false);
  });

  it("legacy: with no input open the time-out still fires (a 3 s operation, no progress, 1 s time-out)", async () => {
    const h = harness();
    const { sessionId } = await h.core.dispatch("connect", { server: everythingServer() });
    await expect(h.core.dispatch("callTool", { sessionId, name: "trigger-long-running-operation", arguments: { duration: 3, steps: 1 } })).rejects.toThrow(/Request timed out: no answer and no progress for 1 s/);
  });

  it("I4, I1: 2026-07-28: an MRTR round answered after 2× the time-out still gets its retry answered; each round is its own request", async () => {
    const h = harness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("modern/modern-server.mjs") });
    const call = h.core.dispatch("callTool", { sessionId, name: "interview", arguments: {} });
    const name = await h.waitFor("pendingInputAdded", (p) => p.modern?.key === "name");
    await userThinks();
    await h.core.dispatch("answerElicitation", { pendingInputId: name.id, action: "accept", content: { name: "Ada" } });
    const haiku = await h.waitFor("pendingInputAdded", (p) => p.modern?.key === "haiku");
    await userThinks();
    await h.core.dispatch("approveSampling", { pendingInputId: haiku.id, result: { content: { type: "text", text: "old pond" }, model: "human" } });
    expect(text(await call)).toBe("Ada / old pond");
  });

  it("2026-07-28: an MRTR round's open input holds no other request of the session: a silent tools/call beside it still times out", async () => {
    const h = harness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("modern/modern-server.mjs") });
    const interview = h.core.dispatch("callTool", { sessionId, name: "interview", arguments: {} });
    const silent = h.core.dispatch("callTool", { sessionId, name: "sleep", arguments: { ms: 3000 } });
    const name = await h.waitFor("pendingInputAdded", (p) => p.modern?.key === "name");
    await expect(silent).rejects.toThrow(/Request timed out: no answer and no progress for 1 s/);
    await h.core.dispatch("answerElicitation", { pendingInputId: name.id, action: "decline" });
    const haiku = await h.waitFor("pendingInputAdded", (p) => p.modern?.key === "haiku");
    await h.core.dispatch("approveSampling", { pendingInputId: haiku.id, result: { content: { type: "text", text: "x" }, model: "m" } });
    expect(text(await interview)).toBe("(decline) / x");
  });

  it("legacy: an input that opened before a request started does not hold it", async () => {
    const h = harness();
    const { sessionId } = await h.core.dispatch("connect", { server: everythingServer() });
    const asking = h.core.dispatch("callTool", { sessionId, name: "trigger-elicitation-request", arguments: {} });
    const input = await h.waitFor("pendingInputAdded", (p) => p.sessionId === sessionId);
    await expect(h.core.dispatch("callTool", { sessionId, name: "trigger-long-running-operation", arguments: { duration: 3, steps: 1 } })).rejects.toThrow(/Request timed out: no answer and no progress for 1 s/);
    await h.core.dispatch("answerElicitation", { pendingInputId: input.id, action: "decline" });
    expect(text(await asking)).toMatch(/decline/i);
  });
});
