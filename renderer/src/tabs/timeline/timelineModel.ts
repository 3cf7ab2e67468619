// What the page computes from a task's timeline: how the task ended, the counts of the summary line, the
// gaps, the click-to-delivered latency, the list's rows (a status change folded into the message that
// carried it), the buckets the picture draws, and the JSON a bug report carries.
// Pure functions, so a component test and the bench measure the same code the page runs.
import { isTerminalStatus, taskEndingWords } from "../../../../shared/taskEnding.js";
import type { TaskTimeline, TimelineActor, TimelineEvent, TimelineKind } from "../../../../shared/timeline.js";
import type { TaskEnding, TaskStatus } from "../../../../shared/types.js";

/** Replies that carry the user's answer to the server: the legacy tasks/result reply, a related-task request's response, 2026-07-28 tasks/update. */
export const DELIVERIES = new Set<TimelineKind>(["resultReply", "inputAnswer", "update"]);
/** Messages of ours that tell the server about the task: after a click, the first of them is when it could know. */
export const NEWS = new Set<TimelineKind>(["notification", "pollReply", "resultReply", "inputAnswer", "update", "listReply"]);

export interface TimelineSummary {
  events: number;
  /** Our tasks/get to the server (client tasks). */
  pollsByUs: number;
  /** The server's tasks/get to us (receiver tasks). */
  pollsByServer: number;
  resultsByUs: number;
  resultsByServer: number;
  listsByServer: number;
  listsByUs: number;
  updates: number;
  notifications: number;
  statusChanges: number;
  inputsAnswered: number;
  /** For each answer the user gave: ms from the click to the message that carried it to the server. */
  deliveredAfterMs: number[];
  /**
   * For each answer: ms from the click to our first message about the task after it (a status
   * notification, a poll's reply), when that came before the answer itself (a legacy server learns the
   * answer only when it asks tasks/result).
   */
  toldAfterMs: number[];
  /** Mean time between two polls, when there were at least two. */
  meanPollGapMs?: number;
  /** From the first event to the last. */
  spanMs: number;
  /** How the task ended, or stands. */
  end: TimelineEnd;
}

/** How a task ended (or stands), read from its marks: the summary's first sentence, the band's last name. */
export interface TimelineEnd {
  /** The last status recorded. */
  status?: TaskStatus;
  /** An `ended` mark said the task went without a terminal status of its own (deleted, expired, session ended). */
  ending?: TaskEnding;
  /** Ms from the first event to the terminal status or the ending; absent while the task is live. */
  afterMs?: number;
  /** A task that finished was deleted this many ms later (its trace: it no longer exists for the server). */
  deletedAfterMs?: number;
}

export function endOf(events: readonly TimelineEvent[]): TimelineEnd {
  const t0 = events[0]?.at ?? 0;
  let status: TaskStatus | undefined;
  let terminalAt: number | undefined;
  let ended: TimelineEvent | undefined;
  for (const e of events) {
    if (e.kind === "status" && e.status) {
      status = e.status;
      terminalAt = isTerminalStatus(e.status) ? (terminalAt ?? e.at) : undefined;
    } else if (e.kind === "ended") {
      ended ??= e;
    }
  }
  const end: TimelineEnd = status ? { status } : {};
  if (ended?.ending) return { ...end, ending: ended.ending, afterMs: ended.at - t0 };
  if (terminalAt !== undefined) return { ...end, afterMs: terminalAt - t0, ...(ended ? { deletedAfterMs: ended.at - terminalAt } : {}) };
  return end;
}

