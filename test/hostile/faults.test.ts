// Faults over real stdio: the server process dies (cleanly, with an error code, by SIGKILL) while the
// user has things to answer and client tasks are polling, or it stops answering tasks/get. Every live
// task ends with a status message, every pending input is withdrawn with a note, every blocked call is
// released, the session says how the server went, and reconnecting works.
import { describe, expect, it } from "vitest";
import { createHarness } from "../helpers/harness.js";
import { POSIX_SIGNALS } from "../helpers/platform.js";
import { connectHostile, elicitParams, eventCounter, eventsOf, type WireTask } from "./hostile.js";

const exits = [
  { how: "exits cleanly", args: { code: 0 }, reason: /^The server closed the connection: its process exited \(code 0\)$/ },
  { how: "exits with code 3", args: { code: 3 }, reason: /^The server closed the connection: its process exited with code 3$/ },
  // Windows has no signals: a process "killed" there just exits, which the rows above cover.
  ...(POSIX_SIGNALS ? [{ how: "is killed by SIGKILL", args: { signal: "SIGKILL" }, reason: /^The server closed the connection: its process was killed by SIGKILL$/ }] : []),
] as const;

describe("the server process dies mid-work", () => {
  for (const { how, args, reason } of exits) {
    it(`S1: the server ${how} while receiver tasks wait on the user and a client task is polling: everything ends with a message, nothing hangs, reconnect works`, async () => {
      const h = createHarness();
      const s = await connectHostile(h);
      const { sessionId } = s;

      // A client task, polled (Q2): wait for its first tasks/get on the wire.
      const clientTask = await h.core.dispatch("callToolAsTask", { sessionId, name: "slow-task", arguments: {} });
      await h.waitFor("logEntry", (e) => e.sessionId === sessionId && e.direction === "out" && e.method === "tasks/get");
      // A receiver task waiting on the user, with the server blocked in our tasks/result for it.
      const created = await s.request("elicitation/create", elicitParams({ task: { ttl: 600_000 } }));
      const receiverTask = (created.result as { task: WireTask }).task;
      const taskInput = await h.waitFor("pendingInputAdded", (p) => p.receiverTaskId === receiverTask.taskId);
      await s.call("send", { method: "tasks/result", params: { taskId: receiverTask.taskId } });
      // A plain elicitation and a plain sampling request waiting on the user (R14).
      await s.call("send", { method: "elicitation/create", params: elicitParams({ message: "plain" }) });
      await s.call("send", { method: "sampling/createMessage", params: { messages: [{ role: "user", content: { type: "text", text: "hi" } }], maxTokens: 5 } });
      await s.ping();
      const inputs = (await h.core.dispatch("getSnapshot", {})).pendingInputs;
      expect(inputs).toHaveLength(3);

      // Calls of ours that the server will never answer.
      const hanging = h.core.dispatch("callTool", { sessionId, name: "hang", arguments: {} });
      const dying = h.core.dispatch("callTool", { sessionId, name: "exit", arguments: args });
      await expect(hanging).rejects.toThrow(/Connection closed/);
      await expect(dying).rejects.toThrow(/Connection closed/);

      const ended = await h.waitFor("sessionChanged", (e) => e.sessionId === sessionId && e.state === "disconnected");
      expect(ended.reason).toMatch(reason);

      // Every pending input withdrawn with a note saying why; none left.
      for (const input of inputs) {
        const withdrawn = await h.waitFor("pendingInputWithdrawn", (w) => w.pendingInputId === input.id);
        expect(withdrawn).toMatchObject({ sessionId, reason: "disconnected" });
        expect(withdrawn.message).toBe(`The session ended: ${ended.reason}`);
      }
      expect((await h.core.dispatch("getSnapshot", {})).pendingInputs).toEqual([]);
      await expect(h.core.dispatch("answerElicitation", { pendingInputId: taskInput.id, action: "decline" })).rejects.toThrow(
        `This request is no longer pending: The session ended: ${ended.reason}`,
      );

      // The receiver task ended cancelled with a status message, then was removed (S1).
      const cancelled = eventsOf(h, "receiverTaskChanged").find((t) => t.task.taskId === receiverTask.taskId && t.task.status === "cancelled");
      expect(cancelled?.task.statusMessage).toBe(`Session ended: ${ended.reason}`);
      expect(eventsOf(h, "receiverTaskRemoved").map((r) => r.taskId)).toContain(receiverTask.taskId);
      // The client task stopped polling with the reason.
      const lastClient = eventsOf(h, "clientTaskChanged").filter((t) => t.task.taskId === clientTask.task.taskId).at(-1);
      expect(lastClient?.task).toMatchObject({ status: "cancelled", statusMessage: `Session ended before the task finished: ${ended.reason}` });
      expect(lastClient?.pollError).toBe(`Session ended before the task finished: ${ended.reason}`);
      await expect(h.core.dispatch("ping", { sessionId })).rejects.toThrow(/is not connected/);

      // Reconnect: a fresh process, and everything works again, tasks included.
      expect(await h.core.dispatch("reconnect", { sessionId })).toMatchObject({ sessionId, state: "connected" });
      expect(await h.core.dispatch("ping", { sessionId })).toHaveProperty("roundTripMs");
      const again = await h.core.dispatch("callToolAsTask", { sessionId, name: "slow-task", arguments: {} });
      expect(again.task.status).toBe("working");
      expect((await h.core.dispatch("cancelClientTask", { sessionId, taskId: again.task.taskId })).task.status).toBe("cancelled");
      const fresh = await s.request("elicitation/create", elicitParams({ task: { ttl: 60_000 } }));
      expect((fresh.result as { task: WireTask }).task.status).toBe("working");
    });
  }

  it("a server that dies right after a burst: every message it wrote is received before the session reports the close, and handled", async () => {
    const h = createHarness();
    const counter = eventCounter(h);
    const s = await connectHostile(h);
    await expect(s.call("burst", { count: 10_000, exitAfter: 4 })).rejects.toThrow(/Connection closed/);
    const ended = await h.waitFor("sessionChanged", (e) => e.sessionId === s.sessionId && e.state === "disconnected");
    expect(ended.reason).toBe("The server closed the connection: its process exited with code 4");
    // Stdout is read a few hundred messages per turn; what was still waiting is read before the close is reported.
    const closedAt = h.events.findIndex((e) => e.type === "sessionChanged" && e.payload.state === "disconnected");
    const received = h.events.slice(0, closedAt).filter((e) => e.type === "logEntry" && e.payload.direction === "in" && e.payload.method === "notifications/message");
    expect(received).toHaveLength(10_000);
    // The SDK hands notifications to their handlers a microtask later: all of them, none lost.
    await counter.atLeast("serverLog", 10_000);
    expect(counter.count("serverLog")).toBe(10_000);
  });
});

