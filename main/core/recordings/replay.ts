// A recording replayed as a server (issue 22). What the recorded client sent are the triggers; what the
// server sent after each (its answers, requests, notifications, stderr) is attached to it and sent back
// when a live client sends the matching message: requests are matched by method and params (`_meta`
// ignored: progress tokens and the 2026-07-28 envelope vary per request), in recorded order where the
// same request repeats; ids and progress tokens are remapped to the live client's. A request nothing
// matches gets a JSON-RPC error naming the closest recorded one.
import { idKey } from "../messageLog.js";
import { isMessageLine, type Recording, type RecordingHeader, type RecordingLine } from "./format.js";
import { CAPABILITY_OF } from "./reader.js";

type Id = string | number;
export interface WireMessage {
  jsonrpc?: string;
  id?: Id;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: unknown;
}

/** What the server sent, with when (ms since the recording started): paced as recorded when replayed. */
type Attached = ({ message: WireMessage; live?: true; result?: () => Record<string, unknown> } | { stderr: string }) & { t: number };

/** A peer hears what a streamed script learns: an item attached to a trigger (-1: the opening), more lines read. */
interface ScriptListener {
  attached(trigger: number, item: Attached): void;
  grew(): void;
}

interface Trigger {
  index: number;
  /** When the recorded client sent it (ms since the recording started). */
  t: number;
  kind: "request" | "notification" | "response";
  message: WireMessage;
  /** Method and params without `_meta`, as canonical JSON: what a live message must equal. */
  key: string;
  attached: Attached[];
}

/** Trigger indexes by what a live message is looked up with, each list in recorded order. */
type Index = Map<string | number, number[]>;

function indexBy(index: Index, key: string | number, at: number): void {
  const list = index.get(key);
  if (list) list.push(at);
  else index.set(key, [at]);
}

/** JSON-RPC's "method not found" and "invalid params": the closest recorded request is named in the message. */
export const UNMATCHED_METHOD = -32601;
export const UNMATCHED_PARAMS = -32602;
/** How many recorded requests are weighed to name the closest one. */
const CLOSEST_CANDIDATES = 1000;

/** The recording, cut into triggers; shared by every live client of one replay (each gets its own ReplayPeer). */
export class ReplayScript {
  readonly opening: Attached[] = [];
  readonly triggers: Trigger[] = [];
  readonly requestsByKey: Index = new Map();
  readonly requestsByMethod: Index = new Map();
  readonly notificationsByKey: Index = new Map();
  readonly notificationsByMethod: Index = new Map();
  /** A client's recorded answers to the server's requests, by the request's id. */
  readonly answersById: Index = new Map();
  /** The server's recorded answer to each recorded request, by the request's id. */
  readonly answerOf = new Map<string | number, WireMessage>();
  /** Every client answer to a server request, in recorded order: what came after one may depend on it. */
  readonly answerTriggers: number[] = [];
  /** Each task the server reported, as last reported in the recording (for tasks/list, which may not be recorded). */
  readonly recordedTasks = new Map<string, Record<string, unknown>>();

  readonly header: RecordingHeader;
  /** False while a streamed recording is still read: a request not matched yet may be matched by a later line. */
  complete = false;
  private readonly requestOf = new Map<string | number, Trigger>();
  private readonly tokenOwner = new Map<string | number, Trigger>();
  private current: Trigger | undefined;
  /** The last client answer to a server request: what came after it may depend on it. */
  private lastAnswer = -1;
  private readonly listeners = new Set<ScriptListener>();

  /** A whole recording, or only its header: then lines are add()ed as they are read, and finish() says the end. */
  constructor(source: Recording | RecordingHeader) {
    if ("lines" in source && "header" in source) {
      this.header = source.header;
      for (const line of source.lines) this.add(line);
      this.finish();
    } else this.header = source as RecordingHeader;
  }

