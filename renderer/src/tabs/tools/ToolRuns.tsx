// The runs started from the Tools tab, newest first: the selected tool's, or all of the session's. Runs
// are the core's (issue 13): they survive a reload of the window. A running run shows its progress
// (a bar that fills when the server gives a `total`, an indeterminate one otherwise, with the server's
// message) and a Cancel button; a cancelled run says so and when, not an error. A run that became a task
// follows it: its status, live time and ending are the task's (the core's `run.task`; the tasks slice gives
// its result once terminal, Q4), not the few ms of the tools/call that created it; a task the server deleted
// or that expired says so (M3, Q2). A result with `isError: true` is the tool saying it failed: the run says
// "error", not "done".
import { SaveCallButton } from "../collections/SaveCallButton.js";
import { memo, useEffect, useMemo, useRef, useState } from "react";
import { clientTaskEnding, isTerminalStatus, taskEndingWords } from "../../../../shared/taskEnding.js";
import { cutNote, formatBytes, TOOL_RUN_RESULTS_BYTES } from "../../../../shared/byteBudget.js";
import type { ClientTask, Progress, ToolRun } from "../../../../shared/types.js";
import { useBridge, useInspector, useInspectorStore } from "../../app/context.js";
import { openInForm } from "./runAgain.js";
import { revealEnded, revealRun, runCardRef } from "./revealRun.js";
import { usePictureInPicture, useSelectTab } from "../../app/navigation.js";
import { CallToolResultView } from "../../components/CallToolResultView.js";
import { readPieceOf, useTaskRemote, useWholeResult } from "../../components/RemoteText.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { JsonView } from "../../components/JsonView.js";
import { CopyButton } from "../../components/CopyButton.js";
import { RawResponse } from "../../components/RawResponse.js";
import { useNow } from "../../components/useNow.js";
import { useResultCheckProps } from "../../components/useOutputSchema.js";
import { taskKey } from "../../store/keys.js";
import { errorMessage } from "../../util/errors.js";
import { clockTime } from "../../util/time.js";
import { ClientTaskStanding } from "../tasks/ClientTaskStanding.js";
import { lastMessageLine } from "../tasks/taskEnding.js";
import { TimelineButton } from "../timeline/TimelineButton.js";
import "../../styles/runs.css";
import { appToolInfo, UI_EXTENSION } from "../../../../shared/apps.js";
import { LazyAppPanel } from "../../apps/LazyAppPanel.js";
import { useLiveAppKeys } from "../../apps/liveApps.js";
import { inputsOfRun, runningCallsKey, runningCallsOf, WaitingOnYou } from "../pending/waitingOn.js";
import { oldestFirst } from "../pending/requestDialogState.js";
import { ServerName } from "../../components/ServerName.js";

export function ToolRuns({ sessionId, toolName }: { sessionId: string; toolName?: string }) {
  const runs = useInspector((s) => s.runs);
  const [all, setAll] = useState(false);
  const ofSession = runs.filter((r) => r.sessionId === sessionId);
  const shown = all || toolName === undefined ? ofSession : ofSession.filter((r) => r.toolName === toolName);
  // AP10: the run whose App floats (picture in picture) stays mounted while other runs are listed: out of
  // sight while it floats, in sight once it is back inline.
  const pip = usePictureInPicture();
  const pinned = runs.find((r) => floatKeyOf(r) === pip.key && !shown.includes(r));
  const floating = pinned && pip.owner ? pinned : undefined;
  // AP14: a run whose App is live stays mounted, out of sight, while another tool or session is shown.
  const liveKeys = useLiveAppKeys();
  const keptLive = runs.filter((r) => liveKeys.has(floatKeyOf(r)) && !shown.includes(r) && r !== pinned);
  const listed = pinned || keptLive.length > 0 ? runs.filter((r) => shown.includes(r) || r === pinned || keptLive.includes(r)) : shown;
  if (ofSession.length === 0 && !pinned && keptLive.length === 0) return null;
  const others = ofSession.length - ofSession.filter((r) => r.toolName === toolName).length;
  return (
    <section className="runs" aria-label="Runs">
      <div className="toolbar">
        <h3>
          {all || toolName === undefined ? (
            "Runs of every tool"
          ) : (
            <>
              Runs of <ServerName text={toolName} />
            </>
          )}
        </h3>
        {toolName !== undefined && (all || others > 0) && (
          <button type="button" className="link" aria-pressed={all} onClick={() => setAll(!all)}>
            {all ? `Only ${toolName}` : `Show all runs (${others} of other tools)`}
          </button>
        )}
      </div>
      {shown.length === 0 && <p className="empty">No runs of {toolName} yet.</p>}
      {listed.map((run) => (
        // Issue 20: the newest run of an App tool shows its App.
        <RunView
          key={floatKeyOf(run)}
          run={run}
          kept={run === floating || keptLive.includes(run)}
          newestOfTool={run === pinned || keptLive.includes(run) || shown.find((r) => r.toolName === run.toolName) === run}
        />
      ))}
    </section>
  );
}

