// A 2026-07-28 server (our fixture on the SDK v2, over real stdio): era probe, modern requests, multi
// round-trip input and modern tasks, end to end through the core's API.
import { describe, expect, it } from "vitest";
import type { ClientTask, LogEntry, PendingInput } from "../../shared/types.js";
import { createHarness, type Harness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

const PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
const CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
const STATE_1 = 'st:1:\u00e9\u2603 "q" \\ +/=';

async function connectModern(h: Harness, args: string[] = [], features = {}) {
  return h.core.dispatch("connect", { server: fixtureServer("modern/modern-server.mjs", args, features) });
}

async function logOf(h: Harness, sessionId: string): Promise<LogEntry[]> {
  return (await h.core.dispatch("getLog", { sessionId })).entries;
}

function outgoing(entries: LogEntry[], method: string) {
  return entries.filter((e) => e.direction === "out" && e.method === method && (e.payload as { id?: unknown }).id !== undefined && "params" in (e.payload as object)).map((e) => e.payload as { id: unknown; params: Record<string, unknown> });
}

const text = (result: { content?: unknown[] }) => (result.content?.[0] as { text?: string } | undefined)?.text;

function pending(h: Harness, match: (p: PendingInput) => boolean) {
  return h.waitFor("pendingInputAdded", match);
}

describe("2026-07-28 connection (E1, E2, E4)", () => {
  it("E2: Auto probes with server/discover on the one server process and speaks 2026-07-28; E1: the era and version are shown and logged", async () => {
    const h = createHarness();
    const info = await connectModern(h);
    expect(info).toMatchObject({ state: "connected", era: "modern", protocolVersion: "2026-07-28", serverInfo: { name: "modern-fixture", version: "2.0.0" } });
    expect(info.eraProbe).toMatch(/server\/discover answered: supports 2026-07-28/);
    expect(info.instructions).toBe("A fixture for the inspector's tests.");
    const log = await logOf(h, info.sessionId);
    // The first message on the wire is the probe; initialize is never sent.
    expect(log.find((e) => e.direction === "out")?.method).toBe("server/discover");
    expect(log.some((e) => e.method === "initialize")).toBe(false);
    expect(log.some((e) => JSON.stringify(e.payload).includes("Connected as 2026-07-28"))).toBe(true);
  });

  it("E4, M1: every modern request carries the _meta envelope with the tasks extension declared", async () => {
    const h = createHarness();
    const { sessionId } = await connectModern(h);
    const result = await h.core.dispatch("callTool", { sessionId, name: "echo", arguments: { text: "hi" } });
    expect(text(result)).toBe("hi");
    expect("resultType" in result).toBe(false);
    const requests = (await logOf(h, sessionId)).filter((e) => e.direction === "out" && e.method && "id" in (e.payload as object));
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const entry of requests) {
      const meta = (entry.payload as { params: { _meta: Record<string, unknown> } }).params._meta;
      expect(meta[PROTOCOL_VERSION_KEY]).toBe("2026-07-28");
      expect(meta["io.modelcontextprotocol/clientInfo"]).toMatchObject({ name: "mcp-task-inspector" });
      expect(meta[CAPABILITIES_KEY]).toMatchObject({ extensions: { "io.modelcontextprotocol/tasks": {} }, elicitation: { form: {} }, sampling: {} });
    }
  });

  it("M1: with tasks switched off nothing is declared", async () => {
    const h = createHarness();
    const { sessionId } = await connectModern(h, [], { receiverTasks: false });
    await h.core.dispatch("callTool", { sessionId, name: "echo", arguments: { text: "x" } });
    const [call] = outgoing(await logOf(h, sessionId), "tools/call");
    // Only the tasks extension goes: Apps (AP1) have a switch of their own.
    expect((call!.params._meta as Record<string, { extensions?: Record<string, unknown> }>)[CAPABILITIES_KEY]!.extensions?.["io.modelcontextprotocol/tasks"]).toBeUndefined();
  });

  it("M2: Run as task is refused on a modern connection, with the reason", async () => {
    const h = createHarness();
    const { sessionId } = await connectModern(h);
    await expect(h.core.dispatch("callToolAsTask", { sessionId, name: "echo", arguments: { text: "x" } })).rejects.toThrow(/server decides/);
  });

  it("E5: a request from a modern server is answered with an error and flagged on the session and in the log", async () => {
    const h = createHarness();
    const { sessionId } = await connectModern(h);
    await h.core.dispatch("callTool", { sessionId, name: "violate", arguments: {} });
    const flagged = await h.waitFor("sessionChanged", (s) => s.sessionId === sessionId && (s.violations?.length ?? 0) > 0);
    expect(flagged.violations![0]).toMatch(/"elicitation\/create" request, which 2026-07-28 forbids/);
    const answered = await h.waitFor("logEntry", (e) => e.direction === "out" && e.id === "forbidden-1");
    const request = (await logOf(h, sessionId)).find((e) => e.direction === "in" && e.id === "forbidden-1");
    expect(request?.remark).toMatch(/Protocol violation/);
    const answer = answered.payload as { error?: { code: number } };
    expect(answer.error?.code).toBe(-32601);
    expect(h.core.pendingInputs.list()).toHaveLength(0);
  });
});