  subscribe(listener: ScriptListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A batch of lines was added: waiting requests may match now. */
  grew(): void {
    for (const listener of [...this.listeners]) listener.grew();
  }

  finish(): void {
    this.complete = true;
    this.grew();
  }

  add(line: RecordingLine): void {
    if (!isMessageLine(line)) return this.attach(this.current, { stderr: line.stderr, t: line.t });
    // A message not passed on (a duplicate id, a cancel not sent) or unusable was never part of the exchange.
    if (line.note !== undefined || !isObject(line.msg)) return;
    const message = line.msg as WireMessage;
    if (line.dir === "out") {
      const kind = typeof message.method === "string" ? (message.id !== undefined ? "request" : "notification") : "response";
      const trigger: Trigger = { index: this.triggers.length, t: line.t, kind, message, key: keyOf(message), attached: [] };
      this.triggers.push(trigger);
      this.current = trigger;
      if (kind === "request") {
        indexBy(this.requestsByKey, trigger.key, trigger.index);
        indexBy(this.requestsByMethod, message.method!, trigger.index);
        this.requestOf.set(idKey(message.id), trigger);
        const token = progressTokenOf(message);
        if (token !== undefined) this.tokenOwner.set(idKey(token), trigger);
      } else if (kind === "notification") {
        indexBy(this.notificationsByKey, trigger.key, trigger.index);
        indexBy(this.notificationsByMethod, message.method!, trigger.index);
      } else {
        indexBy(this.answersById, idKey(message.id), trigger.index);
        this.answerTriggers.push(trigger.index);
        this.lastAnswer = trigger.index;
      }
      return;
    }
    const task = taskStateOf(message);
    if (task) this.recordedTasks.set(task.taskId as string, task);
    // A response goes with its own request, unless a client answer came after that request (the
    // server may have waited for it); so does a progress notification. Anything else: the last trigger.
    let owner: Trigger | undefined;
    if (message.method === undefined && message.id !== undefined) {
      owner = this.requestOf.get(idKey(message.id));
      if (owner && !this.answerOf.has(idKey(message.id))) this.answerOf.set(idKey(message.id), message);
    } else if (message.method === "notifications/progress" && message.params?.progressToken !== undefined) owner = this.tokenOwner.get(idKey(message.params.progressToken as Id));
    else if (message.method === "notifications/subscriptions/acknowledged") {
      // A listen's acknowledgement answers that listen (a client waits for it before it asks anything else),
      // even when the recorded client sent its next request before the server acknowledged.
      const subscription = subscriptionIdOf(message);
      if (subscription !== undefined) owner = this.requestOf.get(idKey(subscription));
    }
    if (owner && owner.index < this.lastAnswer) owner = this.triggers[this.lastAnswer];
    this.attach(owner ?? this.current, { message, t: line.t });
  }

  private attach(owner: Trigger | undefined, item: Attached): void {
    (owner?.attached ?? this.opening).push(item);
    for (const listener of this.listeners) listener.attached(owner?.index ?? -1, item);
  }

  /** The recorded request closest to a live one (same method first, then the most shared params). */
  closest(method: string, params: unknown): WireMessage | undefined {
    // Bounded: a hostile client's unmatched requests must not each walk a recording of 100,000 messages.
    const sameMethod = (this.requestsByMethod.get(method) ?? []).slice(0, CLOSEST_CANDIDATES).map((i) => this.triggers[i]!);
    const pool = sameMethod.length ? sameMethod : [...this.requestsByMethod.values()].map((list) => this.triggers[list[0]!]!).slice(0, CLOSEST_CANDIDATES);
    let best: Trigger | undefined;
    let bestScore = -Infinity;
    for (const t of pool) {
      const score = similarity(params, t.message.params) + (t.message.method === method ? 1000 : 0) - editDistanceCapped(method, t.message.method ?? "");
      if (score > bestScore) [best, bestScore] = [t, score];
    }
    return best?.message;
  }
}

export interface ReplayOutput {
  send(message: WireMessage): void;
  stderr?(line: string): void;
  /** A recorded server request not sent, and why. */
  skipped?(why: string): void;
}

/** One live client of a replay. */
export class ReplayPeer {
  private started = false;
  /** Each peer marks its own: two clients of one HTTP replay do not use up each other's answers. */
  private readonly used = new Set<number>();
  /** When each used trigger fired (this clock): what it holds is sent paced from then. */
  private readonly firedAt = new Map<number, number>();
  private startedAt = 0;
  /** Messages that wait for lines not read yet (in order: a request never overtakes an earlier one). */
  private readonly waiting: WireMessage[] = [];
  /** Notifications not matched yet: they never hold up a request, and are tried again as lines come. */
  private unmatchedNotifications: WireMessage[] = [];
  /** What is to be sent, in order, each when due: recorded gaps divided by the speed. */
  private readonly outbox: { due: number; item: Attached }[] = [];
  private outboxTimer: ReturnType<typeof setTimeout> | undefined;
  /** The last item put in the outbox: when it is due, and whether it is a progress notification. */
  private lastQueued = { due: 0, progress: false };
  private readonly unsubscribe: () => void;
  private readonly now: () => number;
  private readonly speed: number;
  /** Per index list, where its first unused trigger may be (everything before is used). */
  private readonly cursors = new WeakMap<number[], number>();
  /** recorded request id → live request id */
  private readonly liveIds = new Map<string | number, Id>();
  /** recorded progress token → live progress token */
  private readonly liveTokens = new Map<string | number, Id>();
  private clientCapabilities?: Record<string, unknown>;
  /**
   * Recorded answers due before the live client sent their request (recorded id → answer): a client that
   * polls in another order (tasks/result after the elicitation is answered, not before) still gets its answer.
   */
  private readonly heldAnswers = new Map<string | number, WireMessage>();
  /** recorded task id → live task id, for tasks the client created (receiver tasks: the client chose their ids). */
  private readonly liveTaskIds = new Map<string, string>();
  /** Each task as this client was last told about it: tasks/get and tasks/list answer from it when the recording holds no such request. */
  private readonly taskStates = new Map<string, Record<string, unknown>>();
  /** Task states in the outbox, not sent yet: a poll answered after them tells the newest. */
  private readonly pendingTasks = new Map<string, Record<string, unknown>>();
  /** Where the first client answer not given yet is in answerTriggers. */
  private answerCursor = 0;
  /** Replay time minus recorded time, fixed when the first recorded request is matched. */
  private timeShift?: number;
  private readonly recordedAt: number;

