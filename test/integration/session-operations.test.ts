// The plain inspector operations over real stdio (ping, resources, prompts, logging level, roots) and the
// per-server capability switches, checked against what the server itself received.
import { afterEach, describe, expect, it } from "vitest";
import type { ClientFeatureToggles } from "../../shared/types.js";
import { createHarness, type Harness } from "../helpers/harness.js";
import { everythingServer, fixtureServer } from "../helpers/servers.js";

const text = (result: { content: unknown[] }) => String((result.content[0] as { text?: unknown } | undefined)?.text);

let harness: Harness | undefined;
// Every event is checked against the contract by the harness after each test.
afterEach(() => {
  harness = undefined;
});

async function connect(features: Partial<ClientFeatureToggles> = {}) {
  harness = createHarness();
  const h = harness;
  const info = await h.core.dispatch("connect", { server: fixtureServer("session-server.mjs", [], features) });
  const tool = async (name: string) => {
    const result = await h.core.dispatch("callTool", { sessionId: info.sessionId, name, arguments: {} });
    const first = result.content[0];
    return JSON.parse(first?.type === "text" ? first.text : "null") as unknown;
  };
  return { h, sessionId: info.sessionId, info, tool };
}

describe("plain inspector operations", () => {
  it("ping answers with a round trip time, and the log shows the ping and its answer", async () => {
    const { h, sessionId } = await connect();
    const { roundTripMs } = await h.core.dispatch("ping", { sessionId });
    expect(roundTripMs).toBeGreaterThanOrEqual(0);
    const { entries } = await h.core.dispatch("getLog", { sessionId });
    const pings = entries.filter((e) => e.method === "ping");
    expect(pings.map((e) => e.direction)).toEqual(["out", "in"]);
    expect(pings[1]?.payload).toMatchObject({ result: {} });
  });

  it("resources/subscribe and unsubscribe: an update comes as a resourceUpdated event while subscribed, the session lists the subscription, and none comes after", async () => {
    const { h, sessionId } = await connect();
    const touch = async () => JSON.parse(text(await h.core.dispatch("callTool", { sessionId, name: "touch", arguments: { uri: "fixture://greeting" } }))) as { told: boolean };
    expect(await touch()).toEqual({ told: false });
    await h.core.dispatch("subscribeResource", { sessionId, uri: "fixture://greeting" });
    expect(h.core.session(sessionId).state.resourceSubscriptions).toEqual(["fixture://greeting"]);
    const updated = h.waitFor("resourceUpdated", (e) => e.sessionId === sessionId);
    expect(await touch()).toEqual({ told: true });
    expect((await updated).uri).toBe("fixture://greeting");
    await h.core.dispatch("unsubscribeResource", { sessionId, uri: "fixture://greeting" });
    expect(h.core.session(sessionId).state.resourceSubscriptions).toEqual([]);
    expect(await touch()).toEqual({ told: false });
    const { entries } = await h.core.dispatch("getLog", { sessionId });
    expect(entries.filter((e) => e.direction === "out").map((e) => e.method)).toEqual(expect.arrayContaining(["resources/subscribe", "resources/unsubscribe"]));
  });

  it("lists and reads resources; a missing one shows the server's error", async () => {
    const { h, sessionId } = await connect();
    const { resources, nextCursor } = await h.core.dispatch("listResources", { sessionId });
    expect(resources.map((r) => r.uri)).toEqual(["fixture://greeting", "fixture://numbers"]);
    expect(nextCursor).toBeUndefined();
    const read = await h.core.dispatch("readResource", { sessionId, uri: "fixture://greeting" });
    expect(read.contents).toEqual([{ uri: "fixture://greeting", mimeType: "text/plain", text: "Hello from the fixture" }]);
    await expect(h.core.dispatch("readResource", { sessionId, uri: "fixture://nope" })).rejects.toThrow("Resource not found: fixture://nope");
  });

  it("lists prompts and gets one with its arguments", async () => {
    const { h, sessionId } = await connect();
    const { prompts } = await h.core.dispatch("listPrompts", { sessionId });
    expect(prompts).toEqual([{ name: "greet", description: "Greets someone", arguments: [{ name: "name", required: true }] }]);
    const prompt = await h.core.dispatch("getPrompt", { sessionId, name: "greet", arguments: { name: "Ada" } });
    expect(prompt.messages).toEqual([{ role: "user", content: { type: "text", text: "Please greet Ada" } }]);
  });

  it("setLoggingLevel reaches the server, and its log messages arrive as serverLog events", async () => {
    const { h, sessionId } = await connect();
    await h.core.dispatch("setLoggingLevel", { sessionId, level: "warning" });
    const message = await h.waitFor("serverLog", (l) => l.sessionId === sessionId);
    expect(message).toEqual({ sessionId, seq: 1, level: "warning", logger: "session-fixture", data: "level is now warning" });
    const { entries } = await h.core.dispatch("getLog", { sessionId });
    expect(entries.find((e) => e.direction === "out" && e.method === "logging/setLevel")?.payload).toMatchObject({ params: { level: "warning" } });
  });

  it("issue 21: the core keeps the server's log messages, so a window that loads later gets them from getLog", async () => {
    const { h, sessionId } = await connect();
    for (const level of ["warning", "error"] as const) {
      await h.core.dispatch("setLoggingLevel", { sessionId, level });
      await h.waitFor("serverLog", (l) => l.sessionId === sessionId && l.data === `level is now ${level}`);
    }
    const { serverLogs } = await h.core.dispatch("getLog", { sessionId });
    expect(serverLogs).toEqual([
      { sessionId, seq: 1, level: "warning", logger: "session-fixture", data: "level is now warning" },
      { sessionId, seq: 2, level: "error", logger: "session-fixture", data: "level is now error" },
    ]);
  });

  it("roots: the server's roots/list gets our roots, and setRoots sends roots/list_changed", async () => {
    const { h, sessionId, tool } = await connect();
    expect(await tool("list-roots")).toEqual({ roots: [] });

    const roots = [
      { uri: "file:///work/project", name: "Project" },
      { uri: "file:///tmp/scratch" },
    ];
    await h.core.dispatch("setRoots", { sessionId, roots });
    // The fixture answers list_changed by asking roots/list and logging what it got.
    const changed = await h.waitFor("serverLog", (l) => typeof l.data === "object" && l.data !== null && "rootsChanged" in l.data);
    expect(changed.data).toEqual({ rootsChanged: roots });
    expect(await tool("list-roots")).toEqual({ roots });

    const { entries } = await h.core.dispatch("getLog", { sessionId });
    expect(entries.filter((e) => e.method === "notifications/roots/list_changed").map((e) => e.direction)).toEqual(["out"]);
    const answers = entries.filter((e) => e.direction === "out" && e.method === "roots/list");
    expect(answers.at(-1)?.payload).toMatchObject({ result: { roots } });
  });

  it("roots: a root that is not a file:// URI is refused by the contract", async () => {
    const { h, sessionId } = await connect();
    await expect(h.core.dispatch("setRoots", { sessionId, roots: [{ uri: "https://example.com" }] })).rejects.toThrow(
      "Invalid payload for setRoots: roots.0.uri: a root must be a file:// URI",
    );
  });
});

