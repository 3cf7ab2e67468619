// The validators (validate.ts: @cfworker/json-schema, and re2js for the servers' patterns) are a chunk of
// their own, 170 kB the first tab does not need: fetched when a form or a result check first asks for them,
// or once the window is idle (lazyTabs.tsx). Until they are in, nothing is judged: a check says it is
// checking, and a submit waits for them (what was typed stays in the draft meanwhile).
import { useEffect, useSyncExternalStore } from "react";

export type Engines = typeof import("./validate.js");

let loaded: Engines | undefined;
let started: Promise<Engines> | undefined;
const listeners = new Set<() => void>();

/** Starts fetching the validators (once); resolves when they are in. A failed fetch is tried again next time. */
export function loadEngines(): Promise<Engines> {
  started ??= import("./validate.js").then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      started = undefined;
      throw error;
    },
  );
  return started;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The validators, or undefined while they load (the caller shows that nothing is checked yet). */
export function useEngines(): Engines | undefined {
  const engines = useSyncExternalStore(subscribe, () => loaded);
  useEffect(() => {
    if (!engines) loadEngines().catch(() => {}); // retried by the next submit, which says why it failed
  }, [engines]);
  return engines;
}
