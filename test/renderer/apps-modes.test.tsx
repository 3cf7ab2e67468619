// @vitest-environment happy-dom
// MCP App display modes (AP10) and permissions (AP6) in the App panel. The View is played by the test: its
// messages come from the proxy frame's window, as the sandbox proxy relays them, and what the host sends it
// is read off that window's postMessage.
import "./setup.js";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { displayModeFor, permissionFeatures } from "../../shared/apps.js";
import type { AppView } from "../../shared/appView.js";
import { forgetAllowedPermissions } from "../../renderer/src/apps/appPermissions.js";
import { createFakeBridge } from "./fakeBridge.js";
import { session, tool, toolRun } from "./fixtures.js";
import { renderApp } from "./renderApp.js";

const VIEW = "ui://studio/view.html";
const UI = { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } } };
const SANDBOX = "http://127.0.0.1:9";

afterEach(() => forgetAllowedPermissions());

// happy-dom gives an iframe no window: each App frame gets a stand-in the test plays the View through.
const frameWindows = new WeakMap<HTMLIFrameElement, { postMessage(message: unknown, target?: string): void }>();
Object.defineProperty(HTMLIFrameElement.prototype, "contentWindow", {
  configurable: true,
  get(this: HTMLIFrameElement) {
    if (!frameWindows.has(this)) frameWindows.set(this, { postMessage: () => {} });
    return frameWindows.get(this);
  },
});

function studioView(permissions: AppView["ui"]["permissions"] = {}): AppView {
  return { uri: VIEW, toolName: "studio", html: "<p>studio</p>", encoding: "text", ui: { permissions }, csp: "default-src 'none'", cspNotes: [] };
}

