// Issue 22: an opened recording read-only in the tabs a live session uses. Tools: the runs it holds;
// Tasks: each task's timeline; Sampling and Elicitations: the server's requests as they were asked and
// the answers that were sent. All derived by the core from the recorded messages; drawn above the tab's
// live content, which stays as it is. Every server string is text; lists are capped with a count.
import { useState } from "react";
import { useBridge } from "../../app/context.js";
import { useStoredState } from "../../app/useStoredState.js";
import { CallToolResultView } from "../../components/CallToolResultView.js";
import { JsonView } from "../../components/JsonView.js";
import { draftKeys } from "../../store/draftsSlice.js";
import type { RecordedInput, RecordedViews as Views } from "../../../../shared/recordedViews.js";
import type { ToolRun } from "../../../../shared/types.js";
import { TimelineBody } from "../timeline/TaskTimelineView.js";
import { formatGap } from "../timeline/timelineModel.js";
import { closeInCore } from "../logs/recordingState.js";

/** The opened recording, as the Logs tab keeps it (RecordingControls' RECORDING_KEY). */
export const OPENED_RECORDING_KEY = draftKeys.view("logs", "recording", "");
const COMPARISON_KEY = draftKeys.view("logs", "comparison", "");

type Opened = { fileName: string; views?: Views; handle?: string };
export type RecordedTab = "tools" | "tasks" | "sampling" | "elicitations";

/** Shown at most before "show more": each item can hold a whole result. */
const PAGE = 20;

export function RecordedViews({ tab }: { tab: RecordedTab }) {
  const [opened, setOpened] = useStoredState<Opened | undefined>(OPENED_RECORDING_KEY, undefined);
  const [, setComparison] = useStoredState<unknown>(COMPARISON_KEY, undefined);
  const bridge = useBridge();
  if (!opened) return null;
  // Issue 33: the views come after the recording's messages, in the background.
  if (!opened.views)
    return opened.handle ? (
      <p className="note" role="status">
        Reading the recording {clip(opened.fileName)}…
      </p>
    ) : null;
  const { views } = opened;
  const what = { tools: "tool runs", tasks: "task timelines", sampling: "sampling requests", elicitations: "elicitation requests" }[tab];
  return (
    <section className="recorded-views" aria-label={`Recorded ${what}`}>
      <div className="recording-banner" role="note">
        <p>
          <strong>Recording {clip(opened.fileName)}, read-only</strong>: its {what} as they were recorded, above the live session's.
        </p>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            closeInCore(bridge, opened);
            setOpened(undefined);
            setComparison(undefined);
          }}
        >
          Close recording
        </button>
      </div>
      {tab === "tools" && <Runs runs={views.toolRuns} dropped={views.dropped.toolRuns} />}
      {tab === "tasks" && <Timelines views={views} />}
      {(tab === "sampling" || tab === "elicitations") && <Inputs inputs={views.inputs.filter((i) => i.kind === (tab === "sampling" ? "sampling" : "elicitation"))} dropped={views.dropped.inputs} what={what} />}
    </section>
  );
}

function Runs({ runs, dropped }: { runs: ToolRun[]; dropped: number }) {
  const [shown, setShown] = useState(PAGE);
  if (runs.length === 0) return <p className="note">The recording holds no tools/call.</p>;
  return (
    <>
      <h3>
        Recorded runs ({runs.length}
        {dropped ? `, and ${dropped} more not derived` : ""})
      </h3>
      <ol className="recorded-list">
        {runs.slice(0, shown).map((run) => (
          <li key={run.runId} className="recorded-item" aria-label={`Recorded run ${run.runId} of ${clip(run.toolName, 100)}`}>
            <p>
              <strong>{clip(run.toolName)}</strong> · {run.asTask ? "run as task" : "plain call"} · <span className={run.status === "error" || run.result?.isError ? "status-error" : ""}>{run.result?.isError ? "error (isError)" : run.status === "running" ? "no answer recorded" : run.status}</span>
              {run.endedAt !== undefined && ` in ${formatGap(run.endedAt - run.startedAt)}`}
              {run.taskId && ` · task ${clip(run.taskId, 100)}${run.task ? ` (${run.task.status})` : ""}`}
              {run.inputRounds && ` · ${run.inputRounds} rounds`}
            </p>
            <details>
              <summary>Arguments</summary>
              <JsonView value={run.arguments} label={`Arguments of recorded run ${run.runId}`} />
            </details>
            {run.error && <p className="status-error">{clip(run.error)}</p>}
            {run.result && <CallToolResultView result={run.result} />}
          </li>
        ))}
      </ol>
      <More shown={shown} total={runs.length} onMore={() => setShown(shown + PAGE)} what="runs" />
    </>
  );
}

