// @vitest-environment happy-dom
// The Tasks table under a flood of status changes: a batch costs the table the rows it touched, not
// every task. Each row renders its "Created" cell with formatClock exactly once per render, so
// counting formatClock calls counts row renders.
import "./setup.js";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { InspectorEvent } from "../../shared/contract.js";
import type { TaskStatus } from "../../shared/types.js";
import { TasksTab } from "../../renderer/src/tabs/tasks/TasksTab.js";
import { ttlLeft } from "../../renderer/src/util/time.js";
import { receiverTask, session, T0 } from "./fixtures.js";
import { renderWithStore } from "./renderWithStore.js";

vi.mock("../../renderer/src/util/time.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../renderer/src/util/time.js")>();
  return { ...original, ttlLeft: vi.fn(original.ttlLeft) };
});

// Each row reads its task's time left once a render, whatever columns it draws.
const rowRenders = vi.mocked(ttlLeft);

beforeEach(() => rowRenders.mockClear());

const TASKS = 10_000;

function tenThousand() {
  const tasks = Array.from({ length: TASKS }, (_, i) => receiverTask(`task-${i}`, { createdAt: T0 + i, status: i % 2 ? "input_required" : "working" }));
  return renderWithStore(<TasksTab />, { snapshot: { sessions: [session()], receiverTasks: tasks } });
}

const statusOf = (i: number, flips: number): TaskStatus => ((i + flips) % 2 ? "input_required" : "working");
function change(i: number, status: TaskStatus): InspectorEvent {
  const view = receiverTask(`task-${i}`, { createdAt: T0 + i, status });
  return { type: "receiverTaskChanged", payload: { ...view, task: { ...view.task, statusMessage: `now ${status}` } } };
}

function shownIds(): string[] {
  const table = screen.getByRole("table", { name: "Tasks" });
  return within(table)
    .queryAllByText(/^task-/, { selector: "code" })
    .map((c) => c.textContent ?? "");
}

function cellsOfTask(taskId: string): string[] {
  const row = screen.getByText(taskId, { selector: "code" }).closest('[role="row"]') as HTMLElement;
  return within(row).getAllByRole("cell").map((c) => c.textContent ?? "");
}

describe("Tasks table under a flood", () => {
  it("a batch touching one visible task of 10,000 renders that row alone; one touching an unseen task renders none", () => {
    const { store } = tenThousand();
    const visible = shownIds();
    expect(visible[0]).toBe("task-9999");
    expect(visible.length).toBeGreaterThan(5);
    rowRenders.mockClear();

    act(() => store.getState().applyEvents([change(9998, "completed")]));
    expect(rowRenders).toHaveBeenCalledTimes(1);
    expect(cellsOfTask("task-9998")[3]).toBe("completed");
    // A finished task's message is its last one.
    expect(cellsOfTask("task-9998")[4]).toBe("last: now completed");

    rowRenders.mockClear();
    act(() => store.getState().applyEvents(Array.from({ length: 200 }, (_, i) => change(i, "completed"))));
    expect(rowRenders).not.toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toBe("10000 tasks");
    expect(shownIds()).toEqual(visible);
  });

  it("a status filter stays exact through batches of status changes, newest first", () => {
    const { store } = tenThousand();
    fireEvent.change(screen.getByRole("combobox", { name: "Status" }), { target: { value: "working" } });
    expect(screen.getByRole("status").textContent).toBe("5000 tasks");
    expect(shownIds().slice(0, 3)).toEqual(["task-9998", "task-9996", "task-9994"]);

    // One batch at a time: every task from 9,990 up flips, and 50 old ones finish.
    act(() => store.getState().applyEvents(Array.from({ length: 10 }, (_, k) => change(9990 + k, statusOf(9990 + k, 1)))));
    expect(shownIds().slice(0, 5)).toEqual(["task-9999", "task-9997", "task-9995", "task-9993", "task-9991"]);
    act(() => store.getState().applyEvents(Array.from({ length: 50 }, (_, k) => change(2 * k, "completed"))));
    expect(screen.getByRole("status").textContent).toBe(`${5000 - 50} tasks`);

    // Two batches before one render: the view notices it missed one and rebuilds.
    act(() => {
      store.getState().applyEvents([change(9999, "failed")]);
      store.getState().applyEvents([change(9997, "completed"), change(9998, "working")]);
    });
    expect(shownIds().slice(0, 3)).toEqual(["task-9998", "task-9995", "task-9993"]);
    expect(screen.getByRole("status").textContent).toBe(`${5000 - 50 - 1} tasks`);
    expect(cellsOfTask("task-9998")[3]).toBe("working");

    fireEvent.change(screen.getByRole("combobox", { name: "Status" }), { target: { value: "completed" } });
    expect(screen.getByRole("status").textContent).toBe("51 tasks");
    expect(shownIds().slice(0, 2)).toEqual(["task-9997", "task-98"]);
  });

  it("the open details follow their task through a batch that renders no other row", () => {
    const { store } = tenThousand();
    fireEvent.click(screen.getByRole("button", { name: "Details of task task-9999" }));
    const details = () => within(screen.getByRole("region", { name: "Task task-9999" }));
    expect(details().getByText(/"input_required"/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Details of task task-9999" }).getAttribute("aria-pressed")).toBe("true");
    rowRenders.mockClear();
    act(() => store.getState().applyEvents([change(9999, "completed")]));
    expect(details().getByText(/"completed"/)).toBeTruthy();
    expect(rowRenders).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button", { name: "Cancel task task-9999" })).toBeNull();
  });
});
