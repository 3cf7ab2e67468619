// The receiver side of MCP Tasks (the server polls us), over real stdio against our fixture server
// test/fixtures/receiver-server.mjs. The fixture sends its requests raw, so every assertion on
// `response` is on the exact JSON-RPC message the server received.
import { describe, expect, it } from "vitest";
import { RELATED_TASK_META_KEY } from "@modelcontextprotocol/sdk/types.js";
import type { ClientFeatureToggles, LogEntry, PendingInput } from "../../shared/types.js";
import { createHarness, type Harness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

interface WireTask {
  taskId: string;
  status: string;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttl: number | null;
  pollInterval?: number;
}
interface WireResponse {
  jsonrpc: "2.0";
  id: string | number;
  result?: Record<string, unknown> & { _meta?: Record<string, unknown> };
  error?: { code: number; message: string; data?: unknown };
}
interface Sent {
  response: WireResponse;
  sentAt: number;
  respondedAt: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INVALID_PARAMS = -32602;
const EXPECTED_TASKS_CAPABILITY = {
  list: {},
  cancel: {},
  requests: { sampling: { createMessage: {} }, elicitation: { create: {} } },
};

function elicitParams(task?: { ttl?: unknown }, message = "What is your name?") {
  return {
    message,
    requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
    ...(task ? { task } : {}),
  };
}

function samplingParams(task?: { ttl?: unknown }) {
  return {
    messages: [{ role: "user", content: { type: "text", text: "Say hello" } }],
    maxTokens: 50,
    ...(task ? { task } : {}),
  };
}

const now = () => performance.timeOrigin + performance.now();

/** A connected fixture session and typed shortcuts to its tools. */
async function connectFixture(h: Harness, features: Partial<ClientFeatureToggles> = {}) {
  const info = await h.core.dispatch("connect", { server: fixtureServer("receiver-server.mjs", [], features) });
  expect(info.state).toBe("connected");
  const { sessionId } = info;

  async function call<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
    const result = await h.core.dispatch("callTool", { sessionId, name, arguments: args });
    const first = result.content[0] as { type: string; text?: string } | undefined;
    if (result.isError || first?.type !== "text" || first.text === undefined) {
      throw new Error(`fixture tool ${name} failed: ${JSON.stringify(result.content)}`);
    }
    return JSON.parse(first.text) as T;
  }
  const request = (method: string, params?: unknown, options: { id?: string; times?: number } = {}) =>
    call<Sent>("request", { method, ...(params === undefined ? {} : { params }), ...options });

  /** Send a task-augmented request and return the task from its CreateTaskResult. */
  async function createTask(kind: "elicitation" | "sampling" = "elicitation", ttl: unknown = 60_000): Promise<WireTask> {
    const sent =
      kind === "elicitation"
        ? await request("elicitation/create", elicitParams({ ttl }))
        : await request("sampling/createMessage", samplingParams({ ttl }));
    expect(sent.response.error).toBeUndefined();
    return (sent.response.result as { task: WireTask }).task;
  }
  const inputFor = (taskId: string) => h.waitFor("pendingInputAdded", (p) => p.receiverTaskId === taskId);
  /** Resolves once our client has received the server's request with this raw id (it is now being handled). */
  const arrived = (id: string, method: string) =>
    h.waitFor("logEntry", (e) => e.sessionId === sessionId && e.direction === "in" && e.method === method && e.id === id);
  const answeredOnWire = (id: string) => h.events.some((e) => e.type === "logEntry" && e.payload.direction === "out" && e.payload.id === id && e.payload.sessionId === sessionId);
  /**
   * Resolves once the server's tasks/result with this raw id is blocked in our handler. Its arrival alone
   * is not enough (its handler starts a few microtasks later); a later request's round trip is, since the
   * client handles messages in order.
   */
  async function blocked(id: string, taskId: string) {
    await arrived(id, "tasks/result");
    await request("tasks/get", { taskId });
    expect(answeredOnWire(id), `tasks/result ${id} answered before it could block`).toBe(false);
  }

  return { sessionId, call, request, createTask, inputFor, arrived, answeredOnWire, blocked };
}

function relatedTaskOf(result: WireResponse["result"]): unknown {
  return result?._meta?.[RELATED_TASK_META_KEY];
}

function expectIsoTime(value: unknown) {
  expect(typeof value).toBe("string");
  expect(new Date(value as string).toISOString()).toBe(value);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

describe("receiver tasks over stdio, driven by a fixture server", () => {
  it("R1: advertises exactly tasks.list, tasks.cancel and tasks.requests for sampling/createMessage and elicitation/create", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const { capabilities } = await fx.call<{ capabilities: Record<string, unknown> }>("client-capabilities");
    expect(capabilities.tasks).toEqual(EXPECTED_TASKS_CAPABILITY);
    expect(capabilities.sampling).toEqual({});
    expect(capabilities.elicitation).toEqual({ form: {}, url: {} });
  });

  it("R1: with sampling switched off, tasks.requests names elicitation only and sampling is not served", async () => {
    const h = createHarness();
    const fx = await connectFixture(h, { sampling: false });
    const { capabilities } = await fx.call<{ capabilities: Record<string, unknown> }>("client-capabilities");
    expect(capabilities.sampling).toBeUndefined();
    expect(capabilities.tasks).toEqual({ list: {}, cancel: {}, requests: { elicitation: { create: {} } } });
    const sampling = await fx.request("sampling/createMessage", samplingParams({ ttl: 60_000 }));
    expect(sampling.response.error?.code).toBe(-32601);
    expect(h.core.session(fx.sessionId).receiverTasks).toEqual([]);
  });

  it("R1 R14: with receiver tasks off there is no tasks capability, params.task is ignored and the plain result is the response", async () => {
    const h = createHarness();
    const fx = await connectFixture(h, { receiverTasks: false });
    const { capabilities } = await fx.call<{ capabilities: Record<string, unknown> }>("client-capabilities");
    expect(capabilities).not.toHaveProperty("tasks");
    expect(capabilities.elicitation).toEqual({ form: {}, url: {} });

    const sent = fx.request("elicitation/create", elicitParams({ ttl: 60_000 }), { id: "plain-1" });
    const input = await h.waitFor("pendingInputAdded", (p) => p.sessionId === fx.sessionId);
    expect(input.receiverTaskId).toBeUndefined();
    expect(input.params).not.toHaveProperty("task");
    expect(fx.answeredOnWire("plain-1")).toBe(false);
    await h.core.dispatch("answerElicitation", { pendingInputId: input.id, action: "accept", content: { name: "Ada" } });
    const { response } = await sent;
    expect(response.result).toEqual({ action: "accept", content: { name: "Ada" } });

    const get = await fx.request("tasks/get", { taskId: "anything" });
    expect(get.response.error?.code).toBe(-32601);
    expect(h.events.some((e) => e.type === "receiverTaskChanged")).toBe(false);
  });

  it("R2 R3 R4 R5: a task-augmented elicitation gets its CreateTaskResult at once; the task is working, awaiting the user, with every field", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const sent = await fx.request("elicitation/create", elicitParams({ ttl: 60_000 }));
    // R2: the response is the CreateTaskResult and nothing else, while the user has not answered yet.
    expect(Object.keys(sent.response.result ?? {})).toEqual(["task"]);
    const task = (sent.response.result as { task: WireTask }).task;
    const input = await fx.inputFor(task.taskId);
    expect(h.core.pendingInputs.get(input.id)).toBeDefined();
    expect(h.events.some((e) => e.type === "pendingInputAnswered")).toBe(false);

    // R3: our id, a UUID. R4: working with a status message, not input_required.
    expect(task.taskId).toMatch(UUID);
    expect(task.status).toBe("working");
    expect(task.statusMessage).toBe("Awaiting user response");

    // R5: tasks/get carries every field; the ttl is the one applied.
    const { response } = await fx.request("tasks/get", { taskId: task.taskId });
    const got = response.result as unknown as WireTask;
    expect(got).toMatchObject({ taskId: task.taskId, status: "working", statusMessage: "Awaiting user response", ttl: 60_000, pollInterval: 500 });
    expectIsoTime(got.createdAt);
    expectIsoTime(got.lastUpdatedAt);
    expect(got.createdAt).toBe(task.createdAt);
    expect(input.deadline).toBe(new Date(Date.parse(got.createdAt) + 60_000).toISOString());
    expect(input.params.message).toBe("What is your name?");
  });

  it("R7 R4: tasks/result blocks until the user answers, then returns the ElicitResult with related-task _meta, and the same again later", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const task = await fx.createTask();
    const input = await fx.inputFor(task.taskId);

    const blocked = fx.request("tasks/result", { taskId: task.taskId }, { id: "result-1" });
    await fx.blocked("result-1", task.taskId);
    const stillWorking = await fx.request("tasks/get", { taskId: task.taskId });
    expect(stillWorking.response.result?.status).toBe("working");

    await h.core.dispatch("answerElicitation", { pendingInputId: input.id, action: "accept", content: { name: "Ada" } });
    const { response } = await blocked;
    expect(response.result).toEqual({ action: "accept", content: { name: "Ada" }, _meta: { [RELATED_TASK_META_KEY]: { taskId: task.taskId } } });

    const after = await fx.request("tasks/get", { taskId: task.taskId });
    expect(after.response.result?.status).toBe("completed");
    expect(Date.parse(after.response.result?.lastUpdatedAt as string)).toBeGreaterThanOrEqual(Date.parse(task.createdAt));
    const again = await fx.request("tasks/result", { taskId: task.taskId });
    expect(again.response).toEqual({ ...response, id: again.response.id });
  });

  it("R2 R7: a task-augmented sampling request is approved through the pending-input API and tasks/result returns the CreateMessageResult", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const task = await fx.createTask("sampling");
    const input = await fx.inputFor(task.taskId);
    expect(input.kind).toBe("sampling");
    expect(task.status).toBe("working");
    const result = fx.request("tasks/result", { taskId: task.taskId }, { id: "result-s" });
    await fx.blocked("result-s", task.taskId);
    await h.core.dispatch("approveSampling", { pendingInputId: input.id, result: { content: { type: "text", text: "Hello there" }, model: "human" } });
    const { response } = await result;
    expect(response.result).toEqual({
      role: "assistant",
      content: { type: "text", text: "Hello there" },
      model: "human",
      _meta: { [RELATED_TASK_META_KEY]: { taskId: task.taskId } },
    });
  });

  it("R7: the server's blocked tasks/result returns milliseconds after the user's answer (median over 100 tasks)", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const delays: number[] = [];
    for (let i = 0; i < 100; i++) {
      const task = await fx.createTask();
      const input = await fx.inputFor(task.taskId);
      const id = `latency-${i}`;
      const blocked = fx.request("tasks/result", { taskId: task.taskId }, { id });
      await fx.blocked(id, task.taskId);
      const answeredAt = now();
      await h.core.dispatch("answerElicitation", { pendingInputId: input.id, action: "accept", content: { name: `user ${i}` } });
      const { response, respondedAt } = await blocked;
      expect(response.result?.content).toEqual({ name: `user ${i}` });
      delays.push(respondedAt - answeredAt);
    }
    const m = median(delays);
    console.log(
      `R7 answer → tasks/result delay over ${delays.length} tasks: median ${m.toFixed(2)} ms, ` +
        `min ${Math.min(...delays).toFixed(2)} ms, max ${Math.max(...delays).toFixed(2)} ms (pollInterval is 500 ms)`,
    );
    expect(m).toBeGreaterThan(0);
    expect(m).toBeLessThan(100);
  });

  it("R8: unknown task ids in tasks/get, tasks/result and tasks/cancel give -32602 naming the id; a bad tasks/list cursor gives -32602", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    await fx.createTask();
    for (const method of ["tasks/get", "tasks/result", "tasks/cancel"]) {
      const { response } = await fx.request(method, { taskId: "no-such-task" });
      expect(response.result, method).toBeUndefined();
      expect(response.error?.code, method).toBe(INVALID_PARAMS);
      expect(response.error?.message, method).toMatch(/not found/i);
      expect(response.error?.message, method).toContain("no-such-task");
    }
    for (const cursor of ["garbage", "rt1.", "rt1.bm9wZTox"]) {
      const { response } = await fx.request("tasks/list", { cursor });
      expect(response.error?.code, cursor).toBe(INVALID_PARAMS);
      expect(response.error?.message, cursor).toMatch(/cursor/i);
    }
  });

  it("R9 R3 R13 S1: tasks/list pages through 250 tasks with opaque cursors and reaches each exactly once; a cursor is no good on another session", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const created = await fx.call<{ responses: WireResponse[] }>("requests", { method: "elicitation/create", params: elicitParams({ ttl: 60_000 }), count: 250 });
    const ids = created.responses.map((r) => (r.result as { task: WireTask }).task.taskId);
    expect(ids.every((id) => UUID.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(250);

    // Finished and cancelled tasks stay visible to tasks/get, so tasks/list must reach them too.
    const inputs = await h.until(() => {
      const mine = h.core.pendingInputs.list().filter((p) => p.sessionId === fx.sessionId);
      return mine.length === 250 && mine;
    });
    await h.core.dispatch("answerElicitation", { pendingInputId: (inputs[0] as PendingInput).id, action: "decline" });
    await fx.request("tasks/cancel", { taskId: ids[1] });

    const { pages } = await fx.call<{ pages: WireResponse[] }>("list-all");
    expect(pages.map((p) => (p.result?.tasks as WireTask[]).length)).toEqual([100, 100, 50]);
    expect(pages.map((p) => typeof p.result?.nextCursor)).toEqual(["string", "string", "undefined"]);
    const listed = pages.flatMap((p) => (p.result?.tasks as WireTask[]).map((t) => t.taskId));
    expect(listed.length).toBe(250);
    expect(new Set(listed)).toEqual(new Set(ids));
    for (const page of pages) expect(relatedTaskOf(page.result)).toBeUndefined();
    const statuses = pages.flatMap((p) => p.result?.tasks as WireTask[]).filter((t) => t.status !== "working").map((t) => [t.taskId, t.status]);
    expect(new Map(statuses as [string, string][])).toEqual(new Map([[ids[0], "completed"], [ids[1], "cancelled"]]));

    // S1: the cursor is bound to the session that issued it.
    const other = await connectFixture(h);
    const foreign = await other.request("tasks/list", { cursor: pages[0]?.result?.nextCursor });
    expect(foreign.response.error?.code).toBe(INVALID_PARAMS);
  });

  it("R10 R13: tasks/cancel on a live task cancels it before responding, withdraws the input, releases a blocked tasks/result and ignores a late answer", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const task = await fx.createTask();
    const input = await fx.inputFor(task.taskId);
    const blocked = fx.request("tasks/result", { taskId: task.taskId }, { id: "blocked-1" });
    await fx.blocked("blocked-1", task.taskId);

    const { response } = await fx.request("tasks/cancel", { taskId: task.taskId }, { id: "cancel-1" });
    expect(response.result).toMatchObject({ taskId: task.taskId, status: "cancelled", createdAt: task.createdAt, ttl: 60_000 });
    expect(relatedTaskOf(response.result)).toBeUndefined();
    // Cancelled before the response went out.
    const cancelledAt = h.events.findIndex((e) => e.type === "receiverTaskChanged" && e.payload.task.taskId === task.taskId && e.payload.task.status === "cancelled");
    const respondedAt = h.events.findIndex((e) => e.type === "logEntry" && e.payload.direction === "out" && e.payload.id === "cancel-1");
    expect(cancelledAt).toBeGreaterThanOrEqual(0);
    expect(cancelledAt).toBeLessThan(respondedAt);

    const withdrawn = await h.waitFor("pendingInputWithdrawn", (p) => p.pendingInputId === input.id);
    expect(withdrawn.reason).toBe("taskCancelled");
    expect(withdrawn.message).toMatch(/cancelled/i);
    expect(h.core.pendingInputs.get(input.id)).toBeUndefined();

    const released = await blocked;
    expect(released.response.error?.code).toBe(INVALID_PARAMS);
    expect(released.response.error?.message).toMatch(/cancelled/i);

    await expect(h.core.dispatch("answerElicitation", { pendingInputId: input.id, action: "accept", content: { name: "Late" } })).rejects.toThrow(/no longer pending/);
    const get = await fx.request("tasks/get", { taskId: task.taskId });
    expect(get.response.result?.status).toBe("cancelled");
    const later = await fx.request("tasks/result", { taskId: task.taskId });
    expect(later.response.error?.message).toMatch(/cancelled/i);
  });

  it("R10 R4: tasks/cancel on a terminal task gives -32602 and the task stays completed", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const task = await fx.createTask();
    const input = await fx.inputFor(task.taskId);
    await h.core.dispatch("answerElicitation", { pendingInputId: input.id, action: "accept", content: { name: "Ada" } });
    const { response } = await fx.request("tasks/cancel", { taskId: task.taskId });
    expect(response.error?.code).toBe(INVALID_PARAMS);
    expect(response.error?.message).toMatch(/completed/);
    const get = await fx.request("tasks/get", { taskId: task.taskId });
    expect(get.response.result?.status).toBe("completed");
    const result = await fx.request("tasks/result", { taskId: task.taskId });
    expect(result.response.result?.action).toBe("accept");
  });

  it("R8 R10: every error we send has exactly our words and code, with no SDK prefix (the server's SDK adds its own)", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const task = await fx.createTask();
    expect((await fx.request("tasks/cancel", { taskId: task.taskId })).response.result?.status).toBe("cancelled");
    expect((await fx.request("tasks/cancel", { taskId: task.taskId })).response.error).toEqual({
      code: INVALID_PARAMS,
      message: `Cannot cancel task ${task.taskId}: it is already cancelled`,
    });
    expect((await fx.request("tasks/get", { taskId: "no-such-task" })).response.error).toEqual({ code: INVALID_PARAMS, message: "Task not found: no-such-task" });
    const badCursor = (await fx.request("tasks/list", { cursor: "garbage" })).response.error;
    expect(badCursor).toEqual({ code: INVALID_PARAMS, message: 'Invalid cursor: "garbage"' });
    // The log shows what was sent, byte for byte.
    const { entries } = await h.core.dispatch("getLog", { sessionId: fx.sessionId });
    const sentErrors = entries.filter((e) => e.direction === "out" && (e.payload as { error?: unknown }).error);
    expect(sentErrors.length).toBeGreaterThanOrEqual(3);
    for (const e of sentErrors) expect((e.payload as { error: { message: string } }).error.message).not.toMatch(/^MCP error/);
  });

  it("R10 R11: the user cancels a receiver task in the inspector; the server sees it cancelled and notified", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const task = await fx.createTask("sampling");
    const input = await fx.inputFor(task.taskId);
    const cancelled = await h.core.dispatch("cancelReceiverTask", { sessionId: fx.sessionId, taskId: task.taskId });
    expect(cancelled.task.status).toBe("cancelled");
    expect(h.core.pendingInputs.get(input.id)).toBeUndefined();
    const { notifications } = await fx.call<{ notifications: { params: WireTask }[] }>("status-notifications", { taskId: task.taskId, status: "cancelled" });
    expect(notifications.map((n) => n.params.status)).toEqual(["working", "cancelled"]);
    const get = await fx.request("tasks/get", { taskId: task.taskId });
    expect(get.response.result).toMatchObject({ status: "cancelled", statusMessage: "Cancelled by the user" });
    const result = await fx.request("tasks/result", { taskId: task.taskId });
    expect(result.response.error?.message).toMatch(/cancelled/i);
    await expect(h.core.dispatch("cancelReceiverTask", { sessionId: fx.sessionId, taskId: task.taskId })).rejects.toThrow(/already cancelled/);
  });

  it("R11: notifications/tasks/status follow the CreateTaskResult and every status change, carrying the full task and no related-task _meta", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const task = await fx.createTask();
    const input = await fx.inputFor(task.taskId);
    await fx.call("status-notifications", { taskId: task.taskId, status: "working" });
    await h.core.dispatch("answerElicitation", { pendingInputId: input.id, action: "accept", content: { name: "Ada" } });
    const { notifications } = await fx.call<{ notifications: { method: string; params: WireTask & { _meta?: Record<string, unknown> } }[] }>(
      "status-notifications",
      { taskId: task.taskId, status: "completed" },
    );
    expect(notifications.map((n) => n.params.status)).toEqual(["working", "completed"]);
    for (const n of notifications) {
      expect(n.method).toBe("notifications/tasks/status");
      expect(n.params._meta?.[RELATED_TASK_META_KEY]).toBeUndefined();
      expect(n.params).toMatchObject({ taskId: task.taskId, createdAt: task.createdAt, ttl: 60_000, pollInterval: 500 });
      expectIsoTime(n.params.lastUpdatedAt);
    }
    expect(notifications[0]?.params).toMatchObject({ status: "working", statusMessage: "Awaiting user response" });
    const { kinds } = await fx.call<{ kinds: string[] }>("inbox", { taskId: task.taskId });
    expect(kinds).toEqual(["CreateTaskResult", "notification:working", "notification:completed"]);
  });

  it("R2 R11: as its CreateTaskResult is sent, the task answers tasks/get and its pending input exists; the log reads request, CreateTaskResult, creation notice", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const store = h.core.session(fx.sessionId).receiverTaskStore;
    const seenAtAnswer: { task: boolean; input: boolean }[] = [];
    h.core.subscribe((event) => {
      // The answer is logged in the same turn it is written, before anything else of ours runs.
      const result = event.type === "logEntry" && event.payload.direction === "out" ? (event.payload.payload as WireResponse).result : undefined;
      const taskId = (result?.task as WireTask | undefined)?.taskId;
      if (!taskId) return;
      seenAtAnswer.push({ task: store?.get(taskId) !== undefined, input: h.core.pendingInputs.list().some((p) => p.receiverTaskId === taskId) });
    });
    const task = await fx.createTask("elicitation");
    const sampled = await fx.createTask("sampling");
    expect(seenAtAnswer).toEqual([
      { task: true, input: true },
      { task: true, input: true },
    ]);
    for (const { taskId } of [task, sampled]) {
      const log = h.events.flatMap((e) => (e.type === "logEntry" && e.payload.sessionId === fx.sessionId ? [e.payload] : []));
      const answer = log.findIndex((e) => ((e.payload as WireResponse).result?.task as WireTask | undefined)?.taskId === taskId);
      const request = log.findIndex((e) => e.direction === "in" && e.id === log[answer]?.id && e.method !== undefined);
      expect(request).toBeGreaterThanOrEqual(0);
      expect(request).toBeLessThan(answer);
      expect(log[answer + 1]).toMatchObject({ direction: "out", method: "notifications/tasks/status", payload: { params: { taskId, status: "working" } } });
    }
  });

  it("an elicitation in a mode we do not advertise is refused -32602, as the SDK's client refuses it", async () => {
    const h = createHarness();
    const fx = await connectFixture(h, { elicitationUrl: false });
    const url = await fx.request("elicitation/create", { mode: "url", message: "Sign in", url: "https://example.com", elicitationId: "e1", task: { ttl: 60_000 } });
    expect(url.response.error).toMatchObject({ code: INVALID_PARAMS, message: "Client does not support URL-mode elicitation requests" });
    expect(h.core.session(fx.sessionId).receiverTasks).toEqual([]);
  });

  it("R12: elicitation decline and cancel are normal ElicitResults: the task is completed and tasks/result returns them", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    for (const action of ["decline", "cancel"] as const) {
      const task = await fx.createTask();
      const input = await fx.inputFor(task.taskId);
      await h.core.dispatch("answerElicitation", { pendingInputId: input.id, action });
      const get = await fx.request("tasks/get", { taskId: task.taskId });
      expect(get.response.result?.status, action).toBe("completed");
      const { response } = await fx.request("tasks/result", { taskId: task.taskId });
      expect(response.error, action).toBeUndefined();
      expect(response.result, action).toEqual({ action, _meta: { [RELATED_TASK_META_KEY]: { taskId: task.taskId } } });
    }
  });

  it("R12 R7: a sampling rejection fails the task, and tasks/result returns the same JSON-RPC error a plain request gets", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const task = await fx.createTask("sampling");
    const taskInput = await fx.inputFor(task.taskId);
    const blocked = fx.request("tasks/result", { taskId: task.taskId }, { id: "rejected-task" });
    await fx.blocked("rejected-task", task.taskId);
    await h.core.dispatch("rejectSampling", { pendingInputId: taskInput.id, reason: "not today" });
    const viaTask = (await blocked).response;
    const get = await fx.request("tasks/get", { taskId: task.taskId });
    expect(get.response.result?.status).toBe("failed");

    const plain = fx.request("sampling/createMessage", samplingParams(), { id: "rejected-plain" });
    const plainInput = await h.waitFor("pendingInputAdded", (p) => p.kind === "sampling" && p.receiverTaskId === undefined);
    await h.core.dispatch("rejectSampling", { pendingInputId: plainInput.id, reason: "not today" });
    const direct = (await plain).response;

    expect(direct.error?.message).toMatch(/rejected.*not today/);
    expect(viaTask.result).toBeUndefined();
    expect(viaTask.error).toEqual(direct.error);
    const again = await fx.request("tasks/result", { taskId: task.taskId });
    expect(again.response.error).toEqual(direct.error);
  });

  it("R13: tasks/get, tasks/list and tasks/cancel results carry no related-task _meta, and related-task _meta in those requests is ignored", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const first = await fx.createTask();
    const second = await fx.createTask();
    const misleading = { [RELATED_TASK_META_KEY]: { taskId: second.taskId } };

    const get = await fx.request("tasks/get", { taskId: first.taskId, _meta: misleading });
    expect(get.response.result?.taskId).toBe(first.taskId);
    expect(relatedTaskOf(get.response.result)).toBeUndefined();
    const list = await fx.request("tasks/list", { _meta: misleading });
    expect((list.response.result?.tasks as WireTask[]).map((t) => t.taskId)).toEqual([first.taskId, second.taskId]);
    expect(relatedTaskOf(list.response.result)).toBeUndefined();
    const cancel = await fx.request("tasks/cancel", { taskId: first.taskId, _meta: misleading });
    expect(cancel.response.result).toMatchObject({ taskId: first.taskId, status: "cancelled" });
    expect(relatedTaskOf(cancel.response.result)).toBeUndefined();
    const untouched = await fx.request("tasks/get", { taskId: second.taskId });
    expect(untouched.response.result?.status).toBe("working");
  });

  it("R14: plain elicitation and sampling requests are answered with the result itself, when the user answers, and create no task", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const elicitation = fx.request("elicitation/create", elicitParams(), { id: "plain-e" });
    const eInput = await h.waitFor("pendingInputAdded", (p) => p.kind === "elicitation");
    expect(eInput.receiverTaskId).toBeUndefined();
    await fx.request("tasks/list", {});
    expect(fx.answeredOnWire("plain-e")).toBe(false);
    await h.core.dispatch("answerElicitation", { pendingInputId: eInput.id, action: "accept", content: { name: "Ada" } });
    expect((await elicitation).response.result).toEqual({ action: "accept", content: { name: "Ada" } });

    const sampling = fx.request("sampling/createMessage", samplingParams(), { id: "plain-s" });
    const sInput = await h.waitFor("pendingInputAdded", (p) => p.kind === "sampling");
    await h.core.dispatch("approveSampling", { pendingInputId: sInput.id, result: { content: { type: "text", text: "Hi" }, model: "human" } });
    expect((await sampling).response.result).toEqual({ role: "assistant", content: { type: "text", text: "Hi" }, model: "human" });

    expect(h.core.session(fx.sessionId).receiverTasks).toEqual([]);
    expect(h.events.some((e) => e.type === "receiverTaskChanged")).toBe(false);
    const list = await fx.request("tasks/list", {});
    expect(list.response.result?.tasks).toEqual([]);
  });

  it("R14: a plain request the server cancels with notifications/cancelled is withdrawn with that reason and never answered", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const plain = fx.request("elicitation/create", elicitParams(undefined, "Cancel me"), { id: "to-cancel" });
    void plain.catch(() => {});
    const input = await h.waitFor("pendingInputAdded", (p) => p.params.message === "Cancel me");
    await fx.call("notify", { method: "notifications/cancelled", params: { requestId: "to-cancel", reason: "changed my mind" } });
    const withdrawn = await h.waitFor("pendingInputWithdrawn", (p) => p.pendingInputId === input.id);
    expect(withdrawn.reason).toBe("requestCancelled");
    await expect(h.core.dispatch("answerElicitation", { pendingInputId: input.id, action: "decline" })).rejects.toThrow(/no longer pending/);
    await fx.request("tasks/list", {});
    expect(fx.answeredOnWire("to-cancel")).toBe(false);
    expect((await fx.call<{ count: number }>("response-count", { id: "to-cancel" })).count).toBe(0);
  });

  it("R6 S2: a requested ttl is clamped to the maximum and reported; a missing ttl gets the default; an invalid ttl is refused", async () => {
    const h = createHarness({ settings: { maxReceiverTaskTtlMs: 5_000, defaultReceiverTaskTtlMs: 2_000 } });
    const fx = await connectFixture(h);
    const clamped = await fx.createTask("elicitation", 999_999);
    expect(clamped.ttl).toBe(5_000);
    const get = await fx.request("tasks/get", { taskId: clamped.taskId });
    expect(get.response.result?.ttl).toBe(5_000);

    const defaulted = await fx.request("elicitation/create", elicitParams({}));
    expect((defaulted.response.result as { task: WireTask }).task.ttl).toBe(2_000);

    const inputsBefore = h.core.pendingInputs.list().length;
    const invalid = await fx.request("elicitation/create", elicitParams({ ttl: -5 }));
    expect(invalid.response.error?.code).toBe(INVALID_PARAMS);
    expect(invalid.response.error?.message).toMatch(/ttl/);
    expect(h.core.pendingInputs.list().length).toBe(inputsBefore);
    expect(h.core.session(fx.sessionId).receiverTasks.length).toBe(2);
  });

  it("R6 R8: ttl expiry deletes the task, withdraws its pending input and releases a blocked tasks/result with -32602 expired", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const task = await fx.createTask("elicitation", 600);
    expect(task.ttl).toBe(600);
    const input = await fx.inputFor(task.taskId);
    const blocked = fx.request("tasks/result", { taskId: task.taskId }, { id: "expiring" });
    await fx.blocked("expiring", task.taskId);

    const withdrawn = await h.waitFor("pendingInputWithdrawn", (p) => p.pendingInputId === input.id);
    expect(withdrawn.reason).toBe("taskExpired");
    expect(withdrawn.message).toMatch(/expired/);
    await h.waitFor("receiverTaskRemoved", (p) => p.taskId === task.taskId);
    const released = await blocked;
    expect(released.response.error?.code).toBe(INVALID_PARAMS);
    expect(released.response.error?.message).toMatch(/expired/);
    expect(released.respondedAt - Date.parse(task.createdAt)).toBeLessThan(5_000);

    for (const method of ["tasks/get", "tasks/result", "tasks/cancel"]) {
      const { response } = await fx.request(method, { taskId: task.taskId });
      expect(response.error?.code, method).toBe(INVALID_PARAMS);
      expect(response.error?.message, method).toMatch(/expired/);
    }
    const list = await fx.request("tasks/list", {});
    expect(list.response.result?.tasks).toEqual([]);
    await expect(h.core.dispatch("answerElicitation", { pendingInputId: input.id, action: "decline" })).rejects.toThrow(/expired/);
  });

  it("S1: a task created on one session is invisible from another", async () => {
    const h = createHarness();
    const a = await connectFixture(h);
    const b = await connectFixture(h);
    const task = await a.createTask();
    for (const method of ["tasks/get", "tasks/result", "tasks/cancel"]) {
      const { response } = await b.request(method, { taskId: task.taskId });
      expect(response.error?.code, method).toBe(INVALID_PARAMS);
    }
    const listB = await b.request("tasks/list", {});
    expect(listB.response.result?.tasks).toEqual([]);
    const getA = await a.request("tasks/get", { taskId: task.taskId });
    expect(getA.response.result?.status).toBe("working");
  });

  it("S1: disconnect ends every live task of the session cancelled and withdraws their pending inputs", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const other = await connectFixture(h);
    const live = await fx.createTask();
    const done = await fx.createTask("sampling");
    const othersTask = await other.createTask();
    const liveInput = await fx.inputFor(live.taskId);
    const doneInput = await fx.inputFor(done.taskId);
    const othersInput = await other.inputFor(othersTask.taskId);
    await h.core.dispatch("approveSampling", { pendingInputId: doneInput.id, result: { content: { type: "text", text: "ok" }, model: "human" } });

    await h.core.dispatch("disconnect", { sessionId: fx.sessionId });
    const withdrawn = await h.waitFor("pendingInputWithdrawn", (p) => p.pendingInputId === liveInput.id);
    expect(withdrawn.reason).toBe("disconnected");
    const ended = await h.waitFor("receiverTaskChanged", (p) => p.task.taskId === live.taskId && p.task.status === "cancelled");
    expect(ended.task.statusMessage).toMatch(/Session ended/);
    expect(h.events.some((e) => e.type === "receiverTaskChanged" && e.payload.task.taskId === done.taskId && e.payload.task.status === "cancelled")).toBe(false);
    await h.waitFor("receiverTaskRemoved", (p) => p.taskId === live.taskId);
    await h.waitFor("receiverTaskRemoved", (p) => p.taskId === done.taskId);
    expect(h.core.session(fx.sessionId).receiverTasks).toEqual([]);
    // The other session is untouched.
    expect(h.core.pendingInputs.get(othersInput.id)).toBeDefined();
    const get = await other.request("tasks/get", { taskId: othersTask.taskId });
    expect(get.response.result?.status).toBe("working");
  });

  it("S1: a server that exits mid-task: its pending inputs are withdrawn and its live tasks end cancelled", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const task = await fx.createTask();
    const input = await fx.inputFor(task.taskId);
    // Settled as soon as the connection drops, so hold its outcome from the start.
    const plain = fx.request("elicitation/create", elicitParams(), { id: "plain-dying" }).then(
      () => "answered",
      (error: Error) => error.message,
    );
    const plainInput = await h.waitFor("pendingInputAdded", (p) => p.sessionId === fx.sessionId && p.receiverTaskId === undefined);

    await expect(fx.call("exit", { code: 3 })).rejects.toThrow(/Connection closed/);
    expect(await plain).toMatch(/Connection closed/);
    const session = await h.waitFor("sessionChanged", (s) => s.sessionId === fx.sessionId && s.state === "disconnected");
    expect(session.reason).toMatch(/closed/);
    for (const id of [input.id, plainInput.id]) {
      const withdrawn = await h.waitFor("pendingInputWithdrawn", (p) => p.pendingInputId === id);
      expect(withdrawn.reason).toBe("disconnected");
    }
    const ended = await h.waitFor("receiverTaskChanged", (p) => p.task.taskId === task.taskId && p.task.status === "cancelled");
    expect(ended.task.statusMessage).toMatch(/Session ended/);
    expect(h.core.pendingInputs.list()).toEqual([]);
    expect(h.core.session(fx.sessionId).receiverTasks).toEqual([]);
  });

  it("S2: over the live-task limit a request gets a clear JSON-RPC error, nothing is created, and the session keeps working", async () => {
    const h = createHarness({ settings: { maxLiveReceiverTasks: 3 } });
    const fx = await connectFixture(h);
    const { responses } = await fx.call<{ responses: WireResponse[] }>("requests", { method: "elicitation/create", params: elicitParams({ ttl: 60_000 }), count: 5 });
    const refused = responses.filter((r) => r.error);
    expect(responses.filter((r) => r.result).length).toBe(3);
    expect(refused.length).toBe(2);
    for (const r of refused) {
      expect(r.error?.code).toBe(-32600);
      expect(r.error?.message).toMatch(/Too many live tasks.*at most 3/);
    }
    expect(h.core.pendingInputs.list().length).toBe(3);
    expect(h.core.session(fx.sessionId).receiverTasks.length).toBe(3);

    // Finishing one frees a slot; the session still answers everything else.
    await h.core.dispatch("answerElicitation", { pendingInputId: (h.core.pendingInputs.list()[0] as PendingInput).id, action: "decline" });
    const fourth = await fx.createTask();
    expect(fourth.status).toBe("working");
    const over = await fx.request("sampling/createMessage", samplingParams({ ttl: 1000 }));
    expect(over.response.error?.code).toBe(-32600);
    expect((await h.core.dispatch("ping", { sessionId: fx.sessionId })).roundTripMs).toBeGreaterThanOrEqual(0);
    expect(h.core.session(fx.sessionId).state.state).toBe("connected");
  });

  it("S3: a request id sent twice creates one task and one pending input, and is answered once", async () => {
    const h = createHarness();
    const fx = await connectFixture(h);
    const isNote = (e: LogEntry, id: string) =>
      e.direction === "in" && e.id === id && typeof (e.payload as { note?: unknown }).note === "string" && (e.payload as { note: string }).note.includes("S3");

    const sent = await fx.request("elicitation/create", elicitParams({ ttl: 60_000 }), { id: "dup-task", times: 2 });
    const task = (sent.response.result as { task: WireTask }).task;
    await h.waitFor("logEntry", (e) => isNote(e, "dup-task"));
    // A later round trip: had the duplicate been processed, its answer would have arrived by now.
    await fx.request("tasks/list", {});
    expect(h.core.session(fx.sessionId).receiverTasks.map((t) => t.task.taskId)).toEqual([task.taskId]);
    expect(h.core.pendingInputs.list().filter((p) => p.sessionId === fx.sessionId).length).toBe(1);
    expect((await fx.call<{ count: number }>("response-count", { id: "dup-task" })).count).toBe(1);

    const plain = fx.request("elicitation/create", elicitParams(undefined, "Sent twice"), { id: "dup-plain", times: 2 });
    const plainInput = await h.waitFor("pendingInputAdded", (p) => p.params.message === "Sent twice");
    await h.waitFor("logEntry", (e) => isNote(e, "dup-plain"));
    await fx.request("tasks/list", {});
    expect(h.core.pendingInputs.list().filter((p) => p.params.message === "Sent twice").length).toBe(1);
    await h.core.dispatch("answerElicitation", { pendingInputId: plainInput.id, action: "decline" });
    expect((await plain).response.result).toEqual({ action: "decline" });
    await fx.request("tasks/list", {});
    expect((await fx.call<{ count: number }>("response-count", { id: "dup-plain" })).count).toBe(1);
  });
});
