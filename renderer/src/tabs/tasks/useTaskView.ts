// The Tasks table's view of the store for a filter, doing per batch only what the filter needs:
// - no filter: taskOrder read backwards (changes only when tasks come or go);
// - a kind or session filter: rebuilt when tasks come or go, never on a status change;
// - a status filter: updated from the keys each batch touched (tasksChanged), rebuilt only when
//   tasks come or go, after a snapshot, or when it missed a batch (two batches in one render).
import { useMemo, useRef } from "react";
import { useInspector } from "../../app/context.js";
import { allTasksView, FilteredTaskView, keepsAll, type TaskFilter, type TaskView } from "./taskRows.js";

export function useTaskView(filter: TaskFilter): TaskView {
  const clientTasks = useInspector((s) => s.clientTasks);
  const receiverTasks = useInspector((s) => s.receiverTasks);
  const taskOrder = useInspector((s) => s.taskOrder);
  const byStatus = filter.status !== "all";
  // Without a status filter these stay constant, so a status change does not render the table at all.
  const version = useInspector((s) => (byStatus ? s.tasksVersion : 0));
  const changed = useInspector((s) => (byStatus ? s.tasksChanged : "all"));
  const all = useMemo(() => allTasksView(taskOrder), [taskOrder]);
  const cache = useRef<{ view: FilteredTaskView; version: number }>(undefined);

  if (keepsAll(filter)) return all;
  const records = { clientTasks, receiverTasks };
  const cached = cache.current;
  if (cached?.view.isFor(records, taskOrder, filter)) {
    if (cached.version === version) return cached.view;
    // The records are updated in place, so the view can follow the batch it is one behind.
    if (version === cached.version + 1 && changed !== "all") {
      cached.view.update(changed);
      cached.version = version;
      return cached.view;
    }
  }
  const view = new FilteredTaskView(records, taskOrder, filter);
  cache.current = { view, version };
  return view;
}
