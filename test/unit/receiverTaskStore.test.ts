// The receiver-task map on its own, with vitest fake timers behind fake ports: ttl, transitions,
// paging, expiry and limits, without a server or a clock that moves by itself.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { AWAITING_USER, ReceiverTaskStore, type ReceiverTaskLimits } from "../../main/core/receiver/receiverTaskStore.js";
import { systemPorts, type Ports, type TimerHandle } from "../../main/core/ports.js";
import type { ReceiverTask, TaskStatus } from "../../shared/types.js";

const START = Date.parse("2025-11-25T12:00:00.000Z");
const LIMITS: ReceiverTaskLimits = { maxLiveTasks: 1000, maxTtlMs: 60_000, defaultTtlMs: 10_000, pollIntervalMs: 500 };

function fakePorts(newId?: () => string): Ports {
  let n = 0;
  return {
    clock: { now: () => Date.now() },
    timers: {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle: TimerHandle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      defer: (fn) => queueMicrotask(fn),
    },
    newId: newId ?? (() => `task-${++n}`),
  };
}

function setup(limits: Partial<ReceiverTaskLimits> = {}, sessionId = "session-a", ports = fakePorts()) {
  const changed: ReceiverTask[] = [];
  const removed: { task: ReceiverTask; wasLive: boolean }[] = [];
  const store = new ReceiverTaskStore(sessionId, ports, () => ({ ...LIMITS, ...limits }), {
    changed: (task) => changed.push(task),
    removed: (task, wasLive) => removed.push({ task, wasLive }),
  });
  return { store, changed, removed };
}

function expectMcpError(fn: () => unknown, code: number, message: RegExp) {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(McpError);
  expect((caught as McpError).code).toBe(code);
  expect((caught as McpError).message).toMatch(message);
}

async function expectRejects(promise: Promise<unknown>, code: number, message: RegExp) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(McpError);
  expect((error as McpError).code).toBe(code);
  expect((error as McpError).message).toMatch(message);
}

