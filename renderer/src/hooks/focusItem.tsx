// An item the shell asked to show (a clicked notification: a pending input, or a client task with
// its session). The tab it lives in highlights it and moves focus there.
import { createContext, useContext, useEffect, useRef } from "react";

export interface FocusItem {
  itemId: string;
  sessionId?: string;
  /** Changes on every request, so asking for the same item twice still scrolls to it. */
  seq: number;
}

export const FocusItemContext = createContext<FocusItem | undefined>(undefined);

export function useFocusItem(): FocusItem | undefined {
  return useContext(FocusItemContext);
}

/** A ref for an item's element: scrolled into view and focused when the shell asks for that item. */
export function useFocusTarget<T extends HTMLElement>(itemId: string) {
  const ref = useRef<T>(null);
  const focus = useFocusItem();
  const wanted = focus?.itemId === itemId ? focus.seq : undefined;
  useEffect(() => {
    if (wanted === undefined || !ref.current) return;
    ref.current.scrollIntoView?.({ block: "center" });
    ref.current.focus();
  }, [wanted]);
  return ref;
}
