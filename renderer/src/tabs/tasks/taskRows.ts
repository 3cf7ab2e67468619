// The Tasks table's rows: client and receiver tasks side by side, newest first, filtered.
import type { Task } from "@modelcontextprotocol/sdk/types.js";
import type { ClientTask, ReceiverTask, TaskStatus } from "../../../../shared/types.js";
import type { TasksState } from "../../store/tasksSlice.js";

export type TaskKind = "client" | "receiver";

export interface TaskRow {
  key: string;
  kind: TaskKind;
  sessionId: string;
  task: Task;
  /** The tool name for a client task; "sampling" or "elicitation" for a receiver task. */
  origin: string;
  linkedInputIds: string[];
  client?: ClientTask;
  receiver?: ReceiverTask;
}

export const TERMINAL: ReadonlySet<string> = new Set<TaskStatus>(["completed", "failed", "cancelled"]);

export interface TaskFilter {
  kind: TaskKind | "all";
  status: TaskStatus | "all";
}

export function taskRows(state: TasksState, filter: TaskFilter): TaskRow[] {
  const rows: TaskRow[] = [];
  for (let i = state.taskOrder.length - 1; i >= 0; i--) {
    const key = state.taskOrder[i] as string;
    const client = state.clientTasks[key];
    if (client) {
      if (filter.kind !== "all" && filter.kind !== "client") continue;
      if (filter.status !== "all" && client.task.status !== filter.status) continue;
      rows.push({ key, kind: "client", sessionId: client.sessionId, task: client.task, origin: client.toolName, linkedInputIds: client.pendingInputIds, client });
      continue;
    }
    const receiver = state.receiverTasks[key];
    if (!receiver) continue;
    if (filter.kind !== "all" && filter.kind !== "receiver") continue;
    if (filter.status !== "all" && receiver.task.status !== filter.status) continue;
    rows.push({
      key,
      kind: "receiver",
      sessionId: receiver.sessionId,
      task: receiver.task,
      origin: receiver.method === "sampling/createMessage" ? "sampling" : "elicitation",
      linkedInputIds: receiver.pendingInputId ? [receiver.pendingInputId] : [],
      receiver,
    });
  }
  return rows;
}
