// Tasks, the server's side, both eras: 2025-11-25 (SEP-1686, the R rules of TASKS-SPEC.md read from the
// receiver's side) and 2026-07-28 (the tasks extension, SEP-2663). One task is started with a tool the
// checks may call, followed to its end (bounded), then asked again, for its result and to cancel.
import { fail, isObject, pass, plural, problems, quote, skip, type Check } from "./check.js";
import { bounded, type CheckContext, type Reply } from "./context.js";

const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";
const RELATED_TASK = "io.modelcontextprotocol/related-task";
const TERMINAL = new Set(["completed", "failed", "cancelled"]);
/** R4 (and SEP-2663's status model): where each status may go. */
const MOVES: Record<string, string[]> = {
  working: ["working", "input_required", "completed", "failed", "cancelled"],
  input_required: ["input_required", "working", "completed", "failed", "cancelled"],
};
const MAX_POLLS = 60;
const MAX_TASK_MS = 30_000;

interface TaskRun {
  tool: string;
  created: Reply;
  /** The task object as created (legacy `result.task`, modern the result itself). */
  task?: Record<string, unknown>;
  taskId?: string;
  statuses: string[];
  /** Moves R4 forbids, as "a → b". */
  badMoves: string[];
  terminal?: string;
  /** tasks/get after the terminal status, twice. */
  after: string[];
  result?: Reply;
  cancel?: Reply;
  /** 2026-07-28: input requests answered with tasks/update, and whether the task then moved on. */
  updates: { keys: string[]; movedOn: boolean }[];
  problem?: string;
  /** Still live when the checks stopped following it: no rule broken, but nothing after it could be judged. */
  unfinished?: string;
  messages: number[];
}

function tasksDeclared(ctx: CheckContext): boolean {
  if (ctx.era === "modern") {
    const extensions = ctx.capabilities.extensions;
    return isObject(extensions) && isObject(extensions[TASKS_EXTENSION]);
  }
  return isObject(ctx.capabilities.tasks);
}

function taskOf(ctx: CheckContext, result: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!result) return undefined;
  if (ctx.era === "modern") return result.resultType === "task" ? result : undefined;
  return isObject(result.task) ? result.task : undefined;
}

/** The task the checks start and follow, once per run; undefined when no allowed tool makes one. */
function taskRun(ctx: CheckContext): Promise<TaskRun | undefined> {
  return ctx.once("task", async () => {
    let run: TaskRun | undefined;
    if (ctx.era === "modern") {
      const call = (await ctx.plainCalls()).find((c) => c.reply.result?.resultType === "task");
      if (!call) return undefined;
      run = { tool: call.tool, created: call.reply, statuses: [], badMoves: [], after: [], updates: [], messages: [...call.messages] };
    } else {
      const requests = isObject(ctx.capabilities.tasks) && isObject(ctx.capabilities.tasks.requests) ? ctx.capabilities.tasks.requests : {};
      if (!isObject(requests.tools) || !isObject(requests.tools.call)) return undefined;
      const plan = await ctx.callPlan();
      const chosen = plan.calls.find((c) => c.tool.execution?.taskSupport === "optional" || c.tool.execution?.taskSupport === "required");
      if (!chosen) return undefined;
      const call = await ctx.callTool(chosen.tool.name, chosen.arguments, { task: { ttl: 60_000 } });
      run = { tool: chosen.tool.name, created: call.reply, statuses: [], badMoves: [], after: [], updates: [], messages: [...call.messages] };
    }
    await follow(ctx, run);
    run.messages = bounded(run.messages);
    return run;
  });
}

