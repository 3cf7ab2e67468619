// The receiver-task map of one session: tasks the server created on us by sending a task-augmented
// sampling/createMessage or elicitation/create. It implements the SDK's TaskStore, so the SDK serves
// tasks/list from it; tasks/get, tasks/result and tasks/cancel are ours (see receiverRequests.ts).
//
// Unlike the SDK's InMemoryTaskStore it is event-driven: waiters are released the moment a task
// turns terminal or is deleted, never at the next poll tick.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { ErrorCode, McpError, type Request, type RequestId, type Result, type Task } from "@modelcontextprotocol/sdk/types.js";
import type { CreateTaskOptions, TaskStore } from "@modelcontextprotocol/sdk/experimental/tasks/interfaces.js";
import type { ReceiverTask, ReceiverTaskAsked, ReceiverTaskEnding, ReceiverTaskMethod, TaskStatus } from "../../../shared/types.js";
import { isoTime, type Ports, type TimerHandle } from "../ports.js";
import { isTerminalStatus } from "../protocol/taskStatus.js";

export interface ReceiverTaskLimits {
  maxLiveTasks: number;
  maxTtlMs: number;
  defaultTtlMs: number;
  pollIntervalMs: number;
}

export type ReceiverTaskOutcome = NonNullable<ReceiverTask["outcome"]>;

export interface ReceiverTaskEvents {
  /** Every status change, creation included (R11). */
  changed(task: ReceiverTask): void;
  /** The task was deleted (ttl elapsed, or the session ended); `wasLive` says it never finished. */
  removed(task: ReceiverTask, wasLive: boolean): void;
}

interface TaskRecord {
  seq: number;
  task: Task;
  method: ReceiverTaskMethod;
  requestId: RequestId;
  pendingInputId?: string;
  outcome?: ReceiverTaskOutcome;
  /** How it ended, set where it happens (the answer, a cancel, the expiry, the session's end). */
  ending?: ReceiverTaskEnding;
  asked?: ReceiverTaskAsked;
  /** When it was deleted (ISO); only the view handed to `removed` carries it. */
  deletedAt?: string;
  expiry?: TimerHandle;
  waiters: Set<() => void>;
  removed: boolean;
}


/** R4: the only moves a task may make. */
const ALLOWED_MOVES: Record<TaskStatus, ReadonlySet<TaskStatus>> = {
  working: new Set(["input_required", "completed", "failed", "cancelled"]),
  input_required: new Set(["working", "completed", "failed", "cancelled"]),
  completed: new Set(),
  failed: new Set(),
  cancelled: new Set(),
};

export const AWAITING_USER = "Awaiting user response";
const LIST_PAGE_SIZE = 100;
/** How many deleted ids keep their "expired" message (R8); older ones read as unknown, still -32602. */
const EXPIRED_IDS_KEPT = 2_000;
const CURSOR_PREFIX = "rt1.";

export function taskNotFound(taskId: string, expired: boolean): McpError {
  // Our ids are UUIDs; a megabyte-long one from a hostile server is not echoed back whole.
  const shown = taskId.length > 200 ? `${taskId.slice(0, 200)}… (${taskId.length} characters)` : taskId;
  return new McpError(
    ErrorCode.InvalidParams,
    expired ? `Task ${shown} has expired: its ttl elapsed and it was deleted` : `Task not found: ${shown}`,
  );
}

/** How an answer ends a task (R12): an elicitation by its action, sampling as answered, an error as rejected. */
export function endingOf(outcome: ReceiverTaskOutcome): ReceiverTaskEnding {
  if (outcome.kind === "error") return "rejected";
  const action = outcome.result.action;
  if (action === "accept") return "accepted";
  if (action === "decline") return "declined";
  if (action === "cancel") return "cancelled";
  return "answered";
}

export class ReceiverTaskStore implements TaskStore {
  private readonly records = new Map<string, TaskRecord>();
  /** Records in creation order, for cursor paging in O(page size); holes are compacted lazily. */
  private ordered: TaskRecord[] = [];
  private holes = 0;
  private nextSeq = 1;
  private live = 0;
  /** Recently deleted ids, so "expired" can be told apart from "never existed" (R8 messages). Bounded. */
  private readonly expiredIds = new Set<string>();
  /** Signs cursors, so a forged, truncated or foreign one (another session's, S1) is refused, not misread. */
  private readonly cursorKey = randomBytes(32);

