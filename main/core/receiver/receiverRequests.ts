// Handlers for the requests a server sends that wait on our user: sampling/createMessage and
// elicitation/create, plain (R14) or task-augmented (R2), and our own tasks/get, tasks/result (R7)
// and tasks/cancel (R10).
import { getSupportedElicitationModes, type Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Protocol } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  CancelTaskRequestSchema,
  CreateMessageRequestSchema,
  CreateMessageResultSchema,
  CreateMessageResultWithToolsSchema,
  ElicitRequestSchema,
  ElicitResultSchema,
  ErrorCode,
  GetTaskPayloadRequestSchema,
  GetTaskRequestSchema,
  ListTasksRequestSchema,
  McpError,
  RELATED_TASK_META_KEY,
  type ClientCapabilities,
  type JSONRPCRequest,
  type JSONRPCResponse,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { PendingInput, PendingInputKind, ReceiverTaskMethod } from "../../../shared/types.js";
import { describeIssues, withInvalidParamsErrors } from "../invalidParams.js";
import { newPendingInput, type PendingAnswer, type PendingInputs } from "../pendingInputs.js";
import type { Ports } from "../ports.js";
import { askedOf } from "./asked.js";
import { ElicitRequestVerdict } from "./elicitVerdict.js";
import { isTerminalStatus } from "../protocol/taskStatus.js";
import { taskNotFound, type ReceiverTaskStore } from "./receiverTaskStore.js";

export interface ReceiverContext {
  sessionId: string;
  serverName: string;
  ports: Ports;
  pendingInputs: PendingInputs;
  /** Present only when receiver tasks are advertised (R1). */
  store?: ReceiverTaskStore;
  /** Q3: a request carrying related-task `_meta` belongs to one of our client tasks. */
  linkToClientTask?(taskId: string, pendingInputId: string): void;
}

interface Extra {
  requestId: RequestId;
  signal: AbortSignal;
}

/**
 * Registers with the SDK's Protocol itself, past the Client's own wrapper for these two methods: the wrapper
 * parsed the request against the SDK's schema a second time (withInvalidParamsErrors already did: ~18 µs for
 * an elicitation, the biggest part of starting a task) and checked the CreateTaskResult, which we build. What
 * else it did is done here: an elicitation's mode must be one we advertise, and a plain request's result (the
 * user's answer) is checked against the SDK's schema before it is sent, as the SDK's own data.
 */
function setUserRequestHandler<S extends typeof CreateMessageRequestSchema | typeof ElicitRequestSchema>(
  client: Client,
  schema: S,
  handler: (request: z.infer<S>, extra: Extra) => Promise<Record<string, unknown>> | Record<string, unknown>,
  plainResultSchema: (params: Record<string, unknown>) => z.ZodType,
  what: string,
  quickVerdict?: z.ZodType,
): void {
  const setOnProtocol = Protocol.prototype.setRequestHandler as unknown as (this: Client, schema: S, handler: (request: z.infer<S>, extra: Extra) => Promise<unknown>) => void;
  setOnProtocol.call(client, withInvalidParamsErrors(schema, quickVerdict), async (request, extra) => {
    const params = request.params as Record<string, unknown>;
    const result = await handler(request, extra);
    if (params.task !== undefined && "task" in result) return result;
    const checked = plainResultSchema(params).safeParse(result);
    if (!checked.success) throw new McpError(ErrorCode.InvalidParams, `Invalid ${what} result: ${describeIssues(checked.error.issues)}`);
    return checked.data;
  });
}

export function registerSamplingHandler(client: Client, ctx: ReceiverContext): void {
  setUserRequestHandler(
    client,
    CreateMessageRequestSchema,
    (request, extra) => handleUserRequest(ctx, "sampling", "sampling/createMessage", request.params as Record<string, unknown>, extra),
    (params) => (params.tools || params.toolChoice ? CreateMessageResultWithToolsSchema : CreateMessageResultSchema),
    "sampling",
  );
}

export function registerElicitationHandler(client: Client, ctx: ReceiverContext, advertised: ClientCapabilities["elicitation"]): void {
  const { supportsFormMode, supportsUrlMode } = getSupportedElicitationModes(advertised);
  setUserRequestHandler(
    client,
    ElicitRequestSchema,
    (request, extra) => {
      const params = request.params as Record<string, unknown>;
      const mode = params.mode ?? "form";
      if (mode === "form" && !supportsFormMode) throw new McpError(ErrorCode.InvalidParams, "Client does not support form-mode elicitation requests");
      if (mode === "url" && !supportsUrlMode) throw new McpError(ErrorCode.InvalidParams, "Client does not support URL-mode elicitation requests");
      return handleUserRequest(ctx, "elicitation", "elicitation/create", params, extra);
    },
    () => ElicitResultSchema,
    "elicitation",
    ElicitRequestVerdict,
  );
}

