// @vitest-environment happy-dom
// Keyboard: tab shortcuts (Ctrl/Cmd+1..7, and Alt+1..7 for browsers that keep Ctrl+digit), arrow
// keys / Home / End inside the tablist, and a single tab stop for the tablist (roving tabindex).
import "./setup.js";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { session } from "./fixtures.js";
import { renderApp, tabNamed } from "./renderApp.js";

const selectedTab = () => screen.getAllByRole("tab").find((t) => t.getAttribute("aria-selected") === "true")?.getAttribute("aria-label");

describe("keyboard", () => {
  it("the tabs are named exactly Tools, Tasks, Sampling, Elicitations, Resources, Prompts, Logs, Checks, Collections", async () => {
    await renderApp();
    expect(screen.getAllByRole("tab").map((t) => t.getAttribute("aria-label"))).toEqual([
      "Tools",
      "Tasks",
      "Sampling",
      "Elicitations",
      "Resources",
      "Prompts",
      "Logs",
      "Checks",
      "Collections",
    ]);
  });

  it("Ctrl/Cmd+digit and Alt+digit switch tabs", async () => {
    const user = userEvent.setup();
    await renderApp({ sessions: [session()] });
    expect(selectedTab()).toBe("Tools");
    await user.keyboard("{Control>}2{/Control}");
    expect(selectedTab()).toBe("Tasks");
    expect(screen.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe(tabNamed("Tasks").id);
    await user.keyboard("{Meta>}4{/Meta}");
    expect(selectedTab()).toBe("Elicitations");
    // Option+7 on a Mac types "¶": the physical key is what counts.
    fireEvent.keyDown(window, { key: "¶", code: "Digit7", altKey: true });
    expect(selectedTab()).toBe("Logs");
    // Shift or no modifier does nothing; 0 is not a tab; 8 is Checks (issue 23), 9 Collections.
    await user.keyboard("3");
    await user.keyboard("{Control>}0{/Control}");
    expect(selectedTab()).toBe("Logs");
    await user.keyboard("{Control>}8{/Control}");
    expect(selectedTab()).toBe("Checks");
    await user.keyboard("{Control>}9{/Control}");
    expect(selectedTab()).toBe("Collections");
  });

  it("arrow keys, Home and End move through the tablist; only the selected tab is in the Tab order", async () => {
    const user = userEvent.setup();
    await renderApp();
    const tools = tabNamed("Tools");
    expect(screen.getAllByRole("tab").filter((t) => t.tabIndex === 0)).toEqual([tools]);
    tools.focus();
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(tabNamed("Tasks"));
    expect(selectedTab()).toBe("Tasks");
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(selectedTab()).toBe("Collections");
    await user.keyboard("{Home}");
    expect(selectedTab()).toBe("Tools");
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(tabNamed("Collections"));
  });

  it("the main controls are reachable with Tab", async () => {
    const user = userEvent.setup();
    await renderApp();
    const reached: string[] = [];
    for (let i = 0; i < 10; i++) {
      await user.tab();
      const el = document.activeElement as HTMLElement;
      reached.push(el.getAttribute("aria-label") ?? el.textContent ?? "");
    }
    expect(reached).toContain("Connect");
    expect(reached).toContain("Add server");
    expect(reached).toContain("Tools");
  });
});
