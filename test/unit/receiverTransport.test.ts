// The recording transport in front of the SDK Client, over the SDK's own in-memory transport pair:
// what reaches the client is what R1 (task stripping) and S3 (duplicate request ids) allow.
import { describe, expect, it } from "vitest";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { RecordingTransport, type Direction } from "../../main/core/transport/recordingTransport.js";

async function setup(receiverTasksEnabled: boolean, rememberedRequestIds?: number) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const recorded: { direction: Direction; message: unknown; note?: string }[] = [];
  const transport = new RecordingTransport(clientSide, {
    receiverTasksEnabled,
    ...(rememberedRequestIds ? { rememberedRequestIds } : {}),
    record: (direction, message, note) => recorded.push({ direction, message, ...(note ? { note } : {}) }),
  });
  const delivered: JSONRPCMessage[] = [];
  transport.onmessage = (message) => delivered.push(message);
  await transport.start();
  await serverSide.start();
  const fromServer = (message: JSONRPCMessage) => serverSide.send(message);
  return { transport, serverSide, recorded, delivered, fromServer };
}

const elicit = (id: string | number, task?: object): JSONRPCMessage => ({
  jsonrpc: "2.0",
  id,
  method: "elicitation/create",
  params: { message: "Name?", requestedSchema: { type: "object", properties: {} }, ...(task ? { task } : {}) },
});

describe("RecordingTransport", () => {
  it("S3: a request id seen before in the session is recorded with a note and not passed on", async () => {
    const { recorded, delivered, fromServer } = await setup(true);
    await fromServer(elicit(7, { ttl: 1000 }));
    await fromServer(elicit(7, { ttl: 1000 }));
    expect(delivered).toEqual([elicit(7, { ttl: 1000 })]);
    expect(recorded.length).toBe(3);
    expect(recorded[2]?.note).toMatch(/request id 7 was already received in this session \(S3\)/);
  });

  it("S3: ids are told apart by type, and responses and notifications are never deduplicated", async () => {
    const { delivered, fromServer } = await setup(true);
    await fromServer(elicit(1));
    await fromServer(elicit("1"));
    const response: JSONRPCMessage = { jsonrpc: "2.0", id: 1, result: {} };
    await fromServer(response);
    await fromServer(response);
    const notification: JSONRPCMessage = { jsonrpc: "2.0", method: "notifications/tasks/status", params: { taskId: "t" } };
    await fromServer(notification);
    await fromServer(notification);
    expect(delivered).toEqual([elicit(1), elicit("1"), response, response, notification, notification]);
  });

  it("S2 S3: the memory of ids is bounded; the oldest are forgotten first", async () => {
    const { delivered, fromServer } = await setup(true, 2);
    for (const id of [1, 2, 3, 3, 1]) await fromServer(elicit(id));
    expect(delivered.map((m) => (m as { id: number }).id)).toEqual([1, 2, 3, 1]);
  });

  it("R1: with receiver tasks off, params.task is stripped from sampling and elicitation only", async () => {
    const { delivered, recorded, fromServer } = await setup(false);
    await fromServer(elicit(1, { ttl: 1000 }));
    const sampling: JSONRPCMessage = { jsonrpc: "2.0", id: 2, method: "sampling/createMessage", params: { messages: [], maxTokens: 5, task: {} } };
    await fromServer(sampling);
    const other: JSONRPCMessage = { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "x", task: { ttl: 5 } } };
    await fromServer(other);
    expect(delivered).toEqual([elicit(1), { jsonrpc: "2.0", id: 2, method: "sampling/createMessage", params: { messages: [], maxTokens: 5 } }, other]);
    // The log shows what the server really sent.
    expect(recorded[0]?.message).toEqual(elicit(1, { ttl: 1000 }));
  });

  it("R1: with receiver tasks on, params.task is passed on untouched", async () => {
    const { delivered, fromServer } = await setup(true);
    await fromServer(elicit(1, { ttl: 1000 }));
    expect(delivered).toEqual([elicit(1, { ttl: 1000 })]);
  });

  it("records outgoing messages in order before sending them", async () => {
    const { transport, serverSide, recorded } = await setup(true);
    const received: JSONRPCMessage[] = [];
    serverSide.onmessage = (m) => received.push(m);
    const ping: JSONRPCMessage = { jsonrpc: "2.0", id: 1, method: "ping" };
    await transport.send(ping);
    expect(recorded).toEqual([{ direction: "out", message: ping }]);
    expect(received).toEqual([ping]);
  });

  it("a response is handed on a turn later, in wire order; a handler that throws on it reaches onerror, not the process", async () => {
    const { transport, fromServer } = await setup(true);
    const errors: Error[] = [];
    transport.onerror = (error) => errors.push(error);
    const seen: unknown[] = [];
    transport.onmessage = (message) => {
      seen.push((message as { id?: unknown }).id ?? (message as { method?: unknown }).method);
      if ((message as { id?: unknown }).id === 5) throw new Error("handler failed");
    };
    await fromServer({ jsonrpc: "2.0", id: 5, result: {} });
    await fromServer({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: 1, progress: 1 } });
    await fromServer({ jsonrpc: "2.0", id: 6, result: {} });
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([5, "notifications/progress", 6]);
    expect(errors.map((e) => e.message)).toEqual(["handler failed"]);
  });
});

