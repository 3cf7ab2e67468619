// A real core plus a recorder of its event stream, so tests await events instead of sleeping.
import { afterEach } from "vitest";
import type { EventName, EventPayload, InspectorEvent } from "../../shared/contract.js";
import { InspectorCore, type InspectorCoreOptions } from "../../main/core/index.js";

export interface Harness {
  core: InspectorCore;
  events: InspectorEvent[];
  /** Resolves with the first event (already seen or future) of `type` matching `match`. */
  waitFor<E extends EventName>(type: E, match?: (payload: EventPayload<E>) => boolean, timeoutMs?: number): Promise<EventPayload<E>>;
  /** Resolves when `check()` returns a value, re-checked after every event. */
  until<T>(check: () => T | undefined | false, timeoutMs?: number, what?: string): Promise<T>;
}

const live: InspectorCore[] = [];

afterEach(async () => {
  await Promise.all(live.splice(0).map((core) => core.shutdown()));
});

export function createHarness(options: InspectorCoreOptions = {}): Harness {
  const core = new InspectorCore(options);
  live.push(core);
  const events: InspectorEvent[] = [];
  const watchers = new Set<() => void>();
  core.subscribe((event) => {
    events.push(event);
    for (const w of [...watchers]) w();
  });

  function until<T>(check: () => T | undefined | false, timeoutMs = 20_000, what = "condition"): Promise<T> {
    return new Promise((resolve, reject) => {
      const first = check();
      if (first) return resolve(first);
      const timer = setTimeout(() => {
        watchers.delete(watcher);
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const watcher = () => {
        const value = check();
        if (value) {
          clearTimeout(timer);
          watchers.delete(watcher);
          resolve(value);
        }
      };
      watchers.add(watcher);
    });
  }

  function waitFor<E extends EventName>(type: E, match: (payload: EventPayload<E>) => boolean = () => true, timeoutMs = 20_000) {
    return until(() => {
      const hit = events.find((e) => e.type === type && match(e.payload as EventPayload<E>));
      return hit ? (hit.payload as EventPayload<E>) : undefined;
    }, timeoutMs, `event ${type}`);
  }

  return { core, events, waitFor, until };
}
