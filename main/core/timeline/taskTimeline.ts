// The task timeline (issue 13): for every task, client or receiver, either era, what happened to it and
// when, on a monotonic clock. It is fed from the core's own event stream, where every fact already passes:
// each message in and out (logEntry), each status change (clientTaskChanged, receiverTaskChanged) and each
// pending input (added, answered, withdrawn), and the task's going (deleted by the server, expired, the
// session's end: one `ended` mark, so the summary and the status band can say how it ended).
// Bounded: EVENTS_KEPT per task (the oldest go, and are counted), TASKS_KEPT tasks (the least recently
// touched go). New events are streamed (taskTimelineEvents) only for the tasks a page follows: everything
// is recorded, but a flood of task changes nobody is looking at does not double the event stream.
import type { InspectorEvent } from "../../../shared/contract.js";
import type { ClientTask, LogEntry, PendingInput, ReceiverTask, TaskStatus } from "../../../shared/types.js";
import { clientTaskEnding, isTerminalStatus, receiverTaskEnding } from "../../../shared/taskEnding.js";
import type { TaskTimeline, TimelineActor, TimelineEvent, TimelineKind } from "../../../shared/timeline.js";
import type { EventBus } from "../eventBus.js";
import { idKey } from "../messageLog.js";
import type { Clock } from "../ports.js";
import { fresh } from "../../../shared/byteBudget.js";

export const EVENTS_KEPT = 5_000;
export const TASKS_KEPT = 1_000;
/** All lines together (~150 bytes an event): past it, the least recently touched lines go whole. */
export const TOTAL_EVENTS_KEPT = 200_000;
/** Requests waiting for their reply that matter to a task, per session and direction; a peer that never answers must not grow this. */
const OPEN_KEPT = 10_000;
/** tasks/list pages are attributed to the listed tasks we know, up to this many per page. */
const LISTED_KEPT = 1_000;
const DETAIL_CHARS = 300;
/** The contract's longest task id: a longer one could never be asked for, so it gets no line. */
const TASK_ID_CHARS = 1000;
/** Status notifications that came before the reply that created their task (a server may send them first). */
const EARLY_KEPT = 256;
/** Timelines followed at once (by all windows); a window that closes without unfollowing leaks one, bounded. */
const FOLLOWED_KEPT = 64;
const RELATED_TASK = "io.modelcontextprotocol/related-task";
const STATUSES = new Set<TaskStatus>(["working", "input_required", "completed", "failed", "cancelled"]);

type Role = "client" | "receiver";
type Era = "legacy" | "modern";

/** A task-addressed request and the kind of mark its reply makes. */
const TASK_REQUESTS: Record<string, [TimelineKind, TimelineKind]> = {
  "tasks/get": ["poll", "pollReply"],
  "tasks/result": ["result", "resultReply"],
  "tasks/cancel": ["cancel", "cancelReply"],
  "tasks/update": ["update", "updateAck"],
};
const INPUT_METHODS = new Set(["elicitation/create", "sampling/createMessage"]);
const TASK_NOTIFICATIONS = new Set(["notifications/tasks/status", "notifications/tasks"]);

interface Timeline {
  sessionId: string;
  taskId: string;
  role?: Role;
  era?: Era;
  events: TimelineEvent[];
  dropped: number;
  nextSeq: number;
  status?: string;
  statusMessage?: string;
  /** The `ended` mark is recorded once. */
  ended?: boolean;
}

/** A request we are waiting to see answered, with the time it crossed the wire. */
interface Open {
  method: string;
  at: number;
  wall: number;
  from: TimelineActor;
  /** Set when the request is about a known task: the reply goes on that task's line. */
  taskId?: string;
  replyKind?: TimelineKind;
  requestSeq?: number;
}

