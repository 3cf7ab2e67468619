// Which tab is open; a control elsewhere (a run's "Show in Tasks", a task's linked input) can switch it.
import { createContext, useContext } from "react";
import type { TabId } from "./tabs.js";

export const NavigationContext = createContext<(tab: TabId) => void>(() => {});

export function useSelectTab(): (tab: TabId) => void {
  return useContext(NavigationContext);
}
