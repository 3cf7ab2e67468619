// The tool runs the user started, kept by the core (not the page) so a reloaded window still has them:
// each run gets its id here, every change goes out as `toolRunChanged` (progress as the smaller
// `toolRunProgress`), and `getSnapshot` returns them. Bounded per session, by count and by the bytes of
// their results (issue 19: older results are cut, the newest stays whole); the user's Cancel aborts the
// run's signal, which cancels its request (requestGuard.ts) or the wait for a round's input (mrtr.ts).
import { jsonSize } from "../../shared/byteBudget.js";
import { TOOL_RUN_RESULT_CUT_BYTES, TOOL_RUN_RESULTS_BYTES, TOOL_RUNS_KEPT, type Progress, type ToolRun } from "../../shared/types.js";
import { cutToolResult } from "./cutResult.js";
import type { EventBus } from "./eventBus.js";
import type { Clock } from "./ports.js";

/** What the work of a run is handed: the user's cancel and where its progress goes. */
export interface RunControls {
  signal: AbortSignal;
  progress(progress: Progress): void;
}

export type RunStart = Pick<ToolRun, "sessionId" | "toolName" | "arguments" | "asTask">;
/** What a finished run records of its outcome. */
export type RunOutcome = Pick<ToolRun, "result" | "taskId" | "inputRounds">;

interface Entry {
  run: ToolRun;
  controller: AbortController;
  /** The size of its result as kept (JSON text), once it has one. */
  resultBytes?: number;
}

/** How much of their results a session's runs keep. */
export interface RunResultBounds {
  /** Results held whole while together they are at most this. */
  bytes: number;
  /** What an older result is cut to past that. */
  cutTo: number;
}

export class ToolRunNotFoundError extends Error {
  override name = "ToolRunNotFoundError";
}

export class ToolRuns {
  private readonly entries = new Map<number, Entry>();
  private nextId = 1;

  constructor(
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly kept = TOOL_RUNS_KEPT,
    private readonly results: RunResultBounds = { bytes: TOOL_RUN_RESULTS_BYTES, cutTo: TOOL_RUN_RESULT_CUT_BYTES },
  ) {}

  list(): ToolRun[] {
    return [...this.entries.values()].map((e) => e.run);
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
    this.bus.emit("toolRunChanged", run);
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
      (value) => this.finish(runId, { status: "done", ...outcome(value) }),
      (error) => this.finish(runId, { status: "error", error: messageOf(error) }),
    );
    return { runId, done };
  }

  /** A removed session's runs go with it (it has ended, so none is running). */
  forgetSession(sessionId: string): void {
    for (const [runId, entry] of this.entries) if (entry.run.sessionId === sessionId) this.entries.delete(runId);
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
    return entry.run;
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
    this.bus.emit("toolRunChanged", entry.run);
  }

  /** Keep at most `kept` runs of a session: the oldest finished ones go first. */
  private bound(sessionId: string): void {
    const mine = [...this.entries.values()].filter((e) => e.run.sessionId === sessionId);
    let excess = mine.length - this.kept;
    for (const entry of mine) {
      if (excess <= 0) return;
      if (entry.run.status === "running") continue;
      this.entries.delete(entry.run.runId);
      excess--;
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
