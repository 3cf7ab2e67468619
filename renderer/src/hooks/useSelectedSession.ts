import type { SessionInfo } from "../../../shared/types.js";
import { useInspector } from "./context.js";

/** The session the Tools, Resources, Prompts and Logs tabs show. */
export function useSelectedSession(): SessionInfo | undefined {
  return useInspector((s) => (s.selectedSessionId ? s.sessions[s.selectedSessionId] : undefined));
}
