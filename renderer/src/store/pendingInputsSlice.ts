// Pending-inputs slice: sampling and elicitation requests waiting on the user. An answered input
// leaves; a withdrawn one leaves the list of things to answer but stays visible as a note saying
// why, until the user dismisses it (never a silent disappearance).
import type { InspectorEvent } from "../../../shared/contract.js";
import type { PendingInput, WithdrawReason } from "../../../shared/types.js";

export interface WithdrawnNote {
  input: PendingInput;
  reason: WithdrawReason;
  message: string;
}

export interface PendingInputsState {
  pendingInputs: PendingInput[];
  withdrawnNotes: WithdrawnNote[];
}

export const initialPendingInputsState: PendingInputsState = { pendingInputs: [], withdrawnNotes: [] };

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
        pendingInputs: next.pendingInputs.filter((p) => p.id !== pendingInputId),
        withdrawnNotes: [...next.withdrawnNotes, { input, reason, message }],
      };
    }
  }
  return next;
}
