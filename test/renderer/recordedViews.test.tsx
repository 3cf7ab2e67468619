// @vitest-environment happy-dom
// Issue 22: an opened recording read-only in the Tools, Tasks, Sampling and Elicitations tabs: its runs,
// its task timelines in the timeline view, and its input requests as asked and answered; hostile text
// stays text, long lists are paged; Close recording takes them all away and the live tabs are as before.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { RecordedViews } from "../../shared/recordedViews.js";
import { renderApp, tabNamed } from "./renderApp.js";

const HOSTILE = `<img src=x onerror=alert(1)>${"T".repeat(50_000)}`;
const T0 = Date.parse("2026-11-25T10:00:00.000Z");

const VIEWS: RecordedViews = {
  toolRuns: [
    { runId: 1, sessionId: "recording", toolName: "simulate-research-query", arguments: { topic: "python" }, asTask: true, status: "done", taskId: "task-1", task: { status: "completed", endedAt: T0 + 2500 }, result: { content: [{ type: "text", text: "Research on programming" }] }, startedAt: T0, endedAt: T0 + 2500 },
    ...Array.from({ length: 44 }, (_, i) => ({ runId: i + 2, sessionId: "recording", toolName: HOSTILE, arguments: {}, asTask: false, status: "error" as const, error: `error -32000: ${HOSTILE}`, startedAt: T0, endedAt: T0 + 1 })),
  ],
  timelines: [
    {
      sessionId: "recording",
      taskId: "task-1",
      role: "client",
      era: "legacy",
      dropped: 0,
      events: [
        { seq: 0, at: T0, wall: T0, kind: "created", from: "us", method: "tools/call" },
        { seq: 1, at: T0 + 5, wall: T0 + 5, kind: "createReply", from: "server", method: "tools/call", status: "working", replyTo: 0 },
        { seq: 2, at: T0 + 900, wall: T0 + 900, kind: "inputRequest", from: "server", method: "elicitation/create" },
        { seq: 3, at: T0 + 1200, wall: T0 + 1200, kind: "inputAnswer", from: "us", method: "elicitation/create", replyTo: 2 },
        { seq: 4, at: T0 + 2500, wall: T0 + 2500, kind: "resultReply", from: "server", method: "tasks/result" },
      ],
    },
  ],
  inputs: [{ seq: 9, method: "elicitation/create", kind: "elicitation", taskId: "task-1", params: { message: HOSTILE }, answerSeq: 10, answer: { action: "accept", content: { interpretation: "programming" } }, askedAt: T0 + 900, answeredAt: T0 + 1200 }],
  dropped: { toolRuns: 7, inputs: 0 },
};

describe("an opened recording in the other tabs (issue 22)", () => {
  it("Tools: its runs (paged); Tasks: its timelines; Elicitations: asked and answered; Sampling: none said; Close takes them away", async () => {
    const user = userEvent.setup();
    const { bridge, container } = await renderApp();
    bridge.handle("openRecording", () => ({ header: { mcprec: 1 }, entries: [], stderr: [], warnings: [], views: VIEWS }));
    await user.click(tabNamed("Logs"));
    await user.upload(await screen.findByLabelText("Recording file"), new File(["x\n"], "research.mcprec"));
    await screen.findByRole("region", { name: "Opened recording" });

    await user.click(tabNamed("Tools"));
    const runs = await screen.findByRole("region", { name: "Recorded tool runs" });
    expect(within(runs).getByRole("note").textContent).toContain("Recording research.mcprec, read-only");
    expect(within(runs).getByRole("heading", { level: 3 }).textContent).toBe("Recorded runs (45, and 7 more not derived)");
    const first = within(runs).getByRole("listitem", { name: "Recorded run 1 of simulate-research-query" });
    expect(first.textContent).toContain("simulate-research-query · run as task · done in 2.5 s · task task-1 (completed)");
    expect(first.textContent).toContain("Research on programming");
    expect(within(runs).getAllByRole("listitem")).toHaveLength(20);
    await user.click(within(runs).getByRole("button", { name: "Show more runs (25 not shown)" }));
    expect(within(runs).getAllByRole("listitem")).toHaveLength(40);
    // The live tab is still there below: no session, so it says so.
    expect(screen.getByText("Connect a server to see its tools.")).toBeTruthy();

    await user.click(tabNamed("Tasks"));
    const timelines = await screen.findByRole("region", { name: "Recorded task timelines" });
    expect(within(timelines).getByRole("region", { name: "Recorded timeline of task task-1" })).toBeTruthy();
    expect(within(timelines).getByRole("table", { name: "Events of task task-1" })).toBeTruthy();

    await user.click(tabNamed("Elicitations"));
    const asked = await screen.findByRole("region", { name: "Recorded elicitation requests" });
    const item = within(asked).getByRole("listitem", { name: "Recorded elicitation/create at message 9" });
    expect(item.textContent).toContain("elicitation/create at message 9 · for task task-1 · answered at message 10 after 300 ms");
    expect(item.textContent).toContain("programming");

    await user.click(tabNamed("Sampling"));
    expect((await screen.findByRole("region", { name: "Recorded sampling requests" })).textContent).toContain("The recording holds no sampling requests.");
    expect(container.querySelector("img")).toBeNull();

    await user.click(within(screen.getByRole("region", { name: "Recorded sampling requests" })).getByRole("button", { name: "Close recording" }));
    expect(screen.queryByRole("region", { name: "Recorded sampling requests" })).toBeNull();
    await user.click(tabNamed("Tools"));
    expect(screen.queryByRole("region", { name: "Recorded tool runs" })).toBeNull();
  });
});
