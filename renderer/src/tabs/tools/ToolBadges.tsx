// The badges a tool carries in the tool list: whether it runs as a task (execution.taskSupport), what its
// annotations declare (read-only, destructive, idempotent, open world: hints from the server, not
// guarantees), and whether it is an MCP App. Only what the server declared is shown; each badge explains
// itself on hover, and the list item is described by them for a screen reader (its name stays the tool's).
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { appToolInfo } from "../../../../shared/apps.js";

export interface ToolBadge {
  key: string;
  label: string;
  /** What it means, for the tooltip and the item's description. */
  meaning: string;
  tone?: "warn" | "accent";
}

export function toolBadges(tool: Tool): ToolBadge[] {
  const badges: ToolBadge[] = [];
  const support = tool.execution?.taskSupport;
  if (support === "optional" || support === "required") {
    badges.push({
      key: "task",
      label: `task: ${support}`,
      meaning: support === "required" ? "Task support required: it runs only as a task" : "Task support optional: it can run as a task or as a plain call",
    });
  }
  const a = tool.annotations && typeof tool.annotations === "object" ? tool.annotations : undefined;
  if (a?.readOnlyHint === true) badges.push({ key: "read-only", label: "read-only", meaning: "The server says it does not modify its environment (readOnlyHint)" });
  if (a?.readOnlyHint !== true && a?.destructiveHint === true)
    badges.push({ key: "destructive", label: "destructive", meaning: "The server says it may destroy or overwrite things (destructiveHint)", tone: "warn" });
  if (a?.readOnlyHint !== true && a?.idempotentHint === true)
    badges.push({ key: "idempotent", label: "idempotent", meaning: "The server says calling it again with the same arguments has no further effect (idempotentHint)" });
  if (a?.openWorldHint === true) badges.push({ key: "open-world", label: "open world", meaning: "The server says it reaches outside entities, such as the web (openWorldHint)" });
  const app = appToolInfo(tool);
  if (app) badges.push({ key: "app", label: "App", meaning: `MCP App: ${app.resourceUri.slice(0, 500)}`, tone: "accent" });
  return badges;
}

/** The badges of one tool; `id` lets its list item name them as its description (aria-describedby). */
export function ToolBadges({ tool, id }: { tool: Tool; id: string }) {
  const badges = toolBadges(tool);
  if (badges.length === 0) return null;
  return (
    <span className="tool-badges" id={id}>
      {badges.map((b) => (
        <span key={b.key} className={`tool-badge${b.tone ? ` tool-badge-${b.tone}` : ""}`} title={b.meaning}>
          {b.label}
          <span className="visually-hidden">: {b.meaning}.</span>
        </span>
      ))}
    </span>
  );
}
