// The tool runs the user started, kept by the core (not the page) so a reloaded window still has them:
// each run gets its id here, every change goes out as `toolRunChanged` (progress as the smaller
// `toolRunProgress`), and `getSnapshot` returns them. Bounded per session, by count and by the bytes of
// their results (issue 19: older results are cut, the newest stays whole); the user's Cancel aborts the
// run's signal, which cancels its request (requestGuard.ts) or the wait for a round's input (mrtr.ts).
// A run that became a client task follows it (clientTaskChanged): its card says the task's state and
// ending, not only the tools/call that created it (issue 21). A big result goes to the page cut, and the
// page reads the rest a piece at a time (issue 33): one 10 MB message would freeze it.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { jsonSize } from "../../shared/byteBudget.js";
import { clientTaskEnding, isTerminalStatus } from "../../shared/taskEnding.js";
import { RESULT_PAGE_BYTES, TOOL_RUN_RESULT_CUT_BYTES, TOOL_RUN_RESULTS_BYTES, TOOL_RUNS_KEPT, type ClientTask, type Progress, type ResultPart, type ResultPieces, type ToolRun } from "../../shared/types.js";
import { cutForPage, cutToolResult } from "./cutResult.js";
import { goneMessage, PrintedResults, readResultPart } from "./resultPieces.js";
import type { EventBus } from "./eventBus.js";
import type { Clock } from "./ports.js";

/** What the work of a run is handed: the user's cancel and where its progress goes. */
export interface RunControls {
  signal: AbortSignal;
  progress(progress: Progress): void;
}

export type RunStart = Pick<ToolRun, "sessionId" | "toolName" | "arguments" | "asTask">;
/** What a finished run records of its outcome; `taskView` is the client task it became, as the call returned it. */
export type RunOutcome = Pick<ToolRun, "result" | "taskId" | "inputRounds"> & { taskView?: ClientTask };
type RunTask = NonNullable<ToolRun["task"]>;

/** Client tasks whose state is kept for a run not finished yet (a task's first events come before its call returns). */
const TASK_STATES_KEPT = 1000;

interface Entry {
  run: ToolRun;
  controller: AbortController;
  /** The size of its result as kept (JSON text), once it has one. */
  resultBytes?: number;
  /** Its result as the page is sent it, made once per result. */
  page?: { of: CallToolResult; result: CallToolResult; pieces?: ResultPieces | undefined };
}

/** How much of their results a session's runs keep. */
export interface RunResultBounds {
  /** Results held whole while together they are at most this. */
  bytes: number;
  /** What an older result is cut to past that. */
  cutTo: number;
  /** A result bigger than this goes to the page cut (RESULT_PAGE_BYTES). */
  pageBytes?: number;
}

export class ToolRunNotFoundError extends Error {
  override name = "ToolRunNotFoundError";
}

export class ToolRuns {
  private readonly entries = new Map<number, Entry>();
  private nextId = 1;
  /** Session + task id → the latest state of that client task, and the run that became it, once known. */
  private readonly tasks = new Map<string, { state: RunTask; runId?: number }>();
  constructor(
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly kept = TOOL_RUNS_KEPT,
    private readonly results: RunResultBounds = { bytes: TOOL_RUN_RESULTS_BYTES, cutTo: TOOL_RUN_RESULT_CUT_BYTES },
    /** Results printed as JSON while the page reads them in pieces (shared with client task results). */
    private readonly printed = new PrintedResults(),
  ) {
    bus.subscribe((event) => {
      if (event.type === "clientTaskChanged") this.onTask(event.payload);
    });
  }

  /** The runs as the page is sent them (a big result cut). */
  list(): ToolRun[] {
    return [...this.entries.values()].map((e) => this.forPage(e));
  }

  get(runId: number): ToolRun | undefined {
    return this.entries.get(runId)?.run;
  }

