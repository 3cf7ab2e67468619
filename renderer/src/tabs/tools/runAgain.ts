// "Edit and run": a past run's arguments put back into its tool's form, as the form's draft holds typed
// values (the form's own decompose, the inverse of collect), so the user edits what was sent rather than
// starting from the defaults. Arguments the form has no place for open the form as JSON, nothing dropped.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { buildForm, decompose, initialDraft, type FormDraft } from "../../forms/schemaForm.js";
import { draftKeys } from "../../store/draftsSlice.js";
import type { InspectorStore } from "../../store/inspectorStore.js";

export function draftOfArguments(tool: Pick<Tool, "inputSchema">, args: Record<string, unknown>): FormDraft {
  const node = buildForm(tool.inputSchema);
  const draft = initialDraft(node);
  const jsonText = JSON.stringify(args, null, 2);
  const misfits = decompose(node, args, [], draft, false);
  if (misfits.length > 0) return { ...initialDraft(node), mode: "json", jsonText };
  return { ...draft, mode: "form", jsonText };
}

/**
 * Arguments put back in the tool's form (a past run's, a saved call's): the tool selected, and once drawn,
 * its form in view with the focus in its first field. The caller shows the Tools tab if it is not open.
 */
export function openInForm(store: InspectorStore, sessionId: string, tool: Tool, args: Record<string, unknown>): void {
  const state = store.getState();
  state.setDraft(draftKeys.tool(sessionId, tool.name), draftOfArguments(tool, args));
  state.selectTool(sessionId, tool.name);
  requestAnimationFrame(() => {
    const form = document.querySelector<HTMLFormElement>(`form[aria-label="Arguments for ${CSS.escape(tool.name)}"]`);
    form?.scrollIntoView({ block: "nearest" });
    form?.querySelector<HTMLElement>("input, textarea, select")?.focus();
  });
}
