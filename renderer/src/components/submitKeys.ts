// Ctrl+Enter (Cmd+Enter on macOS) sends a form from any of its fields: a text area or the JSON editor,
// where Enter is a new line, and a form of several fields, where Enter alone does nothing.
import type { KeyboardEvent } from "react";

/** For a form's onKeyDownCapture: presses its first submit button, unless that is disabled. */
export function submitOnModEnter(e: KeyboardEvent<HTMLFormElement>): void {
  if (e.key !== "Enter" || !(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.nativeEvent.isComposing) return;
  // Captured before the field sees it: the JSON editor would otherwise insert a line.
  e.preventDefault();
  e.stopPropagation();
  const submit = e.currentTarget.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (submit && !submit.disabled) e.currentTarget.requestSubmit(submit);
}

/** The keys, as the submit button declares them to assistive technology. */
export const SUBMIT_KEYS = { "aria-keyshortcuts": "Control+Enter Meta+Enter" } as const;
