// Tasks: the selected session's client and receiver tasks (or every session's, with a Server column),
// virtualised; filter by kind and status;
// "Cancel" on live ones; details (result or error) of any; refresh through tasks/list.
// A flood of status changes costs this tab O(changes), not O(tasks): the view of the filter follows
// the store incrementally (useTaskView), and each visible row follows its own task (TaskTableRow).
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Group, Panel, Separator } from "react-resizable-panels";
import type { Task } from "@modelcontextprotocol/sdk/types.js";
import type { PendingInput } from "../../../../shared/types.js";
import { useBridge, useInspector } from "../../app/context.js";
import { useFocusItem } from "../../app/focusItem.js";
import { useSelectTab } from "../../app/navigation.js";
import { useStoredState } from "../../app/useStoredState.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { JsonView } from "../../components/JsonView.js";
import { useNow } from "../../components/useNow.js";
import { VirtualTable } from "../../components/VirtualTable.js";
import { draftKeys } from "../../store/draftsSlice.js";
import { taskKey } from "../../store/keys.js";
import { errorMessage } from "../../util/errors.js";
import { TaskDetails } from "./TaskDetails.js";
import { TaskTableRow, type TaskRowActions } from "./TaskTableRow.js";
import { compactTaskColumns, taskColumns, type CompactColumns } from "./taskColumns.js";
import { useColumnWords } from "./useColumnWords.js";
import { NO_FILTER, taskRowOf, type ShownStatus, type TaskFilter, type TaskKind, type TaskRow } from "./taskRows.js";
import { useTaskView } from "./useTaskView.js";
import { ErrorBoundary } from "../../components/ErrorBoundary.js";
import { useOpenRequest } from "../pending/requestDialogState.js";
import { indexPending } from "../pending/waitingOn.js";
import { focusBack, focusedElement } from "../../components/focusReturn.js";

const STATUSES: ShownStatus[] = ["working", "input_required", "completed", "failed", "cancelled", "deleted", "expired"];

const FILTER_KEY = draftKeys.view("tasks", "filter");
const SELECTED_KEY = draftKeys.view("tasks", "selected");

const SCOPE_KEY = draftKeys.view("tasks", "scope");

/** Issue 21: the selected session's tasks, or every session's (then with a Server column). */
type Scope = "session" | "all";

