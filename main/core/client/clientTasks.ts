// Client tasks: tools/call sent as a task to the server (we are the requestor). Each task is polled
// on its own loop (Q2, Q6); status notifications only refresh the cache sooner, polling never relies
// on them. On input_required we call tasks/result at once so the server can deliver the requests it
// needs (Q3); on a terminal status tasks/result gives the real outcome (Q4).
import { walkPages } from "../../../shared/listWalk.js";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  ErrorCode,
  GetTaskResultSchema,
  ListTasksResultSchema,
  McpError,
  type Task,
} from "@modelcontextprotocol/sdk/types.js";
import { jsonSize } from "../../../shared/byteBudget.js";
import { TOOL_RUN_RESULT_CUT_BYTES, TOOL_RUN_RESULTS_BYTES, type ClientTask, type TaskStatus } from "../../../shared/types.js";
import { cutToolResult, ResultBudget } from "../cutResult.js";
import { MAX_TIMER_MS, type Ports, type TimerHandle } from "../ports.js";
import { isTerminalStatus } from "../protocol/taskStatus.js";
import { isServerError, serverErrorOnce, wireErrorOf } from "../protocol/wireError.js";

/** Used when the server suggests no pollInterval. */
const DEFAULT_POLL_INTERVAL_MS = 1000;
/** A server asking for faster polling than this gets this: one task must not flood the wire. */
const MIN_POLL_INTERVAL_MS = 50;
/** Task ids with pending inputs that arrived before their CreateTaskResult, remembered at most. */
const EARLY_LINKS_KEPT = 1000;
/**
 * Finished tasks (terminal, or deleted by the server) kept per session, as many as task timelines keep: a
 * day-long session must not hold every task it ever ran. Past it the oldest finished task's row leaves.
 */
export const FINISHED_TASKS_KEPT = 1000;

export interface ClientTaskOptions {
  sessionId: string;
  ports: Ports;
  requestTimeoutMs: () => number;
  changed(task: ClientTask): void;
  /** A finished task dropped off the bound (FINISHED_TASKS_KEPT): its row leaves. */
  removed?(taskId: string): void;
  /** A result the SDK's schema rejected, in one line pointing at the raw response (schemaMismatch.ts). */
  readableError?(error: unknown, method: string): unknown;
}

interface Tracked {
  view: ClientTask;
  timer?: TimerHandle;
  resultInFlight: boolean;
  stopped: boolean;
}

export class ClientTasks {
  private readonly tracked = new Map<string, Tracked>();
  /** Pending-input ids that arrived for a task before its CreateTaskResult did. */
  private readonly earlyLinks = new Map<string, string[]>();
  /** Issue 19: the results of this session's tasks, cut oldest first past TOOL_RUN_RESULTS_BYTES. */
  private readonly results = new ResultBudget(TOOL_RUN_RESULTS_BYTES, (taskId) => this.cutResult(taskId));
  /** Tasks that finished, oldest first: the bound's queue. */
  private readonly finished = new Set<string>();

  constructor(
    private readonly client: Client,
    private readonly options: ClientTaskOptions,
    private readonly finishedKept = FINISHED_TASKS_KEPT,
  ) {}

  list(): ClientTask[] {
    return [...this.tracked.values()].map((t) => t.view);
  }

  get(taskId: string): ClientTask | undefined {
    return this.tracked.get(taskId)?.view;
  }

