// @vitest-environment happy-dom
// Issue 21: after a reload the Server log panel shows the logging notifications the core kept, each once,
// with those that arrive while the window loads.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeBridge } from "./fakeBridge.js";
import { session } from "./fixtures.js";
import { renderApp } from "./renderApp.js";

const kept = (seq: number) => ({ sessionId: "s1", seq, level: "info", logger: "demo", data: `message ${seq}` });

describe("Server log after a reload (issue 21)", () => {
  it("issue 21: the kept notifications from getLog are shown, and one that came as an event meanwhile is not shown twice", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("getLog", () => {
      // While the window loads, the newest kept one and a newer one also arrive as events.
      bridge.emit({ type: "serverLog", payload: kept(4) }, { type: "serverLog", payload: kept(5) });
      return { entries: [], stderr: [], serverLogs: [kept(1), kept(2), kept(3), kept(4)] };
    });
    await renderApp({ sessions: [session()] }, bridge);
    await user.click(screen.getByRole("tab", { name: "Logs" }));
    const panel = screen.getByRole("region", { name: "Server log" });
    expect(screen.queryByText("No logging notifications yet.")).toBeNull();
    const lines = within(panel).getAllByRole("listitem").map((li) => li.querySelector(".log-data")?.textContent);
    expect(lines).toEqual(["message 1", "message 2", "message 3", "message 4", "message 5"]);
  });
});
