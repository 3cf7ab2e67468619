// Tools slice: each session's tool list (from tools/list) and the runs the user started. Runs are the
// renderer's own record of its calls; a run as a task points at the client task, whose state lives
// in the tasks slice and comes only from events.
import type { Tool, CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { InspectorEvent } from "../../../shared/contract.js";
import type { CacheHints } from "../../../shared/types.js";

export interface SessionTools {
  tools: Tool[];
  loading: boolean;
  error?: string;
  /** The server said notifications/tools/list_changed since the list was fetched. */
  stale: boolean;
  /** E6: the first page's cache hints, as the server sent them. */
  cache?: CacheHints;
}

export interface ToolRun {
  id: number;
  sessionId: string;
  toolName: string;
  arguments: Record<string, unknown>;
  asTask: boolean;
  status: "running" | "done" | "error";
  result?: CallToolResult;
  error?: string;
  taskId?: string;
  startedAt: number;
}

export interface ToolsState {
  toolsBySession: Record<string, SessionTools>;
  selectedTool: Record<string, string>;
  runs: ToolRun[];
}

export const initialToolsState: ToolsState = { toolsBySession: {}, selectedTool: {}, runs: [] };

/** Runs kept; older ones drop off so a long session does not grow without bound. */
export const RUNS_KEPT = 200;

export function reduceTools(state: ToolsState, events: InspectorEvent[]): ToolsState {
  let toolsBySession = state.toolsBySession;
  for (const event of events) {
    if (event.type !== "logEntry" || event.payload.direction !== "in" || event.payload.method !== "notifications/tools/list_changed") continue;
    const current = toolsBySession[event.payload.sessionId];
    if (!current || current.stale) continue;
    toolsBySession = { ...toolsBySession, [event.payload.sessionId]: { ...current, stale: true } };
  }
  return toolsBySession === state.toolsBySession ? state : { ...state, toolsBySession };
}
