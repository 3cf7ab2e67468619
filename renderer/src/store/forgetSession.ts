// A session the user removed (`sessionRemoved`): everything the page shows for it goes, as in the core.
// Kept apart from the slices so each slice's own reducer stays about its own events. It reads the slices'
// state types, not the store's: the store imports this module, and nothing here imports back.
import type { DraftsState } from "./draftsSlice.js";
import type { LogState } from "./logSlice.js";
import type { PendingInputsState } from "./pendingInputsSlice.js";
import type { ResourcesState } from "./resourcesSlice.js";
import type { TasksState } from "./tasksSlice.js";
import type { ToolsState } from "./toolsSlice.js";

type Forgettable = Pick<
  LogState & ToolsState & PendingInputsState & ResourcesState & TasksState & DraftsState,
  "drafts" | "logs" | "runs" | "withdrawnNotes" | "requestHistory" | "pendingInputs" | "toolsBySession" | "resourceUpdates" | "listChanges" | "clientTasks" | "receiverTasks" | "taskOrder" | "tasksVersion" | "tasksChanged"
>;

export function forgetSessions(state: Forgettable, sessionIds: ReadonlySet<string>): Partial<Forgettable> {
  const without = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).filter(([id]) => !sessionIds.has(id)));
  // Task records are updated in place by the tasks slice (see tasksSlice.ts); the order and version say they changed.
  const gone = new Set<string>();
  for (const [key, task] of Object.entries(state.clientTasks)) if (sessionIds.has(task.sessionId)) (gone.add(key), delete state.clientTasks[key]);
  for (const [key, task] of Object.entries(state.receiverTasks)) if (sessionIds.has(task.sessionId)) (gone.add(key), delete state.receiverTasks[key]);
  // Drafts and view state kept for the session (typed arguments, the last resource read or prompt result).
  const draftGone = (key: string) => key.split("\u0000").some((part) => sessionIds.has(part));
  return {
    drafts: Object.fromEntries(Object.entries(state.drafts).filter(([key]) => !draftGone(key))),
    logs: without(state.logs),
    toolsBySession: without(state.toolsBySession),
    resourceUpdates: without(state.resourceUpdates),
    listChanges: without(state.listChanges),
    runs: state.runs.filter((r) => !sessionIds.has(r.sessionId)),
    withdrawnNotes: state.withdrawnNotes.filter((n) => !sessionIds.has(n.input.sessionId)),
    pendingInputs: state.pendingInputs.filter((p) => !sessionIds.has(p.sessionId)),
    requestHistory: state.requestHistory.filter((e) => !sessionIds.has(e.input.sessionId)),
    ...(gone.size ? { taskOrder: state.taskOrder.filter((key) => !gone.has(key)), tasksVersion: state.tasksVersion + 1, tasksChanged: "all" as const } : {}),
  };
}
