// @vitest-environment happy-dom
// Issue 13 in the page: a running run shows a progress bar (filling when the server gives a total,
// indeterminate otherwise) with the server's message, and a Cancel button that asks the core; a cancelled
// run says "cancelled" and when, not an error; runs and withdrawn notes come back from getSnapshot after a
// reload, and dismissing notes tells the core; the settings panel edits both time-outs.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../shared/types.js";
import { createFakeBridge } from "./fakeBridge.js";
import { clientTask, elicitation, session, T0, tool, toolRun } from "./fixtures.js";
import { formatInstant } from "../../renderer/src/util/time.js";
import { renderApp, tabNamed } from "./renderApp.js";

const plain = session({ serverCapabilities: { tools: {} } });

async function showTool(name: string, runs: ReturnType<typeof toolRun>[]) {
  const user = userEvent.setup();
  const bridge = createFakeBridge();
  bridge.handle("listTools", () => ({ tools: [tool(name)] }));
  const view = await renderApp({ sessions: [plain], toolRuns: runs }, bridge);
  await user.click(await screen.findByRole("button", { name }));
  return { user, ...view };
}

describe("a running run's progress", () => {
  it("a bar that fills to the server's total, with its message; indeterminate when no total is given", async () => {
    const { bridge } = await showTool("slow", [toolRun(1, { toolName: "slow" })]);
    const run = screen.getByRole("article", { name: "Run 1: slow" });
    const bar = within(run).getByRole("progressbar", { name: "Progress of Run 1" });
    // Before any progress: indeterminate, and says so.
    expect(bar.hasAttribute("value")).toBe(false);
    expect(within(run).getByText("Running; the server has reported no progress yet")).toBeTruthy();

    bridge.emit({ type: "toolRunProgress", payload: { sessionId: "s1", runId: 1, progress: { progress: 2, total: 5, message: "Copying files" }, at: T0 } });
    const filled = within(run).getByRole("progressbar", { name: "Progress of Run 1" }) as HTMLProgressElement;
    expect(filled.getAttribute("value")).toBe("2");
    expect(filled.getAttribute("max")).toBe("5");
    expect(within(run).getByText("Copying files (2 of 5)")).toBeTruthy();

    bridge.emit({ type: "toolRunProgress", payload: { sessionId: "s1", runId: 1, progress: { progress: 7, message: "Still going" }, at: T0 } });
    expect(within(run).getByRole("progressbar", { name: "Progress of Run 1" }).hasAttribute("value")).toBe(false);
    expect(within(run).getByText("Still going (7 so far (no total given))")).toBeTruthy();

    // Done: the bar goes, the result stays.
    bridge.emit({ type: "toolRunChanged", payload: toolRun(1, { toolName: "slow", status: "done", endedAt: T0 + 4200, result: { content: [{ type: "text", text: "all copied" }] } }) });
    expect(within(run).queryByRole("progressbar")).toBeNull();
    expect(within(run).getByText("all copied")).toBeTruthy();
    expect(within(run).getByText(/took 4\.2 s/)).toBeTruthy();
  });

  it("Cancel asks the core to cancel the run; the run then says cancelled and when, with no error", async () => {
    const { user, bridge } = await showTool("slow", [toolRun(3, { toolName: "slow", progress: { progress: 1, total: 10 } })]);
    const cancelled = toolRun(3, { toolName: "slow", status: "cancelled", cancelledAt: T0 + 2500, endedAt: T0 + 2500 });
    bridge.handle("cancelToolRun", () => cancelled);
    const run = screen.getByRole("article", { name: "Run 3: slow" });
    await user.click(within(run).getByRole("button", { name: "Cancel Run 3" }));
    expect(bridge.callsOf("cancelToolRun")).toEqual([{ runId: 3 }]);
    bridge.emit({ type: "toolRunChanged", payload: cancelled });
    expect(within(run).getByText("cancelled", { selector: ".status" })).toBeTruthy();
    const at = new Date(T0 + 2500).toLocaleTimeString(undefined, { hour12: false });
    expect(within(run).getByText(new RegExp(`^Cancelled by you at ${at}, after 2\\.5 s\\.`))).toBeTruthy();
    expect(within(run).queryByRole("alert")).toBeNull();
    expect(within(run).queryByRole("button", { name: "Cancel Run 3" })).toBeNull();
    expect(within(run).queryByRole("progressbar")).toBeNull();
  });

  it("a Cancel the core refuses (the run had just ended) is shown on the run", async () => {
    const { user, bridge } = await showTool("slow", [toolRun(4, { toolName: "slow" })]);
    bridge.handle("cancelToolRun", () => Promise.reject(new Error("Run 4 is already done")));
    const run = screen.getByRole("article", { name: "Run 4: slow" });
    await user.click(within(run).getByRole("button", { name: "Cancel Run 4" }));
    expect((await within(run).findByRole("alert")).textContent).toContain("Run 4 is already done");
  });

  it("a run the core could not start at all says why under the Run button", async () => {
    const { user, bridge } = await showTool("slow", []);
    bridge.handle("startToolRun", () => Promise.reject(new Error("No session s1")));
    await user.click(screen.getByRole("button", { name: "Run" }));
    const form = screen.getByRole("form", { name: "Arguments for slow" });
    expect((await within(form).findByRole("alert")).textContent).toBe("The run could not start: No session s1");
  });
});