  constructor(
    private readonly sessionId: string,
    private readonly ports: Ports,
    private readonly limits: () => ReceiverTaskLimits,
    private readonly events: ReceiverTaskEvents,
  ) {}

  get liveCount(): number {
    return this.live;
  }

  get size(): number {
    return this.records.size;
  }

  /**
   * Create a receiver task for an incoming task-augmented request. Throws a JSON-RPC error when the
   * request's ttl is unusable or the live-task limit is reached (S2); nothing is created then.
   */
  create(method: ReceiverTaskMethod, requestId: RequestId, requestedTtl: unknown, pendingInputId?: string, asked?: ReceiverTaskAsked): ReceiverTask {
    const limits = this.limits();
    const ttl = this.resolveTtl(requestedTtl, limits);
    if (this.live >= limits.maxLiveTasks) {
      throw new McpError(
        ErrorCode.InvalidRequest,
        `Too many live tasks: this client holds at most ${limits.maxLiveTasks} unfinished receiver tasks per session; wait for some to finish or cancel them`,
      );
    }
    const now = isoTime(this.ports.clock.now());
    const taskId = this.ports.newId();
    const record: TaskRecord = {
      seq: this.nextSeq++,
      // R4/R5: a task waiting for our user is `working`, with a status message saying so.
      task: { taskId, status: "working", statusMessage: AWAITING_USER, createdAt: now, lastUpdatedAt: now, ttl, pollInterval: limits.pollIntervalMs },
      method,
      requestId,
      // Known before the creation event, so the very first event already links the input.
      ...(pendingInputId ? { pendingInputId } : {}),
      ...(asked ? { asked } : {}),
      waiters: new Set(),
      removed: false,
    };
    this.records.set(taskId, record);
    this.ordered.push(record);
    this.live++;
    // R6: after ttl since creation the task may be deleted, whatever its status.
    record.expiry = this.ports.timers.setTimeout(() => this.expire(taskId), ttl);
    record.expiry.unref?.();
    const view = this.view(record);
    this.events.changed(view);
    return view;
  }

  get(taskId: string): ReceiverTask | undefined {
    const record = this.records.get(taskId);
    return record ? this.view(record) : undefined;
  }

  wasExpired(taskId: string): boolean {
    return this.expiredIds.has(taskId);
  }

  list(): ReceiverTask[] {
    return [...this.records.values()].map((r) => this.view(r));
  }

  /** The user answered (or the request otherwise finished): record what tasks/result must return. */
  finish(taskId: string, outcome: ReceiverTaskOutcome, statusMessage?: string): boolean {
    const record = this.records.get(taskId);
    if (!record || isTerminalStatus(record.task.status)) return false;
    record.outcome = outcome;
    record.ending = endingOf(outcome);
    return this.move(record, outcome.kind === "result" ? "completed" : "failed", statusMessage);
  }

  /**
   * Cancel a live task (R10): the caller withdraws its pending input. Returns false if already terminal.
   * `by` says who: the server (tasks/cancel), the user (the inspector's Cancel) or the session's end.
   */
  cancel(taskId: string, statusMessage: string, by: Extract<ReceiverTaskEnding, "cancelledByServer" | "cancelledByUser" | "sessionEnded"> = "cancelledByServer"): boolean {
    const record = this.records.get(taskId);
    if (!record || isTerminalStatus(record.task.status)) return false;
    record.outcome = { kind: "error", error: { code: ErrorCode.InvalidParams, message: `Task ${taskId} was cancelled: ${statusMessage}` } };
    record.ending = by;
    return this.move(record, "cancelled", statusMessage);
  }

