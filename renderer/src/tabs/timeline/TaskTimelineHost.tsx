// Where a timeline opens: one panel over the window, whichever tab asked (a Tasks row, a pending
// input's card). Which task is open lives in the store's view state, so any component can open it.
import { useEffect, useRef } from "react";
import { TaskTimelineView } from "./TaskTimelineView.js";
import { useOpenTimeline } from "./TimelineButton.js";
import "../../styles/timeline.css";

export function TaskTimelineHost() {
  const [open, setOpen] = useOpenTimeline();
  const panel = useRef<HTMLDivElement>(null);
  const key = open ? `${open.sessionId}\u0000${open.taskId}` : undefined;
  useEffect(() => {
    if (!key) return;
    // Focus moves into the panel; closing gives it back to the button that opened it.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    panel.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [key]);
  if (!open) return null;
  return (
    <div
      ref={panel}
      className="tl-panel"
      role="dialog"
      aria-modal="false"
      aria-label={`Timeline of task ${open.taskId}`}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          setOpen(undefined);
        }
      }}
    >
      <TaskTimelineView key={key} sessionId={open.sessionId} taskId={open.taskId} onClose={() => setOpen(undefined)} />
    </div>
  );
}
