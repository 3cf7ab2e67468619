// "Waiting on you": which requests a run or a task waits on, and the line that says so with an Answer
// link. A request names the server task it belongs to (related-task `_meta`, Q3; a modern task's input
// requests, M5); a legacy request or an MRTR round (I1) names nothing, so it is the session's running call's,
// as the core's request guard reads it too.
import type { ClientTask, PendingInput, ToolRun } from "../../../../shared/types.js";
import { useOpenRequest } from "./requestDialogState.js";

/** The request's kind in the user's words: "sampling", "elicitation" or "elicitation (URL)". */
export function waitingKind(input: PendingInput): string {
  return input.kind === "sampling" ? "sampling" : input.params.mode === "url" ? "elicitation (URL)" : "elicitation";
}

/** The waiting requests a run waits on, oldest first. */
export function inputsOfRun(run: ToolRun, clientTask: ClientTask | undefined, pending: readonly PendingInput[]): PendingInput[] {
  const ofSession = pending.filter((p) => p.sessionId === run.sessionId);
  if (run.taskId) {
    const linked = new Set(clientTask?.pendingInputIds ?? []);
    return ofSession.filter((p) => p.relatedTaskId === run.taskId || linked.has(p.id));
  }
  if (run.status !== "running") return [];
  return ofSession.filter((p) => p.relatedTaskId === undefined);
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
