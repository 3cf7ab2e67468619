// @vitest-environment happy-dom
// Issue 23: the Checks tab against a fake bridge: one area or all, the tools the user ticks sent as
// `calls`, every verdict and note rendered as text (a server's markup never becomes elements), and a
// message link that opens the Logs tab with that message shown and the Logs filter cleared.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { CheckReportView } from "../../shared/checks.js";
import { ChecksTab } from "../../renderer/src/tabs/checks/ChecksTab.js";
import { draftKeys } from "../../renderer/src/store/draftsSlice.js";
import type { TabId } from "../../renderer/src/app/tabs.js";
import { createFakeBridge } from "./fakeBridge.js";
import { session, tool } from "./fixtures.js";
import { renderWithStore } from "./renderWithStore.js";

const HOSTILE = `<img src=x onerror="window.__pwned=1">\u202e`;

function report(): CheckReportView {
  return {
    server: { name: HOSTILE, transport: "stdio" },
    era: "2025-11-25",
    checks: [
      { id: "lifecycle.ping", area: "lifecycle", title: "ping answers an empty result", severity: "error", rule: "the receiver MUST respond with {}", ok: true, detail: "ping answered {}", messages: [3, 4] },
      { id: "tools.name", area: "listings", title: "Tool names keep the spec's character rules", severity: "warning", rule: "SHOULD be 1 to 128", ok: false, detail: `"${HOSTILE}" is not 1–128 characters`, messages: [5] },
      { id: "results.content", area: "results", title: "Content items are well formed", severity: "error", rule: "content blocks", ok: false, detail: "an image block whose data is not base64", messages: [7, 8] },
      { id: "tasks.list", area: "tasks", title: "tasks/list pages to an end", severity: "error", rule: "R9", ok: null, detail: "does not declare tasks.list", messages: [] },
    ],
    passed: 1,
    failed: 2,
    skipped: 1,
    notes: [`Tools not called: "${HOSTILE}" (not readOnlyHint).`],
  };
}

describe("Checks tab", () => {
  it("runs one area with the ticked tools, and shows every verdict as text", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("runChecks", () => report());
    renderWithStore(<ChecksTab />, {
      bridge,
      snapshot: { sessions: [session()] },
      events: [],
    });
    // No tools listed in the store: nothing to tick; the area picker and the run button are there.
    await user.selectOptions(screen.getByRole("combobox", { name: "Area" }), "results");
    await user.click(screen.getByRole("button", { name: "Run Results checks" }));
    expect(bridge.callsOf("runChecks")).toEqual([{ sessionId: "s1", areas: ["results"] }]);
    const results = await screen.findByRole("region", { name: "Check results" });
    expect(within(results).getByRole("status").textContent).toContain("1 passed, 1 failed, 1 warning, 1 skipped");
    expect(within(results).getByText(/is not 1–128 characters/).textContent).toContain("<img src=x");
    expect(document.querySelector("img")).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    expect(within(results).getAllByText(/^(Passed|Failed|Warning|Skipped)$/).map((e) => e.textContent)).toEqual(["Passed", "Warning", "Failed", "Skipped"]);
  });

  it("a ticked tool that is not read-only goes with the run as a call, with the arguments of its form", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("runChecks", () => report());
    const { store } = renderWithStore(<ChecksTab />, { bridge, snapshot: { sessions: [session()] } });
    store.setState((s) => ({ toolsBySession: { ...s.toolsBySession, s1: { tools: [tool("write-file"), tool("read-it", { annotations: { readOnlyHint: true } })], loading: false, stale: false } } }));
    await user.click(await screen.findByText(/^Also allow the checks to call… \(0 of 1 ticked\)$/));
    expect(screen.queryByRole("checkbox", { name: "read-it" })).toBeNull();
    await user.click(screen.getByRole("checkbox", { name: "write-file" }));
    await user.click(screen.getByRole("button", { name: "Run all checks" }));
    // The tool's form (its schema has no fields) gives its arguments: an empty object.
    expect(screen.getByRole("group", { name: "Arguments for write-file" })).toBeTruthy();
    expect(bridge.callsOf("runChecks")).toEqual([{ sessionId: "s1", calls: [{ tool: "write-file", arguments: {} }] }]);
  });

  it("a message link opens the Logs tab with that message shown, its filter cleared", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("runChecks", () => report());
    const opened: TabId[] = [];
    const { store } = renderWithStore(<ChecksTab />, { bridge, snapshot: { sessions: [session()] }, onSelectTab: (tab) => opened.push(tab) });
    store.getState().setDraft(draftKeys.view("logs", "filter", "s1"), { direction: "out", method: "x", taskId: "" });
    await user.click(screen.getByRole("button", { name: "Run all checks" }));
    await user.click(await screen.findByRole("button", { name: "Show message 8 in the Logs tab" }));
    expect(opened).toEqual(["logs"]);
    expect(store.getState().drafts[draftKeys.view("logs", "shown", "s1")]).toBe(8);
    expect(store.getState().drafts[draftKeys.view("logs", "filter", "s1")]).toBeUndefined();
  });

  it("a disconnected session cannot run the checks, and says why", () => {
    renderWithStore(<ChecksTab />, { snapshot: { sessions: [session({ state: "disconnected" })] } });
    expect((screen.getByRole("button", { name: "Run all checks" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("The session is disconnected: connect it to run the checks.")).toBeTruthy();
  });
});
