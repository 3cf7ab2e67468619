// Requests that waited on the user and left (answered, declined, cancelled, rejected or withdrawn), kept
// with what was sent back and how long the user took, so the Sampling and Elicitations tabs can show what
// happened after the card is gone. Bounded by bytes and by count like the message log: the oldest entries
// go first, each keeps at most REQUEST_HISTORY_ENTRY_BYTES of the request and of the answer, and what was
// dropped is counted so the page can say so.
import { cutToFit, jsonSize, REQUEST_HISTORY_BYTES, REQUEST_HISTORY_ENTRY_BYTES, REQUEST_HISTORY_KEPT, withParamsWithin } from "../../shared/byteBudget.js";
import type { PendingInput, RequestHistoryDropped, RequestHistoryEntry, RequestOutcome, WithdrawReason } from "../../shared/types.js";
import type { EventBus } from "./eventBus.js";
import type { Clock } from "./ports.js";
import type { PendingAnswer } from "./pendingInputs.js";

interface Kept {
  entry: RequestHistoryEntry;
  bytes: number;
}

export interface RequestHistoryBudget {
  bytes: number;
  entryBytes: number;
  kept: number;
}

export class RequestHistory {
  /** By pending input id, oldest first. */
  private readonly entries = new Map<string, Kept>();
  private bytes = 0;
  private readonly droppedSoFar: RequestHistoryDropped = { entries: 0, bytes: 0 };

  constructor(
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly budget: RequestHistoryBudget = { bytes: REQUEST_HISTORY_BYTES, entryBytes: REQUEST_HISTORY_ENTRY_BYTES, kept: REQUEST_HISTORY_KEPT },
  ) {}

  answered(input: PendingInput, answer: PendingAnswer): void {
    if (answer.kind === "sampling") {
      if ("error" in answer) this.add(input, "rejected", { error: answer.error });
      else this.add(input, "answered", answer.result);
    } else {
      this.add(input, ELICIT_OUTCOME[answer.result.action], answer.result);
    }
  }

  withdrawn(input: PendingInput, reason: WithdrawReason, message: string): void {
    this.add(input, "withdrawn", undefined, { reason, message });
  }

  list(): RequestHistoryEntry[] {
    return [...this.entries.values()].map((k) => k.entry);
  }

  get dropped(): RequestHistoryDropped {
    return { ...this.droppedSoFar };
  }

  /** A removed session's entries go with it (no event: the page forgets the whole session). */
  forgetSession(sessionId: string): void {
    for (const [id, kept] of this.entries) {
      if (kept.entry.input.sessionId !== sessionId) continue;
      this.entries.delete(id);
      this.bytes -= kept.bytes;
    }
  }

  private add(input: PendingInput, outcome: RequestOutcome, sent: unknown, withdrawn?: { reason: WithdrawReason; message: string }): void {
    if (this.entries.has(input.id)) return;
    const now = this.clock.now();
    const asked = withParamsWithin(input, this.budget.entryBytes);
    const fitted = sent === undefined ? undefined : cutToFit(sent, this.budget.entryBytes);
    const entry: RequestHistoryEntry = {
      input: asked,
      outcome,
      ...(fitted ? { sent: fitted.value } : {}),
      ...(fitted?.cut ? { sentCut: fitted.cut } : {}),
      ...(withdrawn ? { withdrawn } : {}),
      settledAt: now,
      tookMs: Math.max(0, now - (Date.parse(input.receivedAt) || now)),
    };
    const bytes = jsonSize(entry);
    this.entries.set(input.id, { entry, bytes });
    this.bytes += bytes;
    const droppedIds: string[] = [];
    // The newest entry always stays: it is at most two cut halves, far below any budget.
    while ((this.bytes > this.budget.bytes || this.entries.size > this.budget.kept) && this.entries.size > 1) {
      const [oldestId, oldest] = this.entries.entries().next().value as [string, Kept];
      this.entries.delete(oldestId);
      this.bytes -= oldest.bytes;
      this.droppedSoFar.entries += 1;
      this.droppedSoFar.bytes += oldest.bytes;
      droppedIds.push(oldestId);
    }
    this.bus.emit("requestHistoryAdded", { entry, droppedIds, dropped: this.dropped });
  }
}

const ELICIT_OUTCOME: Record<"accept" | "decline" | "cancel", RequestOutcome> = { accept: "accepted", decline: "declined", cancel: "cancelled" };
