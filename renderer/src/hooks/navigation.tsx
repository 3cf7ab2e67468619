// Which tab is open; a control elsewhere (a run's "Show in Tasks", a task's linked input) can switch it.
import { createContext, useContext } from "react";
import type { TabId } from "./tabs.js";

export const NavigationContext = createContext<(tab: TabId) => void>(() => {});

export function useSelectTab(): (tab: TabId) => void {
  return useContext(NavigationContext);
}

/**
 * AP10: a View in picture-in-picture stays while the user switches tabs: its tab stays mounted (hidden)
 * while it floats. One View floats at a time: `owner` names it, and another one taking over sends it inline.
 * `key` names what it belongs to (a tool run: `run:<session>/<id>`) while it floats and after it lands, so
 * the list that shows it keeps it, out of sight while it floats, in sight once back inline.
 */
export interface PictureInPicture {
  /** The floating View, while it floats. */
  owner?: symbol;
  tab?: TabId;
  key?: string;
  /** The View floats (`at` its tab) or lands (`at` undefined). */
  set(owner: symbol, at: TabId | undefined, key?: string): void;
  /** The View is gone. */
  release(owner: symbol): void;
}

export const PictureInPictureContext = createContext<PictureInPicture>({ set: () => {}, release: () => {} });

export function usePictureInPicture(): PictureInPicture {
  return useContext(PictureInPictureContext);
}