export class TaskTimelines {
  private readonly timelines = new Map<string, Timeline>();
  /** Events held by all lines. */
  private total = 0;
  /** Followed task → how many pages follow it. */
  private readonly followed = new Map<string, number>();
  /** Per session, by the request's direction and idKey(id): the session's id string keys it (its hash is kept), no key is built. */
  private readonly open = new Map<string, { in: Map<string | number, Open>; out: Map<string | number, Open> }>();
  /** Pending input id → the task it belongs to, for the answer and the withdrawal (which name only the id). */
  private readonly inputs = new Map<string, { sessionId: string; taskId: string }>();
  /** Notifications for a task we do not know yet, kept (bounded) until its creation is seen. */
  private early: { key: string; at: { at: number; wall: number }; fact: Omit<TimelineEvent, "seq" | "at" | "wall"> }[] = [];

  constructor(
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly monotonic: () => number = () => performance.now(),
    private readonly limits = { eventsKept: EVENTS_KEPT, tasksKept: TASKS_KEPT, totalKept: TOTAL_EVENTS_KEPT },
  ) {
    bus.subscribe((event) => this.observe(event));
  }

  /** One task's timeline as kept now; an unknown task has an empty one. */
  get(sessionId: string, taskId: string): TaskTimeline {
    const line = this.timelines.get(keyOf(sessionId, taskId));
    return {
      sessionId,
      taskId,
      ...(line?.role ? { role: line.role } : {}),
      ...(line?.era ? { era: line.era } : {}),
      dropped: line?.dropped ?? 0,
      events: line ? [...line.events] : [],
    };
  }

  /** The timeline so far, and from now on its new events are streamed, until `unfollow`. */
  follow(sessionId: string, taskId: string): TaskTimeline {
    const key = keyOf(sessionId, taskId);
    const count = (this.followed.get(key) ?? 0) + 1;
    this.followed.delete(key);
    this.followed.set(key, count);
    if (this.followed.size > FOLLOWED_KEPT) this.followed.delete(this.followed.keys().next().value as string);
    return this.get(sessionId, taskId);
  }

  unfollow(sessionId: string, taskId: string): void {
    const key = keyOf(sessionId, taskId);
    const count = (this.followed.get(key) ?? 0) - 1;
    if (count > 0) this.followed.set(key, count);
    else this.followed.delete(key);
  }

  get size(): number {
    return this.timelines.size;
  }

  /** The tasks of a session that have a line, oldest touched first (an opened recording lists them all). */
  taskIds(sessionId: string): string[] {
    return [...this.timelines.values()].filter((line) => line.sessionId === sessionId).map((line) => line.taskId);
  }

  private observe(event: InspectorEvent): void {
    switch (event.type) {
      case "logEntry":
        return this.onMessage(event.payload);
      case "clientTaskChanged":
        return this.onTask(event.payload, "client", event.payload.era === "modern" ? "modern" : "legacy");
      case "receiverTaskChanged":
        return this.onTask(event.payload, "receiver", "legacy");
      case "sessionRemoved":
        this.open.delete(event.payload.sessionId);
        return;
      case "receiverTaskRemoved":
        if (event.payload.trace) this.onReceiverGone(event.payload.trace);
        return;
      case "pendingInputAdded":
        return this.onInputAdded(event.payload);
      case "pendingInputAnswered": {
        const link = this.takeInput(event.payload.pendingInputId);
        // The list's What column says "the user answered": no detail repeats it.
        if (link) this.record(link.sessionId, link.taskId, { kind: "inputAnswered", from: "user" });
        return;
      }
      case "pendingInputWithdrawn": {
        const link = this.takeInput(event.payload.pendingInputId);
        if (link) this.record(link.sessionId, link.taskId, { kind: "inputWithdrawn", from: "user", detail: event.payload.message });
        return;
      }
      default:
        return;
    }
  }

  private onTask(view: ClientTask | ReceiverTask, role: Role, era: Era): void {
    const { task } = view;
    const line = this.timelines.get(keyOf(view.sessionId, task.taskId));
    if (!line || line.status !== task.status || line.statusMessage !== task.statusMessage) {
      // Our own receiver task's status is ours; a client task's is the server's, as we learned it.
      const from: TimelineActor = role === "receiver" ? "us" : "server";
      const recorded = this.record(view.sessionId, task.taskId, { kind: "status", from, status: task.status, ...detail(task.statusMessage) }, { role, era, create: true });
      if (recorded) {
        recorded.status = task.status;
        recorded.statusMessage = task.statusMessage;
      }
    }
    if (role === "client") this.onClientGone(view as ClientTask, this.timelines.get(keyOf(view.sessionId, task.taskId)));
  }

