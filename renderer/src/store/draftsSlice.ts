// Drafts slice: what the user typed but has not sent (tool arguments, answers to pending inputs).
// Kept outside the components so switching tabs or a failed call never loses it.
export interface DraftsState {
  drafts: Record<string, unknown>;
}

export const initialDraftsState: DraftsState = { drafts: {} };

export const draftKeys = {
  tool: (sessionId: string, toolName: string) => `tool\u0000${sessionId}\u0000${toolName}`,
  pendingInput: (pendingInputId: string) => `input\u0000${pendingInputId}`,
};
