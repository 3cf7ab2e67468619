// Issue 19: a session's pending inputs hold at most PENDING_INPUTS_BYTES of params whole; past it, a new
// input's params are cut and say so (what the page shows and a withdrawn note keeps stays bounded).
import { describe, expect, it } from "vitest";
import { EventBus } from "../../main/core/eventBus.js";
import { PendingInputs } from "../../main/core/pendingInputs.js";
import { WithdrawnNotes } from "../../main/core/withdrawnNotes.js";
import { jsonSize, NOTE_PARAMS_BYTES } from "../../shared/byteBudget.js";
import { eventSchemas, type InspectorEvent } from "../../shared/contract.js";
import type { PendingInput } from "../../shared/types.js";

const KB = 1024;
const MB = 1024 * KB;
const hooks = { answered: () => {}, withdrawn: () => {} };
const input = (id: string, sessionId: string, bytes: number): PendingInput => ({
  id,
  sessionId,
  serverName: "big",
  kind: "elicitation",
  params: { message: `${id}:${"e".repeat(bytes)}`, requestedSchema: { type: "object", properties: {} } },
  receivedAt: new Date(0).toISOString(),
});

describe("pending inputs bounded by bytes", () => {
  it("past the session's budget a new input's params are cut, the cut said; answering frees the budget; another session is untouched; a withdrawn note keeps the cut", () => {
    const bus = new EventBus();
    const events: InspectorEvent[] = [];
    bus.subscribe((e) => events.push(e));
    const notes: PendingInput[] = [];
    const inputs = new PendingInputs(bus, (i) => notes.push(i), { bytes: MB, cutTo: 16 * KB });
    inputs.add(input("a", "s1", 600 * KB), hooks);
    inputs.add(input("b", "s1", 600 * KB), hooks);
    inputs.add(input("c", "s2", 600 * KB), hooks);
    expect(inputs.get("a")?.cut).toBeUndefined();
    const b = inputs.get("b")!;
    expect(b.cut).toEqual({ bytes: expect.any(Number), kept: expect.any(Number) });
    expect(b.cut!.bytes).toBeGreaterThan(600 * KB);
    expect(jsonSize(b.params)).toBeLessThanOrEqual(16 * KB);
    expect(String(b.params.message).startsWith("b:eee")).toBe(true);
    expect(b.params.requestedSchema).toEqual({ type: "object", properties: {} });
    expect(inputs.get("c")?.cut).toBeUndefined();
    for (const e of events) expect(eventSchemas[e.type].safeParse(e.payload).success).toBe(true);
    expect((events.find((e) => e.type === "pendingInputAdded" && e.payload.id === "b")?.payload as PendingInput).cut).toBeDefined();

    inputs.withdraw("b", "requestCancelled", "gone");
    expect(notes[0]?.cut).toBeDefined();
    inputs.answer("a", { kind: "elicitation", result: { action: "decline" } });
    inputs.add(input("d", "s1", 600 * KB), hooks);
    expect(inputs.get("d")?.cut).toBeUndefined();
  });
});

describe("withdrawn notes bounded by bytes", () => {
  it("a note keeps at most NOTE_PARAMS_BYTES of its request, with the request's full size; a small one is kept as it was", () => {
    const notes = new WithdrawnNotes(new EventBus(), { now: () => 1 });
    notes.add(input("big", "s1", 10 * MB), "requestCancelled", "gone");
    notes.add(input("small", "s1", 100), "requestCancelled", "gone");
    const [big, small] = notes.list();
    expect(jsonSize(big!.input.params)).toBeLessThanOrEqual(NOTE_PARAMS_BYTES);
    expect(big!.input.cut!.bytes).toBeGreaterThan(10 * MB);
    expect(String(big!.input.params.message).startsWith("big:eee")).toBe(true);
    expect(small!.input.cut).toBeUndefined();
    expect(small!.input.params).toEqual(input("small", "s1", 100).params);
  });
});
