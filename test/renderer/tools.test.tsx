// @vitest-environment happy-dom
// Tools tab and TASKS-SPEC Q1: "Run as task" only when the server advertises
// tasks.requests.tools.call and the tool's taskSupport allows it (forced when required); a run as a
// task follows its client task through events to its result; several runs may be in flight. Runs are
// the core's (issue 13): the page asks startToolRun and shows what toolRunChanged events say.
import "./setup.js";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { runModes } from "../../renderer/src/tabs/tools/taskModes.js";
import { createFakeBridge, runToolsLikeTheCore } from "./fakeBridge.js";
import { clientTask, session, tool } from "./fixtures.js";
import { renderApp } from "./renderApp.js";

const withTasks = session();
const withoutTasks = session({ serverCapabilities: { tools: {} } });
const support = (taskSupport?: "forbidden" | "optional" | "required"): Tool => tool("t", taskSupport ? { execution: { taskSupport } } : {});

describe("Q1: which run buttons a tool offers", () => {
  it("Q1: never a task without tasks.requests.tools.call; then taskSupport decides", () => {
    expect(runModes(withoutTasks, support("required"))).toEqual({ run: true, runAsTask: false });
    expect(runModes(withoutTasks, support("optional"))).toEqual({ run: true, runAsTask: false });
    expect(runModes(withTasks, support())).toEqual({ run: true, runAsTask: false });
    expect(runModes(withTasks, support("forbidden"))).toEqual({ run: true, runAsTask: false });
    expect(runModes(withTasks, support("optional"))).toEqual({ run: true, runAsTask: true });
    expect(runModes(withTasks, support("required"))).toEqual({ run: false, runAsTask: true });
  });

  it("Q1: the Tools tab shows exactly the allowed buttons", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({
      tools: [tool("plain"), tool("maybe", { execution: { taskSupport: "optional" } }), tool("must", { execution: { taskSupport: "required" } })],
    }));
    await renderApp({ sessions: [withTasks] }, bridge);
    const buttonsOf = async (name: string) => {
      await user.click(await screen.findByRole("button", { name }));
      const form = screen.getByRole("form", { name: `Arguments for ${name}` });
      return within(form)
        .getAllByRole("button")
        .map((b) => b.textContent)
        // Only the run buttons: the form's own controls (Reset, Edit as JSON) are not what Q1 decides.
        .filter((t) => t !== "Reset form" && t !== "Edit as JSON");
    };
    expect(await buttonsOf("plain")).toEqual(["Run"]);
    expect(await buttonsOf("maybe")).toEqual(["Run", "Run as task"]);
    expect(await buttonsOf("must")).toEqual(["Run as task"]);
  });
});