/** Whether a promise has settled, after letting pending microtasks run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("ReceiverTaskStore", () => {
  describe("R6: ttl", () => {
    it("R6: honours a requested ttl up to the maximum, and reports the one it applies", () => {
      const { store } = setup();
      expect(store.create("elicitation/create", 1, 30_000).task.ttl).toBe(30_000);
      expect(store.create("elicitation/create", 2, 60_000).task.ttl).toBe(60_000);
      expect(store.create("elicitation/create", 3, 3_600_000).task.ttl).toBe(60_000);
      expect(store.create("elicitation/create", 4, 1.2).task.ttl).toBe(2);
    });

    it("R6: a missing ttl gets the configured default, never above the maximum", () => {
      expect(setup().store.create("sampling/createMessage", 1, undefined).task.ttl).toBe(10_000);
      expect(setup({ defaultTtlMs: 120_000 }).store.create("sampling/createMessage", 1, undefined).task.ttl).toBe(60_000);
    });

    it("R6: a request for an unlimited (null) ttl gets the maximum, reported as a number", () => {
      const { store } = setup();
      const task = store.create("elicitation/create", 1, null).task;
      expect(task.ttl).toBe(60_000);
    });

    it("R6 R8: an invalid ttl is refused with -32602 and creates nothing", () => {
      const { store, changed } = setup();
      for (const ttl of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, "1000", {}, true]) {
        expectMcpError(() => store.create("elicitation/create", 1, ttl), ErrorCode.InvalidParams, /ttl/);
      }
      expect(store.size).toBe(0);
      expect(store.liveCount).toBe(0);
      expect(changed).toEqual([]);
      expect(vi.getTimerCount()).toBe(0);
    });

    it("R6: after the ttl the task is deleted, whatever its status, and no timer is left", async () => {
      const { store, removed } = setup();
      const live = store.create("elicitation/create", 1, 1_000).task;
      const done = store.create("elicitation/create", 2, 2_000).task;
      store.finish(done.taskId, { kind: "result", result: { action: "decline" } });
      expect(vi.getTimerCount()).toBe(2);

      vi.advanceTimersByTime(999);
      expect(store.get(live.taskId)).toBeDefined();
      vi.advanceTimersByTime(1);
      expect(store.get(live.taskId)).toBeUndefined();
      expect(await store.getTask(live.taskId)).toBeNull();
      expect(store.wasExpired(live.taskId)).toBe(true);
      expect(store.liveCount).toBe(0);
      expect(removed.map((r) => [r.task.task.taskId, r.wasLive])).toEqual([[live.taskId, true]]);

      vi.advanceTimersByTime(1_000);
      expect(store.get(done.taskId)).toBeUndefined();
      expect(removed.map((r) => [r.task.task.taskId, r.wasLive])).toEqual([
        [live.taskId, true],
        [done.taskId, false],
      ]);
      expect(store.size).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
    });

    it("R6 R8: expiry releases a waiting tasks/result, which then finds the task gone; its errors say it expired", async () => {
      const { store } = setup();
      const { taskId } = store.create("elicitation/create", 1, 5_000).task;
      const waiting = store.waitForSettled(taskId);
      expect(await settled(waiting)).toBe(false);
      vi.advanceTimersByTime(5_000);
      await expect(waiting).resolves.toBeUndefined();
      expect(store.outcomeOf(taskId)).toBeUndefined();
      await expectRejects(store.getTaskResult(taskId), ErrorCode.InvalidParams, /has expired/);
      await expectRejects(store.updateTaskStatus(taskId, "cancelled"), ErrorCode.InvalidParams, /has expired/);
      await expectRejects(store.getTaskResult("never-existed"), ErrorCode.InvalidParams, /Task not found: never-existed/);
    });
  });

  describe("R3 R4 R5: creation and transitions", () => {
    it("R3: task ids come from the injected newId; the system one gives unique UUIDs", () => {
      const { store } = setup();
      expect(store.create("elicitation/create", 1, undefined).task.taskId).toBe("task-1");
      expect(store.create("elicitation/create", 2, undefined).task.taskId).toBe("task-2");

      const real = setup({}, "session-a", fakePorts(systemPorts.newId)).store;
      const ids = Array.from({ length: 500 }, (_, i) => real.create("elicitation/create", i, undefined).task.taskId);
      expect(new Set(ids).size).toBe(500);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    });

    it("R4 R5 R11: a task begins working, awaiting the user, with every field, and announces its creation", () => {
      const { store, changed } = setup();
      const view = store.create("sampling/createMessage", 7, 30_000);
      expect(view).toEqual({
        sessionId: "session-a",
        method: "sampling/createMessage",
        task: {
          taskId: "task-1",
          status: "working",
          statusMessage: AWAITING_USER,
          createdAt: "2025-11-25T12:00:00.000Z",
          lastUpdatedAt: "2025-11-25T12:00:00.000Z",
          ttl: 30_000,
          pollInterval: 500,
        },
      });
      expect(changed).toEqual([view]);
      expect(store.liveCount).toBe(1);
    });

    it("R4 R5 R11: finishing updates status and lastUpdatedAt, drops the waiting message, and records the outcome", async () => {
      const { store, changed } = setup();
      const { taskId } = store.create("elicitation/create", 1, undefined).task;
      vi.advanceTimersByTime(1_500);
      expect(store.finish(taskId, { kind: "result", result: { action: "accept", content: { name: "Ada" } } })).toBe(true);
      const task = (await store.getTask(taskId)) as NonNullable<Awaited<ReturnType<typeof store.getTask>>>;
      expect(task.status).toBe("completed");
      expect(task.lastUpdatedAt).toBe("2025-11-25T12:00:01.500Z");
      expect(task.createdAt).toBe("2025-11-25T12:00:00.000Z");
      expect(task).not.toHaveProperty("statusMessage");
      expect(changed.map((c) => c.task.status)).toEqual(["working", "completed"]);
      expect(await store.getTaskResult(taskId)).toEqual({ action: "accept", content: { name: "Ada" } });
      expect(store.liveCount).toBe(0);
    });

    it("R4: working and input_required move between each other and to any terminal state", async () => {
      const { store } = setup();
      const { taskId } = store.create("elicitation/create", 1, undefined).task;
      await store.updateTaskStatus(taskId, "input_required", "Needs the requestor");
      expect(store.get(taskId)?.task).toMatchObject({ status: "input_required", statusMessage: "Needs the requestor" });
      await store.updateTaskStatus(taskId, "working");
      expect(store.get(taskId)?.task.status).toBe("working");
      await store.updateTaskStatus(taskId, "input_required");
      expect(store.cancel(taskId, "Stop")).toBe(true);
      expect(store.get(taskId)?.task).toMatchObject({ status: "cancelled", statusMessage: "Stop" });

      const failed = store.create("sampling/createMessage", 2, undefined).task.taskId;
      await store.updateTaskStatus(failed, "input_required");
      expect(store.finish(failed, { kind: "error", error: { code: -1, message: "User rejected sampling request" } })).toBe(true);
      expect(store.get(failed)?.task.status).toBe("failed");
      await expectRejects(store.getTaskResult(failed), -1, /User rejected sampling request/);
    });

    const terminals: [TaskStatus, (store: ReceiverTaskStore, taskId: string) => void][] = [
      ["completed", (s, id) => void s.finish(id, { kind: "result", result: { action: "accept" } })],
      ["failed", (s, id) => void s.finish(id, { kind: "error", error: { code: -1, message: "no" } })],
      ["cancelled", (s, id) => void s.cancel(id, "by the requestor")],
    ];
    for (const [status, reach] of terminals) {
      it(`R4 R10: a ${status} task never changes again`, async () => {
        const { store, changed } = setup();
        const { taskId } = store.create("elicitation/create", 1, undefined).task;
        reach(store, taskId);
        vi.advanceTimersByTime(10);
        const before = store.get(taskId);
        expect(before?.task.status).toBe(status);
        const events = changed.length;

        expect(store.finish(taskId, { kind: "result", result: { action: "decline" } })).toBe(false);
        expect(store.finish(taskId, { kind: "error", error: { code: -1, message: "late" } })).toBe(false);
        expect(store.cancel(taskId, "late")).toBe(false);
        for (const next of ["working", "input_required", "completed", "failed", "cancelled"] as const) {
          await expectRejects(store.updateTaskStatus(taskId, next), ErrorCode.InvalidParams, new RegExp(status));
        }
        await expectRejects(store.storeTaskResult(taskId, "completed", { action: "accept" }), ErrorCode.InvalidParams, new RegExp(`already ${status}`));
        expect(store.get(taskId)).toEqual(before);
        expect(changed.length).toBe(events);
      });
    }

    it("R10: a cancelled task's result is a -32602 error that says it was cancelled, and waiters are released at once", async () => {
      const { store } = setup();
      const { taskId } = store.create("elicitation/create", 1, undefined).task;
      const waiting = store.waitForSettled(taskId);
      expect(await settled(waiting)).toBe(false);
      store.cancel(taskId, "Cancelled by the server");
      expect(await settled(waiting)).toBe(true);
      await expectRejects(store.getTaskResult(taskId), ErrorCode.InvalidParams, /was cancelled: Cancelled by the server/);
      // Already terminal: no wait at all.
      expect(await settled(store.waitForSettled(taskId))).toBe(true);
    });

    it("R7: a waiter is released the moment the task finishes, without any timer firing", async () => {
      const { store } = setup();
      const { taskId } = store.create("elicitation/create", 1, undefined).task;
      const waiting = store.waitForSettled(taskId);
      const timersBefore = vi.getTimerCount();
      store.finish(taskId, { kind: "result", result: { action: "accept" } });
      expect(await settled(waiting)).toBe(true);
      expect(vi.getTimerCount()).toBe(timersBefore);
    });

    it("R7: an aborted tasks/result stops waiting, and the waiter is not kept", async () => {
      const { store } = setup();
      const { taskId } = store.create("elicitation/create", 1, undefined).task;
      const controller = new AbortController();
      const waiting = store.waitForSettled(taskId, controller.signal);
      controller.abort();
      await expect(waiting).rejects.toThrow(/cancelled/);
      // Finishing later must not touch the aborted waiter (it would resolve a settled promise).
      expect(store.finish(taskId, { kind: "result", result: { action: "accept" } })).toBe(true);
    });

    it("the SDK's createTask maps the request method and uses the request's ttl", async () => {
      const { store } = setup();
      const sampling = await store.createTask({ ttl: 2_000 }, 5, { method: "sampling/createMessage", params: {} });
      const elicitation = await store.createTask({}, 6, { method: "elicitation/create", params: {} });
      expect(store.get(sampling.taskId)?.method).toBe("sampling/createMessage");
      expect(sampling.ttl).toBe(2_000);
      expect(store.get(elicitation.taskId)?.method).toBe("elicitation/create");
      expect(elicitation.ttl).toBe(10_000);
    });
  });

  describe("R9 R8: tasks/list paging", () => {
    it("R9: pages of 100 with an opaque nextCursor whenever more exist, reaching every task once", async () => {
      const { store } = setup();
      const ids = Array.from({ length: 250 }, (_, i) => store.create("elicitation/create", i, undefined).task.taskId);
      const first = await store.listTasks();
      expect(first.tasks.length).toBe(100);
      expect(first.nextCursor).toEqual(expect.any(String));
      expect(first.nextCursor).not.toContain("100");
      const second = await store.listTasks(first.nextCursor);
      expect(second.tasks.length).toBe(100);
      const third = await store.listTasks(second.nextCursor);
      expect(third.tasks.length).toBe(50);
      expect(third).not.toHaveProperty("nextCursor");
      expect([...first.tasks, ...second.tasks, ...third.tasks].map((t) => t.taskId)).toEqual(ids);
    });

    it("R9: no nextCursor when the last page is exactly full, and one when a single task is left", async () => {
      const { store } = setup();
      for (let i = 0; i < 100; i++) store.create("elicitation/create", i, undefined);
      expect(await store.listTasks()).not.toHaveProperty("nextCursor");
      store.create("elicitation/create", 100, undefined);
      const page = await store.listTasks();
      expect((await store.listTasks(page.nextCursor)).tasks.map((t) => t.taskId)).toEqual(["task-101"]);
    });

    it("R9: an empty map lists no tasks and no cursor", async () => {
      expect(await setup().store.listTasks()).toEqual({ tasks: [] });
    });

    it("R9: a cursor stays valid while tasks before and after it are deleted, and deleted tasks are skipped", async () => {
      const { store } = setup();
      const short = Array.from({ length: 150 }, (_, i) => store.create("elicitation/create", i, 1_000).task.taskId);
      const long = Array.from({ length: 150 }, (_, i) => store.create("elicitation/create", 150 + i, 60_000).task.taskId);
      const first = await store.listTasks();
      expect(first.tasks.map((t) => t.taskId)).toEqual(short.slice(0, 100));
      vi.advanceTimersByTime(1_000);
      const rest: string[] = [];
      let cursor = first.nextCursor;
      while (cursor) {
        const page = await store.listTasks(cursor);
        rest.push(...page.tasks.map((t) => t.taskId));
        cursor = page.nextCursor;
      }
      expect(rest).toEqual(long);
      // After compaction the whole map is still reachable from the start.
      const fresh = await store.listTasks();
      expect(fresh.tasks.map((t) => t.taskId)).toEqual(long.slice(0, 100));
      expect((await store.listTasks(fresh.nextCursor)).tasks.map((t) => t.taskId)).toEqual(long.slice(100));
    });

    it("R8 R9: made-up, truncated and out-of-range cursors are -32602", async () => {
      const { store } = setup();
      for (let i = 0; i < 150; i++) store.create("elicitation/create", i, undefined);
      const { nextCursor } = await store.listTasks();
      const good = nextCursor as string;
      const [prefix, position, tag] = good.split(".") as [string, string, string];
      const elsewhere = Buffer.from("120").toString("base64url");
      const forged = [
        `${prefix}.${elsewhere}.${tag}`, // another position under this cursor's signature
        `${prefix}.${position}.${"A".repeat(tag.length)}`,
        `${prefix}.${Buffer.from("-1").toString("base64url")}.${tag}`,
      ];
      for (const cursor of ["", "garbage", "rt1.", good.slice(0, -2), good + "x", `${prefix}.${position}`, ...forged]) {
        await expectRejects(store.listTasks(cursor), ErrorCode.InvalidParams, /Invalid cursor/);
      }
      expect((await store.listTasks(good)).tasks.length).toBe(50);
    });

    it("S1 R8: a cursor from another session is -32602", async () => {
      const a = setup({}, "session-a").store;
      const b = setup({}, "session-b").store;
      for (let i = 0; i < 150; i++) {
        a.create("elicitation/create", i, undefined);
        b.create("elicitation/create", i, undefined);
      }
      const fromA = (await a.listTasks()).nextCursor as string;
      await expectRejects(b.listTasks(fromA), ErrorCode.InvalidParams, /Invalid cursor/);
      expect((await a.listTasks(fromA)).tasks.length).toBe(50);
    });
  });

  describe("S1 S2: session end and limits", () => {
    it("S1: closeAll cancels live tasks with the reason, drops every record, releases waiters and leaves no timer", async () => {
      const { store, changed, removed } = setup();
      const live = store.create("elicitation/create", 1, undefined).task.taskId;
      const done = store.create("elicitation/create", 2, undefined).task.taskId;
      store.finish(done, { kind: "result", result: { action: "decline" } });
      const waiting = store.waitForSettled(live);
      store.closeAll("Session ended: the server exited");

      expect(await settled(waiting)).toBe(true);
      const cancelled = changed.filter((c) => c.task.status === "cancelled");
      expect(cancelled.map((c) => [c.task.taskId, c.task.statusMessage])).toEqual([[live, "Session ended: the server exited"]]);
      expect(removed.map((r) => r.task.task.taskId).sort()).toEqual([done, live].sort());
      expect(store.size).toBe(0);
      expect(store.liveCount).toBe(0);
      expect(store.wasExpired(live)).toBe(false);
      expect(vi.getTimerCount()).toBe(0);
      expect(await store.listTasks()).toEqual({ tasks: [] });
    });

    it("S2: beyond the live-task limit creation is refused with a clear -32600 error; finished tasks free a slot", () => {
      const { store, changed } = setup({ maxLiveTasks: 3 });
      const ids = [1, 2, 3].map((i) => store.create("elicitation/create", i, undefined).task.taskId);
      expectMcpError(() => store.create("elicitation/create", 4, undefined), ErrorCode.InvalidRequest, /Too many live tasks.*at most 3/);
      expect(store.size).toBe(3);
      expect(changed.length).toBe(3);
      expect(vi.getTimerCount()).toBe(3);

      store.finish(ids[0] as string, { kind: "result", result: { action: "cancel" } });
      expect(store.create("elicitation/create", 5, undefined).task.status).toBe("working");
      store.cancel(ids[1] as string, "no");
      expect(store.create("elicitation/create", 6, undefined).task.status).toBe("working");
      expectMcpError(() => store.create("elicitation/create", 7, undefined), ErrorCode.InvalidRequest, /Too many live tasks/);
      // Expiry frees a slot too.
      vi.advanceTimersByTime(10_000);
      expect(store.liveCount).toBe(0);
      expect(store.create("elicitation/create", 8, undefined).task.status).toBe("working");
    });

    it("S2: the limits are read on every creation, so a settings change applies to the next request", () => {
      let limits = { ...LIMITS, maxLiveTasks: 1 };
      const store = new ReceiverTaskStore("s", fakePorts(), () => limits, { changed: () => {}, removed: () => {} });
      store.create("elicitation/create", 1, undefined);
      expectMcpError(() => store.create("elicitation/create", 2, undefined), ErrorCode.InvalidRequest, /at most 1/);
      limits = { ...LIMITS, maxLiveTasks: 2, maxTtlMs: 5_000 };
      expect(store.create("elicitation/create", 3, 60_000).task.ttl).toBe(5_000);
    });
  });
});

describe("how a receiver task ended (issue 13)", () => {
  it("R12: an answer sets the ending where it happens: accept, decline, cancel by action; a result without one is answered; an error is rejected", () => {
    const { store } = setup();
    const answers = [
      { kind: "result", result: { action: "accept", content: { name: "Ada" } } },
      { kind: "result", result: { action: "decline" } },
      { kind: "result", result: { action: "cancel" } },
      { kind: "result", result: { role: "assistant", content: { type: "text", text: "hi" }, model: "m" } },
      { kind: "error", error: { code: -1, message: "User rejected sampling request" } },
    ] as const;
    const endings = answers.map((outcome, i) => {
      const { taskId } = store.create("elicitation/create", i, undefined).task;
      store.finish(taskId, outcome);
      return [store.get(taskId)?.ending, store.get(taskId)?.task.status];
    });
    expect(endings).toEqual([
      ["accepted", "completed"],
      ["declined", "completed"],
      ["cancelled", "completed"],
      ["answered", "completed"],
      ["rejected", "failed"],
    ]);
  });

  it("R10 S1: a cancel says who cancelled (the user, the server, the session's end); a later answer changes nothing", () => {
    const { store, removed } = setup();
    const byUser = store.create("elicitation/create", 1, undefined).task.taskId;
    const byServer = store.create("elicitation/create", 2, undefined).task.taskId;
    const bySession = store.create("elicitation/create", 3, undefined).task.taskId;
    store.cancel(byUser, "Cancelled by the user", "cancelledByUser");
    store.cancel(byServer, "Cancelled by the server (tasks/cancel)", "cancelledByServer");
    expect(store.finish(byUser, { kind: "result", result: { action: "accept" } })).toBe(false);
    expect([store.get(byUser)?.ending, store.get(byServer)?.ending]).toEqual(["cancelledByUser", "cancelledByServer"]);
    store.closeAll("Session ended: bye");
    expect(removed.map((r) => [r.task.task.taskId, r.task.ending, r.task.task.status])).toEqual([
      [byUser, "cancelledByUser", "cancelled"],
      [byServer, "cancelledByServer", "cancelled"],
      [bySession, "sessionEnded", "cancelled"],
    ]);
  });

  it("R6: deletion hands over the task with when it was deleted; unanswered, it expired; answered, it keeps its ending", () => {
    const { store, removed } = setup();
    const live = store.create("elicitation/create", 1, 1_000).task.taskId;
    const done = store.create("elicitation/create", 2, 1_000).task.taskId;
    store.finish(done, { kind: "result", result: { action: "decline" } });
    vi.advanceTimersByTime(1_000);
    const deletedAt = new Date(START + 1_000).toISOString();
    expect(removed.map((r) => [r.task.task.taskId, r.task.ending, r.task.deletedAt])).toEqual([
      [live, "expired", deletedAt],
      [done, "declined", deletedAt],
    ]);
  });
});
