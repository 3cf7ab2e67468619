// @vitest-environment happy-dom
// Honest task states in the Tasks tab (issue 13): how each task ended in its row and Details, "deleted at"
// for a task that left a trace, what was asked, and the Logs tab's Task column for our own replies.
import "./setup.js";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { InspectorEvent } from "../../shared/contract.js";
import type { LogEntry, ReceiverTaskEnding } from "../../shared/types.js";
import { LogsTab } from "../../renderer/src/tabs/logs/LogsTab.js";
import { TasksTab } from "../../renderer/src/tabs/tasks/TasksTab.js";
import { formatClock, formatInstant } from "../../renderer/src/util/time.js";
import { createFakeBridge } from "./fakeBridge.js";
import { clientTask, receiverTask, session, T0, tool, toolRun } from "./fixtures.js";
import { renderApp } from "./renderApp.js";
import { renderWithStore } from "./renderWithStore.js";

function rowOf(taskId: string): HTMLElement {
  const row = screen.getByText(taskId, { selector: "code" }).closest('[role="row"]');
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${taskId}`);
  return row;
}
const cellsOf = (row: HTMLElement) => within(row).getAllByRole("cell").map((c) => c.textContent ?? "");
// Columns: taskId, kind, origin, status, statusMessage, created, deleted in, pollInterval, input, actions.
const STATUS = 3;
const DELETED_IN = 6;
const INPUT = 8;

const iso = (ms: number) => new Date(ms).toISOString();

async function openDetails(taskId: string) {
  await userEvent.setup().click(screen.getByRole("button", { name: `Details of task ${taskId}` }));
  return within(screen.getByRole("region", { name: `Task ${taskId}` }));
}

describe("Tasks tab: how a task ended", () => {
  it("R6 R10 R12 S1: each receiver task's row says how it ended, in its Status and Pending input cells", () => {
    const endings: [ReceiverTaskEnding, "completed" | "failed" | "cancelled" | "working", string][] = [
      ["accepted", "completed", "answered (accepted)"],
      ["declined", "completed", "declined"],
      ["cancelled", "completed", "cancelled (answer)"],
      ["answered", "completed", "answered"],
      ["rejected", "failed", "rejected"],
      ["cancelledByServer", "cancelled", "cancelled by the server"],
      ["cancelledByUser", "cancelled", "cancelled by you"],
      ["expired", "working", "expired"],
      ["sessionEnded", "cancelled", "session ended"],
    ];
    renderWithStore(<TasksTab />, {
      snapshot: {
        sessions: [session()],
        receiverTasks: endings.map(([ending, status], i) => receiverTask(`r-${ending}`, { status, ending, createdAt: T0 + i, pendingInputId: `p${i}` })),
      },
    });
    for (const [ending, status, words] of endings) {
      const cells = cellsOf(rowOf(`r-${ending}`));
      expect(cells[STATUS], ending).toBe(`${status} · ${words}`);
      // Not "answered or gone": the input column says how it ended too.
      expect(cells[INPUT], ending).toBe(words);
    }
  });

  it("R6: a deleted task stays as a trace marked 'deleted at <time>', with no Cancel, even if it was still live", () => {
    const deletedAt = iso(T0 + 90_000);
    renderWithStore(<TasksTab />, {
      snapshot: {
        sessions: [session()],
        receiverTasks: [receiverTask("r-expired", { status: "working", ending: "expired", deletedAt })],
        clientTasks: [clientTask("c-purged", { status: "working", deletedAt }), clientTask("c-live")],
      },
    });
    for (const id of ["r-expired", "c-purged"]) {
      expect(cellsOf(rowOf(id))[DELETED_IN]).toBe(`deleted at ${formatClock(deletedAt)}`);
      expect(within(rowOf(id)).queryByRole("button", { name: `Cancel task ${id}` })).toBeNull();
    }
    expect(within(rowOf("c-live")).getByRole("button", { name: "Cancel task c-live" })).toBeTruthy();
  });

  it("R6: a receiver task deleted while the tab is open keeps its row as the trace; without a trace the row leaves", () => {
    const { store } = renderWithStore(<TasksTab />, {
      snapshot: { sessions: [session()], receiverTasks: [receiverTask("r1"), receiverTask("r2", { createdAt: T0 + 1 })] },
    });
    const deletedAt = iso(T0 + 5000);
    const trace = { ...receiverTask("r1"), ending: "expired" as const, deletedAt };
    act(() =>
      store.getState().applyEvents([
        { type: "receiverTaskRemoved", payload: { sessionId: "s1", taskId: "r1", trace } },
        { type: "receiverTaskRemoved", payload: { sessionId: "s1", taskId: "r2" } },
      ]),
    );
    expect(cellsOf(rowOf("r1"))[DELETED_IN]).toBe(`deleted at ${formatClock(deletedAt)}`);
    expect(cellsOf(rowOf("r1"))[STATUS]).toBe("working · expired");
    expect(screen.queryByText("r2", { selector: "code" })).toBeNull();
  });

  it("Q4 Q5: a cancelled client task's Details lead with 'Cancelled at' and when you asked; the server's tasks/result error follows as its answer, not the outcome", async () => {
    const cancelledAt = T0 + 12_345;
    const askedAt = T0 + 12_000;
    const task = clientTask("c1", {
      status: "cancelled",
      cancelRequestedAt: iso(askedAt),
      error: { code: -32603, message: "Task c1 has no result stored" },
    });
    task.task = { ...task.task, lastUpdatedAt: iso(cancelledAt), statusMessage: "Cancelled by the client" };
    renderWithStore(<TasksTab />, { snapshot: { sessions: [session()], clientTasks: [task] } });
    expect(cellsOf(rowOf("c1"))[STATUS]).toBe("cancelled · by you");
    const details = await openDetails("c1");
    const lead = details.getByLabelText("How the task stands");
    expect(lead.textContent).toBe(`Cancelled at ${formatInstant(iso(cancelledAt))} (the server's time); you asked to cancel at ${formatInstant(iso(askedAt))}.`);
    // A finished task's message is its last one, with its time, not its current state.
    expect(details.getByText(`Last message at ${formatClock(iso(cancelledAt))}: Cancelled by the client`)).toBeTruthy();
    // Q4: the server's answer is still shown as it sent it, under a heading that says what it is.
    const heading = details.getByRole("heading", { name: "What the server answered to tasks/result" });
    expect(heading.nextElementSibling?.textContent).toContain('"message": "Task c1 has no result stored"');
    expect(details.queryByRole("heading", { name: "Error" })).toBeNull();
    // The lead comes before the server's error.
    expect(lead.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("Q4 Q5: the tool run that became a cancelled task says cancelled and when; the server's tasks/result error is its reply, not shown as an error", async () => {
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("simulate-research-query")] }));
    const task = clientTask("c1", { status: "cancelled", cancelRequestedAt: iso(T0 + 10), error: { code: -32603, message: "Task c1 has no result stored" } });
    task.task = { ...task.task, lastUpdatedAt: iso(T0 + 20) };
    await renderApp(
      { sessions: [session()], clientTasks: [task], toolRuns: [toolRun(1, { toolName: "simulate-research-query", asTask: true, taskId: "c1", status: "done" })] },
      bridge,
    );
    await userEvent.setup().click(await screen.findByRole("button", { name: "simulate-research-query" }));
    const run = within(screen.getByRole("article", { name: "Run 1: simulate-research-query as task" }));
    expect(run.getByText((_, el) => el?.classList.contains("task-outcome") === true).textContent).toBe(
      `Cancelled at ${formatInstant(iso(T0 + 20))} (the server's time); you asked to cancel at ${formatInstant(iso(T0 + 10))}.`,
    );
    expect(run.getByText("The server answered tasks/result with JSON-RPC error -32603: Task c1 has no result stored")).toBeTruthy();
    expect(run.queryByText(/^JSON-RPC error -32603/)).toBeNull();
  });

  it("M6: a modern cancelled task has no result and says so, without inventing one", async () => {
    renderWithStore(<TasksTab />, {
      snapshot: { sessions: [session()], clientTasks: [clientTask("m1", { status: "cancelled", era: "modern", cancelRequested: true, cancelRequestedAt: iso(T0 + 1) })] },
    });
    const details = await openDetails("m1");
    expect(details.getByLabelText("How the task stands").textContent).toMatch(/^Cancelled at .* \(the server's time\); you asked to cancel at /);
    expect(details.getByText(/^No result: a cancelled task has none/)).toBeTruthy();
    expect(details.queryByText(/tasks\/result is fetched/)).toBeNull();
  });

  it("S1: a client task cut off by the session's end says so, with whose clock, and has no Cancel", async () => {
    const task = clientTask("c1", { status: "cancelled", sessionEnded: true, pollError: "Session ended before the task finished: closed" });
    task.task = { ...task.task, lastUpdatedAt: iso(T0 + 42) };
    renderWithStore(<TasksTab />, { snapshot: { sessions: [session()], clientTasks: [task, clientTask("m1", { era: "modern", sessionEnded: true, createdAt: T0 + 1 })] } });
    expect(cellsOf(rowOf("c1"))[STATUS]).toBe("cancelled · session ended");
    expect(cellsOf(rowOf("m1"))[STATUS]).toBe("working · session ended");
    for (const id of ["c1", "m1"]) expect(within(rowOf(id)).queryByRole("button", { name: `Cancel task ${id}` })).toBeNull();
    const details = await openDetails("c1");
    expect(details.getByLabelText("How the task stands").textContent).toBe(
      `Session ended while the task was live; marked cancelled at ${formatInstant(iso(T0 + 42))} (the inspector's time, not the server's). The server's own status is unknown.`,
    );
  });

  it("M3: a client task the server deleted says so in its Details", async () => {
    const deletedAt = iso(T0 + 3000);
    renderWithStore(<TasksTab />, { snapshot: { sessions: [session()], clientTasks: [clientTask("c1", { status: "completed", deletedAt })] } });
    const details = await openDetails("c1");
    expect(details.getByLabelText("How the task stands").textContent).toContain(`Deleted by the server: it no longer knew the task at ${formatInstant(deletedAt)}.`);
  });

  it("M3 Q2 issue 19: a purged, an expired and a live-deleted client task say so in their Status cell, not 'working', and their Details lead with it", async () => {
    const deletedAt = iso(T0 + 3000);
    renderWithStore(<TasksTab />, {
      snapshot: {
        sessions: [session()],
        clientTasks: [
          clientTask("purged", { era: "modern", gone: "purged", deletedAt }),
          clientTask("expired", { era: "modern", gone: "expired", ttl: 300, createdAt: T0 + 1 }),
          clientTask("deleted", { deletedAt, createdAt: T0 + 2 }),
        ],
      },
    });
    // One short word in the row (the "Deleted in" column says when); the whole of it on hover.
    expect(cellsOf(rowOf("purged"))[STATUS]).toBe("deleted");
    expect(cellsOf(rowOf("expired"))[STATUS]).toBe("expired");
    expect(cellsOf(rowOf("deleted"))[STATUS]).toBe("deleted");
    expect(within(rowOf("purged")).getAllByRole("cell")[STATUS]!.getAttribute("title")).toBe("deleted by the server; its last status was working");
    for (const id of ["purged", "expired", "deleted"]) expect(within(rowOf(id)).queryByRole("button", { name: `Cancel task ${id}` })).toBeNull();
    const details = await openDetails("purged");
    expect(details.getByLabelText("How the task stands").textContent).toBe(`Deleted by the server at ${formatInstant(deletedAt)} (when its tasks/get answered "unknown task") while working; no result will come.`);
    // No "No result yet": nothing is coming.
    expect(details.getByText("No result: the server deleted the task before it finished.")).toBeTruthy();
    expect(details.queryByText(/^No result yet/)).toBeNull();
    await userEvent.setup().click(screen.getByRole("button", { name: "Details of task expired" }));
    const expired = within(screen.getByRole("region", { name: "Task expired" }));
    expect(expired.getByLabelText("How the task stands").textContent).toBe(`Expired: its ttl of 300 ms from ${formatInstant(iso(T0 + 1))} passed while working; no result will come.`);
    expect(expired.getByText("No result: the task expired before it finished.")).toBeTruthy();
  });

  it("R10: a receiver task's Details lead with how it ended and when, and what that means", async () => {
    const task = receiverTask("r1", { status: "cancelled", ending: "cancelledByServer" });
    task.task = { ...task.task, lastUpdatedAt: iso(T0 + 777) };
    renderWithStore(<TasksTab />, { snapshot: { sessions: [session()], receiverTasks: [task] } });
    const details = await openDetails("r1");
    expect(details.getByLabelText("How the task stands").textContent).toBe(
      `cancelled by the server at ${formatInstant(iso(T0 + 777))}. The server cancelled the task with tasks/cancel before the user answered (R10).`,
    );
  });
});

