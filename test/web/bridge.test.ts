// The renderer's WebSocket bridge against a real browser-mode server, a real core and the real
// server-everything over stdio: the same calls and events the UI uses, end to end over the wire.
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { InspectorEvent } from "../../shared/contract.js";
import { apiUrlFor, createWebSocketBridge, takeToken, type BridgeConnectionState, type WebSocketLike } from "../../renderer/src/api/webSocketBridge.js";
import { startTestWebServer } from "./fixture.js";

/** `ws` speaks the DOM WebSocket API; a browser sends its page's Origin by itself, `ws` is told to. */
function nodeSocket(origin: string) {
  return (url: string) => new WebSocket(url, { origin }) as unknown as WebSocketLike;
}

function recorder<T>() {
  const items: T[] = [];
  const waiters = new Set<() => void>();
  return {
    items,
    push(item: T) {
      items.push(item);
      for (const w of [...waiters]) w();
    },
    /** Resolves once `check` holds, re-checked on every new item (no polling, no sleeps). */
    until(check: () => boolean): Promise<void> {
      return new Promise((resolve) => {
        const waiter = () => {
          if (!check()) return;
          waiters.delete(waiter);
          resolve();
        };
        waiters.add(waiter);
        waiter();
      });
    },
  };
}

describe("the WebSocket bridge over a real browser-mode server", () => {
  it("connects to the Everything demo, calls tools, answers an elicitation, and gets every core event in order, batched", async () => {
    const test = await startTestWebServer();
    const bridge = createWebSocketBridge(test.server.apiUrl, nodeSocket(test.server.origin));
    const batches = recorder<InspectorEvent[]>();
    const events = recorder<InspectorEvent>();
    bridge.onEvents((batch) => {
      batches.push(batch);
      for (const event of batch) events.push(event);
    });

    // Calls made before the socket opens are queued, not lost.
    const servers = await bridge.listServers({});
    const demo = servers.find((s) => s.id === "everything-demo");
    expect(demo).toMatchObject({ name: "Everything (demo)", builtIn: true, transport: { type: "stdio", command: process.execPath } });

    const session = await bridge.connect({ server: demo! });
    expect(session).toMatchObject({ state: "connected", serverInfo: { name: expect.any(String) } });
    expect(await bridge.listSessions({})).toEqual([expect.objectContaining({ sessionId: session.sessionId, state: "connected" })]);

    const echo = await bridge.callTool({ sessionId: session.sessionId, name: "echo", arguments: { message: "over the wire" } });
    expect(echo.content).toEqual([{ type: "text", text: "Echo: over the wire" }]);

    // A task-augmented elicitation: it reaches this client as an event, and the answer as a call.
    const call = bridge.callTool({ sessionId: session.sessionId, name: "trigger-elicitation-request-async", arguments: {} });
    await events.until(() => events.items.some((e) => e.type === "pendingInputAdded"));
    const added = events.items.find((e) => e.type === "pendingInputAdded")!;
    if (added.type !== "pendingInputAdded") throw new Error("unreachable");
    expect(added.payload).toMatchObject({ kind: "elicitation", sessionId: session.sessionId, receiverTaskId: expect.any(String) });
    await bridge.answerElicitation({ pendingInputId: added.payload.id, action: "accept", content: { name: "Ada", favoriteColor: "Blue", agreeToTerms: true } });
    expect(JSON.stringify((await call).content)).toContain("Ada");

    // Everything the core emitted so far crossed the wire, in the same order, none dropped or duplicated.
    const emitted = JSON.parse(JSON.stringify(test.coreEvents)) as InspectorEvent[];
    await events.until(() => events.items.length >= emitted.length);
    expect(events.items.slice(0, emitted.length)).toEqual(emitted);
    expect(emitted.length).toBeGreaterThan(10);
    // Coalesced: the connect alone produced a burst (state changes, log entries), which came in fewer batches than events.
    expect(batches.items.length).toBeLessThan(events.items.length);
    const types = emitted.map((e) => e.type);
    expect(types).toContain("sessionChanged");
    expect(types).toContain("logEntry");
    expect(types.indexOf("pendingInputAdded")).toBeLessThan(types.indexOf("pendingInputAnswered"));
  });

  it("turns a contract error into a rejected call with the core's message", async () => {
    const test = await startTestWebServer();
    const bridge = createWebSocketBridge(test.server.apiUrl, nodeSocket(test.server.origin));
    await expect(bridge.ping({ sessionId: "no-such-session" })).rejects.toThrow("No session no-such-session");
    await expect(bridge.removeServer({ id: "everything-demo" })).rejects.toThrow("The built-in demo server cannot be removed");
    // @ts-expect-error: a malformed payload, as a buggy or hostile page would send it
    await expect(bridge.connect({ server: { name: "x" } })).rejects.toThrow(/^Invalid payload for connect: server\.transport/);
  });

  it("tells the UI when the server goes away: pending calls and later calls reject with a clear error", async () => {
    const test = await startTestWebServer();
    const bridge = createWebSocketBridge(test.server.apiUrl, nodeSocket(test.server.origin));
    const states = recorder<BridgeConnectionState>();
    bridge.onConnection((state) => states.push(state));
    const events = recorder<InspectorEvent>();
    bridge.onEvents((batch) => batch.forEach((e) => events.push(e)));
    await bridge.listServers({});
    expect(states.items.map((s) => s.state)).toEqual(["connecting", "open"]);

    // A server that never answers `initialize`: the connect call stays pending until the socket closes.
    const pending = bridge.connect({ server: { name: "silent", transport: { type: "stdio", command: process.execPath, args: ["-e", "setInterval(() => {}, 1000)"] } } });
    await events.until(() => events.items.some((e) => e.type === "sessionChanged" && e.payload.state === "connecting"));
    await test.server.close();

    await expect(pending).rejects.toThrow("connect failed: the connection to MCP Task Inspector is gone (MCP Task Inspector is shutting down)");
    expect(states.items.at(-1)).toEqual({ state: "closed", reason: "MCP Task Inspector is shutting down" });
    await expect(bridge.listSessions({})).rejects.toThrow("listSessions failed: the connection to MCP Task Inspector is gone (MCP Task Inspector is shutting down)");
  });

  it("with a wrong token: the UI learns it could not connect, without the token in the message", async () => {
    const test = await startTestWebServer();
    const wrongUrl = test.server.apiUrl.replace(/token=.*/, "token=not-this-run");
    const bridge = createWebSocketBridge(wrongUrl, nodeSocket(test.server.origin));
    await expect(bridge.listServers({})).rejects.toThrow(/^listServers failed: the connection to MCP Task Inspector is gone \(could not connect to ws:\/\/127\.0\.0\.1:\d+\/api\?token=…: .*open the full URL that was printed when the inspector started\)$/);
    await expect(bridge.listServers({})).rejects.not.toThrow(/not-this-run/);
  });

  it("takes the token from the first URL into session storage, drops it from the address bar, and finds it again after a reload", () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const replaced: string[] = [];
    const history = { replaceState: (_s: unknown, _t: string, url?: string | URL | null) => void replaced.push(String(url)) };
    expect(takeToken({ search: "?token=a%2Bb&x=1", pathname: "/", hash: "#tools" }, history, storage)).toBe("a+b");
    expect(replaced).toEqual(["/?x=1#tools"]);
    // The reload: no token in the URL any more, the same one from storage, nothing rewritten.
    expect(takeToken({ search: "", pathname: "/", hash: "" }, history, storage)).toBe("a+b");
    expect(replaced).toHaveLength(1);
    expect(apiUrlFor({ protocol: "http:", host: "127.0.0.1:6280" }, "a+b")).toBe("ws://127.0.0.1:6280/api?token=a%2Bb");
  });

  it("a socket the server closes for a bad frame: the UI is told why, the bridge reconnects, and calls work again", async () => {
    const test = await startTestWebServer();
    const opened: WebSocket[] = [];
    const bridge = createWebSocketBridge(test.server.apiUrl, (url) => {
      const socket = new WebSocket(url, { origin: test.server.origin });
      opened.push(socket);
      return socket as unknown as WebSocketLike;
    });
    const states = recorder<BridgeConnectionState>();
    bridge.onConnection((state) => states.push(state));
    await bridge.listServers({});
    // RSV1 set without an extension: a protocol error, closed by the server with 1002.
    (opened[0] as unknown as { _socket: { write(b: Buffer): void } })._socket.write(Buffer.from([0xc1, 0x80, 0, 0, 0, 0]));
    await states.until(() => states.items.some((s) => s.state === "reconnecting"));
    expect(states.items.find((s) => s.state === "reconnecting")).toEqual({ state: "reconnecting", reason: expect.stringMatching(/RSV1|code 1002/) });
    await states.until(() => states.items.at(-1)?.state === "open");
    expect(opened).toHaveLength(2);
    expect(await bridge.listSessions({})).toEqual([]);
  });

  it("a call larger than browser mode carries is refused before it is sent, with its size", async () => {
    const test = await startTestWebServer();
    const bridge = createWebSocketBridge(test.server.apiUrl, nodeSocket(test.server.origin));
    const huge = "x".repeat(73 * 1024 * 1024);
    await expect(bridge.callTool({ sessionId: "s", name: "echo", arguments: { message: huge } })).rejects.toThrow(
      /^callTool was not sent: it is 73\.0 MB, over the 72\.0 MB that browser mode carries in one message$/,
    );
    // The socket was never troubled: the next call goes through.
    expect(await bridge.listSessions({})).toEqual([]);
  });
});
