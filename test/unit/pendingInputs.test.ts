// Pending inputs: every entry leaves exactly once (answered or withdrawn), the UI is told why, and a
// late answer gets a precise error instead of reaching a request that is gone (R10, R6, S1).
import { describe, expect, it, vi } from "vitest";
import type { InspectorEvent } from "../../shared/contract.js";
import type { PendingInput } from "../../shared/types.js";
import { EventBus } from "../../main/core/eventBus.js";
import { PendingInputNotFoundError, PendingInputs, type PendingInputHooks } from "../../main/core/pendingInputs.js";

function input(id: string, overrides: Partial<PendingInput> = {}): PendingInput {
  return {
    id,
    sessionId: "session-a",
    serverName: "fixture",
    kind: "elicitation",
    params: { message: "Name?" },
    receivedAt: "2025-11-25T12:00:00.000Z",
    ...overrides,
  };
}

function setup() {
  const bus = new EventBus();
  const events: InspectorEvent[] = [];
  bus.subscribe((e) => events.push(e));
  const inputs = new PendingInputs(bus);
  const hooks = () => ({
    answered: vi.fn<PendingInputHooks["answered"]>(),
    withdrawn: vi.fn<PendingInputHooks["withdrawn"]>(),
  });
  return { inputs, events, hooks };
}

describe("PendingInputs", () => {
  it("R14: an answer reaches the waiting request once, and the entry leaves with an event", () => {
    const { inputs, events, hooks } = setup();
    const h = hooks();
    inputs.add(input("p1"), h);
    expect(inputs.list().map((p) => p.id)).toEqual(["p1"]);
    expect(events).toEqual([{ type: "pendingInputAdded", payload: input("p1") }]);

    inputs.answer("p1", { kind: "elicitation", result: { action: "accept", content: { name: "Ada" } } });
    expect(h.answered).toHaveBeenCalledTimes(1);
    expect(h.answered).toHaveBeenCalledWith({ kind: "elicitation", result: { action: "accept", content: { name: "Ada" } } });
    expect(inputs.get("p1")).toBeUndefined();
    expect(events.at(-1)).toEqual({ type: "pendingInputAnswered", payload: { pendingInputId: "p1", sessionId: "session-a" } });

    expect(() => inputs.answer("p1", { kind: "elicitation", result: { action: "decline" } })).toThrow(
      new PendingInputNotFoundError("This request is no longer pending: it was already answered"),
    );
    inputs.withdraw("p1", "taskCancelled", "too late");
    expect(h.answered).toHaveBeenCalledTimes(1);
    expect(h.withdrawn).not.toHaveBeenCalled();
  });

  it("R10: a withdrawn input tells the UI why, releases its waiter once, and refuses a late answer with that reason", () => {
    const { inputs, events, hooks } = setup();
    const h = hooks();
    inputs.add(input("p1", { receiverTaskId: "t1" }), h);
    inputs.withdraw("p1", "taskCancelled", "Task t1 was cancelled: Cancelled by the server");
    expect(events.at(-1)).toEqual({
      type: "pendingInputWithdrawn",
      payload: { pendingInputId: "p1", sessionId: "session-a", reason: "taskCancelled", message: "Task t1 was cancelled: Cancelled by the server" },
    });
    expect(h.withdrawn).toHaveBeenCalledExactlyOnceWith("taskCancelled", "Task t1 was cancelled: Cancelled by the server");

    inputs.withdraw("p1", "taskExpired", "again");
    expect(h.withdrawn).toHaveBeenCalledTimes(1);
    expect(() => inputs.require("p1")).toThrow(/no longer pending: Task t1 was cancelled/);
    expect(() => inputs.answer("p1", { kind: "elicitation", result: { action: "accept" } })).toThrow(/no longer pending: Task t1 was cancelled/);
    expect(h.answered).not.toHaveBeenCalled();
  });

  it("an answer of the wrong kind is refused and the input stays pending", () => {
    const { inputs, hooks } = setup();
    const h = hooks();
    inputs.add(input("p1"), h);
    expect(() => inputs.answer("p1", { kind: "sampling", result: { role: "assistant", content: { type: "text", text: "x" }, model: "m" } })).toThrow(
      /is elicitation, not sampling/,
    );
    expect(inputs.get("p1")).toBeDefined();
    expect(h.answered).not.toHaveBeenCalled();
  });

  it("an unknown id is a readable error", () => {
    const { inputs } = setup();
    expect(() => inputs.require("nope")).toThrow(new PendingInputNotFoundError("No pending request with id nope"));
  });

  it("S1: withdrawSession withdraws that session's inputs only", () => {
    const { inputs, events, hooks } = setup();
    const mine = [hooks(), hooks()];
    const other = hooks();
    inputs.add(input("a1"), mine[0] as PendingInputHooks);
    inputs.add(input("b1", { sessionId: "session-b" }), other);
    inputs.add(input("a2", { kind: "sampling" }), mine[1] as PendingInputHooks);
    inputs.withdrawSession("session-a", "disconnected", "The session ended: the server exited");
    expect(inputs.list().map((p) => p.id)).toEqual(["b1"]);
    for (const h of mine) expect(h.withdrawn).toHaveBeenCalledExactlyOnceWith("disconnected", "The session ended: the server exited");
    expect(other.withdrawn).not.toHaveBeenCalled();
    expect(events.filter((e) => e.type === "pendingInputWithdrawn").map((e) => (e.payload as { pendingInputId: string }).pendingInputId)).toEqual(["a1", "a2"]);
  });

  it("the memory of departed inputs is bounded: old ones fall back to the unknown-id message", () => {
    const { inputs, hooks } = setup();
    for (let i = 0; i < 1001; i++) {
      inputs.add(input(`p${i}`), hooks());
      inputs.withdraw(`p${i}`, "taskExpired", `expired ${i}`);
    }
    expect(() => inputs.require("p0")).toThrow("No pending request with id p0");
    expect(() => inputs.require("p1")).toThrow("no longer pending: expired 1");
    expect(() => inputs.require("p1000")).toThrow("no longer pending: expired 1000");
  });
});
