import { describe, expect, it } from "vitest";
import { createHarness } from "../helpers/harness.js";
import { everythingServer } from "../helpers/servers.js";

describe("receiver tasks against server-everything over stdio", () => {
  it("R2 R7: trigger-elicitation-request-async gets a task at once and the user's accepted answer through tasks/result", async () => {
    const h = createHarness();
    const session = await h.core.dispatch("connect", { server: everythingServer() });
    expect(session.state).toBe("connected");
    const tools = await h.core.dispatch("listTools", { sessionId: session.sessionId });
    expect(tools.tools.map((t) => t.name)).toContain("trigger-elicitation-request-async");

    const call = h.core.dispatch("callTool", { sessionId: session.sessionId, name: "trigger-elicitation-request-async", arguments: {} });
    const input = await h.waitFor("pendingInputAdded", (p) => p.kind === "elicitation");
    expect(input.receiverTaskId).toBeTruthy();
    await h.core.dispatch("answerElicitation", { pendingInputId: input.id, action: "accept", content: { name: "Ada", favoriteColor: "Blue", agreeToTerms: true } });
    const result = await call;
    const text = JSON.stringify(result.content);
    expect(text).toContain("Ada");
    expect(text).toContain("Blue");
  });
});
