// @vitest-environment happy-dom
// MCP Apps in the Tools tab (issue 20): App tools are marked (AP1) and tools whose visibility leaves out
// "model" are listed apart, without a Run button (AP2).
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeBridge } from "./fakeBridge.js";
import { session, tool, toolRun } from "./fixtures.js";
import { renderApp } from "./renderApp.js";
import { renderWithStore } from "./renderWithStore.js";
import type { InspectorEvent } from "../../shared/contract.js";
import { LogsTab } from "../../renderer/src/tabs/logs/LogsTab.js";

const VIEW = "ui://greeting/view.html";

describe("MCP Apps in the Tools tab", () => {
  it("AP1: App tools carry an App tag and name their View; the deprecated flat key is marked deprecated", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({
      tools: [tool("greet", { _meta: { ui: { resourceUri: VIEW } } }), tool("greet-old", { _meta: { "ui/resourceUri": VIEW } }), tool("plain")],
    }));
    await renderApp({ sessions: [session()] }, bridge);
    const list = screen.getByRole("region", { name: "Tool list" });
    const greet = await within(list).findByRole("button", { name: "greet" });
    expect(within(greet).getByText("App")).toBeTruthy();
    expect(within(within(list).getByRole("button", { name: "plain" })).queryByText("App")).toBeNull();
    await user.click(greet);
    const facts = document.querySelector<HTMLElement>('dl[aria-label="MCP App"]')!;
    expect(within(facts).getByText(VIEW)).toBeTruthy();
    expect(within(facts).getByText("the user and its App")).toBeTruthy();
    expect(within(facts).queryByText(/deprecated/)).toBeNull();
    await user.click(within(list).getByRole("button", { name: "greet-old" }));
    expect(screen.getByText(/deprecated _meta\["ui\/resourceUri"\]/)).toBeTruthy();
  });

  it('AP2: a tool whose visibility lacks "model" is listed apart as called by its App, with no Run', async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({
      tools: [tool("greet", { _meta: { ui: { resourceUri: VIEW } } }), tool("app-add", { _meta: { ui: { resourceUri: VIEW, visibility: ["app"] } } }), tool("plain")],
    }));
    await renderApp({ sessions: [session()] }, bridge);
    const list = screen.getByRole("region", { name: "Tool list" });
    const apart = await within(list).findByRole("list", { name: "Called by its App (1)" });
    expect(within(apart).getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual(["app-add"]);
    const ordinary = within(list).getAllByRole("list")[0]!;
    expect(within(ordinary).getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual(["greet", "plain"]);
    await user.click(within(apart).getByRole("button", { name: "app-add" }));
    const detail = screen.getByRole("region", { name: "Tool app-add" });
    expect(within(detail).getByRole("note").textContent).toMatch(/Called by its App/);
    expect(within(detail).queryByRole("button", { name: "Run" })).toBeNull();
    expect(within(detail).queryByRole("form")).toBeNull();
  });

  const UI = { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } } };
  const greetRun = toolRun(1, { toolName: "greet", status: "done", arguments: { name: "Ada" }, result: { content: [{ type: "text", text: "Hello, Ada!" }] } });

  it("AP3: a View the core cannot read is an error in place of the App, and the result is still shown", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("greet", { _meta: { ui: { resourceUri: VIEW } } })] }));
    bridge.handle("readAppView", () => {
      throw new Error('The View ui://greeting/view.html has mime type "text/html", not "text/html;profile=mcp-app"');
    });
    await renderApp({ sessions: [session({ sessionId: "s1", clientCapabilities: UI })], toolRuns: [greetRun], host: { folderPicker: false, appSandbox: "http://127.0.0.1:9" } }, bridge);
    await user.click(await screen.findByRole("button", { name: "greet" }));
    const panel = await screen.findByRole("region", { name: "App of greet" });
    expect((await within(panel).findByRole("alert")).textContent).toContain('The App could not be shown: The View ui://greeting/view.html has mime type "text/html"');
    expect(within(panel).queryByTitle("MCP App of greet")).toBeNull();
    expect(screen.getByText("Hello, Ada!")).toBeTruthy();
    expect(bridge.callsOf("readAppView")).toEqual([{ sessionId: "s1", toolName: "greet" }]);
  });

  it("AP17: the panel says the View's size and the setting that bounds it", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("greet", { _meta: { ui: { resourceUri: VIEW } } })] }));
    bridge.handle("readAppView", () => ({ uri: VIEW, toolName: "greet", html: "<p>hi</p>", encoding: "text", bytes: 4_336_789, ui: {}, csp: "default-src 'none'", cspNotes: [] }));
    await renderApp({ sessions: [session({ sessionId: "s1", clientCapabilities: UI })], toolRuns: [greetRun], host: { folderPicker: false, appSandbox: "http://127.0.0.1:9" } }, bridge);
    await user.click(await screen.findByRole("button", { name: "greet" }));
    const facts = await screen.findByRole("complementary", { name: "App state of greet" });
    expect((await within(facts).findByText(/^4\.1 MB/)).textContent).toBe('4.1 MB (4,336,789 bytes; the largest rendered is "Largest App View" in Settings)');
  });

  it("AP1: where the session did not advertise Apps, or the host has no sandbox, no View is read; the latter says why", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("greet", { _meta: { ui: { resourceUri: VIEW } } })] }));
    const { unmount } = await renderApp({ sessions: [session({ sessionId: "s1", clientCapabilities: {} })], toolRuns: [greetRun], host: { folderPicker: false, appSandbox: "http://127.0.0.1:9" } }, bridge);
    await user.click(await screen.findByRole("button", { name: "greet" }));
    await screen.findByText("Hello, Ada!");
    expect(screen.queryByRole("region", { name: "App of greet" })).toBeNull();
    unmount();
    const desktop = createFakeBridge();
    desktop.handle("listTools", () => ({ tools: [tool("greet", { _meta: { ui: { resourceUri: VIEW } } })] }));
    await renderApp({ sessions: [session({ sessionId: "s1", clientCapabilities: UI })], toolRuns: [greetRun], host: { folderPicker: true } }, desktop);
    await user.click(await screen.findByRole("button", { name: "greet" }));
    await screen.findByText("This tool has an MCP App, but this host has no sandbox to render Apps in.");
    expect(desktop.callsOf("readAppView")).toEqual([]);
    expect(bridge.callsOf("readAppView")).toEqual([]);
  });
});

