// The core's task timeline fed through the event bus, with a controlled clock: what each fact becomes,
// the order, the bounds, and what a hostile server cannot do to it.
import { describe, expect, it } from "vitest";
import type { InspectorEvent } from "../../shared/contract.js";
import type { ClientTask, LogEntry, ReceiverTask } from "../../shared/types.js";
import { EventBus } from "../../main/core/eventBus.js";
import { TaskTimelines } from "../../main/core/timeline/taskTimeline.js";

const SID = "s-1";

function setup(limits?: { eventsKept: number; tasksKept: number; totalKept: number }) {
  const bus = new EventBus();
  let at = 1000;
  const clock = { now: () => 1_700_000_000_000 + at };
  const timelines = new TaskTimelines(bus, clock, () => at, limits);
  const streamed: InspectorEvent[] = [];
  bus.subscribe((e) => e.type === "taskTimelineEvents" && streamed.push(e));
  let seq = 0;
  const wire = (direction: "in" | "out", message: Record<string, unknown>) => {
    const entry: LogEntry = { seq: ++seq, sessionId: SID, direction, time: "", payload: { jsonrpc: "2.0", ...message } };
    bus.emit("logEntry", entry);
  };
  return { bus, timelines, streamed, wire, tick: (ms: number) => (at += ms) };
}

const task = (taskId: string, status: ClientTask["task"]["status"], statusMessage?: string) => ({
  taskId,
  status,
  createdAt: "2026-01-01T00:00:00.000Z",
  lastUpdatedAt: "2026-01-01T00:00:00.000Z",
  ttl: 60_000,
  ...(statusMessage ? { statusMessage } : {}),
});

