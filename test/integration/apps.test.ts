// MCP Apps (issue 20, ../shared/APPS-SPEC.md) against a real App server on the SDK v2, in both eras:
// what the client advertises (AP1), which tools are App tools (AP1, AP2) and how a View is read (AP3).
import { describe, expect, it } from "vitest";
import { appToolInfo, callableByApp, offeredToUser } from "../../shared/apps.js";
import type { ClientFeatureToggles } from "../../shared/types.js";
import { createHarness, type Harness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

const UI = "io.modelcontextprotocol/ui";
const ERAS = [
  ["2025-11-25", []],
  ["2026-07-28", ["--modern-only"]],
] as const;

async function connectApp(h: Harness, era: (typeof ERAS)[number][0], args: readonly string[], features: Partial<ClientFeatureToggles> = {}) {
  const server = { ...fixtureServer("apps/app-server.mjs", [...args], features), era };
  return h.core.dispatch("connect", { server });
}

async function advertised(h: Harness, sessionId: string) {
  const result = (await h.core.dispatch("callTool", { sessionId, name: "advertised", arguments: {} })) as { content: { text: string }[] };
  return JSON.parse(result.content[0]!.text) as { extensions?: Record<string, unknown> } | null;
}

describe.each(ERAS)("MCP Apps on %s", (era, args) => {
  it("AP1: the client advertises extensions[io.modelcontextprotocol/ui] with the App mime type, and the server sees it", async () => {
    const h = createHarness();
    const info = await connectApp(h, era, args);
    expect(info.era).toBe(era === "2025-11-25" ? "legacy" : "modern");
    expect((await advertised(h, info.sessionId))?.extensions?.[UI]).toEqual({ mimeTypes: ["text/html;profile=mcp-app"] });
    expect((info.clientCapabilities as { extensions?: Record<string, unknown> }).extensions?.[UI]).toEqual({ mimeTypes: ["text/html;profile=mcp-app"] });
  });

  it("AP1: with Apps switched off for the server, nothing about Apps is advertised", async () => {
    const h = createHarness();
    const info = await connectApp(h, era, args, { apps: false });
    expect((await advertised(h, info.sessionId))?.extensions?.[UI]).toBeUndefined();
  });

  it("AP1/AP2: the listed tools are read as App tools (deprecated flat key marked) with their visibility", async () => {
    const h = createHarness();
    const info = await connectApp(h, era, args);
    const { tools } = await h.core.dispatch("listTools", { sessionId: info.sessionId });
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(appToolInfo(byName.get("greet")!)).toEqual({ resourceUri: "ui://greeting/view.html", deprecatedKey: false, visibility: ["model", "app"] });
    expect(appToolInfo(byName.get("greet-old")!)).toEqual({ resourceUri: "ui://greeting/view.html", deprecatedKey: true, visibility: ["model", "app"] });
    expect(appToolInfo(byName.get("plain")!)).toBeUndefined();
    expect(offeredToUser(byName.get("app-add")!)).toBe(false);
    expect(callableByApp(byName.get("app-add")!)).toBe(true);
    expect(offeredToUser(byName.get("model-only")!)).toBe(true);
    expect(callableByApp(byName.get("model-only")!)).toBe(false);
  });

  it("AP3, AP5: the View is read with resources/read of its ui:// URI on the same session; the item's _meta.ui wins over the listing's; the CSP in force is logged", async () => {
    const h = createHarness();
    const info = await connectApp(h, era, args);
    const view = await h.core.dispatch("readAppView", { sessionId: info.sessionId, toolName: "greet" });
    expect(view).toMatchObject({ uri: "ui://greeting/view.html", toolName: "greet", encoding: "text" });
    expect(view.html).toContain("<title>Greeting App</title>");
    // The listing says prefersBorder false and a connect domain; the item says prefersBorder true.
    expect(view.ui).toEqual({ csp: { connectDomains: ["https://listing.example"] }, prefersBorder: true });
    expect(view.csp).toContain("connect-src https://listing.example");
    const override = await h.core.dispatch("readAppView", { sessionId: info.sessionId, toolName: "view-override" });
    expect(override.ui).toEqual({ csp: { connectDomains: ["https://item.example"] }, domain: "item.example", prefersBorder: false });
    expect(override.csp).toContain("connect-src https://item.example;");
    const { entries } = await h.core.dispatch("getLog", { sessionId: info.sessionId });
    expect(entries.some((e) => e.direction === "out" && e.method === "resources/read" && JSON.stringify(e.payload).includes("ui://greeting/view.html"))).toBe(true);
    // AP5: the CSP in force is logged with its View.
    expect(JSON.stringify(entries.find((e) => e.remark === "MCP App bridge, host → app (ui://greeting/view.html)")?.payload)).toContain("The View runs under this Content-Security-Policy: default-src 'none';");
  });

  it("AP3: a base64 blob View is decoded; the deprecated flat key reads the same View", async () => {
    const h = createHarness();
    const info = await connectApp(h, era, args);
    const blob = await h.core.dispatch("readAppView", { sessionId: info.sessionId, toolName: "view-blob" });
    expect(blob).toMatchObject({ encoding: "blob", html: "<p>from a blob \u00e9</p>" });
    expect((await h.core.dispatch("readAppView", { sessionId: info.sessionId, toolName: "greet-old" })).uri).toBe("ui://greeting/view.html");
  });

  it.each([
    ["view-wrong-type", /has mime type "text\/html", not "text\/html;profile=mcp-app"/],
    // On 2025-11-25 the SDK's schema already refuses the item, in words pointing at the raw response.
    ["view-not-html", /has neither text nor a base64 blob|ui:\/\/broken\/not-html\.html failed: .*contents\.0\.text/],
    ["view-missing", /Reading the View ui:\/\/broken\/missing\.html failed: .*Resource not found/],
    ["view-web-uri", /must be a ui:\/\/ resource; it names "https:\/\/example\.com\/view\.html"/],
    ["plain", /The tool plain has no App/],
  ])("AP3: %s is a clear error in place of the App", async (toolName, says) => {
    const h = createHarness();
    const info = await connectApp(h, era, args);
    await expect(h.core.dispatch("readAppView", { sessionId: info.sessionId, toolName })).rejects.toThrow(says);
  });

  it("AP17: the largest View rendered is the Settings' maxViewBytes (default 16 MB): a 6 MB View is read; with 4 MB set it is refused with its size and the setting", async () => {
    const h = createHarness();
    const info = await connectApp(h, era, args);
    const big = await h.core.dispatch("readAppView", { sessionId: info.sessionId, toolName: "view-huge" });
    expect(big.bytes).toBe(6 * 1024 * 1024 + "<p></p>".length);
    await h.core.dispatch("updateSettings", { maxViewBytes: 4 * 1024 * 1024 });
    await expect(h.core.dispatch("readAppView", { sessionId: info.sessionId, toolName: "view-huge" })).rejects.toThrow(
      /ui:\/\/broken\/huge\.html is 6 MB \(6,291,463 bytes\), over the 4 MB the inspector renders \("Largest App View" in Settings, at most 64 MB\)/,
    );
    // Preview reads by URI through the same bound.
    await expect(h.core.dispatch("readAppView", { sessionId: info.sessionId, uri: "ui://broken/huge.html" })).rejects.toThrow(/over the 4 MB/);
    await expect(h.core.dispatch("updateSettings", { maxViewBytes: 65 * 1024 * 1024 })).rejects.toThrow();
  });

  it("AP8: a View's tools/call goes to its own session and its result comes back; AP2: a tool without \"app\" visibility is refused and logged", async () => {
    const h = createHarness();
    const info = await connectApp(h, era, args);
    const view = "ui://greeting/view.html";
    const sum = (await h.core.dispatch("appCallTool", { sessionId: info.sessionId, view, name: "app-add", arguments: { a: 2, b: 3 } })) as { content: { text: string }[] };
    expect(sum.content[0]!.text).toBe("5");
    await expect(h.core.dispatch("appCallTool", { sessionId: info.sessionId, view, name: "model-only", arguments: {} })).rejects.toThrow(/MCP error -32602: The View may not call model-only: its _meta.ui.visibility leaves out "app"/);
    await expect(h.core.dispatch("appCallTool", { sessionId: info.sessionId, view, name: "nope", arguments: {} })).rejects.toThrow(/lists no tool named "nope"/);
    const { entries } = await h.core.dispatch("getLog", { sessionId: info.sessionId });
    const calls = entries.filter((e) => e.direction === "out" && e.method === "tools/call").map((e) => (e.payload as { params: { name: string } }).params.name);
    expect(calls).toEqual(["app-add"]);
    // AP8: the wire message says which View caused it.
    const wire = entries.find((e) => e.direction === "out" && e.method === "tools/call")!;
    expect(wire.remark).toBe("Sent for the MCP App ui://greeting/view.html (its tools/call through the bridge)");
    const refusals = entries.filter((e) => e.remark?.startsWith("MCP App bridge, host → app") && JSON.stringify(e.payload).includes("refused"));
    expect(refusals).toHaveLength(2);
  });

  it("issue 20: bridge messages are logged with their direction, apart from the wire's ids; a huge one by its start", async () => {
    const h = createHarness();
    const info = await connectApp(h, era, args);
    const view = "ui://greeting/view.html";
    await h.core.dispatch("logAppMessages", {
      sessionId: info.sessionId,
      view,
      messages: [
        { direction: "app→host", message: { jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {} } },
        { direction: "host→app", message: { jsonrpc: "2.0", id: 1, result: { protocolVersion: "2026-01-26" } } },
        { direction: "app→host", message: { jsonrpc: "2.0", method: "ui/notifications/size-changed", params: { pad: "x".repeat(200_000) } } },
        // What the sandbox proxy says itself is labelled so, not as the View's.
        { direction: "app→host", message: { jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} } },
        { direction: "app→host", message: { jsonrpc: "2.0", method: "inspector/view-report", params: { kind: "error", by: "sandbox", message: "boom" } } },
      ],
      dropped: 7,
    });
    const { entries } = await h.core.dispatch("getLog", { sessionId: info.sessionId });
    const bridge = entries.filter((e) => e.remark?.startsWith("MCP App bridge"));
    expect(bridge.map((e) => [e.direction, e.remark])).toEqual([
      ["in", "MCP App bridge, app → host ui/initialize (ui://greeting/view.html)"],
      ["out", "MCP App bridge, host → app (ui://greeting/view.html)"],
      ["in", "MCP App bridge, app → host ui/notifications/size-changed (ui://greeting/view.html)"],
      ["in", "MCP App bridge, sandbox → host ui/notifications/sandbox-proxy-ready (ui://greeting/view.html)"],
      ["in", "MCP App bridge, sandbox → host inspector/view-report (ui://greeting/view.html)"],
      ["in", "MCP App bridge, app → host (ui://greeting/view.html)"],
    ]);
    expect(bridge[0]!.payload).toEqual({ bridge: "app→host", view, message: { jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {} } });
    expect(bridge.every((e) => e.id === undefined && e.method === undefined)).toBe(true);
    expect(JSON.stringify(bridge[2]!.payload).length).toBeLessThan(10_000);
    expect(JSON.stringify(bridge[5]!.payload)).toContain("7 bridge messages were not logged");
  });
});