  /**
   * `speed`: recorded gaps between what the server sent are divided by it (1: as recorded; Infinity: all at
   * once). Pacing matters: a client drops a progress notification that arrives with the result it belongs to.
   */
  constructor(
    private readonly script: ReplayScript,
    private readonly out: ReplayOutput,
    options: { now?: () => number; speed?: number } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.speed = options.speed ?? 1;
    const at = Date.parse(script.header.recordedAt);
    this.recordedAt = Number.isFinite(at) ? at : 0;
    this.unsubscribe = script.subscribe({
      attached: (trigger, item) => {
        // A streamed script found more of what a trigger this client already used holds: sent in its turn.
        if (trigger === -1 ? this.started : this.used.has(trigger)) this.schedule([item], trigger === -1 ? this.startedAt : this.firedAt.get(trigger)!, trigger === -1 ? item.t : script.triggers[trigger]!.t);
      },
      grew: () => this.drain(),
    });
  }

  /** The client is gone: nothing more is sent, and the script forgets this peer. */
  close(): void {
    this.unsubscribe();
    if (this.outboxTimer) clearTimeout(this.outboxTimer);
    this.outbox.length = 0;
  }

  receive(message: WireMessage): void {
    if (!this.started) {
      this.started = true;
      this.startedAt = this.now();
      for (const item of this.script.opening) this.schedule([item], this.startedAt, item.t);
    }
    if (this.waiting.length || !this.handle(message)) this.waiting.push(message);
  }

  /** Waiting messages, in order, as far as the lines read so far answer them. */
  private drain(): void {
    while (this.waiting.length && this.handle(this.waiting[0]!)) this.waiting.shift();
    const notes = this.unmatchedNotifications;
    this.unmatchedNotifications = [];
    for (const note of notes) this.notification(note);
  }

  /** False: the lines read so far cannot answer it yet (a streamed script still being read). */
  private handle(message: WireMessage): boolean {
    if (typeof message.method === "string" && message.id !== undefined) return this.request(message);
    if (typeof message.method === "string") {
      this.notification(message);
      return true;
    }
    if (message.id !== undefined) {
      // The live client's answer to a recorded server request (sent with its recorded id).
      const trigger = this.nextUnused(this.script.answersById.get(idKey(message.id)));
      if (!trigger) return this.script.complete;
      const recordedTask = taskIdOf(trigger.message.result);
      const liveTask = taskIdOf(message.result);
      if (recordedTask !== undefined && liveTask !== undefined) this.liveTaskIds.set(recordedTask, liveTask);
      this.fire(trigger);
    }
    return true;
  }