/**
 * Our tasks/get, tasks/result and tasks/cancel, in place of the SDK's (it keeps tasks/list, served from
 * the store). Why each is replaced:
 * - tasks/result: the SDK's handler re-checks a task once per pollInterval, so a server would learn the
 *   user's answer up to a poll later; this one is released the moment the task settles (R7), and replays
 *   a failed or cancelled task's JSON-RPC error (R7, R10) or answers -32602 once it expired (R6).
 * - tasks/get, tasks/cancel: the SDK answers an unknown id with a bare "Task not found"; these name the
 *   id and say when it expired (R8), and a cancel says who cancelled.
 * - tasks/list: the SDK's wraps our "Invalid cursor" in "Failed to list tasks: MCP error -32602: …".
 * None of them carries related-task `_meta` except tasks/result (R13), and `_meta` in requests is ignored.
 * Params that do not fit (a missing or non-string taskId) are answered -32602 (see invalidParams.ts).
 */
export function registerReceiverTaskHandlers(client: Client, store: ReceiverTaskStore): void {
  const requireTask = (taskId: string) => {
    const found = store.get(taskId);
    if (!found) throw taskNotFound(taskId, store.wasExpired(taskId));
    return found;
  };

  client.setRequestHandler(withInvalidParamsErrors(GetTaskRequestSchema), async (request) => requireTask(request.params.taskId).task);

  client.setRequestHandler(withInvalidParamsErrors(ListTasksRequestSchema), async (request) => store.listTasks(request.params?.cursor));

  client.setRequestHandler(withInvalidParamsErrors(CancelTaskRequestSchema), async (request) => {
    const { taskId } = request.params;
    const { task } = requireTask(taskId);
    if (isTerminalStatus(task.status)) {
      throw new McpError(ErrorCode.InvalidParams, `Cannot cancel task ${taskId}: it is already ${task.status}`);
    }
    // R10: cancelled (and its pending input withdrawn) before this response is sent.
    store.cancel(taskId, "Cancelled by the server (tasks/cancel)", "cancelledByServer");
    return requireTask(taskId).task;
  });

  client.setRequestHandler(withInvalidParamsErrors(GetTaskPayloadRequestSchema), async (request, extra) => {
    const { taskId } = request.params;
    requireTask(taskId);
    await store.waitForSettled(taskId, extra.signal);
    const outcome = store.outcomeOf(taskId);
    if (!outcome) throw taskNotFound(taskId, true);
    if (outcome.kind === "error") throw new McpError(outcome.error.code, outcome.error.message, outcome.error.data);
    const meta = (outcome.result._meta as Record<string, unknown> | undefined) ?? {};
    return { ...outcome.result, _meta: { ...meta, [RELATED_TASK_META_KEY]: { taskId } } };
  });
}

async function handleUserRequest(
  ctx: ReceiverContext,
  kind: PendingInputKind,
  method: ReceiverTaskMethod,
  params: Record<string, unknown>,
  extra: Extra,
) {
  if (params.task && ctx.store) return { task: acceptAsTask(ctx, ctx.store, kind, method, params, extra.requestId) };
  const relatedTaskId = relatedTaskOf(params);
  const input = newPendingInput(ctx, kind, params, relatedTaskId ? { relatedTaskId } : {});
  const link = () => {
    if (relatedTaskId) ctx.linkToClientTask?.(relatedTaskId, input.id);
  };

  // R14: a plain request is answered with the result itself, when the user answers.
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    // Deferred: when the connection drops, the SDK aborts every handler just before the session's
    // teardown withdraws its inputs as "disconnected"; only a real notifications/cancelled is left to us.
    const onAbort = () =>
      queueMicrotask(() =>
        ctx.pendingInputs.withdraw(input.id, "requestCancelled", "The server cancelled this request before it was answered"),
      );
    extra.signal.addEventListener("abort", onAbort, { once: true });
    ctx.pendingInputs.add(input, {
      answered: (answer) => {
        extra.signal.removeEventListener("abort", onAbort);
        const outcome = outcomeOf(answer);
        if (outcome.kind === "result") resolve(outcome.result);
        else reject(new McpError(outcome.error.code, outcome.error.message));
      },
      withdrawn: (_reason, message) => {
        extra.signal.removeEventListener("abort", onAbort);
        reject(new McpError(ErrorCode.InternalError, message));
      },
    });
    link();
  });
}

