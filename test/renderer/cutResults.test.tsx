// @vitest-environment happy-dom
// Issue 19 in the page: a tool run whose result the core cut (older runs past the session's result
// budget) says so on its card, with the full size, and still shows what was kept; a live cut replaces it.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeBridge } from "./fakeBridge.js";
import { session, tool, toolRun } from "./fixtures.js";
import { renderApp } from "./renderApp.js";

describe("a cut tool run result", () => {
  it("the card says the result's full size and what was kept, and shows the kept start; a toolRunChanged that cuts a shown run updates it", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("big")] }));
    const whole = { content: [{ type: "text" as const, text: "whole result" }] };
    await renderApp({ sessions: [session({ serverCapabilities: { tools: {} } })], toolRuns: [toolRun(1, { toolName: "big", status: "done", result: whole, endedAt: 1 })] }, bridge);
    await user.click(await screen.findByRole("button", { name: "big" }));
    const card = screen.getByRole("article", { name: "Run 1: big" });
    expect(within(card).getByText("whole result")).toBeTruthy();
    expect(card.querySelector(".run-cut")).toBeNull();

    const kept = { content: [{ type: "text" as const, text: "rrrr… (4,194,304 characters)" }] };
    bridge.emit({ type: "toolRunChanged", payload: toolRun(1, { toolName: "big", status: "done", result: kept, endedAt: 1, cut: { bytes: 4 * 1024 * 1024 + 60, kept: 256 * 1024 } }) });
    const cutCard = screen.getByRole("article", { name: "Run 1: big" });
    expect(cutCard.querySelector(".run-cut")?.textContent).toBe('4.0 MB result: the first 256.0 KB kept; each cut is marked "…", to keep this session\'s tool runs within 64.0 MB.');
    expect(within(cutCard).getByText("rrrr… (4,194,304 characters)")).toBeTruthy();
  });
});
