// Modern tasks (extension io.modelcontextprotocol/tasks, M2–M6, M10): we are the requestor. The server
// alone decides that a tools/call becomes a task. Each task is polled with tasks/get at its *current*
// pollIntervalMs; `completed` and `failed` carry the outcome inline (no tasks/result), `input_required`
// carries inputRequests that we answer with tasks/update, and tasks/cancel is only a request.
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { inSettings } from "../../../shared/settingFields.js";
import { CallToolResultSchema, TASK_TRACES_KEPT, TaskStatusSchema, TOOL_RUN_RESULT_CUT_BYTES, TOOL_RUN_RESULTS_BYTES, type ClientTask, type JsonRpcError, type TaskStatus } from "../../../shared/types.js";
import { isServerError, serverErrorOnce, wireErrorOf } from "../protocol/wireError.js";
import { MAX_TIMER_MS, type Ports, type TimerHandle } from "../ports.js";
import { readableSchemaError } from "../schemaMismatch.js";
import { askInput, readInputRequests, type InputDeskContext } from "./inputRequests.js";
import type { ModernConnection, RawResult } from "./modernConnection.js";
import { fresh, jsonSize } from "../../../shared/byteBudget.js";
import { cutToolResult, ResultBudget } from "../cutResult.js";

const DEFAULT_POLL_INTERVAL_MS = 1000;
/** A server asking for faster polling than this gets this: one task must not flood the wire. */
const MIN_POLL_INTERVAL_MS = 50;
const MAX_STATUS_MESSAGE = 10_000;
/** A finished task is asked about this long after its ttl ran out (the server's clock may lag ours). */
const DELETION_CHECK_MARGIN_MS = 1000;
/** A server may keep a task past its ttl: asked again this much later (at least), at most DELETION_CHECKS times. */
const DELETION_RECHECK_MIN_MS = 5000;
const DELETION_CHECKS = 3;

export interface ModernTaskOptions {
  sessionId: string;
  ports: Ports;
  desk: InputDeskContext;
  requestTimeoutMs: () => number;
  /** M10: the most live tasks one session watches at once (the S2 limit). */
  maxWatched: () => number;
  changed(task: ClientTask): void;
  /** A result that does not fit its schema, in one line naming the field and the raw response (schemaMismatch.ts). */
  readableError?(error: unknown, method: string): unknown;
  /** M8: a task is being watched (remember its handle), or no longer can be (forget it). */
  watching?(task: ClientTask): void;
  done?(taskId: string): void;
  /** A deleted task's trace dropped off (more than TASK_TRACES_KEPT per session): its row leaves. */
  removed?(taskId: string): void;
  /** M7: the set of live tasks changed (the listen stream follows it). */
  liveChanged?(): void;
}

interface Watched {
  view: ClientTask;
  timer?: TimerHandle;
  /** A tasks/get is on the wire: its answer schedules the next one. */
  polling: boolean;
  /** When the last tasks/get left (clock ms): M3 paces the next one from here. */
  lastPollAt?: number;
  stopped: boolean;
  /** M5: input request keys shown to the user (by key → pending input id), and keys already answered. */
  asked: Map<string, string>;
  answered: Set<string>;
  /** A finished task's check, after its ttl, whether the server deleted it (as legacy notices on tasks/list). */
  deletionCheck?: TimerHandle;
  deletionChecks: number;
}

export class ModernTaskError extends Error {
  override name = "ModernTaskError";
}

export class ModernTasks {
  private readonly watched = new Map<string, Watched>();
  /** Finished tasks the server deleted, kept as traces ("deleted at", how they ended), oldest first. */
  private readonly traces = new Set<string>();
  private closed = false;
  /** Issue 19: the results of this session's tasks, cut oldest first past TOOL_RUN_RESULTS_BYTES. */
  private readonly results = new ResultBudget(TOOL_RUN_RESULTS_BYTES, (taskId) => {
    const watched = this.watched.get(taskId);
    const fitted = watched?.view.result ? cutToolResult(watched.view.result, TOOL_RUN_RESULT_CUT_BYTES) : undefined;
    if (!watched || !fitted?.cut) return undefined;
    this.update(watched, { result: fitted.result, cut: fitted.cut });
    return fitted.cut.kept;
  });

  constructor(
    private readonly connection: ModernConnection,
    private readonly options: ModernTaskOptions,
  ) {}

