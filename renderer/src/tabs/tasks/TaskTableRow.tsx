// One row of the Tasks table. It reads its own task from the store by key, and is memoised on its
// props, so a batch of status changes renders only the visible rows whose task object changed (the
// store replaces a task's object on every change and never touches the others).
import { Info, X } from "lucide-react";
import { memo } from "react";
import type { PendingInput } from "../../../../shared/types.js";
import { useInspector } from "../../app/context.js";
import { formatClock, formatMs, formatTimeLeft, ttlLeft } from "../../util/time.js";
import { taskEndingWords } from "../../../../shared/taskEnding.js";
import { deletedNote, endingNote } from "./taskEnding.js";
import { TERMINAL, taskRowOf, type TaskRow } from "./taskRows.js";
import { TimelineButton } from "../timeline/TimelineButton.js";
import { eraTag, goneWord, statusNotes, type CompactColumns } from "./taskColumns.js";
import { inputsOfTask, waitingKind, type PendingIndex } from "../pending/waitingOn.js";
import { ServerName, ServerText } from "../../components/ServerName.js";

/** What a row can ask of the table; one stable object, so it never defeats the memo. */
export interface TaskRowActions {
  cancel(row: TaskRow): void;
  toggleDetails(key: string): void;
  answer(input: PendingInput): void;
}

export interface TaskTableRowProps {
  taskKey: string;
  /** The list's one clock, for the ttl countdown. */
  now: number;
  pending: PendingIndex;
  selected: boolean;
  actions: TaskRowActions;
  /** "All sessions": a first cell names the task's server. */
  showServer?: boolean;
  /**
   * Fewer columns (compactTaskColumns): "beside", the details open beside the table, keeps which task and
   * where it came from; "narrow", the panel docked on the right, only the task id and the status. Both
   * draw the actions as icons, with Answer among them for a task that waits on the user.
   */
  compact?: CompactColumns | undefined;
}

export const TaskTableRow = memo(function TaskTableRow({ taskKey, now, pending, selected, actions, showServer = false, compact }: TaskTableRowProps) {
  const narrow = compact === "narrow";
  const client = useInspector((s) => s.clientTasks[taskKey]);
  const receiver = useInspector((s) => s.receiverTasks[taskKey]);
  const serverName = useInspector((s) => (showServer ? s.sessions[(client ?? receiver)?.sessionId ?? ""]?.serverName : undefined));
  const row = taskRowOf(taskKey, client, receiver);
  if (!row) return null;
  const { task } = row;
  const modern = row.client?.era === "modern" ? row.client : undefined;
  // A trace (deleted) is never live, whatever status it last had (R6: a live task may expire).
  const deleted = deletedNote(row.receiver ?? row.client);
  const live = !TERMINAL.has(task.status) && !modern?.gone && !deleted && !row.client?.sessionEnded;
  const ending = endingNote(row.client, row.receiver);
  const gone = goneWord(row);
  const left = ttlLeft(task.createdAt, task.ttl, now);
  const first = inputsOfTask(row, pending)[0];
  // The whole status on hover, though the column is sized never to cut it.
  const statusText = [task.status, ...statusNotes(row)].join(" · ");
  return (
    <>
      {showServer && !narrow && (
        <div role="cell">
          <span title={serverName}>{serverName ?? "(removed session)"}</span>
        </div>
      )}
      <div role="cell">
        <code title={task.taskId}>{task.taskId}</code>
      </div>
      {!narrow && (
        <div role="cell">
          {row.kind}
          {/* The era changes the rules the task follows (M2–M8), so it is named on every row. */}
          {/* Issue 21: said in a server author's words; the protocol's terms on hover (M7). */}
          <span
            className="note era-tag"
            title={
              modern
                ? `2026-07-28 tasks extension${modern.listening ? ": the server pushes this task's changes (notifications/tasks on the subscriptions/listen stream), and tasks/get polling goes on" : ": followed by polling tasks/get"}`
                : "2025-11-25 tasks"
            }
          >
            {eraTag(row)}
          </span>
        </div>
      )}
      {!narrow && (
        <div role="cell">
          <span title={row.origin}>
            <ServerName text={row.origin} />
          </span>
        </div>
      )}
      <div role="cell" title={gone ? `${taskEndingWords(gone)}; its last status was ${task.status}` : statusText}>
        {/* M3 / Q2: a task that went says so in its status, not the "working" it last had. */}
        {gone ? <span className="status status-gone">{gone}</span> : <span className={`status status-${task.status}`}>{task.status}</span>}
        {modern?.cancelRequested && !TERMINAL.has(task.status) && <span className="note"> · cancel requested</span>}
        {ending && <span className="note task-ending"> · {ending}</span>}
      </div>
      {!compact && (
        <>
          <div role="cell">
            {task.statusMessage !== undefined && TERMINAL.has(task.status) ? (
              // A finished task's message is its last word from while it ran, not news (its time is in Details).
              <span title={`Last message: ${task.statusMessage}`}>
                <span className="note">last: </span>
                <span>
                  <ServerText text={task.statusMessage} />
                </span>
              </span>
            ) : (
              <span title={task.statusMessage}>
                <ServerText text={task.statusMessage ?? ""} />
              </span>
            )}
          </div>
          <div role="cell">{formatClock(task.createdAt)}</div>
          <div role="cell">{deleted ?? (left === undefined ? "unlimited" : left <= 0 ? "ttl elapsed" : formatTimeLeft(left))}</div>
          <div role="cell">{formatMs(task.pollInterval)}</div>
          <div role="cell">
            {first ? (
              <span className="waiting-cell">
                <span>Waiting on you: {waitingKind(first)}</span>{" "}
                <button type="button" className="link" aria-label={`Answer input of task ${task.taskId}`} onClick={() => actions.answer(first)}>
                  Answer
                </button>
              </span>
            ) : row.receiver?.ending ? (
              ending
            ) : row.linkedInputIds.length ? (
              "none waiting"
            ) : (
              "—"
            )}
          </div>
        </>
      )}
      <div role="cell">
        {/* Compact, the Input column is not drawn: Answer joins the actions, and the others become icons
            (their names on hover and for screen readers) to leave it room. */}
        <span className={compact ? "row-actions compact" : "row-actions"}>
          {live && !(modern?.cancelRequested) ? (
            <button type="button" aria-label={`Cancel task ${task.taskId}`} title={compact ? "Cancel" : undefined} onClick={() => actions.cancel(row)}>
              {compact ? <X aria-hidden="true" className="icon" /> : "Cancel"}
            </button>
          ) : (
            // Icons keep their places from row to row: a task with nothing to cancel keeps Cancel's room.
            compact && (
              <span className="icon-slot" aria-hidden="true">
                <X className="icon" />
              </span>
            )
          )}
          <button type="button" aria-label={`Details of task ${task.taskId}`} title={compact ? "Details" : undefined} aria-pressed={selected} onClick={() => actions.toggleDetails(row.key)}>
            {compact ? <Info aria-hidden="true" className="icon" /> : "Details"}
          </button>
          {!narrow && <TimelineButton sessionId={row.sessionId} taskId={task.taskId} icon={compact !== undefined} />}
          {compact && first && (
            <button type="button" className="answer-action" aria-label={`Answer input of task ${task.taskId}`} title={`Waiting on you: ${waitingKind(first)}`} onClick={() => actions.answer(first)}>
              Answer
            </button>
          )}
        </span>
      </div>
    </>
  );
});