  /** Send tools/call as a task and start following it. Resolves once the server created the task. */
  async start(name: string, args: Record<string, unknown>, ttl?: number): Promise<ClientTask> {
    let taskId: string | undefined;
    let earlyProgress: ClientTask["progress"];
    const created = await this.client.request({ method: "tools/call", params: { name, arguments: args } }, CreateTaskResultSchema, {
      task: ttl === undefined ? {} : { ttl },
      timeout: this.options.requestTimeoutMs(),
      // Q7: the SDK keeps this progress handler alive for the task's whole life.
      onprogress: (progress) => {
        const value = { progress: progress.progress, ...(progress.total !== undefined ? { total: progress.total } : {}), ...(progress.message ? { message: progress.message } : {}) };
        if (taskId) this.update(taskId, { progress: value });
        else earlyProgress = value;
      },
    });
    taskId = created.task.taskId;
    const view: ClientTask = {
      sessionId: this.options.sessionId,
      toolName: name,
      arguments: args,
      task: created.task,
      pendingInputIds: this.earlyLinks.get(taskId) ?? [],
      ...(earlyProgress ? { progress: earlyProgress } : {}),
    };
    return this.track(taskId, view);
  }

  /**
   * Follow a task known only by its id (one this session did not create, such as the CLI's `task watch`):
   * tasks/get once, then polled and its result fetched like any other. The tool's name is not known.
   */
  async follow(taskId: string): Promise<ClientTask> {
    const known = this.tracked.get(taskId);
    if (known) return known.view;
    const task = await this.client.request({ method: "tasks/get", params: { taskId } }, GetTaskResultSchema, { timeout: this.options.requestTimeoutMs() });
    const raced = this.tracked.get(taskId);
    if (raced) return raced.view;
    return this.track(taskId, { sessionId: this.options.sessionId, toolName: "", arguments: {}, task, pendingInputIds: this.earlyLinks.get(taskId) ?? [] });
  }

  /** Start following a task (by the id it was asked or created under): its early inputs are linked, and it is polled. */
  private track(taskId: string, view: ClientTask): ClientTask {
    this.earlyLinks.delete(taskId);
    const tracked: Tracked = { view, resultInFlight: false, stopped: false };
    this.tracked.set(taskId, tracked);
    this.options.changed(view);
    this.afterStatus(tracked);
    return view;
  }

  /** A `notifications/tasks/status` from the server: refresh the view; polling carries on regardless. */
  onStatusNotification(task: Task): void {
    const tracked = this.tracked.get(task.taskId);
    if (!tracked || tracked.stopped || isTerminalStatus(tracked.view.task.status)) return;
    this.applyTask(tracked, task);
  }

  /** Q3: a server request carrying related-task `_meta` is shown linked to its task. */
  linkPendingInput(taskId: string, pendingInputId: string): void {
    const tracked = this.tracked.get(taskId);
    if (tracked) {
      this.update(taskId, { pendingInputIds: [...tracked.view.pendingInputIds, pendingInputId] });
    } else {
      this.earlyLinks.set(taskId, [...(this.earlyLinks.get(taskId) ?? []), pendingInputId]);
      // Ids of tasks we never get (a related-task _meta naming no task of ours) must not pile up.
      if (this.earlyLinks.size > EARLY_LINKS_KEPT) this.earlyLinks.delete(this.earlyLinks.keys().next().value as string);
    }
  }

  async cancel(taskId: string): Promise<ClientTask> {
    // Checked first: a cancel for a task we do not follow must not reach the server.
    const tracked = this.tracked.get(taskId);
    if (!tracked) throw new Error(`Unknown client task ${taskId}`);
    // When the user asked, i.e. when tasks/cancel left; recorded only once the server accepted it.
    const askedAt = this.nowIso();
    const result = await this.client.request({ method: "tasks/cancel", params: { taskId } }, CancelTaskResultSchema, {
      timeout: this.options.requestTimeoutMs(),
    });
    // Before the status lands, so the cancelled task says at once that it was cancelled by you.
    if (!tracked.view.cancelRequestedAt) this.update(taskId, { cancelRequestedAt: askedAt });
    this.applyTask(tracked, result);
    return tracked.view;
  }