  list(): ClientTask[] {
    return [...this.watched.values()].map((w) => w.view);
  }

  get(taskId: string): ClientTask | undefined {
    return this.watched.get(taskId)?.view;
  }

  /** M2: a `resultType: "task"` answer to tools/call: start watching it. */
  adopt(toolName: string, args: Record<string, unknown>, created: RawResult): ClientTask {
    const task = readTask(created);
    if (this.watched.has(task.taskId)) throw new ModernTaskError(`The server created task ${task.taskId} twice`);
    const live = [...this.watched.values()].filter((w) => !w.stopped).length;
    if (live >= this.options.maxWatched()) {
      throw new ModernTaskError(`This session already watches ${live} live tasks (the limit: ${inSettings("maxLiveReceiverTasks")}); the server's task ${task.taskId.slice(0, 100)} is not followed`);
    }
    const view: ClientTask = { sessionId: this.options.sessionId, toolName, arguments: args, task, pendingInputIds: [], era: "modern" };
    const watched: Watched = { view, polling: false, stopped: false, asked: new Map(), answered: new Set(), deletionChecks: 0 };
    this.watched.set(task.taskId, watched);
    this.options.changed(view);
    this.options.watching?.(view);
    this.apply(watched, created, "tools/call");
    this.options.liveChanged?.();
    return watched.view;
  }

  /** Ids of the tasks still followed, for the listen stream (M7). */
  liveIds(): string[] {
    return [...this.watched.values()].filter((w) => !w.stopped).map((w) => w.view.task.taskId);
  }

  /** M7: the acknowledgement says which live tasks the server will notify about. */
  markListening(accepted: string[]): void {
    const ids = new Set(accepted);
    for (const watched of this.watched.values()) {
      if (watched.stopped) continue;
      const listening = ids.has(watched.view.task.taskId);
      if (Boolean(watched.view.listening) !== listening) this.update(watched, { listening: listening || undefined });
    }
  }

  /** M8: a task remembered from an earlier run: watched again if the server still knows it. */
  async resume(remembered: { taskId: string; toolName: string; arguments: Record<string, unknown> }): Promise<"resumed" | "gone" | "unreachable"> {
    if (this.watched.has(remembered.taskId)) return "resumed";
    try {
      const raw = await this.connection.call("tasks/get", { taskId: remembered.taskId }, { timeout: this.options.requestTimeoutMs() });
      this.adopt(remembered.toolName, remembered.arguments, raw);
      return "resumed";
    } catch (error) {
      if (isServerError(error, this.options.requestTimeoutMs()) && error.code === ErrorCode.InvalidParams) {
        this.options.done?.(remembered.taskId);
        return "gone";
      }
      return "unreachable";
    }
  }

  /** M6: cancel is a request; the task says "cancel requested" until a terminal status arrives. */
  async cancel(taskId: string): Promise<ClientTask> {
    const watched = this.watched.get(taskId);
    if (!watched) throw new Error(`Unknown client task ${taskId}`);
    if (isTerminal(watched.view.task.status)) throw new Error(`Task ${taskId} is already ${watched.view.task.status}`);
    // When tasks/cancel left; recorded only once the server acknowledged it.
    const askedAt = new Date(this.options.ports.clock.now()).toISOString();
    await this.connection.call("tasks/cancel", { taskId }, { timeout: this.options.requestTimeoutMs() });
    this.update(watched, { cancelRequested: true, cancelRequestedAt: askedAt });
    // M3: the next tasks/get still waits for the live pollIntervalMs (servers MAY rate-limit faster
    // polling); the listen stream (M7) is how we learn sooner.
    this.pollPaced(watched);
    return watched.view;
  }

  /** M7: a `notifications/tasks` carries the full task: applied at once; polling carries on regardless. */
  onNotification(params: Record<string, unknown>): void {
    const taskId = params.taskId;
    const watched = typeof taskId === "string" ? this.watched.get(taskId) : undefined;
    if (!watched || watched.stopped) return;
    try {
      this.apply(watched, params, "notifications/tasks");
    } catch {
      // A malformed notification changes nothing: the next poll is the truth.
    }
  }