describe("MCP Apps: a View's calls go the way the user's do", () => {
  it("AP8: a View's tools/call on 2026-07-28 goes through the multi round-trip rounds the user answers, like a call from the Tools tab", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("modern/modern-server.mjs") });
    // interview has no _meta.ui: its visibility defaults to model and app, so a View may call it.
    const call = h.core.dispatch("appCallTool", { sessionId, view: "ui://any/view.html", name: "interview", arguments: {} });
    const name = await h.waitFor("pendingInputAdded", (p) => p.kind === "elicitation" && p.modern?.via === "mrtr");
    await h.core.dispatch("answerElicitation", { pendingInputId: name.id, action: "accept", content: { name: "Ada" } });
    const haiku = await h.waitFor("pendingInputAdded", (p) => p.kind === "sampling");
    await h.core.dispatch("approveSampling", { pendingInputId: haiku.id, result: { content: { type: "text", text: "old pond" }, model: "human" } });
    const result = (await call) as { content: { text: string }[]; inputRounds?: number };
    expect(result.content[0]!.text).toBe("Ada / old pond");
    expect(result.inputRounds).toBe(3);
  });
});

describe("MCP Apps: a flooding App and the session's log", () => {
  it("AP12: a View's 5,000-message flood, logged as the page sends it, leaves every earlier entry of the session's log; the App rows keep to their share and say what was dropped", async () => {
    const h = createHarness({ settings: { logLimit: 100 } });
    const info = await h.core.dispatch("connect", { server: fixtureServer("apps/hostile-app-server.mjs") });
    // The session's own history: the handshake, the tool list, the run and its View read from the server.
    await h.core.dispatch("listTools", { sessionId: info.sessionId });
    await h.core.dispatch("callTool", { sessionId: info.sessionId, name: "flood", arguments: {} });
    const view = "ui://hostile/flood.html";
    const read = (await h.core.dispatch("readResource", { sessionId: info.sessionId, uri: view })) as { contents: { text: string }[] };
    const before = (await h.core.dispatch("getLog", { sessionId: info.sessionId })).entries;
    expect(before.length).toBeGreaterThan(5);
    // What the flood View sends (its own text says so), in the batches the page logs them in.
    expect(read.contents[0]!.text).toContain("for (let i = 0; i < 5000; i++)");
    const flood = Array.from({ length: 5000 }, (_, i) => ({ direction: "app→host" as const, message: { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: `flood ${i}` } } }));
    for (let i = 0; i < flood.length; i += 200) await h.core.dispatch("logAppMessages", { sessionId: info.sessionId, view, messages: flood.slice(i, i + 200) });
    const after = (await h.core.dispatch("getLog", { sessionId: info.sessionId })).entries;
    expect(after.slice(0, before.length)).toEqual(before);
    const apps = after.filter((e) => e.app);
    expect(apps).toHaveLength(25);
    expect(apps.every((e) => e.remark?.startsWith("MCP App bridge, app → host notifications/message (ui://hostile/flood.html)"))).toBe(true);
    expect(apps.at(-1)!.app).toEqual({ dropped: 4975 });
    expect((apps.at(-1)!.payload as { message: { params: { data: string } } }).message.params.data).toBe("flood 4999");
    // The session goes on, its new messages logged beside the App's.
    await h.core.dispatch("ping", { sessionId: info.sessionId });
    const last = (await h.core.dispatch("getLog", { sessionId: info.sessionId })).entries;
    expect(last.slice(0, before.length)).toEqual(before);
    const own = last.filter((e) => !e.app);
    expect(own.length).toBeGreaterThan(before.length);
    expect(own.at(-1)!.seq).toBeGreaterThan(apps.at(-1)!.seq);
  });
});
