// The report's own copy of a verdict's messages (main/core/checks/evidence.ts): bounded however big or
// many the messages, and what it could not keep is counted, never silently missing.
import { describe, expect, it } from "vitest";
import { EVIDENCE_BYTES, EVIDENCE_ENTRY_BYTES, EvidenceKeeper } from "../../main/core/checks/evidence.js";
import { jsonSize } from "../../shared/byteBudget.js";
import type { LogEntry } from "../../shared/types.js";

const entry = (seq: number, payload: unknown, cut?: LogEntry["cut"]): LogEntry => ({ seq, sessionId: "s1", direction: "in", time: "t", payload, ...(cut ? { cut } : {}) });

describe("EvidenceKeeper", () => {
  it("copies the cited entries still in the log, once each, in seq order; a cited one already gone is counted lost", () => {
    const keeper = new EvidenceKeeper();
    const log = [entry(3, { id: 3 }), entry(4, { id: 4 }), entry(9, { id: 9 })];
    keeper.keep([9, 3], () => log);
    keeper.keep([3, 4, 5], () => log);
    expect(keeper.entries().map((e) => e.seq)).toEqual([3, 4, 9]);
    expect(keeper.lost).toBe(1);
    // A copy, not the log's object: the log may go on without changing it.
    expect(keeper.entries()[0]).toEqual(log[0]);
  });

  it("cuts a huge message to its cap, saying the size the log had; past the report's budget a message is counted, not kept", () => {
    const keeper = new EvidenceKeeper();
    const huge = "x".repeat(EVIDENCE_ENTRY_BYTES * 4);
    keeper.keep([1], () => [entry(1, { text: huge }, { bytes: 10_000_000, kept: EVIDENCE_ENTRY_BYTES * 4 + 11 })]);
    const [copy] = keeper.entries();
    expect(jsonSize(copy!.payload)).toBeLessThanOrEqual(EVIDENCE_ENTRY_BYTES);
    expect(copy!.cut?.bytes).toBe(10_000_000);
    // Enough cut messages to pass the budget: the rest are lost, and the copies stay within it.
    const many = Array.from({ length: Math.ceil(EVIDENCE_BYTES / EVIDENCE_ENTRY_BYTES) + 10 }, (_, i) => entry(i + 2, { text: huge }));
    keeper.keep(
      many.map((e) => e.seq),
      () => many,
    );
    const kept = keeper.entries();
    expect(kept.reduce((n, e) => n + jsonSize(e.payload), 0)).toBeLessThanOrEqual(EVIDENCE_BYTES);
    expect(keeper.lost).toBe(many.length + 1 - kept.length);
    expect(keeper.lost).toBeGreaterThan(0);
  });
});