describe("Task Details: what was asked", () => {
  it("a client task shows the tool and its arguments", async () => {
    renderWithStore(<TasksTab />, { snapshot: { sessions: [session()], clientTasks: [clientTask("c1", { arguments: { topic: "tides", depth: 3 } })] } });
    const details = await openDetails("c1");
    expect(details.getByRole("heading", { name: "Asked: tools/call simulate-research-query" })).toBeTruthy();
    expect(JSON.parse(details.getByLabelText("Arguments of simulate-research-query").textContent ?? "")).toEqual({ topic: "tides", depth: 3 });
  });

  it("an elicitation's message and requested schema are shown as text, never markup", async () => {
    const message = '<img src=x onerror="alert(1)"><b>Your name?</b>';
    const requestedSchema = JSON.stringify({ type: "object", properties: { name: { type: "string", title: "<i>Name</i>" } } }, null, 2);
    renderWithStore(<TasksTab />, {
      snapshot: { sessions: [session()], receiverTasks: [receiverTask("r1", { asked: { message, requestedSchema } })] },
    });
    const details = await openDetails("r1");
    const asked = within(details.getByRole("region", { name: "What was asked" }));
    expect(asked.getByRole("heading", { name: "Asked: elicitation/create" })).toBeTruthy();
    expect(asked.getByLabelText("Elicitation message").textContent).toBe(message);
    expect(asked.getByLabelText("Requested schema").textContent).toBe(requestedSchema);
    expect(document.querySelector("img, b, i")).toBeNull();
  });

  it("sampling messages are shown by role as text, with the system prompt, and say when only the first were kept", async () => {
    renderWithStore(<TasksTab />, {
      snapshot: {
        sessions: [session()],
        receiverTasks: [
          receiverTask("r1", {
            method: "sampling/createMessage",
            asked: {
              systemPrompt: "Be brief",
              maxTokens: 50,
              messageCount: 25,
              messages: [
                { role: "user", text: "Say <b>hello</b>" },
                { role: "assistant", text: "[image image/png]" },
              ],
            },
          }),
        ],
      },
    });
    const details = await openDetails("r1");
    const list = details.getByRole("list", { name: "Sampling messages" });
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["user: Say <b>hello</b>", "assistant: [image image/png]"]);
    expect(details.getByLabelText("System prompt").textContent).toBe("Be brief");
    expect(details.getByText("The first 2 of 25 messages.")).toBeTruthy();
    expect(document.querySelector("b")).toBeNull();
  });
});

