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
}

export const DOCK_KEY = "inspector-dock";
const DEFAULT: DockState = { open: false, side: "bottom", view: "logs" };

export const DOCK_LABELS: Record<DockView, string> = { logs: "Logs", tasks: "Tasks", waiting: "Waiting on you" };

/** What was stored, if it still reads as a dock state; the default otherwise. */
export function readDock(text: string | null | undefined): DockState {
  if (!text) return DEFAULT;
  try {
    const value = JSON.parse(text) as Partial<DockState>;
    return {
      open: value.open === true,
      side: value.side === "right" ? "right" : "bottom",
      view: value.view === "tasks" || value.view === "waiting" ? value.view : "logs",
    };
  } catch {
    return DEFAULT;
  }
}

export function useDock(): [DockState, (change: Partial<DockState>) => void] {
  const [dock, setDock] = useState<DockState>(() => readDock(layoutStorage()?.getItem(DOCK_KEY)));
  const update = useCallback((change: Partial<DockState>) => {
    setDock((now) => {
      const next = { ...now, ...change };
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
 * leave the panel as it was remembered.
 */
export function useDockOnArrival(setDock: (change: Partial<DockState>) => void): void {
  const settings = useInspector((s) => s.settings);
  const pending = useInspector((s) => s.pendingInputs);
  const seen = useRef<Set<string>>(undefined);
  useEffect(() => {
    if (!settings) return; // the first snapshot has not come yet
    const before = seen.current;
    seen.current = new Set(pending.map((p) => p.id));
    if (before && settings.waitingRequestsIn === "panel" && pending.some((p) => !before.has(p.id))) setDock({ open: true, view: "waiting" });
  }, [settings, pending, setDock]);
}

export const SIDEBAR_KEY = "inspector-sidebar";

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