  /**
   * M3 / Q2 / S1: a client task that went (purged, expired, deleted, its session ended) keeps its last status,
   * so no status change says so: one `ended` mark does. A finished task deleted later gets a mark too.
   */
  private onClientGone(view: ClientTask, line: Timeline | undefined): void {
    if (!line || line.ended) return;
    const ending = clientTaskEnding(view);
    if (!ending && !view.deletedAt) return;
    line.ended = true;
    // The list's What column names the ending; the detail says why, without repeating it (the server's own
    // words are on the line already, in the error reply to our tasks/get).
    const why = ending === "deleted" ? "its tasks/get answered: unknown task" : ending === "expired" ? "its ttl elapsed before a terminal status" : ending === "sessionEnded" ? "no longer followed; the server's own status is unknown" : "the server no longer knows the finished task";
    // The server's deletion is its act; an expiry or the session's end is what we concluded.
    const from: TimelineActor = ending === "deleted" || !ending ? "server" : "us";
    this.record(view.sessionId, view.task.taskId, { kind: "ended", from, ...(ending ? { ending } : {}), ...detail(why) });
  }

  /** R6 / S1: our receiver task deleted (its ttl elapsed, answered or not) or cut off by the session's end. */
  private onReceiverGone(trace: ReceiverTask): void {
    const line = this.timelines.get(keyOf(trace.sessionId, trace.task.taskId));
    if (!line || line.ended) return;
    line.ended = true;
    const ending = receiverTaskEnding(trace);
    const why = ending === "expired" ? "its ttl elapsed before an answer" : ending === "sessionEnded" ? "the session ended before an answer" : isTerminalStatus(trace.task.status) ? "its ttl elapsed after it finished" : undefined;
    this.record(trace.sessionId, trace.task.taskId, { kind: "ended", from: "us", ...(ending ? { ending } : {}), ...detail(why) });
  }

  private onInputAdded(input: PendingInput): void {
    const taskId = input.receiverTaskId ?? input.relatedTaskId;
    if (!taskId || !this.timelines.has(keyOf(input.sessionId, taskId))) return;
    this.inputs.set(input.id, { sessionId: input.sessionId, taskId });
    if (this.inputs.size > OPEN_KEPT) this.inputs.delete(this.inputs.keys().next().value as string);
    // The What column says "input shown to the user"; the detail says which, without saying it twice.
    const key = input.modern ? ` · key ${input.modern.key}` : "";
    this.record(input.sessionId, taskId, { kind: "inputRequested", from: "user", ...detail(`${input.kind}${key}`) });
  }

  private takeInput(id: string) {
    const link = this.inputs.get(id);
    this.inputs.delete(id);
    return link;
  }

  private onMessage(entry: LogEntry): void {
    const payload = entry.payload as Record<string, unknown> | undefined;
    // Notes (an ignored duplicate, a line that was not JSON-RPC) are not messages the peer acted on.
    if (!isRecord(payload) || "note" in payload) return;
    const method = typeof payload.method === "string" ? payload.method : undefined;
    const id = payload.id;
    const hasId = typeof id === "string" || typeof id === "number";
    const params = isRecord(payload.params) ? payload.params : {};
    const from: TimelineActor = entry.direction === "out" ? "us" : "server";
    if (method && hasId) return this.onRequest(entry, method, id, params, from, this.now());
    if (method) return this.onNotification(entry, method, params, from);
    if (hasId && ("result" in payload || "error" in payload)) this.onResponse(entry, id, payload, from);
  }

