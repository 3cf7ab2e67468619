// Where a timeline opens: a drawer over the right of the workspace (under the tab bar), whichever tab
// asked (a Tasks row, a pending input's card). Which task is open lives in the store's view state, so any
// component can open it. The drawer moves focus in, closes on Escape and gives focus back.
import { Drawer } from "../../components/Drawer.js";
import { TaskTimelineView } from "./TaskTimelineView.js";
import { useOpenTimeline } from "./TimelineButton.js";
import "../../styles/timeline.css";

export function TaskTimelineHost() {
  const [open, setOpen] = useOpenTimeline();
  if (!open) return null;
  const key = `${open.sessionId}\u0000${open.taskId}`;
  return (
    <Drawer open onClose={() => setOpen(undefined)} title={`Timeline of task ${open.taskId}`} className="tl-panel">
      <TaskTimelineView key={key} sessionId={open.sessionId} taskId={open.taskId} onClose={() => setOpen(undefined)} />
    </Drawer>
  );
}
