// Task abuse by a hostile server over real stdio: unusable ttls, a flood of task-augmented requests,
// task ids and cursors that are missing, empty, huge or foreign, related-task _meta naming nothing, and
// request ids sent twice. Each gets a precise JSON-RPC error or is ignored as the spec says; nothing the
// user was asked is lost.
import { describe, expect, it } from "vitest";
import { RELATED_TASK_META_KEY } from "@modelcontextprotocol/sdk/types.js";
import { DEFAULT_SETTINGS } from "../../shared/types.js";
import { createHarness } from "../helpers/harness.js";
import { connectHostile, elicitParams, eventCounter, type WireTask } from "./hostile.js";

const MB = 1024 * 1024;
const taskOf = (response: { result?: Record<string, unknown> }) => response.result?.task as WireTask;

describe("task abuse", () => {
  it("S2 R6: params.task.ttl negative, zero, a string, Infinity, 1e15: refused with -32602 or clamped, and reported", async () => {
    const h = createHarness();
    const s = await connectHostile(h);
    const refused: [unknown, RegExp][] = [
      [-5, /^Invalid task ttl -5: ttl must be a positive number of milliseconds$/],
      [0, /^Invalid task ttl 0: ttl must be a positive number of milliseconds$/],
      ["60000", /^Invalid params for elicitation\/create: params\.task\.ttl: Invalid input: expected number, received string$/],
      [{ ms: 5 }, /^Invalid params for elicitation\/create: params\.task\.ttl: /],
    ];
    for (const [ttl, message] of refused) {
      const response = await s.request("elicitation/create", elicitParams({ task: { ttl } }));
      expect(response.error?.code, JSON.stringify(ttl)).toBe(-32602);
      expect(response.error?.message).toMatch(message);
    }
    // 1e400 is valid JSON that parses to Infinity.
    const infinite = await s.requestLine(`{"jsonrpc":"2.0","id":"inf","method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{}},"task":{"ttl":1e400}}}`, "inf");
    expect(infinite.error?.code).toBe(-32602);
    expect(infinite.error?.message).toMatch(/params\.task\.ttl/);

    // Nothing was created for any of them.
    let snapshot = await h.core.dispatch("getSnapshot", {});
    expect(snapshot.pendingInputs).toEqual([]);
    expect(snapshot.receiverTasks).toEqual([]);

    const huge = taskOf(await s.request("elicitation/create", elicitParams({ task: { ttl: 1e15 } })));
    expect(huge).toMatchObject({ status: "working", ttl: DEFAULT_SETTINGS.maxReceiverTaskTtlMs });
    const fetched = await s.request("tasks/get", { taskId: huge.taskId });
    expect(fetched.result).toMatchObject({ taskId: huge.taskId, ttl: DEFAULT_SETTINGS.maxReceiverTaskTtlMs });
    snapshot = await h.core.dispatch("getSnapshot", {});
    expect(snapshot.pendingInputs.map((p) => p.receiverTaskId)).toEqual([huge.taskId]);
  });

  it("S2: 10,000 task-augmented elicitations at once: the live-task limit refuses the excess clearly; every accepted one stays answerable", async () => {
    const h = createHarness();
    const counter = eventCounter(h);
    const s = await connectHostile(h);
    const limit = DEFAULT_SETTINGS.maxLiveReceiverTasks;
    const { accepted, errors } = await s.call<{ accepted: { id: string; taskId: string; status: string }[]; errors: Record<string, number> }>("flood", {
      count: 10_000,
      method: "elicitation/create",
      params: elicitParams({ task: { ttl: 600_000 } }),
    });
    expect(accepted).toHaveLength(limit);
    expect(accepted.every((a) => a.status === "working")).toBe(true);
    expect(new Set(accepted.map((a) => a.taskId)).size).toBe(limit);
    expect(errors).toEqual({
      [`-32600 Too many live tasks: this client holds at most ${limit} unfinished receiver tasks per session; wait for some to finish or cancel them`]: 10_000 - limit,
    });
    // The first `limit` requests in wire order are the accepted ones.
    expect(accepted.map((a) => a.id)).toEqual(Array.from({ length: limit }, (_, i) => `flood-${i}`));

    // Nothing lost: one pending input per accepted task, none for a refused request.
    await counter.atLeast("pendingInputAdded", limit);
    const inputs = (await h.core.dispatch("getSnapshot", {})).pendingInputs;
    expect(inputs).toHaveLength(limit);
    const inputFor = new Map(inputs.map((p) => [p.receiverTaskId, p.id]));
    expect(accepted.every((a) => inputFor.has(a.taskId))).toBe(true);

    // Any of them can be answered, and the server gets the answer through tasks/result (R7).
    const picked = [accepted[0], accepted[limit >> 1], accepted[limit - 1]].map((a) => a!.taskId);
    for (const [i, taskId] of picked.entries()) {
      await h.core.dispatch("answerElicitation", { pendingInputId: inputFor.get(taskId)!, action: "accept", content: { name: `user ${i}` } });
      const result = await s.request("tasks/result", { taskId });
      expect(result.result).toMatchObject({ action: "accept", content: { name: `user ${i}` }, _meta: { [RELATED_TASK_META_KEY]: { taskId } } });
    }
    // The server may cancel one (R10); its input is withdrawn, not lost silently.
    const cancelled = accepted[7]!.taskId;
    expect((await s.request("tasks/cancel", { taskId: cancelled })).result).toMatchObject({ taskId: cancelled, status: "cancelled" });
    expect(h.events.some((e) => e.type === "pendingInputWithdrawn" && e.payload.pendingInputId === inputFor.get(cancelled) && e.payload.reason === "taskCancelled")).toBe(true);

    // Four finished, so four more are accepted, and the fifth is refused again.
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await s.request("elicitation/create", elicitParams({ task: { ttl: 60_000 } })));
    expect(outcomes.map((r) => (r.result?.task ? "accepted" : r.error?.code))).toEqual(["accepted", "accepted", "accepted", "accepted", -32600]);
    expect((await h.core.dispatch("getSnapshot", {})).pendingInputs).toHaveLength(limit);
    expect(h.core.session(s.sessionId).state.state).toBe("connected");
  }, 120_000);

  it("R8 S1: tasks/get, tasks/result and tasks/cancel with ids that are missing, empty, 1 MB long, of the wrong type or of another session", async () => {
    const h = createHarness();
    const a = await connectHostile(h);
    const b = await connectHostile(h);
    const mine = taskOf(await a.request("elicitation/create", elicitParams({ task: { ttl: 60_000 } })));
    const huge = "t".repeat(MB);

    for (const method of ["tasks/get", "tasks/result", "tasks/cancel"]) {
      const missing = await b.request(method, {});
      expect(missing.error).toMatchObject({ code: -32602, message: expect.stringMatching(new RegExp(`Invalid params for ${method}: params\\.taskId: `)) });
      for (const wrong of [5, null, { id: "x" }, ["x"]]) {
        expect((await b.request(method, { taskId: wrong })).error?.code, `${method} ${JSON.stringify(wrong)}`).toBe(-32602);
      }
      expect((await b.request(method, { taskId: "" })).error).toEqual({ code: -32602, message: "Task not found: " });
      // A 1 MB id is refused without echoing it back whole.
      const big = await b.request(method, { taskId: huge });
      expect(big.error?.code).toBe(-32602);
      expect(big.error?.message).toBe(`Task not found: ${"t".repeat(200)}… (${MB} characters)`);
      // S1: another session's task does not exist here.
      expect((await b.request(method, { taskId: mine.taskId })).error).toEqual({ code: -32602, message: `Task not found: ${mine.taskId}` });
    }
    // Session a's task is untouched by all of that.
    expect((await a.request("tasks/get", { taskId: mine.taskId })).result).toMatchObject({ taskId: mine.taskId, status: "working" });
    const inputs = (await h.core.dispatch("getSnapshot", {})).pendingInputs;
    expect(inputs.map((p) => [p.sessionId, p.receiverTaskId])).toEqual([[a.sessionId, mine.taskId]]);
    // The 1 MB requests are kept in the log as cuts, not whole (issue 19: with their size and what was kept).
    const logged = (await b.log()).filter((e) => e.direction === "in" && e.cut !== undefined);
    expect(logged).toHaveLength(3);
    for (const e of logged) expect(e.cut!.kept).toBeLessThan(e.cut!.bytes);
  });

  it("R8 R9 S1: invalid cursors in tasks/list are refused with -32602; a real cursor still pages", async () => {
    const h = createHarness();
    const a = await connectHostile(h);
    const b = await connectHostile(h);
    await a.call("flood", { count: 150, method: "elicitation/create", params: elicitParams({ task: { ttl: 60_000 } }) });
    await b.call("flood", { count: 150, method: "elicitation/create", params: elicitParams({ task: { ttl: 60_000 } }) });
    const firstPage = (await a.request("tasks/list", {})).result as { tasks: WireTask[]; nextCursor: string };
    expect(firstPage.tasks).toHaveLength(100);
    const foreign = ((await b.request("tasks/list", {})).result as { nextCursor: string }).nextCursor;

    const bad = ["garbage", "", "rt1.MTAw.AAAAAAAAAAAAAAAAAAAAAA", `${firstPage.nextCursor}x`, "c".repeat(MB), foreign];
    for (const cursor of bad) {
      const response = await a.request("tasks/list", { cursor });
      expect(response.error?.code, cursor.slice(0, 40)).toBe(-32602);
      expect(response.error?.message).toMatch(/^Invalid cursor: ".{0,100}"$/);
    }
    for (const cursor of [5, null, { page: 2 }]) {
      expect((await a.request("tasks/list", { cursor })).error).toMatchObject({ code: -32602, message: expect.stringMatching(/Invalid params for tasks\/list: params\.cursor: /) });
    }
    const secondPage = (await a.request("tasks/list", { cursor: firstPage.nextCursor })).result as { tasks: WireTask[]; nextCursor?: string };
    expect(secondPage.tasks).toHaveLength(50);
    expect(secondPage.nextCursor).toBeUndefined();
  });

  it("Q3 R13: related-task _meta naming an unknown task: the request is still shown and answerable, linked to nothing; on tasks/get it is ignored", async () => {
    const h = createHarness();
    const s = await connectHostile(h);
    const related = (taskId: unknown) => ({ _meta: { [RELATED_TASK_META_KEY]: { taskId } } });

    const { id: plainId } = await s.call<{ id: string }>("send", { method: "elicitation/create", params: elicitParams(related("no-such-task")) });
    const plain = await h.waitFor("pendingInputAdded", (p) => p.sessionId === s.sessionId && p.receiverTaskId === undefined);
    expect(plain.relatedTaskId).toBe("no-such-task");
    const withTask = taskOf(await s.request("elicitation/create", elicitParams({ ...related("also-unknown"), task: { ttl: 60_000 } })));
    const taskInput = await h.waitFor("pendingInputAdded", (p) => p.receiverTaskId === withTask.taskId);
    expect(taskInput.relatedTaskId).toBe("also-unknown");
    // A related-task _meta whose taskId is not a string breaks the JSON-RPC envelope's own schema: -32600, nothing shown.
    for (const odd of [5, { nested: "x" }, null]) {
      const refused = await s.request("elicitation/create", elicitParams(related(odd)));
      expect(refused.error?.code, JSON.stringify(odd)).toBe(-32600);
      expect(refused.error?.message).toMatch(/^Invalid Request: params\._meta\.io\.modelcontextprotocol\/related-task\.taskId: /);
    }
    // Hundreds more naming an unknown task: one pending input each, all shown.
    await s.call("flood", { count: 500, method: "elicitation/create", params: elicitParams({ ...related("unknown-flood"), task: { ttl: 60_000 } }) });
    await s.ping();

    const snapshot = await h.core.dispatch("getSnapshot", {});
    expect(snapshot.clientTasks).toEqual([]);
    expect(snapshot.pendingInputs).toHaveLength(2 + 500);
    expect(snapshot.pendingInputs.filter((p) => p.relatedTaskId === "unknown-flood")).toHaveLength(500);

    await h.core.dispatch("answerElicitation", { pendingInputId: plain.id, action: "accept", content: { name: "Ada" } });
    await h.core.dispatch("answerElicitation", { pendingInputId: taskInput.id, action: "decline" });
    await s.ping();
    const { responses } = await s.call<{ responses: Record<string, { result?: unknown }> }>("responses", { ids: [plainId] });
    expect(responses[plainId]?.result).toEqual({ action: "accept", content: { name: "Ada" } });
    expect((await s.request("tasks/result", { taskId: withTask.taskId })).result).toMatchObject({ action: "decline" });

    // R13: on tasks/get the taskId param is the truth; a related-task _meta naming something else is ignored.
    const got = await s.request("tasks/get", { taskId: withTask.taskId, ...related("bogus") });
    expect(got.result).toMatchObject({ taskId: withTask.taskId, status: "completed" });
    expect((got.result as { _meta?: unknown })._meta).toBeUndefined();
  }, 180_000);

  it("S3: the same request id sent twice is processed once: one pending input, one task, one answer; also for a 1 MB id", async () => {
    const h = createHarness();
    const s = await connectHostile(h);

    await s.call("send", { method: "elicitation/create", params: elicitParams(), id: "twice", times: 2 });
    const plain = await h.waitFor("pendingInputAdded", (p) => p.sessionId === s.sessionId);
    const created = await s.request("elicitation/create", elicitParams({ task: { ttl: 60_000 } }), { id: "task-twice", times: 2 });
    const hugeId = "i".repeat(MB);
    await s.call("send", { method: "elicitation/create", params: elicitParams({ message: "huge id" }), id: hugeId, times: 2 });
    // The same id again later, with another method: still a duplicate.
    await s.call("send", { method: "ping", id: "twice" });
    await s.ping();

    const inputs = (await h.core.dispatch("getSnapshot", {})).pendingInputs;
    expect(inputs.map((p) => p.params.message)).toEqual(["What is your name?", "What is your name?", "huge id"]);
    expect((await h.core.dispatch("getSnapshot", {})).receiverTasks.map((t) => t.task.taskId)).toEqual([taskOf(created).taskId]);

    for (const input of inputs) await h.core.dispatch("answerElicitation", { pendingInputId: input.id, action: "cancel" });
    await s.ping();
    for (const id of ["twice", "task-twice", hugeId]) {
      expect((await s.call<{ count: number }>("response-count", { id })).count, id.slice(0, 20)).toBe(1);
    }
    const ignored = (await s.log()).filter((e) => String((e.payload as { note?: string }).note).startsWith("Ignored: request id"));
    expect(ignored).toHaveLength(4);
    expect(ignored.every((e) => (e.payload as { note: string }).note.length < 300)).toBe(true);
    expect(plain.params.message).toBe("What is your name?");
  });
});