  private onRequest(entry: LogEntry, method: string, id: string | number, params: Record<string, unknown>, from: TimelineActor, now: { at: number; wall: number }): void {
    // A reconnected session numbers its requests afresh: an id of the last connection's never-answered
    // request must not take this one's reply.
    let opened = this.open.get(entry.sessionId);
    if (!opened) this.open.set(entry.sessionId, (opened = { in: new Map(), out: new Map() }));
    const requests = opened[entry.direction];
    const key = idKey(id);
    requests.delete(key);
    const open: Open = { method, from, ...now };
    const pair = TASK_REQUESTS[method];
    const related = relatedTaskOf(params);
    if (pair && typeof params.taskId === "string") {
      // A request from the server about a task we never had is its error, not a line of ours.
      const recorded = this.record(entry.sessionId, params.taskId, { kind: pair[0], from, method }, { at: now });
      if (!recorded) return;
      open.taskId = params.taskId;
      open.replyKind = pair[1];
      open.requestSeq = recorded.nextSeq - 1;
    } else if (INPUT_METHODS.has(method) && related !== undefined && from === "server") {
      // Q3: the server asks for input on behalf of its task (legacy related-task _meta).
      const recorded = this.record(entry.sessionId, related, { kind: "inputRequest", from, method }, { at: now });
      if (!recorded) return;
      open.taskId = related;
      open.replyKind = "inputAnswer";
      open.requestSeq = recorded.nextSeq - 1;
    } else if (!(method === "tools/call" || method === "tasks/list" || (INPUT_METHODS.has(method) && "task" in params))) {
      return; // not about a task
    }
    requests.set(key, open);
    if (requests.size > OPEN_KEPT) requests.delete(requests.keys().next().value as string | number);
  }

  private onResponse(entry: LogEntry, id: string | number, message: Record<string, unknown>, from: TimelineActor): void {
    const requests = this.open.get(entry.sessionId)?.[entry.direction === "in" ? "out" : "in"];
    const key = idKey(id);
    const open = requests?.get(key);
    if (!open) return;
    requests!.delete(key);
    const result = isRecord(message.result) ? message.result : undefined;
    if (open.taskId && open.replyKind) {
      const error = isRecord(message.error) ? message.error : undefined;
      const outcome = error ? { error: true, ...detail(`error ${String(error.code)}: ${String(error.message)}`) } : {};
      const status = statusOf(result);
      this.record(entry.sessionId, open.taskId, { kind: open.replyKind, from, method: open.method, ...(status ? { status } : {}), ...(open.requestSeq !== undefined ? { replyTo: open.requestSeq } : {}), ...outcome });
      return;
    }
    if (!result) return;
    if (open.method === "tasks/list") {
      const tasks = Array.isArray(result.tasks) ? result.tasks.slice(0, LISTED_KEPT) : [];
      for (const task of tasks) {
        const taskId = isRecord(task) && typeof task.taskId === "string" ? task.taskId : undefined;
        if (!taskId) continue;
        const request = this.record(entry.sessionId, taskId, { kind: "list", from: open.from, method: open.method }, { at: open });
        if (request) this.record(entry.sessionId, taskId, { kind: "listReply", from, method: open.method, replyTo: request.nextSeq - 1, ...statusField(statusOf(task as Record<string, unknown>)) });
      }
      return;
    }
    // A task is born: legacy answers with CreateTaskResult `{ task }`, 2026-07-28 with `resultType: "task"` (M2).
    const modern = result.resultType === "task";
    const task = modern ? result : isRecord(result.task) ? result.task : undefined;
    const taskId = task && typeof task.taskId === "string" ? task.taskId : undefined;
    if (!taskId) return;
    const role: Role = open.method === "tools/call" ? "client" : "receiver";
    const request = this.record(entry.sessionId, taskId, { kind: "created", from: open.from, method: open.method }, { at: open, role, era: modern ? "modern" : "legacy", create: true });
    if (request) this.record(entry.sessionId, taskId, { kind: "createReply", from, method: open.method, replyTo: request.nextSeq - 1, ...statusField(statusOf(task)) });
  }

  private onNotification(entry: LogEntry, method: string, params: Record<string, unknown>, from: TimelineActor): void {
    if (!TASK_NOTIFICATIONS.has(method) || typeof params.taskId !== "string") return;
    const fact = { kind: "notification" as const, from, method, ...statusField(statusOf(params)), ...detail(params.statusMessage) };
    const at = this.now();
    if (this.record(entry.sessionId, params.taskId, fact, { at })) return;
    // The server may announce a task before our request's reply names it: kept for a while, bounded.
    this.early.push({ key: keyOf(entry.sessionId, params.taskId), at, fact });
    if (this.early.length > EARLY_KEPT) this.early.shift();
  }

