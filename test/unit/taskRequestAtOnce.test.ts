// R2 in the turn a request is read (receiverRequests.ts answerTaskRequestAtOnce, issue 33): a task-augmented
// sampling or elicitation request the SDK's handler would accept is answered with its CreateTaskResult before
// the SDK's dispatch sees it; anything the handler would refuse is left to the SDK, which answers it as before.
// The hook in RecordingTransport runs over the SDK's own InMemoryTransport pair.
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { ClientCapabilities, JSONRPCMessage, JSONRPCRequest } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { EventBus } from "../../main/core/eventBus.js";
import { PendingInputs } from "../../main/core/pendingInputs.js";
import { systemPorts } from "../../main/core/ports.js";
import { answerTaskRequestAtOnce, type ReceiverContext } from "../../main/core/receiver/receiverRequests.js";
import { ReceiverTaskStore } from "../../main/core/receiver/receiverTaskStore.js";
import { RecordingTransport } from "../../main/core/transport/recordingTransport.js";

const ALL: ClientCapabilities = {
  sampling: {},
  elicitation: { form: {} },
  tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
};
const LIMITS = { maxLiveTasks: 2, maxTtlMs: 60_000, defaultTtlMs: 10_000, pollIntervalMs: 500 };

function receiver(): ReceiverContext & { store: ReceiverTaskStore } {
  const store = new ReceiverTaskStore("s1", systemPorts, () => LIMITS, { changed: () => {}, removed: () => {} });
  return { sessionId: "s1", serverName: "srv", ports: systemPorts, pendingInputs: new PendingInputs(new EventBus()), store };
}

const elicit = (id: number, params: Record<string, unknown>): JSONRPCRequest => ({ jsonrpc: "2.0", id, method: "elicitation/create", params });
const form = { message: "Name?", requestedSchema: { type: "object", properties: { name: { type: "string" } } } };
const sample = (id: number, params: Record<string, unknown>): JSONRPCRequest => ({ jsonrpc: "2.0", id, method: "sampling/createMessage", params });
const messages = { messages: [{ role: "user", content: { type: "text", text: "Hi" } }], maxTokens: 10 };

describe("answerTaskRequestAtOnce", () => {
  it("R2: a task-augmented elicitation or sampling request the handler accepts is answered with its task, and waits on the user", () => {
    const ctx = receiver();
    const answer = answerTaskRequestAtOnce(ctx, ALL, elicit(1, { ...form, task: { ttl: 5000 } }));
    expect(answer).toMatchObject({ jsonrpc: "2.0", id: 1, result: { task: { status: "working", ttl: 5000 } } });
    const taskId = (answer as unknown as { result: { task: { taskId: string } } }).result.task.taskId;
    expect(ctx.store.get(taskId)?.task.status).toBe("working");
    expect(ctx.pendingInputs.list().map((p) => [p.kind, p.receiverTaskId])).toEqual([["elicitation", taskId]]);
    expect(answerTaskRequestAtOnce(ctx, ALL, sample(2, { ...messages, task: {} }))).toMatchObject({ id: 2, result: { task: { status: "working" } } });
  });

  it("what the SDK's handler would refuse or treat otherwise is left to it: no task, params that do not fit, a mode or method not offered, a full store", () => {
    const ctx = receiver();
    const left = [
      [ALL, elicit(1, form)], // a plain request (R14): answered when the user answers
      [ALL, elicit(2, { ...form, task: "soon" })], // task not an object
      [ALL, elicit(3, { message: "Name?", requestedSchema: { type: "object", properties: { n: { type: "nonsense" } } }, task: {} })], // -32602 in words
      [ALL, elicit(4, { mode: "url", message: "Open", url: "https://example.com", elicitationId: "e", task: {} })], // URL mode not advertised
      [{ ...ALL, sampling: undefined }, sample(5, { ...messages, task: {} })], // sampling not offered
      [{ ...ALL, tasks: { requests: { elicitation: { create: {} } } } }, sample(6, { ...messages, task: {} })], // sampling not offered with tasks
      [ALL, { jsonrpc: "2.0", id: 7, method: "roots/list", params: { task: {} } } as JSONRPCRequest],
    ] as const;
    for (const [capabilities, request] of left) expect(answerTaskRequestAtOnce(ctx, capabilities, request), JSON.stringify(request)).toBeUndefined();
    expect(ctx.pendingInputs.list()).toEqual([]);
    // S2: past the live-task limit the store refuses; the SDK's path answers that refusal.
    answerTaskRequestAtOnce(ctx, ALL, elicit(8, { ...form, task: {} }));
    answerTaskRequestAtOnce(ctx, ALL, elicit(9, { ...form, task: {} }));
    expect(answerTaskRequestAtOnce(ctx, ALL, elicit(10, { ...form, task: {} }))).toBeUndefined();
    expect(ctx.pendingInputs.list()).toHaveLength(2);
    // Without a store (receiver tasks not advertised, R1) nothing is answered here.
    expect(answerTaskRequestAtOnce({ ...ctx, store: undefined }, ALL, elicit(11, { ...form, task: {} }))).toBeUndefined();
  });
});

describe("RecordingTransport.answerAtOnce", () => {
  it("an answered request goes back on the wire, logged in then out, and never reaches the SDK; any other goes on to it", async () => {
    const [server, client] = InMemoryTransport.createLinkedPair();
    const log: [string, unknown][] = [];
    const recording = new RecordingTransport(client, { receiverTasksEnabled: true, record: (direction, message) => log.push([direction, message]) });
    const toSdk: JSONRPCMessage[] = [];
    recording.onmessage = (message) => toSdk.push(message);
    recording.answerAtOnce = (request) => (request.method === "elicitation/create" ? { jsonrpc: "2.0", id: request.id, result: { task: { taskId: "t" } } } : undefined);
    const atServer: JSONRPCMessage[] = [];
    server.onmessage = (message) => atServer.push(message);
    await server.start();
    await recording.start();
    await server.send(elicit(1, { ...form, task: {} }));
    await server.send({ jsonrpc: "2.0", id: 2, method: "ping" });
    await expect.poll(() => atServer.length).toBe(1);
    expect(atServer).toEqual([{ jsonrpc: "2.0", id: 1, result: { task: { taskId: "t" } } }]);
    expect(toSdk.map((m) => ("method" in m ? m.method : "?"))).toEqual(["ping"]);
    expect(log.map(([direction, m]) => `${direction} ${"method" in (m as object) ? (m as { method: string }).method : "result"}`)).toEqual(["in elicitation/create", "out result", "in ping"]);
  });
});