  /** The first trigger of `list` not used yet (lists are used in order, so a cursor skips the used ones). */
  private nextUnused(list: number[] | undefined): Trigger | undefined {
    if (!list) return undefined;
    let at = this.cursors.get(list) ?? 0;
    while (at < list.length && this.used.has(list[at]!)) at++;
    this.cursors.set(list, at);
    return at < list.length ? this.script.triggers[list[at]!] : undefined;
  }

  private request(message: WireMessage): boolean {
    const meta = message.params?._meta as Record<string, unknown> | undefined;
    const offered = meta?.["io.modelcontextprotocol/clientCapabilities"] ?? (message.method === "initialize" ? message.params?.capabilities : undefined);
    if (isObject(offered)) this.clientCapabilities = offered as Record<string, unknown>;
    const sameMethod = this.script.requestsByMethod.get(message.method!);
    // initialize is matched by its method: the live client's name, version and capabilities may differ.
    const equal = message.method === "initialize" ? sameMethod : this.script.requestsByKey.get(keyOf(message));
    let next = this.nextUnused(equal);
    if (next && equal) {
      // Content, then position: a request recorded after a client answer the live client has not given yet
      // (a task poll after the elicitation was answered) is not served before that answer. The same request
      // recorded before it is answered again instead, as the server would have: the task still waits.
      const barrier = this.firstAnswerNotGiven();
      if (next.index > barrier) {
        // A task poll: what this client has been told of the task so far (a status notification may have
        // said input_required before the recorded client polled again).
        // Told at the moment the answer goes out, after what is queued before it.
        if (message.method === "tasks/get" && typeof message.params?.taskId === "string" && (this.taskStates.has(message.params.taskId) || this.pendingTasks.has(message.params.taskId))) {
          const taskId = message.params.taskId;
          return this.answer(message, () => ({ ...(this.taskStates.get(taskId) ?? this.pendingTasks.get(taskId)) }));
        }
        // The last of these answered before the barrier, or the last this client was given: given again.
        const before = equal.filter((i) => i < barrier || this.used.has(i)).at(-1);
        const answer = before === undefined ? undefined : this.script.answerOf.get(idKey(this.script.triggers[before]!.message.id));
        if (answer) return this.repeat(message, answer);
        if (before !== undefined) next = undefined;
      }
    }
    if (next) {
      this.liveIds.set(idKey(next.message.id), message.id!);
      const recordedToken = progressTokenOf(next.message);
      const liveToken = progressTokenOf(message);
      if (recordedToken !== undefined && liveToken !== undefined) this.liveTokens.set(idKey(recordedToken), liveToken);
      this.fire(next);
      const held = this.heldAnswers.get(idKey(next.message.id));
      if (held) {
        this.heldAnswers.delete(idKey(next.message.id));
        this.repeat(message, held);
      }
      return true;
    }
    if (!this.script.complete) {
      // Not read yet, it may still come; what needs no recording is answered at once.
      const empty = EMPTY_RESULT.has(message.method!) ? this.specAnswer(message) : undefined;
      return empty ? this.answer(message, empty) : false;
    }
    const last = equal?.at(-1);
    if (last !== undefined) {
      // Asked more often than recorded (a task polled once more): the last recorded answer again.
      const answer = this.script.answerOf.get(idKey(this.script.triggers[last]!.message.id));
      if (answer) return this.repeat(message, answer);
    }
    const spec = this.specAnswer(message);
    if (spec !== undefined) return this.answer(message, spec);
    const closest = this.script.closest(message.method!, message.params);
    const said = closest ? `${closest.method}${closest.params ? ` ${preview(withoutMeta(closest.params))}` : ""}` : "none";
    const code = sameMethod ? UNMATCHED_PARAMS : UNMATCHED_METHOD;
    const what = sameMethod ? `No recorded ${message.method} request has these params` : `No ${message.method} request was recorded`;
    this.out.send({ jsonrpc: "2.0", id: message.id!, error: { code, message: `${what}; the closest recorded request: ${said}`, data: { closest: closest ? { method: closest.method, params: closest.params } : null } } });
    return true;
  }

  /** An answer not in the recording's order: sent after what is already on its way (a function: worked out then). */
  private answer(message: WireMessage, result: Record<string, unknown> | (() => Record<string, unknown>)): true {
    const item: Attached = typeof result === "function" ? { message: { jsonrpc: "2.0", id: message.id! }, live: true, result, t: 0 } : { message: { jsonrpc: "2.0", id: message.id!, result }, live: true, t: 0 };
    this.schedule([item], this.now(), 0, true);
    return true;
  }

