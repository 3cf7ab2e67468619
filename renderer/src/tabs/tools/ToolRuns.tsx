// The runs started from the Tools tab, newest first: the selected tool's, or all of the session's. A run
// as a task follows its client task in the tasks slice (status from events, result once terminal, Q4).
// A result with `isError: true` is the tool saying it failed: the run says "error", not "done".
import { useState } from "react";
import { useInspector } from "../../app/context.js";
import { useSelectTab } from "../../app/navigation.js";
import { CallToolResultView } from "../../components/CallToolResultView.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { JsonView } from "../../components/JsonView.js";
import { taskKey } from "../../store/keys.js";
import type { ToolRun } from "../../store/toolsSlice.js";

export function ToolRuns({ sessionId, toolName }: { sessionId: string; toolName?: string }) {
  const runs = useInspector((s) => s.runs);
  const [all, setAll] = useState(false);
  const ofSession = runs.filter((r) => r.sessionId === sessionId);
  const shown = all || toolName === undefined ? ofSession : ofSession.filter((r) => r.toolName === toolName);
  if (ofSession.length === 0) return null;
  const others = ofSession.length - ofSession.filter((r) => r.toolName === toolName).length;
  return (
    <section className="runs" aria-label="Runs">
      <div className="toolbar">
        <h3>{all || toolName === undefined ? "Runs of every tool" : `Runs of ${toolName}`}</h3>
        {toolName !== undefined && (all || others > 0) && (
          <button type="button" className="link" aria-pressed={all} onClick={() => setAll(!all)}>
            {all ? `Only ${toolName}` : `Show all runs (${others} of other tools)`}
          </button>
        )}
      </div>
      {shown.length === 0 && <p className="empty">No runs of {toolName} yet.</p>}
      {shown.map((run) => (
        <RunView key={run.id} run={run} />
      ))}
    </section>
  );
}

function RunView({ run }: { run: ToolRun }) {
  const clientTask = useInspector((s) => (run.taskId ? s.clientTasks[taskKey(run.sessionId, run.taskId)] : undefined));
  const selectTab = useSelectTab();
  const title = `Run ${run.id}: ${run.toolName}${run.asTask ? " as task" : ""}`;
  // A task's status comes from the tasks slice (events); until its first event it is just created.
  const status = clientTask ? clientTask.task.status : run.taskId ? "created" : run.status === "done" && run.result?.isError === true ? "error" : run.status;
  const toolFailed = run.result?.isError === true || clientTask?.result?.isError === true;
  return (
    <article className="run" aria-label={title}>
      <header className="run-head">
        <strong>{title}</strong>
        <span className={`status status-${status}`}>{status}</span>
        {toolFailed && <span className="status status-error">the tool reported an error (isError)</span>}
        {run.taskId && (
          <>
            <span className="note">task {run.taskId}</span>
            <button type="button" className="link" aria-label={`Show task ${run.taskId} in Tasks`} onClick={() => selectTab("tasks")}>
              Show in Tasks
            </button>
          </>
        )}
      </header>
      <details>
        <summary>Arguments</summary>
        <JsonView value={run.arguments} />
      </details>
      {typeof run.result?.inputRounds === "number" && (
        <p className="note">The server asked for input: the call took {run.result.inputRounds} rounds (2026-07-28 multi round-trip).</p>
      )}
      {run.taskId && !run.asTask && <p className="note">The server ran this call as a task (2026-07-28: the server decides).</p>}
      {run.error && <ErrorAlert message={run.error} />}
      {run.result && <CallToolResultView result={run.result} />}
      {clientTask && (
        <div className="run-task">
          {clientTask.task.statusMessage && <p className="note">{clientTask.task.statusMessage}</p>}
          {clientTask.progress && (
            <p className="note">
              Progress {clientTask.progress.progress}
              {clientTask.progress.total !== undefined ? ` / ${clientTask.progress.total}` : ""}
              {clientTask.progress.message ? `: ${clientTask.progress.message}` : ""}
            </p>
          )}
          {clientTask.result && <CallToolResultView result={clientTask.result} />}
          {clientTask.error && (
            <div className="status-error">
              <p>
                JSON-RPC error {clientTask.error.code}: {clientTask.error.message}
              </p>
              {clientTask.error.data !== undefined && <JsonView value={clientTask.error.data} />}
            </div>
          )}
          {clientTask.pollError && <p className="note">{clientTask.pollError}</p>}
        </div>
      )}
    </article>
  );
}
