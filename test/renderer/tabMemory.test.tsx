// @vitest-environment happy-dom
// What a tab showed outlives the tab: the last resource read and the last prompt result are still there
// after the user looks at another tab and comes back (like the typed arguments), and go with their session.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeBridge } from "./fakeBridge.js";
import { session } from "./fixtures.js";
import { renderApp, tabNamed } from "./renderApp.js";
import { createInspectorStore } from "../../renderer/src/store/inspectorStore.js";
import { draftKeys } from "../../renderer/src/store/draftsSlice.js";

describe("a tab's last result survives switching tabs", () => {
  it("the Resources tab still shows the last read after a visit to the Tools tab", async () => {
    const bridge = createFakeBridge();
    bridge.handle("listResources", () => ({ resources: [{ uri: "demo://a", name: "Alpha" }] }));
    bridge.handle("readResource", ({ uri }) => ({ contents: [{ uri, mimeType: "text/plain", text: "Alpha's words" }] }));
    const user = userEvent.setup();
    await renderApp({ sessions: [session({ serverCapabilities: { resources: {}, tools: {} } })] }, bridge);
    await user.click(tabNamed("Resources"));
    await user.click(await screen.findByRole("button", { name: "Read demo://a" }));
    expect(await screen.findByText("Alpha's words")).toBeTruthy();
    await user.click(tabNamed("Tools"));
    expect(screen.queryByText("Alpha's words")).toBeNull();
    await user.click(tabNamed("Resources"));
    expect(await screen.findByText("Alpha's words")).toBeTruthy();
    expect(bridge.callsOf("readResource")).toHaveLength(1);
  });

  it("the Prompts tab still shows the last result of its prompt, not of another", async () => {
    const bridge = createFakeBridge();
    bridge.handle("listPrompts", () => ({ prompts: [{ name: "greet" }, { name: "other" }] }));
    bridge.handle("getPrompt", ({ name }) => ({ messages: [{ role: "user", content: { type: "text", text: `Hello from ${name}` } }] }));
    const user = userEvent.setup();
    await renderApp({ sessions: [session({ serverCapabilities: { prompts: {} } })] }, bridge);
    await user.click(tabNamed("Prompts"));
    await user.click(await screen.findByRole("button", { name: "greet" }));
    await user.click(within(screen.getByRole("region", { name: "Prompt greet" })).getByRole("button", { name: "Get prompt" }));
    expect(await screen.findByText("Hello from greet")).toBeTruthy();
    await user.click(tabNamed("Logs"));
    await user.click(tabNamed("Prompts"));
    expect(await screen.findByText("Hello from greet")).toBeTruthy();
    // Another prompt does not show greet's result.
    await user.click(screen.getByRole("button", { name: "other" }));
    expect(screen.queryByText("Hello from greet")).toBeNull();
  });

  it("a removed session's drafts and kept results go with it; another session's stay", () => {
    const store = createInspectorStore();
    store.getState().setDraft(draftKeys.view("prompts", "result", "s1"), { prompt: "greet", result: {} });
    store.getState().setDraft(draftKeys.tool("s1", "echo"), { message: "typed" });
    store.getState().setDraft(draftKeys.view("resources", "read", "s2"), { uri: "demo://b" });
    store.getState().applyEvents([{ type: "sessionRemoved", payload: { sessionId: "s1" } }]);
    expect(Object.keys(store.getState().drafts)).toEqual([draftKeys.view("resources", "read", "s2")]);
  });
});
