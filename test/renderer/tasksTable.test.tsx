// @vitest-environment happy-dom
// The Tasks table: live ttl countdown, Cancel reaching the right method for each kind, filters by
// kind and status, terminal results viewable, refresh through tasks/list, and virtualisation.
import "./setup.js";
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TasksTab } from "../../renderer/src/tabs/tasks/TasksTab.js";
import { clientTask, receiverTask, session, T0 } from "./fixtures.js";
import { renderWithStore } from "./renderWithStore.js";
import { DEFAULT_SETTINGS } from "../../shared/types.js";
import { REQUEST_DIALOG_KEY } from "../../renderer/src/tabs/pending/requestDialogState.js";

afterEach(() => {
  vi.useRealTimers();
});

function rowOf(taskId: string): HTMLElement {
  const cell = screen.getByText(taskId, { selector: "code" });
  const row = cell.closest('[role="row"]');
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${taskId}`);
  return row;
}

function cellsOf(row: HTMLElement): string[] {
  return within(row).getAllByRole("cell").map((c) => c.textContent ?? "");
}

describe("Tasks table", () => {
  it("counts down to each task's ttl expiry, live, under a header that says it counts to deletion", () => {
    vi.useFakeTimers();
    vi.setSystemTime(T0 + 10_000);
    renderWithStore(<TasksTab />, {
      snapshot: {
        sessions: [session()],
        clientTasks: [clientTask("c1", { ttl: 100_000 })],
        receiverTasks: [receiverTask("r1", { ttl: 12_000 }), receiverTask("r2", { ttl: null })],
      },
    });
    // Columns: taskId, kind, origin, status, statusMessage, created, deleted in, pollInterval, input, actions.
    // The header says what the countdown counts: until the task is deleted, not until it must finish.
    const header = screen.getAllByRole("columnheader")[6]!;
    expect(header.textContent).toBe("Deleted in");
    expect(header.getAttribute("title")).toMatch(/^Time until the task and its result are deleted .*by the server for a client task, by this inspector for a receiver task$/);
    expect(cellsOf(rowOf("c1"))[6]).toBe("1m 30s");
    expect(cellsOf(rowOf("r1"))[6]).toBe("2s");
    expect(cellsOf(rowOf("r2"))[6]).toBe("unlimited");
    act(() => vi.advanceTimersByTime(1000));
    expect(cellsOf(rowOf("c1"))[6]).toBe("1m 29s");
    expect(cellsOf(rowOf("r1"))[6]).toBe("1s");
    act(() => vi.advanceTimersByTime(2000));
    expect(cellsOf(rowOf("r1"))[6]).toBe("ttl elapsed");
    expect(cellsOf(rowOf("c1"))[6]).toBe("1m 27s");
  });

  it("shows each column: kind, origin (tool or sampling/elicitation), status, message, poll interval, linked input", () => {
    renderWithStore(<TasksTab />, {
      snapshot: {
        sessions: [session()],
        clientTasks: [clientTask("c1", { status: "input_required", pendingInputIds: ["p1"] })],
        receiverTasks: [receiverTask("r1", { method: "sampling/createMessage", pendingInputId: "p2" })],
        pendingInputs: [
          { id: "p1", sessionId: "s1", serverName: "x", kind: "elicitation", params: {}, receivedAt: new Date(T0).toISOString() },
        ],
      },
    });
    const c1 = cellsOf(rowOf("c1"));
    expect([c1[1], c1[2], c1[3], c1[7]]).toEqual(["client", "simulate-research-query", "input_required", "500 ms"]);
    expect(within(rowOf("c1")).getByRole("button", { name: "Answer input of task c1" }).textContent).toBe("Answer");
    expect(cellsOf(rowOf("c1"))[8]).toBe("Waiting on you: elicitation Answer");
    const r1 = cellsOf(rowOf("r1"));
    expect([r1[1], r1[2], r1[3], r1[8]]).toEqual(["receiver", "sampling", "working", "none waiting"]);
  });

  it("a receiver task links to the pending input that names it", async () => {
    const user = userEvent.setup();
    const selected: string[] = [];
    const { store } = renderWithStore(<TasksTab />, {
      onSelectTab: (tab) => selected.push(tab),
      snapshot: {
        sessions: [session()],
        settings: { ...DEFAULT_SETTINGS, waitingRequestsIn: "panel" },
        receiverTasks: [receiverTask("r1", { method: "sampling/createMessage" })],
        pendingInputs: [{ id: "p9", sessionId: "s1", serverName: "x", kind: "sampling", params: {}, receivedAt: new Date(T0).toISOString(), receiverTaskId: "r1" }],
      },
    });
    // With the request dialog off, Answer opens the request's tab.
    await user.click(within(rowOf("r1")).getByRole("button", { name: "Answer input of task r1" }));
    expect(selected).toEqual(["sampling"]);
    // With it on (the default), Answer opens that request in the dialog.
    store.getState().applyEvents([{ type: "settingsChanged", payload: DEFAULT_SETTINGS }]);
    await user.click(within(rowOf("r1")).getByRole("button", { name: "Answer input of task r1" }));
    expect(selected).toEqual(["sampling"]);
    expect(store.getState().drafts[REQUEST_DIALOG_KEY]).toEqual({ asked: "p9", setAside: [] });
  });

  it("Cancel calls cancelClientTask for a client task and cancelReceiverTask for a receiver task; terminal tasks have none", async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithStore(<TasksTab />, {
      snapshot: {
        sessions: [session()],
        clientTasks: [clientTask("c1"), clientTask("c2", { status: "completed" })],
        receiverTasks: [receiverTask("r1", { status: "working" })],
      },
    });
    bridge.handle("cancelClientTask", () => clientTask("c1", { status: "cancelled" }));
    bridge.handle("cancelReceiverTask", () => receiverTask("r1", { status: "cancelled" }));
    await user.click(screen.getByRole("button", { name: "Cancel task c1" }));
    await user.click(screen.getByRole("button", { name: "Cancel task r1" }));
    expect(bridge.callsOf("cancelClientTask")).toEqual([{ sessionId: "s1", taskId: "c1" }]);
    expect(bridge.callsOf("cancelReceiverTask")).toEqual([{ sessionId: "s1", taskId: "r1" }]);
    expect(screen.queryByRole("button", { name: "Cancel task c2" })).toBeNull();
  });

  it("a failed cancel is shown to the user", async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithStore(<TasksTab />, { snapshot: { sessions: [session()], clientTasks: [clientTask("c1")] } });
    bridge.handle("cancelClientTask", () => Promise.reject(new Error("Task c1 is already completed")));
    await user.click(screen.getByRole("button", { name: "Cancel task c1" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Could not cancel task c1: Task c1 is already completed");
  });

  it("filters by kind and by status", async () => {
    const user = userEvent.setup();
    renderWithStore(<TasksTab />, {
      snapshot: {
        sessions: [session()],
        clientTasks: [clientTask("c-working"), clientTask("c-done", { status: "completed" })],
        receiverTasks: [receiverTask("r-working"), receiverTask("r-failed", { status: "failed" })],
      },
    });
    const shownIds = () => screen.queryAllByText(/^[cr]-/, { selector: "code" }).map((c) => c.textContent).sort();
    expect(shownIds()).toEqual(["c-done", "c-working", "r-failed", "r-working"]);
    await user.selectOptions(screen.getByRole("combobox", { name: "Kind" }), "receiver");
    expect(shownIds()).toEqual(["r-failed", "r-working"]);
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "working");
    expect(shownIds()).toEqual(["r-working"]);
    await user.selectOptions(screen.getByRole("combobox", { name: "Kind" }), "all");
    expect(shownIds()).toEqual(["c-working", "r-working"]);
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "completed");
    expect(shownIds()).toEqual(["c-done"]);
  });

  it("status changes arrive as events and move rows between filters", () => {
    const { store } = renderWithStore(<TasksTab />, { snapshot: { sessions: [session()], clientTasks: [clientTask("c1")] } });
    fireEvent.change(screen.getByRole("combobox", { name: "Status" }), { target: { value: "working" } });
    expect(screen.queryByText("c1", { selector: "code" })).not.toBeNull();
    act(() => store.getState().applyEvents([{ type: "clientTaskChanged", payload: clientTask("c1", { status: "completed" }) }]));
    expect(screen.queryByText("c1", { selector: "code" })).toBeNull();
  });

  it("the result or error of a terminal task is viewable", async () => {
    const user = userEvent.setup();
    renderWithStore(<TasksTab />, {
      snapshot: {
        sessions: [session()],
        clientTasks: [
          clientTask("c-ok", { status: "completed", result: { content: [{ type: "text", text: "Research report: done" }] } }),
          clientTask("c-err", { status: "failed", error: { code: -32603, message: "The tool crashed" } }),
        ],
        receiverTasks: [receiverTask("r-ok", { status: "completed", outcome: { kind: "result", result: { action: "accept", content: { name: "Ada" } } } })],
      },
    });
    await user.click(screen.getByRole("button", { name: "Details of task c-ok" }));
    expect(within(screen.getByRole("region", { name: "Task c-ok" })).getByText("Research report: done")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Details of task c-err" }));
    expect(within(screen.getByRole("region", { name: "Task c-err" })).getByText(/The tool crashed/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Details of task r-ok" }));
    expect(within(screen.getByRole("region", { name: "Task r-ok" })).getByText(/"Ada"/)).toBeTruthy();
  });

  it("a click anywhere on a row opens its details; a click on Cancel only cancels", async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithStore(<TasksTab />, { snapshot: { sessions: [session()], clientTasks: [clientTask("c1", { status: "working" }), clientTask("c2", { status: "completed" })] } });
    const rowOf = (id: string) => screen.getByText(id, { selector: "code" }).closest<HTMLElement>('[role="row"]')!;
    await user.click(within(rowOf("c2")).getAllByRole("cell")[2]!);
    expect(screen.getByRole("region", { name: "Task c2" })).toBeTruthy();
    bridge.handle("cancelClientTask", () => clientTask("c1", { status: "cancelled" }));
    await user.click(within(rowOf("c1")).getByRole("button", { name: "Cancel task c1" }));
    expect(bridge.callsOf("cancelClientTask")).toEqual([{ sessionId: "s1", taskId: "c1" }]);
    expect(screen.queryByRole("region", { name: "Task c1" })).toBeNull();
    expect(screen.getByRole("region", { name: "Task c2" })).toBeTruthy();
  });

  it("Refresh lists the client tasks through refreshClientTasks of each connected session", async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithStore(<TasksTab />, { snapshot: { sessions: [session()], clientTasks: [clientTask("c1")] } });
    bridge.handle("refreshClientTasks", () => ({ tasks: [clientTask("c1").task, clientTask("elsewhere").task] }));
    await user.click(screen.getByRole("button", { name: "Refresh client tasks" }));
    expect(bridge.callsOf("refreshClientTasks")).toEqual([{ sessionId: "s1" }]);
    expect(await screen.findByText(/1 listed task\(s\) not started from here/)).toBeTruthy();
  });

  it("new tasks arrive at the top while following; scrolled away, the rows read stay in place (a row leaving above too) and 'N new' resumes", async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 100 }, (_, i) => clientTask(`task-${i}`, { createdAt: T0 + i }));
    const { store } = renderWithStore(<TasksTab />, { snapshot: { sessions: [session()], clientTasks: many } });
    const body = screen.getByRole("rowgroup", { name: "Tasks rows" });
    const firstShown = () => within(screen.getByRole("table", { name: "Tasks" })).getAllByRole("row")[1]!.textContent;
    act(() => store.getState().applyEvents([{ type: "clientTaskChanged", payload: clientTask("task-100", { createdAt: T0 + 100 }) }]));
    expect(firstShown()).toContain("task-100");

    // The user scrolls down to read: following pauses, and new tasks above do not move the rows read.
    body.scrollTop = 10 * 32;
    fireEvent.scroll(body);
    act(() => store.getState().applyEvents([101, 102, 103].map((i) => ({ type: "clientTaskChanged" as const, payload: clientTask(`task-${i}`, { createdAt: T0 + i }) }))));
    expect(body.scrollTop).toBe(13 * 32);
    // A task above the reader leaves the filter: the view moves up by its row, so the same rows stay in sight.
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "working");
    body.scrollTop = 13 * 32;
    fireEvent.scroll(body);
    act(() => store.getState().applyEvents([{ type: "clientTaskChanged", payload: clientTask("task-102", { createdAt: T0 + 102, status: "completed" }) }]));
    expect(body.scrollTop).toBe(12 * 32);

    act(() => store.getState().applyEvents([{ type: "clientTaskChanged", payload: clientTask("task-104", { createdAt: T0 + 104 }) }]));
    // New since the user scrolled away, and still in view: 104, 103 and 101 (102 left the filter).
    await user.click(screen.getByRole("button", { name: "3 new" }));
    expect(body.scrollTop).toBe(0);
    fireEvent.scroll(body);
    expect(firstShown()).toContain("task-104");
    expect(screen.queryByRole("button", { name: /new$/ })).toBeNull();
  });

  it("10,000 tasks: only the rows in view are in the DOM", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => clientTask(`task-${i}`, { createdAt: T0 + i }));
    renderWithStore(<TasksTab />, { snapshot: { sessions: [session()], clientTasks: many } });
    const table = screen.getByRole("table", { name: "Tasks" });
    expect(table.getAttribute("aria-rowcount")).toBe("10001");
    const rendered = within(table).getAllByRole("row").length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);
    // Newest first.
    expect(within(table).getByText("task-9999", { selector: "code" })).toBeTruthy();
  });
});
