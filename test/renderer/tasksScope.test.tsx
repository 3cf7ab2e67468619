// @vitest-environment happy-dom
// Issue 21: the Tasks tab shows the selected session's tasks, with an "All sessions" choice that adds a
// Server column; its columns are sized to the words they carry, so the state is never cut.
import "./setup.js";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TasksTab } from "../../renderer/src/tabs/tasks/TasksTab.js";
import { clientTask, receiverTask, session, T0 } from "./fixtures.js";
import { renderWithStore } from "./renderWithStore.js";
import { createFakeBridge } from "./fakeBridge.js";
import { renderApp } from "./renderApp.js";

const headers = () => screen.getAllByRole("columnheader").map((h) => h.textContent);
const taskIds = () => screen.queryAllByText(/^(a|b)-\d$/, { selector: "code" }).map((c) => c.textContent);
/** The grid tracks of the table's header row, as drawn. */
const tracks = () => (screen.getAllByRole("row")[0] as HTMLElement).style.gridTemplateColumns;
const chOf = (track: string) => Number(/^([\d.]+)ch$/.exec(track)?.[1] ?? Number.NaN);

function twoSessions() {
  const view = renderWithStore(<TasksTab />, {
    snapshot: {
      sessions: [session({ sessionId: "a", serverName: "Alpha server" }), session({ sessionId: "b", serverName: "Beta" })],
      clientTasks: [clientTask("a-1", { sessionId: "a" }), clientTask("b-1", { sessionId: "b", toolName: "trigger-long-running-operation" })],
      receiverTasks: [receiverTask("b-2", { sessionId: "b" })],
    },
  });
  act(() => view.store.getState().selectSession("a"));
  return view;
}

