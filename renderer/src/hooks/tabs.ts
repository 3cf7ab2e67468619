// The tab names users know MCP by, in shortcut order (Ctrl/Cmd+1 … 9).
export const TAB_IDS = ["tools", "tasks", "sampling", "elicitations", "resources", "prompts", "logs", "checks", "collections"] as const;
export type TabId = (typeof TAB_IDS)[number];

export const TAB_LABELS: Record<TabId, string> = {
  tools: "Tools",
  tasks: "Tasks",
  sampling: "Sampling",
  elicitations: "Elicitations",
  resources: "Resources",
  prompts: "Prompts",
  logs: "Logs",
  checks: "Checks",
  collections: "Collections",
};

/** Ctrl/Cmd+digit in Electron; Alt+digit too, because a browser keeps Ctrl+digit for its own tabs. */
export function tabForShortcut(event: { key: string; code?: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }): TabId | undefined {
  if (event.shiftKey || !(event.ctrlKey || event.metaKey || event.altKey)) return undefined;
  // `code` too: on a Mac, Option+1 types "¡", so `key` is not the digit.
  const digit = /^[1-9]$/.test(event.key) ? event.key : /^Digit([1-9])$/.exec(event.code ?? "")?.[1];
  return digit ? TAB_IDS[Number(digit) - 1] : undefined;
}
