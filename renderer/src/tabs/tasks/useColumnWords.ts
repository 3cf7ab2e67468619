// The widest words of each Tasks column for the tasks in view (issue 21), kept up to date at the cost of
// what changed, not of every task: tasks that appear are scanned once (taskOrder grows by its tail), a
// batch of status changes looks at the tasks it touched, and only a task leaving (or another scope)
// scans them all again. Columns grow as words get wider and never shrink meanwhile, so nothing jumps;
// the tab renders again only when a column must grow.
import { useEffect, useRef, useState } from "react";
import { useInspector, useInspectorStore } from "../../app/context.js";
import type { InspectorState } from "../../store/inspectorStore.js";
import { needsMoreRoom, widest, wordsOf, type ColumnWords } from "./taskColumns.js";
import { taskRowOf } from "./taskRows.js";

interface Scan {
  order: readonly string[];
  scope: string | undefined;
  words: ColumnWords | undefined;
}

/** `sessionId`: only that session's tasks; undefined: every session's. */
export function useColumnWords(sessionId: string | undefined): ColumnWords | undefined {
  const store = useInspectorStore();
  const taskOrder = useInspector((s) => s.taskOrder);
  const sessions = useInspector((s) => s.sessions);
  const scan = useRef<Scan>(undefined);
  const [, grew] = useState(0);

  const add = (state: Pick<InspectorState, "clientTasks" | "receiverTasks" | "sessions">, keys: Iterable<string>, words: ColumnWords | undefined) => {
    for (const key of keys) {
      const row = taskRowOf(key, state.clientTasks[key], state.receiverTasks[key]);
      if (!row || (sessionId !== undefined && row.sessionId !== sessionId)) continue;
      const next = wordsOf(row, state.sessions[row.sessionId]?.serverName);
      if (needsMoreRoom(words, next)) words = widest(words, next);
    }
    return words;
  };

  const previous = scan.current;
  if (!previous || previous.scope !== sessionId || previous.order !== taskOrder) {
    const state = store.getState();
    // Tasks only appeared (taskOrder is the old one plus a tail): scan the tail; else scan them all.
    const grown = previous && previous.scope === sessionId && taskOrder.length > previous.order.length && taskOrder[previous.order.length - 1] === previous.order.at(-1);
    // The batch that added them may have changed older tasks too: those are looked at as well.
    const touched = state.tasksChanged === "all" ? [] : state.tasksChanged;
    const words = grown ? add(state, [...taskOrder.slice(previous.order.length), ...touched], previous.words) : add(state, taskOrder, undefined);
    scan.current = { order: taskOrder, scope: sessionId, words };
  }

  // A server renamed: its column is measured again with everything else.
  const sessionsSeen = useRef(sessions);
  if (sessionsSeen.current !== sessions && sessionId === undefined) {
    sessionsSeen.current = sessions;
    scan.current = { order: taskOrder, scope: sessionId, words: add(store.getState(), taskOrder, undefined) };
  }

  useEffect(
    () =>
      store.subscribe((state, before) => {
        const current = scan.current;
        if (!current || state.tasksVersion === before.tasksVersion || state.tasksChanged === "all" || state.taskOrder !== current.order) return;
        const words = add(state, state.tasksChanged, current.words);
        if (words !== current.words) {
          scan.current = { ...current, words };
          grew((n) => n + 1);
        }
      }),
    // `add` reads sessionId only.
    [store, sessionId],
  );
  return scan.current?.words;
}
