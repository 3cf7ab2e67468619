// Running a collection on a connected session, through the core's own API (the same calls the Tools,
// Prompts and Resources tabs make, in either era, tasks and input rounds included). The server's questions
// during a call are answered from the call's saved answers; a question none answers is declined and fails
// the call, saying which. Values a call captures are used by the calls after it.
import { performance } from "node:perf_hooks";
import type { ApiMethod, ApiParams, ApiResult, InspectorEvent } from "../../../shared/contract.js";
import type { CallResult, Collection, CollectionRun, SavedCall } from "../../../shared/collection.js";
import type { ClientTask, PendingInput } from "../../../shared/types.js";
import { judge, snapshotOf, type CallOutcome } from "./assertions.js";
import { VARIABLE } from "./collectionFile.js";
import { getPath } from "./jsonPath.js";
import { walkPages } from "../../../shared/listWalk.js";

/** What the runner needs of the core (InspectorCore has it). */
export interface CollectionHost {
  dispatch<M extends ApiMethod>(method: M, params: ApiParams<M>): Promise<ApiResult<M>>;
  subscribe(listener: (event: InspectorEvent) => void): () => void;
}

export interface RunCollectionOptions {
  /** Only these calls (by index); all when absent. */
  only?: number[];
  /** How long one call (a task included) may take. */
  callTimeoutMs?: number;
  /** Accept every snapshot taken (the caller writes them into the collection). */
  acceptSnapshots?: boolean;
  /** Each call as it ends. */
  onCall?: (result: CallResult, index: number) => void;
  now?: () => number;
}

class CallFailure extends Error {}

const TERMINAL = new Set(["completed", "failed", "cancelled"]);

function isFinished(view: ClientTask): boolean {
  if (view.gone) return true;
  if (!TERMINAL.has(view.task.status)) return /^tasks\/get failed: MCP error -32602\b/.test(view.pollError ?? "") && view.era !== "modern";
  return view.era === "modern" || Boolean(view.result || view.error || view.pollError);
}

/** {{name}} replaced: a string that is only a reference becomes the value itself; inside text, its text. */
export function substitute(value: unknown, variables: Map<string, unknown>): unknown {
  if (typeof value === "string") {
    const whole = /^\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$/.exec(value);
    const lookup = (name: string) => {
      if (!variables.has(name)) throw new CallFailure(`the variable {{${name}}} has no value (the call that captures it did not run or found nothing)`);
      return variables.get(name);
    };
    if (whole) return lookup(whole[1]!);
    return value.replace(VARIABLE, (_, name: string) => {
      const v = lookup(name);
      return typeof v === "string" ? v : JSON.stringify(v);
    });
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, variables));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: substitute(v, variables), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

export async function runCollection(host: CollectionHost, sessionId: string, collection: Collection, serverName: string, options: RunCollectionOptions = {}): Promise<CollectionRun> {
  const now = options.now ?? (() => performance.now());
  const variables = new Map<string, unknown>();
  const results: CallResult[] = [];
  let tools: Map<string, Record<string, unknown> | undefined> | undefined;
  const outputSchemaOf = async (name: string) => {
    if (!tools) {
      const found = new Map<string, Record<string, unknown> | undefined>();
      tools = found;
      // A repeated or endless cursor stops the walk (what the pages before it listed is kept), never a loop.
      await walkPages(
        "tools/list",
        (cursor) => host.dispatch("listTools", { sessionId, ...(cursor ? { cursor } : {}) }),
        (listed) => {
          for (const tool of listed.tools) found.set(tool.name, tool.outputSchema as Record<string, unknown> | undefined);
        },
        100,
      );
    }
    return tools.get(name);
  };

  for (const [index, call] of collection.calls.entries()) {
    if (options.only && !options.only.includes(index)) continue;
    const result = await runOne(host, sessionId, call, variables, outputSchemaOf, options.callTimeoutMs ?? 300_000, now, options.acceptSnapshots === true);
    results.push(result);
    options.onCall?.(result, index);
  }
  const failed = results.filter((r) => !r.ok).length;
  return { collection: collection.name, server: serverName, calls: results, passed: results.length - failed, failed };
}

