// The Tasks table's columns, sized to what they say (issue 21). A virtualised table draws each row as a
// grid of its own, so the browser cannot size a column to its widest cell: the widths are worked out
// here from the widest words each column shows for the tasks in view (measured in the page's font, or
// counted in characters where there is no canvas). Columns whose words carry the state (kind and era,
// origin, status and how it ended, deadline, poll interval, pending input) are never cut; the task id
// and the status message take the room left and are cut, whole on hover and in Details.
import type { Column } from "../../components/VirtualTable.js";
import { formatMs } from "../../util/time.js";
import { remPx, textWidthPx } from "../../util/textWidth.js";
import { endingNote } from "./taskEnding.js";
import { goneWord, TERMINAL, type TaskRow } from "./taskRows.js";

export { goneWord };

/** The Kind cell's era tag (M2, M7): in a server author's words; the protocol's terms are on hover. */
export function eraTag(row: TaskRow): string {
  const modern = row.client?.era === "modern" ? row.client : undefined;
  return modern ? (modern.listening ? " · 2026 · live updates" : " · 2026") : "";
}


/** What follows the status word: a cancel asked for, how it ended. */
export function statusNotes(row: TaskRow): string[] {
  const modern = row.client?.era === "modern" ? row.client : undefined;
  const notes: string[] = [];
  if (modern?.cancelRequested && !TERMINAL.has(row.task.status)) notes.push("cancel requested");
  const ending = endingNote(row.client, row.receiver);
  if (ending) notes.push(ending);
  return notes;
}

/** The widest words of each column, for the tasks seen so far. */
export interface ColumnWords {
  server: string;
  taskId: string;
  kind: string;
  origin: string;
  /** The status word (drawn as a badge) and the notes after it, as one row shows them. */
  status: { word: string; notes: string };
  ttl: string;
  poll: string;
  input: string;
}

/**
 * Past this many characters a server's words (a name, an id, an unknown status) are cut before they are
 * measured: no column grows that wide, and a 1 MB name must not cost a 1 MB measure.
 */
const WORDS_MEASURED = 120;
const bounded = (text: string) => (text.length > WORDS_MEASURED ? text.slice(0, WORDS_MEASURED) : text);

/** A row's words, in the shape each cell draws them (times as their widest form: they tick). */
export function wordsOf(row: TaskRow, serverName: string | undefined): ColumnWords {
  const notes = statusNotes(row);
  const deleted = row.receiver?.deletedAt ?? row.client?.deletedAt;
  const waits = row.linkedInputIds.length > 0 || Boolean(row.receiver?.pendingInputId);
  const ending = row.receiver?.ending ? endingNote(undefined, row.receiver) : undefined;
  return {
    server: bounded(serverName ?? "(removed session)"),
    taskId: bounded(row.task.taskId),
    kind: `${row.kind}${eraTag(row)}`,
    origin: bounded(row.origin),
    status: { word: bounded(goneWord(row) ?? row.task.status), notes: notes.map((n) => ` · ${n}`).join("") },
    ttl: deleted ? "deleted at 00:00:00" : row.task.ttl === null || row.task.ttl === undefined ? "unlimited" : "ttl elapsed",
    poll: formatMs(row.task.pollInterval),
    input: ending ?? (waits ? "Waiting on you: elicitation (URL) Answer" : "—"),
  };
}

// The fonts of app.css: a row's text is 0.85rem, a status badge 0.78rem with 0.4rem padding and a border.
const CELL_REM = 0.85;
const BADGE_REM = 0.78;
const CODE_REM = 0.85 * 0.85;

/** Drawn width in px, or undefined without a canvas. */
function drawn(words: ColumnWords, column: keyof ColumnWords): number | undefined {
  if (column === "status") {
    const word = textWidthPx(words.status.word, BADGE_REM);
    const notes = textWidthPx(words.status.notes, CELL_REM);
    return word === undefined || notes === undefined ? undefined : word + 0.8 * remPx() + 2 + notes;
  }
  return textWidthPx(words[column], column === "taskId" ? CODE_REM : CELL_REM);
}

/** Without a canvas: characters (a badge's padding is about two). */
function counted(words: ColumnWords, column: keyof ColumnWords): number {
  return column === "status" ? words.status.word.length + 2 + words.status.notes.length : words[column].length;
}

function wider(a: ColumnWords, b: ColumnWords, column: keyof ColumnWords): boolean {
  // Task ids are drawn in a monospace font: their length says which is wider, without measuring each one.
  if (column === "taskId") return b.taskId.length < a.taskId.length;
  const pa = drawn(a, column);
  const pb = drawn(b, column);
  return pa !== undefined && pb !== undefined ? pa > pb : counted(a, column) > counted(b, column);
}

const COLUMNS_SIZED: (keyof ColumnWords)[] = ["server", "taskId", "kind", "origin", "status", "ttl", "poll", "input"];