describe("running tools", () => {
  it("Run as task starts a run as a task (startToolRun, asTask) and the run follows the client task to its result", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({
      tools: [tool("simulate-research-query", { execution: { taskSupport: "required" }, inputSchema: { type: "object", properties: { topic: { type: "string" } }, required: ["topic"] } })],
    }));
    runToolsLikeTheCore(bridge, () => ({ taskId: "task-1" }));
    await renderApp({ sessions: [withTasks] }, bridge);
    await user.click(await screen.findByRole("button", { name: "simulate-research-query" }));
    await user.type(screen.getByLabelText("topic"), "tides");
    await user.type(screen.getByLabelText("Task ttl (ms, optional)"), "60000");
    await user.click(screen.getByRole("button", { name: "Run as task" }));
    expect(bridge.callsOf("startToolRun")).toEqual([{ sessionId: "s1", name: "simulate-research-query", arguments: { topic: "tides" }, asTask: true, ttl: 60000 }]);
    const run = await screen.findByRole("article", { name: "Run 1: simulate-research-query as task" });
    expect(await within(run).findByText("created")).toBeTruthy();
    expect(within(run).getByText("task task-1")).toBeTruthy();
    // Its state comes only from the core's events.
    bridge.emit({ type: "clientTaskChanged", payload: clientTask("task-1", { status: "working" }) });
    expect(within(run).getByText("working")).toBeTruthy();
    bridge.emit({ type: "clientTaskChanged", payload: clientTask("task-1", { status: "completed", result: { content: [{ type: "text", text: "Findings about tides" }] } }) });
    expect(within(run).getByText("completed")).toBeTruthy();
    expect(within(run).getByText("Findings about tides")).toBeTruthy();
  });

  it("Q6: several runs at once; each shows its own outcome, isError included, and a failure as an alert", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("echo", { inputSchema: { type: "object", properties: { message: { type: "string" } } } })] }));
    const pending: ((v: { result: { content: { type: "text"; text: string }[]; isError?: boolean } }) => void)[] = [];
    let calls = 0;
    runToolsLikeTheCore(bridge, () => {
      calls++;
      if (calls === 3) return Promise.reject(new Error("echo is not connected"));
      return new Promise((resolve) => pending.push(resolve));
    });
    await renderApp({ sessions: [withoutTasks] }, bridge);
    await user.click(await screen.findByRole("button", { name: "echo" }));
    await user.click(screen.getByRole("button", { name: "Run" }));
    await user.click(screen.getByRole("button", { name: "Run" }));
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(within(await screen.findByRole("article", { name: "Run 1: echo" })).getByText("running")).toBeTruthy();
    expect(within(await screen.findByRole("article", { name: "Run 3: echo" })).getByRole("alert").textContent).toContain("echo is not connected");
    pending[1]?.({ result: { content: [{ type: "text", text: "second" }], isError: true } });
    const second = screen.getByRole("article", { name: "Run 2: echo" });
    expect(await within(second).findByText("second")).toBeTruthy();
    expect(within(second).getByText(/isError: true/)).toBeTruthy();
    expect(within(screen.getByRole("article", { name: "Run 1: echo" })).getByText("running")).toBeTruthy();
  });

  it("the keyboard runs a tool: Enter in any field of a form of several, Ctrl+Enter anywhere", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const schema = { type: "object" as const, properties: { a: { type: "string" }, b: { type: "string" } } };
    bridge.handle("listTools", () => ({
      tools: [tool("pair", { inputSchema: schema }), tool("maybe", { inputSchema: schema, execution: { taskSupport: "optional" } }), tool("must", { inputSchema: schema, execution: { taskSupport: "required" } })],
    }));
    runToolsLikeTheCore(bridge, (params) => (params.asTask ? { taskId: "task-1" } : { result: { content: [{ type: "text", text: "ok" }] } }));
    await renderApp({ sessions: [withTasks] }, bridge);
    await user.click(await screen.findByRole("button", { name: "pair" }));
    // Two fields: without a submit button the browser would not send the form on Enter.
    await user.type(screen.getByLabelText("a"), "one{Enter}");
    expect(bridge.callsOf("startToolRun")).toEqual([{ sessionId: "s1", name: "pair", arguments: { a: "one" }, asTask: false }]);
    await user.type(screen.getByLabelText("b"), "two{Control>}{Enter}{/Control}");
    expect(bridge.callsOf("startToolRun").at(-1)).toEqual({ sessionId: "s1", name: "pair", arguments: { a: "one", b: "two" }, asTask: false });
    expect(screen.getByRole("button", { name: "Run" }).getAttribute("aria-keyshortcuts")).toBe("Control+Enter Meta+Enter");
    // A tool that may run as a task: Enter in the ttl, Run as task's own field, runs it as a task.
    await user.click(screen.getByRole("button", { name: "maybe" }));
    await user.type(screen.getByLabelText("a"), "four");
    await user.type(screen.getByLabelText("Task ttl (ms, optional)"), "60000{Enter}");
    expect(bridge.callsOf("startToolRun").at(-1)).toEqual({ sessionId: "s1", name: "maybe", arguments: { a: "four" }, asTask: true, ttl: 60000 });
    // A tool that must run as a task: its one button is the one the keys press.
    await user.click(screen.getByRole("button", { name: "must" }));
    await user.type(screen.getByLabelText("a"), "three{Enter}");
    expect(bridge.callsOf("startToolRun").at(-1)).toEqual({ sessionId: "s1", name: "must", arguments: { a: "three" }, asTask: true });
    expect(bridge.callsOf("startToolRun")).toHaveLength(4);
  });

  it("Enter and Ctrl+Enter run nothing while the session is not connected", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("pair", { inputSchema: { type: "object", properties: { a: { type: "string" }, b: { type: "string" } } } })] }));
    runToolsLikeTheCore(bridge, () => ({ result: { content: [{ type: "text", text: "ok" }] } }));
    await renderApp({ sessions: [withoutTasks] }, bridge);
    await user.click(await screen.findByRole("button", { name: "pair" }));
    act(() => bridge.emit({ type: "sessionChanged", payload: { ...withoutTasks, state: "disconnected", reason: "Disconnected by the user" } }));
    await screen.findByText("The session is disconnected; connect to run tools.");
    await user.type(screen.getByLabelText("a"), "one{Enter}{Control>}{Enter}{/Control}");
    expect(screen.getByRole("button", { name: "Run" }).hasAttribute("disabled")).toBe(true);
    expect(bridge.callsOf("startToolRun")).toEqual([]);
  });

  it("honest states: a result with isError says error, not done; the Runs list shows the selected tool's runs, all on request", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("echo"), tool("add")] }));
    runToolsLikeTheCore(bridge, (params) => ({ result: params.name === "echo" ? { content: [{ type: "text", text: "bad input" }], isError: true } : { content: [{ type: "text", text: "3" }] } }));
    await renderApp({ sessions: [withoutTasks] }, bridge);
    await user.click(await screen.findByRole("button", { name: "echo" }));
    await user.click(screen.getByRole("button", { name: "Run" }));
    const failed = await screen.findByRole("article", { name: "Run 1: echo" });
    expect(await within(failed).findByText("bad input")).toBeTruthy();
    expect(within(failed).getByText("error", { selector: ".status" })).toBeTruthy();
    expect(within(failed).queryByText("done")).toBeNull();
    expect(within(failed).getByText("the tool reported an error (isError)")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "add" }));
    const runs = screen.getByRole("region", { name: "Runs" });
    expect(within(runs).getByText("No runs of add yet.")).toBeTruthy();
    expect(within(runs).queryByRole("article", { name: "Run 1: echo" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Run" }));
    const ok = await within(runs).findByRole("article", { name: "Run 2: add" });
    expect(within(ok).getByText("done")).toBeTruthy();
    await user.click(within(runs).getByRole("button", { name: "Show all runs (1 of other tools)" }));
    expect(within(runs).getByRole("article", { name: "Run 1: echo" })).toBeTruthy();
    expect(within(runs).getByRole("heading", { name: "Runs of every tool" })).toBeTruthy();
    await user.click(within(runs).getByRole("button", { name: "Only add" }));
    expect(within(runs).queryByRole("article", { name: "Run 1: echo" })).toBeNull();
  });

  it("reloads the tool list when the server sends notifications/tools/list_changed", async () => {
    const bridge = createFakeBridge();
    let listed = [tool("first")];
    bridge.handle("listTools", () => ({ tools: listed }));
    await renderApp({ sessions: [withoutTasks] }, bridge);
    await screen.findByRole("button", { name: "first" });
    listed = [tool("first"), tool("added-later")];
    bridge.emit({
      type: "logEntry",
      payload: { seq: 1, sessionId: "s1", direction: "in", time: new Date(0).toISOString(), method: "notifications/tools/list_changed", payload: {} },
    });
    expect(await screen.findByRole("button", { name: "added-later" })).toBeTruthy();
    expect(bridge.callsOf("listTools")).toHaveLength(2);
  });
});