  /** A recorded answer given again, to this request's id. */
  private repeat(message: WireMessage, recorded: WireMessage): true {
    this.schedule([{ message: { ...recorded, id: message.id! }, live: true, t: 0 }], this.now(), 0, true);
    return true;
  }

  /**
   * What the spec says a server answers to a request any client may send, when the recording holds none:
   * ping, logging/setLevel, resources/(un)subscribe are empty results; tasks/get and tasks/list tell the
   * tasks as far as this client's conversation has got (the recorded ones it has not seen yet: as recorded last).
   */
  private specAnswer(message: WireMessage): Record<string, unknown> | undefined {
    switch (message.method) {
      case "ping":
      case "logging/setLevel":
      case "resources/subscribe":
      case "resources/unsubscribe":
        return {};
      case "tasks/list":
        return { tasks: [...new Map([...this.script.recordedTasks, ...this.taskStates]).values()] };
      case "tasks/get": {
        const taskId = message.params?.taskId;
        const task = typeof taskId === "string" ? this.taskStates.get(taskId) : undefined;
        return task ? { ...task } : undefined;
      }
      default:
        return undefined;
    }
  }

  /** The index of the first recorded client answer not given yet (past the end: none left). */
  private firstAnswerNotGiven(): number {
    const list = this.script.answerTriggers;
    while (this.answerCursor < list.length && this.used.has(list[this.answerCursor]!)) this.answerCursor++;
    return this.answerCursor < list.length ? list[this.answerCursor]! : Number.POSITIVE_INFINITY;
  }

  /** Everything sent goes through here, so the task states this client has been told are known. */
  private send(original: WireMessage): void {
    // Task states are kept as recorded (they are shifted once, when sent).
    const task = taskStateOf(original);
    const message = this.timeShift ? shiftTimes(original, this.timeShift) : original;
    if (task) this.taskStates.set(task.taskId as string, task);
    this.out.send(message);
  }

  private notification(message: WireMessage): void {
    const trigger = this.nextUnused(this.script.notificationsByKey.get(keyOf(message))) ?? (message.method === "notifications/cancelled" ? undefined : this.nextUnused(this.script.notificationsByMethod.get(message.method!)));
    if (trigger) this.fire(trigger);
    else if (!this.script.complete && this.unmatchedNotifications.length < 1000) this.unmatchedNotifications.push(message);
  }

  private fire(trigger: Trigger): void {
    // The recording's clock is set to this client's: the first request it matches happens now, and every
    // recorded time after keeps its distance from it.
    const now = this.now();
    this.timeShift ??= now - (this.recordedAt + trigger.t);
    this.used.add(trigger.index);
    this.firedAt.set(trigger.index, now);
    this.schedule(trigger.attached, now, trigger.t);
  }

  /**
   * Items into the outbox, each due its recorded distance from `t0` after `base` (scaled by the speed), never
   * before what is already in it. `asap`: an answer of the replay's own, due now (still after the queue).
   */
  private schedule(items: readonly Attached[], base: number, t0: number, asap = false): void {
    const paced = Number.isFinite(this.speed);
    for (const item of items) {
      // An answer goes as soon as what came before it has gone; what the server said on its own (progress,
      // status, its requests) keeps its recorded distance.
      const answer = "message" in item && item.message.method === undefined;
      const gap = asap || answer || !paced ? 0 : Math.max(0, item.t - t0) / this.speed;
      // After a progress notification, a pause: a client handles notifications a turn later than answers
      // (the SDK's do), and one that reads both in one chunk has dropped the progress handler already.
      const floor = this.lastQueued.progress && paced ? this.lastQueued.due + PROGRESS_PAUSE_MS : this.lastQueued.due;
      const due = Math.max(floor, base + gap);
      this.outbox.push({ due, item });
      const task = "message" in item ? taskStateOf(item.message) : undefined;
      if (task) this.pendingTasks.set(task.taskId as string, task);
      this.lastQueued = { due, progress: "message" in item && item.message.method === "notifications/progress" };
    }
    this.pump();
  }

  private pump(): void {
    if (this.outboxTimer) return;
    while (this.outbox.length) {
      const wait = this.outbox[0]!.due - this.now();
      if (wait > 0) return this.pumpIn(wait);
      const { item } = this.outbox.shift()!;
      this.deliver(item);
      // The pause after a progress notification is kept from when it went, not only from when it was due: a
      // replay starved of the CPU finds several items due at once, and must not write them in one go.
      if (this.outbox.length && Number.isFinite(this.speed) && "message" in item && item.message.method === "notifications/progress") return this.pumpIn(PROGRESS_PAUSE_MS);
    }
  }

