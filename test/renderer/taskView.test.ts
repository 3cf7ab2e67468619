// The Tasks table's views: every filter, followed batch by batch from the keys each batch touched,
// shows exactly what a view built from scratch shows, newest first.
import { describe, expect, it } from "vitest";
import type { InspectorEvent } from "../../shared/contract.js";
import { DEFAULT_SETTINGS, type TaskStatus } from "../../shared/types.js";
import { createInspectorStore, type InspectorState } from "../../renderer/src/store/inspectorStore.js";
import { taskKey } from "../../renderer/src/store/keys.js";
import { allTasksView, FilteredTaskView, type TaskFilter, type TaskView } from "../../renderer/src/tabs/tasks/taskRows.js";
import { clientTask, receiverTask } from "./fixtures.js";

const STATUSES: TaskStatus[] = ["working", "input_required", "completed", "failed", "cancelled"];
const FILTERS: TaskFilter[] = (["all", "client", "receiver"] as const).flatMap((kind) => (["all", ...STATUSES] as const).map((status) => ({ kind, status })));

/** A small deterministic generator (mulberry32), so a failure reproduces. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function keysOf(view: TaskView): string[] {
  return Array.from({ length: view.length }, (_, i) => view.keyAt(i) as string);
}

/** What the table must show: taskOrder newest first, kept by the filter (client record first). */
function expected(s: InspectorState, filter: TaskFilter): string[] {
  return [...s.taskOrder].reverse().filter((key) => {
    const client = s.clientTasks[key];
    const entry = client ?? s.receiverTasks[key];
    const kind = client ? "client" : "receiver";
    return !!entry && (filter.kind === "all" || filter.kind === kind) && (filter.status === "all" || entry.task.status === filter.status);
  });
}

describe("Tasks table views", () => {
  it("no filter: taskOrder read backwards, with indexOf", () => {
    const view = allTasksView(["a", "b", "c"]);
    expect(keysOf(view)).toEqual(["c", "b", "a"]);
    expect([view.indexOf("c"), view.indexOf("a"), view.indexOf("zzz")]).toEqual([0, 2, -1]);
  });

  it("every filter, updated incrementally over 200 random batches, equals a fresh build and finds each row by key", () => {
    const next = random(42);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const store = createInspectorStore();
    const ids = Array.from({ length: 300 }, (_, i) => `t${i}`);
    store.getState().applyEvents(
      ids.map((id, i): InspectorEvent =>
        i % 3 === 0 ? { type: "clientTaskChanged", payload: clientTask(id, { status: pick(STATUSES) }) } : { type: "receiverTaskChanged", payload: receiverTask(id, { status: pick(STATUSES) }) },
      ),
    );
    let state = store.getState();
    const views = FILTERS.map((filter) => ({ filter, view: new FilteredTaskView(state, state.taskOrder, filter) }));
    for (let batch = 0; batch < 200; batch++) {
      const events = Array.from({ length: 1 + Math.floor(next() * 20) }, (): InspectorEvent => {
        const i = Math.floor(next() * ids.length);
        const id = ids[i] as string;
        return i % 3 === 0
          ? { type: "clientTaskChanged", payload: clientTask(id, { status: pick(STATUSES) }) }
          : { type: "receiverTaskChanged", payload: receiverTask(id, { status: pick(STATUSES) }) };
      });
      store.getState().applyEvents(events);
      state = store.getState();
      const changed = state.tasksChanged;
      if (changed === "all") throw new Error("a batch of status changes names its keys");
      for (const entry of views) {
        expect(entry.view.isFor(state, state.taskOrder, entry.filter)).toBe(true);
        entry.view.update(changed);
        const want = expected(state, entry.filter);
        expect(keysOf(entry.view), `${entry.filter.kind}/${entry.filter.status} after batch ${batch}`).toEqual(want);
        expect(keysOf(new FilteredTaskView(state, state.taskOrder, entry.filter))).toEqual(want);
      }
    }
    for (const { filter, view } of views) {
      const shown = new Set(keysOf(view));
      for (const id of ids) {
        const key = taskKey("s1", id);
        expect(view.indexOf(key), `${filter.kind}/${filter.status} ${id}`).toBe(shown.has(key) ? keysOf(view).indexOf(key) : -1);
      }
    }
  });

  it("a view knows when it no longer fits: tasks came or went, or a snapshot replaced the records", () => {
    const store = createInspectorStore();
    store.getState().applyEvents([{ type: "receiverTaskChanged", payload: receiverTask("a") }]);
    const filter: TaskFilter = { kind: "all", status: "working" };
    const s1 = store.getState();
    const view = new FilteredTaskView(s1, s1.taskOrder, filter);
    store.getState().applyEvents([{ type: "receiverTaskChanged", payload: receiverTask("b") }]);
    const s2 = store.getState();
    expect(view.isFor(s2, s2.taskOrder, filter)).toBe(false);
    const current = new FilteredTaskView(s2, s2.taskOrder, filter);
    store.getState().applySnapshot({ sessions: [], pendingInputs: [], clientTasks: [], receiverTasks: [receiverTask("a"), receiverTask("b")], settings: DEFAULT_SETTINGS });
    const s3 = store.getState();
    expect(s3.tasksChanged).toBe("all");
    expect(s3.receiverTasks).not.toBe(s2.receiverTasks);
    expect(current.isFor(s3, s3.taskOrder, filter)).toBe(false);
  });

  it("M3 / Q2: the Status filter files a client task the server deleted under \"deleted\", the word its row shows, not the \"working\" it last had", () => {
    const store = createInspectorStore();
    const deletedAt = new Date().toISOString();
    store.getState().applySnapshot({
      sessions: [],
      pendingInputs: [],
      clientTasks: [clientTask("gone", { deletedAt }), clientTask("live")],
      receiverTasks: [],
      settings: DEFAULT_SETTINGS,
    });
    const s = store.getState();
    const shown = (status: TaskFilter["status"]) => keysOf(new FilteredTaskView(s, s.taskOrder, { kind: "all", status }));
    expect(shown("working")).toEqual([taskKey("s1", "live")]);
    expect(shown("deleted")).toEqual([taskKey("s1", "gone")]);
  });
});