describe("Tasks tab: sessions and column widths (issue 21)", () => {
  it("issue 21: shows the selected session's tasks only, without a Server column, and follows the session picked", () => {
    const { store } = twoSessions();
    expect(taskIds()).toEqual(["a-1"]);
    expect(headers()).not.toContain("Server");
    expect(screen.getByRole("combobox", { name: "Sessions" })).toHaveProperty("value", "session");
    expect(screen.getByRole("option", { name: "This session: Alpha server" })).toBeTruthy();
    act(() => store.getState().selectSession("b"));
    expect(taskIds().sort()).toEqual(["b-1", "b-2"]);
    expect(screen.getByRole("status").textContent).toBe("2 tasks");
  });

  it("issue 21: All sessions lists every session's tasks with a Server column naming each one's server", async () => {
    const user = userEvent.setup();
    twoSessions();
    await user.selectOptions(screen.getByRole("combobox", { name: "Sessions" }), "all");
    expect(taskIds().sort()).toEqual(["a-1", "b-1", "b-2"]);
    expect(headers()[0]).toBe("Server");
    const row = screen.getByText("a-1", { selector: "code" }).closest('[role="row"]') as HTMLElement;
    expect(within(row).getAllByRole("cell")[0]!.textContent).toBe("Alpha server");
    // The choice is a view setting: it stays when the tab is drawn again.
    expect(screen.getByRole("combobox", { name: "Sessions" })).toHaveProperty("value", "all");
  });

  it("issue 21: a clicked notification naming another session's task switches to All sessions, so the task is shown", async () => {
    const bridge = createFakeBridge();
    await renderApp(
      {
        sessions: [session({ sessionId: "a", serverName: "Alpha server" }), session({ sessionId: "b", serverName: "Beta" })],
        clientTasks: [clientTask("a-1", { sessionId: "a", status: "completed" }), clientTask("b-1", { sessionId: "b", status: "completed" })],
      },
      bridge,
    );
    const selected = (screen.getByRole("combobox", { name: "Session" }) as HTMLSelectElement).value;
    const other = selected === "a" ? "b" : "a";
    bridge.emit({ type: "navigate", payload: { tab: "tasks", itemId: `${other}-1`, sessionId: other } });
    expect(await screen.findByRole("region", { name: `Task ${other}-1` })).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Sessions" })).toHaveProperty("value", "all");
    expect(screen.getByText(`${other}-1`, { selector: "code" })).toBeTruthy();
  });

  it("issue 21: Kind, Origin, Status, Deleted in and Pending input are sized to their longest words, so they are never cut", () => {
    renderWithStore(<TasksTab />, {
      snapshot: {
        sessions: [session()],
        clientTasks: [clientTask("m-1", { era: "modern", listening: true, toolName: "simulate-research-query" })],
        receiverTasks: [
          receiverTask("r-1", { status: "cancelled", ending: "cancelledByServer" }),
          receiverTask("r-2", { status: "working", ending: "expired", deletedAt: new Date(T0).toISOString(), createdAt: T0 + 1 }),
        ],
      },
    });
    // Task ID, Kind, Origin, Status, Status message, Created, Deleted in, Poll interval, Pending input, Actions.
    const [, kind, origin, status, , , deletedIn, , input] = tracks().match(/minmax\([^)]*\)|\S+/g)!;
    // The task id and the status message take the room left (cut, whole on hover and in Details).
    expect(tracks()).toMatch(/^minmax\(12ch, 1\.4fr\) /);
    expect(chOf(kind!)).toBeGreaterThanOrEqual("client · 2026 · live updates".length);
    expect(chOf(origin!)).toBeGreaterThanOrEqual("simulate-research-query".length);
    expect(chOf(status!)).toBeGreaterThanOrEqual("cancelled · cancelled by the server".length);
    expect(chOf(deletedIn!)).toBeGreaterThanOrEqual("deleted at 10:31:02".length);
    expect(chOf(input!)).toBeGreaterThanOrEqual("elicitation waiting".length);
    // The whole status is on hover too.
    const row = screen.getByText("r-1", { selector: "code" }).closest('[role="row"]') as HTMLElement;
    expect(within(row).getAllByRole("cell")[3]!.getAttribute("title")).toBe("cancelled · cancelled by the server");
  });

  it("issue 21: a server's 1 MB tool and server names leave the Origin and Server columns at their cap, cut with the whole name on hover", async () => {
    const user = userEvent.setup();
    const huge = "n".repeat(1024 * 1024);
    renderWithStore(<TasksTab />, { snapshot: { sessions: [session({ serverName: huge })], clientTasks: [clientTask("c-1", { toolName: huge })] } });
    await user.selectOptions(screen.getByRole("combobox", { name: "Sessions" }), "all");
    const [server, , , origin] = tracks().match(/minmax\([^)]*\)|\S+/g)!;
    expect(chOf(server!)).toBeLessThanOrEqual(32);
    expect(chOf(origin!)).toBeLessThanOrEqual(32);
    const cells = within(screen.getByText("c-1", { selector: "code" }).closest('[role="row"]') as HTMLElement).getAllByRole("cell");
    expect(cells[3]!.querySelector("span")?.getAttribute("title")).toHaveLength(huge.length);
  });

  it("issue 21: a task that appears with longer words widens its column; once it leaves, the column fits the rest again", () => {
    const { store } = renderWithStore(<TasksTab />, { snapshot: { sessions: [session()], clientTasks: [clientTask("c-1")] } });
    const statusWidth = () => chOf(tracks().match(/minmax\([^)]*\)|\S+/g)![3]!);
    const before = statusWidth();
    expect(before).toBeLessThan("cancelled · cancelled by the server".length);
    act(() => store.getState().applyEvents([{ type: "receiverTaskChanged", payload: receiverTask("r-1", { status: "cancelled", ending: "cancelledByServer", createdAt: T0 + 5 }) }]));
    expect(statusWidth()).toBeGreaterThanOrEqual("cancelled · cancelled by the server".length);
    act(() => store.getState().applyEvents([{ type: "receiverTaskRemoved", payload: { sessionId: "s1", taskId: "r-1" } }]));
    expect(statusWidth()).toBe(before);
  });

  it("issue 21: a column grows when a batch gives a task longer words, and never shrinks back (nothing jumps)", () => {
    const { bridge, store } = renderWithStore(<TasksTab />, {
      snapshot: { sessions: [session()], receiverTasks: [receiverTask("r-1"), receiverTask("r-2", { createdAt: T0 + 1 })] },
    });
    const statusWidth = () => chOf(tracks().match(/minmax\([^)]*\)|\S+/g)![3]!);
    const before = statusWidth();
    expect(before).toBeLessThan("cancelled · cancelled by the server".length);
    act(() => store.getState().applyEvents([{ type: "receiverTaskChanged", payload: receiverTask("r-1", { status: "cancelled", ending: "cancelledByServer" }) }]));
    const grown = statusWidth();
    expect(grown).toBeGreaterThanOrEqual("cancelled · cancelled by the server".length);
    act(() => store.getState().applyEvents([{ type: "receiverTaskChanged", payload: receiverTask("r-2", { status: "completed" }) }]));
    expect(statusWidth()).toBe(grown);
    void bridge;
  });
});
