// An opened recording in the tabs a live session uses (issue 22): a pure function over the recorded log
// entries gives the tool runs (tools/call → its result or error, the task it became and how that ended),
// the task timelines (built by the live timeline's own builder, fed the recorded messages at their
// recorded times) and the server's input requests with the answers that were sent.
import type { ClientTask, LogEntry, TaskStatus, ToolRun } from "../../../shared/types.js";
import { CallToolResultSchema } from "../../../shared/types.js";
import type { RecordedInput, RecordedViews } from "../../../shared/recordedViews.js";
import { EventBus } from "../eventBus.js";
import { idKey } from "../messageLog.js";
import { TaskTimelines } from "../timeline/taskTimeline.js";

/** Runs and inputs derived at most: a hostile recording of a million calls still opens. */
export const RECORDED_RUNS_KEPT = 1_000;
export const RECORDED_INPUTS_KEPT = 1_000;
/** Timelines listed at most (each bounded by the live builder's own limits). */
const TIMELINES_KEPT = 200;
const RELATED_TASK = "io.modelcontextprotocol/related-task";
const STATUSES = new Set(["working", "input_required", "completed", "failed", "cancelled"]);
const TERMINAL = new Set<string>(["completed", "failed", "cancelled"]);
const INPUT_KINDS: Record<string, RecordedInput["kind"]> = { "elicitation/create": "elicitation", "sampling/createMessage": "sampling" };

type Obj = Record<string, unknown>;