  /**
   * Starts a run: `work` gets the controls, and its value becomes the run's outcome through `outcome`.
   * `done` settles as the work does (a cancelled run's late answer is ignored, as the spec says).
   */
  track<T>(start: RunStart, work: (controls: RunControls) => Promise<T>, outcome: (value: T) => RunOutcome): { runId: number; done: Promise<T> } {
    const runId = this.nextId++;
    const controller = new AbortController();
    const run: ToolRun = { runId, ...start, status: "running", startedAt: this.clock.now() };
    this.entries.set(runId, { run, controller });
    this.bound(start.sessionId);
    this.bus.emit("toolRunChanged", this.forPage(this.entries.get(runId)!));
    const controls: RunControls = {
      signal: controller.signal,
      progress: (progress) => this.progress(runId, progress),
    };
    let done: Promise<T>;
    try {
      done = work(controls);
    } catch (error) {
      done = Promise.reject(error);
    }
    done.then(
      (value) => {
        const { taskView, ...recorded } = outcome(value);
        this.finish(runId, { status: "done", ...recorded, ...this.adopt(runId, start.sessionId, recorded.taskId, taskView) });
      },
      (error) => this.finish(runId, { status: "error", error: messageOf(error) }),
    );
    return { runId, done };
  }

  /** A removed session's runs go with it (it has ended, so none is running). */
  forgetSession(sessionId: string): void {
    for (const [runId, entry] of this.entries) if (entry.run.sessionId === sessionId) this.drop(runId);
    for (const key of this.tasks.keys()) if (key.startsWith(`${sessionId}\u0000`)) this.tasks.delete(key);
  }

  /**
   * A client task changed: its state is kept (bounded), and the run that became it says so at once. Only
   * what the card shows counts as a change (status, ending); `endedAt` is when we first saw it end.
   */
  private onTask(view: ClientTask): void {
    const key = taskKeyOf(view.sessionId, view.task.taskId);
    const known = this.tasks.get(key);
    const ending = clientTaskEnding(view);
    if (known && known.state.status === view.task.status && known.state.ending === ending) return;
    const ended = ending !== undefined || isTerminalStatus(view.task.status);
    const endedAt = known?.state.endedAt ?? (ended ? this.clock.now() : undefined);
    const state: RunTask = { status: view.task.status, ...(ending ? { ending } : {}), ...(endedAt !== undefined ? { endedAt } : {}) };
    this.tasks.delete(key);
    this.tasks.set(key, { state, ...(known?.runId !== undefined ? { runId: known.runId } : {}) });
    if (this.tasks.size > TASK_STATES_KEPT) this.evictTaskState();
    const entry = known?.runId !== undefined ? this.entries.get(known.runId) : undefined;
    if (entry) this.update(entry, { task: state });
  }

  /** Past the bound, the least recently changed task no run follows goes first (a run's own task stays followed). */
  private evictTaskState(): void {
    for (const [key, known] of this.tasks) {
      if (known.runId === undefined || !this.entries.has(known.runId)) {
        this.tasks.delete(key);
        return;
      }
    }
    this.tasks.delete(this.tasks.keys().next().value as string);
  }

  /**
   * The run became this task: it takes the task's state as known so far (the events are newer than the
   * view the call returned, when both exist), and follows it from now on.
   */
  private adopt(runId: number, sessionId: string, taskId: string | undefined, view: ClientTask | undefined): Pick<ToolRun, "task"> {
    if (taskId === undefined) return {};
    const key = taskKeyOf(sessionId, taskId);
    if (!this.tasks.has(key) && view) this.onTask(view);
    const state = this.tasks.get(key)?.state ?? { status: "working" as const };
    this.tasks.set(key, { state, runId });
    return { task: state };
  }

  /** The user's Cancel: the run says "cancelled" at once, and its request is cancelled on the wire. */
  cancel(runId: number, reason = "Cancelled by the user"): ToolRun {
    const entry = this.entries.get(runId);
    if (!entry) throw new ToolRunNotFoundError(`No tool run ${runId}: it ended long ago, or never existed`);
    if (entry.run.status !== "running") throw new Error(`Run ${runId} is already ${entry.run.status}`);
    // Its tools/call only asks for a task: stopping that half way could leave a task nobody follows.
    if (entry.run.asTask) throw new Error(`Run ${runId} is starting a task: cancel the task itself (tasks/cancel) once it is created`);
    const now = this.clock.now();
    this.update(entry, { status: "cancelled", cancelledAt: now, endedAt: now });
    entry.controller.abort(reason);
    return this.forPage(entry);
  }

