// @vitest-environment happy-dom
// Logs tab: 100,000 protocol messages virtualised; filters by direction, method and task id; a
// message's JSON viewable; serverLog notifications and stderr shown.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { InspectorEvent } from "../../shared/contract.js";
import { DEFAULT_SETTINGS, type LogEntry } from "../../shared/types.js";
import { LogsTab } from "../../renderer/src/tabs/logs/LogsTab.js";
import { session } from "./fixtures.js";
import { renderWithStore } from "./renderWithStore.js";
import { STDERR_CHARS_KEPT } from "../../renderer/src/store/logSlice.js";
import { MessageLog } from "../../main/core/messageLog.js";

function logEntry(seq: number, direction: "in" | "out", message: Record<string, unknown>): InspectorEvent {
  const payload: LogEntry = { seq, sessionId: "s1", direction, time: new Date(0).toISOString(), payload: { jsonrpc: "2.0", ...message } };
  if (typeof message.method === "string") payload.method = message.method;
  if (typeof message.id === "number") payload.id = message.id;
  return { type: "logEntry", payload };
}

const settings = { type: "settingsChanged", payload: { ...DEFAULT_SETTINGS, logLimit: 200_000 } } as const;

describe("Logs tab", () => {
  it("100,000 entries: only the rows in view are in the DOM", () => {
    const events = Array.from({ length: 100_000 }, (_, i) => logEntry(i + 1, i % 2 ? "in" : "out", { method: "ping", id: i }));
    renderWithStore(<LogsTab />, { snapshot: { sessions: [session()] }, events: [settings, ...events] });
    const table = screen.getByRole("table", { name: "Protocol messages" });
    expect(table.getAttribute("aria-rowcount")).toBe("100001");
    expect(within(table).getAllByRole("row").length).toBeLessThan(60);
    expect(screen.getByText("100000 of 100000 messages")).toBeTruthy();
  });

  it("marks error replies with their code; a message the filter hides leaves the JSON panel with it", async () => {
    const user = userEvent.setup();
    renderWithStore(<LogsTab />, {
      snapshot: { sessions: [session()] },
      events: [
        logEntry(1, "out", { method: "tools/call", id: 1, params: { name: "x" } }),
        logEntry(2, "in", { id: 1, error: { code: -32602, message: "bad arguments" } }),
        logEntry(3, "out", { method: "ping", id: 2 }),
        logEntry(4, "in", { id: 2, result: {} }),
      ],
    });
    const table = screen.getByRole("table", { name: "Protocol messages" });
    const rows = within(table).getAllByRole("row");
    expect(rows[2]!.textContent).toContain("(response) · error -32602");
    expect(rows[4]!.textContent).not.toContain("error");
    await user.click(screen.getByRole("button", { name: "Show message 4 as JSON" }));
    expect(screen.getByLabelText("Message 4 JSON")).toBeTruthy();
    await user.type(screen.getByRole("textbox", { name: /Method/ }), "tools/");
    expect(screen.queryByLabelText("Message 4 JSON")).toBeNull();
  });

  it("filters by direction, method and task id, and shows a message as JSON", async () => {
    const user = userEvent.setup();
    renderWithStore(<LogsTab />, {
      snapshot: { sessions: [session()] },
      events: [
        logEntry(1, "out", { method: "tools/call", id: 1, params: { name: "x", task: { ttl: 1000 } } }),
        logEntry(2, "in", { id: 1, result: { task: { taskId: "task-A", status: "working" } } }),
        logEntry(3, "out", { method: "tasks/get", id: 2, params: { taskId: "task-A" } }),
        logEntry(4, "in", { method: "elicitation/create", id: 9, params: { message: "?", _meta: { "io.modelcontextprotocol/related-task": { taskId: "task-B" } } } }),
        { type: "serverLog", payload: { sessionId: "s1", level: "error", logger: "demo", data: "Something broke" } },
        { type: "stderrLine", payload: { sessionId: "s1", line: "listening on stdio" } },
      ],
    });
    const status = () => screen.getByText(/of 4 messages$/).textContent;
    expect(status()).toBe("4 of 4 messages");
    await user.selectOptions(screen.getByRole("combobox", { name: "Direction" }), "in");
    expect(status()).toBe("2 of 4 messages");
    await user.selectOptions(screen.getByRole("combobox", { name: "Direction" }), "all");
    await user.type(screen.getByRole("textbox", { name: "Method" }), "tasks/");
    expect(status()).toBe("1 of 4 messages");
    await user.clear(screen.getByRole("textbox", { name: "Method" }));
    await user.type(screen.getByRole("textbox", { name: "Task ID" }), "task-A");
    expect(status()).toBe("2 of 4 messages");
    await user.clear(screen.getByRole("textbox", { name: "Task ID" }));
    await user.type(screen.getByRole("textbox", { name: "Task ID" }), "task-B");
    expect(status()).toBe("1 of 4 messages");
    await user.click(screen.getByRole("button", { name: "Show message 4 as JSON" }));
    expect(screen.getByLabelText("Message 4 JSON").textContent).toContain('"io.modelcontextprotocol/related-task"');
    expect(screen.getByText("Something broke")).toBeTruthy();
    expect(screen.getByText("listening on stdio")).toBeTruthy();
  });
});

