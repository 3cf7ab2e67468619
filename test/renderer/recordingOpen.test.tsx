// @vitest-environment happy-dom
// Issue 22: an opened recording in the Logs tab, without any session: its banner shows a hostile header
// (markup, megabyte names, hundreds of warnings) as bounded text, the log reads as a live one, and
// Close recording goes back to the empty tab.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LogsTab } from "../../renderer/src/tabs/logs/LogsTab.js";
import { renderWithStore } from "./renderWithStore.js";

describe("Open recording… (issue 22)", () => {
  it("a hostile recording's header is bounded text; its messages are listed read-only; Close brings the tab back", async () => {
    const user = userEvent.setup();
    const { bridge, container } = renderWithStore(<LogsTab />);
    expect(screen.getByText("Connect a server to see its log, or open a recording.")).toBeTruthy();
    bridge.handle("openRecording", () => ({
      header: { mcprec: 1, serverInfo: { name: `<img src=x onerror=alert(1)>${"N".repeat(1_000_000)}`, version: "6.6.6" }, protocolVersion: "2025-11-25", server: { name: "s", transport: "stdio" }, recordedAt: "2026-11-25T00:00:00.000Z" },
      entries: [
        { seq: 1, sessionId: "recording", direction: "out", time: "2026-11-25T00:00:00.000Z", method: "tools/call", id: 1, payload: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x" } } },
        { seq: 2, sessionId: "recording", direction: "in", time: "2026-11-25T00:00:00.001Z", method: "tools/call", id: 1, payload: { jsonrpc: "2.0", id: 1, result: { content: [] } } },
      ],
      stderr: ["started"],
      warnings: Array.from({ length: 300 }, (_, i) => `Line ${i + 3}: the server sent sampling/createMessage, but the client did not offer the sampling capability`),
    }));
    const file = new File(['{"mcprec":1}\n'], "bug.mcprec", { type: "application/x-ndjson" });
    await user.upload(screen.getByLabelText("Recording file"), file);
    const banner = await screen.findByRole("region", { name: "Opened recording" });
    expect(bridge.callsOf("openRecording")).toEqual([{ text: '{"mcprec":1}\n' }]);
    expect(banner.textContent!.length).toBeLessThan(2000);
    expect(banner.textContent).toContain("Recording bug.mcprec (read-only): <img src=x onerror=alert(1)>");
    expect(banner.textContent).toContain("…and 295 more warnings");
    expect(container.querySelector("img")).toBeNull();
    const table = screen.getByRole("table", { name: "Protocol messages" });
    expect(within(table).getAllByRole("row")[2]!.textContent).toContain("tools/call");
    expect(screen.getByText("2 of 2 messages")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save recording…" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Close recording" }));
    expect(screen.getByText("Connect a server to see its log, or open a recording.")).toBeTruthy();
  });
});