async function follow(ctx: CheckContext, run: TaskRun): Promise<void> {
  const task = taskOf(ctx, run.created.result);
  if (!task) {
    run.problem = run.created.error ? `the task-augmented call answered error ${run.created.error.code} ${quote(run.created.error.message, 100)}` : `the call answered no task: ${quote(run.created.result ?? run.created.noAnswer, 120)}`;
    return;
  }
  run.task = task;
  if (typeof task.taskId !== "string") {
    run.problem = `the task has no string taskId: ${quote(task.taskId, 60)}`;
    return;
  }
  const taskId = task.taskId;
  run.taskId = taskId;
  ctx.taskStarted(taskId, run.tool);
  let status = String(task.status);
  run.statuses.push(status);
  const started = Date.now();
  const answered = new Set<string>();
  let resultAsked = false;
  for (let polls = 0; !TERMINAL.has(status) && polls < MAX_POLLS && Date.now() - started < MAX_TASK_MS; polls++) {
    const interval = ctx.era === "modern" ? task.pollIntervalMs : task.pollInterval;
    await ctx.wait(Math.min(2000, Math.max(20, typeof interval === "number" ? interval : 200)));
    const reply = await ctx.request("tasks/get", { taskId });
    run.messages.push(...reply.messages);
    if (!reply.result) {
      run.problem = `tasks/get of ${quote(taskId, 60)} answered ${reply.error ? `error ${reply.error.code} ${quote(reply.error.message, 100)}` : `nothing (${reply.noAnswer})`}`;
      return;
    }
    const got = reply.result;
    const next = String(got.status);
    if (!(MOVES[status] ?? []).includes(next)) run.badMoves.push(`${status} → ${next}`);
    status = next;
    run.statuses.push(status);
    if (status !== "input_required") continue;
    if (ctx.era === "modern") {
      // M5: each outstanding key answered once, through tasks/update.
      const requests = isObject(got.inputRequests) ? got.inputRequests : {};
      const keys = Object.keys(requests).filter((k) => !answered.has(k)).slice(0, 20);
      if (!keys.length) continue;
      const responses: Record<string, unknown> = {};
      for (const key of keys) {
        responses[key] = ctx.answerInputRequest(run.tool, requests[key]);
        answered.add(key);
      }
      const update = await ctx.request("tasks/update", { taskId, inputResponses: responses });
      run.messages.push(...update.messages);
      run.updates.push({ keys, movedOn: false });
    } else if (!resultAsked) {
      // Q3: tasks/result is how a 2025-11-25 server delivers the input it needs (answered by the InputPort).
      resultAsked = true;
      void ctx.request("tasks/result", { taskId });
    }
  }
  // M5: did the task move on after its answers (a later status other than input_required with those keys)?
  for (const update of run.updates) update.movedOn = run.statuses.lastIndexOf("input_required") < run.statuses.length - 1 || TERMINAL.has(status);
  if (!TERMINAL.has(status)) {
    run.unfinished = `still ${quote(status)} after ${run.statuses.length - 1} polls in ${Math.round((Date.now() - started) / 1000)} s: the checks follow a task for at most ${MAX_POLLS} polls or ${MAX_TASK_MS / 1000} s`;
    return;
  }
  run.terminal = status;
  ctx.taskEnded(taskId);
  for (let i = 0; i < 2; i++) {
    const again = await ctx.request("tasks/get", { taskId });
    run.messages.push(...again.messages);
    run.after.push(again.result ? String(again.result.status) : `error ${again.error?.code ?? again.noAnswer}`);
  }
  if (ctx.era === "legacy") {
    run.result = await ctx.request("tasks/result", { taskId });
    run.messages.push(...run.result.messages);
  }
  run.cancel = await ctx.request("tasks/cancel", { taskId });
  run.messages.push(...run.cancel.messages);
  const last = await ctx.request("tasks/get", { taskId });
  run.messages.push(...last.messages);
  run.after.push(last.result ? String(last.result.status) : `error ${last.error?.code ?? last.noAnswer}`);
}

/** The statuses a task went through, a status seen on many polls in a row said once with its count. */
function statusPath(statuses: string[]): string {
  const steps: { status: string; times: number }[] = [];
  for (const status of statuses) {
    const last = steps[steps.length - 1];
    if (last?.status === status) last.times++;
    else steps.push({ status, times: 1 });
  }
  const said = (s: string) => (MOVES[s] || TERMINAL.has(s) ? s : quote(s, 40));
  return steps.map((s) => `${said(s.status)}${s.times > 1 ? ` (×${s.times})` : ""}`).join(" → ");
}

const NO_TASK = "no task was started: it takes a tool the checks may call that becomes a task (2025-11-25: taskSupport optional or required, and tasks.requests.tools.call; 2026-07-28: the server answers resultType task). Name one with --call";