describe("MCP Apps in the Logs tab", () => {
  const bridged = (seq: number, direction: "app→host" | "host→app", message: Record<string, unknown>): InspectorEvent => ({
    type: "logEntry",
    payload: { seq, sessionId: "s1", direction: direction === "app→host" ? "in" : "out", time: new Date(0).toISOString(), payload: { bridge: direction, view: "ui://v", message }, remark: "MCP App bridge" },
  });

  it("issue 20: a bridge message says its direction (app → host, host → app) and its own method, and the method filter finds it", async () => {
    const user = userEvent.setup();
    renderWithStore(<LogsTab />, {
      snapshot: { sessions: [session()] },
      events: [
        bridged(1, "app→host", { jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {} }),
        bridged(2, "host→app", { jsonrpc: "2.0", id: 1, result: {} }),
        { type: "logEntry", payload: { seq: 3, sessionId: "s1", direction: "out", time: new Date(0).toISOString(), method: "tools/call", id: 7, payload: { jsonrpc: "2.0", id: 7, method: "tools/call" } } },
        bridged(4, "host→app", { refused: "tools/call", name: "x", reason: "no" }),
      ],
    });
    const table = screen.getByRole("table", { name: "Protocol messages" });
    const rows = within(table).getAllByRole("row").map((r) => r.textContent ?? "");
    expect(rows[1]).toContain("app → host");
    expect(rows[1]).toContain("App: ui/initialize");
    expect(rows[2]).toContain("host → app");
    expect(rows[2]).toContain("App: (response)");
    expect(rows[3]).toContain("→ out");
    expect(rows[4]).toContain("App: refused tools/call");
    await user.type(screen.getByRole("textbox", { name: "Method" }), "ui/");
    expect(screen.getByText("1 of 4 messages")).toBeTruthy();
  });
});