export function summarize(events: readonly TimelineEvent[]): TimelineSummary {
  const s: TimelineSummary = {
    events: events.length,
    pollsByUs: 0,
    pollsByServer: 0,
    resultsByUs: 0,
    resultsByServer: 0,
    listsByServer: 0,
    listsByUs: 0,
    updates: 0,
    notifications: 0,
    statusChanges: 0,
    inputsAnswered: 0,
    deliveredAfterMs: [],
    toldAfterMs: [],
    spanMs: events.length ? events[events.length - 1]!.at - events[0]!.at : 0,
    end: endOf(events),
  };
  let clickAt: number | undefined;
  let told: number | undefined;
  let firstPoll: number | undefined;
  let lastPoll: number | undefined;
  let lastStatus: TaskStatus | undefined;
  for (const e of events) {
    const byUs = e.from === "us";
    switch (e.kind) {
      case "poll":
        if (byUs) s.pollsByUs++;
        else s.pollsByServer++;
        firstPoll ??= e.at;
        lastPoll = e.at;
        break;
      case "result":
        if (byUs) s.resultsByUs++;
        else s.resultsByServer++;
        break;
      case "list":
        if (byUs) s.listsByUs++;
        else s.listsByServer++;
        break;
      case "update":
        s.updates++;
        break;
      case "notification":
        s.notifications++;
        break;
      case "status":
        // A new status message with the same status is no change of status.
        if (e.status !== lastStatus) s.statusChanges++;
        lastStatus = e.status;
        break;
      case "inputAnswered":
        s.inputsAnswered++;
        clickAt = e.at;
        told = undefined;
        break;
      default:
        break;
    }
    if (clickAt !== undefined && byUs && NEWS.has(e.kind)) {
      if (DELIVERIES.has(e.kind)) {
        if (told !== undefined) s.toldAfterMs.push(told);
        s.deliveredAfterMs.push(e.at - clickAt);
        clickAt = undefined;
      } else {
        told ??= e.at - clickAt;
      }
    }
  }
  const polls = s.pollsByUs + s.pollsByServer;
  if (polls >= 2 && firstPoll !== undefined && lastPoll !== undefined) s.meanPollGapMs = (lastPoll - firstPoll) / (polls - 1);
  return s;
}

/** "0.2 ms", "14 ms", "1.25 s", "2 min 05 s": precise where precision is the point. */
export function formatGap(ms: number): string {
  if (!Number.isFinite(ms)) return "—";
  const abs = Math.abs(ms);
  if (abs < 1) return `${trim(ms.toFixed(3))} ms`;
  if (abs < 10) return `${trim(ms.toFixed(2))} ms`;
  if (abs < 1000) return `${Math.round(ms)} ms`;
  if (abs < 60_000) return `${trim((ms / 1000).toFixed(2))} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")} s`;
}

function trim(fixed: string): string {
  return fixed.includes(".") ? fixed.replace(/0+$/, "").replace(/\.$/, "") : fixed;
}

const times = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const STATUS_WORDS: Record<TaskStatus, string> = { working: "working", input_required: "input required", completed: "completed", failed: "failed", cancelled: "cancelled" };

/** The first sentence: how the task ended and when, or how it stands. */
export function describeEnd(end: TimelineEnd, spanMs: number): string {
  const cap = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  if (end.ending && end.afterMs !== undefined) {
    const last = end.ending === "sessionEnded" ? "; the server's own status is unknown" : end.status && !isTerminalStatus(end.status) ? ` while ${STATUS_WORDS[end.status]}` : "";
    return `${cap(taskEndingWords(end.ending))} after ${formatGap(end.afterMs)}${last}.`;
  }
  if (end.status && end.afterMs !== undefined) {
    const later = end.deletedAfterMs !== undefined ? `; deleted ${formatGap(end.deletedAfterMs)} later` : "";
    return `${cap(STATUS_WORDS[end.status])} after ${formatGap(end.afterMs)}${later}.`;
  }
  return end.status ? `Still ${STATUS_WORDS[end.status]} at +${formatGap(spanMs)}.` : "";
}