function Timelines({ views }: { views: Views }) {
  const [shown, setShown] = useState(5);
  if (views.timelines.length === 0) return <p className="note">The recording holds no task.</p>;
  return (
    <>
      <h3>Recorded task timelines ({views.timelines.length})</h3>
      {views.timelines.slice(0, shown).map((timeline) => (
        <section key={timeline.taskId} className="recorded-item" aria-label={`Recorded timeline of task ${clip(timeline.taskId, 100)}`}>
          <h4>
            Task {clip(timeline.taskId)} {timeline.role ? `(${timeline.role === "client" ? "we asked the server" : "the server asked us"})` : ""}
          </h4>
          <TimelineBody timeline={timeline} />
        </section>
      ))}
      <More shown={shown} total={views.timelines.length} onMore={() => setShown(shown + 5)} what="timelines" />
    </>
  );
}

function Inputs({ inputs, dropped, what }: { inputs: RecordedInput[]; dropped: number; what: string }) {
  const [shown, setShown] = useState(PAGE);
  if (inputs.length === 0) return <p className="note">The recording holds no {what}.</p>;
  return (
    <>
      <h3>
        Recorded {what} ({inputs.length}
        {dropped ? `; ${dropped} input requests past the cap not derived` : ""})
      </h3>
      <ol className="recorded-list">
        {inputs.slice(0, shown).map((input) => (
          <li key={`${input.seq}:${input.key ?? ""}`} className="recorded-item" aria-label={`Recorded ${clip(input.method, 60)} at message ${input.seq}${input.key ? `, key ${clip(input.key, 60)}` : ""}`}>
            <p>
              <strong>{clip(input.method)}</strong> at message {input.seq}
              {input.key && ` · key ${clip(input.key, 100)}`}
              {input.taskId && ` · for task ${clip(input.taskId, 100)}`} ·{" "}
              {input.answerSeq === undefined ? (
                <span className="recording-warning">no answer recorded</span>
              ) : (
                <>
                  answered at message {input.answerSeq}
                  {input.answeredAt !== undefined && ` after ${formatGap(input.answeredAt - input.askedAt)}`}
                  {input.answerError && <span className="status-error"> with an error</span>}
                </>
              )}
            </p>
            <div className="recorded-pair">
              <div>
                <h4>Asked</h4>
                <JsonView value={input.params} label={`What message ${input.seq} asked`} />
              </div>
              <div>
                <h4>Answered</h4>
                {input.answerSeq === undefined ? <p className="note">Nothing.</p> : <JsonView value={input.answer} label={`The answer to message ${input.seq}`} />}
              </div>
            </div>
          </li>
        ))}
      </ol>
      <More shown={shown} total={inputs.length} onMore={() => setShown(shown + PAGE)} what={what} />
    </>
  );
}

function More({ shown, total, onMore, what }: { shown: number; total: number; onMore: () => void; what: string }) {
  if (total <= shown) return null;
  return (
    <button type="button" className="secondary" onClick={onMore}>
      Show more {what} ({total - shown} not shown)
    </button>
  );
}

function clip(value: string, chars = 300): string {
  return value.length > chars ? `${value.slice(0, chars)}…` : value;
}
