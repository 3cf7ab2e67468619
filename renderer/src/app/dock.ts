// The docked panel's place and content, remembered across reloads (the page's localStorage): open or
// not, at the bottom or on the right, and which view it shows. Its size is remembered by the split itself.
import { useCallback, useEffect, useRef, useState } from "react";
import { layoutStorage } from "../components/SplitPane.js";
import { useInspector } from "./context.js";

export type DockView = "logs" | "tasks" | "waiting";
export type DockSide = "bottom" | "right";
export interface DockState {
  open: boolean;
  side: DockSide;
  view: DockView;
  /** How the user left the panel before a request's arrival opened it on "Waiting on you"; gone once the user changes it. */
  beforeArrival?: { open: boolean; view: DockView };
}

export const DOCK_KEY = "inspector-dock";
const DEFAULT: DockState = { open: false, side: "bottom", view: "logs" };

export const DOCK_LABELS: Record<DockView, string> = { logs: "Logs", tasks: "Tasks", waiting: "Waiting on you" };

function readView(view: unknown): DockView {
  return view === "tasks" || view === "waiting" ? view : "logs";
}

/** What was stored, if it still reads as a dock state; the default otherwise. */
export function readDock(text: string | null | undefined): DockState {
  if (!text) return DEFAULT;
  try {
    const value = JSON.parse(text) as Partial<Record<keyof DockState, unknown>>;
    const before = value.beforeArrival as Partial<Record<"open" | "view", unknown>> | null | undefined;
    return {
      open: value.open === true,
      side: value.side === "right" ? "right" : "bottom",
      view: readView(value.view),
      ...(typeof before === "object" && before ? { beforeArrival: { open: before.open === true, view: readView(before.view) } } : {}),
    };
  } catch {
    return DEFAULT;
  }
}

/**
 * The dock and how to change it. A change that does not name `beforeArrival` is the user's own (a view, a
 * side, open or closed, or `{}` for a drag of its size): from then on the panel is the user's and stays as left.
 */
export function useDock(): [DockState, (change: Partial<DockState>) => void] {
  const [dock, setDock] = useState<DockState>(() => readDock(layoutStorage()?.getItem(DOCK_KEY)));
  const update = useCallback((change: Partial<DockState>) => {
    setDock((now) => {
      const next: DockState = { open: now.open, side: now.side, view: now.view, ...change };
      try {
        layoutStorage()?.setItem(DOCK_KEY, JSON.stringify(next));
      } catch {
        // A full or refused storage: the dock still works, it is only not remembered.
      }
      return next;
    });
  }, []);
  return [dock, update];
}

/**
 * With the request dialog switched off (Settings), the docked panel is where a waiting request comes to the
 * user: one that arrives opens the panel on "Waiting on you". Those already waiting when the page loaded
 * leave the panel as it was remembered. Once nothing waits, a panel opened that way goes back to how the user
 * left it (closed, or on its view), unless the user has changed it since; an empty "Waiting on you" left open
 * by the app would only take room.
 */
export function useDockOnArrival(dock: DockState, setDock: (change: Partial<DockState>) => void): void {
  const settings = useInspector((s) => s.settings);
  const pending = useInspector((s) => s.pendingInputs);
  const seen = useRef<Set<string>>(undefined);
  useEffect(() => {
    if (!settings) return; // the first snapshot has not come yet
    const before = seen.current;
    seen.current = new Set(pending.map((p) => p.id));
    if (before && settings.waitingRequestsIn === "panel" && pending.some((p) => !before.has(p.id))) {
      // Already on "Waiting on you": the user's panel (or the one an earlier arrival opened) stays as it is.
      if (!(dock.open && dock.view === "waiting")) setDock({ open: true, view: "waiting", beforeArrival: { open: dock.open, view: dock.view } });
    } else if (pending.length === 0 && dock.beforeArrival) setDock(dock.beforeArrival);
  }, [settings, pending, dock, setDock]);
}

export const SIDEBAR_KEY = "inspector-sidebar";
/** The split between the sidebar and the rest of the window; react-resizable-panels keeps its layout. */
export const SIDEBAR_SPLIT = { id: "inspector-sidebar-split", panelIds: ["sidebar", "main"] } as const;

/** Whether the servers sidebar is shown, remembered like the dock (hidden: more room for the open tab). */
export function useSidebarShown(): [boolean, (shown: boolean) => void] {
  const [shown, setShown] = useState(() => layoutStorage()?.getItem(SIDEBAR_KEY) !== "hidden");
  const update = useCallback((next: boolean) => {
    setShown(next);
    try {
      layoutStorage()?.setItem(SIDEBAR_KEY, next ? "shown" : "hidden");
    } catch {
      // Not remembered, still applied.
    }
  }, []);
  return [shown, update];
}
