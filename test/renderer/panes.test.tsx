// @vitest-environment happy-dom
// The keyboard's way between the window's parts: F6 and Shift+F6 go round the servers sidebar, the tab bar,
// the open tab and the docked panel (only those shown); the first Tab stop skips the servers to the open tab.
// Ctrl/Cmd+F goes to the search box of the part the focus is in.
import "./setup.js";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { createFakeBridge } from "./fakeBridge.js";
import { session, tool } from "./fixtures.js";
import { renderApp } from "./renderApp.js";

afterEach(() => localStorage.clear());

/** Which part holds the focus ("servers", "tabbar", "tab", "dock"), and what it is. */
function focusIn(): string {
  const active = document.activeElement as HTMLElement | null;
  const pane = active?.closest("[data-pane]")?.getAttribute("data-pane") ?? "none";
  const name = active?.getAttribute("aria-label") ?? active?.getAttribute("role") ?? active?.textContent ?? "";
  return `${pane}: ${name.trim()}`;
}

describe("moving between the window's parts", () => {
  it("F6 goes round the sidebar, the tab bar, the open tab and the docked panel; Shift+F6 goes back; a hidden sidebar is passed over", async () => {
    const user = userEvent.setup();
    await renderApp({ sessions: [session({ sessionId: "s1", state: "connected" })] });
    await user.keyboard("{Control>}j{/Control}"); // the docked panel open
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      await user.keyboard("{F6}");
      seen.push(focusIn());
    }
    // On the server of the open session, the selected tab, the panel itself, the view the docked panel shows.
    expect(seen).toEqual(["servers: Everything (demo)", "tabbar: Tools", "tab: tabpanel", "dock: Logs", "servers: Everything (demo)"]);
    await user.keyboard("{Shift>}{F6}{/Shift}");
    expect(focusIn().split(":")[0]).toBe("dock");
    expect((document.activeElement as HTMLElement).getAttribute("aria-pressed")).toBe("true");
    await user.keyboard("{Shift>}{F6}{/Shift}");
    expect(focusIn()).toBe("tab: tabpanel");
    // Ctrl+B hides the sidebar: F6 no longer stops there.
    await user.keyboard("{Control>}b{/Control}");
    const round: string[] = [];
    for (let i = 0; i < 3; i++) {
      await user.keyboard("{F6}");
      round.push(focusIn().split(":")[0]!);
    }
    expect(round).toEqual(["dock", "tabbar", "tab"]);
  });

  it("the first Tab stop is 'Skip to the open tab', which puts the focus on the open tab", async () => {
    const user = userEvent.setup();
    await renderApp({ sessions: [session()] });
    await user.tab();
    const skip = screen.getByRole("link", { name: "Skip to the open tab" });
    expect(document.activeElement).toBe(skip);
    await user.keyboard("{Enter}");
    expect(document.activeElement).toBe(screen.getByRole("tabpanel"));
  });

  it("Ctrl+F goes to the search box of the part the focus is in: the tool filter from the tab bar, the Logs' search in the docked panel; pressed again, the browser's own find", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("echo"), tool("add")] }));
    await renderApp({ sessions: [session({ sessionId: "s1", state: "connected" })] }, bridge);
    const toolFilter = (await screen.findByRole("searchbox", { name: /^Filter tools by/ })) as HTMLInputElement;
    await user.type(toolFilter, "ec");
    await user.click(screen.getByRole("tab", { name: /^Tools/ }));
    const pressed = () => {
      const event = new KeyboardEvent("keydown", { key: "f", ctrlKey: true, bubbles: true, cancelable: true });
      (document.activeElement ?? document.body).dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(pressed()).toBe(true);
    expect(document.activeElement).toBe(toolFilter);
    // What was typed is selected, so typing replaces it.
    expect([toolFilter.selectionStart, toolFilter.selectionEnd]).toEqual([0, 2]);
    // Pressed again in the box: left to the browser (its find bar), not taken.
    expect(pressed()).toBe(false);

    // In the docked panel, its own search: the Logs'.
    await user.keyboard("{Control>}j{/Control}");
    const dock = screen.getByRole("region", { name: "Docked panel" });
    await user.click(within(dock).getByRole("button", { name: "Logs" }));
    expect(pressed()).toBe(true);
    expect(document.activeElement).toBe(within(dock).getByRole("searchbox", { name: "Search in payloads" }));

    // In a dialog the key is not taken: the focus stays in it.
    await user.click(screen.getByRole("button", { name: "Settings" }));
    const settings = await screen.findByRole("dialog");
    await waitFor(() => expect(settings.contains(document.activeElement)).toBe(true));
    expect(pressed()).toBe(false);
    expect(settings.contains(document.activeElement)).toBe(true);
  });
});