const TERMINAL = new Set(["completed", "failed", "cancelled"]);
type RunTask = NonNullable<ToolRun["task"]>;

/** The task a run became, as the core follows it; from the tasks slice for a run recorded before it did. */
function runTaskOf(run: ToolRun, clientTask: ClientTask | undefined): RunTask | undefined {
  if (run.task) return run.task;
  if (!clientTask) return undefined;
  const ending = clientTaskEnding(clientTask);
  return { status: clientTask.task.status, ...(ending ? { ending } : {}) };
}

const floatKeyOf = (run: ToolRun) => `run:${run.sessionId}/${run.runId}`;

/** Memoised: a new run at the top of the list does not redraw the runs below it. */
const RunView = memo(function RunView({ run, newestOfTool, kept = false }: { run: ToolRun; newestOfTool: boolean; kept?: boolean }) {
  const clientTask = useInspector((s) => (run.taskId ? s.clientTasks[taskKey(run.sessionId, run.taskId)] : undefined));
  const bridge = useBridge();
  const selectTab = useSelectTab();
  // The structuredContent is checked against the tool's outputSchema as the list last gave it.
  const resultProps = useResultCheckProps(run.sessionId, run.toolName);
  // Issue 33: a big result came cut; the rest is read from the core a piece at a time.
  const { pieces, runId } = run;
  const remote = useMemo(() => (pieces ? { pieces, read: readPieceOf(bridge, runId) } : undefined), [pieces, runId, bridge]);
  const taskRemote = useTaskRemote(bridge, clientTask);
  // AP1: an App tool's run shows its App where the session advertised Apps.
  const hasApp = useInspector((s) => {
    const tool = s.toolsBySession[run.sessionId]?.tools.find((t) => t.name === run.toolName);
    const advertised = (s.sessions[run.sessionId]?.clientCapabilities as { extensions?: Record<string, unknown> } | undefined)?.extensions?.[UI_EXTENSION];
    return tool !== undefined && appToolInfo(tool) !== undefined && advertised !== undefined;
  });
  // An App's View is sent the whole result, even one the page was sent cut.
  const appResult = useWholeResult(bridge, run, hasApp && newestOfTool && !run.asTask);
  const [cancelError, setCancelError] = useState<string>();
  const pending = useInspector((s) => s.pendingInputs);
  // Which of the session's calls were running when a request came (a string, so the card renders only when they change).
  const runningCalls = useInspector((s) => (run.status === "running" && !run.taskId ? runningCallsKey(s.runs, run.sessionId) : ""));
  const tool = useInspector((s) => s.toolsBySession[run.sessionId]?.tools.find((t) => t.name === run.toolName));
  const connected = useInspector((s) => s.sessions[run.sessionId]?.state === "connected");
  const store = useInspectorStore();
  // Whether the run has its outcome: a task run once its task is terminal or gone, any other once its call returned.
  const ended = run.taskId ? clientTask !== undefined && (TERMINAL.has(clientTask.task.status) || clientTask.gone !== undefined) : run.status !== "running";
  const endedNow = useRef(ended);
  endedNow.current = ended;
  const cardRef = useMemo(() => runCardRef(run.runId, () => !endedNow.current), [run.runId]);
  useEffect(() => {
    if (ended) revealEnded(run.runId);
  }, [ended, run.runId]);
  const name = `Run ${run.runId}`;
  const title = `${name}: ${run.toolName}${run.asTask ? " as task" : ""}`;
  // A task's status and ending are the task's (the core follows it); until it is known it is just created.
  const task = runTaskOf(run, clientTask);
  const status = task ? (task.ending ? taskEndingWords(task.ending) : task.status) : run.taskId ? "created" : run.status === "done" && run.result?.isError === true ? "error" : run.status;
  const statusClass = task?.ending ? "gone" : status;
  const toolFailed = run.result?.isError === true || clientTask?.result?.isError === true;
  const taskLive = clientTask !== undefined && !TERMINAL.has(clientTask.task.status) && !clientTask.cancelRequested && !clientTask.gone;
  // A run that waits on the user says so, with the way to answer, rather than "no progress yet".
  const waiting = oldestFirst(inputsOfRun(run, clientTask, pending, runningCallsOf(runningCalls)));

  const cancelRun = () => {
    setCancelError(undefined);
    bridge.cancelToolRun({ runId: run.runId }).catch((error) => setCancelError(errorMessage(error)));
  };
  // Run again: the same call, as it was sent (Q6: runs may overlap). Edit and run: its arguments back in the
  // tool's form, the tool selected, the form in view.
  const runAgain = () => {
    setCancelError(undefined);
    bridge
      .startToolRun({ sessionId: run.sessionId, name: run.toolName, arguments: run.arguments, asTask: run.asTask })
      .then(({ runId }) => revealRun(runId))
      .catch((error) => setCancelError(`The run could not start: ${errorMessage(error)}`));
  };
  const editAndRun = () => tool && openInForm(store, run.sessionId, tool, run.arguments);
  const cancelTask = (task: ClientTask) => {
    setCancelError(undefined);
    bridge.cancelClientTask({ sessionId: task.sessionId, taskId: task.task.taskId }).catch((error) => setCancelError(errorMessage(error)));
  };

  return (
    <article className={kept ? "run tab-kept" : "run"} aria-label={title} ref={cardRef}>
      <header className="run-head">
        <strong>
          {name}: <ServerName text={run.toolName} />
          {run.asTask ? " as task" : ""}
        </strong>
        <span className={`status status-${statusClass}`}>{status}</span>
        {toolFailed && <span className="status status-error">the tool reported an error (isError)</span>}
        {run.status === "running" && !run.asTask && (
          <button type="button" className="run-cancel" aria-label={`Cancel ${name}`} onClick={cancelRun}>
            Cancel
          </button>
        )}
        {taskLive && (
          <button type="button" className="run-cancel" aria-label={`Cancel task ${clientTask.task.taskId} of ${name}`} onClick={() => cancelTask(clientTask)}>
            Cancel task
          </button>
        )}
        <span className="run-again">
          <button type="button" aria-label={`Run ${run.toolName} again with the arguments of ${name}`} disabled={!connected} onClick={runAgain}>
            Run again
          </button>
          <button
            type="button"
            aria-label={`Edit the arguments of ${name} and run`}
            disabled={!tool}
            title={tool ? "Put this run's arguments back in the tool's form" : "The tool is not in the session's list any more"}
            onClick={editAndRun}
          >
            Edit and run
          </button>
        </span>
        {run.status !== "running" && <SaveCallButton call={{ kind: "tool", target: run.toolName, arguments: run.arguments, ...(run.asTask ? { asTask: true } : {}) }} what={`${name}: ${run.toolName}`} callName={run.toolName} />}
      </header>
      {/* The task on a line of its own: a long id never pushes the header's buttons about. */}
      {run.taskId && (
        <p className="note run-task-line">
          <span className="run-task-id">task {run.taskId}</span>
          <CopyButton text={run.taskId} what={`task id ${run.taskId}`} />
          <button type="button" className="link" aria-label={`Show task ${run.taskId} in Tasks`} onClick={() => selectTab("tasks")}>
            Show in Tasks
          </button>
          <TimelineButton sessionId={run.sessionId} taskId={run.taskId} className="link" />
        </p>
      )}
      {task ? <TaskTimes run={run} task={task} /> : <RunTimes run={run} />}
      <ErrorAlert message={cancelError} />
      <WaitingOnYou inputs={waiting} what={name} />
      {run.status === "running" && <RunProgress name={name} progress={run.progress} waiting={waiting.length > 0} />}
      <details>
        <summary>Arguments</summary>
        <JsonView value={run.arguments} />
      </details>
      {typeof run.inputRounds === "number" && <p className="note">The server asked for input: the call took {run.inputRounds} rounds (2026-07-28 multi round-trip).</p>}
      {run.taskId && !run.asTask && <p className="note">The server ran this call as a task (2026-07-28: the server decides).</p>}
      {run.status === "cancelled" && (
        <p className="note run-cancelled">
          Cancelled by you at {clockTime(run.cancelledAt ?? run.endedAt ?? run.startedAt)}, after {duration((run.cancelledAt ?? run.startedAt) - run.startedAt)}.
          {run.progress && ` It had reached ${progressText(run.progress)}.`} The server was told to stop; an answer that still comes is ignored.
        </p>
      )}
      {run.status === "error" && run.error && <ErrorAlert message={run.error} sessionId={run.sessionId} />}
      {/* Issue 19: an older run's result past the session's budget is kept as a cut, and says so. */}
      {run.cut && <p className="note run-cut">{cutNote(run.cut, "result")}, to keep this session's tool runs within {formatBytes(TOOL_RUN_RESULTS_BYTES)}.</p>}
      {hasApp && newestOfTool && !run.asTask && (
        <LazyAppPanel floatKey={floatKeyOf(run)} sessionId={run.sessionId} toolName={run.toolName} args={run.arguments} result={appResult} cancelled={run.status === "cancelled"} />
      )}
      {run.result && <CallToolResultView result={run.result} what={name} remote={remote} {...resultProps} />}
      {clientTask && (
        <div className="run-task">
          {/* Once the task ended, a message left from its work is named as the server's, not read as news. */}
          {clientTask.task.statusMessage && <p className="note">{taskLive ? clientTask.task.statusMessage : lastMessageLine(clientTask.task)}</p>}
          {clientTask.progress && (taskLive ? <RunProgress name={`${name}'s task`} progress={clientTask.progress} /> : <p className="note">Progress: {progressText(clientTask.progress)}</p>)}
          {clientTask.cut && <p className="note run-cut">{cutNote(clientTask.cut, "result")}, to keep this session's task results within {formatBytes(TOOL_RUN_RESULTS_BYTES)}.</p>}
          {clientTask.result && <CallToolResultView result={clientTask.result} what={`${name}'s task`} remote={taskRemote} {...resultProps} />}
          {(clientTask.task.status === "cancelled" || task?.ending) && (
            <p className="task-outcome">
              <ClientTaskStanding client={clientTask} />
            </p>
          )}
          {/* Q4: a cancelled task's tasks/result error is the server's reply, shown as sent, not the outcome. */}
          {clientTask.error && clientTask.task.status === "cancelled" && (
            <p className="note">
              The server answered tasks/result with JSON-RPC error {clientTask.error.code}: {clientTask.error.message}
            </p>
          )}
          {clientTask.error && clientTask.task.status !== "cancelled" && (
            <div className="status-error">
              <p>
                JSON-RPC error {clientTask.error.code}: {clientTask.error.message}
              </p>
              {clientTask.error.data !== undefined && <JsonView value={clientTask.error.data} />}
            </div>
          )}
          {clientTask.pollError && (
            <div className="note">
              {clientTask.pollError}
              <RawResponse sessionId={run.sessionId} message={clientTask.pollError} />
            </div>
          )}
        </div>
      )}
    </article>
  );
});

/** A bar that fills when the server said how much there is (`total`), and moves without an end otherwise. */
function RunProgress({ name, progress, waiting = false }: { name: string; progress: Progress | undefined; waiting?: boolean }) {
  const total = progress?.total !== undefined && progress.total > 0 ? progress.total : undefined;
  const bar =
    progress && total !== undefined ? (
      <progress aria-label={`Progress of ${name}`} value={Math.max(0, Math.min(progress.progress, total))} max={total} />
    ) : (
      <progress aria-label={`Progress of ${name}`} className="indeterminate" />
    );
  return (
    <div className="run-progress">
      {bar}
      <span className="run-progress-text">{progress ? progressText(progress) : waiting ? "Running; the server waits for your answer" : "Running; the server has reported no progress yet"}</span>
    </div>
  );
}

function progressText(progress: Progress): string {
  const amount = progress.total !== undefined ? `${progress.progress} of ${progress.total}` : `${progress.progress} so far (no total given)`;
  return progress.message ? `${progress.message} (${amount})` : amount;
}

/** When the run started, and how long it took (or has been running: that one ticks). */
function RunTimes({ run }: { run: ToolRun }) {
  return run.status === "running" ? <RunningFor startedAt={run.startedAt} /> : (
    <p className="note run-times">
      Started {clockTime(run.startedAt)}
      {run.endedAt !== undefined && ` · took ${duration(run.endedAt - run.startedAt)}`}
    </p>
  );
}

/**
 * A run that became a task: the task's own time, from the click to its end (or ticking while it is live),
 * with its state, and the tools/call that created it in second place.
 */
function TaskTimes({ run, task }: { run: ToolRun; task: RunTask }) {
  const call = run.endedAt !== undefined ? ` · its tools/call answered in ${duration(run.endedAt - run.startedAt)}` : "";
  const words = task.ending ? taskEndingWords(task.ending) : task.status.replace("_", " ");
  if (task.endedAt === undefined && (task.ending || isTerminalStatus(task.status))) {
    // Ended before the core followed it (a run kept from an older version): no time to tell.
    return (
      <p className="note run-times">
        Started {clockTime(run.startedAt)} · task {words}
        {call}
      </p>
    );
  }
  if (task.endedAt !== undefined) {
    return (
      <p className="note run-times">
        Started {clockTime(run.startedAt)} · task {words} after {duration(Math.max(0, task.endedAt - run.startedAt))}
        {call}
      </p>
    );
  }
  return <TaskRunningFor startedAt={run.startedAt} words={words} call={call} />;
}

function TaskRunningFor({ startedAt, words, call }: { startedAt: number; words: string; call: string }) {
  const now = useNow(1000);
  return (
    <p className="note run-times">
      Started {clockTime(startedAt)} · task {words} for {duration(Math.max(0, now - startedAt))}
      {call}
    </p>
  );
}

function RunningFor({ startedAt }: { startedAt: number }) {
  const now = useNow(1000);
  return (
    <p className="note run-times">
      Started {clockTime(startedAt)} · running for {duration(Math.max(0, now - startedAt))}
    </p>
  );
}

function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}