  /** S1: the session ended; live tasks can no longer be followed. */
  closeAll(statusMessage: string): void {
    this.closed = true;
    for (const watched of this.watched.values()) {
      this.stop(watched);
      if (watched.deletionCheck) this.options.ports.timers.clearTimeout(watched.deletionCheck);
      watched.deletionCheck = undefined;
      if (!isTerminal(watched.view.task.status) && !watched.view.gone) this.update(watched, { pollError: statusMessage, sessionEnded: true });
    }
  }

  // --- one task's loop ---

  /** `source`: the message the task came in (a CreateTaskResult, a poll, a notification), for readable errors. */
  private apply(watched: Watched, raw: RawResult, source: "tools/call" | "tasks/get" | "notifications/tasks"): void {
    if (watched.stopped || isTerminal(watched.view.task.status)) return;
    const task = readTask(raw);
    if (Date.parse(task.lastUpdatedAt) < Date.parse(watched.view.task.lastUpdatedAt)) return;
    const patch: Partial<ClientTask> = { task };
    if (task.status === "completed") {
      // M4: the result inline, with or without its own resultType; isError stays a tool error of a completed task.
      const { resultType: _inner, ...result } = (raw.result && typeof raw.result === "object" ? raw.result : {}) as Record<string, unknown>;
      const parsed = CallToolResultSchema.safeParse(result);
      if (parsed.success) patch.result = parsed.data;
      else patch.pollError = this.resultError(parsed.error.issues, source);
    } else if (task.status === "failed") {
      patch.error = readError(raw.error);
    }
    this.update(watched, patch);
    if (patch.result) this.results.add(task.taskId, jsonSize(patch.result));
    if (task.status === "input_required") this.askFor(watched, raw.inputRequests);
    else this.withdrawAsked(watched, new Set(), "The task no longer needs this input");
    if (isTerminal(task.status)) this.stop(watched);
    else this.schedule(watched);
  }

  /** The field that does not fit, named from the task object (`result.content.0.text: …`), in one line. */
  private resultError(issues: readonly { path: PropertyKey[] }[], source: string): string {
    const error = { name: "ZodError", issues: issues.map((issue) => ({ ...issue, path: ["result", ...issue.path] })) };
    const readable = this.options.readableError?.(error, source) ?? readableSchemaError(error, source, undefined);
    return `The completed task's result is not a tool result. ${messageOf(readable)}`;
  }

  /** M5: each key shown once however often polls repeat it; a key that leaves unanswered is withdrawn. */
  private askFor(watched: Watched, value: unknown): void {
    let requests;
    try {
      requests = readInputRequests(value);
    } catch (error) {
      this.update(watched, { pollError: `input_required: ${(error as Error).message}` });
      return;
    }
    this.withdrawAsked(watched, new Set(requests.keys()), "The server no longer asks for this input");
    const taskId = watched.view.task.taskId;
    for (const [key, request] of requests) {
      if (watched.asked.has(key) || watched.answered.has(key)) continue;
      const asked = askInput(this.options.desk, key, request, { modern: { via: "task", key }, relatedTaskId: taskId });
      if (asked.pendingInputId) {
        watched.asked.set(key, asked.pendingInputId);
        this.update(watched, { pendingInputIds: [...watched.view.pendingInputIds, asked.pendingInputId] });
      } else {
        watched.asked.set(key, "");
      }
      asked.answer.then(
        (answer) => {
          watched.asked.delete(key);
          watched.answered.add(key);
          // A refused sampling request has no response to send; the task goes on without it.
          if (answer.kind === "response") void this.sendUpdate(watched, key, answer.response);
        },
        (error: Error) => {
          watched.asked.delete(key);
          if (!watched.stopped) this.update(watched, { pollError: `Input "${key}" could not be answered: ${error.message}` });
        },
      );
    }
  }

  private async sendUpdate(watched: Watched, key: string, response: Record<string, unknown>): Promise<void> {
    const taskId = watched.view.task.taskId;
    try {
      // Acknowledged with an empty result; the status catches up on a later poll (eventually consistent).
      await this.connection.call("tasks/update", { taskId, inputResponses: { [key]: response } }, { timeout: this.options.requestTimeoutMs() });
      // M3: not an immediate tasks/get; the next poll keeps the task's pace (M7's stream may tell us sooner).
      this.pollPaced(watched);
    } catch (error) {
      if (!watched.stopped) this.update(watched, { pollError: `tasks/update for "${key}" failed: ${messageOf(error)}` });
    }
  }

