// AP1/AP2: how the Tools tab marks an App tool: an "App" tag in the list, and in the tool's detail the View
// it names, whether that came through the deprecated flat key, and who may call the tool.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { appToolInfo } from "../../../shared/apps.js";
import "../styles/apps.css";

export function AppTag({ tool }: { tool: Tool }) {
  const app = appToolInfo(tool);
  if (!app) return null;
  return (
    <span className="app-tag" title={`MCP App: ${app.resourceUri}`}>
      App
    </span>
  );
}

export function AppToolFacts({ tool }: { tool: Tool }) {
  const app = appToolInfo(tool);
  if (!app) return null;
  const who = app.visibility.length === 0 ? "nobody (its visibility lists neither the model nor its App)" : app.visibility.map((v) => (v === "model" ? "the user" : "its App")).join(" and ");
  return (
    <dl className="app-facts" aria-label="MCP App">
      <dt>MCP App</dt>
      <dd className="app-uri">{app.resourceUri}</dd>
      {app.deprecatedKey && <dd className="note">Named through the deprecated _meta["ui/resourceUri"]: use _meta.ui.resourceUri.</dd>}
      <dt>Called by</dt>
      <dd>{who}</dd>
    </dl>
  );
}