/** The View's side of the bridge: what the host sent, and a way to send as the View. */
function playView(frame: HTMLIFrameElement) {
  const proxy = frame.contentWindow!;
  const sent: { method?: string; id?: number; params?: Record<string, unknown>; result?: Record<string, unknown> }[] = [];
  proxy.postMessage = ((message: unknown) => {
    sent.push(message as never);
  }) as never;
  // The bridge handles a message a few promise turns after the event: the act scope stays open until the
  // next task, so the panel's state changes it causes happen inside it.
  const send = (message: Record<string, unknown>) =>
    act(async () => {
      window.dispatchEvent(new MessageEvent("message", { data: { jsonrpc: "2.0", ...message }, source: proxy as never, origin: SANDBOX }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  const answer = async (id: number) => {
    await waitFor(() => expect(sent.find((m) => m.id === id && m.result)).toBeTruthy());
    return sent.find((m) => m.id === id && m.result)!.result!;
  };
  return { sent, send, answer };
}

async function showStudio(view: AppView, serverId = "srv-1") {
  const bridge = createFakeBridge();
  bridge.handle("listTools", () => ({ tools: [tool("studio", { _meta: { ui: { resourceUri: VIEW } } }), tool("plain")] }));
  bridge.handle("readAppView", () => view);
  const run = toolRun(1, { toolName: "studio", status: "done", arguments: {}, result: { content: [{ type: "text", text: "studio ready" }] } });
  await renderApp({ sessions: [session({ sessionId: "s1", serverId, clientCapabilities: UI })], toolRuns: [run], host: { folderPicker: false, appSandbox: SANDBOX } }, bridge);
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "studio" }));
  const panel = await screen.findByRole("region", { name: "App of studio" });
  const frame = await within(panel).findByTitle<HTMLIFrameElement>("MCP App of studio");
  return { bridge, user, panel, frame };
}

async function initialize(view: ReturnType<typeof playView>, availableDisplayModes?: string[]) {
  await view.send({ id: 1, method: "ui/initialize", params: { protocolVersion: "2026-01-26", appInfo: { name: "studio", version: "1" }, appCapabilities: availableDisplayModes ? { availableDisplayModes } : {} } });
  const result = await view.answer(1);
  await view.send({ method: "ui/notifications/initialized", params: {} });
  return result as { hostContext: { displayMode: string; availableDisplayModes: string[] }; hostCapabilities: { sandbox: { permissions: Record<string, unknown> } } };
}

describe("AP10: display modes", () => {
  it("AP10: the mode set is one the host offers and the View declared, inline otherwise", () => {
    expect(displayModeFor("fullscreen", ["inline", "fullscreen"], "inline")).toBe("fullscreen");
    expect(displayModeFor("pip", ["inline", "fullscreen"], "inline")).toBe("inline");
    expect(displayModeFor("pip", undefined, "fullscreen")).toBe("fullscreen");
    expect(displayModeFor("theatre", ["theatre"], "inline")).toBe("inline");
    // A previewed host that offers only inline (a narrow card) refuses full screen, whatever the View declared.
    expect(displayModeFor("fullscreen", ["inline", "fullscreen"], "inline", ["inline"])).toBe("inline");
    expect(displayModeFor("fullscreen", ["inline", "fullscreen"], "inline", ["inline", "fullscreen"])).toBe("fullscreen");
    expect(displayModeFor("inline", [], "pip")).toBe("inline");
    expect(displayModeFor({ toString: () => "pip" }, ["pip"], "inline")).toBe("inline");
  });

  it("AP10: hostContext offers inline, fullscreen and pip; fullscreen is answered, set, told by host-context-changed, and left by Escape or Exit full screen", async () => {
    const { panel, frame, user } = await showStudio(studioView());
    const view = playView(frame);
    const init = await initialize(view, ["inline", "fullscreen", "pip"]);
    expect(init.hostContext.displayMode).toBe("inline");
    expect(init.hostContext.availableDisplayModes).toEqual(["inline", "fullscreen", "pip"]);
    await waitFor(() => expect(within(panel).getByRole("status").textContent).toBe("initialized"));

    await view.send({ id: 2, method: "ui/request-display-mode", params: { mode: "fullscreen" } });
    expect(await view.answer(2)).toEqual({ mode: "fullscreen" });
    const bar = await screen.findByRole("toolbar", { name: "App in full screen" });
    expect(panel.className).toContain("mode-fullscreen");
    await waitFor(() => expect(view.sent.some((m) => m.method === "ui/notifications/host-context-changed" && m.params?.displayMode === "fullscreen")).toBe(true));
    const exit = within(bar).getByRole("button", { name: "Exit full screen" });
    expect(document.activeElement).toBe(exit);

    fireEvent.keyDown(window, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("toolbar", { name: "App in full screen" })).toBeNull());
    expect(panel.className).toContain("mode-inline");
    await waitFor(() => expect(view.sent.some((m) => m.method === "ui/notifications/host-context-changed" && m.params?.displayMode === "inline")).toBe(true));

    await view.send({ id: 3, method: "ui/request-display-mode", params: { mode: "fullscreen" } });
    await view.answer(3);
    await user.click(await screen.findByRole("button", { name: "Exit full screen" }));
    expect(screen.queryByRole("toolbar", { name: "App in full screen" })).toBeNull();
    expect(within(panel).getByText(/^inline · \d+ px high$/)).toBeTruthy();
  });

  it("AP10: a View that asks for full screen again each time it is left can always be closed from the full screen bar", async () => {
    const { panel, frame, user } = await showStudio(studioView());
    const view = playView(frame);
    await initialize(view, ["fullscreen"]);
    for (const id of [2, 3]) {
      await view.send({ id, method: "ui/request-display-mode", params: { mode: "fullscreen" } });
      await view.answer(id);
      await screen.findByRole("toolbar", { name: "App in full screen" });
      if (id === 2) fireEvent.keyDown(window, { key: "Escape" });
    }
    const bar = screen.getByRole("toolbar", { name: "App in full screen" });
    await user.click(within(bar).getByRole("button", { name: "Close App" }));
    await within(panel).findByText(/^App closed\. Closed by you; the View did not answer ui\/resource-teardown in time\.$/);
    expect(screen.queryByRole("toolbar")).toBeNull();
    expect(within(panel).queryByTitle("MCP App of studio")).toBeNull();
  });

  it("AP10: a mode the View did not declare is never set: answered with the mode it has, and the panel says why", async () => {
    const { panel, frame } = await showStudio(studioView());
    const view = playView(frame);
    await initialize(view, ["inline", "pip"]);
    await view.send({ id: 2, method: "ui/request-display-mode", params: { mode: "fullscreen" } });
    expect(await view.answer(2)).toEqual({ mode: "inline" });
    expect(screen.queryByRole("toolbar")).toBeNull();
    await within(panel).findByText("ui/request-display-mode fullscreen: not declared in the View's availableDisplayModes, or not offered; stays inline");
    expect(view.sent.some((m) => m.method === "ui/notifications/host-context-changed" && m.params?.displayMode)).toBe(false);
  });

  it("AP10: pip floats with Back to inline and Close App; it stays while the user opens another tab, and Back to inline brings the user back to it", async () => {
    const { frame, user } = await showStudio(studioView());
    const view = playView(frame);
    await initialize(view, ["inline", "pip"]);
    await view.send({ id: 2, method: "ui/request-display-mode", params: { mode: "pip" } });
    expect(await view.answer(2)).toEqual({ mode: "pip" });
    const pip = await screen.findByRole("toolbar", { name: "App in picture in picture" });
    expect(screen.getByText("The App of studio floats in the corner of the window (picture in picture).")).toBeTruthy();
    // Another tool's runs are listed: the floating App's run stays, out of sight, and keeps floating.
    await user.click(within(screen.getByRole("region", { name: "Tool list" })).getByRole("button", { name: "plain" }));
    expect(frame.isConnected).toBe(true);
    expect(frame.closest(".tab-kept")).not.toBeNull();
    expect(screen.getByRole("toolbar", { name: "App in picture in picture" })).toBe(pip);
    await user.click(within(pip).getByRole("button", { name: "Back to inline" }));
    // Back inline, it is listed in sight (among plain's runs) rather than dropped.
    expect(frame.isConnected).toBe(true);
    expect(frame.closest(".tab-kept")).toBeNull();
    await user.click(within(screen.getByRole("region", { name: "Tool list" })).getByRole("button", { name: "studio" }));
    await view.send({ id: 3, method: "ui/request-display-mode", params: { mode: "pip" } });
    expect(await view.answer(3)).toEqual({ mode: "pip" });
    await user.click(screen.getByRole("tab", { name: /Logs/ }));
    // The same frame, still there (the Tools tab is kept, hidden, under the Logs tab).
    expect(frame.isConnected).toBe(true);
    const again = screen.getByRole("toolbar", { name: "App in picture in picture" });
    expect(frame.closest(".tab-kept")).not.toBeNull();
    await user.click(within(again).getByRole("button", { name: "Back to inline" }));
    expect(screen.getByRole("tab", { name: /Tools/ }).getAttribute("aria-selected")).toBe("true");
    expect(frame.isConnected).toBe(true);
    expect(frame.closest(".tab-kept")).toBeNull();
    await waitFor(() => expect(view.sent.some((m) => m.method === "ui/notifications/host-context-changed" && m.params?.displayMode === "inline")).toBe(true));
  });
});

