// @vitest-environment happy-dom
// Issue 19 in the page: a tool run whose result the core cut (older runs past the session's result
// budget) says so on its card, with the full size, and still shows what was kept; a live cut replaces it.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeBridge } from "./fakeBridge.js";
import { TasksTab } from "../../renderer/src/tabs/tasks/TasksTab.js";
import { clientTask, elicitation, session, tool, toolRun } from "./fixtures.js";
import { renderWithStore } from "./renderWithStore.js";
import { renderApp, tabNamed } from "./renderApp.js";

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

describe("a cut pending input", () => {
  it("its context says the request's full size and what was kept; one kept whole says nothing of the kind", async () => {
    const user = userEvent.setup();
    const cut = elicitation("e1", { message: "eeee… (8,388,608 characters)", requestedSchema: { type: "object", properties: {} } }, { cut: { bytes: 8 * 1024 * 1024 + 90, kept: 64 * 1024 } });
    const whole = elicitation("e2", { message: "a small one", requestedSchema: { type: "object", properties: {} } });
    await renderApp({ sessions: [session()], pendingInputs: [cut, whole] });
    await user.click(tabNamed("Elicitations"));
    const kept = document.querySelectorAll(".pending-cut");
    expect(kept).toHaveLength(1);
    expect(kept[0]!.textContent).toBe('8.0 MB request: the first 64.0 KB kept; each cut is marked "…": this session\'s pending requests already held their budget.');
  });
});

describe("a cut client task result", () => {
  it("Task details say the result's full size and what was kept, above what was kept", async () => {
    const result = { content: [{ type: "text" as const, text: "kkkk… (6,291,456 characters)" }] };
    renderWithStore(<TasksTab />, { snapshot: { sessions: [session()], clientTasks: [clientTask("c1", { status: "completed", result, cut: { bytes: 6 * 1024 * 1024 + 50, kept: 256 * 1024 } })] } });
    await userEvent.setup().click(screen.getByRole("button", { name: "Details of task c1" }));
    const details = within(screen.getByRole("region", { name: "Task c1" }));
    expect(details.getByText('6.0 MB result: the first 256.0 KB kept; each cut is marked "…", to keep this session\'s task results within 64.0 MB.')).toBeTruthy();
    expect(details.getByText("kkkk… (6,291,456 characters)")).toBeTruthy();
  });
});

describe("a cut raw response", () => {
  it("the Raw response disclosure says the response's full size and what was kept, above its JSON", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const line = "The server's tools/list response does not fit the MCP schema: tools.1.name: Invalid input: expected string, received number. Raw response: message #7 in the Logs tab.";
    let lists = 0;
    bridge.handle("listTools", () => {
      if (lists++ === 0) return { tools: [tool("echo")] };
      throw new Error(line);
    });
    const entry = { seq: 7, sessionId: "s1", direction: "in" as const, time: new Date(0).toISOString(), method: "tools/list", payload: { jsonrpc: "2.0", id: 3, result: { tools: [{ name: "ok" }, "… (9,999 more items)"] } }, cut: { bytes: 5 * 1024 * 1024, kept: 256 * 1024 } };
    bridge.handle("getLog", () => ({ entries: [entry], stderr: [] }));
    await renderApp({ sessions: [session()] }, bridge);
    await user.click(await screen.findByRole("button", { name: "Refresh tools" }));
    const alert = await screen.findByRole("alert");
    await user.click(within(alert).getByText("Raw response (message #7)"));
    expect((await within(alert).findByLabelText("Raw response, message #7")).textContent).toContain("9,999 more items");
    expect(within(alert).getByText('5.0 MB response: the first 256.0 KB kept; each cut is marked "…"')).toBeTruthy();
  });
});
