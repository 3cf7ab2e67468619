// @vitest-environment happy-dom
// The shell's `navigate` event (menu shortcut, clicked notification) opens the tab and brings the
// named item forward: a pending input's card gets focus; a client task's details open.
import "./setup.js";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { clientTask, elicitation, session } from "./fixtures.js";
import { renderApp, tabNamed } from "./renderApp.js";

describe("navigate events", () => {
  it("open the tab and focus the pending input a notification was about", async () => {
    const { bridge } = await renderApp({
      sessions: [session()],
      pendingInputs: [elicitation("e1", { message: "first" }), elicitation("e2", { message: "second" })],
    });
    bridge.emit({ type: "navigate", payload: { tab: "elicitations", itemId: "e2" } });
    expect(tabNamed("Elicitations").getAttribute("aria-selected")).toBe("true");
    const focused = document.activeElement as HTMLElement;
    expect(focused.tagName).toBe("ARTICLE");
    expect(focused.textContent).toContain("second");
  });

  it("open the Tasks tab with the named client task's details", async () => {
    const { bridge } = await renderApp({
      sessions: [session()],
      clientTasks: [clientTask("c1", { status: "completed", result: { content: [{ type: "text", text: "All done" }] } }), clientTask("c2")],
    });
    bridge.emit({ type: "navigate", payload: { tab: "tasks", itemId: "c1", sessionId: "s1" } });
    expect(tabNamed("Tasks").getAttribute("aria-selected")).toBe("true");
    expect(await screen.findByRole("region", { name: "Task c1" })).toBeTruthy();
    expect(screen.getByText("All done")).toBeTruthy();
  });
});