  private progress(runId: number, progress: Progress): void {
    const entry = this.entries.get(runId);
    if (!entry || entry.run.status !== "running") return;
    entry.run = { ...entry.run, progress };
    this.bus.emit("toolRunProgress", { sessionId: entry.run.sessionId, runId, progress, at: this.clock.now() });
  }

  private finish(runId: number, patch: Partial<ToolRun>): void {
    const entry = this.entries.get(runId);
    // A run the user cancelled stays cancelled, whatever comes back afterwards.
    if (!entry || entry.run.status !== "running") return;
    this.update(entry, { ...patch, endedAt: this.clock.now() });
    if (entry.run.result) {
      entry.resultBytes = jsonSize(entry.run.result);
      this.boundResults(entry);
    }
  }

  /** Issue 19: past the session's result budget, the oldest results are cut (and the page told), never the newest. */
  private boundResults(newest: Entry): void {
    const mine = [...this.entries.values()].filter((e) => e.run.sessionId === newest.run.sessionId && e.resultBytes !== undefined);
    let total = mine.reduce((sum, e) => sum + e.resultBytes!, 0);
    for (const entry of mine) {
      if (total <= this.results.bytes) return;
      if (entry === newest || entry.run.cut || !entry.run.result) continue;
      const { result, cut } = cutToolResult(entry.run.result, this.results.cutTo);
      if (!cut) continue;
      total -= entry.resultBytes! - cut.kept;
      entry.resultBytes = cut.kept;
      this.update(entry, { result, cut });
    }
  }

  private update(entry: Entry, patch: Partial<ToolRun>): void {
    entry.run = { ...entry.run, ...patch };
    this.bus.emit("toolRunChanged", this.forPage(entry));
  }

  /** The run as the page is sent it: a result past `pageBytes` cut, saying in `pieces` what it lacks. */
  private forPage(entry: Entry): ToolRun {
    const { result } = entry.run;
    if (!result) return entry.run;
    if (entry.page?.of !== result) entry.page = { of: result, ...cutForPage(result, this.results.pageBytes ?? RESULT_PAGE_BYTES) };
    const { result: shown, pieces } = entry.page;
    return pieces ? { ...entry.run, result: shown, pieces } : entry.run;
  }

  /**
   * Issue 33: a piece of a run's result, for a page that was sent it cut: at most `maxBytes` of UTF-8 from
   * `offset` of a text block, of structuredContent or of the whole result (both as indented JSON).
   */
  readPiece(runId: number, part: ResultPart, offset: number, maxBytes: number): { text: string; chars: number } {
    const entry = this.entries.get(runId);
    const result = entry?.run.result;
    if (!entry || !result) throw new ToolRunNotFoundError(goneMessage(`No result of tool run ${runId}`, "older runs are let go, or it has none yet"));
    // Cut since the page was sent it (the session's results past their budget): its offsets no longer fit.
    if (entry.run.cut) throw new ToolRunNotFoundError(goneMessage(`Run ${runId}`, "older results are cut to keep the session's within its budget"));
    return readResultPart(this.printed, `run:${runId}`, `run ${runId}`, result, part, offset, maxBytes);
  }

  private drop(runId: number): void {
    this.entries.delete(runId);
    this.printed.forget(`run:${runId}:`);
  }

  /** Keep at most `kept` runs of a session: the oldest finished ones go first. */
  private bound(sessionId: string): void {
    const mine = [...this.entries.values()].filter((e) => e.run.sessionId === sessionId);
    let excess = mine.length - this.kept;
    for (const entry of mine) {
      if (excess <= 0) return;
      if (entry.run.status === "running") continue;
      this.drop(entry.run.runId);
      excess--;
    }
  }
}

function taskKeyOf(sessionId: string, taskId: string): string {
  return `${sessionId}\u0000${taskId}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
