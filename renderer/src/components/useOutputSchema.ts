// The outputSchema a tool's result is checked against (CallToolResultView), as the session's tool list last
// gave it: one lookup for a run in the Tools tab and a task's Details in the Tasks tab, so both check alike.
import { useInspector } from "../hooks/context.js";

/** Props for CallToolResultView: the session, and the tool's outputSchema when the list declares one. */
export function useResultCheckProps(sessionId: string, toolName: string): { sessionId: string; outputSchema?: unknown } {
  const outputSchema = useInspector((s) => s.toolsBySession[sessionId]?.tools.find((t) => t.name === toolName)?.outputSchema);
  return { sessionId, ...(outputSchema ? { outputSchema } : {}) };
}
