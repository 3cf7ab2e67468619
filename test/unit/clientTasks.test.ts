// ClientTasks (the requestor side) with hand-driven timers: a real SDK Client and Server linked by the
// SDK's in-memory transport, and a Timers port the test fires itself, so every poll is observed exactly
// when and at what delay it is scheduled. Nothing here sleeps.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  GetTaskPayloadRequestSchema,
  GetTaskRequestSchema,
  ListTasksRequestSchema,
  TaskStatusNotificationSchema,
  type CallToolResult,
  type Task,
} from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { ClientTasks } from "../../main/core/client/clientTasks.js";
import type { TimerHandle, Timers } from "../../main/core/ports.js";
import type { ClientTask } from "../../shared/types.js";

interface Pending extends TimerHandle {
  fn: () => void;
  ms: number;
}

/** A Timers port whose timers run only when the test fires them. */
class HandTimers implements Timers {
  readonly pending = new Set<Pending>();
  constructor(private readonly poke: () => void) {}
  setTimeout(fn: () => void, ms: number): TimerHandle {
    const timer: Pending = { fn, ms };
    this.pending.add(timer);
    this.poke();
    return timer;
  }
  clearTimeout(handle: TimerHandle): void {
    this.pending.delete(handle as Pending);
  }
  defer(fn: () => void): void {
    setImmediate(fn);
  }
  only(): Pending {
    expect(this.pending.size).toBe(1);
    return [...this.pending][0] as Pending;
  }
  fire(timer: Pending): void {
    expect(this.pending.has(timer)).toBe(true);
    this.pending.delete(timer);
    timer.fn();
  }
}

function rpcError(code: number, message: string, data?: unknown): Error {
  return Object.assign(new Error(message), { code, ...(data !== undefined ? { data } : {}) });
}