describe("a run that became a task follows its task (issues 19, 21)", () => {
  async function showTaskRun(run: ReturnType<typeof toolRun>, tasks: ReturnType<typeof clientTask>[]) {
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool(run.toolName)] }));
    await renderApp({ sessions: [plain], toolRuns: [run], clientTasks: tasks }, bridge);
    await userEvent.setup().click(await screen.findByRole("button", { name: run.toolName }));
    return { bridge, card: screen.getByRole("article", { name: new RegExp(`^Run ${run.runId}: ${run.toolName}`) }) };
  }
  const clockOf = (ms: number) => new Date(ms).toLocaleTimeString(undefined, { hour12: false });

  it("issue 21: the card says the task's own state and time, live, not 'took 4 ms' of the tools/call; then its terminal state and total time", async () => {
    const startedAt = Date.now() - 3000;
    const base = { toolName: "research", taskId: "t1", status: "done" as const, startedAt, endedAt: startedAt + 4 };
    const { bridge, card } = await showTaskRun(toolRun(1, { ...base, task: { status: "working" } }), [clientTask("t1", { toolName: "research" })]);
    const times = () => card.querySelector(".run-times")?.textContent ?? "";
    expect(times()).toMatch(new RegExp(`^Started ${clockOf(startedAt)} · task working for [3-9]\\.\\d s · its tools/call answered in 4 ms$`));
    expect(times()).not.toMatch(/took/);
    expect(within(card).getByText("working", { selector: ".status" })).toBeTruthy();

    bridge.emit({ type: "toolRunChanged", payload: toolRun(1, { ...base, task: { status: "input_required" } }) });
    expect(times()).toMatch(/· task input required for \d/);
    bridge.emit({ type: "clientTaskChanged", payload: clientTask("t1", { toolName: "research", status: "completed", result: { content: [{ type: "text", text: "found it" }] } }) });
    bridge.emit({ type: "toolRunChanged", payload: toolRun(1, { ...base, task: { status: "completed", endedAt: startedAt + 12_300 } }) });
    expect(times()).toBe(`Started ${clockOf(startedAt)} · task completed after 12.3 s · its tools/call answered in 4 ms`);
    expect(within(card).getByText("completed", { selector: ".status" })).toBeTruthy();
    expect(within(card).getByText("found it")).toBeTruthy();
  });

  it("issue 19 M3: a run whose task the server purged says 'deleted by the server', when, and how long it lived; no Cancel task", async () => {
    const deletedAt = new Date(T0 + 1500).toISOString();
    const purged = clientTask("t2", { toolName: "research", era: "modern", gone: "purged", deletedAt, pollError: "tasks/get: Unknown task t2" });
    const { card } = await showTaskRun(toolRun(2, { toolName: "research", taskId: "t2", status: "done", endedAt: T0 + 4, task: { status: "working", ending: "deleted", endedAt: T0 + 1500 } }), [purged]);
    expect(within(card).getByText("deleted by the server", { selector: ".status" }).className).toContain("status-gone");
    expect(within(card).queryByText("working", { selector: ".status" })).toBeNull();
    expect(card.querySelector(".run-times")?.textContent).toBe(`Started ${clockOf(T0)} · task deleted by the server after 1.5 s · its tools/call answered in 4 ms`);
    expect(card.querySelector(".task-outcome")?.textContent).toBe(`Deleted by the server at ${formatInstant(deletedAt)} (when its tasks/get answered "unknown task") while working; no result will come.`);
    expect(within(card).queryByRole("button", { name: /^Cancel task/ })).toBeNull();
    // Its timeline opens from the card too.
    await userEvent.setup().click(within(card).getByRole("button", { name: "Timeline of task t2" }));
    expect(await screen.findByRole("dialog", { name: "Timeline of task t2" })).toBeTruthy();
  });

  it("issue 19 M3: a run whose task expired says 'expired', with the ttl that passed", async () => {
    const expired = clientTask("t3", { toolName: "research", era: "modern", gone: "expired", ttl: 300 });
    const { card } = await showTaskRun(toolRun(3, { toolName: "research", taskId: "t3", status: "done", endedAt: T0 + 4, task: { status: "working", ending: "expired", endedAt: T0 + 350 } }), [expired]);
    expect(within(card).getByText("expired", { selector: ".status" })).toBeTruthy();
    expect(card.querySelector(".run-times")?.textContent).toMatch(/· task expired after 350 ms · /);
    expect(card.querySelector(".task-outcome")?.textContent).toMatch(/^Expired: its ttl of .+ from .+ passed while working; no result will come\.$/);
  });

  it("a run kept from before the core followed tasks reads its task from the tasks slice", async () => {
    const { card } = await showTaskRun(toolRun(4, { toolName: "research", taskId: "t4", status: "done", endedAt: T0 + 4 }), [clientTask("t4", { toolName: "research", deletedAt: new Date(T0 + 9).toISOString() })]);
    expect(within(card).getByText("deleted by the server", { selector: ".status" })).toBeTruthy();
  });
});

