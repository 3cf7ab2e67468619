// @vitest-environment happy-dom
// The Resources tab's lists say what they found: an empty list is said in words, and a server that does
// not know resources/templates/list (-32601) still shows its resources, with a note instead of an error.
import "./setup.js";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeBridge } from "./fakeBridge.js";
import { session } from "./fixtures.js";
import { renderApp, tabNamed } from "./renderApp.js";

const withResources = session({ serverCapabilities: { resources: {} } });

describe("Resources tab lists", () => {
  it("a server without resources/templates/list still shows its resources, and says it lists no templates", async () => {
    const bridge = createFakeBridge();
    bridge.handle("listResources", () => ({ resources: [{ uri: "demo://a", name: "Alpha" }] }));
    bridge.handle("listResourceTemplates", () => {
      throw new Error("MCP error -32601: Method not found");
    });
    const user = userEvent.setup();
    await renderApp({ sessions: [withResources] }, bridge);
    await user.click(tabNamed("Resources"));
    expect(await screen.findByRole("button", { name: "Read demo://a" })).toBeTruthy();
    expect(screen.getByText(/does not list resource templates/)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("any other templates failure is still shown as an error", async () => {
    const bridge = createFakeBridge();
    bridge.handle("listResourceTemplates", () => {
      throw new Error("MCP error -32603: Internal error");
    });
    const user = userEvent.setup();
    await renderApp({ sessions: [withResources] }, bridge);
    await user.click(tabNamed("Resources"));
    expect((await screen.findByRole("alert")).textContent).toMatch(/-32603/);
  });

  it("an empty resource list is said in words", async () => {
    const user = userEvent.setup();
    await renderApp({ sessions: [withResources] });
    await user.click(tabNamed("Resources"));
    expect(await screen.findByText("The server lists no resources.")).toBeTruthy();
  });
});
