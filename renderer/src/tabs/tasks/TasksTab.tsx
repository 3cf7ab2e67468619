// Tasks: every client and receiver task of every session, virtualised; filter by kind and status;
// "Cancel" on live ones; details (result or error) of any; refresh through tasks/list.
import { useEffect, useMemo, useState } from "react";
import type { Task } from "@modelcontextprotocol/sdk/types.js";
import type { TaskStatus } from "../../../../shared/types.js";
import { useBridge, useInspector } from "../../app/context.js";
import { useFocusItem } from "../../app/focusItem.js";
import { useSelectTab } from "../../app/navigation.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { JsonView } from "../../components/JsonView.js";
import { useNow } from "../../components/useNow.js";
import { VirtualTable, type Column } from "../../components/VirtualTable.js";
import { taskKey } from "../../store/keys.js";
import { errorMessage } from "../../util/errors.js";
import { formatClock, formatMs, formatTimeLeft, ttlLeft } from "../../util/time.js";
import { TaskDetails } from "./TaskDetails.js";
import { TERMINAL, taskRows, type TaskFilter, type TaskKind, type TaskRow } from "./taskRows.js";

const STATUSES: TaskStatus[] = ["working", "input_required", "completed", "failed", "cancelled"];

const COLUMNS: Column[] = [
  { id: "taskId", header: "Task ID", width: "minmax(6rem, 1.4fr)" },
  { id: "kind", header: "Kind", width: "4.5rem" },
  { id: "origin", header: "Origin", width: "minmax(6rem, 1fr)" },
  { id: "status", header: "Status", width: "7.5rem" },
  { id: "statusMessage", header: "Status message", width: "minmax(5rem, 1.6fr)" },
  { id: "created", header: "Created", width: "5rem" },
  { id: "ttl", header: "Time left", width: "6rem" },
  { id: "poll", header: "Poll interval", width: "5rem" },
  { id: "input", header: "Pending input", width: "8.5rem" },
  { id: "actions", header: "Actions", width: "8.5rem" },
];

