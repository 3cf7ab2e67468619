// The load as the app runs it: the core's `runLoad` and `stopLoad` (the Checks tab's Load pane) against
// server-everything's echo over real stdio. Its figures each second arrive as `loadProgress` events that
// match the contract, the report holds the same seconds, Stop ends the run early, and a session runs one
// load at a time.
import { describe, expect, it } from "vitest";
import { LoadReportSchema } from "../../shared/load.js";
import { createHarness } from "../helpers/harness.js";
import { everythingServer } from "../helpers/servers.js";

describe("a load through the core's API", () => {
  it("echo under load: figures each second as events, the same seconds in the report, and no error", { timeout: 60_000 }, async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: { ...everythingServer(), era: "2025-11-25" } });
    const report = LoadReportSchema.parse(await h.core.dispatch("runLoad", { sessionId, tool: "echo", arguments: { message: "hi" }, concurrency: 4, durationMs: 2000 }));
    expect(report.calls).toBeGreaterThan(0);
    expect(report.ok).toBe(report.calls);
    expect(report.errors).toEqual({});
    expect(report.server.state).toBe("connected");
    const ticks = h.events.flatMap((e) => (e.type === "loadProgress" ? [e.payload] : []));
    expect(ticks.length).toBeGreaterThan(0);
    expect(ticks.every((t) => t.sessionId === sessionId)).toBe(true);
    // The report's seconds are the events' (a page that missed some still draws the run).
    expect(report.seconds).toEqual(ticks.map(({ sessionId: _, ...second }) => second));
    // Each second counts the calls that ended in it (the last one, what ended after the last whole second):
    // together, every call of the run.
    expect(ticks.reduce((n, t) => n + t.second.calls, 0)).toBe(report.calls);
    expect(ticks.at(-1)!.calls).toBe(report.calls);
    expect(ticks.find((t) => t.second.calls > 0)?.second.p50).toBeGreaterThan(0);
  });

  it("Stop ends a long load early, with the figures so far; a second load on the session is refused meanwhile", { timeout: 60_000 }, async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: { ...everythingServer(), era: "2025-11-25" } });
    const running = h.core.dispatch("runLoad", { sessionId, tool: "echo", arguments: { message: "hi" }, concurrency: 2, rate: 50, durationMs: 600_000 });
    await h.waitFor("loadProgress", (t) => t.sessionId === sessionId && t.calls > 0, 30_000);
    await expect(h.core.dispatch("runLoad", { sessionId, tool: "echo", arguments: { message: "hi" }, concurrency: 1, durationMs: 1000 })).rejects.toThrow(/already running on this session/);
    await h.core.dispatch("stopLoad", { sessionId });
    const report = await running;
    expect(report.stopped).toBe(true);
    expect(report.calls).toBeGreaterThan(0);
    expect(report.errors).toEqual({});
    // Stopped, the session may run another.
    const again = await h.core.dispatch("runLoad", { sessionId, tool: "echo", arguments: { message: "again" }, concurrency: 1, durationMs: 1000 });
    expect(again.stopped).toBeUndefined();
  });

  it("every call of a load is in the session's log and its events: each request and its answer, labelled tools/call, as many as the report counts", { timeout: 60_000 }, async () => {
    const h = createHarness({ settings: { logLimit: 1_000_000 } });
    const { sessionId } = await h.core.dispatch("connect", { server: { ...everythingServer(), era: "2025-11-25" } });
    const before = h.core.session(sessionId).logSnapshot().entries.length;
    const report = await h.core.dispatch("runLoad", { sessionId, tool: "echo", arguments: { message: "logged" }, concurrency: 8, durationMs: 1000 });
    expect(report.calls).toBeGreaterThan(0);
    const entries = h.core.session(sessionId).logSnapshot().entries.slice(before);
    const calls = entries.filter((e) => e.method === "tools/call");
    const asked = calls.filter((e) => e.direction === "out").map((e) => e.id);
    const answered = calls.filter((e) => e.direction === "in" && JSON.stringify(e.payload).includes("Echo: logged")).map((e) => e.id);
    expect(asked).toHaveLength(report.calls);
    expect(new Set(answered)).toEqual(new Set(asked));
    expect(answered).toHaveLength(report.calls);
    // The page is told of each one (its Logs tab is fed by these events).
    const logged = new Set(h.events.flatMap((e) => (e.type === "logEntry" && e.payload.sessionId === sessionId ? [e.payload.seq] : [])));
    expect(calls.every((e) => logged.has(e.seq))).toBe(true);
  });
});

