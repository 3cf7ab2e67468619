// One task's timeline: the summary line (how the task ended first), the picture, every event in a list,
// one row each (a status change shows on the message that carried it; keyboard: Tab into the list, arrows
// scroll it), and "Copy as JSON" for a bug report.
import { useMemo, useState } from "react";
import type { TaskTimeline, TimelineEvent } from "../../../../shared/timeline.js";
import { useCopy } from "../../components/useCopy.js";
import { VirtualTable, type Column } from "../../components/VirtualTable.js";
import { TimelinePicture } from "./TimelinePicture.js";
import { describeEvent, describeSummary, formatGap, listRows, summarize, timelineJson } from "./timelineModel.js";
import { useTaskTimeline } from "./useTaskTimeline.js";

const COLUMNS: Column[] = [
  { id: "at", header: "At", description: "Time since the first event kept", width: "6.5rem" },
  { id: "gap", header: "Gap", description: "Time since the event before", width: "5.5rem" },
  { id: "from", header: "Who", width: "6rem" },
  { id: "what", header: "What", width: "minmax(10rem, 1.6fr)" },
  { id: "status", header: "Status", width: "7rem" },
  { id: "detail", header: "Detail", width: "minmax(6rem, 1.4fr)" },
];
const WHO = { server: "the server", us: "us", user: "the user" } as const;

export function TaskTimelineView({ sessionId, taskId, onClose }: { sessionId: string; taskId: string; onClose?(): void }) {
  const { timeline, error } = useTaskTimeline(sessionId, taskId);
  return (
    <section className="task-timeline" aria-label={`Timeline of task ${taskId}`}>
      <header className="toolbar">
        <h3>
          Timeline of {timeline?.role ? `${timeline.role} ` : ""}task <code>{taskId}</code>
          {timeline?.era && <span className="note"> · {timeline.era === "modern" ? "2026-07-28" : "2025-11-25"}</span>}
        </h3>
        {timeline && <CopyJson timeline={timeline} />}
        {onClose && (
          <button type="button" onClick={onClose} aria-label="Close the timeline">
            Close
          </button>
        )}
      </header>
      {error && (
        <p className="alert error" role="alert">
          {error}
        </p>
      )}
      {!timeline && !error && <p className="note">Loading the timeline…</p>}
      {timeline && <TimelineBody timeline={timeline} />}
    </section>
  );
}

/** One timeline drawn (picture and events); an opened recording (issue 22) draws its derived timelines with it too. */
export function TimelineBody({ timeline }: { timeline: TaskTimeline }) {
  const { events, dropped } = timeline;
  const summary = useMemo(() => describeSummary(summarize(events), timeline.role), [events, timeline.role]);
  const { rows, rowOf } = useMemo(() => listRows(events), [events]);
  const [picked, setPicked] = useState<number>();
  const t0 = events[0]?.at ?? 0;
  if (events.length === 0) return <p className="note">Nothing recorded for this task yet. Its events appear here as they happen.</p>;
  const pickedRow = picked !== undefined ? rowOf[picked] : undefined;
  return (
    <>
      <p className="tl-summary">{summary}</p>
      {dropped > 0 && <p className="note">{dropped} earlier events not kept (a task keeps its newest 5,000).</p>}
      <TimelinePicture events={events} dropped={dropped} summary={summary} title={`Timeline of task ${timeline.taskId}`} onPick={setPicked} {...(picked !== undefined ? { selected: picked } : {})} />
      <VirtualTable
        label={`Events of task ${timeline.taskId}`}
        columns={COLUMNS}
        rowCount={rows.length}
        rowHeight={28}
        height={240}
        rowKey={(i) => String(events[rows[i]?.index ?? 0]?.seq ?? i)}
        rowClassName={(i) => `tl-row-${events[rows[i]?.index ?? 0]?.from ?? "us"}${rows[i]?.statusChange ? " tl-row-change" : ""}`}
        {...(pickedRow !== undefined ? { selectedIndex: pickedRow, scrollToIndex: pickedRow } : {})}
        renderCells={(r) => {
          const row = rows[r]!;
          const e = events[row.index]!;
          const gap = r > 0 ? e.at - events[rows[r - 1]!.index]!.at : undefined;
          const text = e.detail ?? row.detail ?? "";
          return [
            <span title={new Date(e.wall).toISOString()}>+{formatGap(e.at - t0)}</span>,
            gap === undefined ? "" : formatGap(gap),
            WHO[e.from],
            <span className={e.error ? "status-error" : e.kind === "ended" ? "tl-ended" : undefined}>{describeEvent(e)}</span>,
            <StatusCell status={e.status} change={row.statusChange} />,
            <span title={text}>{text}</span>,
          ];
        }}
      />
    </>
  );
}

/** A status change stands out ("→ completed"); a message that only repeats the status it carries is quiet. */
function StatusCell({ status, change }: { status: TimelineEvent["status"]; change: TimelineEvent["status"] }) {
  if (change) {
    return (
      <span className={`status status-${change}`} title={`The task's status changed to ${change}`}>
        → {change}
      </span>
    );
  }
  return status ? <span className="note">{status}</span> : "";
}

/** navigator.clipboard where the page may use it; otherwise the JSON, selected, for Ctrl+C. */
function CopyJson({ timeline }: { timeline: TaskTimeline }) {
  const { said, fallback, area, copy } = useCopy();
  const copyJson = async () => copy(timelineJson(timeline), `Copied ${timeline.events.length} events as JSON.`, "Copying is not allowed here: the JSON is selected below; press Ctrl+C (⌘C) to copy it.");
  return (
    <>
      <button type="button" onClick={() => void copyJson()} aria-label={`Copy the timeline of task ${timeline.taskId} as JSON`}>
        Copy as JSON
      </button>
      <span className="note" role="status">
        {said ?? ""}
      </span>
      {fallback !== undefined && <textarea ref={area} className="tl-json" readOnly value={fallback.text} aria-label="The timeline as JSON" rows={8} />}
    </>
  );
}
