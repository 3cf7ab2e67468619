// useState whose value lives in the store's drafts slice, not in the component: a tab's view state
// (filters, the selected row, typed-in arguments) survives the tab unmounting when the user switches
// to another tab, and lasts as long as the window. `initial` is the value while nothing is stored;
// setting `undefined` forgets the stored value (back to `initial`).
import { useCallback, useRef } from "react";
import { useInspector, useInspectorStore } from "./context.js";

export type StoredStateSetter<T> = (next: T | ((current: T) => T)) => void;

export function useStoredState<T>(key: string, initial: T): [T, StoredStateSetter<T>] {
  const store = useInspectorStore();
  const stored = useInspector((s) => s.drafts[key]) as T | undefined;
  const initialRef = useRef(initial);
  initialRef.current = initial;
  // Stable for a key, like useState's setter, so memoised callbacks may hold it.
  const set = useCallback<StoredStateSetter<T>>(
    (next) => {
      const state = store.getState();
      const current = (state.drafts[key] as T | undefined) ?? initialRef.current;
      const value = typeof next === "function" ? (next as (current: T) => T)(current) : next;
      if (value === undefined) state.clearDraft(key);
      else if (value !== current) state.setDraft(key, value);
    },
    [store, key],
  );
  return [stored === undefined ? initial : stored, set];
}
