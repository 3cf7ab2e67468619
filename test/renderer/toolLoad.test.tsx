// @vitest-environment happy-dom
// Issue 31: a Load panel on a tool's page. "Load this tool…" under the tool's form opens the Checks tab's
// Load pane with the tool fixed and the form's own arguments: Run the load sends runLoad for that tool with
// what the form holds (refused, nothing sent, while the form is not valid), the chart draws its seconds and
// the figures come at the end; a load of another tool on the session is not shown on this tool's page.
import "./setup.js";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { LoadReportView, LoadSecond } from "../../shared/load.js";
import { createFakeBridge } from "./fakeBridge.js";
import { session, tool } from "./fixtures.js";
import { renderApp } from "./renderApp.js";

const second = (n: number, calls: number): LoadSecond => ({ elapsedMs: n * 1000, calls: calls * n, errors: 0, second: { calls, errors: 0, p50: 2, p95: 5 } });
const report = (name: string, seconds: LoadSecond[]): LoadReportView => ({
  tool: name,
  concurrency: 2,
  rate: null,
  durationMs: 3000,
  calls: 300,
  ok: 300,
  throughput: 100,
  latencyMs: { p50: 2, p95: 5, p99: 6, max: 9 },
  errors: {},
  server: { state: "connected", stderrLines: 0 },
  seconds,
});

describe("Load on a tool's page", () => {
  it("runs the shown tool with the form's arguments, live, and shows its figures; another tool's page does not show them", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const echo = tool("echo", { inputSchema: { type: "object", properties: { message: { type: "string" } }, required: ["message"] } });
    bridge.handle("listTools", () => ({ tools: [tool("add"), echo] }));
    let finish: (r: LoadReportView) => void = () => {};
    bridge.handle("runLoad", () => new Promise<LoadReportView>((resolve) => (finish = resolve)));
    bridge.handle("stopLoad", () => ({ ok: true as const }));
    await renderApp({ sessions: [session()] }, bridge);
    await user.click(await screen.findByRole("button", { name: "echo" }));
    const page = screen.getByRole("region", { name: "Tool echo" });
    expect(within(page).queryByRole("region", { name: "Load echo" })).toBeNull();

    // Opened from the keyboard: a disclosure button that says whether it is open.
    const open = within(page).getByRole("button", { name: "Load this tool…" });
    expect(open.getAttribute("aria-expanded")).toBe("false");
    open.focus();
    await user.keyboard("{Enter}");
    expect(open.getAttribute("aria-expanded")).toBe("true");
    const pane = await within(page).findByRole("region", { name: "Load echo" });
    // The tool is fixed (no Tool choice) and its arguments are the form's above, not a second form.
    expect(within(pane).queryByRole("combobox", { name: "Tool" })).toBeNull();
    expect(within(pane).queryByRole("textbox", { name: "message" })).toBeNull();
    const durationField = within(pane).getByRole("spinbutton", { name: "For (s)" });
    await user.clear(durationField);
    await user.type(durationField, "3");
    await user.click(within(pane).getByRole("button", { name: "Run the load" }));
    expect(await within(pane).findByText(/The arguments for echo are not valid yet/)).toBeTruthy();
    expect(bridge.callsOf("runLoad")).toEqual([]);

    await user.type(within(page).getByRole("textbox", { name: "message" }), "hi");
    await user.click(within(pane).getByRole("button", { name: "Run the load" }));
    expect(bridge.callsOf("runLoad")).toEqual([{ sessionId: "s1", tool: "echo", arguments: { message: "hi" }, concurrency: 4, durationMs: 3000 }]);
    act(() => bridge.emit({ type: "loadProgress", payload: { sessionId: "s1", ...second(1, 100) } }));
    const chart = within(pane).getByRole("figure");
    expect(within(chart).getByText(/^After 1 s: 100 calls, 0 errors/)).toBeTruthy();
    expect(within(pane).getByRole("button", { name: "Stop the load" })).toBeTruthy();
    act(() => finish(report("echo", [second(1, 100), second(2, 100)])));
    const figures = await within(pane).findByRole("region", { name: "Load figures" });
    expect(within(figures).getByRole("status").textContent).toBe("echo: 300 calls, 2 at once");

    // The session's load was echo's: add's page offers its own, with no chart or figures of echo's.
    await user.click(screen.getByRole("button", { name: "add" }));
    const addPage = screen.getByRole("region", { name: "Tool add" });
    await user.click(within(addPage).getByRole("button", { name: "Load this tool…" }));
    const addPane = await within(addPage).findByRole("region", { name: "Load add" });
    expect(within(addPane).queryByRole("figure")).toBeNull();
    expect(within(addPane).queryByRole("region", { name: "Load figures" })).toBeNull();
    expect(within(addPane).getByRole("button", { name: "Run the load" })).toBeTruthy();
    // Closed again from the keyboard: the pane goes.
    const close = within(addPage).getByRole("button", { name: "Load this tool…" });
    close.focus();
    await user.keyboard(" ");
    expect(close.getAttribute("aria-expanded")).toBe("false");
    expect(within(addPage).queryByRole("region", { name: "Load add" })).toBeNull();
  });
});
