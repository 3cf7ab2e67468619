// The protocol log over real stdio: every JSON-RPC message in and out, as it crossed the wire, in a
// ring buffer of the configured size.
import { afterEach, describe, expect, it } from "vitest";
import { type InspectorEvent } from "../../shared/contract.js";
import type { LogEntry } from "../../shared/types.js";
import { createHarness, type Harness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

let harness: Harness | undefined;
// Every event is checked against the contract by the harness after each test.
afterEach(() => {
  harness = undefined;
});

function logEvents(events: InspectorEvent[], sessionId: string): LogEntry[] {
  return events.flatMap((e) => (e.type === "logEntry" && e.payload.sessionId === sessionId ? [e.payload] : []));
}

describe("the protocol log", () => {
  it("records every message in and out with direction, time, method, id and payload, and emits each as a logEntry event", async () => {
    harness = createHarness();
    const h = harness;
    const before = Date.now();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("session-server.mjs") });
    await h.core.dispatch("callTool", { sessionId, name: "list-roots", arguments: {} });
    const { entries } = await h.core.dispatch("getLog", { sessionId });

    // The era probe (E2: Auto, a 2025-11-25 server answers it with an error), then the handshake, exactly as it went over the wire.
    expect(entries.slice(0, 2).map((e) => [e.direction, e.method, e.id])).toEqual([
      ["out", "server/discover", "inspector-era-probe-1"],
      ["in", "server/discover", "inspector-era-probe-1"],
    ]);
    const legacy = entries.slice(2);
    expect(legacy.slice(0, 3).map((e) => [e.direction, e.method, e.id])).toEqual([
      ["out", "initialize", 0],
      ["in", "initialize", 0],
      ["out", "notifications/initialized", undefined],
    ]);
    expect(legacy[0]?.payload).toMatchObject({ jsonrpc: "2.0", id: 0, method: "initialize", params: { clientInfo: { name: "mcp-task-inspector" } } });
    expect(legacy[0]?.remark).toMatch(/^Era: 2025-11-25 \(initialize\)\. server\/discover answered error -32601/);
    expect(legacy[1]?.payload).toMatchObject({ jsonrpc: "2.0", id: 0, result: { serverInfo: { name: "session-fixture" } } });

    // A request from the server and our answer, in wire order, inside our own tools/call.
    expect(legacy.slice(3).map((e) => [e.direction, e.method])).toEqual([
      ["out", "tools/list"],
      ["in", "tools/list"],
      ["out", "tools/call"],
      ["in", "roots/list"],
      ["out", "roots/list"],
      ["in", "tools/call"],
    ]);
    const [rootsRequest, rootsAnswer] = entries.filter((e) => e.method === "roots/list");
    expect(rootsAnswer?.id).toBe(rootsRequest?.id);
    expect(rootsAnswer?.payload).toEqual({ jsonrpc: "2.0", id: rootsRequest?.id, result: { roots: [] } });

    for (const [i, entry] of entries.entries()) {
      expect(entry.sessionId).toBe(sessionId);
      expect(new Date(entry.time).toISOString()).toBe(entry.time);
      expect(Date.parse(entry.time)).toBeGreaterThanOrEqual(before - 1);
      if (i > 0) {
        expect(entry.seq).toBeGreaterThan((entries[i - 1] as LogEntry).seq);
        expect(Date.parse(entry.time)).toBeGreaterThanOrEqual(Date.parse((entries[i - 1] as LogEntry).time));
      }
    }
    expect(logEvents(h.events, sessionId)).toEqual(entries);
  });

  it("is a ring buffer: it keeps only the newest logLimit entries, and a new limit applies at once", async () => {
    harness = createHarness({ settings: { logLimit: 100 } });
    const h = harness;
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("session-server.mjs") });
    for (let i = 0; i < 60; i++) await h.core.dispatch("ping", { sessionId });

    const emitted = logEvents(h.events, sessionId);
    // The era probe's two messages, the handshake's three, two per ping.
    expect(emitted.length).toBe(2 + 3 + 120);
    let { entries } = await h.core.dispatch("getLog", { sessionId });
    expect(entries).toEqual(emitted.slice(-100));

    // Growing keeps what is there and makes room for more.
    await h.core.dispatch("updateSettings", { logLimit: 150 });
    for (let i = 0; i < 40; i++) await h.core.dispatch("ping", { sessionId });
    ({ entries } = await h.core.dispatch("getLog", { sessionId }));
    expect(entries).toEqual(logEvents(h.events, sessionId).slice(-150));

    // Shrinking keeps the newest.
    await h.core.dispatch("updateSettings", { logLimit: 100 });
    ({ entries } = await h.core.dispatch("getLog", { sessionId }));
    expect(entries).toEqual(logEvents(h.events, sessionId).slice(-100));
    expect(entries.at(-1)).toMatchObject({ direction: "in", method: "ping" });
  });

  it("keeps each session's log apart", async () => {
    harness = createHarness();
    const h = harness;
    const a = await h.core.dispatch("connect", { server: fixtureServer("session-server.mjs") });
    const b = await h.core.dispatch("connect", { server: fixtureServer("session-server.mjs") });
    await h.core.dispatch("ping", { sessionId: a.sessionId });
    const logA = (await h.core.dispatch("getLog", { sessionId: a.sessionId })).entries;
    const logB = (await h.core.dispatch("getLog", { sessionId: b.sessionId })).entries;
    expect(logA.filter((e) => e.method === "ping")).toHaveLength(2);
    expect(logB.filter((e) => e.method === "ping")).toHaveLength(0);
    expect(logB.every((e) => e.sessionId === b.sessionId)).toBe(true);
  });
});