  private now(): { at: number; wall: number } {
    return { at: this.monotonic(), wall: this.clock.now() };
  }

  /**
   * Adds one event to a task's line, in time order (a creation is learned from its reply, after the
   * request's time). Only facts of our own (`create`) start a line: a hostile server naming task ids
   * cannot fill the table. Returns the line, or undefined when the task has none.
   */
  private record(
    sessionId: string,
    taskId: string,
    fact: Omit<TimelineEvent, "seq" | "at" | "wall">,
    options: { at?: { at: number; wall: number }; role?: Role; era?: Era; create?: boolean } = {},
  ): Timeline | undefined {
    if (taskId.length > TASK_ID_CHARS) return undefined;
    const key = keyOf(sessionId, taskId);
    let line = this.timelines.get(key);
    let fresh = false;
    if (line) {
      // Most recently touched last, so the least recently touched is evicted first.
      this.timelines.delete(key);
      this.timelines.set(key, line);
    } else {
      if (!options.create) return undefined;
      line = { sessionId, taskId, events: [], dropped: 0, nextSeq: 0 };
      this.timelines.set(key, line);
      if (this.timelines.size > this.limits.tasksKept) this.evictOldest();
      fresh = true;
    }
    if (options.role && !line.role) line.role = options.role;
    if (options.era && !line.era) line.era = options.era;
    if (fresh) this.adoptEarly(line, key);
    const when = options.at ?? this.now();
    const event: TimelineEvent = { seq: line.nextSeq++, at: when.at, wall: when.wall, ...fact };
    const { events } = line;
    let index = events.length;
    while (index > 0 && events[index - 1]!.at > event.at) index--;
    events.splice(index, 0, event);
    this.total++;
    while (events.length > this.limits.eventsKept) {
      events.shift();
      line.dropped++;
      this.total--;
    }
    while (this.total > this.limits.totalKept && this.timelines.size > 1) this.evictOldest();
    if (this.followed.has(key)) {
      this.bus.emit("taskTimelineEvents", { sessionId, taskId, ...(line.role ? { role: line.role } : {}), ...(line.era ? { era: line.era } : {}), events: [event] });
    }
    return line;
  }

  private evictOldest(): void {
    const oldest = this.timelines.keys().next().value as string;
    this.total -= this.timelines.get(oldest)?.events.length ?? 0;
    this.timelines.delete(oldest);
  }

  private adoptEarly(line: Timeline, key: string): void {
    if (!this.early.some((e) => e.key === key)) return;
    const mine = this.early.filter((e) => e.key === key);
    this.early = this.early.filter((e) => e.key !== key);
    for (const e of mine) this.record(line.sessionId, line.taskId, e.fact, { at: e.at });
  }
}

function keyOf(sessionId: string, taskId: string): string {
  return `${sessionId}\u0000${taskId}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function relatedTaskOf(params: Record<string, unknown>): string | undefined {
  const meta = isRecord(params._meta) ? params._meta : undefined;
  const related = meta && isRecord(meta[RELATED_TASK]) ? meta[RELATED_TASK] : undefined;
  return typeof related?.taskId === "string" ? related.taskId : undefined;
}

function statusOf(value: Record<string, unknown> | undefined): TaskStatus | undefined {
  const status = value?.status;
  return typeof status === "string" && STATUSES.has(status as TaskStatus) ? (status as TaskStatus) : undefined;
}

function statusField(status: TaskStatus | undefined) {
  return status ? { status } : {};
}

/** Server text, bounded: one line of at most DETAIL_CHARS. */
function detail(text: unknown): { detail?: string } {
  if (typeof text !== "string" || text === "") return {};
  // fresh(): a slice would keep the server's whole string (up to 64 MB) alive in up to TOTAL_EVENTS_KEPT events.
  return { detail: text.length > DETAIL_CHARS ? `${fresh(text.slice(0, DETAIL_CHARS - 1))}…` : text };
}