  /** Q5: walk tasks/list following nextCursor (cursors are opaque); refresh the tasks we follow. */
  async listFromServer(): Promise<Task[]> {
    const all: Task[] = [];
    // A server repeating a cursor, or never ending its list, would loop us forever.
    const stopped = await walkPages(
      "tasks/list",
      (cursor) => this.client.request({ method: "tasks/list", params: cursor ? { cursor } : {} }, ListTasksResultSchema, { timeout: this.options.requestTimeoutMs() }),
      (page) => void all.push(...page.tasks),
    );
    if (stopped) throw new Error(stopped);
    for (const task of all) this.onStatusNotification(task);
    await this.noticeDeleted(new Set(all.map((t) => t.taskId)));
    return all;
  }

  /**
   * R9: a complete tasks/list reaches every task tasks/get knows, so a followed task missing from it was
   * probably deleted (its ttl elapsed). Asked once more with tasks/get: only the server's -32602 marks it.
   */
  private async noticeDeleted(listed: ReadonlySet<string>): Promise<void> {
    const missing = [...this.tracked.values()].filter((t) => !listed.has(t.view.task.taskId) && !t.view.deletedAt);
    await Promise.all(
      missing.map(async (tracked) => {
        const taskId = tracked.view.task.taskId;
        const timeout = this.options.requestTimeoutMs();
        try {
          await this.client.request({ method: "tasks/get", params: { taskId } }, GetTaskResultSchema, { timeout });
        } catch (error) {
          if (isServerError(error, timeout) && error.code === ErrorCode.InvalidParams) {
            this.stop(tracked);
            this.update(taskId, { deletedAt: this.nowIso() });
          }
        }
      }),
    );
  }

  /** S1: the session ended; live tasks can no longer be followed. */
  closeAll(statusMessage: string): void {
    for (const [taskId, tracked] of this.tracked) {
      this.stop(tracked);
      if (!isTerminalStatus(tracked.view.task.status)) {
        this.update(taskId, {
          task: { ...tracked.view.task, status: "cancelled", statusMessage, lastUpdatedAt: new Date(this.options.ports.clock.now()).toISOString() },
          pollError: statusMessage,
          sessionEnded: true,
        });
      }
    }
  }

  // --- the poll loop of one task ---

  private afterStatus(tracked: Tracked): void {
    const status = tracked.view.task.status;
    if (status === "input_required" || isTerminalStatus(status)) void this.fetchResult(tracked);
    // A terminal status (from a poll, a notification or tasks/list) ends polling: no further tasks/get.
    if (isTerminalStatus(status)) this.stopTimer(tracked);
    else this.schedulePoll(tracked);
  }

  private schedulePoll(tracked: Tracked): void {
    if (tracked.stopped || tracked.timer) return;
    const suggested = tracked.view.task.pollInterval ?? DEFAULT_POLL_INTERVAL_MS;
    // A pollInterval past what a timer can wait would fire after 1 ms, every time: a hostile server's flood.
    const delay = Math.min(MAX_TIMER_MS, Math.max(MIN_POLL_INTERVAL_MS, suggested));
    tracked.timer = this.options.ports.timers.setTimeout(() => {
      tracked.timer = undefined;
      void this.poll(tracked);
    }, delay);
  }

