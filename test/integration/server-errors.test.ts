// Issue 19: an error a server sends is shown with its code once and its message as sent. A server on the
// SDK puts "MCP error <code>: " into the message it sends, and our SDK adds the same prefix again; the
// Resources tab read "MCP error -32602: MCP error -32602: Resource … not found". Real servers over stdio.
import { describe, expect, it } from "vitest";
import { createHarness } from "../helpers/harness.js";
import { everythingServer } from "../helpers/servers.js";

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: Error) => e.message,
  );

describe("a server's errors, read once (issue 19)", () => {
  it("server-everything's resources/read of an unknown URI reads 'MCP error -32602: <its message>': the code once, the words as sent", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: everythingServer() });
    const uri = "demo://resource/static/document/nope.md";
    const message = await failure(h.core.dispatch("readResource", { sessionId, uri }));
    // What the server sent: its SDK's prefix is part of the message on the wire.
    const sent = (await h.core.dispatch("getLog", { sessionId })).entries.filter((e) => e.method === "resources/read" && e.direction === "in").at(-1);
    const wire = (sent?.payload as { error: { code: number; message: string } }).error;
    expect(wire).toEqual({ code: -32602, message: `MCP error -32602: Resource ${uri} not found` });
    expect(message).toBe(`MCP error -32602: Resource ${uri} not found`);

    await h.core.dispatch("disconnect", { sessionId });
  });
});