/** Docked on the right, the panel is narrow: fewer columns, and a task's details open below the table. */
export function TasksTab({ docked }: { docked?: "bottom" | "right" } = {}) {
  const narrow = docked === "right";
  const bridge = useBridge();
  const clientTasks = useInspector((s) => s.clientTasks);
  const pendingInputs = useInspector((s) => s.pendingInputs);
  const sessions = useInspector((s) => s.sessions);
  const selectedSessionId = useInspector((s) => s.selectedSessionId);
  const selectTab = useSelectTab();
  const [scope, setScope] = useStoredState<Scope>(SCOPE_KEY, "session");
  // The filter and the open details outlive the tab: switching away and back keeps them.
  const [filter, setFilter] = useStoredState<TaskFilter>(FILTER_KEY, NO_FILTER);
  const [selectedKey, setSelectedKey] = useStoredState<string | undefined>(SELECTED_KEY, undefined);
  const [error, setError] = useState<string>();
  const [listed, setListed] = useState<{ serverName: string; tasks: Task[] }[]>();
  const [refreshing, setRefreshing] = useState(false);
  const now = useNow(1000);
  const focusItem = useFocusItem();
  const [scrollTarget, setScrollTarget] = useState<string>();
  // New tasks arrive at the top; the table stays there unless the user scrolled away to read.
  const [following, setFollowing] = useState(true);
  const [topWhenPaused, setTopWhenPaused] = useState<{ key: string | undefined; count: number }>({ key: undefined, count: 0 });

  // A clicked notification names a client task: show it, whatever the filter was.
  useEffect(() => {
    if (!focusItem?.sessionId) return;
    const key = taskKey(focusItem.sessionId, focusItem.itemId);
    setFilter(NO_FILTER);
    // A task of another session than the one selected: show every session's, so it is in the table.
    if (focusItem.sessionId !== selectedSessionId) setScope("all");
    setSelectedKey(key);
    setScrollTarget(key);
    // Only a new focus item moves the view; the selected session changing later does not.
  }, [focusItem, setFilter, setSelectedKey, setScope]);

  const bySession = scope === "session" && selectedSessionId !== undefined;
  const view = useTaskView(bySession ? { ...filter, sessionId: selectedSessionId } : filter);
  const selectedIndex = selectedKey ? view.indexOf(selectedKey) : -1;
  // With a task's details open beside it (or docked on the right) the table is narrow: fewer columns.
  const compact: CompactColumns | undefined = narrow ? "narrow" : selectedIndex >= 0 ? "beside" : undefined;
  // Issue 21: the columns fit the widest words of the tasks in view (useColumnWords).
  const words = useColumnWords(bySession ? selectedSessionId : undefined);
  const columns = useMemo(() => {
    const all = taskColumns(words, !bySession);
    return compact ? compactTaskColumns(all, compact) : all;
  }, [words, bySession, compact]);
  const pending = useMemo(() => indexPending(pendingInputs), [pendingInputs]);
  // The rows above the one that was on top when the user scrolled away (rows leaving the filter below it do not count).
  const pausedTopIndex = topWhenPaused.key === undefined ? -1 : view.indexOf(topWhenPaused.key);
  const newSincePaused = following ? 0 : pausedTopIndex >= 0 ? pausedTopIndex : Math.max(0, view.length - topWhenPaused.count);
  const scrollIndex = scrollTarget ? view.indexOf(scrollTarget) : -1;
  const listable = Object.values(sessions).filter((s) => s.state === "connected" && s.serverCapabilities?.tasks?.list && (!bySession || s.sessionId === selectedSessionId));

  // Rows get one stable actions object (so their memo holds) that calls the latest closures.
  const openRequest = useOpenRequest();
  const latest = useRef({ bridge, selectTab, openRequest });
  latest.current = { bridge, selectTab, openRequest };
  const actions = useMemo<TaskRowActions>(
    () => ({
      async cancel(row: TaskRow) {
        setError(undefined);
        try {
          const { bridge } = latest.current;
          if (row.kind === "client") await bridge.cancelClientTask({ sessionId: row.sessionId, taskId: row.task.taskId });
          else await bridge.cancelReceiverTask({ sessionId: row.sessionId, taskId: row.task.taskId });
        } catch (e) {
          setError(`Could not cancel task ${row.task.taskId}: ${errorMessage(e)}`);
        }
      },
      toggleDetails(key: string) {
        setSelectedKey((current) => (current === key ? undefined : key));
      },
      answer(input: PendingInput) {
        latest.current.openRequest(input);
      },
    }),
    [setSelectedKey],
  );

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

  const renderRow = (index: number) => {
    const key = view.keyAt(index);
    if (key === undefined) return null;
    return (
      <TaskTableRow
        taskKey={key}
        now={now}
        pending={pending}
        selected={key === selectedKey}
        actions={actions}
        showServer={!bySession}
        compact={compact}
      />
    );
  };
  // A key is shown as its client task when both kinds share it; that changes only with taskOrder.
  const kindOf = (key: string | undefined): TaskKind => (key !== undefined && key in clientTasks ? "client" : "receiver");

  const filterFields = (
    <>
      <label className="inline">
        Sessions{" "}
        <select value={scope} onChange={(e) => setScope(e.target.value as Scope)}>
          <option value="session">{selectedSessionId && sessions[selectedSessionId] ? `This session: ${truncateName(sessions[selectedSessionId].serverName)}` : "This session"}</option>
          <option value="all">All sessions</option>
        </select>
      </label>
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
        <select value={filter.status} onChange={(e) => setFilter({ ...filter, status: e.target.value as ShownStatus | "all" })}>
          <option value="all">All statuses</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
    </>
  );
  const filtersOn = (scope !== "session" ? 1 : 0) + (filter.kind !== "all" ? 1 : 0) + (filter.status !== "all" ? 1 : 0);

  return (
    <div className={narrow ? "tasks-tab docked-right" : "tasks-tab"}>
      <div className="toolbar">
        <h2 className={narrow ? "visually-hidden" : undefined}>Tasks</h2>
        {narrow ? (
          // Docked on the right the panel is narrow: the filters fold under one line that says how many are on.
          <details className="log-filters">
            <summary>Filters{filtersOn > 0 ? ` (${filtersOn} on)` : ""}</summary>
            <div className="log-filters-fields">{filterFields}</div>
          </details>
        ) : (
          filterFields
        )}
        <button type="button" aria-label="Refresh client tasks" onClick={() => void refresh()} disabled={refreshing || listable.length === 0}>
          Refresh
        </button>
        {newSincePaused > 0 && (
          <button type="button" className="primary" title="Back to the newest tasks, and keep them in view" onClick={() => setFollowing(true)}>
            {newSincePaused} new
          </button>
        )}
        <span className="note" role="status">
          {view.length} {view.length === 1 ? "task" : "tasks"}
        </span>
      </div>
      <ErrorAlert message={error} onDismiss={() => setError(undefined)} />
      {/* The table takes the height it is given; a task's details open in a drawer beside it, resizable. */}
      <Group orientation={narrow ? "vertical" : "horizontal"} className="tasks-split" style={{ height: "auto" }}>
      <Panel id="tasks-table" className="tasks-table-side" minSize={narrow ? "6rem" : "20rem"}>
      <VirtualTable
        label="Tasks"
        fill
        columns={columns}
        rowCount={view.length}
        renderRow={renderRow}
        rowKey={(i) => view.keyAt(i) ?? String(i)}
        {...(selectedIndex >= 0 ? { selectedIndex } : {})}
        {...(scrollIndex >= 0 ? { scrollToIndex: scrollIndex } : {})}
        rowClassName={(i) => `kind-${kindOf(view.keyAt(i))}`}
        onRowClick={(i) => setSelectedKey(view.keyAt(i))}
        follow={{
          edge: "top",
          following: following && scrollIndex < 0,
          onFollowingChange: (next) => {
            setFollowing(next);
            if (!next) setTopWhenPaused({ key: view.keyAt(0), count: view.length });
          },
        }}
      />
      </Panel>
      {selectedKey && selectedIndex >= 0 && (
        <>
          <Separator className={narrow ? "divider divider-horizontal" : "divider divider-vertical"} aria-label="Resize the task details" />
          <Panel id="task-details" className="task-drawer" defaultSize={narrow ? "55%" : "40%"} minSize={narrow ? "8rem" : "18rem"}>
            <TaskDrawer onClose={() => setSelectedKey(undefined)}>
              <SelectedTaskDetails taskKey={selectedKey} onClose={() => setSelectedKey(undefined)} />
            </TaskDrawer>
          </Panel>
        </>
      )}
      </Group>
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

/** A server's name in a menu: its own words, cut to a menu's width. */
function truncateName(name: string): string {
  return name.length > 40 ? `${name.slice(0, 40)}…` : name;
}

/**
 * The details drawer: focus moves into it when it opens and back to where it was (the row's Details
 * button) when it closes; Escape closes it.
 */
function TaskDrawer({ onClose, children }: { onClose(): void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = focusedElement();
    // Without scrolling: focusing the whole region would scroll its pane to the region's middle, past its head.
    ref.current?.focus({ preventScroll: true });
    return () => focusBack(opener);
  }, []);
  return (
    <div
      ref={ref}
      className="drawer-body"
      role="region"
      aria-label="Task details drawer"
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === "Escape" && !e.defaultPrevented) {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      {children}
    </div>
  );
}

/** The details of the selected task, following that task alone. */
function SelectedTaskDetails({ taskKey: key, onClose }: { taskKey: string; onClose(): void }) {
  const client = useInspector((s) => s.clientTasks[key]);
  const receiver = useInspector((s) => s.receiverTasks[key]);
  const row = taskRowOf(key, client, receiver);
  return row ? (
    <ErrorBoundary key={key} what={`the details of task ${row.task.taskId}`}>
      <TaskDetails row={row} onClose={onClose} />
    </ErrorBoundary>
  ) : null;
}
