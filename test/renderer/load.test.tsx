// @vitest-environment happy-dom
// The Checks tab's Load pane against a fake bridge: the tool, its arguments (schema form) and the bounds go
// to `runLoad`; each `loadProgress` second adds a column to the live chart and its figures in words; Stop
// asks `stopLoad`; the figures at the end, and the core's own seconds replace what the page saw.
import "./setup.js";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { LoadReportView, LoadSecond } from "../../shared/load.js";
import { ChecksTab } from "../../renderer/src/tabs/checks/ChecksTab.js";
import { niceCeiling } from "../../renderer/src/tabs/checks/LoadChart.js";
import { createFakeBridge } from "./fakeBridge.js";
import { session, tool } from "./fixtures.js";
import { renderWithStore } from "./renderWithStore.js";

const HOSTILE = `<img src=x onerror="window.__pwned=1">`;
const second = (n: number, calls: number, errors: number, p50: number | null, p95: number | null): LoadSecond => ({ elapsedMs: n * 1000, calls: calls * n, errors: errors * n, second: { calls, errors, p50, p95 } });

function report(seconds: LoadSecond[]): LoadReportView {
  return {
    tool: "echo",
    concurrency: 8,
    rate: null,
    durationMs: 5000,
    calls: 500,
    ok: 498,
    throughput: 99.8,
    latencyMs: { p50: 3.2, p95: 9.5, p99: 12, max: 40 },
    errors: { timeout: 1, [HOSTILE]: 1 },
    server: { state: "connected", stderrLines: 0 },
    stopped: true,
    seconds,
  };
}

function setup() {
  const bridge = createFakeBridge();
  let finish: (r: LoadReportView) => void = () => {};
  bridge.handle("runLoad", () => new Promise<LoadReportView>((resolve) => (finish = resolve)));
  bridge.handle("stopLoad", () => ({ ok: true as const }));
  const rendered = renderWithStore(<ChecksTab />, { bridge, snapshot: { sessions: [session()] } });
  const echo = tool("echo", { inputSchema: { type: "object", properties: { message: { type: "string" } }, required: ["message"] } });
  rendered.store.setState((s) => ({ toolsBySession: { ...s.toolsBySession, s1: { tools: [tool("add"), echo], loading: false, stale: false } } }));
  return { bridge, finish: (r: LoadReportView) => act(() => finish(r)) };
}