  private pumpIn(ms: number): void {
    this.outboxTimer = setTimeout(() => {
      this.outboxTimer = undefined;
      this.pump();
    }, ms);
  }

  private deliver(item: Attached): void {
    if ("stderr" in item) {
      this.out.stderr?.(item.stderr);
      return;
    }
    // The replay's own answer, already to the live id.
    if (item.live) return this.send(item.result ? { ...item.message, result: item.result() } : item.message);
    const message = item.message;
    if (message.method === undefined && message.id !== undefined) {
      // An answer: to the live id of the request it answers, if the live client asked it.
      const live = this.liveIds.get(idKey(message.id));
      if (live !== undefined) this.send({ ...message, id: live });
      else if (this.heldAnswers.size < MAX_HELD_ANSWERS) this.heldAnswers.set(idKey(message.id), message);
      return;
    }
    if (message.method === "notifications/progress") {
      const live = this.liveTokens.get(idKey(message.params?.progressToken as Id));
      if (live !== undefined) this.send({ ...message, params: { ...message.params, progressToken: live } });
      return;
    }
    const subscription = subscriptionIdOf(message);
    if (subscription !== undefined) {
      // A subscription is named by its listen request's id: the live client's, once it has listened.
      const live = this.liveIds.get(idKey(subscription));
      const meta = message.params!._meta as Record<string, unknown>;
      this.send(live === undefined ? message : { ...message, params: { ...message.params, _meta: { ...meta, [SUBSCRIPTION_ID]: live } } });
      return;
    }
    if (message.id !== undefined) {
      // A server request needs the capability the live client offered; without it the request is not
      // sent and the replay goes on as the recorded client answered.
      const needs = CAPABILITY_OF[message.method!];
      if (needs && this.clientCapabilities && !(needs in this.clientCapabilities)) {
        this.out.skipped?.(`${message.method} not sent: the client did not offer the ${needs} capability`);
        const answer = this.nextUnused(this.script.answersById.get(idKey(message.id)));
        if (answer) this.fire(answer);
        return;
      }
    }
    this.send(this.withLiveTaskIds(message));
  }

  /** A server request about a task the client created names it by the live client's id. */
  private withLiveTaskIds(message: WireMessage): WireMessage {
    if (this.liveTaskIds.size === 0 || !message.params) return message;
    let params = message.params;
    const taskId = typeof params.taskId === "string" ? this.liveTaskIds.get(params.taskId) : undefined;
    if (taskId !== undefined) params = { ...params, taskId };
    const meta = params._meta as Record<string, unknown> | undefined;
    const related = meta?.[RELATED_TASK] as { taskId?: unknown } | undefined;
    const relatedId = typeof related?.taskId === "string" ? this.liveTaskIds.get(related.taskId) : undefined;
    if (relatedId !== undefined) params = { ...params, _meta: { ...meta, [RELATED_TASK]: { ...related, taskId: relatedId } } };
    return params === message.params ? message : { ...message, params };
  }
}

const RELATED_TASK = "io.modelcontextprotocol/related-task";
const SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

/** The listen request a 2026-07-28 notification belongs to (its id, in `_meta`). */
export function subscriptionIdOf(message: WireMessage): Id | undefined {
  if (message.method === undefined || message.id !== undefined) return undefined;
  const id = (message.params?._meta as Record<string, unknown> | undefined)?.[SUBSCRIPTION_ID];
  return typeof id === "string" || typeof id === "number" ? id : undefined;
}
/** Answers kept for requests the live client has not sent yet (each recorded request has one; a bound all the same). */
const MAX_HELD_ANSWERS = 10_000;
/** How long after a progress notification the next message waits, at least (unless --speed max). */
const PROGRESS_PAUSE_MS = 50;
/** Requests whose answer is an empty result whatever was recorded: answered even before the recording is read. */
const EMPTY_RESULT = new Set(["ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe"]);

/**
 * Task times a server reports (2025-11-25 createdAt / lastUpdatedAt; deadlines), moved by `shift` ms, so a
 * recording replayed a week later is not a week past its ttl: intervals between them stay as recorded.
 */
const TIME_KEYS = new Set(["createdAt", "lastUpdatedAt", "expiresAt", "deadline"]);
/** Tasks sit shallow (result.task, result.tasks[i], params): the walk stops well before anything deep. */
const TIME_DEPTH = 6;

export function shiftTimes<T>(value: T, shift: number, depth = 0): T {
  if (depth > TIME_DEPTH || typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const moved = shiftTimes(item, shift, depth + 1);
      changed ||= moved !== item;
      return moved;
    });
    return (changed ? out : value) as T;
  }
  let out: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    let moved = item;
    if (TIME_KEYS.has(key) && typeof item === "string") {
      const at = Date.parse(item);
      if (Number.isFinite(at)) moved = new Date(at + shift).toISOString();
    } else moved = shiftTimes(item, shift, depth + 1);
    if (moved !== item) (out ??= { ...(value as Record<string, unknown>) })[key] = moved;
  }
  return (out ?? value) as T;
}

