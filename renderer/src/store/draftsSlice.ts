// Drafts slice: what the user typed but has not sent (tool arguments, answers to pending inputs,
// prompt arguments) and each tab's view state (filters, the selected row). Kept outside the
// components so switching tabs or a failed call never loses it; it lasts as long as the window.
export interface DraftsState {
  drafts: Record<string, unknown>;
}

export const initialDraftsState: DraftsState = { drafts: {} };

export const draftKeys = {
  tool: (sessionId: string, toolName: string) => `tool\u0000${sessionId}\u0000${toolName}`,
  pendingInput: (pendingInputId: string) => `input\u0000${pendingInputId}`,
  /** A tab's view state; `scope` (a session id, a prompt name…) when it is kept per item. */
  view: (tab: string, name: string, ...scope: string[]) => ["view", tab, name, ...scope].join("\u0000"),
};
