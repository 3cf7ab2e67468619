// @vitest-environment happy-dom
// Readable errors (issue 13): a tool list or a run whose result failed the SDK's schema shows the core's
// one line, and the raw response it points at is one click away (a disclosure), whether the page holds
// that log entry already or has to ask the core for it.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { LogEntry } from "../../shared/types.js";
import { createFakeBridge, runToolsLikeTheCore } from "./fakeBridge.js";
import { clientTask, session, tool } from "./fixtures.js";
import { renderApp } from "./renderApp.js";

const LINE = "The server's tools/list response does not fit the MCP schema: tools.1.name: Invalid input: expected string, received number. Raw response: message #7 in the Logs tab.";
const rawEntry = (seq: number, method: string, payload: unknown): LogEntry => ({ seq, sessionId: "s1", direction: "in", time: "2026-11-25T00:00:00.000Z", method, id: 3, payload });

describe("readable errors", () => {
  it("a tool list that failed the schema keeps the tools it had, says one line, and opens the raw response from the core's log", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    let lists = 0;
    bridge.handle("listTools", () => {
      if (lists++ === 0) return { tools: [tool("echo")] };
      throw new Error(LINE);
    });
    bridge.handle("getLog", () => ({ entries: [rawEntry(7, "tools/list", { jsonrpc: "2.0", id: 3, result: { tools: [{ name: "ok" }, { name: 42 }] } })], stderr: [] }));
    await renderApp({ sessions: [session()] }, bridge);
    await screen.findByRole("button", { name: "echo" });
    await user.click(screen.getByRole("button", { name: "Refresh tools" }));

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(LINE)).toBeTruthy();
    // The list it had stays; the error does not replace it.
    expect(screen.getByRole("button", { name: "echo" })).toBeTruthy();
    expect(within(alert).queryByLabelText("Raw response, message #7")).toBeNull();
    await user.click(within(alert).getByText("Raw response (message #7)"));
    expect((await within(alert).findByLabelText("Raw response, message #7")).textContent).toContain('"name": 42');
    expect(bridge.callsOf("getLog")).toContainEqual({ sessionId: "s1" });
  });

  it("a tool list with a tool left out lists the others, with the one line and its raw response above them", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const problem = "The server's tools/list response does not fit the MCP schema: tools.1.name: Invalid input: expected string, received number. 1 of 3 tools left out; the others are listed. Raw response: message #7 in the Logs tab.";
    bridge.handle("listTools", () => ({ tools: [tool("echo"), tool("add")], problem }));
    bridge.handle("getLog", () => ({ entries: [rawEntry(7, "tools/list", { jsonrpc: "2.0", id: 3, result: { tools: [{ name: "echo" }, { name: 42 }, { name: "add" }] } })], stderr: [] }));
    await renderApp({ sessions: [session()] }, bridge);
    expect(await screen.findByRole("button", { name: "echo" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "add" })).toBeTruthy();
    const alert = within(screen.getByRole("region", { name: "Tool list" })).getByRole("alert");
    expect(within(alert).getByText(problem)).toBeTruthy();
    await user.click(within(alert).getByText("Raw response (message #7)"));
    expect((await within(alert).findByLabelText("Raw response, message #7")).textContent).toContain('"name": 42');
  });

  it("a run that failed the schema shows the raw response the page already holds, without asking the core", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("echo")] }));
    const line = "The server's tools/call response does not fit the MCP schema: content.0.data: Invalid input: expected string, received undefined. Raw response: message #12 in the Logs tab.";
    runToolsLikeTheCore(bridge, () => Promise.reject(new Error(line)));
    await renderApp({ sessions: [session()] }, bridge);
    bridge.emit({ type: "logEntry", payload: rawEntry(12, "tools/call", { jsonrpc: "2.0", id: 4, result: { content: [{ type: "image", mimeType: "image/png" }] } }) });
    await user.click(await screen.findByRole("button", { name: "echo" }));
    await user.click(screen.getByRole("button", { name: "Run" }));
    const run = await screen.findByRole("article", { name: "Run 1: echo" });
    const alert = await within(run).findByRole("alert");
    expect(within(alert).getByText(line)).toBeTruthy();
    const logReads = bridge.callsOf("getLog").length;
    await user.click(within(alert).getByText("Raw response (message #12)"));
    expect((await within(alert).findByLabelText("Raw response, message #12")).textContent).toContain('"mimeType": "image/png"');
    expect(bridge.callsOf("getLog").length).toBe(logReads);
  });

  it("a run as a task whose tasks/result failed the schema says the line on the run, with its raw response", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("slow", { execution: { taskSupport: "required" } })] }));
    runToolsLikeTheCore(bridge, () => ({ taskId: "task-1" }));
    await renderApp({ sessions: [session()] }, bridge);
    await user.click(await screen.findByRole("button", { name: "slow" }));
    await user.click(screen.getByRole("button", { name: "Run as task" }));
    const run = await screen.findByRole("article", { name: "Run 1: slow as task" });
    const pollError = "tasks/result failed: The server's tasks/result response does not fit the MCP schema: content.0.data: Invalid input: expected string, received undefined. Raw response: message #21 in the Logs tab.";
    bridge.emit(
      { type: "logEntry", payload: rawEntry(21, "tasks/result", { jsonrpc: "2.0", id: 9, result: { content: [{ type: "image", mimeType: "image/png" }] } }) },
      { type: "clientTaskChanged", payload: clientTask("task-1", { status: "completed", toolName: "slow", pollError }) },
    );
    expect(within(run).getByText(pollError)).toBeTruthy();
    await user.click(within(run).getByText("Raw response (message #21)"));
    expect((await within(run).findByLabelText("Raw response, message #21")).textContent).toContain('"mimeType": "image/png"');
  });

  it("an error without a raw response reference has no disclosure", async () => {
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => {
      throw new Error("MCP error -32601: Method not found");
    });
    await renderApp({ sessions: [session()] }, bridge);
    const alert = await screen.findByRole("alert");
    expect(within(alert).queryByText(/Raw response/)).toBeNull();
  });
});