describe("per-server capability switches", () => {
  const all = { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true };

  // AP1: the MCP Apps extension is on by default, with its own switch; Skills (SEP-2640) is always declared.
  const skills = { extensions: { "io.modelcontextprotocol/skills": {} } };
  const apps = { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] }, "io.modelcontextprotocol/skills": {} } };
  it.each<[string, Partial<ClientFeatureToggles>, Record<string, unknown>]>([
    [
      "everything on (the default)",
      {},
      {
        sampling: {},
        elicitation: { form: {}, url: {} },
        roots: { listChanged: true },
        tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
        ...apps,
      },
    ],
    [
      "sampling and roots off, elicitation url only",
      { sampling: false, roots: false, elicitationForm: false },
      { elicitation: { url: {} }, tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} } } }, ...apps },
    ],
    ["receiver tasks off", { receiverTasks: false }, { sampling: {}, elicitation: { form: {}, url: {} }, roots: { listChanged: true }, ...apps }],
    ["Apps off (AP1)", { apps: false }, { sampling: {}, elicitation: { form: {}, url: {} }, roots: { listChanged: true }, tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } }, ...skills }],
    ["everything off", { sampling: false, elicitationForm: false, elicitationUrl: false, roots: false, receiverTasks: false, apps: false }, skills],
  ])("R1: advertises exactly what is switched on: %s", async (_what, features, expected) => {
    const { info, tool } = await connect({ ...all, ...features });
    expect(await tool("client-capabilities")).toEqual(expected);
    expect(info.clientCapabilities).toEqual(expected);
  });

  it("with roots switched off, setRoots is refused and a server asking roots/list gets method-not-found", async () => {
    const { h, sessionId } = await connect({ roots: false });
    await expect(h.core.dispatch("setRoots", { sessionId, roots: [{ uri: "file:///a" }] })).rejects.toThrow("Roots are switched off for this server");
    await expect(h.core.dispatch("callTool", { sessionId, name: "list-roots", arguments: {} })).rejects.toThrow("Method not found");
  });

  it("server-everything offers the tools that need a capability only when it is advertised", async () => {
    harness = createHarness();
    const h = harness;
    const on = await h.core.dispatch("connect", { server: everythingServer() });
    const off = await h.core.dispatch("connect", { server: everythingServer({ sampling: false, roots: false, elicitationForm: false, elicitationUrl: false }) });
    const names = async (sessionId: string) => (await h.core.dispatch("listTools", { sessionId })).tools.map((t) => t.name);
    const withAll = await names(on.sessionId);
    const withNone = await names(off.sessionId);
    for (const name of ["get-roots-list", "trigger-sampling-request", "trigger-elicitation-request"]) {
      expect(withAll).toContain(name);
      expect(withNone).not.toContain(name);
    }
  });
});
