// The Tasks table's columns, sized to what they say (issue 21). A virtualised table draws each row as a
// grid of its own, so the browser cannot size a column to its widest cell: the widths are worked out
// here, in `ch`, from the words a column can show for the tasks in view. Columns whose words carry the
// state (kind and era, origin, status and how it ended, deadline, pending input) are never cut; the
// task id and the status message take the room left and are cut, whole on hover and in Details.
import type { ReceiverTaskEnding, TaskStatus } from "../../../../shared/types.js";
import type { Column } from "../../components/VirtualTable.js";
import { receiverEndingLabel } from "./taskEnding.js";

/** What the tasks in view are, as far as the widths care. */
export interface TasksInView {
  client: boolean;
  receiver: boolean;
  /** Some client task runs on 2026-07-28 (its era tag and notes are longer). */
  modern: boolean;
  /** The longest origin (tool name, "sampling", "elicitation") among them, in characters. */
  longestOrigin: number;
  /** The longest server name among them, for the "All sessions" column. */
  longestServer: number;
}

const STATUSES: TaskStatus[] = ["working", "input_required", "completed", "failed", "cancelled"];
const RECEIVER_ENDINGS: ReceiverTaskEnding[] = ["answered", "accepted", "declined", "cancelled", "rejected", "cancelledByServer", "cancelledByUser", "expired", "sessionEnded"];
/** Which status each receiver ending leaves the task in (R10, R12, S1; an expired trace keeps its last). */
const ENDING_STATUS: Record<ReceiverTaskEnding, TaskStatus[]> = {
  answered: ["completed"],
  accepted: ["completed"],
  declined: ["completed"],
  cancelled: ["completed"],
  rejected: ["failed"],
  cancelledByServer: ["cancelled"],
  cancelledByUser: ["cancelled"],
  expired: ["working", "input_required"],
  sessionEnded: ["cancelled"],
};

/** The Kind cell's words (TaskTableRow), per era: "client · 2026 · live updates" is the longest. */
export const ERA_TAG = { modern: " · 2026", listening: " · 2026 · live updates" } as const;

/** Every text the Status cell can show for the tasks in view (TaskTableRow draws them). */
export function statusTexts(view: Pick<TasksInView, "client" | "receiver" | "modern">): string[] {
  const texts: string[] = [...STATUSES];
  if (view.client) {
    texts.push("cancelled · by you", "cancelled · session ended", "working · session ended", "input_required · session ended");
    if (view.modern) for (const s of ["working", "input_required"]) texts.push(`${s} · cancel requested`, `${s} · purged by the server`, `${s} · expired`);
  }
  if (view.receiver) for (const e of RECEIVER_ENDINGS) for (const s of ENDING_STATUS[e]) texts.push(`${s} · ${receiverEndingLabel(e)}`);
  return texts;
}

/** Every text the Pending input cell can show. */
function inputTexts(view: Pick<TasksInView, "receiver">): string[] {
  const texts = ["elicitation waiting", "sampling waiting", "none waiting"];
  if (view.receiver) for (const e of RECEIVER_ENDINGS) texts.push(receiverEndingLabel(e));
  return texts;
}

const longest = (texts: readonly string[]) => texts.reduce((n, t) => Math.max(n, t.length), 0);

/**
 * A width that fits `chars` characters of proportional text: `ch` is the width of "0", wider than most
 * letters; 1ch more covers the few wide ones (m, w) and a status badge's padding.
 */
const fit = (chars: number) => `${Math.ceil(chars) + 1}ch`;

/** The most a column sized to a server's words (a tool or server name) grows; longer ones are cut there. */
const MAX_NAME_CH = 32;

export function taskColumns(view: TasksInView, withServer: boolean): Column[] {
  const kindWords = view.modern ? `client${ERA_TAG.listening}` : view.receiver ? "receiver" : "client";
  return [
    ...(withServer ? [{ id: "server", header: "Server", width: fit(Math.min(Math.max(view.longestServer, 6), MAX_NAME_CH)) }] : []),
    { id: "taskId", header: "Task ID", width: "minmax(8ch, 1.4fr)" },
    { id: "kind", header: "Kind", width: fit(Math.max(kindWords.length, 8)) },
    { id: "origin", header: "Origin", width: fit(Math.min(Math.max(view.longestOrigin, 6), MAX_NAME_CH)) },
    // The status badge is drawn a little smaller than the row's text; the widest words decide.
    { id: "status", header: "Status", width: fit(longest(statusTexts(view)) + 1) },
    { id: "statusMessage", header: "Status message", width: "minmax(8ch, 1.6fr)" },
    { id: "created", header: "Created", width: fit(8) },
    // Not the time the task has to finish: a task's ttl counts from its creation to its deletion (R9).
    {
      id: "ttl",
      header: "Deleted in",
      description: "Time until the task and its result are deleted (its ttl, counted from creation): by the server for a client task, by this inspector for a receiver task",
      width: fit("deleted at 00:00:00".length),
    },
    { id: "poll", header: "Poll interval", width: fit("Poll interval".length) },
    { id: "input", header: "Pending input", width: fit(longest(inputTexts(view))) },
    { id: "actions", header: "Actions", width: "13rem" },
  ];
}