  private async poll(tracked: Tracked): Promise<void> {
    if (tracked.stopped) return;
    const taskId = tracked.view.task.taskId;
    const timeout = this.options.requestTimeoutMs();
    try {
      const task = await this.client.request({ method: "tasks/get", params: { taskId } }, GetTaskResultSchema, { timeout });
      if (tracked.stopped) return;
      if (tracked.view.pollError) this.update(taskId, { pollError: undefined });
      this.applyTask(tracked, task);
    } catch (error) {
      if (tracked.stopped) return;
      this.update(taskId, { pollError: `tasks/get failed: ${messageOf(error)}` });
      if (isServerError(error, timeout)) {
        // Unknown task (-32602): the server deleted it; following it further is pointless.
        if (error.code === ErrorCode.InvalidParams) {
          this.update(taskId, { deletedAt: this.nowIso() });
          return;
        }
      } else if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
        return;
      }
      this.schedulePoll(tracked);
    }
  }

  private applyTask(tracked: Tracked, task: Task): void {
    const current = tracked.view.task;
    // A terminal task never changes again; an older update must not overwrite a newer one.
    if (isTerminalStatus(current.status as TaskStatus)) return;
    if (Date.parse(task.lastUpdatedAt) < Date.parse(current.lastUpdatedAt)) return;
    this.update(task.taskId, { task });
    this.afterStatus(tracked);
  }

  private async fetchResult(tracked: Tracked): Promise<void> {
    if (tracked.resultInFlight || tracked.view.result || tracked.view.error || tracked.stopped) return;
    tracked.resultInFlight = true;
    const taskId = tracked.view.task.taskId;
    // tasks/result blocks until the task is terminal, which may take as long as the user does.
    const ttl = tracked.view.task.ttl;
    // Capped where a timer can wait: the SDK's timer would otherwise fire after 1 ms (a ttl of 1e15 seen).
    const timeout = Math.min(MAX_TIMER_MS, Math.max(this.options.requestTimeoutMs(), typeof ttl === "number" ? ttl : 24 * 3600_000));
    try {
      const result = await this.client.request({ method: "tasks/result", params: { taskId } }, CallToolResultSchema, { timeout });
      if (!tracked.stopped) {
        this.update(taskId, { result, error: undefined });
        this.results.add(taskId, jsonSize(result));
      }
    } catch (error) {
      if (tracked.stopped) return;
      if (isServerError(error, timeout)) {
        // Q4: the server's own JSON-RPC error, as it sent it.
        this.update(taskId, { error: wireErrorOf(error) });
      } else {
        this.update(taskId, { pollError: `tasks/result failed: ${messageOf(this.options.readableError?.(error, "tasks/result") ?? error)}` });
      }
    } finally {
      tracked.resultInFlight = false;
    }
    // The result arrived before polling saw the terminal status: look now rather than a poll later.
    if (!tracked.stopped && !isTerminalStatus(tracked.view.task.status)) {
      this.stopTimer(tracked);
      void this.poll(tracked);
    }
  }

  /** An older task's result, cut to TOOL_RUN_RESULT_CUT_BYTES (the page is told); the size left. */
  private cutResult(taskId: string): number | undefined {
    const result = this.tracked.get(taskId)?.view.result;
    if (!result) return undefined;
    const { result: kept, cut } = cutToolResult(result, TOOL_RUN_RESULT_CUT_BYTES);
    if (!cut) return undefined;
    this.update(taskId, { result: kept, cut });
    return cut.kept;
  }

  private update(taskId: string, patch: Partial<ClientTask>): void {
    const tracked = this.tracked.get(taskId);
    if (!tracked) return;
    const next: ClientTask = { ...tracked.view, ...patch };
    for (const key of Object.keys(patch) as (keyof ClientTask)[]) {
      if (patch[key] === undefined) delete next[key];
    }
    tracked.view = next;
    this.options.changed(next);
    if ((isTerminalStatus(next.task.status) || next.deletedAt) && !this.finished.has(taskId)) this.finish(taskId);
  }

  private finish(taskId: string): void {
    this.finished.add(taskId);
    if (this.finished.size <= this.finishedKept) return;
    const oldest = this.finished.values().next().value as string;
    this.finished.delete(oldest);
    const tracked = this.tracked.get(oldest);
    if (tracked) this.stop(tracked);
    this.tracked.delete(oldest);
    this.results.forget(oldest);
    this.options.removed?.(oldest);
  }

  private nowIso(): string {
    return new Date(this.options.ports.clock.now()).toISOString();
  }

  private stopTimer(tracked: Tracked): void {
    if (tracked.timer) this.options.ports.timers.clearTimeout(tracked.timer);
    tracked.timer = undefined;
  }

  private stop(tracked: Tracked): void {
    tracked.stopped = true;
    this.stopTimer(tracked);
  }
}

/** A server's error says its code once (wireError.ts). */
function messageOf(error: unknown): string {
  const once = serverErrorOnce(error);
  return once instanceof Error ? once.message : String(once);
}