/** Per column, the wider words of the two. */
export function widest(a: ColumnWords | undefined, b: ColumnWords): ColumnWords {
  if (!a) return b;
  const out = { ...a };
  for (const column of COLUMNS_SIZED) if (wider(b, a, column)) (out as Record<string, unknown>)[column] = b[column];
  return out;
}

/** Whether `b` needs more room than `a` in some column. */
export function needsMoreRoom(a: ColumnWords | undefined, b: ColumnWords): boolean {
  return !a || COLUMNS_SIZED.some((column) => wider(b, a, column));
}

/** A server's words (a tool or server name) grow a column up to this; longer ones are cut, whole on hover. */
const MAX_NAME_REM = 16;
const MAX_NAME_CH = 32;

/** A column as wide as its widest words and its header, never wider than `maxRem`. */
function fit(words: ColumnWords, column: keyof ColumnWords, header: string, maxRem = Number.POSITIVE_INFINITY): string {
  const content = drawn(words, column);
  const head = textWidthPx(header, CELL_REM, true);
  if (content !== undefined && head !== undefined) return `${Math.ceil(Math.min(Math.max(content, head) + 2, maxRem * remPx()))}px`;
  // No canvas: `ch` is the width of "0", wider than most letters; one more covers the rest.
  const chars = Math.max(counted(words, column), header.length) + 1;
  return `${Math.min(chars, maxRem === Number.POSITIVE_INFINITY ? chars : MAX_NAME_CH)}ch`;
}

const NO_TASKS: ColumnWords = { server: "", taskId: "", kind: "receiver", origin: "", status: { word: "completed", notes: "" }, ttl: "", poll: "", input: "" };

export function taskColumns(words: ColumnWords | undefined, withServer: boolean): Column[] {
  const w = words ?? NO_TASKS;
  // The task id keeps enough to tell tasks apart (its start) before the flexible columns share the rest.
  const idPx = textWidthPx(w.taskId, CODE_REM);
  const idMin = idPx === undefined ? "12ch" : `${Math.ceil(Math.min(idPx, 7 * remPx())) + 2}px`;
  return [
    ...(withServer ? [{ id: "server", header: "Server", width: fit(w, "server", "Server", MAX_NAME_REM) }] : []),
    { id: "taskId", header: "Task ID", width: `minmax(${idMin}, 1.4fr)` },
    { id: "kind", header: "Kind", width: fit(w, "kind", "Kind") },
    { id: "origin", header: "Origin", width: fit(w, "origin", "Origin", MAX_NAME_REM) },
    { id: "status", header: "Status", width: fit(w, "status", "Status") },
    { id: "statusMessage", header: "Message", description: "The task's status message (statusMessage), whole on hover and in Details", width: "minmax(5rem, 1.6fr)" },
    { id: "created", header: "Created", width: fit({ ...w, ttl: "00:00:00" }, "ttl", "Created") },
    // Not the time the task has to finish: a task's ttl counts from its creation to its deletion (R9).
    {
      id: "ttl",
      header: "Deleted in",
      description: "Time until the task and its result are deleted (its ttl, counted from creation): by the server for a client task, by this inspector for a receiver task",
      width: fit(w, "ttl", "Deleted in"),
    },
    { id: "poll", header: "Poll", description: "Poll interval (pollInterval): how often the requestor asks tasks/get", width: fit(w, "poll", "Poll") },
    { id: "input", header: "Pending input", width: fit(w, "input", "Pending input") },
    // Room for Cancel, Details and Timeline side by side at the row's font (13rem cut the last one).
    { id: "actions", header: "Actions", width: "15.5rem" },
  ];
}

/**
 * Fewer columns where the table is narrow. "beside": a task's details are open beside the table, which keeps
 * which task, where it came from and how it stands. "narrow": docked on the right, the task id and status.
 * Either way the actions are icons, with Answer for a task that waits on the user.
 */
export type CompactColumns = "beside" | "narrow";

const COMPACT_COLUMNS: Readonly<Record<CompactColumns, ReadonlySet<string>>> = {
  beside: new Set(["server", "taskId", "kind", "origin", "status", "actions"]),
  narrow: new Set(["taskId", "status", "actions"]),
};

/** The compact widths of those that change: the id gives up room first; the actions are icons and Answer. */
const COMPACT_WIDTHS: Readonly<Record<CompactColumns, Readonly<Record<string, string>>>> = {
  beside: { actions: "10.8rem" },
  narrow: { taskId: "minmax(4.5rem, 1fr)", actions: "8.2rem" },
};

export function compactTaskColumns(columns: Column[], compact: CompactColumns): Column[] {
  const widths = COMPACT_WIDTHS[compact];
  return columns.filter((c) => COMPACT_COLUMNS[compact].has(c.id)).map((c) => (widths[c.id] ? { ...c, width: widths[c.id]! } : c));
}
