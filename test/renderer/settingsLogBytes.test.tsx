// @vitest-environment happy-dom
// Issue 19 in the page: the message log's byte budget and per-entry cap are settings, shown in MB and KB
// with their defaults explained, and saved in bytes.
import "./setup.js";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../shared/types.js";
import { session } from "./fixtures.js";
import { renderApp } from "./renderApp.js";

describe("settings: the message log's byte bounds (issue 19)", () => {
  it("the budget is shown in MB and the cap in KB with their defaults, and saved in bytes (decimals allowed, nonsense refused)", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({ sessions: [session()], settings: DEFAULT_SETTINGS });
    bridge.handle("updateSettings", (patch) => ({ ...DEFAULT_SETTINGS, ...patch }));
    await user.click(screen.getByText("Settings"));
    const budget = screen.getByLabelText("Message log budget (MB)") as HTMLInputElement;
    const cap = screen.getByLabelText("Largest logged message (KB)") as HTMLInputElement;
    expect(budget.value).toBe("64");
    expect(cap.value).toBe("256");
    expect(document.getElementById(budget.getAttribute("aria-describedby")!)?.textContent).toMatch(/^Per session, at most 256 MB: the oldest messages leave .*\. Default: 64 MB$/);
    expect(document.getElementById(cap.getAttribute("aria-describedby")!)?.textContent).toMatch(/^A bigger message is logged as a cut that says its full size.*\. Default: 256 KB$/);
    await user.clear(cap);
    await user.type(cap, "lots");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(screen.getByRole("alert").textContent).toContain("Largest logged message (KB) must be a number");
    expect(bridge.callsOf("updateSettings")).toEqual([]);
    await user.clear(cap);
    await user.type(cap, "64");
    await user.clear(budget);
    await user.type(budget, "1.5");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(bridge.callsOf("updateSettings")).toEqual([expect.objectContaining({ logBudgetBytes: 1.5 * 1024 * 1024, logEntryMaxBytes: 64 * 1024 })]);
  });
});
