// Giving the focus back: a dialog, drawer or form that took the focus returns it to whatever had it
// before (the button that opened it) if that is still in the page, else to a fallback when one is given.

/** The element that has the focus now, to give it back to later. */
export function focusedElement(): HTMLElement | null {
  return document.activeElement instanceof HTMLElement ? document.activeElement : null;
}

export function focusBack(opener: HTMLElement | null | undefined, fallback?: HTMLElement | null): void {
  if (opener?.isConnected) opener.focus();
  else fallback?.focus();
}
