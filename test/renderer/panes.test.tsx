// @vitest-environment happy-dom
// The keyboard's way between the window's parts: F6 and Shift+F6 go round the servers sidebar, the tab bar,
// the open tab and the docked panel (only those shown); the first Tab stop skips the servers to the open tab.
import "./setup.js";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { session } from "./fixtures.js";
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
});