export function recordedViews(entries: LogEntry[]): RecordedViews {
  // The timelines: the live builder, its clock set to each message's recorded time as it is fed.
  const bus = new EventBus();
  let wall = 0;
  const timelines = new TaskTimelines(bus, { now: () => wall }, () => wall);
  const runs: ToolRun[] = [];
  const inputs: RecordedInput[] = [];
  const dropped = { toolRuns: 0, inputs: 0 };
  /** Our requests by id: a tools/call's run, or a request answering a 2026-07-28 input_required. */
  const outRequests = new Map<string | number, { run?: ToolRun }>();
  /** The server's requests by id (2025-11-25 elicitation / sampling), waiting for our answer. */
  const inRequests = new Map<string | number, RecordedInput>();
  /** 2026-07-28: input requests by key, answered in a later request's inputResponses. */
  const byKey = new Map<string, RecordedInput>();
  const runOfTask = new Map<string, ToolRun>();
  /** A task-addressed request of ours by id: its reply updates the run the task is. */
  const taskRequests = new Map<string | number, { method: string; taskId: string }>();

  const addInput = (input: RecordedInput) => {
    if (inputs.length >= RECORDED_INPUTS_KEPT) {
      dropped.inputs++;
      return undefined;
    }
    inputs.push(input);
    return input;
  };
  const modernTasks = new Set<string>();
  /** Each task's newest `lastUpdatedAt` applied (ms), by the server's clock. */
  const updatedAt = new Map<string, number>();
  /**
   * A status the server sent, applied as the live core applies it: a terminal task never changes again, and an
   * update older (by the server's `lastUpdatedAt`) than one already applied is stale. Read in wire order only, a
   * tasks/get answer the server wrote after its status notification would flip the task back, more or less
   * often depending on how the messages happened to interleave; the derived timeline must not depend on that.
   */
  const setTaskStatus = (taskId: string, status: unknown, at: number, statusMessage?: unknown, lastUpdatedAt?: unknown) => {
    const run = runOfTask.get(taskId);
    if (!run || typeof status !== "string" || !STATUSES.has(status)) return;
    if (run.task && TERMINAL.has(run.task.status)) return;
    const updated = typeof lastUpdatedAt === "string" ? Date.parse(lastUpdatedAt) : Number.NaN;
    if (Number.isFinite(updated)) {
      if (updated < (updatedAt.get(taskId) ?? Number.NEGATIVE_INFINITY)) return;
      updatedAt.set(taskId, updated);
    }
    run.task = { status: status as TaskStatus, ...(["completed", "failed", "cancelled"].includes(status) ? { endedAt: at } : {}) };
    // As the live core does when it learns a client task's status: the timeline marks each change.
    const task = { taskId, status, ...(typeof statusMessage === "string" ? { statusMessage } : {}) };
    bus.emit("clientTaskChanged", { sessionId: run.sessionId, toolName: run.toolName, arguments: {}, task, era: modernTasks.has(taskId) ? "modern" : "legacy" } as unknown as ClientTask);
  };

  for (const entry of entries) {
    const at = Date.parse(entry.time);
    wall = Number.isFinite(at) ? Math.max(wall, at) : wall;
    bus.emit("logEntry", entry);
    const m = entry.payload;
    if (!isObj(m) || "note" in m) continue;
    const method = typeof m.method === "string" ? m.method : undefined;
    const id = typeof m.id === "string" || typeof m.id === "number" ? idKey(m.id) : undefined;
    const params = isObj(m.params) ? m.params : {};

    if (entry.direction === "out" && method && id !== undefined) {
      // Answers to a 2026-07-28 input_required ride on the retried request.
      if (isObj(params.inputResponses)) for (const [key, answer] of Object.entries(params.inputResponses)) answerInput(byKey.get(key), entry.seq, answer, wall);
      if (method === "tools/call") {
        const retried = isObj(params.inputResponses) || params.requestState !== undefined ? [...runs].reverse().find((r) => r.status === "running" && r.toolName === params.name) : undefined;
        if (retried) {
          retried.inputRounds = (retried.inputRounds ?? 1) + 1;
          outRequests.set(id, { run: retried });
          continue;
        }
        if (runs.length >= RECORDED_RUNS_KEPT) {
          dropped.toolRuns++;
          continue;
        }
        const run: ToolRun = { runId: runs.length + 1, sessionId: entry.sessionId, toolName: typeof params.name === "string" ? params.name.slice(0, 1000) : "?", arguments: isObj(params.arguments) ? params.arguments : {}, asTask: "task" in params, status: "running", startedAt: wall };
        runs.push(run);
        outRequests.set(id, { run });
      } else if (typeof params.taskId === "string" && method.startsWith("tasks/")) {
        taskRequests.set(id, { method, taskId: params.taskId });
      }
      continue;
    }

    if (entry.direction === "in" && method && id !== undefined) {
      // The server asks: elicitation, sampling (on behalf of a task when it says so).
      const related = isObj(params._meta) && isObj(params._meta[RELATED_TASK]) ? params._meta[RELATED_TASK].taskId : undefined;
      const input = addInput({ seq: entry.seq, method, kind: INPUT_KINDS[method] ?? "other", ...(typeof related === "string" ? { taskId: related } : {}), params, askedAt: wall });
      if (input) inRequests.set(id, input);
      continue;
    }

    if (entry.direction === "in" && method === "notifications/tasks/status" && typeof params.taskId === "string") {
      setTaskStatus(params.taskId, params.status, wall, params.statusMessage, params.lastUpdatedAt);
      continue;
    }

    if (entry.direction === "out" && !method && id !== undefined) {
      // Our answer to the server's request.
      const input = inRequests.get(id);
      inRequests.delete(id);
      if (input) answerInput(input, entry.seq, "error" in m ? m.error : m.result, wall, "error" in m);
      continue;
    }

    if (entry.direction === "in" && !method && id !== undefined) {
      const result = isObj(m.result) ? m.result : undefined;
      const error = isObj(m.error) ? m.error : undefined;
      const request = outRequests.get(id);
      outRequests.delete(id);
      if (request?.run) {
        const run = request.run;
        if (error) {
          finish(run, "error", wall, { error: `error ${String(error.code)}: ${String(error.message).slice(0, 1000)}` });
          continue;
        }
        const task = result?.resultType === "task" ? result : isObj(result?.task) ? result.task : undefined;
        if (task && typeof task.taskId === "string") {
          run.taskId = task.taskId;
          runOfTask.set(task.taskId, run);
          if (result?.resultType === "task") modernTasks.add(task.taskId);
          setTaskStatus(task.taskId, task.status, wall, task.statusMessage, task.lastUpdatedAt);
        } else if (result?.resultType === "input_required" && isObj(result.inputRequests)) {
          for (const [key, asked] of Object.entries(result.inputRequests)) {
            const askedMethod = isObj(asked) && typeof asked.method === "string" ? asked.method : "?";
            const input = addInput({ seq: entry.seq, method: askedMethod, kind: INPUT_KINDS[askedMethod] ?? "other", key, params: isObj(asked) ? asked.params : undefined, askedAt: wall });
            if (input) byKey.set(key, input);
          }
        } else if (result) finish(run, "done", wall, resultOf(result));
        continue;
      }
      const about = taskRequests.get(id);
      taskRequests.delete(id);
      const run = about ? runOfTask.get(about.taskId) : undefined;
      if (!about || !run) continue;
      if (about.method === "tasks/get" && result) {
        setTaskStatus(about.taskId, result.status, wall, result.statusMessage, result.lastUpdatedAt);
        // 2026-07-28: tasks/get carries the input requests and, once done, the result.
        if (isObj(result.inputRequests))
          for (const [key, asked] of Object.entries(result.inputRequests)) {
            if (byKey.has(key)) continue;
            const askedMethod = isObj(asked) && typeof asked.method === "string" ? asked.method : "?";
            const input = addInput({ seq: entry.seq, method: askedMethod, kind: INPUT_KINDS[askedMethod] ?? "other", key, taskId: about.taskId, params: isObj(asked) ? asked.params : undefined, askedAt: wall });
            if (input) byKey.set(key, input);
          }
        if (isObj(result.result)) finish(run, "done", wall, resultOf(result.result));
      } else if (about.method === "tasks/result") {
        if (error) finish(run, "error", wall, { error: `error ${String(error.code)}: ${String(error.message).slice(0, 1000)}` });
        else if (result) finish(run, "done", wall, resultOf(result));
      }
    }
  }

  const ids = timelines.taskIds(entries[0]?.sessionId ?? "recording");
  return {
    toolRuns: runs,
    timelines: ids.slice(-TIMELINES_KEPT).map((taskId) => timelines.get(entries[0]!.sessionId, taskId)),
    inputs,
    dropped,
  };
}

function answerInput(input: RecordedInput | undefined, seq: number, answer: unknown, at: number, error = false): void {
  if (!input || input.answerSeq !== undefined) return;
  input.answerSeq = seq;
  input.answer = answer;
  input.answeredAt = at;
  if (error) input.answerError = true;
}

function finish(run: ToolRun, status: ToolRun["status"], at: number, outcome: Partial<ToolRun>): void {
  Object.assign(run, outcome);
  run.status = status;
  run.endedAt = at;
}

/** The result as the run view takes it; one that is no CallToolResult is said, not dropped silently. */
function resultOf(result: Obj): Partial<ToolRun> {
  const parsed = CallToolResultSchema.safeParse(result);
  return parsed.success ? { result: parsed.data } : { error: "The recorded result is not a CallToolResult (see the Logs tab for the message as sent)" };
}

function isObj(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
