// Pending-inputs slice: sampling and elicitation requests waiting on the user. An answered input
// leaves; a withdrawn one leaves the list of things to answer but stays visible as a note saying
// why, until the user dismisses it (never a silent disappearance).
import type { InspectorEvent } from "../../../shared/contract.js";
import { NOTE_PARAMS_BYTES, withParamsWithin } from "../../../shared/byteBudget.js";
import type { PendingInput, RequestHistoryDropped, RequestHistoryEntry, WithdrawnNote } from "../../../shared/types.js";

// The core keeps the notes too (issue 13): a reloaded window gets them from getSnapshot, and a dismissal
// (in any window) arrives as `withdrawnNotesDismissed`.
export type { WithdrawnNote };

export interface PendingInputsState {
  pendingInputs: PendingInput[];
  withdrawnNotes: WithdrawnNote[];
  /** Requests that left, oldest first: a mirror of the core's bounded history (it says which it dropped). */
  requestHistory: RequestHistoryEntry[];
  requestHistoryDropped: RequestHistoryDropped;
}

export const initialPendingInputsState: PendingInputsState = { pendingInputs: [], withdrawnNotes: [], requestHistory: [], requestHistoryDropped: { entries: 0, bytes: 0 } };

export function reducePendingInputs(state: PendingInputsState, events: InspectorEvent[]): PendingInputsState {
  let next = state;
  for (const event of events) {
    if (event.type === "pendingInputAdded") {
      if (next.pendingInputs.some((p) => p.id === event.payload.id)) continue;
      next = { ...next, pendingInputs: [...next.pendingInputs, event.payload] };
    } else if (event.type === "pendingInputAnswered") {
      const id = event.payload.pendingInputId;
      if (!next.pendingInputs.some((p) => p.id === id)) continue;
      next = { ...next, pendingInputs: next.pendingInputs.filter((p) => p.id !== id) };
    } else if (event.type === "pendingInputWithdrawn") {
      const { pendingInputId, reason, message } = event.payload;
      const input = next.pendingInputs.find((p) => p.id === pendingInputId);
      if (!input) continue;
      next = {
        ...next,
        pendingInputs: next.pendingInputs.filter((p) => p.id !== pendingInputId),
        // Issue 19: as the core's note, at most NOTE_PARAMS_BYTES of the request.
        withdrawnNotes: [...next.withdrawnNotes, { input: withParamsWithin(input, NOTE_PARAMS_BYTES), reason, message }],
      };
    } else if (event.type === "requestHistoryAdded") {
      const { entry, droppedIds, dropped } = event.payload;
      const gone = new Set(droppedIds);
      const kept = gone.size ? next.requestHistory.filter((e) => !gone.has(e.input.id)) : next.requestHistory;
      next = { ...next, requestHistory: [...kept.filter((e) => e.input.id !== entry.input.id), entry], requestHistoryDropped: dropped };
    } else if (event.type === "withdrawnNotesDismissed") {
      const gone = new Set(event.payload.pendingInputIds);
      if (!next.withdrawnNotes.some((n) => gone.has(n.input.id))) continue;
      next = { ...next, withdrawnNotes: next.withdrawnNotes.filter((n) => !gone.has(n.input.id)) };
    }
  }
  return next;
}
