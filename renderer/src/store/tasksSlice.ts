// Tasks slice: client tasks (we are the requestor) and receiver tasks (we are the receiver), keyed
// by session and task id. A batch costs O(events in the batch), not O(tasks): a server flooding 10,000
// status changes a second over 10,000 tasks must not make every batch copy 10,000 entries.
//
// So the two records are owned by the store and updated in place: their identity never changes
// while the store lives (a snapshot replaces them). Each task object is replaced, never mutated, so
// a selector of one task (`s.receiverTasks[key]`) sees its changes. A view of many tasks follows
// `taskOrder` (a new array whenever the set of tasks changes) and, for what depends on every task's
// contents (a status filter), `tasksVersion` and `tasksChanged` (the keys the last batch touched).
import type { InspectorEvent } from "../../../shared/contract.js";
import type { ClientTask, ReceiverTask } from "../../../shared/types.js";
import { taskKey } from "./keys.js";

export interface TasksState {
  /** Updated in place (see above): select one task by key, or follow tasksVersion. */
  clientTasks: Record<string, ClientTask>;
  /** Updated in place (see above): select one task by key, or follow tasksVersion. */
  receiverTasks: Record<string, ReceiverTask>;
  /**
   * Keys of both kinds, in the order the tasks first appeared. A new array whenever a task appears or
   * leaves, or a key changes kind (a client task with the key of a receiver task: the client one is shown).
   */
  taskOrder: string[];
  /** Bumped by every batch (or snapshot) that touches a task. */
  tasksVersion: number;
  /** The keys the change to `tasksVersion` touched, in first-touch order; "all" after a snapshot. */
  tasksChanged: readonly string[] | "all";
}

/** Fresh records for a new store (never shared: they are updated in place). */
export function createTasksState(): TasksState {
  return { clientTasks: {}, receiverTasks: {}, taskOrder: [], tasksVersion: 0, tasksChanged: [] };
}

/** Whether a key names a task of either kind. */
export function hasTask(state: Pick<TasksState, "clientTasks" | "receiverTasks">, key: string): boolean {
  return key in state.clientTasks || key in state.receiverTasks;
}

/**
 * Apply a batch's task events in order, updating the records in place. Returns `state` itself when
 * no event touched a task, else the fields that changed. The only O(tasks) step is rebuilding
 * `taskOrder` in a batch that removes tasks (an expiry or a disconnect, not a status change).
 */
export function reduceTasks(state: TasksState, events: InspectorEvent[]): TasksState {
  const { clientTasks, receiverTasks } = state;
  // key → whether the task existed before this batch, recorded at the key's first touch.
  let touched: Map<string, boolean> | undefined;
  let kindChanged = false;
  const touch = (key: string) => {
    touched ??= new Map();
    if (!touched.has(key)) touched.set(key, hasTask(state, key));
  };
  for (const event of events) {
    if (event.type === "clientTaskChanged") {
      const key = taskKey(event.payload.sessionId, event.payload.task.taskId);
      touch(key);
      if (!(key in clientTasks) && key in receiverTasks) kindChanged = true;
      clientTasks[key] = event.payload;
    } else if (event.type === "receiverTaskChanged") {
      const key = taskKey(event.payload.sessionId, event.payload.task.taskId);
      touch(key);
      receiverTasks[key] = event.payload;
    } else if (event.type === "clientTaskRemoved") {
      const key = taskKey(event.payload.sessionId, event.payload.taskId);
      if (!(key in clientTasks)) continue;
      touch(key);
      delete clientTasks[key];
    } else if (event.type === "receiverTaskRemoved") {
      const key = taskKey(event.payload.sessionId, event.payload.taskId);
      const { trace } = event.payload;
      // With a trace the row stays, marked "deleted at"; without, it leaves (the core bounds the traces).
      if (trace) {
        touch(key);
        receiverTasks[key] = trace;
        continue;
      }
      if (!(key in receiverTasks)) continue;
      touch(key);
      delete receiverTasks[key];
    }
  }
  if (!touched) return state;

  let removed: Set<string> | undefined;
  let added: string[] | undefined;
  for (const [key, existed] of touched) {
    const exists = hasTask(state, key);
    if (existed && !exists) (removed ??= new Set()).add(key);
    else if (!existed && exists) (added ??= []).push(key);
  }
  let taskOrder = state.taskOrder;
  if (removed) {
    const gone = removed;
    taskOrder = taskOrder.filter((key) => !gone.has(key));
  }
  if (added) taskOrder = taskOrder.concat(added);
  else if (kindChanged && taskOrder === state.taskOrder) taskOrder = taskOrder.slice();
  return { clientTasks, receiverTasks, taskOrder, tasksVersion: state.tasksVersion + 1, tasksChanged: [...touched.keys()] };
}

/** The state as a snapshot describes it (first frame, or after the bridge reconnected): new records. */
export function tasksFromSnapshot(previous: Pick<TasksState, "tasksVersion">, clientTasks: ClientTask[], receiverTasks: ReceiverTask[]): TasksState {
  const state: TasksState = { ...createTasksState(), tasksVersion: previous.tasksVersion + 1, tasksChanged: "all" };
  const all = [
    ...clientTasks.map((t) => ({ kind: "client" as const, t, created: t.task.createdAt })),
    ...receiverTasks.map((t) => ({ kind: "receiver" as const, t, created: t.task.createdAt })),
  ].sort((a, b) => a.created.localeCompare(b.created));
  const seen = new Set<string>();
  for (const entry of all) {
    const key = taskKey(entry.t.sessionId, entry.t.task.taskId);
    if (entry.kind === "client") state.clientTasks[key] = entry.t as ClientTask;
    else state.receiverTasks[key] = entry.t as ReceiverTask;
    if (!seen.has(key)) state.taskOrder.push(key);
    seen.add(key);
  }
  return state;
}