/** The summary: how the task ended, then what crossed the wire, for the page and the picture's accessible name. */
export function describeSummary(s: TimelineSummary, role: TaskTimeline["role"]): string {
  const parts: string[] = [];
  if (role !== "client" || s.pollsByServer) {
    const asked = [s.resultsByServer ? `tasks/result ${times(s.resultsByServer, "time")}` : "", s.listsByServer ? `tasks/list ${times(s.listsByServer, "time")}` : ""].filter(Boolean);
    parts.push(`the server polled us ${times(s.pollsByServer, "time")}${asked.length ? ` and asked ${asked.join(" and ")}` : ""}`);
  }
  if (role !== "receiver" || s.pollsByUs) {
    parts.push(`we polled the server ${times(s.pollsByUs, "time")}${s.resultsByUs ? ` and asked tasks/result ${times(s.resultsByUs, "time")}` : ""}`);
  }
  if (s.meanPollGapMs !== undefined) parts.push(`a poll every ${formatGap(s.meanPollGapMs)} on average`);
  if (s.updates) parts.push(`${times(s.updates, "tasks/update")} sent`);
  parts.push(`${times(s.notifications, "notification")}`, `${times(s.statusChanges, "status change")}`);
  if (s.toldAfterMs.length) {
    const t = s.toldAfterMs;
    parts.push(`the server was told ${t.map(formatGap).join(", ")} after the click (a status notification or a poll's reply)`);
  }
  if (s.deliveredAfterMs.length) {
    const d = s.deliveredAfterMs;
    parts.push(d.length === 1 ? `our answer reached the server ${formatGap(d[0]!)} after the click` : `our answers reached the server ${d.map(formatGap).join(", ")} after each click`);
  } else if (s.inputsAnswered) {
    parts.push("the answer has not been sent yet");
  }
  const text = parts.join("; ");
  const end = describeEnd(s.end, s.spanMs);
  return `${end ? `${end} ` : ""}${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** What a mark is, in words: the list's "What" column. */
export function describeEvent(e: TimelineEvent): string {
  const m = e.method ?? "";
  switch (e.kind) {
    case "created":
      return `${m} (creates the task)`;
    case "createReply":
      return `task created (reply to ${m})`;
    case "status":
      return `status: ${e.status ?? "?"}`;
    case "poll":
    case "result":
    case "list":
    case "cancel":
    case "update":
      return m;
    case "pollReply":
    case "resultReply":
    case "listReply":
    case "cancelReply":
      return `reply to ${m}`;
    case "updateAck":
      return "tasks/update acknowledged";
    case "notification":
      return m;
    case "inputRequest":
      return `${m} (asks for input)`;
    case "inputAnswer":
      return `answer to ${m}`;
    case "inputRequested":
      return "input shown to the user";
    case "inputAnswered":
      return "the user answered";
    case "inputWithdrawn":
      return "input withdrawn";
    case "ended":
      return e.ending ? taskEndingWords(e.ending) : "deleted (it had finished)";
  }
}

/** One row of the event list: an event, and the status change it carried (folded in from its `status` mark). */
export interface ListRow {
  index: number;
  statusChange?: TaskStatus;
  /** The status mark's message, when the carrier has no detail of its own. */
  detail?: string;
}

/** Messages that carry a task's status on the wire. */
const CARRIERS = new Set<TimelineKind>(["createReply", "pollReply", "notification", "listReply", "resultReply", "update", "updateAck"]);
/**
 * A status change and the message that carried it are recorded close together: the same tick for a poll's
 * reply, up to a busy event loop's turn for our deferred status notification (R11). The nearest carrier wins.
 */
const FOLD_MS = 1000;
const FOLD_LOOK = 6;

/**
 * One row per event: a status change is recorded both as the message that carried it (a poll's reply, a
 * notification, our reply to the server's poll) and as the task's `status` mark; the list shows the
 * message once, with "→ completed" in its Status cell. A status change no message carried keeps its own row.
 * `rowOf[i]` is the row that shows event i.
 */
export function listRows(events: readonly TimelineEvent[]): { rows: ListRow[]; rowOf: number[] } {
  const foldedInto = new Map<number, number>();
  const carrying = new Set<number>();
  // A status mark that repeats the status before it is a new status message, not a change: it folds the
  // same way, but is not marked "→".
  const changed = new Set<number>();
  let previous: TaskStatus | undefined;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.kind !== "status" || !e.status) continue;
    if (e.status !== previous) changed.add(i);
    previous = e.status;
    let best: number | undefined;
    for (let j = Math.max(0, i - FOLD_LOOK); j <= Math.min(events.length - 1, i + FOLD_LOOK); j++) {
      const c = events[j]!;
      if (j === i || carrying.has(j) || !CARRIERS.has(c.kind) || c.status !== e.status || Math.abs(c.at - e.at) > FOLD_MS) continue;
      if (best === undefined || Math.abs(c.at - e.at) < Math.abs(events[best]!.at - e.at)) best = j;
    }
    if (best === undefined) continue;
    foldedInto.set(i, best);
    carrying.add(best);
  }
  // Per event, cheap: this runs on every live batch of a 5,000-event line.
  const rows: ListRow[] = [];
  const rowOf = new Array<number>(events.length);
  for (let i = 0; i < events.length; i++) {
    if (foldedInto.size && foldedInto.has(i)) continue;
    rowOf[i] = rows.length;
    const e = events[i]!;
    rows.push(changed.has(i) ? { index: i, statusChange: e.status! } : { index: i });
  }
  for (const [status, carrier] of foldedInto) {
    const row = rows[rowOf[carrier]!]!;
    const mark = events[status]!;
    if (changed.has(status)) row.statusChange = mark.status;
    if (mark.detail && !events[carrier]!.detail) row.detail = mark.detail;
    rowOf[status] = rowOf[carrier]!;
  }
  return { rows, rowOf };
}

export type MarkCategory = "request" | "reply" | "notification" | "status" | "input";

export function categoryOf(kind: TimelineKind): MarkCategory {
  switch (kind) {
    case "status":
    case "ended":
      return "status";
    case "notification":
      return "notification";
    case "inputRequested":
    case "inputAnswered":
    case "inputWithdrawn":
      return "input";
    case "createReply":
    case "pollReply":
    case "resultReply":
    case "listReply":
    case "cancelReply":
    case "updateAck":
    case "inputAnswer":
      return "reply";
    default:
      return "request";
  }
}

export interface Bucket {
  /** Pixel column (left edge). */
  x: number;
  count: number;
}

/**
 * Events grouped by lane, category and pixel column: the picture draws one mark per non-empty column
 * (its height says how many), so 5,000 polls cost the same few paths as 50.
 */
export function bucketize(events: readonly TimelineEvent[], x: (at: number) => number, columnPx: number): Map<string, Bucket[]> {
  const out = new Map<string, Map<number, Bucket>>();
  for (const e of events) {
    const key = `${e.from}:${categoryOf(e.kind)}`;
    let columns = out.get(key);
    if (!columns) out.set(key, (columns = new Map()));
    const column = Math.floor(x(e.at) / columnPx) * columnPx;
    const bucket = columns.get(column);
    if (bucket) bucket.count++;
    else columns.set(column, { x: column, count: 1 });
  }
  return new Map([...out].map(([key, columns]) => [key, [...columns.values()]]));
}

/**
 * Status bands: each status from the moment it was recorded to the next one (or the end); a task that went
 * (deleted, expired, session ended) gets a last band named so, whatever status it last had.
 */
export function statusBands(events: readonly TimelineEvent[], end: number): { from: number; to: number; status: string; label: string }[] {
  const marks = events.filter((e) => (e.kind === "status" && e.status) || e.kind === "ended");
  const bands: { from: number; to: number; status: string; label: string }[] = [];
  for (let i = 0; i < marks.length; i++) {
    const e = marks[i]!;
    const to = marks[i + 1]?.at ?? end;
    if (e.kind === "ended") {
      bands.push({ from: e.at, to: end, status: "ended", label: e.ending ? taskEndingWords(e.ending) : "deleted" });
      break; // nothing after it is the task's state
    }
    bands.push({ from: e.at, to, status: e.status!, label: STATUS_WORDS[e.status!] });
  }
  return bands;
}

/** The bug report: everything the page shows, as JSON. */
export function timelineJson(timeline: TaskTimeline): string {
  const summary = summarize(timeline.events);
  return JSON.stringify(
    {
      kind: "mcp-task-inspector/task-timeline",
      sessionId: timeline.sessionId,
      taskId: timeline.taskId,
      role: timeline.role,
      era: timeline.era,
      earlierEventsNotKept: timeline.dropped,
      summary: { ...summary, text: describeSummary(summary, timeline.role) },
      events: timeline.events,
    },
    null,
    2,
  );
}

export const ACTORS: readonly TimelineActor[] = ["server", "us", "user"];
