// The history of requests that waited on the user: each that leaves is kept with what was sent back (or why
// it was withdrawn) and how long it waited, bounded by bytes and count with the oldest dropped first and
// counted; a huge request or answer is kept as a cut that says its size.
import { describe, expect, it, vi } from "vitest";
import type { InspectorEvent } from "../../shared/contract.js";
import type { PendingInput } from "../../shared/types.js";
import { EventBus } from "../../main/core/eventBus.js";
import { PendingInputs } from "../../main/core/pendingInputs.js";
import { RequestHistory } from "../../main/core/requestHistory.js";
import { InspectorCore } from "../../main/core/inspectorCore.js";

const T0 = Date.parse("2025-11-25T12:00:00.000Z");

function input(id: string, overrides: Partial<PendingInput> = {}): PendingInput {
  return { id, sessionId: "s1", serverName: "fixture", kind: "elicitation", params: { message: "Name?" }, receivedAt: new Date(T0).toISOString(), ...overrides };
}

function setup(budget?: { bytes: number; entryBytes: number; kept: number }) {
  const bus = new EventBus();
  const events: InspectorEvent[] = [];
  bus.subscribe((e) => events.push(e));
  const clock = { now: () => T0 + 4200 };
  const history = new RequestHistory(bus, clock, budget);
  const inputs = new PendingInputs(bus);
  inputs.history = history;
  const hooks = () => ({ answered: vi.fn(), withdrawn: vi.fn() });
  const added = () => events.flatMap((e) => (e.type === "requestHistoryAdded" ? [e.payload] : []));
  return { history, inputs, hooks, added };
}

describe("RequestHistory", () => {
  it("keeps each answer with what was sent and how long the user took: accepted, declined, cancelled, approved, rejected", () => {
    const { history, inputs, hooks } = setup();
    for (const id of ["a", "d", "c"]) inputs.add(input(id), hooks());
    inputs.add(input("s", { kind: "sampling", params: { messages: [] } }), hooks());
    inputs.add(input("r", { kind: "sampling", params: { messages: [] } }), hooks());
    inputs.answer("a", { kind: "elicitation", result: { action: "accept", content: { name: "Ada" } } });
    inputs.answer("d", { kind: "elicitation", result: { action: "decline" } });
    inputs.answer("c", { kind: "elicitation", result: { action: "cancel" } });
    inputs.answer("s", { kind: "sampling", result: { role: "assistant", content: { type: "text", text: "hi" }, model: "m" } });
    inputs.answer("r", { kind: "sampling", error: { code: -1, message: "User rejected sampling request" } });
    expect(history.list().map((e) => [e.input.id, e.outcome, e.sent, e.tookMs])).toEqual([
      ["a", "accepted", { action: "accept", content: { name: "Ada" } }, 4200],
      ["d", "declined", { action: "decline" }, 4200],
      ["c", "cancelled", { action: "cancel" }, 4200],
      ["s", "answered", { role: "assistant", content: { type: "text", text: "hi" }, model: "m" }, 4200],
      ["r", "rejected", { error: { code: -1, message: "User rejected sampling request" } }, 4200],
    ]);
  });

  it("S1, I4: a withdrawn request is kept with the reason, and nothing sent", () => {
    const { history, inputs, hooks, added } = setup();
    inputs.add(input("w"), hooks());
    inputs.withdraw("w", "disconnected", "The session ended: closed");
    expect(history.list()).toEqual([expect.objectContaining({ outcome: "withdrawn", withdrawn: { reason: "disconnected", message: "The session ended: closed" } })]);
    expect(history.list()[0]).not.toHaveProperty("sent");
    expect(added()).toHaveLength(1);
  });

  it("bounded by bytes: the oldest leave first, the event names them, and the count and bytes dropped add up", () => {
    const { history, inputs, hooks, added } = setup({ bytes: 3000, entryBytes: 64 * 1024, kept: 1000 });
    for (let i = 0; i < 10; i++) {
      inputs.add(input(`p${i}`, { params: { message: "x".repeat(500) } }), hooks());
      inputs.answer(`p${i}`, { kind: "elicitation", result: { action: "decline" } });
    }
    const kept = history.list().map((e) => e.input.id);
    expect(kept.length).toBeLessThan(10);
    expect(kept.at(-1)).toBe("p9");
    expect(history.dropped.entries).toBe(10 - kept.length);
    expect(added().flatMap((a) => a.droppedIds)).toEqual(Array.from({ length: 10 - kept.length }, (_, i) => `p${i}`));
    expect(added().at(-1)!.dropped).toEqual(history.dropped);
  });

  it("bounded by count as well", () => {
    const { history, inputs, hooks } = setup({ bytes: 1e9, entryBytes: 64 * 1024, kept: 3 });
    for (let i = 0; i < 5; i++) {
      inputs.add(input(`p${i}`), hooks());
      inputs.answer(`p${i}`, { kind: "elicitation", result: { action: "cancel" } });
    }
    expect(history.list().map((e) => e.input.id)).toEqual(["p2", "p3", "p4"]);
    expect(history.dropped.entries).toBe(2);
  });

  it("a 1 MB request and a 1 MB answer are kept as cuts that say their full size", () => {
    const { history, inputs, hooks } = setup({ bytes: 16 * 1024 * 1024, entryBytes: 4096, kept: 1000 });
    inputs.add(input("big", { params: { message: "m".repeat(1024 * 1024) } }), hooks());
    inputs.answer("big", { kind: "elicitation", result: { action: "accept", content: { text: "a".repeat(1024 * 1024) } } });
    const [entry] = history.list();
    expect(entry!.input.cut!.bytes).toBeGreaterThan(1024 * 1024);
    expect(entry!.input.cut!.kept).toBeLessThanOrEqual(4096);
    expect(entry!.sentCut!.bytes).toBeGreaterThan(1024 * 1024);
    expect(JSON.stringify(entry!.sent).length).toBeLessThanOrEqual(4096);
  });

  it("the core's snapshot carries the history, and a removed session takes its entries along", async () => {
    const core = new InspectorCore();
    await core.ready;
    core.pendingInputs.add(input("p1"), { answered: () => {}, withdrawn: () => {} });
    await core.handlers.answerElicitation({ pendingInputId: "p1", action: "decline" });
    const snapshot = await core.handlers.getSnapshot({});
    expect(snapshot.requestHistory?.entries.map((e) => [e.input.id, e.outcome])).toEqual([["p1", "declined"]]);
    core.requestHistory.forgetSession("s1");
    expect(core.requestHistory.list()).toEqual([]);
  });
});
