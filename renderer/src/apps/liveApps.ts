// AP14: the Apps that are live, by what they belong to (a tool run: `run:<session>/<id>`), so the tab and the
// list that show one keep it mounted, out of sight, while the user looks elsewhere: its frame, state, timers
// and bridge go on. At most MAX_LIVE_APPS at once: the oldest is closed first, and says why.
import { useSyncExternalStore } from "react";
import type { TabId } from "../app/tabs.js";

/** AP14: live Views kept at once (at least 8). */
export const MAX_LIVE_APPS = 8;

const live = new Map<string, TabId>();
const evicted = new Set<string>();
const listeners = new Set<() => void>();
let keys: ReadonlySet<string> = new Set();
let tabs: ReadonlySet<TabId> = new Set();

function changed(): void {
  keys = new Set(live.keys());
  tabs = new Set(live.values());
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The App of `key` is live in `tab`; beyond the bound, the oldest other one is asked to close. */
export function registerLiveApp(key: string, tab: TabId): void {
  evicted.delete(key);
  live.delete(key);
  live.set(key, tab);
  while (live.size > MAX_LIVE_APPS) {
    const oldest = live.keys().next().value as string;
    live.delete(oldest);
    evicted.add(oldest);
  }
  changed();
}

export function unregisterLiveApp(key: string): void {
  if (live.delete(key)) changed();
}

export function useLiveAppKeys(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, () => keys);
}

export function useLiveAppTabs(): ReadonlySet<TabId> {
  const snapshot = () => tabs;
  // The first frame is also rendered at build time (firstFrame.tsx), when no App runs: the same snapshot.
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** True once the bound closed the App of `key` (it closes itself, with a message). */
export function useEvicted(key: string | undefined): boolean {
  return useSyncExternalStore(subscribe, () => key !== undefined && evicted.has(key));
}

/** For tests: forget every live App. */
export function forgetLiveApps(): void {
  live.clear();
  evicted.clear();
  changed();
}
