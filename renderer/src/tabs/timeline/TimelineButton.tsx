// The button that opens a task's timeline, and where which timeline is open is kept (the store's view
// state, so any component can open it). Apart from the timeline itself, so the views that show the
// button do not pull the timeline's chunk into theirs: it loads when a timeline first opens.
import { ChartGantt } from "lucide-react";
import { useStoredState } from "../../app/useStoredState.js";
import { draftKeys } from "../../store/draftsSlice.js";

export const TIMELINE_OPEN_KEY = draftKeys.view("timeline", "open");

export interface OpenTimeline {
  sessionId: string;
  taskId: string;
}

export function useOpenTimeline() {
  return useStoredState<OpenTimeline | undefined>(TIMELINE_OPEN_KEY, undefined);
}

/** The button that opens a task's timeline; small, so the task views each need one line for it. `icon`: its icon alone (named on hover). */
export function TimelineButton({ sessionId, taskId, className, icon = false }: OpenTimeline & { className?: string; icon?: boolean }) {
  const [, open] = useOpenTimeline();
  return (
    <button type="button" {...(className ? { className } : {})} aria-label={`Timeline of task ${taskId}`} title={icon ? "Timeline" : undefined} onClick={() => open({ sessionId, taskId })}>
      {icon ? <ChartGantt aria-hidden="true" className="icon" /> : "Timeline"}
    </button>
  );
}

