// @vitest-environment happy-dom
// Issue 23: the Checks tab against a fake bridge: one area or all, the tools the user ticks sent as
// `calls`, every verdict and note rendered as text (a server's markup never becomes elements), and a
// message link that opens the Logs tab with that message shown and the Logs filter cleared.
import "./setup.js";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { CheckReportView } from "../../shared/checks.js";
import { ChecksTab } from "../../renderer/src/tabs/checks/ChecksTab.js";
import { draftKeys } from "../../renderer/src/store/draftsSlice.js";
import type { TabId } from "../../renderer/src/app/tabs.js";
import type { LogEntry } from "../../shared/types.js";
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

function logEntry(seq: number, payload: unknown = { jsonrpc: "2.0", id: seq, result: {} }): LogEntry {
  return { seq, sessionId: "s1", direction: "in", time: "2026-11-28T07:00:00.000Z", method: "tools/call", payload };
}

/** A report with the official suite's verdicts after ours, as the core merges them. */
function withSuite(): CheckReportView {
  const r = report();
  const suite: CheckReportView["checks"] = [
    { id: "conformance:ping/ping", area: "conformance", title: "Server responds to ping", severity: "error", rule: "@modelcontextprotocol/conformance scenario ping, check ping", ok: true, detail: "passed", messages: [], evidence: '{\n  "response": {}\n}' },
    {
      id: "conformance:tools-call-image/tools-call-image",
      area: "conformance",
      title: "Tool returns image content",
      severity: "warning",
      rule: "@modelcontextprotocol/conformance scenario tools-call-image",
      ok: false,
      detail: `expected failure (the suite's own tool): No image content found ${HOSTILE}`,
      messages: [],
      evidence: `{ "content": "${HOSTILE}" }`,
    },
    { id: "conformance:dns-rebinding-protection", area: "conformance", title: "Scenario dns-rebinding-protection", severity: "error", rule: "suite", ok: null, detail: "not run: it tests the HTTP transport", messages: [] },
  ];
  return { ...r, checks: [...r.checks, ...suite], passed: 2, failed: 3, skipped: 2 };
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
    // The page's log still holds message 8.
    store.setState({ logs: { s1: { entries: [logEntry(7), logEntry(8)], stderr: [], serverLogs: [] } } });
    await user.click(screen.getByRole("button", { name: "Run all checks" }));
    await user.click(await screen.findByRole("button", { name: "Show message 8 in the Logs tab" }));
    expect(opened).toEqual(["logs"]);
    expect(store.getState().drafts[draftKeys.view("logs", "shown", "s1")]).toBe(8);
    expect(store.getState().drafts[draftKeys.view("logs", "filter", "s1")]).toBeUndefined();
  });

  it("Hide skipped leaves the verdicts that say something; Failures only leaves the failures and keeps skipped hidden", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("runChecks", () => report());
    renderWithStore(<ChecksTab />, { bridge, snapshot: { sessions: [session()] } });
    await user.click(screen.getByRole("button", { name: "Run all checks" }));
    const results = await screen.findByRole("region", { name: "Check results" });
    const ids = () => [...results.querySelectorAll(".check-id")].map((e) => e.textContent);
    expect(ids()).toEqual(["lifecycle.ping", "tools.name", "results.content", "tasks.list"]);
    const hide = within(results).getByRole("checkbox", { name: "Hide skipped (1)" }) as HTMLInputElement;
    await user.click(hide);
    expect(ids()).toEqual(["lifecycle.ping", "tools.name", "results.content"]);
    await user.click(within(results).getByRole("checkbox", { name: "Failures only (2)" }));
    expect(ids()).toEqual(["tools.name", "results.content"]);
    expect([hide.checked, hide.disabled]).toEqual([true, true]);
    await user.click(within(results).getByRole("checkbox", { name: "Failures only (2)" }));
    await user.click(hide);
    expect(ids()).toEqual(["lifecycle.ping", "tools.name", "results.content", "tasks.list"]);
  });

  it("our verdicts stand in their areas, in the picker's order, each heading with its own counts; an area the filters empty is not shown", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const r = report();
    // A verdict of an earlier area that came last still goes under its area's heading, second.
    const framing: CheckReportView["checks"][number] = { id: "transport.framing", area: "transport", title: "Every message is JSON-RPC", severity: "error", rule: "framing", ok: true, detail: "12 messages", messages: [] };
    bridge.handle("runChecks", () => ({ ...r, checks: [...r.checks, framing], passed: 2 }));
    renderWithStore(<ChecksTab />, { bridge, snapshot: { sessions: [session()] } });
    await user.click(screen.getByRole("button", { name: "Run all checks" }));
    const results = await screen.findByRole("region", { name: "Check results" });
    const areas = () => [...results.querySelectorAll(".checks-area")].map((s) => s.getAttribute("aria-label"));
    expect(areas()).toEqual(["Lifecycle checks", "Transport checks", "Listings checks", "Results checks", "Tasks checks"]);
    const heading = (area: string) => within(within(results).getByRole("region", { name: `${area} checks` })).getByRole("heading").textContent;
    expect(heading("Transport")).toBe("Transport 1 passed");
    expect(heading("Results")).toBe("Results 1 failed");
    expect(heading("Listings")).toBe("Listings 1 warning");
    expect(heading("Tasks")).toBe("Tasks 1 skipped");
    expect(within(within(results).getByRole("region", { name: "Transport checks" })).getAllByRole("listitem")).toHaveLength(1);
    // The whole report's line still says every count, 0s too.
    expect(within(results).getByRole("status").textContent).toContain("2 passed, 1 failed, 1 warning, 1 skipped");
    await user.click(within(results).getByRole("checkbox", { name: "Hide skipped (1)" }));
    expect(areas()).toEqual(["Lifecycle checks", "Transport checks", "Listings checks", "Results checks"]);
    await user.click(within(results).getByRole("checkbox", { name: "Failures only (2)" }));
    expect(areas()).toEqual(["Listings checks", "Results checks"]);
  });

  it("a report where nothing passed or failed is not said in green", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const skipped = report().checks.filter((c) => c.ok === null);
    bridge.handle("runChecks", () => ({ ...report(), checks: skipped, passed: 0, failed: 0, skipped: skipped.length }));
    renderWithStore(<ChecksTab />, { bridge, snapshot: { sessions: [session()] } });
    await user.click(screen.getByRole("button", { name: "Run all checks" }));
    const results = await screen.findByRole("region", { name: "Check results" });
    expect(within(results).getByRole("status").querySelector(".check-skipped")?.textContent).toBe("0 passed, 0 failed, 0 warnings, 1 skipped");
    expect(results.querySelector(".check-passed")).toBeNull();
  });

  it("a disconnected session cannot run the checks, and says why", () => {
    renderWithStore(<ChecksTab />, { snapshot: { sessions: [session({ state: "disconnected" })] } });
    expect((screen.getByRole("button", { name: "Run all checks" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("The session is disconnected: connect it to run the checks.")).toBeTruthy();
  });

  it("the Conformance area runs the official suite alone; its verdicts are an area of their own, with what the suite saw", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("runChecks", () => withSuite());
    renderWithStore(<ChecksTab />, { bridge, snapshot: { sessions: [session()] } });
    await user.selectOptions(screen.getByRole("combobox", { name: "Area" }), "conformance");
    // Alone, the suite needs no "with the suite" box.
    expect(screen.queryByRole("checkbox", { name: "With the official conformance suite" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Run the conformance suite" }));
    expect(bridge.callsOf("runChecks")).toEqual([{ sessionId: "s1", areas: ["conformance"] }]);
    const suite = await screen.findByRole("region", { name: "Official conformance suite" });
    // Each verdict: its word, the suite's rule id, the detail; counts of the suite's own.
    expect(within(suite).getAllByText(/^(Passed|Failed|Warning|Skipped)$/).map((e) => e.textContent)).toEqual(["Passed", "Warning", "Skipped"]);
    expect(within(suite).getByText("conformance:tools-call-image/tools-call-image")).toBeTruthy();
    expect(within(suite).getByText(/1 passed, 0 failed, 1 warning, 1 skipped/)).toBeTruthy();
    expect(within(suite).queryByText("lifecycle.ping")).toBeNull();
    // The suite's evidence, as text (it quotes the server).
    const evidence = within(suite).getAllByText("Evidence: what the suite saw");
    expect(evidence).toHaveLength(2);
    await user.click(evidence[1]!);
    expect(within(suite).getByText(/"content": "<img src=x/)).toBeTruthy();
    expect(document.querySelector("img")).toBeNull();
    // The failures-only filter keeps the suite's failure, and drops its pass and its skip.
    await user.click(screen.getByRole("checkbox", { name: /^Failures only/ }));
    expect(within(suite).getAllByText(/^(Passed|Failed|Warning|Skipped)$/).map((e) => e.textContent)).toEqual(["Warning"]);
  });

  it("with the suite ticked, all areas run with it: ours first, then the suite's", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("runChecks", () => withSuite());
    renderWithStore(<ChecksTab />, { bridge, snapshot: { sessions: [session()] } });
    await user.click(screen.getByRole("checkbox", { name: "With the official conformance suite" }));
    expect(screen.getByText(/a stdio server's command is started again for each scenario/)).toBeTruthy();
    // The suite's expected failures, typed as the YAML of --expected-failures; the count says what is read.
    await user.click(screen.getByText("Expected failures (0 listed)"));
    const yaml = "server:\n  - tools-call-image # its own tool\n  - prompts-list\nclient:\n  - not-this-one";
    await user.type(screen.getByRole("textbox", { name: /^The suite's scenarios this server is known to fail/ }), yaml.replace(/[{[]/g, "$&$&"));
    expect(screen.getByText("Expected failures (2 listed)")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Run all checks" }));
    expect(bridge.callsOf("runChecks")).toEqual([{ sessionId: "s1", conformance: true, expectedFailures: yaml }]);
    const results = await screen.findByRole("region", { name: "Check results" });
    expect(within(results).getByRole("status").textContent).toContain("2 passed, 1 failed, 2 warnings, 2 skipped");
    const ids = [...results.querySelectorAll(".check-id")].map((e) => e.textContent);
    expect(ids.indexOf("tasks.list")).toBeLessThan(ids.indexOf("conformance:ping/ping"));
  });

  it("a cited message the log has dropped opens the report's own copy of it, not an empty Logs tab", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const copy = logEntry(8, { jsonrpc: "2.0", id: 8, result: { content: [{ type: "image", data: "not base64!" }] } });
    bridge.handle("runChecks", () => ({ ...report(), evidence: [logEntry(7), copy], evidenceLost: 1 }));
    const opened: TabId[] = [];
    const { store } = renderWithStore(<ChecksTab />, { bridge, snapshot: { sessions: [session()] }, onSelectTab: (tab) => opened.push(tab) });
    // The page's log has moved on: it holds 7, and 8 is gone.
    store.setState({ logs: { s1: { entries: [logEntry(7), logEntry(9)], stderr: [], serverLogs: [] } } });
    await user.click(screen.getByRole("button", { name: "Run all checks" }));
    expect(await screen.findByText(/1 cited message was not copied with the report/)).toBeTruthy();
    // Still in the log: the link goes to the Logs tab.
    expect(screen.getByRole("button", { name: "Show message 7 in the Logs tab" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Show message 8: the log no longer holds it, the report's copy" }));
    expect(opened).toEqual([]);
    const shown = await screen.findByRole("listitem", { name: "Message 8" });
    expect(within(shown).getByText(/no longer in the session's log: this is the report's copy/)).toBeTruthy();
    expect(within(shown).getByText(/"data": "not base64!"/)).toBeTruthy();
    // Its neighbour in the same verdict, still in the log, links there.
    await user.click(screen.getByRole("button", { name: "Show message 7 in the Logs tab (from its evidence)" }));
    expect(opened).toEqual(["logs"]);
    // A cited message kept by neither says so, without a link.
    expect(screen.getByText("#5 (not kept)")).toBeTruthy();
  });

  it("while the suite runs, the progress line names its scenario", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    let finish: (r: CheckReportView) => void = () => {};
    bridge.handle("runChecks", () => new Promise<CheckReportView>((resolve) => (finish = resolve)));
    renderWithStore(<ChecksTab />, { bridge, snapshot: { sessions: [session()] } });
    await user.click(screen.getByRole("checkbox", { name: "With the official conformance suite" }));
    await user.click(screen.getByRole("button", { name: "Run all checks" }));
    act(() => bridge.emit({ type: "checkProgress", payload: { sessionId: "s1", done: 3, total: 40, running: "lifecycle.ping" } }));
    expect(screen.getByText(/^Checking: 3 of 40 done, now lifecycle\.ping/)).toBeTruthy();
    act(() => bridge.emit({ type: "checkProgress", payload: { sessionId: "s1", done: 40, total: 40, running: "conformance: tools-list" } }));
    expect(screen.getByText(/^Our checks are done; now conformance: tools-list/)).toBeTruthy();
    await act(async () => finish(withSuite()));
    expect(await screen.findByRole("region", { name: "Official conformance suite" })).toBeTruthy();
  });

  it("the suite alone: its scenarios are the progress", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("runChecks", () => new Promise<CheckReportView>(() => {}));
    renderWithStore(<ChecksTab />, { bridge, snapshot: { sessions: [session()] } });
    await user.selectOptions(screen.getByRole("combobox", { name: "Area" }), "conformance");
    await user.click(screen.getByRole("button", { name: "Run the conformance suite" }));
    act(() => bridge.emit({ type: "checkProgress", payload: { sessionId: "s1", done: 0, total: 0, running: "conformance: ping" } }));
    expect(screen.getByText(/^Now conformance: ping/)).toBeTruthy();
  });
});