describe("a server that stops answering tasks/get", () => {
  it("Q2 Q6: the client task shows the timeout and keeps polling; other calls, cancel included, keep working", async () => {
    const h = createHarness({ settings: { requestTimeoutMs: 300 } });
    const s = await connectHostile(h, "hang-tasks-get");
    const { sessionId } = s;
    const task = await h.core.dispatch("callToolAsTask", { sessionId, name: "slow-task", arguments: {} });

    const timedOut = await h.waitFor("clientTaskChanged", (t) => t.task.taskId === task.task.taskId && t.pollError !== undefined);
    expect(timedOut.pollError).toBe("tasks/get failed: MCP error -32001: Request timed out");
    expect(timedOut.task.status).toBe("working");

    // Meanwhile everything else answers promptly.
    expect(await h.core.dispatch("ping", { sessionId })).toHaveProperty("roundTripMs");
    expect((await h.core.dispatch("listTools", { sessionId })).tools.length).toBeGreaterThan(0);
    // Polling carried on after the timeout: a second tasks/get reached the server, and timed out too.
    const second = h.events.filter((e) => e.type === "logEntry" && e.payload.sessionId === sessionId && e.payload.direction === "out" && e.payload.method === "tasks/get").length;
    await h.until(
      () => h.events.filter((e) => e.type === "logEntry" && e.payload.sessionId === sessionId && e.payload.direction === "out" && e.payload.method === "tasks/get").length > second,
      10_000,
      "another tasks/get",
    );
    const { getCount } = await s.call<{ getCount: number }>("stats");
    expect(getCount).toBeGreaterThanOrEqual(2);
    // The SDK told the server it gave up on each timed-out tasks/get.
    expect(h.events.some((e) => e.type === "logEntry" && e.payload.direction === "out" && e.payload.method === "notifications/cancelled")).toBe(true);

    // The user can still cancel it: tasks/cancel is answered even though tasks/get is not.
    const cancelled = await h.core.dispatch("cancelClientTask", { sessionId, taskId: task.task.taskId });
    expect(cancelled.task.status).toBe("cancelled");
    expect(h.core.session(sessionId).state.state).toBe("connected");
  });
});
