// Pending inputs that left without the user's answer, kept by the core with the reason they left until the
// user dismisses them, so a reloaded window still shows them (and a dismissed one never comes back).
// Bounded per session: the oldest notes go first; each keeps at most NOTE_PARAMS_BYTES of the request's
// params (issue 19: 500 notes of 60 MB elicitations must not stay in memory).
import { NOTE_PARAMS_BYTES, withParamsWithin } from "../../shared/byteBudget.js";
import { WITHDRAWN_NOTES_KEPT, type PendingInput, type WithdrawReason, type WithdrawnNote } from "../../shared/types.js";
import type { EventBus } from "./eventBus.js";
import type { Clock } from "./ports.js";

export class WithdrawnNotes {
  /** By pending input id, oldest first. */
  private readonly notes = new Map<string, WithdrawnNote>();
  private readonly perSession = new Map<string, number>();

  constructor(
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly kept = WITHDRAWN_NOTES_KEPT,
  ) {}

  add(input: PendingInput, reason: WithdrawReason, message: string): void {
    if (this.notes.has(input.id)) return;
    this.notes.set(input.id, { input: withParamsWithin(input, NOTE_PARAMS_BYTES), reason, message, withdrawnAt: this.clock.now() });
    const count = (this.perSession.get(input.sessionId) ?? 0) + 1;
    this.perSession.set(input.sessionId, count);
    if (count > this.kept) this.dropOldestOf(input.sessionId);
  }

  list(): WithdrawnNote[] {
    return [...this.notes.values()];
  }

  dismiss(pendingInputIds: string[]): void {
    const gone = pendingInputIds.filter((id) => this.remove(id));
    if (gone.length) this.bus.emit("withdrawnNotesDismissed", { pendingInputIds: gone });
  }

  /** A removed session's notes go with it (no event: the page forgets the whole session). */
  forgetSession(sessionId: string): void {
    for (const [id, note] of this.notes) if (note.input.sessionId === sessionId) this.remove(id);
  }

  private dropOldestOf(sessionId: string): void {
    for (const [id, note] of this.notes) {
      if (note.input.sessionId === sessionId) {
        this.remove(id);
        return;
      }
    }
  }

  private remove(id: string): boolean {
    const note = this.notes.get(id);
    if (!note) return false;
    this.notes.delete(id);
    const left = (this.perSession.get(note.input.sessionId) ?? 1) - 1;
    if (left > 0) this.perSession.set(note.input.sessionId, left);
    else this.perSession.delete(note.input.sessionId);
    return true;
  }
}
