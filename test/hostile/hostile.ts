// Shared by the hostile suite: a connected session of test/fixtures/hostile-server.mjs over real stdio,
// typed shortcuts to its action tools, and event counters that stay O(1) per event (the flood tests
// produce tens of thousands of events; the harness's waitFor scans them all on every event).
import { expect } from "vitest";
import type { EventName, EventPayload, InspectorEvent } from "../../shared/contract.js";
import type { ClientFeatureToggles, LogEntry } from "../../shared/types.js";
import type { Harness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

export type Scenario = "plain" | "noisy-stdout" | "hang-tasks-get" | "hostile-content" | "malformed";

export interface WireResponse {
  jsonrpc: "2.0";
  id: string | number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

export interface WireTask {
  taskId: string;
  status: string;
  statusMessage?: string;
  ttl: number | null;
}

export function hostileServer(scenario: Scenario = "plain", features: Partial<ClientFeatureToggles> = {}) {
  return { ...fixtureServer("hostile-server.mjs", [scenario], features), name: `hostile ${scenario}` };
}

export async function connectHostile(h: Harness, scenario: Scenario = "plain", features: Partial<ClientFeatureToggles> = {}) {
  const info = await h.core.dispatch("connect", { server: hostileServer(scenario, features) });
  expect(info.state).toBe("connected");
  const { sessionId } = info;

  async function call<T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}): Promise<T> {
    const result = await h.core.dispatch("callTool", { sessionId, name, arguments: args });
    const first = result.content[0] as { type: string; text?: string } | undefined;
    if (result.isError || first?.type !== "text" || first.text === undefined) {
      throw new Error(`hostile tool ${name} failed: ${JSON.stringify(result.content).slice(0, 500)}`);
    }
    return JSON.parse(first.text) as T;
  }

  /** A raw request to our client; resolves with the exact response the server received. */
  const request = async (method: string, params?: unknown, options: { id?: string; times?: number } = {}) =>
    (await call<{ response: WireResponse }>("request", { method, ...(params === undefined ? {} : { params }), ...options })).response;

  /** A raw line the server writes verbatim, answered (if at all) under `id`. */
  const requestLine = async (line: string, id: string | number) => (await call<{ response: WireResponse }>("request", { line, id })).response;

  const log = async (): Promise<LogEntry[]> => (await h.core.dispatch("getLog", { sessionId })).entries;
  const stderr = async (): Promise<string[]> => (await h.core.dispatch("getLog", { sessionId })).stderr;
  /** A round trip that must be answered after everything the server wrote before it. */
  const ping = () => h.core.dispatch("ping", { sessionId });

  return { sessionId, call, request, requestLine, log, stderr, ping };
}

export type HostileSession = Awaited<ReturnType<typeof connectHostile>>;

/** Counts events by type as they happen, and waits on a count without rescanning the history. */
export function eventCounter(h: Harness) {
  const counts = new Map<EventName, number>();
  const watchers = new Set<() => void>();
  h.core.subscribe((event: InspectorEvent) => {
    counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
    for (const w of [...watchers]) w();
  });
  const count = (type: EventName) => counts.get(type) ?? 0;
  function atLeast(type: EventName, n: number, timeoutMs = 60_000): Promise<void> {
    return new Promise((resolve, reject) => {
      if (count(type) >= n) return resolve();
      const timer = setTimeout(() => {
        watchers.delete(watcher);
        reject(new Error(`Timed out waiting for ${n} ${type} events (saw ${count(type)})`));
      }, timeoutMs);
      const watcher = () => {
        if (count(type) < n) return;
        clearTimeout(timer);
        watchers.delete(watcher);
        resolve();
      };
      watchers.add(watcher);
    });
  }
  return { count, atLeast };
}

/** Events of one type, newest last. */
export function eventsOf<E extends EventName>(h: Harness, type: E): EventPayload<E>[] {
  return h.events.filter((e) => e.type === type).map((e) => e.payload as EventPayload<E>);
}

export function elicitParams(extra: Record<string, unknown> = {}) {
  return {
    message: "What is your name?",
    requestedSchema: { type: "object", properties: { name: { type: "string" } } },
    ...extra,
  };
}

export { standingHarness } from "../helpers/harness.js";