  /** Resolve when the task is terminal or deleted, or reject when `signal` aborts. */
  waitForSettled(taskId: string, signal?: AbortSignal): Promise<void> {
    const record = this.records.get(taskId);
    if (!record || record.removed || isTerminalStatus(record.task.status)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const release = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      const onAbort = () => {
        record.waiters.delete(release);
        reject(new McpError(ErrorCode.InvalidRequest, "Request cancelled"));
      };
      record.waiters.add(release);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  outcomeOf(taskId: string): ReceiverTaskOutcome | undefined {
    return this.records.get(taskId)?.outcome;
  }

  /** S1: the session ended; every live task ends `cancelled` and every record is dropped. */
  closeAll(statusMessage: string): void {
    for (const record of [...this.records.values()]) {
      if (!isTerminalStatus(record.task.status)) this.cancel(record.task.taskId, statusMessage, "sessionEnded");
      this.delete(record, false);
    }
  }

  // --- The SDK's TaskStore interface (the SDK's tasks/get, tasks/list, tasks/cancel call these) ---

  async createTask(taskParams: CreateTaskOptions, requestId: RequestId, request: Request): Promise<Task> {
    const method = request.method === "sampling/createMessage" ? "sampling/createMessage" : "elicitation/create";
    return this.create(method, requestId, taskParams.ttl).task;
  }

  async getTask(taskId: string): Promise<Task | null> {
    const record = this.records.get(taskId);
    return record ? { ...record.task } : null;
  }

  async storeTaskResult(taskId: string, status: "completed" | "failed", result: Result): Promise<void> {
    const outcome: ReceiverTaskOutcome =
      status === "completed"
        ? { kind: "result", result }
        : { kind: "error", error: { code: ErrorCode.InternalError, message: String((result as { message?: unknown }).message ?? "Task failed") } };
    if (!this.finish(taskId, outcome)) throw this.missingOrTerminal(taskId);
  }

  async getTaskResult(taskId: string): Promise<Result> {
    const outcome = this.records.get(taskId)?.outcome;
    if (!outcome) throw this.missingOrTerminal(taskId);
    if (outcome.kind === "error") throw new McpError(outcome.error.code, outcome.error.message, outcome.error.data);
    return outcome.result;
  }

  async updateTaskStatus(taskId: string, status: Task["status"], statusMessage?: string): Promise<void> {
    const record = this.records.get(taskId);
    if (!record) throw taskNotFound(taskId, this.wasExpired(taskId));
    if (status === "cancelled") {
      if (!this.cancel(taskId, statusMessage ?? "Cancelled by the requestor")) throw this.missingOrTerminal(taskId);
      return;
    }
    if (!this.move(record, status, statusMessage)) {
      throw new McpError(ErrorCode.InvalidParams, `Task ${taskId} cannot move from ${record.task.status} to ${status}`);
    }
  }

  /** R9: opaque cursors; every task visible to tasks/get is reachable; a page costs O(page size). */
  async listTasks(cursor?: string): Promise<{ tasks: Task[]; nextCursor?: string }> {
    const afterSeq = cursor === undefined ? 0 : this.decodeCursor(cursor);
    this.compact();
    let lo = 0;
    let hi = this.ordered.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.ordered[mid] as TaskRecord).seq <= afterSeq) lo = mid + 1;
      else hi = mid;
    }
    const tasks: Task[] = [];
    let i = lo;
    let lastSeq = afterSeq;
    for (; i < this.ordered.length && tasks.length < LIST_PAGE_SIZE; i++) {
      const record = this.ordered[i] as TaskRecord;
      if (record.removed) continue;
      tasks.push({ ...record.task });
      lastSeq = record.seq;
    }
    // A scan, not slice(i).some(): copying the rest of the list made every page O(n) and a walk O(n²).
    let more = false;
    for (let j = i; j < this.ordered.length && !more; j++) more = !(this.ordered[j] as TaskRecord).removed;
    return more ? { tasks, nextCursor: this.encodeCursor(lastSeq) } : { tasks };
  }

  // --- internals ---

  private resolveTtl(requested: unknown, limits: ReceiverTaskLimits): number {
    if (requested === undefined) return Math.min(limits.defaultTtlMs, limits.maxTtlMs);
    // R6: a request for an unlimited task gets our maximum, and we report the ttl we apply.
    if (requested === null) return limits.maxTtlMs;
    if (typeof requested !== "number" || !Number.isFinite(requested) || requested <= 0) {
      throw new McpError(ErrorCode.InvalidParams, `Invalid task ttl ${JSON.stringify(requested)}: ttl must be a positive number of milliseconds`);
    }
    return Math.min(Math.ceil(requested), limits.maxTtlMs);
  }

  private move(record: TaskRecord, status: TaskStatus, statusMessage?: string): boolean {
    if (!ALLOWED_MOVES[record.task.status].has(status)) return false;
    const wasLive = !isTerminalStatus(record.task.status);
    const task: Task = { ...record.task, status, lastUpdatedAt: isoTime(this.ports.clock.now()) };
    if (statusMessage !== undefined) task.statusMessage = statusMessage;
    else if (status !== "working" && status !== "input_required") delete task.statusMessage;
    record.task = task;
    if (wasLive && isTerminalStatus(status)) {
      this.live--;
      this.releaseWaiters(record);
    }
    this.events.changed(this.view(record));
    return true;
  }

  private expire(taskId: string): void {
    const record = this.records.get(taskId);
    if (!record) return;
    record.expiry = undefined;
    this.expiredIds.add(taskId);
    if (this.expiredIds.size > EXPIRED_IDS_KEPT) {
      const oldest = this.expiredIds.values().next().value;
      if (oldest !== undefined) this.expiredIds.delete(oldest);
    }
    const wasLive = !isTerminalStatus(record.task.status);
    // R6: deleted before anyone answered: it expired (a finished task keeps how it ended).
    if (wasLive) record.ending = "expired";
    this.delete(record, wasLive);
  }

  private delete(record: TaskRecord, wasLive: boolean): void {
    if (record.removed) return;
    record.removed = true;
    this.records.delete(record.task.taskId);
    this.holes++;
    if (record.expiry) this.ports.timers.clearTimeout(record.expiry);
    record.expiry = undefined;
    if (wasLive) this.live--;
    record.deletedAt = isoTime(this.ports.clock.now());
    // R6: a blocked tasks/result is released; it then finds the task gone and answers -32602.
    this.releaseWaiters(record);
    this.events.removed(this.view(record), wasLive);
    // Here, not only in listTasks: a server that never lists must not keep every deleted record alive.
    this.compact();
  }

  private releaseWaiters(record: TaskRecord): void {
    const waiters = [...record.waiters];
    record.waiters.clear();
    for (const release of waiters) release();
  }

  private compact(): void {
    if (this.holes > 64 && this.holes * 2 > this.ordered.length) {
      this.ordered = this.ordered.filter((r) => !r.removed);
      this.holes = 0;
    }
  }

  private encodeCursor(seq: number): string {
    const position = Buffer.from(String(seq)).toString("base64url");
    return `${CURSOR_PREFIX}${position}.${this.cursorTag(position)}`;
  }

  private decodeCursor(cursor: string): number {
    const invalid = () => new McpError(ErrorCode.InvalidParams, `Invalid cursor: ${JSON.stringify(String(cursor).slice(0, 100))}`);
    const match = typeof cursor === "string" ? /^rt1\.([A-Za-z0-9_-]{1,24})\.([A-Za-z0-9_-]{22})$/.exec(cursor) : null;
    if (!match) throw invalid();
    const [, position, tag] = match as unknown as [string, string, string];
    const expected = Buffer.from(this.cursorTag(position));
    if (!timingSafeEqual(Buffer.from(tag), expected)) throw invalid();
    const seq = Number(Buffer.from(position, "base64url").toString());
    if (!Number.isSafeInteger(seq) || seq < 0 || seq >= this.nextSeq) throw invalid();
    return seq;
  }

  private cursorTag(position: string): string {
    return createHmac("sha256", this.cursorKey).update(`${this.sessionId}:${position}`).digest("base64url").slice(0, 22);
  }

  private missingOrTerminal(taskId: string): McpError {
    const record = this.records.get(taskId);
    if (!record) return taskNotFound(taskId, this.wasExpired(taskId));
    return new McpError(ErrorCode.InvalidParams, `Task ${taskId} is already ${record.task.status}`);
  }

  private view(record: TaskRecord): ReceiverTask {
    const view: ReceiverTask = { sessionId: this.sessionId, method: record.method, task: { ...record.task } };
    if (record.pendingInputId) view.pendingInputId = record.pendingInputId;
    if (record.outcome) view.outcome = record.outcome;
    if (record.ending) view.ending = record.ending;
    if (record.asked) view.asked = record.asked;
    if (record.deletedAt) view.deletedAt = record.deletedAt;
    return view;
  }
}
