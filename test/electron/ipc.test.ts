import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { API_METHODS, type EventPayload, type InspectorEvent } from "../../shared/contract.js";
import { InspectorCore, LEADING_MS, systemPorts } from "../../main/core/index.js";
import { APP_PAGE_URL, channelFor, EVENTS_CHANNEL, type IpcReply } from "../../main/electron/constants.js";
import { attachEventStream, isTrustedSender, registerApiHandlers, type InvokeEventLike } from "../../main/electron/ipc.js";
import { createHarness } from "../helpers/harness.js";
import { everythingServer } from "../helpers/servers.js";

type Handler = (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>;

function fakeIpcMain() {
  const handlers = new Map<string, Handler>();
  return {
    handlers,
    handle: (channel: string, handler: Handler) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, handler);
    },
    removeHandler: (channel: string) => void handlers.delete(channel),
    invoke: (channel: string, event: InvokeEventLike, payload?: unknown) => {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      return handler(event, payload) as Promise<IpcReply>;
    },
  };
}

const fromApp: InvokeEventLike = { senderFrame: { url: APP_PAGE_URL, parent: null } };

class FakeContents extends EventEmitter {
  batches: InspectorEvent[][] = [];
  destroyed = false;
  send(channel: string, batch: InspectorEvent[]) {
    expect(channel).toBe(EVENTS_CHANNEL);
    this.batches.push(batch);
    this.emit("test:batch", batch);
  }
  isDestroyed() {
    return this.destroyed;
  }
  destroy() {
    this.destroyed = true;
    this.emit("destroyed");
  }
  /** The first event of `type` matching `match`, from a batch already sent or a future one. */
  waitForEvent<T extends InspectorEvent["type"]>(type: T, match: (payload: EventPayload<T>) => boolean = () => true): Promise<EventPayload<T>> {
    const find = (batch: InspectorEvent[]) => {
      const hit = batch.find((e) => e.type === type && match(e.payload as EventPayload<T>));
      return hit ? (hit.payload as EventPayload<T>) : undefined;
    };
    for (const batch of this.batches) {
      const hit = find(batch);
      if (hit) return Promise.resolve(hit);
    }
    return new Promise((resolve) => {
      const listener = (batch: InspectorEvent[]) => {
        const hit = find(batch);
        if (hit) {
          this.off("test:batch", listener);
          resolve(hit);
        }
      };
      this.on("test:batch", listener);
    });
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe("IPC handlers generated from the contract", () => {
  it("registers exactly one handler per contract method, on a channel named after it, and removes them all", () => {
    const ipc = fakeIpcMain();
    const dispose = registerApiHandlers(ipc, new InspectorCore(), APP_PAGE_URL);
    expect([...ipc.handlers.keys()].sort()).toEqual(API_METHODS.map(channelFor).sort());
    expect(ipc.handlers.size).toBe(API_METHODS.length);
    dispose();
    expect(ipc.handlers.size).toBe(0);
  });

  it("answers a malformed payload with the schema's message and never calls the core", async () => {
    const ipc = fakeIpcMain();
    const core = { dispatch: vi.fn(async () => ({ ok: true })) };
    registerApiHandlers(ipc, core, APP_PAGE_URL);

    const bad = await ipc.invoke(channelFor("connect"), fromApp, { server: { name: "x", transport: { type: "stdio", command: "" } } });
    expect(bad).toEqual({
      ok: false,
      error: { name: "InvalidPayloadError", message: "Invalid payload for connect: server.transport.command: command must not be empty" },
    });
    const extra = await ipc.invoke(channelFor("listSessions"), fromApp, { surprise: true });
    expect(extra.ok).toBe(false);
    expect(!extra.ok && extra.error.message).toMatch(/^Invalid payload for listSessions: /);
    const notObject = await ipc.invoke(channelFor("ping"), fromApp, "ping!");
    expect(!notObject.ok && notObject.error.name).toBe("InvalidPayloadError");
    const badUrl = await ipc.invoke(channelFor("openExternal"), fromApp, { url: "file:///etc/passwd" });
    expect(!badUrl.ok && badUrl.error.message).toContain("only http(s) links can be opened");
    expect(core.dispatch).not.toHaveBeenCalled();
  });

  it("rejects calls that do not come from the app's own top-level page", async () => {
    const ipc = fakeIpcMain();
    const core = { dispatch: vi.fn(async () => []) };
    registerApiHandlers(ipc, core, APP_PAGE_URL);
    const senders: InvokeEventLike[] = [
      { senderFrame: { url: "https://evil.example/index.html", parent: null } },
      { senderFrame: { url: "app://other/index.html", parent: null } },
      { senderFrame: { url: "file:///tmp/index.html", parent: null } },
      { senderFrame: { url: APP_PAGE_URL, parent: { url: APP_PAGE_URL } } }, // an iframe inside our page
      { senderFrame: null }, // the frame navigated away or was destroyed
    ];
    for (const event of senders) {
      const reply = await ipc.invoke(channelFor("listServers"), event, {});
      expect(reply).toEqual({ ok: false, error: { name: "UntrustedSenderError", message: "Refused listServers: the call did not come from the inspector's own page" } });
    }
    expect(core.dispatch).not.toHaveBeenCalled();
    const ok = await ipc.invoke(channelFor("listServers"), { senderFrame: { url: "app://inspector/index.html#/tasks", parent: null } }, {});
    expect(ok).toEqual({ ok: true, value: [] });
  });

  it("trusts the dev server's origin only when that is the page it was given", () => {
    expect(isTrustedSender({ url: "http://localhost:5173/", parent: null }, "http://localhost:5173/")).toBe(true);
    expect(isTrustedSender({ url: "http://localhost:5174/", parent: null }, "http://localhost:5173/")).toBe(false);
    expect(isTrustedSender({ url: "not a url", parent: null }, APP_PAGE_URL)).toBe(false);
  });

  it("turns the core's errors into a clear message (and the JSON-RPC code when there is one), never a stack", async () => {
    const ipc = fakeIpcMain();
    const core = new InspectorCore();
    registerApiHandlers(ipc, core, APP_PAGE_URL);
    const reply = await ipc.invoke(channelFor("ping"), fromApp, { sessionId: "nope" });
    expect(reply).toEqual({ ok: false, error: { name: "Error", message: "No session nope" } });
    const coded = await ipc.invoke(channelFor("listTools"), fromApp, {});
    expect(!coded.ok && coded.error.message).toBe("Invalid payload for listTools: sessionId: Invalid input: expected string, received undefined");
    const mcp = { dispatch: async () => Promise.reject(Object.assign(new Error("MCP error -32602: bad params"), { name: "McpError", code: -32602 })) };
    const ipc2 = fakeIpcMain();
    registerApiHandlers(ipc2, mcp, APP_PAGE_URL);
    expect(await ipc2.invoke(channelFor("listServers"), fromApp, {})).toEqual({ ok: false, error: { name: "McpError", message: "MCP error -32602: bad params", code: -32602 } });
  });
});

describe("event stream to the window", () => {
  it("coalesces a burst into at most one batch per 16 ms frame, in order, nothing dropped", async () => {
    vi.useFakeTimers();
    const core = new InspectorCore();
    const contents = new FakeContents();
    attachEventStream(contents, core, systemPorts.timers, () => Date.now());

    // 5,000 events in one tick: one batch, a moment later (LEADING_MS: what follows at once rides along).
    for (let i = 0; i < 5000; i++) core.bus.emit("stderrLine", { sessionId: "s", line: `burst ${i}` });
    expect(contents.batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(LEADING_MS);
    expect(contents.batches).toHaveLength(1);
    expect(contents.batches[0]).toHaveLength(5000);

    // Then one event every millisecond for 200 ms: batches at least a frame apart.
    const sentAt: number[] = [];
    contents.on("test:batch", () => sentAt.push(Date.now()));
    for (let i = 0; i < 200; i++) {
      core.bus.emit("stderrLine", { sessionId: "s", line: `steady ${i}` });
      await vi.advanceTimersByTimeAsync(1);
    }
    await vi.advanceTimersByTimeAsync(50);
    for (let i = 1; i < sentAt.length; i++) expect(sentAt[i]! - sentAt[i - 1]!).toBeGreaterThanOrEqual(16);
    expect(sentAt.length).toBeLessThanOrEqual(Math.ceil(200 / 16) + 1);

    const lines = contents.batches.flat().map((e) => (e.type === "stderrLine" ? e.payload.line : ""));
    expect(lines).toEqual([...Array.from({ length: 5000 }, (_, i) => `burst ${i}`), ...Array.from({ length: 200 }, (_, i) => `steady ${i}`)]);
  });

  it("keeps shell events (navigate) in order with the core's", async () => {
    vi.useFakeTimers();
    const core = new InspectorCore();
    const contents = new FakeContents();
    const stream = attachEventStream(contents, core, systemPorts.timers, () => Date.now());
    core.bus.emit("stderrLine", { sessionId: "s", line: "before" });
    stream.push({ type: "navigate", payload: { tab: "tasks" } });
    core.bus.emit("stderrLine", { sessionId: "s", line: "after" });
    await vi.advanceTimersByTimeAsync(16);
    expect(contents.batches.flat().map((e) => e.type)).toEqual(["stderrLine", "navigate", "stderrLine"]);
  });

  it("removes its core listener when the window's webContents is destroyed and sends nothing after", async () => {
    vi.useFakeTimers();
    const core = new InspectorCore();
    const before = core.bus.listenerCount;
    const contents = new FakeContents();
    attachEventStream(contents, core, systemPorts.timers, () => Date.now());
    expect(core.bus.listenerCount).toBe(before + 1);

    core.bus.emit("stderrLine", { sessionId: "s", line: "queued when the window closed" });
    contents.destroy();
    expect(core.bus.listenerCount).toBe(before);
    core.bus.emit("stderrLine", { sessionId: "s", line: "after close" });
    await vi.advanceTimersByTimeAsync(100);
    expect(contents.batches).toEqual([]);
    expect(contents.listenerCount("destroyed")).toBe(0);
  });

  it("never sends to a webContents that is already destroyed", async () => {
    vi.useFakeTimers();
    const core = new InspectorCore();
    const contents = new FakeContents();
    attachEventStream(contents, core, systemPorts.timers, () => Date.now());
    core.bus.emit("stderrLine", { sessionId: "s", line: "x" });
    contents.destroyed = true; // destroyed, "destroyed" not yet emitted
    await vi.advanceTimersByTimeAsync(16);
    expect(contents.batches).toEqual([]);
  });
});

describe("the real core behind the IPC handlers, against server-everything over stdio", () => {
  it("connects, lists tools, and answers a task-augmented elicitation; malformed and foreign answers change nothing", async () => {
    const { core } = createHarness();
    const ipc = fakeIpcMain();
    registerApiHandlers(ipc, core, APP_PAGE_URL);
    const contents = new FakeContents();
    attachEventStream(contents, core, systemPorts.timers, () => Date.now());

    const connected = await ipc.invoke(channelFor("connect"), fromApp, { server: everythingServer() });
    if (!connected.ok) throw new Error(connected.error.message);
    const session = connected.value as { sessionId: string; state: string };
    expect(session.state).toBe("connected");
    await contents.waitForEvent("sessionChanged", (s) => s.sessionId === session.sessionId && s.state === "connected");

    const tools = await ipc.invoke(channelFor("listTools"), fromApp, { sessionId: session.sessionId });
    expect(tools.ok && (tools.value as { tools: Array<{ name: string }> }).tools.map((t) => t.name)).toContain("trigger-elicitation-request-async");

    const call = ipc.invoke(channelFor("callTool"), fromApp, { sessionId: session.sessionId, name: "trigger-elicitation-request-async", arguments: {} });
    const input = await contents.waitForEvent("pendingInputAdded", (p) => p.kind === "elicitation");
    expect(input.receiverTaskId).toBeTruthy();

    const malformed = await ipc.invoke(channelFor("answerElicitation"), fromApp, { pendingInputId: input.id, action: "maybe" });
    expect(malformed.ok).toBe(false);
    expect(!malformed.ok && malformed.error.message).toMatch(/^Invalid payload for answerElicitation: action: /);
    const foreign = await ipc.invoke(channelFor("answerElicitation"), { senderFrame: { url: "https://evil.example/", parent: null } }, {
      pendingInputId: input.id,
      action: "decline",
    });
    expect(!foreign.ok && foreign.error.name).toBe("UntrustedSenderError");
    expect(core.pendingInputs.get(input.id)).toBeDefined();

    const answered = await ipc.invoke(channelFor("answerElicitation"), fromApp, {
      pendingInputId: input.id,
      action: "accept",
      content: { name: "Ada", favoriteColor: "Blue", agreeToTerms: true },
    });
    expect(answered).toEqual({ ok: true, value: { ok: true } });
    await contents.waitForEvent("pendingInputAnswered", (p) => p.pendingInputId === input.id);

    const result = await call;
    if (!result.ok) throw new Error(result.error.message);
    const text = JSON.stringify((result.value as { content: unknown }).content);
    expect(text).toContain("Ada");
    expect(text).toContain("Blue");
  });
});