export function TasksTab() {
  const bridge = useBridge();
  const clientTasks = useInspector((s) => s.clientTasks);
  const receiverTasks = useInspector((s) => s.receiverTasks);
  const taskOrder = useInspector((s) => s.taskOrder);
  const pendingInputs = useInspector((s) => s.pendingInputs);
  const sessions = useInspector((s) => s.sessions);
  const selectTab = useSelectTab();
  const [filter, setFilter] = useState<TaskFilter>({ kind: "all", status: "all" });
  const [selectedKey, setSelectedKey] = useState<string>();
  const [error, setError] = useState<string>();
  const [listed, setListed] = useState<{ serverName: string; tasks: Task[] }[]>();
  const [refreshing, setRefreshing] = useState(false);
  const now = useNow(1000);
  const focusItem = useFocusItem();
  const [scrollTarget, setScrollTarget] = useState<string>();

  // A clicked notification names a client task: show it, whatever the filter was.
  useEffect(() => {
    if (!focusItem?.sessionId) return;
    const key = taskKey(focusItem.sessionId, focusItem.itemId);
    setFilter({ kind: "all", status: "all" });
    setSelectedKey(key);
    setScrollTarget(key);
  }, [focusItem]);

  const rows = useMemo(() => taskRows({ clientTasks, receiverTasks, taskOrder }, filter), [clientTasks, receiverTasks, taskOrder, filter]);
  const pendingById = useMemo(() => new Map(pendingInputs.map((p) => [p.id, p])), [pendingInputs]);
  // A pending input names its receiver task too; that link holds even before the task's own
  // record mentions the input.
  const pendingByReceiverTask = useMemo(
    () => new Map(pendingInputs.flatMap((p) => (p.receiverTaskId ? [[taskKey(p.sessionId, p.receiverTaskId), p] as const] : []))),
    [pendingInputs],
  );
  const selectedIndex = selectedKey ? rows.findIndex((r) => r.key === selectedKey) : -1;
  const selectedRow = selectedIndex >= 0 ? rows[selectedIndex] : undefined;
  const scrollIndex = scrollTarget ? rows.findIndex((r) => r.key === scrollTarget) : -1;
  const listable = Object.values(sessions).filter((s) => s.state === "connected" && s.serverCapabilities?.tasks?.list);

  const cancel = async (row: TaskRow) => {
    setError(undefined);
    try {
      if (row.kind === "client") await bridge.cancelClientTask({ sessionId: row.sessionId, taskId: row.task.taskId });
      else await bridge.cancelReceiverTask({ sessionId: row.sessionId, taskId: row.task.taskId });
    } catch (e) {
      setError(`Could not cancel task ${row.task.taskId}: ${errorMessage(e)}`);
    }
  };

  const refresh = async () => {
    setError(undefined);
    setRefreshing(true);
    try {
      const results = await Promise.all(
        listable.map(async (s) => ({ serverName: s.serverName, sessionId: s.sessionId, tasks: (await bridge.refreshClientTasks({ sessionId: s.sessionId })).tasks })),
      );
      // Tasks we follow update through events; the rest (started elsewhere) are shown as listed.
      setListed(results.map((r) => ({ serverName: r.serverName, tasks: r.tasks.filter((t) => !clientTasks[taskKey(r.sessionId, t.taskId)]) })));
    } catch (e) {
      setError(`Could not refresh client tasks: ${errorMessage(e)}`);
    } finally {
      setRefreshing(false);
    }
  };

  const cells = (index: number) => {
    const row = rows[index] as TaskRow;
    const { task } = row;
    const live = !TERMINAL.has(task.status);
    const left = ttlLeft(task.createdAt, task.ttl, now);
    const waiting = row.linkedInputIds.map((id) => pendingById.get(id)).filter((p) => p !== undefined);
    const viaInput = row.kind === "receiver" ? pendingByReceiverTask.get(row.key) : undefined;
    if (viaInput && !waiting.includes(viaInput)) waiting.push(viaInput);
    return [
      <code title={task.taskId}>{task.taskId}</code>,
      row.kind,
      <span title={row.origin}>{row.origin}</span>,
      <span className={`status status-${task.status}`}>{task.status}</span>,
      <span title={task.statusMessage}>{task.statusMessage ?? ""}</span>,
      formatClock(task.createdAt),
      left === undefined ? "unlimited" : formatTimeLeft(left),
      formatMs(task.pollInterval),
      waiting.length ? (
        <button
          type="button"
          className="link"
          aria-label={`Answer input of task ${task.taskId}`}
          onClick={() => selectTab(waiting[0]?.kind === "sampling" ? "sampling" : "elicitations")}
        >
          {waiting[0]?.kind} waiting
        </button>
      ) : row.linkedInputIds.length ? (
        "answered or gone"
      ) : (
        "—"
      ),
      <span className="row-actions">
        {live && (
          <button type="button" aria-label={`Cancel task ${task.taskId}`} onClick={() => void cancel(row)}>
            Cancel
          </button>
        )}
        <button
          type="button"
          aria-label={`Details of task ${task.taskId}`}
          aria-pressed={selectedKey === row.key}
          onClick={() => setSelectedKey(selectedKey === row.key ? undefined : row.key)}
        >
          Details
        </button>
      </span>,
    ];
  };

  return (
    <div className="tasks-tab">
      <div className="toolbar">
        <h2>Tasks</h2>
        <label className="inline">
          Kind{" "}
          <select value={filter.kind} onChange={(e) => setFilter({ ...filter, kind: e.target.value as TaskKind | "all" })}>
            <option value="all">All kinds</option>
            <option value="client">client</option>
            <option value="receiver">receiver</option>
          </select>
        </label>
        <label className="inline">
          Status{" "}
          <select value={filter.status} onChange={(e) => setFilter({ ...filter, status: e.target.value as TaskStatus | "all" })}>
            <option value="all">All statuses</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <button type="button" aria-label="Refresh client tasks" onClick={() => void refresh()} disabled={refreshing || listable.length === 0}>
          Refresh
        </button>
        <span className="note" role="status">
          {rows.length} {rows.length === 1 ? "task" : "tasks"}
        </span>
      </div>
      <ErrorAlert message={error} onDismiss={() => setError(undefined)} />
      <VirtualTable
        label="Tasks"
        columns={COLUMNS}
        rowCount={rows.length}
        renderCells={cells}
        {...(selectedIndex >= 0 ? { selectedIndex } : {})}
        {...(scrollIndex >= 0 ? { scrollToIndex: scrollIndex } : {})}
        rowClassName={(i) => `kind-${rows[i]?.kind ?? ""}`}
      />
      {selectedRow && <TaskDetails row={selectedRow} onClose={() => setSelectedKey(undefined)} />}
      {listed && (
        <section aria-label="Listed by the server" className="listed">
          <h3>tasks/list</h3>
          {listed.map((l) => (
            <div key={l.serverName}>
              <p className="note">
                {l.serverName}: {l.tasks.length === 0 ? "every listed task is followed above." : `${l.tasks.length} listed task(s) not started from here:`}
              </p>
              {l.tasks.length > 0 && <JsonView value={l.tasks} />}
            </div>
          ))}
        </section>
      )}
    </div>
  );
}