let clock = Date.parse("2026-01-01T00:00:00.000Z");
function stamp(): string {
  clock += 1000;
  return new Date(clock).toISOString();
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A real SDK Client linked to `server` in memory, both closed after the test. */
async function linkedClient(server: Server): Promise<Client> {
  const client = new Client({ name: "unit-client", version: "1.0.0" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([client.connect(clientSide), server.connect(serverSide)]);
  closers.push(async () => {
    await client.close();
    await server.close();
  });
  return client;
}

/** The server's side of one task, which each test moves by hand. */
async function setup() {
  const watchers = new Set<() => void>();
  const poke = () => {
    for (const w of [...watchers]) w();
  };
  const until = <T>(check: () => T | undefined | false | null, what: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const first = check();
      if (first) return resolve(first);
      const timer = setTimeout(() => {
        watchers.delete(watcher);
        reject(new Error(`Timed out waiting for ${what}`));
      }, 2000);
      const watcher = () => {
        const value = check();
        if (!value) return;
        clearTimeout(timer);
        watchers.delete(watcher);
        resolve(value);
      };
      watchers.add(watcher);
    });

  const created = stamp();
  let task: Task = { taskId: "task-1", status: "working", createdAt: created, lastUpdatedAt: created, ttl: 60_000, pollInterval: 250 };
  const seen = { gets: 0, results: 0, lists: [] as (string | undefined)[] };
  let getFailure: Error | undefined;
  let releaseResult: ((outcome: { result: CallToolResult } | { error: Error }) => void) | undefined;
  let listPage: (cursor: string | undefined) => { tasks: Task[]; nextCursor?: string } = () => ({ tasks: [task] });

  const server = new Server(
    { name: "unit-server", version: "1.0.0" },
    { capabilities: { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } } },
  );
  server.setRequestHandler(CallToolRequestSchema, async () => ({ task: { ...task } }));
  server.setRequestHandler(GetTaskRequestSchema, async () => {
    seen.gets++;
    poke();
    if (getFailure) throw getFailure;
    return { ...task };
  });
  server.setRequestHandler(GetTaskPayloadRequestSchema, async () => {
    seen.results++;
    const outcome = await new Promise<{ result: CallToolResult } | { error: Error }>((resolve) => {
      releaseResult = resolve;
      poke();
    });
    if ("error" in outcome) throw outcome.error;
    return outcome.result;
  });
  server.setRequestHandler(ListTasksRequestSchema, async (request) => {
    seen.lists.push(request.params?.cursor);
    return listPage(request.params?.cursor);
  });

  const client = await linkedClient(server);

  const timers = new HandTimers(poke);
  const changes: ClientTask[] = [];
  const tasks = new ClientTasks(client, {
    sessionId: "session-1",
    ports: { clock: { now: () => clock }, timers, newId: () => "id" },
    requestTimeoutMs: () => 5000,
    changed: (view) => {
      changes.push(view);
      poke();
    },
  });
  client.setNotificationHandler(TaskStatusNotificationSchema, (n) => tasks.onStatusNotification(n.params));

  return {
    tasks,
    timers,
    seen,
    changes,
    until,
    view: () => tasks.get("task-1") as ClientTask,
    /** Moves the server's task on; the client learns of it only by asking (or by a notification). */
    move(patch: Partial<Task>) {
      task = { ...task, ...patch, lastUpdatedAt: stamp() };
      return task;
    },
    notify: () => server.notification({ method: "notifications/tasks/status", params: { ...task } }),
    failGets(error: Error | undefined) {
      getFailure = error;
    },
    answerResult: async (outcome: { result: CallToolResult } | { error: Error }) => {
      await until(() => releaseResult, "tasks/result to be asked");
      const release = releaseResult as NonNullable<typeof releaseResult>;
      releaseResult = undefined;
      release(outcome);
    },
    resultAsked: () => releaseResult !== undefined,
    setList(fn: typeof listPage) {
      listPage = fn;
    },
  };
}

describe("ClientTasks polling (Q2)", () => {
  it("Q2: each tasks/get waits the pollInterval of the latest task object: default 1000 ms when absent, never under 50 ms", async () => {
    const env = await setup();
    const view = await env.tasks.start("long", {});
    expect(view.task.status).toBe("working");
    expect(env.seen.gets).toBe(0);
    expect(env.timers.only().ms).toBe(250);

    for (const [suggested, expected] of [
      [700, 700],
      [undefined, 1000],
      [5, 50],
      [250, 250],
    ] as const) {
      env.move({ pollInterval: suggested });
      const gets = env.seen.gets;
      env.timers.fire(env.timers.only());
      await env.until(() => env.seen.gets === gets + 1 && env.timers.pending.size === 1, "the next poll to be scheduled");
      expect(env.timers.only().ms).toBe(expected);
    }
    expect(env.seen.results).toBe(0);
  });

  it("Q2 Q4: a terminal status ends polling: no timer is left and tasks/result is asked exactly once", async () => {
    const env = await setup();
    await env.tasks.start("long", {});
    env.move({ status: "completed" });
    env.timers.fire(env.timers.only());
    await env.answerResult({ result: { content: [{ type: "text", text: "finished" }] } });
    const done = await env.until(() => env.view().result, "the result");
    expect(done.content).toEqual([{ type: "text", text: "finished" }]);
    expect(env.view().task.status).toBe("completed");
    expect(env.timers.pending.size).toBe(0);
    expect(env.seen).toMatchObject({ gets: 1, results: 1 });
  });

  it("Q2 Q3: status notifications refresh the view at once, and input_required asks tasks/result at once, while the poll keeps its own schedule", async () => {
    const env = await setup();
    env.move({ pollInterval: 5000 });
    await env.tasks.start("long", {});
    const poll = env.timers.only();
    expect(poll.ms).toBe(5000);

    env.move({ statusMessage: "halfway" });
    await env.notify();
    await env.until(() => env.view().task.statusMessage === "halfway", "the notified status");
    expect(env.timers.only()).toBe(poll);

    env.move({ status: "input_required", statusMessage: "need a hand" });
    await env.notify();
    await env.until(() => env.resultAsked(), "tasks/result");
    expect(env.view().task.status).toBe("input_required");
    // Neither notification replaced or hurried the poll: it is still the one timer, not yet fired.
    expect(env.timers.only()).toBe(poll);
    expect(env.seen.gets).toBe(0);

    // The poll still runs when due, and does not ask tasks/result a second time.
    env.timers.fire(poll);
    await env.until(() => env.seen.gets === 1 && env.timers.pending.size === 1, "the next poll");
    expect(env.seen.results).toBe(1);
  });

  it("Q3: input_required seen by a poll asks tasks/result before the next poll is due; an early result triggers a poll at once", async () => {
    const env = await setup();
    await env.tasks.start("long", {});
    env.move({ status: "input_required" });
    env.timers.fire(env.timers.only());
    await env.until(() => env.resultAsked() && env.timers.pending.size === 1, "tasks/result and the next poll");
    const nextPoll = env.timers.only();

    // The task completes and tasks/result returns before that poll: the status is fetched at once.
    env.move({ status: "completed" });
    await env.answerResult({ result: { content: [{ type: "text", text: "answered" }] } });
    await env.until(() => env.view().task.status === "completed", "the completed status");
    expect(env.seen.gets).toBe(2);
    expect(env.timers.pending.has(nextPoll)).toBe(false);
    expect(env.timers.pending.size).toBe(0);
    expect(env.view().result?.content).toEqual([{ type: "text", text: "answered" }]);
  });

  it("Q2: an older status never overwrites a newer one, and a terminal status never changes", async () => {
    const env = await setup();
    const view = await env.tasks.start("long", {});
    const before = view.task.lastUpdatedAt;
    env.tasks.onStatusNotification({ ...view.task, status: "input_required", lastUpdatedAt: new Date(Date.parse(before) - 1).toISOString() });
    expect(env.view().task.status).toBe("working");

    env.tasks.onStatusNotification({ ...view.task, status: "failed", lastUpdatedAt: stamp() });
    expect(env.view().task.status).toBe("failed");
    env.tasks.onStatusNotification({ ...view.task, status: "working", lastUpdatedAt: stamp() });
    expect(env.view().task.status).toBe("failed");
    expect(env.timers.pending.size).toBe(0);
  });

  it("Q2: a failing tasks/get is shown and retried at the next interval (even -32000, which the SDK also uses for a closed connection); an unknown task (-32602) ends polling", async () => {
    const env = await setup();
    await env.tasks.start("long", {});
    env.failGets(rpcError(-32000, "database is down"));
    env.timers.fire(env.timers.only());
    await env.until(() => env.view().pollError, "the poll error");
    expect(env.view().pollError).toBe("tasks/get failed: MCP error -32000: database is down");
    await env.until(() => env.timers.pending.size === 1, "a retry");
    expect(env.timers.only().ms).toBe(250);

    env.failGets(undefined);
    env.timers.fire(env.timers.only());
    await env.until(() => env.seen.gets === 2 && env.timers.pending.size === 1, "a good poll");
    expect(env.view().pollError).toBeUndefined();

    env.failGets(rpcError(-32602, "Unknown task: task-1"));
    env.timers.fire(env.timers.only());
    await env.until(() => env.view().pollError?.includes("Unknown task"), "the second poll error");
    expect(env.timers.pending.size).toBe(0);
  });

  it("Q2: once the session closes, no poll is left scheduled", async () => {
    const env = await setup();
    await env.tasks.start("long", {});
    expect(env.timers.pending.size).toBe(1);
    env.tasks.closeAll("Session ended before the task finished: gone");
    expect(env.timers.pending.size).toBe(0);
    expect(env.view().task.status).toBe("cancelled");
    expect(env.view().pollError).toBe("Session ended before the task finished: gone");
  });
});

describe("ClientTasks outcome, cancel and list (Q4, Q5)", () => {
  it("Q4: a JSON-RPC error from tasks/result keeps the server's code, message and data, even -32001 (the SDK's own timeout code), without the SDK's prefix", async () => {
    const env = await setup();
    await env.tasks.start("long", {});
    env.move({ status: "failed" });
    env.timers.fire(env.timers.only());
    await env.answerResult({ error: rpcError(-32001, "the model refused", { reason: "policy" }) });
    const error = await env.until(() => env.view().error, "the error");
    expect(error).toEqual({ code: -32001, message: "the model refused", data: { reason: "policy" } });
    expect(env.view().result).toBeUndefined();
  });

  it("Q5: tasks/list pages are followed in order until no nextCursor", async () => {
    const env = await setup();
    const base = env.move({});
    const pages: Record<string, { tasks: Task[]; nextCursor?: string }> = {
      first: { tasks: [{ ...base, taskId: "a" }], nextCursor: "c2" },
      c2: { tasks: [{ ...base, taskId: "b" }, { ...base, taskId: "c" }], nextCursor: "c3" },
      c3: { tasks: [{ ...base, taskId: "d" }] },
    };
    env.setList((cursor) => pages[cursor ?? "first"] as { tasks: Task[] });
    const tasks = await env.tasks.listFromServer();
    expect(tasks.map((t) => t.taskId)).toEqual(["a", "b", "c", "d"]);
    expect(env.seen.lists).toEqual([undefined, "c2", "c3"]);
  });

  it("Q5: a tasks/list that hands back a cursor it already gave is reported instead of looping forever", async () => {
    const env = await setup();
    env.setList(() => ({ tasks: [], nextCursor: "again" }));
    await expect(env.tasks.listFromServer()).rejects.toThrow('Protocol violation: tasks/list answered the cursor "again" a second time (page 2)');
    expect(env.seen.lists).toEqual([undefined, "again"]);
  });

  it("Q5: a cancel for a task we do not follow is refused before anything is sent", async () => {
    const env = await setup();
    await expect(env.tasks.cancel("someone-elses")).rejects.toThrow("Unknown client task someone-elses");
  });
});

describe("ClientTasks in a long session", () => {
  it("finished tasks are kept up to a bound: past it the oldest finished task leaves (its row is told to go), live ones stay", async () => {
    let next = 0;
    const server = new Server({ name: "many-tasks", version: "1.0.0" }, { capabilities: { tools: {}, tasks: { requests: { tools: { call: {} } } } } });
    // Every call but the first ends at once; the first stays working (a live task never leaves).
    server.setRequestHandler(CallToolRequestSchema, async () => {
      const at = stamp();
      return { task: { taskId: `t${++next}`, status: next === 1 ? "working" : "completed", createdAt: at, lastUpdatedAt: at, ttl: 60_000 } };
    });
    server.setRequestHandler(GetTaskPayloadRequestSchema, async (request) => ({ content: [{ type: "text", text: `result of ${request.params.taskId}` }] }));
    const client = await linkedClient(server);
    const removed: string[] = [];
    let results = 0;
    let allIn: () => void = () => {};
    const done = new Promise<void>((resolve) => (allIn = resolve));
    const tasks = new ClientTasks(
      client,
      {
        sessionId: "session-1",
        ports: { clock: { now: () => clock }, timers: new HandTimers(() => {}), newId: () => "id" },
        requestTimeoutMs: () => 5000,
        changed: (view) => {
          if (view.result && view.task.status === "completed" && ++results === 5) allIn();
        },
        removed: (taskId) => removed.push(taskId),
      },
      3,
    );
    for (let i = 0; i < 6; i++) await tasks.start("work", {});
    await done;
    expect(removed).toEqual(["t2", "t3"]);
    expect(tasks.list().map((t) => t.task.taskId)).toEqual(["t1", "t4", "t5", "t6"]);
    expect(tasks.get("t2")).toBeUndefined();
  });
});