/** A task's state a message tells: a CreateTaskResult, a tasks/get result, a status notification. */
function taskStateOf(message: WireMessage): Record<string, unknown> | undefined {
  const candidate = message.method === "notifications/tasks/status" ? message.params : isObject(message.result) ? (isObject(message.result.task) ? message.result.task : message.result) : undefined;
  if (!isObject(candidate) || typeof candidate.taskId !== "string" || typeof candidate.status !== "string") return undefined;
  const { _meta: _ignored, ...task } = candidate;
  return task;
}

/** The task id a CreateTaskResult names. */
function taskIdOf(result: unknown): string | undefined {
  const task = isObject(result) ? result.task : undefined;
  return isObject(task) && typeof task.taskId === "string" ? task.taskId : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function progressTokenOf(message: WireMessage): Id | undefined {
  const token = (message.params?._meta as { progressToken?: unknown } | undefined)?.progressToken;
  return typeof token === "string" || typeof token === "number" ? token : undefined;
}

function withoutMeta(params: unknown): unknown {
  if (!isObject(params) || !("_meta" in params)) return params;
  const { _meta: _ignored, ...rest } = params;
  return rest;
}

/**
 * A request's params with what the protocol leaves to each client made one way, so any client's request
 * matches what another client recorded: absent params are `{}`, `_meta` (progress tokens, the 2026-07-28
 * envelope) is left out, a task augmentation counts by its presence (the ttl is the client's choice), the
 * `task` options the SDK copies into tasks/get and tasks/result are dropped, absent `arguments` are `{}`,
 * and a null cursor is no cursor. Key order is left to canonical().
 */
export function normalizedParams(method: string, params: unknown): unknown {
  if (params === undefined || params === null) return {};
  if (!isObject(params)) return params;
  const out: Record<string, unknown> = { ...params };
  delete out._meta;
  if (method.startsWith("tasks/")) delete out.task;
  else if (isObject(out.task)) out.task = {};
  if ((method === "tools/call" || method === "prompts/get") && (out.arguments === undefined || out.arguments === null)) out.arguments = {};
  if (out.cursor === null) delete out.cursor;
  return out;
}

/** Method and normalized params as JSON with sorted keys. */
function keyOf(message: WireMessage): string {
  return `${message.method ?? ""} ${canonical(normalizedParams(message.method ?? "", message.params))}`;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

/** How many top-level params two requests share (name and arguments count most: tools/call, prompts/get). */
function similarity(a: unknown, b: unknown): number {
  const x = withoutMeta(a);
  const y = withoutMeta(b);
  if (!isObject(x) || !isObject(y)) return canonical(x) === canonical(y) ? 1 : 0;
  let score = 0;
  for (const key of Object.keys(x)) {
    if (!(key in y)) continue;
    if (canonical(x[key]) === canonical(y[key])) score += key === "name" || key === "uri" ? 100 : 10;
    else if (isObject(x[key]) && isObject(y[key])) score += similarity(x[key], y[key]);
  }
  return score;
}

function editDistanceCapped(a: string, b: string): number {
  if (a === b) return 0;
  const s = a.slice(0, 100);
  const t = b.slice(0, 100);
  let row = Array.from({ length: t.length + 1 }, (_, i) => i);
  for (let i = 1; i <= s.length; i++) {
    const next = [i];
    for (let j = 1; j <= t.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1));
    row = next;
  }
  return row[t.length]!;
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? "";
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