export const tasksChecks: Check[] = [
  {
    id: "tasks.unknown-id",
    area: "tasks",
    title: "An unknown task id is refused with -32602",
    severity: "error",
    rule: "R8 (2025-11-25 tasks) and SEP-2663 error handling (2026-07-28): an invalid or nonexistent taskId in tasks/get is answered with JSON-RPC error -32602 (Invalid params).",
    async run(ctx) {
      if (!tasksDeclared(ctx)) return skip("declares no tasks capability");
      const reply = await ctx.request("tasks/get", { taskId: "mcp-task-inspector-check-no-such-task" });
      if (reply.error?.code === -32602) return pass("tasks/get of a made-up id answered -32602", reply.messages);
      return fail(`tasks/get of a made-up id answered ${reply.error ? `error ${reply.error.code}` : reply.result ? quote(reply.result, 120) : `nothing (${reply.noAnswer})`}, not -32602`, reply.messages);
    },
  },
  {
    id: "tasks.list",
    area: "tasks",
    title: "tasks/list pages to an end",
    severity: "error",
    rule: "R9 (2025-11-25 tasks): tasks/list is paginated with opaque cursors; a nextCursor is present whenever more tasks exist. 2026-07-28 has no tasks/list (M8).",
    // Its walk reads every page whatever the item bound; the task started first does not make it rest on the tools kept.
    judgesAllItems: true,
    async run(ctx) {
      if (ctx.era === "modern") return skip("2026-07-28 has no tasks/list");
      if (!isObject(ctx.capabilities.tasks) || !isObject(ctx.capabilities.tasks.list)) return skip("does not declare tasks.list");
      await taskRun(ctx);
      const walk = await ctx.walk("tasks/list", "tasks");
      if (walk.problem || walk.error || walk.noAnswer) return fail(`tasks/list: ${walk.problem ?? (walk.error ? `error ${walk.error.code} ${quote(walk.error.message, 100)}` : walk.noAnswer)}`, walk.messages);
      return pass(`tasks/list gave ${plural(walk.items.length, "task")} in ${plural(walk.pages, "page")}`, walk.messages);
    },
  },
  {
    id: "tasks.created",
    area: "tasks",
    title: "A created task is complete: id, status, times, ttl",
    severity: "error",
    rule: "R5 (2025-11-25): every task carries taskId, status, createdAt and lastUpdatedAt (ISO 8601) and ttl (ms, or null for unlimited); R4: it begins in working. SEP-2663 (2026-07-28): a CreateTaskResult has resultType \"task\", taskId, status, createdAt, lastUpdatedAt and ttlMs (ms or null).",
    async run(ctx) {
      if (!tasksDeclared(ctx)) return skip("declares no tasks capability");
      const run = await taskRun(ctx);
      if (!run) return skip(NO_TASK);
      if (!run.task) return fail(run.problem ?? "no task", run.messages);
      const t = run.task;
      const ttlKey = ctx.era === "modern" ? "ttlMs" : "ttl";
      const found: string[] = [];
      if (typeof t.taskId !== "string" || !t.taskId) found.push("no taskId");
      if (typeof t.status !== "string") found.push("no status");
      else if (ctx.era === "legacy" && t.status !== "working") found.push(`begins in ${quote(t.status)}, not "working" (R4)`);
      for (const key of ["createdAt", "lastUpdatedAt"]) if (typeof t[key] !== "string" || Number.isNaN(Date.parse(t[key] as string))) found.push(`${key} is ${quote(t[key], 40)}, not an ISO 8601 time`);
      if (!(ttlKey in t) || !(t[ttlKey] === null || (typeof t[ttlKey] === "number" && t[ttlKey] >= 0))) found.push(`${ttlKey} is ${ttlKey in t ? quote(t[ttlKey], 40) : "missing"}, not milliseconds or null`);
      return problems(found, `${quote(run.tool, 60)} created task ${quote(t.taskId, 60)} with ${ttlKey} ${quote(t[ttlKey], 20)}`, run.messages.slice(0, 4));
    },
  },
  {
    id: "tasks.poll-interval",
    area: "tasks",
    title: "A created task suggests a poll interval",
    severity: "warning",
    rule: "R5 / SEP-2663: a task may carry pollInterval (2025-11-25) or pollIntervalMs (2026-07-28), which requestors honour; without it every client guesses how often to poll.",
    async run(ctx) {
      if (!tasksDeclared(ctx)) return skip("declares no tasks capability");
      const run = await taskRun(ctx);
      if (!run?.task) return skip(run ? run.problem ?? "no task" : NO_TASK);
      const key = ctx.era === "modern" ? "pollIntervalMs" : "pollInterval";
      const value = run.task[key];
      if (typeof value === "number" && value >= 0) return pass(`${key} ${value}`, run.messages.slice(0, 2));
      return fail(value === undefined ? `no ${key}` : `${key} is ${quote(value, 40)}`, run.messages.slice(0, 2));
    },
  },
  {
    id: "tasks.lifecycle",
    area: "tasks",
    title: "A task moves only as allowed and reaches a terminal status",
    severity: "error",
    rule: "R4 (2025-11-25) and SEP-2663 task status: working → input_required / completed / failed / cancelled; input_required → working / completed / failed / cancelled; tasks/get of a known task answers its status.",
    async run(ctx) {
      if (!tasksDeclared(ctx)) return skip("declares no tasks capability");
      const run = await taskRun(ctx);
      if (!run) return skip(NO_TASK);
      const found = [...run.badMoves.map((m) => `moved ${m}`), ...(run.problem ? [run.problem] : [])];
      // The poll bound reached: the task was not seen to reach a terminal status, so this is no pass.
      if (run.unfinished) ctx.mark({ kind: "limit", text: run.unfinished });
      return problems(found, `went ${statusPath(run.statuses)}`, run.messages);
    },
  },
  {
    id: "tasks.terminal",
    area: "tasks",
    title: "A terminal status never changes",
    severity: "error",
    rule: "R4 (2025-11-25) and SEP-2663: completed, failed and cancelled are terminal; a task in one of them never changes status again (a cancel of a finished task changes nothing).",
    async run(ctx) {
      if (!tasksDeclared(ctx)) return skip("declares no tasks capability");
      const run = await taskRun(ctx);
      if (!run?.terminal) return skip(run ? run.problem ?? run.unfinished ?? "the task did not end" : NO_TASK);
      const changed = run.after.filter((s) => s !== run.terminal);
      return changed.length ? fail(`was ${quote(run.terminal)}, then tasks/get said ${run.after.map((s) => quote(s, 40)).join(", ")}`, run.messages) : pass(`stayed ${run.terminal} on ${run.after.length} more tasks/get (one after tasks/cancel)`, run.messages.slice(-8));
    },
  },
  {
    id: "tasks.result-meta",
    area: "tasks",
    title: "tasks/result carries the related-task _meta",
    severity: "error",
    rule: "R7 (2025-11-25): tasks/result on a terminal task returns what the underlying request would have returned; its _meta carries io.modelcontextprotocol/related-task: { taskId }.",
    async run(ctx) {
      if (ctx.era === "modern") return skip("2026-07-28 has no tasks/result: a completed task carries its result inline");
      if (!tasksDeclared(ctx)) return skip("declares no tasks capability");
      const run = await taskRun(ctx);
      if (!run?.result) return skip(run ? run.problem ?? run.unfinished ?? "the task did not end" : NO_TASK);
      const reply = run.result;
      if (!reply.result) {
        // A failed task's tasks/result is that JSON-RPC error: the error's data cannot carry _meta.
        return reply.error ? skip(`tasks/result answered the task's error ${reply.error.code}`, reply.messages) : fail(`tasks/result got no answer (${reply.noAnswer})`, reply.messages);
      }
      const meta = isObject(reply.result._meta) ? reply.result._meta[RELATED_TASK] : undefined;
      if (isObject(meta) && meta.taskId === run.taskId) return pass(`_meta names task ${quote(run.taskId, 60)}`, reply.messages);
      return fail(meta === undefined ? "tasks/result has no io.modelcontextprotocol/related-task in _meta" : `related-task is ${quote(meta, 100)}, not { taskId: ${quote(run.taskId, 60)} }`, reply.messages);
    },
  },
  {
    id: "tasks.cancel-terminal",
    area: "tasks",
    title: "Cancelling a finished task is refused with -32602",
    severity: "error",
    rule: "R10 (2025-11-25): tasks/cancel on a task in a terminal status is answered with JSON-RPC error -32602. (2026-07-28 acknowledges every cancel; tasks.terminal checks the status did not change.)",
    async run(ctx) {
      if (ctx.era === "modern") return skip("2026-07-28 acknowledges a cancel with an empty result (SEP-2663); tasks.terminal checks the status stays");
      if (!tasksDeclared(ctx)) return skip("declares no tasks capability");
      if (!isObject(ctx.capabilities.tasks) || !isObject(ctx.capabilities.tasks.cancel)) return skip("does not declare tasks.cancel");
      const run = await taskRun(ctx);
      if (!run?.cancel) return skip(run ? run.problem ?? run.unfinished ?? "the task did not end" : NO_TASK);
      const reply = run.cancel;
      if (reply.error?.code === -32602) return pass(`tasks/cancel of the ${run.terminal} task answered -32602`, reply.messages);
      return fail(`tasks/cancel of the ${run.terminal} task answered ${reply.error ? `error ${reply.error.code}` : reply.result ? quote(reply.result, 120) : `nothing (${reply.noAnswer})`}, not -32602`, reply.messages);
    },
  },
  {
    id: "tasks.input-update",
    area: "tasks",
    title: "Input answered through tasks/update moves the task on",
    severity: "error",
    rule: "M5 / SEP-2663 (2026-07-28): input_required carries inputRequests by key; the client answers with tasks/update { taskId, inputResponses }, the server acknowledges with an empty result, and the task leaves input_required for those keys.",
    async run(ctx) {
      if (ctx.era !== "modern") return skip("2026-07-28 only (2025-11-25 delivers input through tasks/result)");
      if (!tasksDeclared(ctx)) return skip("declares no tasks capability");
      const run = await taskRun(ctx);
      if (!run) return skip(NO_TASK);
      if (!run.updates.length) return skip("the task never asked for input");
      const stuck = run.updates.filter((u) => !u.movedOn);
      return stuck.length ? fail(`answered ${stuck.map((u) => u.keys.map((k) => quote(k, 40)).join(", ")).join("; ")} with tasks/update, but the task stayed input_required`, run.messages) : pass(`${plural(run.updates.length, "tasks/update answer")}; the task moved on (${statusPath(run.statuses)})`, run.messages);
    },
  },
];