async function runOne(
  host: CollectionHost,
  sessionId: string,
  call: SavedCall,
  variables: Map<string, unknown>,
  outputSchemaOf: (name: string) => Promise<Record<string, unknown> | undefined>,
  timeoutMs: number,
  now: () => number,
  acceptingSnapshots: boolean,
): Promise<CallResult> {
  const started = now();
  const unanswered: string[] = [];
  const tasks = new Map<string, ClientTask>();
  const taskWaiters = new Set<() => void>();
  const stop = host.subscribe((event) => {
    if (event.type === "pendingInputAdded" && event.payload.sessionId === sessionId) void answer(host, event.payload, call, unanswered);
    if (event.type === "clientTaskChanged" && event.payload.sessionId === sessionId) {
      tasks.set(event.payload.task.taskId, event.payload);
      for (const wake of [...taskWaiters]) wake();
    }
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CallFailure(`no outcome within ${timeoutMs} ms`)), timeoutMs);
    timer.unref?.();
  });
  const base = { name: call.name, kind: call.kind };
  try {
    const args = substitute(call.arguments, variables) as Record<string, unknown>;
    const waitTask = (taskId: string) =>
      new Promise<ClientTask>((resolve) => {
        const check = () => {
          const view = tasks.get(taskId);
          if (view && isFinished(view)) {
            taskWaiters.delete(check);
            resolve(view);
          }
        };
        taskWaiters.add(check);
        void host.dispatch("getSnapshot", {}).then((snapshot) => {
          const view = snapshot.clientTasks.find((t) => t.sessionId === sessionId && t.task.taskId === taskId);
          if (view && !tasks.has(taskId)) tasks.set(taskId, view);
          check();
        });
      });
    const fromTask = (view: ClientTask): Omit<CallOutcome, "latencyMs"> => {
      const failed = view.task.status !== "completed" || Boolean(view.error) || Boolean(view.result?.isError);
      const judged = view.error ? { error: view.error } : view.result ?? { task: view.task };
      return { judged, failed, taskStatus: view.task.status };
    };
    const execute = async (): Promise<Omit<CallOutcome, "latencyMs">> => {
      try {
        if (call.kind === "tool") {
          if (call.asTask) return fromTask(await waitTask((await host.dispatch("callToolAsTask", { sessionId, name: call.target!, arguments: args })).task.taskId));
          const { startedTask, inputRounds: _rounds, ...result } = await host.dispatch("callTool", { sessionId, name: call.target!, arguments: args });
          if (startedTask) return fromTask(await waitTask(startedTask.task.taskId));
          return { judged: result, failed: result.isError === true };
        }
        if (call.kind === "prompt") {
          const strings: Record<string, string> = {};
          for (const [k, v] of Object.entries(args)) strings[k] = typeof v === "string" ? v : JSON.stringify(v);
          return { judged: await host.dispatch("getPrompt", { sessionId, name: call.target!, arguments: strings }), failed: false };
        }
        return { judged: await host.dispatch("readResource", { sessionId, uri: String(substitute(call.uri!, variables)) }), failed: false };
      } catch (error) {
        if (error instanceof CallFailure) throw error;
        // The server's JSON-RPC error (or the core's words for a failure): judged as `{ error }`.
        const e = error as { code?: unknown; message?: unknown; data?: unknown };
        return { judged: { error: { ...(typeof e.code === "number" ? { code: e.code } : {}), message: String(e.message ?? error), ...(e.data !== undefined ? { data: e.data } : {}) } }, failed: true };
      }
    };
    const outcome = await Promise.race([execute(), deadline]);
    const latencyMs = now() - started;
    const outputSchema = call.kind === "tool" && call.assert.some((a) => "outputSchema" in a) ? await outputSchemaOf(call.target!) : undefined;
    const full: CallOutcome = { ...outcome, latencyMs, ...(outputSchema ? { outputSchema } : {}), ...(call.snapshot !== undefined ? { acceptedSnapshot: call.snapshot } : {}), acceptingSnapshots };
    const assertions = call.assert.map((a) => judge(a, full));
    const snapshotAssertion = call.assert.find((a) => "snapshot" in a);
    let error: string | undefined;
    if (unanswered.length) error = `the server asked ${unanswered.join("; ")}, and the collection has no answer for it: it was declined`;
    for (const [name, path] of Object.entries(call.capture ?? {})) {
      const at = getPath(outcome.judged, path);
      if (at.found) variables.set(name, at.value);
      else error ??= `capture ${name}: nothing at ${path}`;
    }
    return {
      ...base,
      ok: !error && assertions.every((a) => a.ok),
      ...(error ? { error } : {}),
      durationMs: Math.round(latencyMs),
      assertions,
      result: outcome.judged,
      ...(snapshotAssertion && "snapshot" in snapshotAssertion ? { snapshot: snapshotOf(outcome.judged, snapshotAssertion.snapshot.ignore) } : {}),
    };
  } catch (error) {
    return { ...base, ok: false, error: (error as Error).message, durationMs: Math.round(now() - started), assertions: [] };
  } finally {
    clearTimeout(timer);
    stop();
  }
}

/** Answer one of the server's questions from the call's saved answers, or decline it and remember why. */
async function answer(host: CollectionHost, input: PendingInput, call: SavedCall, unanswered: string[]): Promise<void> {
  const message = typeof input.params.message === "string" ? input.params.message : "";
  try {
    if (input.kind === "sampling") {
      const saved = call.answers?.sampling;
      if (saved) return void (await host.dispatch("approveSampling", { pendingInputId: input.id, result: saved }));
      unanswered.push(`for a sampling request (${JSON.stringify(message.slice(0, 100))})`);
      return void (await host.dispatch("rejectSampling", { pendingInputId: input.id, reason: "The collection has no saved sampling answer for this call" }));
    }
    const saved = call.answers?.elicitation?.find((a) => a.messageContains === undefined || message.includes(a.messageContains));
    if (!saved) {
      unanswered.push(`an elicitation ${JSON.stringify(message.slice(0, 100))}`);
      return void (await host.dispatch("answerElicitation", { pendingInputId: input.id, action: "decline" }));
    }
    if (saved.action === "accept") await host.dispatch("answerElicitation", { pendingInputId: input.id, action: "accept", ...(saved.content ? { content: saved.content } : {}) });
    else await host.dispatch("answerElicitation", { pendingInputId: input.id, action: saved.action });
  } catch (error) {
    unanswered.push(`${JSON.stringify(message.slice(0, 100))} (the saved answer was refused: ${(error as Error).message.slice(0, 200)})`);
    await host.dispatch("answerElicitation", { pendingInputId: input.id, action: "decline" }).catch(() => {});
  }
}