describe("the Load pane", () => {
  it("runs the chosen tool with its arguments and bounds, draws each second live, stops on request and shows the figures", async () => {
    const user = userEvent.setup();
    const { bridge, finish } = setup();
    await user.click(screen.getByRole("button", { name: "Load" }));
    let pane = screen.getByRole("region", { name: "Load" });
    await user.selectOptions(within(pane).getByRole("combobox", { name: "Tool" }), "echo");
    // A required argument left empty is refused by the form, not sent.
    await user.click(within(pane).getByRole("button", { name: "Run the load" }));
    expect(await within(pane).findByText(/The arguments for echo are not valid yet/)).toBeTruthy();
    expect(bridge.callsOf("runLoad")).toEqual([]);
    await user.type(within(pane).getByRole("textbox", { name: "message" }), "hi");
    const concurrency = within(pane).getByRole("spinbutton", { name: "At once" });
    await user.clear(concurrency);
    await user.type(concurrency, "8");
    const duration = within(pane).getByRole("spinbutton", { name: "For (s)" });
    await user.clear(duration);
    await user.type(duration, "5");
    await user.click(within(pane).getByRole("button", { name: "Run the load" }));
    expect(bridge.callsOf("runLoad")).toEqual([{ sessionId: "s1", tool: "echo", arguments: { message: "hi" }, concurrency: 8, durationMs: 5000 }]);

    // Seconds arrive: the chart grows a column each, and says the newest in words.
    act(() => bridge.emit({ type: "loadProgress", payload: { sessionId: "s1", ...second(1, 100, 0, 3, 9) } }));
    act(() => bridge.emit({ type: "loadProgress", payload: { sessionId: "other", ...second(1, 5, 5, 1, 1) } }));
    act(() => bridge.emit({ type: "loadProgress", payload: { sessionId: "s1", ...second(2, 120, 2, 4, 11) } }));
    const chart = within(pane).getByRole("figure");
    expect(within(pane).queryByRole("button", { name: "Run the load" })).toBeNull();
    expect(within(chart).getByText("After 2 s: 240 calls, 4 errors; the last second 120 calls/s, 2 errors, p50 4.0 ms, p95 11 ms")).toBeTruthy();
    expect(chart.querySelectorAll("rect.load-ok")).toHaveLength(2);
    expect(chart.querySelectorAll("rect.load-error")).toHaveLength(1);
    expect(within(chart).getByText("Calls a second (scale 0–200)")).toBeTruthy();
    expect(within(chart).getByText("Latency (scale 0–20 ms)")).toBeTruthy();
    expect(chart.querySelector("path.load-p95")?.getAttribute("d")).toMatch(/^M0\.5 [\d.]+ L1\.5 [\d.]+$/);

    // While it runs: Stop, not Run, even after a look at the checks pane (the Load pane is drawn anew).
    await user.click(screen.getByRole("button", { name: "Checks" }));
    expect(screen.queryByRole("region", { name: "Load" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Load" }));
    pane = screen.getByRole("region", { name: "Load" });
    expect(within(pane).getAllByRole("figure")).toHaveLength(1);
    await user.click(within(pane).getByRole("button", { name: "Stop the load" }));
    expect(bridge.callsOf("stopLoad")).toEqual([{ sessionId: "s1" }]);
    // The core's seconds (three: the page missed one) replace the page's own.
    finish(report([second(1, 100, 0, 3, 9), second(2, 120, 2, 4, 11), second(3, 90, 0, 2, 8)]));
    const figures = await within(pane).findByRole("region", { name: "Load figures" });
    expect(within(figures).getByRole("status").textContent).toBe("echo: 500 calls, stopped before the end, 8 at once");
    expect(within(figures).getByText("p50 3.2 ms, p95 9.5 ms, p99 12 ms, max 40 ms")).toBeTruthy();
    // An error kind quotes the server: text, never markup.
    expect(within(figures).getByText(/timeout 1, <img src=x/)).toBeTruthy();
    expect(document.querySelector("img")).toBeNull();
    expect(pane.querySelectorAll("rect.load-ok")).toHaveLength(3);
    // The last second's event, come after the reply, is not drawn a second time.
    act(() => bridge.emit({ type: "loadProgress", payload: { sessionId: "s1", ...second(3, 90, 0, 2, 8) } }));
    expect(pane.querySelectorAll("rect.load-ok")).toHaveLength(3);
    expect(within(pane).getByRole("button", { name: "Run the load" })).toBeTruthy();
  });

  it("bounds what the fields send to the engine's ceilings", async () => {
    const user = userEvent.setup();
    const { bridge } = setup();
    await user.click(screen.getByRole("button", { name: "Load" }));
    const pane = screen.getByRole("region", { name: "Load" });
    const concurrency = within(pane).getByRole("spinbutton", { name: "At once" });
    await user.clear(concurrency);
    await user.type(concurrency, "5000");
    const rate = within(pane).getByRole("spinbutton", { name: "At most (calls/s, 0: no limit)" });
    await user.clear(rate);
    await user.type(rate, "99999");
    await user.click(within(pane).getByRole("button", { name: "Run the load" }));
    expect(bridge.callsOf("runLoad")).toEqual([{ sessionId: "s1", tool: "add", arguments: {}, concurrency: 64, rate: 2000, durationMs: 10_000 }]);
  });

  it("a chart scale is a round number", () => {
    expect([0, 1, 7, 10, 11, 173, 2000, 2001].map(niceCeiling)).toEqual([1, 1, 10, 10, 20, 200, 2000, 5000]);
  });
});
