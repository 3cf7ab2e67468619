// Which waiting request the request dialog shows. Kept in the drafts (view state), so any control (a run
// card's Answer link, a Tasks row) can open a given request, and Escape's "not now" lasts while the window
// does. Small and eager: the dialog itself is a chunk of its own.
import { useCallback } from "react";
import type { PendingInput } from "../../../../shared/types.js";
import { useInspectorStore } from "../../app/context.js";
import { useSelectTab } from "../../app/navigation.js";
import { draftKeys } from "../../store/draftsSlice.js";

export const REQUEST_DIALOG_KEY = draftKeys.view("requests", "dialog");

export interface RequestDialogState {
  /** A request the user asked to see (Answer), shown even if it was set aside. */
  asked?: string;
  /** Requests the user set aside with Escape: they stay pending, and the dialog does not come back for them by itself. */
  setAside: string[];
}

const EMPTY: RequestDialogState = { setAside: [] };

export function dialogStateOf(value: unknown): RequestDialogState {
  return value && typeof value === "object" && Array.isArray((value as RequestDialogState).setAside) ? (value as RequestDialogState) : EMPTY;
}

/** Waiting requests, oldest first (the order they reached the core; ISO times sort as text). */
export function oldestFirst(inputs: readonly PendingInput[]): PendingInput[] {
  return [...inputs].sort((a, b) => (a.receivedAt < b.receivedAt ? -1 : a.receivedAt > b.receivedAt ? 1 : 0));
}

/** The request the dialog shows: the one asked for while it waits, else the oldest not set aside. */
export function shownRequest(waiting: readonly PendingInput[], state: RequestDialogState): PendingInput | undefined {
  const asked = state.asked !== undefined ? waiting.find((p) => p.id === state.asked) : undefined;
  if (asked) return asked;
  const aside = new Set(state.setAside);
  return waiting.find((p) => !aside.has(p.id));
}

/**
 * Opens one waiting request where the user answers it: the dialog, or (dialog switched off in Settings)
 * the request's own tab with the request in view.
 */
export function useOpenRequest(): (input: PendingInput) => void {
  const store = useInspectorStore();
  const selectTab = useSelectTab();
  return useCallback(
    (input: PendingInput) => {
      const state = store.getState();
      if (state.settings?.waitingRequestsIn === "panel") {
        selectTab(input.kind === "sampling" ? "sampling" : "elicitations");
        return;
      }
      const now = dialogStateOf(state.drafts[REQUEST_DIALOG_KEY]);
      state.setDraft(REQUEST_DIALOG_KEY, { asked: input.id, setAside: now.setAside.filter((id) => id !== input.id) });
    },
    [store, selectTab],
  );
}