describe("issue 19: messages over the per-entry cap", () => {
  it("a cut message is flagged in its row and its JSON says its full size and what was kept; a cut server log says so too", async () => {
    const user = userEvent.setup();
    const cut: InspectorEvent = {
      type: "logEntry",
      payload: {
        seq: 1,
        sessionId: "s1",
        direction: "in",
        time: new Date(0).toISOString(),
        method: "notifications/message",
        payload: { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "xxxx… (4,194,304 characters)" } },
        cut: { bytes: 4 * 1024 * 1024, kept: 256 * 1024 },
      },
    };
    const serverLog: InspectorEvent = { type: "serverLog", payload: { sessionId: "s1", level: "info", data: "xxxx… (4,194,304 characters)", cut: { bytes: 4 * 1024 * 1024, kept: 16 * 1024 } } };
    renderWithStore(<LogsTab />, { snapshot: { sessions: [session()] }, events: [cut, serverLog] });
    const rows = within(screen.getByRole("table", { name: "Protocol messages" })).getAllByRole("row");
    expect(rows[1]!.textContent).toContain("notifications/message · cut");
    await user.click(screen.getByRole("button", { name: "Show message 1 as JSON" }));
    expect(screen.getByText('4.0 MB message: the first 256.0 KB kept; each cut is marked "…"')).toBeTruthy();
    expect(screen.getByRole("region", { name: "Server log" }).textContent).toContain('(4.0 MB data: the first 16.0 KB kept; each cut is marked "…"; the protocol log holds more of the message)');
  });
});

describe("a server that printed a lot on stderr", () => {
  it("the page keeps at most STDERR_CHARS_KEPT characters, the newest lines, and the Logs tab opens at once", () => {
    const line = (i: number) => `${String(i).padStart(6, "0")} ${"x".repeat(8 * 1024)}`;
    const lines = Array.from({ length: 5000 }, (_, i) => ({ type: "stderrLine" as const, payload: { sessionId: "s1", line: line(i) } }));
    renderWithStore(<LogsTab />, { snapshot: { sessions: [session()] }, events: lines });
    const shown = screen.getByRole("region", { name: "Server stderr" }).querySelector("pre")!.textContent!;
    expect(shown.length).toBeLessThanOrEqual(STDERR_CHARS_KEPT + 200);
    expect(shown.endsWith(line(4999))).toBe(true);
    expect(shown).not.toContain(line(0));
  });
});

describe("AP12: an App flooding its bridge", () => {
  it("the Logs tab keeps every earlier session message, the App rows to their share, and the App's rows say how many were dropped", async () => {
    const user = userEvent.setup();
    // Entries as main's log makes them, so the page's eviction is checked against the core's.
    const log = new MessageLog("s1", 40);
    const time = new Date(0).toISOString();
    const events: InspectorEvent[] = [{ type: "settingsChanged", payload: { ...DEFAULT_SETTINGS, logLimit: 40 } }];
    for (let i = 0; i < 10; i++) events.push({ type: "logEntry", payload: log.record("out", { jsonrpc: "2.0", id: i, method: "tools/list" }, i + 1, time) });
    for (let i = 0; i < 1000; i++) {
      const envelope = { bridge: "app→host", view: "ui://flood/view", message: { jsonrpc: "2.0", method: "ui/notifications/size-changed", params: { n: i } } };
      events.push({ type: "logEntry", payload: log.record("in", envelope, i + 11, time, undefined, undefined, { remark: "MCP App bridge", app: true }) });
    }
    renderWithStore(<LogsTab />, { snapshot: { sessions: [session()] }, events });
    expect(screen.getByText("20 of 20 messages")).toBeTruthy();
    const rows = within(screen.getByRole("table", { name: "Protocol messages" })).getAllByRole("row");
    expect(rows.slice(1, 11).map((r) => r.textContent?.includes("tools/list"))).toEqual(Array(10).fill(true));
    expect(rows[20]!.textContent).toContain("App: ui/notifications/size-changed · 990 App rows dropped");
    await user.click(screen.getByRole("button", { name: "Show message 1010 as JSON" }));
    expect(screen.getByText(/990 earlier App bridge rows were dropped: the Apps' share of this log \(a quarter of it\) is full/)).toBeTruthy();
  });
});