describe("Logs tab: the Task column of replies", () => {
  function entry(seq: number, direction: "in" | "out", message: Record<string, unknown>, extra: Partial<LogEntry> = {}): InspectorEvent {
    return { type: "logEntry", payload: { seq, sessionId: "s1", direction, time: new Date(T0).toISOString(), payload: { jsonrpc: "2.0", ...message }, ...extra } };
  }

  it("R7 R10: our error reply to the server's tasks/result names the task of the request it answers, and the Task ID filter finds it", async () => {
    const user = userEvent.setup();
    renderWithStore(<LogsTab />, {
      snapshot: { sessions: [session()] },
      events: [
        entry(1, "in", { id: "fx-1", method: "tasks/result", params: { taskId: "task-abc" } }, { method: "tasks/result", id: "fx-1" }),
        entry(2, "out", { id: "fx-1", error: { code: -32602, message: "Task task-abc was cancelled" } }, { method: "tasks/result", id: "fx-1", taskId: "task-abc" }),
        entry(3, "in", { id: "fx-2", method: "elicitation/create", params: { message: "m", task: { ttl: 1 } } }, { method: "elicitation/create", id: "fx-2" }),
        entry(4, "out", { id: "fx-2", result: { task: { taskId: "task-new", status: "working" } } }, { method: "elicitation/create", id: "fx-2" }),
        entry(5, "out", { id: 9, method: "ping" }, { method: "ping", id: 9 }),
      ],
    });
    const table = screen.getByRole("table", { name: "Protocol messages" });
    // The Task column found by its header, so another column beside it does not move the test.
    const taskColumn = within(table).getAllByRole("columnheader").findIndex((h) => h.textContent === "Task");
    const taskCell = (row: HTMLElement) => within(row).getAllByRole("cell")[taskColumn]!.textContent;
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map(taskCell)).toEqual(["task-abc", "task-abc", "", "task-new", ""]);
    await user.type(screen.getByRole("textbox", { name: "Task ID" }), "task-abc");
    expect(screen.getByText("2 of 5 messages")).toBeTruthy();
  });
});
