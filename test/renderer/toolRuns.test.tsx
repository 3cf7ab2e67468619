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
import { elicitation, session, T0, tool, toolRun } from "./fixtures.js";
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
