// Tasks slice: client tasks (we are the requestor) and receiver tasks (we are the receiver), keyed
// by session and task id. A batch is applied with one copy of each map, so thousands of status
// changes per frame cost one pass, not one copy per change.
import type { InspectorEvent } from "../../../shared/contract.js";
import type { ClientTask, ReceiverTask } from "../../../shared/types.js";
import { taskKey } from "./keys.js";

export interface TasksState {
  clientTasks: Record<string, ClientTask>;
  receiverTasks: Record<string, ReceiverTask>;
  /** Keys of both kinds, in the order the tasks first appeared. */
  taskOrder: string[];
}

export const initialTasksState: TasksState = { clientTasks: {}, receiverTasks: {}, taskOrder: [] };

export function reduceTasks(state: TasksState, events: InspectorEvent[]): TasksState {
  let clientTasks = state.clientTasks;
  let receiverTasks = state.receiverTasks;
  let added: string[] | undefined;
  let removed: Set<string> | undefined;
  for (const event of events) {
    if (event.type === "clientTaskChanged") {
      const key = taskKey(event.payload.sessionId, event.payload.task.taskId);
      if (clientTasks === state.clientTasks) clientTasks = { ...clientTasks };
      if (!(key in clientTasks)) (added ??= []).push(key);
      clientTasks[key] = event.payload;
    } else if (event.type === "receiverTaskChanged") {
      const key = taskKey(event.payload.sessionId, event.payload.task.taskId);
      if (receiverTasks === state.receiverTasks) receiverTasks = { ...receiverTasks };
      if (!(key in receiverTasks)) (added ??= []).push(key);
      receiverTasks[key] = event.payload;
      removed?.delete(key);
    } else if (event.type === "receiverTaskRemoved") {
      const key = taskKey(event.payload.sessionId, event.payload.taskId);
      if (!(key in receiverTasks)) continue;
      if (receiverTasks === state.receiverTasks) receiverTasks = { ...receiverTasks };
      delete receiverTasks[key];
      (removed ??= new Set()).add(key);
    }
  }
  if (clientTasks === state.clientTasks && receiverTasks === state.receiverTasks) return state;
  let taskOrder = state.taskOrder;
  if (added || removed) {
    const seen = new Set<string>();
    taskOrder = [...state.taskOrder, ...(added ?? [])].filter((key) => {
      if (seen.has(key) || !(key in clientTasks || key in receiverTasks)) return false;
      seen.add(key);
      return true;
    });
  }
  return { clientTasks, receiverTasks, taskOrder };
}

/** The state as a snapshot describes it (first frame, or after the bridge reconnected). */
export function tasksFromSnapshot(clientTasks: ClientTask[], receiverTasks: ReceiverTask[]): TasksState {
  const state: TasksState = { clientTasks: {}, receiverTasks: {}, taskOrder: [] };
  const all = [
    ...clientTasks.map((t) => ({ kind: "client" as const, t, created: t.task.createdAt })),
    ...receiverTasks.map((t) => ({ kind: "receiver" as const, t, created: t.task.createdAt })),
  ].sort((a, b) => a.created.localeCompare(b.created));
  for (const entry of all) {
    const key = taskKey(entry.t.sessionId, entry.t.task.taskId);
    if (entry.kind === "client") state.clientTasks[key] = entry.t as ClientTask;
    else state.receiverTasks[key] = entry.t as ReceiverTask;
    state.taskOrder.push(key);
  }
  return state;
}
