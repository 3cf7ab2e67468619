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
 */
export interface PictureInPicture {
  owner?: symbol;
  tab?: TabId;
  set(owner: symbol, tab: TabId | undefined): void;
}

export const PictureInPictureContext = createContext<PictureInPicture>({ set: () => {} });

export function usePictureInPicture(): PictureInPicture {
  return useContext(PictureInPictureContext);
}