describe("multi round-trip requests (I1–I5)", () => {
  it("I1, I2, I3, I5: two rounds answered in the Elicitations and Sampling tabs; retries carry inputResponses and requestState byte for byte", async () => {
    const h = createHarness();
    const { sessionId } = await connectModern(h);
    const run = h.core.dispatch("callTool", { sessionId, name: "interview", arguments: {} });

    const name = await pending(h, (p) => p.kind === "elicitation" && p.modern?.via === "mrtr");
    expect(name).toMatchObject({ sessionId, modern: { via: "mrtr", key: "name", round: 1 }, params: { message: "Your name?" } });
    await h.core.dispatch("answerElicitation", { pendingInputId: name.id, action: "accept", content: { name: "Ada" } });

    const haiku = await pending(h, (p) => p.kind === "sampling");
    expect(haiku.modern).toEqual({ via: "mrtr", key: "haiku", round: 2 });
    await h.core.dispatch("approveSampling", { pendingInputId: haiku.id, result: { content: { type: "text", text: "old pond" }, model: "human" } });

    const result = await run;
    expect(text(result)).toBe("Ada / old pond");
    expect(result.inputRounds).toBe(3);

    const calls = outgoing(await logOf(h, sessionId), "tools/call");
    expect(calls).toHaveLength(3);
    // I2: a new id each round, the same params, this round's answers only.
    expect(new Set(calls.map((c) => c.id)).size).toBe(3);
    for (const c of calls) expect(c.params).toMatchObject({ name: "interview", arguments: {} });
    expect(calls[0]!.params.inputResponses).toBeUndefined();
    expect(calls[0]!.params.requestState).toBeUndefined();
    expect(calls[1]!.params.inputResponses).toEqual({ name: { action: "accept", content: { name: "Ada" } } });
    expect(calls[1]!.params.requestState).toBe(STATE_1);
    expect(Object.keys(calls[2]!.params.inputResponses as object)).toEqual(["haiku"]);
    // I5: the rounds share one exchange in the log.
    const exchanges = (await logOf(h, sessionId)).filter((e) => e.method === "tools/call").map((e) => e.exchange);
    expect(new Set(exchanges.map((x) => x?.call)).size).toBe(1);
    expect(exchanges.map((x) => x?.round)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it("I3: a round with only requestState is retried at once, without inputResponses", async () => {
    const h = createHarness();
    const { sessionId } = await connectModern(h);
    const result = await h.core.dispatch("callTool", { sessionId, name: "state-only", arguments: {} });
    expect(text(result)).toBe("state came back: true; responses: null");
    expect(h.events.some((e) => e.type === "pendingInputAdded")).toBe(false);
  });

  it("I3: the round limit stops a server that keeps asking, with a clear message", async () => {
    const h = createHarness({ settings: { maxInputRounds: 4 } });
    const { sessionId } = await connectModern(h);
    await expect(h.core.dispatch("callTool", { sessionId, name: "forever", arguments: {} })).rejects.toThrow(/stopped after 4 rounds.*round limit is 4/);
    expect(outgoing(await logOf(h, sessionId), "tools/call")).toHaveLength(4);
  });

  it("I1: roots/list is answered from the session's roots without asking", async () => {
    const h = createHarness();
    const { sessionId } = await connectModern(h);
    await h.core.dispatch("setRoots", { sessionId, roots: [{ uri: "file:///work", name: "work" }] });
    const result = await h.core.dispatch("callTool", { sessionId, name: "where", arguments: {} });
    expect(JSON.parse(text(result)!)).toEqual({ roots: [{ uri: "file:///work", name: "work" }] });
    expect(h.events.some((e) => e.type === "pendingInputAdded")).toBe(false);
  });

  it("I1: prompts/get and resources/read take rounds too", async () => {
    const h = createHarness();
    const { sessionId } = await connectModern(h);
    const prompt = h.core.dispatch("getPrompt", { sessionId, name: "greeting", arguments: {} });
    const who = await pending(h, (p) => p.modern?.key === "who");
    await h.core.dispatch("answerElicitation", { pendingInputId: who.id, action: "accept", content: { who: "Grace" } });
    expect(JSON.stringify(await prompt)).toContain("Hello Grace");
    expect(JSON.stringify(await prompt)).not.toContain("resultType");

    const read = h.core.dispatch("readResource", { sessionId, uri: "fixture://secret" });
    const ok = await pending(h, (p) => p.modern?.key === "ok");
    await h.core.dispatch("answerElicitation", { pendingInputId: ok.id, action: "decline" });
    expect(JSON.stringify(await read)).toContain("not revealed");
  });

  it("I4: ending the session withdraws a round's pending input with a note, and the call fails instead of waiting", async () => {
    const h = createHarness();
    const { sessionId } = await connectModern(h);
    const run = h.core.dispatch("callTool", { sessionId, name: "interview", arguments: {} }).catch((error: Error) => error);
    const asked = await pending(h, (p) => p.modern?.key === "name");
    await h.core.dispatch("disconnect", { sessionId });
    const gone = await h.waitFor("pendingInputWithdrawn", (w) => w.pendingInputId === asked.id);
    expect(gone.message).toMatch(/session ended/i);
    expect(await run).toBeInstanceOf(Error);
  });

  it("I2: a rejected sampling request ends the call without a retry", async () => {
    const h = createHarness();
    const { sessionId } = await connectModern(h);
    const run = h.core.dispatch("callTool", { sessionId, name: "interview", arguments: {} });
    const name = await pending(h, (p) => p.modern?.key === "name");
    await h.core.dispatch("answerElicitation", { pendingInputId: name.id, action: "decline" });
    const haiku = await pending(h, (p) => p.modern?.key === "haiku");
    await h.core.dispatch("rejectSampling", { pendingInputId: haiku.id, reason: "no" });
    await expect(run).rejects.toThrow(/not retried: you rejected the request "haiku"/);
    expect(outgoing(await logOf(h, sessionId), "tools/call")).toHaveLength(2);
  });
});

describe("modern tasks (M2–M6)", () => {
  async function startTask(h: Harness, sessionId: string, tool: string, args: Record<string, unknown> = tool === "task-hostile" ? { shape: "long" } : {}): Promise<ClientTask> {
    const result = await h.core.dispatch("callTool", { sessionId, name: tool, arguments: args });
    expect(result.startedTask).toBeDefined();
    expect(result.content).toEqual([]);
    return result.startedTask!;
  }

  function settled(h: Harness, taskId: string, check: (t: ClientTask) => boolean) {
    return h.waitFor("clientTaskChanged", (t) => t.task.taskId === taskId && check(t));
  }

  it("M2, M3, M4: a tools/call answered with a task is polled to completed, its result inline", async () => {
    const h = createHarness();
    const { sessionId } = await connectModern(h);
    const task = await startTask(h, sessionId, "task-simple");
    expect(task).toMatchObject({ era: "modern", toolName: "task-simple", task: { status: "working", ttl: 60_000, pollInterval: 50 } });
    const done = await settled(h, task.task.taskId, (t) => t.task.status === "completed");
    expect(done.result?.content).toEqual([{ type: "text", text: "simple done" }]);
    const log = await logOf(h, sessionId);
    expect(log.some((e) => e.method === "tasks/result")).toBe(false);
    const snapshot = await h.core.dispatch("getSnapshot", {});
    expect(snapshot.clientTasks.find((t) => t.task.taskId === task.task.taskId)?.task.status).toBe("completed");
  });

  it("M4: failed carries the JSON-RPC error as sent; isError is a tool error of a completed task", async () => {
    const h = createHarness();
    const { sessionId } = await connectModern(h);
    const failing = await startTask(h, sessionId, "task-fail");
    const failed = await settled(h, failing.task.taskId, (t) => t.task.status === "failed");
    expect(failed.error).toEqual({ code: -32050, message: "the work failed", data: { step: 3 } });
    const erring = await startTask(h, sessionId, "task-iserror");
    const completed = await settled(h, erring.task.taskId, (t) => t.task.status === "completed");
    expect(completed.result).toMatchObject({ isError: true, content: [{ type: "text", text: "tool said no" }] });
  });

  it("M3: pollIntervalMs and ttlMs that change mid-task are followed", async () => {
    const h = createHarness();
    const { sessionId } = await connectModern(h);
    const task = await startTask(h, sessionId, "task-intervals");
    const slower = await settled(h, task.task.taskId, (t) => t.task.pollInterval === 200);
    expect(slower.task.ttl).toBe(120_000);
    await settled(h, task.task.taskId, (t) => t.task.status === "completed");
    const polls = (await logOf(h, sessionId)).filter((e) => e.direction === "out" && e.method === "tasks/get").map((e) => Date.parse(e.time));
    // After the change, polls are 200 ms apart, not 50.
    expect(polls.at(-1)! - polls.at(-2)!).toBeGreaterThanOrEqual(190);
  });

  it("M3: a purged task (-32602) is shown as purged and polling stops; an expired one as expired", async () => {
    const h = createHarness();
    const { sessionId } = await connectModern(h);
    const purged = await startTask(h, sessionId, "task-purge");
    const seen = await settled(h, purged.task.taskId, (t) => t.gone === "purged");
    expect(seen.pollError).toMatch(/not found/);
    const expiring = await startTask(h, sessionId, "task-expire");
    await settled(h, expiring.task.taskId, (t) => t.gone === "expired");
  });

  it("M5: inputRequests become pending inputs once each though every poll repeats them; answers go back in tasks/update; roots answered without asking", async () => {
    const h = createHarness();
    const { sessionId } = await connectModern(h);
    await h.core.dispatch("setRoots", { sessionId, roots: [{ uri: "file:///r" }] });
    const task = await startTask(h, sessionId, "task-input");
    const name = await pending(h, (p) => p.modern?.via === "task" && p.modern.key === "name");
    const summary = await pending(h, (p) => p.modern?.via === "task" && p.modern.key === "summary");
    expect(name.relatedTaskId).toBe(task.task.taskId);
    // Several polls later, still one pending input per key.
    await h.until(() => h.events.filter((e) => e.type === "logEntry" && e.payload.direction === "out" && e.payload.method === "tasks/get").length >= 5, 20_000, "five polls");
    expect(h.core.pendingInputs.list().filter((p) => p.relatedTaskId === task.task.taskId)).toHaveLength(2);
    // Partial answers: one key at a time.
    await h.core.dispatch("answerElicitation", { pendingInputId: name.id, action: "accept", content: { name: "Lin" } });
    await h.core.dispatch("approveSampling", { pendingInputId: summary.id, result: { content: { type: "text", text: "short" }, model: "m" } });
    const done = await settled(h, task.task.taskId, (t) => t.task.status === "completed");
    expect(JSON.parse(text(done.result!)!)).toEqual({ roots: { roots: [{ uri: "file:///r" }] }, name: { action: "accept", content: { name: "Lin" } }, summary: { role: "assistant", content: { type: "text", text: "short" }, model: "m" } });
    const updates = outgoing(await logOf(h, sessionId), "tasks/update");
    expect(updates.map((u) => Object.keys(u.params.inputResponses as object)).flat().sort()).toEqual(["name", "roots", "summary"]);
  });

  it("M6: cancel is acknowledged, shows cancel requested, then the terminal status; a cancel that loses the race shows completed", async () => {
    const h = createHarness();
    const { sessionId } = await connectModern(h);
    const hanging = await startTask(h, sessionId, "task-hang");
    const requested = await h.core.dispatch("cancelClientTask", { sessionId, taskId: hanging.task.taskId });
    expect(requested.cancelRequested).toBe(true);
    await settled(h, hanging.task.taskId, (t) => t.task.status === "cancelled");

    const racing = await startTask(h, sessionId, "task-race");
    await h.core.dispatch("cancelClientTask", { sessionId, taskId: racing.task.taskId });
    const won = await settled(h, racing.task.taskId, (t) => t.task.status === "completed");
    expect(won.cancelRequested).toBe(true);
    expect(won.result?.content).toEqual([{ type: "text", text: "finished before the cancel" }]);
    // M6: never notifications/cancelled for a task (only for a replaced subscriptions/listen stream, M7).
    const log = await logOf(h, sessionId);
    const listenIds = new Set(log.filter((e) => e.direction === "out" && e.method === "subscriptions/listen").map((e) => e.id));
    const cancelled = log.filter((e) => e.method === "notifications/cancelled").map((e) => (e.payload as { params: { requestId: unknown } }).params.requestId);
    for (const id of cancelled) expect(listenIds.has(id as number)).toBe(true);
  });

  it("M8: refreshing the task list says there is no tasks/list on 2026-07-28", async () => {
    const h = createHarness();
    const { sessionId } = await connectModern(h);
    await expect(h.core.dispatch("refreshClientTasks", { sessionId })).rejects.toThrow(/no tasks\/list/);
  });

  it("M10: task payloads are untrusted: an unknown status is refused, a 1 MB status message is cut, 150 input requests are refused, and the watched tasks are bounded", async () => {
    const h = createHarness({ settings: { maxLiveReceiverTasks: 2 } });
    const { sessionId } = await connectModern(h);
    await expect(h.core.dispatch("callTool", { sessionId, name: "task-hostile", arguments: { shape: "bad-status" } })).rejects.toThrow(/unknown status "<script>"/);
    const long = await startTask(h, sessionId, "task-hostile");
    expect(long.task.statusMessage!.length).toBe(10_000);
    const many = await h.core.dispatch("callTool", { sessionId, name: "task-hostile", arguments: { shape: "many-inputs" } });
    const refused = await settled(h, many.startedTask!.task.taskId, (t) => t.pollError !== undefined);
    expect(refused.pollError).toBe("input_required: inputRequests has 150 entries; at most 100 are accepted");
    expect(h.core.pendingInputs.list()).toHaveLength(0);
    await expect(h.core.dispatch("callTool", { sessionId, name: "task-hang", arguments: {} })).rejects.toThrow(/already watches 2 live tasks \(the limit: "Max live tasks per session" in Settings\)/);
  });
});

describe("the subscriptions/listen stream (M7, E6)", () => {
  it("M7: a modern session's listen stream carries its live task ids; the acknowledgement is shown; a notifications/tasks is applied at once, long before the next poll", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("modern/listen-server.mjs") });
    const started = await h.core.dispatch("callTool", { sessionId, name: "later", arguments: {} });
    const taskId = started.startedTask!.task.taskId;
    expect(started.startedTask!.task.pollInterval).toBe(60_000);
    const listened = await h.waitFor("clientTaskChanged", (t) => t.task.taskId === taskId && t.listening === true);
    expect(listened.task.status).toBe("working");
    const done = await h.waitFor("clientTaskChanged", (t) => t.task.taskId === taskId && t.task.status === "completed");
    expect(done.result?.content).toEqual([{ type: "text", text: "done, told at once" }]);
    // No poll was due yet: the stream alone brought the change.
    const log = await logOf(h, sessionId);
    expect(log.filter((e) => e.direction === "out" && e.method === "tasks/get")).toHaveLength(0);
    const listens = log.filter((e) => e.direction === "out" && e.method === "subscriptions/listen").map((e) => (e.payload as { params: { notifications: Record<string, unknown> } }).params.notifications);
    expect(listens[0]).toEqual({ toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true });
    expect(listens.at(-1)).toMatchObject({ taskIds: [taskId] });
  });

  it("E6: list and read results show their cache hints (ttlMs, cacheScope) and start no timer; a resource subscription rides the listen stream, and its updates and list changes come through it", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("modern/listen-server.mjs") });
    const before = Date.now();
    const tools = await h.core.dispatch("listTools", { sessionId });
    expect(tools.cache).toMatchObject({ ttlMs: 60_000, cacheScope: "public" });
    expect(tools.cache!.receivedAt).toBeGreaterThanOrEqual(before);
    expect((await h.core.dispatch("listResources", { sessionId })).cache).toMatchObject({ ttlMs: 5_000, cacheScope: "public" });
    expect((await h.core.dispatch("listResourceTemplates", { sessionId })).cache).toMatchObject({ ttlMs: 5_000, cacheScope: "public" });
    const read = await h.core.dispatch("readResource", { sessionId, uri: "note://one" });
    expect(read).toMatchObject({ ttlMs: 0, cacheScope: "private" });

    await h.core.dispatch("subscribeResource", { sessionId, uri: "note://one" });
    await h.waitFor("logEntry", (e) => e.method === "notifications/subscriptions/acknowledged" && JSON.stringify(e.payload).includes('"resourceSubscriptions":["note://one"]'));
    const updated = h.waitFor("resourceUpdated", (e) => e.sessionId === sessionId);
    await h.core.dispatch("callTool", { sessionId, name: "touch", arguments: { uri: "note://one" } });
    expect((await updated).uri).toBe("note://one");
    const log = await logOf(h, sessionId);
    expect(log.some((e) => e.direction === "in" && e.method === "notifications/resources/list_changed")).toBe(true);
    // No resources/subscribe on 2026-07-28: the stream was asked again with the URI, and nothing re-fetched a list on its own.
    expect(log.filter((e) => e.direction === "out").map((e) => e.method)).not.toContain("resources/subscribe");
    expect(outgoing(log, "subscriptions/listen").at(-1)).toMatchObject({ params: { notifications: { resourceSubscriptions: ["note://one"] } } });
    expect(outgoing(log, "resources/list")).toHaveLength(1);

    await h.core.dispatch("unsubscribeResource", { sessionId, uri: "note://one" });
    expect(h.core.session(sessionId).state.resourceSubscriptions).toEqual([]);
    const listens = () => h.events.flatMap((e) => (e.type === "logEntry" && e.payload.direction === "out" && e.payload.method === "subscriptions/listen" ? [JSON.stringify(e.payload.payload)] : []));
    await h.until(() => !listens().at(-1)!.includes("resourceSubscriptions"));
    expect(listens().filter((l) => l.includes("note://one")).length).toBeGreaterThan(0);
  });

  it("M7: a server that takes no task ids on the stream (the SDK v2's) changes nothing else; polling carries on", async () => {
    const h = createHarness();
    const { sessionId } = await connectModern(h);
    const task = await h.core.dispatch("callTool", { sessionId, name: "task-simple", arguments: {} });
    await h.waitFor("clientTaskChanged", (t) => t.task.taskId === task.startedTask!.task.taskId && t.task.status === "completed");
  });
});