describe("a reloaded window loses nothing", () => {
  it("runs (their results, errors and cancellations) and withdrawn notes come back from getSnapshot", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("echo")] }));
    await renderApp(
      {
        sessions: [plain],
        toolRuns: [
          toolRun(1, { status: "done", result: { content: [{ type: "text", text: "hello back" }] }, endedAt: T0 + 10 }),
          toolRun(2, { status: "error", error: "MCP error -32001: Request timed out: no answer and no progress for 60 s", endedAt: T0 + 60_000 }),
          toolRun(3, { status: "cancelled", cancelledAt: T0 + 500, endedAt: T0 + 500 }),
          toolRun(4, { progress: { progress: 1, total: 2, message: "Half way" } }),
        ],
        withdrawnNotes: [
          { input: elicitation("e-gone", { message: "Pick a colour" }), reason: "requestCancelled", message: "The server cancelled it", withdrawnAt: T0 },
          { input: elicitation("e-gone-2", { message: "Pick a size" }), reason: "disconnected", message: "The session ended", withdrawnAt: T0 },
        ],
      },
      bridge,
    );
    await user.click(await screen.findByRole("button", { name: "echo" }));
    const runs = screen.getByRole("region", { name: "Runs" });
    // Newest first.
    expect(within(runs).getAllByRole("article").map((a) => a.getAttribute("aria-label"))).toEqual(["Run 4: echo", "Run 3: echo", "Run 2: echo", "Run 1: echo"]);
    expect(within(within(runs).getByRole("article", { name: "Run 1: echo" })).getByText("hello back")).toBeTruthy();
    expect(within(within(runs).getByRole("article", { name: "Run 2: echo" })).getByRole("alert").textContent).toMatch(/Request timed out/);
    expect(within(within(runs).getByRole("article", { name: "Run 3: echo" })).getByText(/^Cancelled by you at/)).toBeTruthy();
    expect(within(within(runs).getByRole("article", { name: "Run 4: echo" })).getByText("Half way (1 of 2)")).toBeTruthy();

    await user.click(tabNamed("Elicitations"));
    expect(screen.getAllByRole("article", { name: /withdrawn/ })).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Dismiss all 2 notes" }));
    expect(screen.queryByRole("article", { name: /withdrawn/ })).toBeNull();
    // The core is told, so the next reload does not bring them back.
    expect(bridge.callsOf("dismissWithdrawnNotes")).toEqual([{ pendingInputIds: ["e-gone", "e-gone-2"] }]);
  });

  it("a dismissal in another window (withdrawnNotesDismissed) removes the note here too", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({
      sessions: [plain],
      withdrawnNotes: [{ input: elicitation("e-1", { message: "Pick" }), reason: "requestCancelled", message: "gone" }],
    });
    await user.click(tabNamed("Elicitations"));
    expect(screen.getByRole("article", { name: /withdrawn/ })).toBeTruthy();
    bridge.emit({ type: "withdrawnNotesDismissed", payload: { pendingInputIds: ["e-1"] } });
    expect(screen.queryByRole("article", { name: /withdrawn/ })).toBeNull();
  });
});

describe("settings: the request time-out and its maximum total", () => {
  it("both are shown with their values and explained, and saved together", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({ sessions: [plain], settings: { ...DEFAULT_SETTINGS, requestTimeoutMs: 30_000, maxRequestTotalMs: 120_000 } });
    bridge.handle("updateSettings", (patch) => ({ ...DEFAULT_SETTINGS, ...patch }));
    await user.click(screen.getByText("Settings"));
    const timeout = screen.getByLabelText("Request timeout (ms)") as HTMLInputElement;
    const total = screen.getByLabelText("Maximum total time of a request (ms)") as HTMLInputElement;
    expect(timeout.value).toBe("30000");
    expect(total.value).toBe("120000");
    expect(document.getElementById(total.getAttribute("aria-describedby")!)?.textContent).toMatch(/even while the server keeps reporting progress/);
    expect(document.getElementById(timeout.getAttribute("aria-describedby")!)?.textContent).toMatch(/each progress notification starts it again/);
    await user.clear(total);
    await user.type(total, "300000");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(bridge.callsOf("updateSettings")).toEqual([expect.objectContaining({ requestTimeoutMs: 30_000, maxRequestTotalMs: 300_000 })]);
  });
});