  private withdrawAsked(watched: Watched, keep: Set<string>, message: string): void {
    for (const [key, pendingInputId] of [...watched.asked]) {
      if (keep.has(key)) continue;
      watched.asked.delete(key);
      if (pendingInputId) this.options.desk.pendingInputs.withdraw(pendingInputId, "taskCancelled", `${message} (task ${watched.view.task.taskId}, "${key}")`);
    }
  }

  private schedule(watched: Watched): void {
    if (watched.stopped || watched.timer) return;
    const task = watched.view.task;
    // M3: a task past createdAt + ttlMs without a terminal status is expired.
    if (typeof task.ttl === "number" && this.options.ports.clock.now() >= Date.parse(task.createdAt) + task.ttl) {
      this.update(watched, { gone: "expired" });
      this.stop(watched);
      return;
    }
    const delay = pollDelay(task.pollInterval);
    watched.timer = this.options.ports.timers.setTimeout(() => {
      watched.timer = undefined;
      void this.poll(watched);
    }, delay);
  }

  /** M3: a poll at the task's live pollIntervalMs since the previous one; one already waiting or on the wire is kept. */
  private pollPaced(watched: Watched): void {
    if (watched.stopped || watched.timer || watched.polling) return;
    const interval = pollDelay(watched.view.task.pollInterval);
    const since = watched.lastPollAt === undefined ? interval : this.options.ports.clock.now() - watched.lastPollAt;
    watched.timer = this.options.ports.timers.setTimeout(() => {
      watched.timer = undefined;
      void this.poll(watched);
    }, Math.max(0, interval - since));
  }

  private async poll(watched: Watched): Promise<void> {
    if (watched.stopped) return;
    const taskId = watched.view.task.taskId;
    const timeout = this.options.requestTimeoutMs();
    watched.polling = true;
    watched.lastPollAt = this.options.ports.clock.now();
    try {
      const raw = await this.connection.call("tasks/get", { taskId }, { timeout }).finally(() => (watched.polling = false));
      if (watched.stopped) return;
      if (watched.view.pollError) this.update(watched, { pollError: undefined });
      this.apply(watched, raw, "tasks/get");
    } catch (error) {
      if (watched.stopped) return;
      if (isServerError(error, timeout) && error.code === ErrorCode.InvalidParams) {
        // M3: the server no longer knows the task: it was purged.
        this.update(watched, { gone: "purged", deletedAt: new Date(this.options.ports.clock.now()).toISOString(), pollError: `tasks/get: ${wireErrorOf(error).message}` });
        this.stop(watched);
        return;
      }
      this.update(watched, { pollError: `tasks/get failed: ${messageOf(error)}` });
      // The connection is gone: the session's end says so for every task.
      if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed && !isServerError(error, timeout)) return;
      this.schedule(watched);
    }
  }

  private update(watched: Watched, patch: Partial<ClientTask>): void {
    const next: ClientTask = { ...watched.view, ...patch };
    for (const key of Object.keys(patch) as (keyof ClientTask)[]) if (patch[key] === undefined) delete next[key];
    watched.view = next;
    this.options.changed(next);
  }

  private stop(watched: Watched): void {
    // A task that ended (or is gone) need not be watched after a restart; one cut off by the session's end does.
    if (isTerminal(watched.view.task.status) || watched.view.gone) this.options.done?.(watched.view.task.taskId);
    const wasLive = !watched.stopped;
    watched.stopped = true;
    if (watched.timer) this.options.ports.timers.clearTimeout(watched.timer);
    watched.timer = undefined;
    if (wasLive) this.options.liveChanged?.();
    if (isTerminal(watched.view.task.status) && !watched.view.gone) this.scheduleDeletionCheck(watched);
  }

  // --- a finished task, after its ttl ---

  /** Once createdAt + ttlMs has passed, a finished task is asked for again: the server may have deleted it. */
  private scheduleDeletionCheck(watched: Watched): void {
    const ttl = watched.view.task.ttl;
    if (this.closed || watched.deletionCheck || watched.view.deletedAt || typeof ttl !== "number") return;
    if (watched.deletionChecks >= DELETION_CHECKS) return;
    const due = Date.parse(watched.view.task.createdAt) + ttl + DELETION_CHECK_MARGIN_MS;
    const wait = watched.deletionChecks === 0 ? due - this.options.ports.clock.now() : Math.max(ttl, DELETION_RECHECK_MIN_MS);
    watched.deletionCheck = this.options.ports.timers.setTimeout(() => {
      watched.deletionCheck = undefined;
      // A deadline past the longest timer is reached in steps.
      if (watched.deletionChecks === 0 && this.options.ports.clock.now() < due) this.scheduleDeletionCheck(watched);
      else void this.checkDeleted(watched);
    }, Math.min(MAX_TIMER_MS, Math.max(0, wait)));
    // A look after the ttl never keeps a process (the CLI) alive on its own.
    watched.deletionCheck.unref?.();
  }

  private async checkDeleted(watched: Watched): Promise<void> {
    if (this.closed) return;
    watched.deletionChecks++;
    const taskId = watched.view.task.taskId;
    const timeout = this.options.requestTimeoutMs();
    try {
      // The answer changes nothing: a terminal task never changes again.
      await this.connection.call("tasks/get", { taskId }, { timeout });
      this.scheduleDeletionCheck(watched);
    } catch (error) {
      if (this.closed) return;
      if (isServerError(error, timeout) && error.code === ErrorCode.InvalidParams) {
        // The task's status, result or error stay as they were: the row says how it ended and when it went.
        this.update(watched, { deletedAt: new Date(this.options.ports.clock.now()).toISOString() });
        this.keepTrace(taskId);
        return;
      }
      if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed && !isServerError(error, timeout)) return;
      this.scheduleDeletionCheck(watched);
    }
  }

  /** Bounded like receiver-task traces: past TASK_TRACES_KEPT, the oldest trace leaves. */
  private keepTrace(taskId: string): void {
    this.traces.add(taskId);
    if (this.traces.size <= TASK_TRACES_KEPT) return;
    const oldest = this.traces.values().next().value as string;
    this.traces.delete(oldest);
    this.watched.delete(oldest);
    this.options.removed?.(oldest);
  }
}

