// "Waiting on you": which requests a run or a task waits on, and the line that says so with an Answer
// link. A request names the server task it belongs to (related-task `_meta`, Q3; a modern task's input
// requests, M5); a legacy request or an MRTR round (I1) names nothing, so it is the session's running call's,
// as the core's request guard reads it too.
import type { ClientTask, PendingInput, ToolRun } from "../../../../shared/types.js";
import { taskKey } from "../../store/keys.js";
import { useOpenRequest } from "./requestDialogState.js";

/** The request's kind in the user's words: "sampling", "elicitation" or "elicitation (URL)". */
export function waitingKind(input: PendingInput): string {
  return input.kind === "sampling" ? "sampling" : input.params.mode === "url" ? "elicitation (URL)" : "elicitation";
}

/** A running call of a session that names no task yet: when it started (the core's clock, ms). */
export interface RunningCall {
  runId: number;
  startedAt: number;
}

/** The session's running calls that name no task, as a stable key for a store selector ("runId:startedAt,…"). */
export function runningCallsKey(runs: readonly ToolRun[], sessionId: string): string {
  let key = "";
  for (const r of runs) if (r.sessionId === sessionId && r.status === "running" && !r.taskId) key += `${key ? "," : ""}${r.runId}:${r.startedAt}`;
  return key;
}

export function runningCallsOf(key: string): RunningCall[] {
  return key ? key.split(",").map((pair) => ({ runId: Number(pair.split(":")[0]), startedAt: Number(pair.split(":")[1]) })) : [];
}

/**
 * The waiting requests a run waits on, oldest first. A request that names no task belongs to a call that was
 * running when it came: of the session's running calls (`running`), those started by then. With one such
 * call it is that call's; with several it could be any of them, and each says it waits.
 */
export function inputsOfRun(run: ToolRun, clientTask: ClientTask | undefined, pending: readonly PendingInput[], running: readonly RunningCall[] = []): PendingInput[] {
  const ofSession = pending.filter((p) => p.sessionId === run.sessionId);
  if (run.taskId) {
    const linked = new Set(clientTask?.pendingInputIds ?? []);
    return ofSession.filter((p) => p.relatedTaskId === run.taskId || linked.has(p.id));
  }
  if (run.status !== "running") return [];
  return ofSession.filter((p) => {
    if (p.relatedTaskId !== undefined) return false;
    const arrived = Date.parse(p.receivedAt);
    const callers = running.filter((c) => c.startedAt <= arrived);
    // No call known to have been running then (an unreadable time, or the runs not in yet): any may be it.
    return callers.length === 0 || callers.some((c) => c.runId === run.runId);
  });
}

/** The waiting requests by what they name, so that each task row finds its own without a scan. */
export interface PendingIndex {
  byId: ReadonlyMap<string, PendingInput>;
  /** By the key of the receiver task a request was made for (that link holds before the task's record names it). */
  byReceiverTask: ReadonlyMap<string, readonly PendingInput[]>;
  /** By the key of the server task a request names in its related-task `_meta` (Q3). */
  byRelatedTask: ReadonlyMap<string, readonly PendingInput[]>;
}

export function indexPending(pending: readonly PendingInput[]): PendingIndex {
  const byId = new Map<string, PendingInput>();
  const byReceiverTask = new Map<string, PendingInput[]>();
  const byRelatedTask = new Map<string, PendingInput[]>();
  const add = (map: Map<string, PendingInput[]>, key: string, input: PendingInput) => {
    const list = map.get(key);
    if (list) list.push(input);
    else map.set(key, [input]);
  };
  for (const p of pending) {
    byId.set(p.id, p);
    if (p.receiverTaskId !== undefined) add(byReceiverTask, taskKey(p.sessionId, p.receiverTaskId), p);
    if (p.relatedTaskId !== undefined) add(byRelatedTask, taskKey(p.sessionId, p.relatedTaskId), p);
  }
  return { byId, byReceiverTask, byRelatedTask };
}

/**
 * The requests a task waits on the user for, in the order the task names them, then those that name it:
 * its input requests (or the one a receiver task was made for) and the requests naming it as related (Q3).
 */
export function inputsOfTask(row: { key: string; kind: "client" | "receiver"; linkedInputIds: readonly string[] }, index: PendingIndex): PendingInput[] {
  const found = new Set<PendingInput>();
  for (const id of row.linkedInputIds) {
    const input = index.byId.get(id);
    if (input) found.add(input);
  }
  for (const input of (row.kind === "receiver" ? index.byReceiverTask : index.byRelatedTask).get(row.key) ?? []) found.add(input);
  return [...found];
}

/** "Waiting on you: elicitation" and an Answer link that opens the oldest of them. */
export function WaitingOnYou({ inputs, what }: { inputs: readonly PendingInput[]; what: string }) {
  const open = useOpenRequest();
  const first = inputs[0];
  if (!first) return null;
  const kinds = [...new Set(inputs.map(waitingKind))].join(", ");
  return (
    <p className="waiting-on-you" role="status">
      <span>
        Waiting on you: {kinds}
        {inputs.length > 1 ? ` (${inputs.length} requests)` : ""}
      </span>
      <button type="button" className="link" aria-label={`Answer the ${waitingKind(first)} request ${what} waits on`} onClick={() => open(first)}>
        Answer
      </button>
    </p>
  );
}
