// A real core plus a recorder of its event stream, so tests await events instead of sleeping.
import { afterEach, expect } from "vitest";
import { eventSchemas, type EventName, type EventPayload, type InspectorEvent } from "../../shared/contract.js";
import { InspectorCore, type InspectorCoreOptions } from "../../main/core/index.js";

export interface Harness {
  core: InspectorCore;
  events: InspectorEvent[];
  /** Resolves with the first event (already seen or future) of `type` matching `match`. */
  waitFor<E extends EventName>(type: E, match?: (payload: EventPayload<E>) => boolean, timeoutMs?: number): Promise<EventPayload<E>>;
  /** Resolves when `check()` returns a value, re-checked after every event. */
  until<T>(check: () => T | undefined | false, timeoutMs?: number, what?: string): Promise<T>;
}

const live: Harness[] = [];

// Every event any test saw must match the contract the renderer parses it with; then the core shuts down.
afterEach(async () => {
  const ended = live.splice(0);
  await Promise.all(ended.map((h) => h.core.shutdown()));
  for (const h of ended) expectEventsMatchContract(h.events);
});

export function expectEventsMatchContract(events: InspectorEvent[]): void {
  for (const event of events) {
    const parsed = eventSchemas[event.type].safeParse(event.payload);
    expect(parsed.success, `${event.type}: ${parsed.error?.message}`).toBe(true);
  }
}

/** A harness shut down (and its events checked) after the current test. */
export function createHarness(options: InspectorCoreOptions = {}): Harness {
  const harness = standingHarness(options);
  live.push(harness);
  return harness;
}

/** A harness that outlives a single test, for suites that build state once; the caller shuts it down. */
export function standingHarness(options: InspectorCoreOptions = {}): Harness {
  // A server started on a loaded machine can take longer than the default 2 s to read its first line; a
  // modern server would then be taken for a silent legacy one. Tests that mean the probe's time-out set it.
  const core = new InspectorCore({ ...options, settings: { eraProbeTimeoutMs: 15_000, ...options.settings } });
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
        if (!value) return;
        clearTimeout(timer);
        watchers.delete(watcher);
        resolve(value);
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