describe("AP6: permissions", () => {
  it("AP6: the features a proxy URL names are the four known ones only", () => {
    expect(permissionFeatures("clipboard-write,camera,usb,microphone")).toEqual(["camera", "microphone", "clipboard-write"]);
    expect(permissionFeatures(null)).toEqual([]);
  });

  it("AP6: none by default (no allow list, nothing in hostCapabilities.sandbox); allowed for the server, the View is reloaded with exactly what it declared; Withdraw takes it back", async () => {
    const { panel, frame, user } = await showStudio(studioView({ clipboardWrite: true, camera: true }));
    expect(frame.getAttribute("allow")).toBeNull();
    expect(new URL(frame.src).searchParams.get("allow")).toBeNull();
    const first = await initialize(playView(frame));
    expect(first.hostCapabilities.sandbox.permissions).toEqual({});
    const ask = within(panel).getByRole("group", { name: "Permissions the App asks for" });
    expect(ask.textContent).toContain("The View asks for camera, clipboard-write. None is allowed.");

    await user.click(within(ask).getByRole("button", { name: "Allow for this server" }));
    const reloaded = await within(panel).findByTitle<HTMLIFrameElement>("MCP App of studio");
    expect(reloaded).not.toBe(frame);
    expect(reloaded.getAttribute("allow")).toBe("camera; clipboard-write");
    expect(new URL(reloaded.src).searchParams.get("allow")).toBe("camera,clipboard-write");
    const second = await initialize(playView(reloaded));
    expect(second.hostCapabilities.sandbox.permissions).toEqual({ camera: {}, clipboardWrite: {} });
    expect(ask.textContent).toContain("Allowed for this server until you quit: camera, clipboard-write.");

    await user.click(within(ask).getByRole("button", { name: "Withdraw" }));
    const again = await within(panel).findByTitle<HTMLIFrameElement>("MCP App of studio");
    await waitFor(() => expect(again.getAttribute("allow")).toBeNull());
  });

  it("AP6: what the user allowed is remembered per server entry: another entry's App still gets nothing", async () => {
    const { frame: a, user } = await showStudio(studioView({ clipboardWrite: true }), "srv-a");
    await user.click(screen.getByRole("button", { name: "Allow for this server" }));
    await waitFor(() => expect(screen.getByTitle("MCP App of studio").getAttribute("allow")).toBe("clipboard-write"));
    expect(a.isConnected).toBe(false);
    cleanup();
    const { frame: b } = await showStudio(studioView({ clipboardWrite: true }), "srv-b");
    expect(b.getAttribute("allow")).toBeNull();
  });
});
