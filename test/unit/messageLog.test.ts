import { describe, expect, it } from "vitest";
import { MessageLog, RingBuffer } from "../../main/core/messageLog.js";
import { LogEntrySchema } from "../../shared/types.js";

describe("RingBuffer", () => {
  it("keeps items in order until full, then drops the oldest one per push", () => {
    const ring = new RingBuffer<number>(3);
    expect(ring.toArray()).toEqual([]);
    for (const n of [1, 2, 3]) ring.push(n);
    expect(ring.toArray()).toEqual([1, 2, 3]);
    for (const n of [4, 5, 6, 7]) ring.push(n);
    expect(ring.toArray()).toEqual([5, 6, 7]);
    expect(ring.size).toBe(3);
  });

  it("never holds more than its capacity, however many items pass through", () => {
    const ring = new RingBuffer<number>(5);
    for (let n = 0; n < 10_003; n++) ring.push(n);
    expect(ring.toArray()).toEqual([9998, 9999, 10_000, 10_001, 10_002]);
  });

  it("resizes keeping the newest items that fit, and keeps working after", () => {
    const ring = new RingBuffer<number>(4);
    for (let n = 1; n <= 6; n++) ring.push(n);
    ring.resize(2);
    expect(ring.toArray()).toEqual([5, 6]);
    ring.resize(5);
    expect(ring.toArray()).toEqual([5, 6]);
    for (let n = 7; n <= 10; n++) ring.push(n);
    expect(ring.toArray()).toEqual([6, 7, 8, 9, 10]);
    expect(ring.limit).toBe(5);
  });

  it("refuses a capacity below 1 instead of silently keeping nothing", () => {
    expect(() => new RingBuffer(0)).toThrow(RangeError);
    expect(() => new RingBuffer<number>(3).resize(0)).toThrow(RangeError);
  });
});

describe("MessageLog", () => {
  const time = "2026-01-01T00:00:00.000Z";

  it("records direction, time, method, id and the payload as it was", () => {
    const log = new MessageLog("s1", 10);
    const request = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "x" } };
    const entry = log.record("out", request, 1, time);
    expect(entry).toEqual({ seq: 1, sessionId: "s1", direction: "out", time, method: "tools/call", id: 7, payload: request });
    expect(LogEntrySchema.parse(entry)).toEqual(entry);
  });

  it("labels a response with the method of the request it answers, in either direction", () => {
    const log = new MessageLog("s1", 10);
    log.record("out", { jsonrpc: "2.0", id: 1, method: "tasks/get", params: { taskId: "t" } }, 1, time);
    log.record("in", { jsonrpc: "2.0", id: 1, method: "roots/list" }, 2, time);
    expect(log.record("out", { jsonrpc: "2.0", id: 1, result: { roots: [] } }, 3, time).method).toBe("roots/list");
    expect(log.record("in", { jsonrpc: "2.0", id: 1, error: { code: -32602, message: "no" } }, 4, time).method).toBe("tasks/get");
    // Answered once: a second response with the same id names nothing.
    expect(log.record("in", { jsonrpc: "2.0", id: 1, result: {} }, 5, time).method).toBeUndefined();
    // A string id is not the number with the same digits.
    log.record("out", { jsonrpc: "2.0", id: "2", method: "ping" }, 6, time);
    expect(log.record("in", { jsonrpc: "2.0", id: 2, result: {} }, 7, time).method).toBeUndefined();
    expect(log.record("in", { jsonrpc: "2.0", id: "2", result: {} }, 8, time).method).toBe("ping");
  });

  it("R7 R10: a response names the task its request named (params.taskId or related-task _meta), which an error or an empty ack does not carry; a hostile id is cut", () => {
    const log = new MessageLog("s1", 10);
    log.record("in", { jsonrpc: "2.0", id: "a", method: "tasks/result", params: { taskId: "t-1" } }, 1, time);
    const error = log.record("out", { jsonrpc: "2.0", id: "a", error: { code: -32602, message: "cancelled" } }, 2, time);
    expect(error.taskId).toBe("t-1");
    expect(LogEntrySchema.parse(error)).toEqual(error);
    log.record("in", { jsonrpc: "2.0", id: 4, method: "elicitation/create", params: { _meta: { "io.modelcontextprotocol/related-task": { taskId: "t-2" } } } }, 3, time);
    expect(log.record("out", { jsonrpc: "2.0", id: 4, result: { action: "accept" } }, 4, time).taskId).toBe("t-2");
    log.record("out", { jsonrpc: "2.0", id: 5, method: "ping" }, 5, time);
    expect(log.record("in", { jsonrpc: "2.0", id: 5, result: {} }, 6, time).taskId).toBeUndefined();
    // A request itself is not stamped: its task is in its own params.
    expect(log.record("out", { jsonrpc: "2.0", id: 6, method: "tasks/get", params: { taskId: "x".repeat(100_000) } }, 7, time).taskId).toBeUndefined();
    const cut = log.record("in", { jsonrpc: "2.0", id: 6, error: { code: -32602, message: "unknown" } }, 8, time);
    expect(cut.taskId).toHaveLength(300);
    expect(LogEntrySchema.parse(cut)).toEqual(cut);
  });

  it("keeps a note with a message that was not passed on, and notifications carry no id", () => {
    const log = new MessageLog("s1", 10);
    const dup = { jsonrpc: "2.0", id: 3, method: "elicitation/create", params: {} };
    expect(log.record("in", dup, 1, time, "Ignored: duplicate").payload).toEqual({ note: "Ignored: duplicate", message: dup });
    const note = log.record("in", { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: 1, progress: 1 } }, 2, time);
    expect(note.id).toBeUndefined();
    expect(note.method).toBe("notifications/progress");
  });

  it("is bounded by its limit and can be resized", () => {
    const log = new MessageLog("s1", 3);
    for (let i = 0; i < 5; i++) log.record("out", { jsonrpc: "2.0", method: "notifications/initialized" }, i, time);
    expect(log.toArray().map((e) => e.seq)).toEqual([2, 3, 4]);
    log.resize(2);
    expect(log.toArray().map((e) => e.seq)).toEqual([3, 4]);
    expect(log.size).toBe(2);
  });

  it("records a message that is not valid JSON-RPC without failing", () => {
    const log = new MessageLog("s1", 3);
    expect(log.record("in", null, 1, time)).toEqual({ seq: 1, sessionId: "s1", direction: "in", time, payload: null });
    expect(log.record("in", { id: { nested: true } }, 2, time).id).toBeUndefined();
  });
});
