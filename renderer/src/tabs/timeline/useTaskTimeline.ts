// One task's timeline, live: subscribe to `taskTimelineEvents` first, then fetch what the core kept (which
// also asks the core to stream the task's new events, until unmount), and merge the two by `seq` (an event
// may come both ways). Events arrive at most once per frame (the
// adapters coalesce them), so the page renders at most once per frame however fast the server polls.
import { useEffect, useState } from "react";
import type { TaskTimeline, TimelineEvent } from "../../../../shared/timeline.js";
import { useBridge } from "../../app/context.js";
import { errorMessage } from "../../util/errors.js";

/** As many as the core keeps per task: past it, the oldest go and are counted. */
export const EVENTS_SHOWN = 5_000;

export interface TimelineState {
  timeline?: TaskTimeline;
  error?: string;
}

export function useTaskTimeline(sessionId: string, taskId: string): TimelineState {
  const bridge = useBridge();
  const [state, setState] = useState<TimelineState>({});
  useEffect(() => {
    let stopped = false;
    let loaded = false;
    const seen = new Set<number>();
    const events: TimelineEvent[] = [];
    let line: Omit<TaskTimeline, "events"> = { sessionId, taskId, dropped: 0 };
    const add = (event: TimelineEvent) => {
      if (seen.has(event.seq)) return;
      seen.add(event.seq);
      // Nearly always at the end; a creation learned from its reply goes back a step or two.
      let index = events.length;
      while (index > 0 && events[index - 1]!.at > event.at) index--;
      events.splice(index, 0, event);
    };
    const publish = () => {
      if (stopped) return;
      const excess = events.length - EVENTS_SHOWN;
      if (excess > 0) {
        for (const gone of events.splice(0, excess)) seen.delete(gone.seq);
        line = { ...line, dropped: line.dropped + excess };
      }
      setState({ timeline: { ...line, events: [...events] } });
    };
    const unsubscribe = bridge.onEvents((batch) => {
      let changed = false;
      for (const event of batch) {
        if (event.type !== "taskTimelineEvents") continue;
        const p = event.payload;
        if (p.sessionId !== sessionId || p.taskId !== taskId) continue;
        line = { ...line, ...(p.role ? { role: p.role } : {}), ...(p.era ? { era: p.era } : {}) };
        for (const e of p.events) add(e);
        changed = true;
      }
      if (changed && loaded) publish();
    });
    bridge.getTaskTimeline({ sessionId, taskId }).then(
      (fetched) => {
        loaded = true;
        line = { ...line, ...(fetched.role ? { role: fetched.role } : {}), ...(fetched.era ? { era: fetched.era } : {}), dropped: line.dropped + fetched.dropped };
        for (const e of fetched.events) add(e);
        publish();
      },
      (error) => !stopped && setState({ error: `Could not load the timeline of task ${taskId}: ${errorMessage(error)}` }),
    );
    return () => {
      stopped = true;
      unsubscribe();
      // The core streams a task's events only while some page follows it.
      bridge.unfollowTaskTimeline({ sessionId, taskId }).catch(() => {});
    };
  }, [bridge, sessionId, taskId]);
  return state;
}
