// Tools slice: each session's tool list (from tools/list) and the runs the user started. Runs are the
// core's (issue 13): they come from getSnapshot and the `toolRunChanged` / `toolRunProgress` events, so a
// reloaded window has them all. A run as a task points at the client task, whose state lives in the
// tasks slice and comes only from events.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { InspectorEvent } from "../../../shared/contract.js";
import type { CacheHints, ToolRun } from "../../../shared/types.js";

export type { ToolRun };

export interface SessionTools {
  tools: Tool[];
  loading: boolean;
  error?: string;
  /** The server said notifications/tools/list_changed since the list was fetched. */
  stale: boolean;
  /** E6: the first page's cache hints, as the server sent them. */
  cache?: CacheHints;
}

export interface ToolsState {
  toolsBySession: Record<string, SessionTools>;
  selectedTool: Record<string, string>;
  /** Newest first. */
  runs: ToolRun[];
}

export const initialToolsState: ToolsState = { toolsBySession: {}, selectedTool: {}, runs: [] };

/**
 * Runs kept per session, as the core keeps them (TOOL_RUNS_KEPT in shared/types.ts; a number here, because
 * the page imports only types from shared/); older ones drop off so a long session does not grow without bound.
 */
export const RUNS_KEPT = 200;

export function reduceTools(state: ToolsState, events: InspectorEvent[]): ToolsState {
  let toolsBySession = state.toolsBySession;
  let runs = state.runs;
  for (const event of events) {
    if (event.type === "toolRunChanged") runs = withRun(runs, event.payload);
    else if (event.type === "toolRunProgress") {
      const { runId, progress } = event.payload;
      const index = runs.findIndex((r) => r.runId === runId);
      if (index === -1 || runs[index]!.status !== "running") continue;
      runs = runs.slice();
      runs[index] = { ...runs[index]!, progress };
    }
    if (event.type !== "logEntry" || event.payload.direction !== "in" || event.payload.method !== "notifications/tools/list_changed") continue;
    const current = toolsBySession[event.payload.sessionId];
    if (!current || current.stale) continue;
    toolsBySession = { ...toolsBySession, [event.payload.sessionId]: { ...current, stale: true } };
  }
  return toolsBySession === state.toolsBySession && runs === state.runs ? state : { ...state, toolsBySession, runs };
}

/** The core's runs from a snapshot, newest first. */
export function runsFromSnapshot(runs: ToolRun[] | undefined): ToolRun[] {
  return [...(runs ?? [])].sort((a, b) => b.runId - a.runId);
}

function withRun(runs: ToolRun[], run: ToolRun): ToolRun[] {
  const index = runs.findIndex((r) => r.runId === run.runId);
  if (index !== -1) {
    const next = runs.slice();
    // A progress event may be newer than the run's last full copy.
    next[index] = run.status === "running" && !run.progress && runs[index]!.progress ? { ...run, progress: runs[index]!.progress } : run;
    return next;
  }
  const next = [run, ...runs];
  const ofSession = next.filter((r) => r.sessionId === run.sessionId);
  if (ofSession.length <= RUNS_KEPT) return next;
  const oldest = ofSession.at(-1)!;
  return next.filter((r) => r !== oldest);
}