describe("task timeline (core)", () => {
  it("a legacy receiver task: creation, the server's polls, the user's click and the tasks/result reply, each with its time", () => {
    const { bus, timelines, wire, tick } = setup();
    wire("in", { id: 7, method: "elicitation/create", params: { message: "Name?", requestedSchema: {}, task: { ttl: 60000 } } });
    tick(0.5);
    const receiver: ReceiverTask = { sessionId: SID, method: "elicitation/create", task: task("r-1", "working", "Awaiting user response"), pendingInputId: "p-1" };
    bus.emit("receiverTaskChanged", receiver);
    bus.emit("pendingInputAdded", { id: "p-1", sessionId: SID, serverName: "x", kind: "elicitation", params: {}, receivedAt: "", receiverTaskId: "r-1" });
    wire("out", { id: 7, result: { task: task("r-1", "working") } });
    for (let i = 0; i < 3; i++) {
      tick(10);
      wire("in", { id: 100 + i, method: "tasks/get", params: { taskId: "r-1" } });
      tick(0.1);
      wire("out", { id: 100 + i, result: task("r-1", "working") });
    }
    wire("in", { id: 200, method: "tasks/result", params: { taskId: "r-1" } });
    tick(50);
    bus.emit("pendingInputAnswered", { pendingInputId: "p-1", sessionId: SID });
    bus.emit("receiverTaskChanged", { ...receiver, task: task("r-1", "completed") });
    tick(0.2);
    wire("out", { id: 200, result: { action: "accept", content: { name: "Ada" } } });

    const line = timelines.get(SID, "r-1");
    expect(line.role).toBe("receiver");
    expect(line.events.map((e) => `${e.kind}:${e.from}`)).toEqual([
      "created:server", // the request, at its own time, learned from our reply
      "status:us",
      "inputRequested:user",
      "createReply:us",
      "poll:server",
      "pollReply:us",
      "poll:server",
      "pollReply:us",
      "poll:server",
      "pollReply:us",
      "result:server",
      "inputAnswered:user",
      "status:us",
      "resultReply:us",
    ]);
    const answered = line.events.find((e) => e.kind === "inputAnswered")!;
    const delivered = line.events.find((e) => e.kind === "resultReply")!;
    expect(delivered.at - answered.at).toBeCloseTo(0.2, 6);
    expect(delivered.replyTo).toBe(line.events.find((e) => e.kind === "result")!.seq);
    const times = line.events.map((e) => e.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("a legacy client task: our tools/call, our polls, the server's status notification and its input request", () => {
    const { bus, timelines, wire, tick } = setup();
    wire("out", { id: 1, method: "tools/call", params: { name: "research", arguments: {}, task: { ttl: 1000 } } });
    tick(2);
    wire("in", { id: 1, result: { task: task("c-1", "working") } });
    bus.emit("clientTaskChanged", { sessionId: SID, toolName: "research", arguments: {}, task: task("c-1", "working"), pendingInputIds: [] });
    wire("out", { id: 2, method: "tasks/get", params: { taskId: "c-1" } });
    tick(1);
    wire("in", { id: 2, result: task("c-1", "input_required") });
    wire("in", { method: "notifications/tasks/status", params: task("c-1", "input_required", "<b>need</b>") });
    wire("in", { id: 9, method: "elicitation/create", params: { message: "?", _meta: { "io.modelcontextprotocol/related-task": { taskId: "c-1" } } } });
    wire("out", { id: 9, result: { action: "decline" } });
    const line = timelines.get(SID, "c-1");
    expect(line.role).toBe("client");
    expect(line.era).toBe("legacy");
    expect(line.events.map((e) => `${e.kind}:${e.from}`)).toEqual([
      "created:us",
      "createReply:server",
      "status:server",
      "poll:us",
      "pollReply:server",
      "notification:server",
      "inputRequest:server",
      "inputAnswer:us",
    ]);
    expect(line.events.find((e) => e.kind === "pollReply")!.status).toBe("input_required");
    expect(line.events.find((e) => e.kind === "notification")!.detail).toBe("<b>need</b>");
  });

  it("a modern task: resultType task on tools/call, tasks/update, notifications/tasks", () => {
    const { timelines, wire } = setup();
    wire("out", { id: 1, method: "tools/call", params: { name: "t" } });
    wire("in", { id: 1, result: { resultType: "task", ...task("m-1", "working") } });
    wire("out", { id: 2, method: "tasks/update", params: { taskId: "m-1", inputResponses: {} } });
    wire("in", { id: 2, result: {} });
    wire("in", { method: "notifications/tasks", params: task("m-1", "completed") });
    const line = timelines.get(SID, "m-1");
    expect(line.era).toBe("modern");
    expect(line.events.map((e) => e.kind)).toEqual(["created", "createReply", "update", "updateAck", "notification"]);
  });

  it("keeps the newest events of a task and counts the ones it dropped; keeps a bounded number of tasks", () => {
    const { bus, timelines, wire } = setup({ eventsKept: 10, tasksKept: 3, totalKept: 1000 });
    bus.emit("clientTaskChanged", { sessionId: SID, toolName: "t", arguments: {}, task: task("a", "working"), pendingInputIds: [] });
    for (let i = 0; i < 25; i++) wire("out", { id: i, method: "tasks/get", params: { taskId: "a" } });
    const line = timelines.get(SID, "a");
    expect(line.events).toHaveLength(10);
    expect(line.dropped).toBe(16);
    for (const id of ["b", "c", "d"]) bus.emit("clientTaskChanged", { sessionId: SID, toolName: "t", arguments: {}, task: task(id, "working"), pendingInputIds: [] });
    expect(timelines.size).toBe(3);
    expect(timelines.get(SID, "a").events).toEqual([]);
  });

  it("all lines together are bounded: past the total, the least recently touched lines go whole, the busy one stays", () => {
    const { bus, timelines, wire } = setup({ eventsKept: 100, tasksKept: 100, totalKept: 50 });
    for (const id of ["a", "b", "c"]) bus.emit("clientTaskChanged", { sessionId: SID, toolName: "t", arguments: {}, task: task(id, "working"), pendingInputIds: [] });
    for (let i = 0; i < 60; i++) wire("out", { id: i, method: "tasks/get", params: { taskId: "c" } });
    expect(timelines.get(SID, "a").events).toEqual([]);
    expect(timelines.get(SID, "b").events).toEqual([]);
    expect(timelines.get(SID, "c").events).toHaveLength(61);
    expect(timelines.size).toBe(1);
  });

  it("a request id used again (a reconnected session counts from 0) never takes the reply of an unanswered one", () => {
    const { bus, timelines, wire } = setup();
    bus.emit("clientTaskChanged", { sessionId: SID, toolName: "t", arguments: {}, task: task("a", "working"), pendingInputIds: [] });
    wire("out", { id: 3, method: "tasks/get", params: { taskId: "a" } }); // never answered: the connection dropped
    wire("out", { id: 3, method: "tools/list", params: {} });
    wire("in", { id: 3, result: { tools: [] } });
    expect(timelines.get(SID, "a").events.map((e) => e.kind)).toEqual(["status", "poll"]);
  });

  it("a hostile server cannot start lines: polls, notifications and input requests for unknown task ids are not kept", () => {
    const { timelines, wire, streamed } = setup();
    for (let i = 0; i < 100; i++) {
      wire("in", { id: i, method: "tasks/get", params: { taskId: `x-${i}` } });
      wire("in", { method: "notifications/tasks/status", params: task(`y-${i}`, "working") });
      wire("in", { id: `e${i}`, method: "elicitation/create", params: { _meta: { "io.modelcontextprotocol/related-task": { taskId: `z-${i}` } } } });
    }
    expect(timelines.size).toBe(0);
    expect(streamed).toEqual([]);
  });

  it("a task id longer than the contract allows (1,000 characters) gets no line, and a server's long status message is cut", () => {
    const { bus, timelines, wire, streamed } = setup();
    wire("out", { id: 1, method: "tools/call", params: { name: "t", task: {} } });
    wire("in", { id: 1, result: { task: task("x".repeat(1001), "working") } });
    expect(timelines.size).toBe(0);
    bus.emit("clientTaskChanged", { sessionId: SID, toolName: "t", arguments: {}, task: task("a", "working", "m".repeat(100_000)), pendingInputIds: [] });
    expect(timelines.get(SID, "a").events[0]!.detail).toHaveLength(300);
    expect(streamed).toHaveLength(0);
  });

  it("a status notification that comes before the reply creating its task is kept and put in its place once the task is known", () => {
    const { timelines, wire, tick, streamed } = setup();
    timelines.follow(SID, "c-9");
    wire("out", { id: 1, method: "tools/call", params: { name: "t", task: {} } });
    tick(1);
    wire("in", { method: "notifications/tasks/status", params: task("c-9", "working") });
    tick(1);
    wire("in", { id: 1, result: { task: task("c-9", "working") } });
    expect(timelines.get(SID, "c-9").events.map((e) => `${e.kind}:${e.from}`)).toEqual(["created:us", "notification:server", "createReply:server"]);
    expect(streamed).toHaveLength(3);
    expect(streamed.every((e) => e.type === "taskTimelineEvents" && e.payload.role === "client")).toBe(true);
  });

  it("streams the events of a followed task as taskTimelineEvents, with the task's role and era; none of the others", () => {
    const { bus, streamed, timelines } = setup();
    timelines.follow(SID, "a");
    bus.emit("clientTaskChanged", { sessionId: SID, toolName: "t", arguments: {}, task: task("b", "working"), pendingInputIds: [] });
    bus.emit("clientTaskChanged", { sessionId: SID, toolName: "t", arguments: {}, task: task("a", "working"), pendingInputIds: [], era: "modern" });
    expect(streamed).toHaveLength(1);
    expect(streamed[0]!.payload).toMatchObject({ sessionId: SID, taskId: "a", role: "client", era: "modern", events: [{ kind: "status", status: "working", seq: 0 }] });
  });

  it("a task followed by two pages is streamed until both unfollow it", () => {
    const { bus, streamed, timelines } = setup();
    const change = (status: ClientTask["task"]["status"]) => bus.emit("clientTaskChanged", { sessionId: SID, toolName: "t", arguments: {}, task: task("a", status), pendingInputIds: [] });
    change("working");
    expect(streamed).toHaveLength(0);
    expect(timelines.follow(SID, "a").events).toHaveLength(1);
    timelines.follow(SID, "a");
    change("input_required");
    timelines.unfollow(SID, "a");
    change("working");
    timelines.unfollow(SID, "a");
    change("completed");
    expect(streamed.map((e) => (e.type === "taskTimelineEvents" ? e.payload.events[0]!.status : ""))).toEqual(["input_required", "working"]);
    expect(timelines.get(SID, "a").events).toHaveLength(4);
  });

  describe("how a task ended (issue 19)", () => {
    const client = (taskId: string, status: ClientTask["task"]["status"], extra: Partial<ClientTask> = {}): ClientTask => ({ sessionId: SID, toolName: "t", arguments: {}, task: task(taskId, status), pendingInputIds: [], ...extra });

    it("M3: a modern task the server purged keeps its last status and gets one `ended` mark (deleted, from the server), after it, with the reason", () => {
      const { bus, timelines, tick } = setup();
      bus.emit("clientTaskChanged", client("m-1", "working", { era: "modern" }));
      tick(40);
      const purged = client("m-1", "working", { era: "modern", gone: "purged", deletedAt: "2026-01-01T00:00:01.000Z", pollError: "tasks/get: Unknown task m-1" });
      bus.emit("clientTaskChanged", purged);
      bus.emit("clientTaskChanged", purged); // the same fact again makes no second mark
      const line = timelines.get(SID, "m-1");
      expect(line.events.map((e) => `${e.kind}:${e.from}:${e.status ?? e.ending ?? ""}`)).toEqual(["status:server:working", "ended:server:deleted"]);
      expect(line.events[1]!.detail).toBe("its tasks/get answered: unknown task");
      expect(line.events[1]!.at - line.events[0]!.at).toBe(40);
    });

    it("M3 Q2 S1: an expired modern task, a live legacy task deleted by the server, and a task cut off by the session's end each say so; a finished task deleted later gets a mark with no ending", () => {
      const { bus, timelines } = setup();
      bus.emit("clientTaskChanged", client("exp", "working", { era: "modern" }));
      bus.emit("clientTaskChanged", client("exp", "working", { era: "modern", gone: "expired" }));
      bus.emit("clientTaskChanged", client("del", "working"));
      bus.emit("clientTaskChanged", client("del", "working", { deletedAt: "2026-01-01T00:00:01.000Z" }));
      bus.emit("clientTaskChanged", client("s1", "working"));
      bus.emit("clientTaskChanged", client("s1", "cancelled", { sessionEnded: true }));
      bus.emit("clientTaskChanged", client("done", "completed"));
      bus.emit("clientTaskChanged", client("done", "completed", { deletedAt: "2026-01-01T00:00:01.000Z" }));
      const marks = (id: string) => timelines.get(SID, id).events.map((e) => `${e.kind}:${e.from}:${e.status ?? e.ending ?? "-"}`);
      expect(marks("exp")).toEqual(["status:server:working", "ended:us:expired"]);
      expect(marks("del")).toEqual(["status:server:working", "ended:server:deleted"]);
      // S1: the status the inspector set first, then the mark that says why.
      expect(marks("s1")).toEqual(["status:server:working", "status:server:cancelled", "ended:us:sessionEnded"]);
      expect(marks("done")).toEqual(["status:server:completed", "ended:server:-"]);
    });

    it("R6 S1: a receiver task deleted unanswered ends expired; one deleted after its answer gets a mark with no ending; the session's end says so", () => {
      const { bus, timelines } = setup();
      const receiver = (taskId: string, status: ReceiverTask["task"]["status"], extra: Partial<ReceiverTask> = {}): ReceiverTask => ({ sessionId: SID, method: "elicitation/create", task: task(taskId, status), ...extra });
      for (const id of ["r-exp", "r-done", "r-s1"]) bus.emit("receiverTaskChanged", receiver(id, "working"));
      bus.emit("receiverTaskChanged", receiver("r-done", "completed", { ending: "accepted" }));
      bus.emit("receiverTaskRemoved", { sessionId: SID, taskId: "r-exp", trace: receiver("r-exp", "working", { ending: "expired", deletedAt: "x" }) });
      bus.emit("receiverTaskRemoved", { sessionId: SID, taskId: "r-done", trace: receiver("r-done", "completed", { ending: "accepted", deletedAt: "x" }) });
      bus.emit("receiverTaskRemoved", { sessionId: SID, taskId: "r-s1", trace: receiver("r-s1", "cancelled", { ending: "sessionEnded", deletedAt: "x" }) });
      bus.emit("receiverTaskRemoved", { sessionId: SID, taskId: "r-exp" }); // its trace dropping off later is no new fact
      const last = (id: string) => timelines.get(SID, id).events.at(-1)!;
      expect([last("r-exp").kind, last("r-exp").ending, last("r-exp").detail]).toEqual(["ended", "expired", "its ttl elapsed before an answer"]);
      expect([last("r-done").kind, last("r-done").ending, last("r-done").detail]).toEqual(["ended", undefined, "its ttl elapsed after it finished"]);
      expect([last("r-s1").kind, last("r-s1").ending]).toEqual(["ended", "sessionEnded"]);
      expect(timelines.get(SID, "r-exp").events.filter((e) => e.kind === "ended")).toHaveLength(1);
    });

    it("issue 21: the user's side of an input has one label: no detail repeats 'the user answered' or 'shown to the user'", () => {
      const { bus, timelines } = setup();
      bus.emit("receiverTaskChanged", { sessionId: SID, method: "elicitation/create", task: task("r-1", "working"), pendingInputId: "p-1" });
      bus.emit("pendingInputAdded", { id: "p-1", sessionId: SID, serverName: "x", kind: "elicitation", params: {}, receivedAt: "", receiverTaskId: "r-1" });
      bus.emit("pendingInputAnswered", { pendingInputId: "p-1", sessionId: SID });
      const [, shown, answered] = timelines.get(SID, "r-1").events;
      expect([shown!.kind, shown!.detail]).toEqual(["inputRequested", "elicitation"]);
      expect([answered!.kind, answered!.detail]).toEqual(["inputAnswered", undefined]);
    });
  });

  it("a removed session's requests are forgotten: a late answer creating a task starts no line", () => {
    const { bus, timelines, wire } = setup();
    wire("out", { id: 1, method: "tools/call", params: { name: "slow", arguments: {}, task: {} } });
    wire("out", { id: 2, method: "tools/call", params: { name: "slow", arguments: {}, task: {} } });
    wire("in", { id: 1, result: { task: task("c-1", "working") } });
    bus.emit("sessionRemoved", { sessionId: SID });
    wire("in", { id: 2, result: { task: task("c-2", "working") } });
    expect(timelines.get(SID, "c-1").events.map((e) => e.kind)).toEqual(["created", "createReply"]);
    expect(timelines.get(SID, "c-2").events).toEqual([]);
  });
});