/** A modern task object (flat on the result), mapped onto the task shape the UI knows. */
function readTask(raw: RawResult): ClientTask["task"] {
  const status = TaskStatusSchema.safeParse(raw.status);
  if (typeof raw.taskId !== "string" || !raw.taskId || raw.taskId.length > 1000) throw new ModernTaskError("the task has no valid taskId");
  if (!status.success) throw new ModernTaskError(`task ${raw.taskId.slice(0, 100)} has an unknown status ${JSON.stringify(raw.status)?.slice(0, 50)}`);
  if (typeof raw.createdAt !== "string" || Number.isNaN(Date.parse(raw.createdAt))) throw new ModernTaskError(`task ${raw.taskId.slice(0, 100)} has no valid createdAt`);
  const lastUpdatedAt = typeof raw.lastUpdatedAt === "string" && !Number.isNaN(Date.parse(raw.lastUpdatedAt)) ? raw.lastUpdatedAt : raw.createdAt;
  const ttl = typeof raw.ttlMs === "number" && raw.ttlMs >= 0 ? raw.ttlMs : null;
  return {
    taskId: raw.taskId,
    status: status.data,
    ttl,
    createdAt: raw.createdAt,
    lastUpdatedAt,
    ...(typeof raw.pollIntervalMs === "number" && raw.pollIntervalMs >= 0 ? { pollInterval: raw.pollIntervalMs } : {}),
    ...(typeof raw.statusMessage === "string" ? { statusMessage: fresh(raw.statusMessage.slice(0, MAX_STATUS_MESSAGE)) } : {}),
  };
}

/** M3, M10: the server's pollIntervalMs, kept within what one task may cost (MIN) and what a timer can wait (MAX). */
function pollDelay(pollInterval: number | undefined): number {
  return Math.min(MAX_TIMER_MS, Math.max(MIN_POLL_INTERVAL_MS, pollInterval ?? DEFAULT_POLL_INTERVAL_MS));
}

function readError(value: unknown): JsonRpcError {
  const e = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  return {
    code: typeof e.code === "number" ? e.code : 0,
    message: typeof e.message === "string" ? e.message : "(the failed task carried no error message)",
    ...(e.data !== undefined ? { data: e.data } : {}),
  };
}

function isTerminal(status: TaskStatus): boolean {
  return status === "completed" || status === "failed" || status === "cancelled";
}

/** A server's error says its code once (wireError.ts). */
function messageOf(error: unknown): string {
  const once = serverErrorOnce(error);
  return once instanceof Error ? once.message : String(once);
}
