// Issue 19: a server that sends 1,000 log notifications of 1 MB (and a few 4 MB tool results) over real
// stdio must not grow the core by what it sent: the message log keeps at most its byte budget, each
// entry at most its cap with its cut said, the events to the page carry cut data, and the heap after a
// full GC says the same. (The bench, `npm run bench`, runs the full 1,000 × 4 MB.)
import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { InspectorCore } from "../../main/core/index.js";
import { ENTRY_OVERHEAD_BYTES, SERVER_LOG_DATA_BYTES } from "../../main/core/messageLog.js";
import { eventSchemas, type InspectorEvent } from "../../shared/contract.js";
import { jsonSize } from "../../shared/byteBudget.js";
import { DEFAULT_SETTINGS, type LogEntry } from "../../shared/types.js";
import { createHarness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

const MB = 1024 * 1024;

/** A full GC on demand, without starting the worker with --expose-gc. */
function collector(): () => void {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  return () => {
    gc();
    gc();
  };
}

/** What the log holds, counted as the log counts it (messageLog.ts). */
const retained = (entries: LogEntry[]) => entries.reduce((sum, e) => sum + jsonSize(e.payload) + ENTRY_OVERHEAD_BYTES, 0);

describe("memory bounded by bytes (issue 19)", () => {
  it("1,000 log notifications of 1 MB and 4 MB tool results: the log holds at most its budget, the newest entries are there with their cut said, and the heap does not grow by what was sent", async () => {
    const gc = collector();
    // No test harness: it would keep every event, which is exactly what must not be kept.
    const core = new InspectorCore({});
    let serverLogs = 0;
    let biggestServerLog = 0;
    let lastEvents: InspectorEvent[] = [];
    core.subscribe((event) => {
      if (event.type === "serverLog") {
        serverLogs++;
        biggestServerLog = Math.max(biggestServerLog, jsonSize(event.payload.data));
      }
      lastEvents.push(event);
      if (lastEvents.length > 50) lastEvents = lastEvents.slice(-20);
    });
    try {
      const info = await core.dispatch("connect", { server: fixtureServer("log-flood-server.mjs") });
      expect(info.state).toBe("connected");
      const { sessionId } = info;
      gc();
      const before = process.memoryUsage().heapUsed;

      const started = performance.now();
      await core.dispatch("callTool", { sessionId, name: "flood-log", arguments: { count: 1000, bytes: MB } });
      for (let i = 0; i < 3; i++) {
        const result = await core.dispatch("callTool", { sessionId, name: "big-result", arguments: { bytes: 4 * MB } });
        expect((result.content[0] as { text: string }).text.length).toBe(4 * MB);
      }
      const seconds = (performance.now() - started) / 1000;
      // Measured before the test reads the log: getLog answers with a parsed copy, which the test then holds.
      gc();
      const grown = process.memoryUsage().heapUsed - before;

      const { entries } = await core.dispatch("getLog", { sessionId });
      const budget = DEFAULT_SETTINGS.logBudgetBytes;
      expect(retained(entries)).toBeLessThanOrEqual(budget);
      // The newest notifications are there, in order, each cut to the cap and saying so.
      const notes = entries.filter((e) => e.method === "notifications/message");
      expect(notes.length).toBeGreaterThan(200);
      const numbers = notes.map((e) => Number(/^#(\d+)/.exec((e.payload as { params: { data: string } }).params.data)?.[1]));
      expect(numbers.at(-1)).toBe(1000);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => 1001 - numbers.length + i));
      for (const e of notes) {
        expect(e.cut?.bytes).toBeGreaterThan(MB);
        expect(e.cut!.kept).toBeLessThanOrEqual(DEFAULT_SETTINGS.logEntryMaxBytes);
        expect((e.payload as { params: { data: string } }).params.data).toMatch(/… \(1,048,\d{3} characters\)$/);
      }
      // The 4 MB results are logged as cuts too, and still name the request they answer.
      const results = entries.filter((e) => e.direction === "in" && e.method === "tools/call" && e.cut);
      expect(results.length).toBe(3);
      expect(results.every((e) => e.cut!.bytes > 4 * MB)).toBe(true);
      // What went to the page of each notification: its data cut to SERVER_LOG_DATA_BYTES.
      expect(serverLogs).toBe(1000);
      expect(biggestServerLog).toBeLessThanOrEqual(SERVER_LOG_DATA_BYTES);
      for (const event of lastEvents) expect(eventSchemas[event.type].safeParse(event.payload).success).toBe(true);

      // 1 GB was sent; the log's budget is 64 MB; the tool runs keep their results (under their own bound).
      expect(grown).toBeLessThan(budget + 32 * MB);
      console.log(`issue 19: 1,000 × 1 MB notifications + 3 × 4 MB results in ${seconds.toFixed(1)} s; log ${(retained(entries) / MB).toFixed(1)} MB in ${entries.length} entries; heap grew ${(grown / MB).toFixed(1)} MB`);
    } finally {
      await core.shutdown();
    }
  }, 120_000);

  it("changed byte settings apply to live sessions at once: a smaller budget evicts the oldest now, a smaller cap cuts what comes next", async () => {
    const h = createHarness();
    const info = await h.core.dispatch("connect", { server: fixtureServer("log-flood-server.mjs") });
    const { sessionId } = info;
    await h.core.dispatch("callTool", { sessionId, name: "flood-log", arguments: { count: 20, bytes: 200 * 1024 } });
    const before = (await h.core.dispatch("getLog", { sessionId })).entries;
    const whole = before.filter((e) => e.method === "notifications/message");
    expect(whole).toHaveLength(20);
    expect(whole.every((e) => e.cut === undefined)).toBe(true);

    // 20 × 200 KB held; the budget becomes 1 MB: the oldest go now, the newest stay.
    await h.core.dispatch("updateSettings", { logBudgetBytes: MB, logEntryMaxBytes: 4 * 1024 });
    const after = (await h.core.dispatch("getLog", { sessionId })).entries;
    expect(retained(after)).toBeLessThanOrEqual(MB);
    expect(after.length).toBeLessThan(before.length);
    expect(after.map((e) => e.seq)).toEqual(before.slice(-after.length).map((e) => e.seq));

    await h.core.dispatch("callTool", { sessionId, name: "flood-log", arguments: { count: 3, bytes: 200 * 1024 } });
    const next = (await h.core.dispatch("getLog", { sessionId })).entries.filter((e) => e.method === "notifications/message").slice(-3);
    expect(next.map((e) => e.cut?.kept ?? Infinity).every((kept) => kept <= 4 * 1024)).toBe(true);
  });
});