/** R2: the request becomes a receiver task waiting on the user; the task is the answer. */
function acceptAsTask(ctx: ReceiverContext, store: ReceiverTaskStore, kind: PendingInputKind, method: ReceiverTaskMethod, params: Record<string, unknown>, requestId: RequestId) {
  const relatedTaskId = relatedTaskOf(params);
  const input = newPendingInput(ctx, kind, params, relatedTaskId ? { relatedTaskId } : {});
  const task = startReceiverTask(ctx.pendingInputs, store, method, requestId, (params.task as { ttl?: unknown }).ttl, input);
  if (relatedTaskId) ctx.linkToClientTask?.(relatedTaskId, input.id);
  return task;
}

/**
 * R2 in the turn the request is read: a task-augmented sampling or elicitation request that the SDK's
 * handler would accept is answered here with its CreateTaskResult, past the SDK's generic dispatch (an
 * AbortController, a request-scoped task store, closures and three promise turns per request: about a third
 * of starting a task, issue 33). The checks are the handler's own: the method offered with tasks (the
 * SDK's assertTaskHandlerCapability), the same schema, an elicitation mode we advertise. Anything else, or
 * a task the store refuses, gives undefined and takes the SDK's path, which answers it as before.
 */
export function answerTaskRequestAtOnce(ctx: ReceiverContext, capabilities: ClientCapabilities, request: JSONRPCRequest): JSONRPCResponse | undefined {
  const params = request.params as Record<string, unknown> | undefined;
  const store = ctx.store;
  if (!store || typeof params?.task !== "object" || params.task === null) return undefined;
  const withTasks = capabilities.tasks?.requests;
  let kind: PendingInputKind;
  let method: ReceiverTaskMethod;
  if (request.method === "sampling/createMessage") {
    if (!capabilities.sampling || !withTasks?.sampling?.createMessage || !CreateMessageRequestSchema.safeParse(request).success) return undefined;
    [kind, method] = ["sampling", "sampling/createMessage"];
  } else if (request.method === "elicitation/create") {
    if (!capabilities.elicitation || !withTasks?.elicitation?.create || !ElicitRequestVerdict.safeParse(request).success) return undefined;
    const { supportsFormMode, supportsUrlMode } = getSupportedElicitationModes(capabilities.elicitation);
    if (!((params.mode ?? "form") === "form" ? supportsFormMode : params.mode === "url" && supportsUrlMode)) return undefined;
    [kind, method] = ["elicitation", "elicitation/create"];
  } else return undefined;
  try {
    return { jsonrpc: "2.0", id: request.id, result: { task: acceptAsTask(ctx, store, kind, method, params, request.id) } };
  } catch {
    return undefined;
  }
}

/**
 * R2: create the task and its pending input, and answer at once with the task; the user's answer reaches
 * the server through tasks/result. A function of its own so that the hooks, which live as long as the
 * task, hold only what they use, not the request handler's `extra` (its AbortController, the SDK's
 * request-scoped task store and closures): that was a kilobyte or more per live task.
 */
function startReceiverTask(
  pendingInputs: PendingInputs,
  store: ReceiverTaskStore,
  method: ReceiverTaskMethod,
  requestId: RequestId,
  requestedTtl: unknown,
  input: PendingInput,
) {
  const created = store.create(method, requestId, requestedTtl, input.id, askedOf(method, input.params));
  const { taskId, createdAt, ttl } = created.task;
  input.receiverTaskId = taskId;
  if (typeof ttl === "number") input.deadline = new Date(Date.parse(createdAt) + ttl).toISOString();
  pendingInputs.add(input, {
    answered: (answer) => {
      const outcome = outcomeOf(answer);
      // A failed task says why in its status, for servers that only poll tasks/get.
      store.finish(taskId, outcome, outcome.kind === "error" ? outcome.error.message : undefined);
    },
    // The store already moved the task (cancel, expiry, disconnect); nothing waits on this side.
    withdrawn: () => {},
  });
  return created.task;
}

function outcomeOf(answer: PendingAnswer) {
  if ("error" in answer) return { kind: "error" as const, error: answer.error };
  return { kind: "result" as const, result: answer.result as Record<string, unknown> };
}

function relatedTaskOf(params: Record<string, unknown>): string | undefined {
  const meta = params._meta as Record<string, unknown> | undefined;
  const related = meta?.[RELATED_TASK_META_KEY] as { taskId?: unknown } | undefined;
  return typeof related?.taskId === "string" ? related.taskId : undefined;
}
