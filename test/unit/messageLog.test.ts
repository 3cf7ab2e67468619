import { describe, expect, it } from "vitest";
import { ENTRY_OVERHEAD_BYTES, isoTimeOf, MessageLog } from "../../main/core/messageLog.js";
import { lastResponseTo, toolsThatFit } from "../../main/core/schemaMismatch.js";
import { cutNote } from "../../shared/byteBudget.js";
import { DEFAULT_SETTINGS, LogEntrySchema, SettingsSchema, type LogEntry } from "../../shared/types.js";
import { initialLogState, reduceLog, withLogSnapshot } from "../../renderer/src/store/logSlice.js";

describe("MessageLog", () => {
  const time = "2026-01-01T00:00:00.000Z";

  it("records direction, time, method, id and the payload as it was", () => {
    const log = new MessageLog("s1", 10);
    const request = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "x" } };
    const entry = log.record("out", request, 1, time);
    expect(entry).toEqual({ seq: 1, sessionId: "s1", direction: "out", time, method: "tools/call", id: 7, payload: request });
    expect(LogEntrySchema.parse(entry)).toEqual(entry);
  });

  it("labels a response with the method of the request it answers, in either direction", () => {
    const log = new MessageLog("s1", 10);
    log.record("out", { jsonrpc: "2.0", id: 1, method: "tasks/get", params: { taskId: "t" } }, 1, time);
    log.record("in", { jsonrpc: "2.0", id: 1, method: "roots/list" }, 2, time);
    expect(log.record("out", { jsonrpc: "2.0", id: 1, result: { roots: [] } }, 3, time).method).toBe("roots/list");
    expect(log.record("in", { jsonrpc: "2.0", id: 1, error: { code: -32602, message: "no" } }, 4, time).method).toBe("tasks/get");
    // Answered once: a second response with the same id names nothing.
    expect(log.record("in", { jsonrpc: "2.0", id: 1, result: {} }, 5, time).method).toBeUndefined();
    // A string id is not the number with the same digits.
    log.record("out", { jsonrpc: "2.0", id: "2", method: "ping" }, 6, time);
    expect(log.record("in", { jsonrpc: "2.0", id: 2, result: {} }, 7, time).method).toBeUndefined();
    expect(log.record("in", { jsonrpc: "2.0", id: "2", result: {} }, 8, time).method).toBe("ping");
  });

  it("R7 R10: a response names the task its request named (params.taskId or related-task _meta), which an error or an empty ack does not carry; a hostile id is cut", () => {
    const log = new MessageLog("s1", 10);
    log.record("in", { jsonrpc: "2.0", id: "a", method: "tasks/result", params: { taskId: "t-1" } }, 1, time);
    const error = log.record("out", { jsonrpc: "2.0", id: "a", error: { code: -32602, message: "cancelled" } }, 2, time);
    expect(error.taskId).toBe("t-1");
    expect(LogEntrySchema.parse(error)).toEqual(error);
    log.record("in", { jsonrpc: "2.0", id: 4, method: "elicitation/create", params: { _meta: { "io.modelcontextprotocol/related-task": { taskId: "t-2" } } } }, 3, time);
    expect(log.record("out", { jsonrpc: "2.0", id: 4, result: { action: "accept" } }, 4, time).taskId).toBe("t-2");
    log.record("out", { jsonrpc: "2.0", id: 5, method: "ping" }, 5, time);
    expect(log.record("in", { jsonrpc: "2.0", id: 5, result: {} }, 6, time).taskId).toBeUndefined();
    // A request itself is not stamped: its task is in its own params.
    expect(log.record("out", { jsonrpc: "2.0", id: 6, method: "tasks/get", params: { taskId: "x".repeat(100_000) } }, 7, time).taskId).toBeUndefined();
    const cut = log.record("in", { jsonrpc: "2.0", id: 6, error: { code: -32602, message: "unknown" } }, 8, time);
    expect(cut.taskId).toHaveLength(300);
    expect(LogEntrySchema.parse(cut)).toEqual(cut);
  });

  it("keeps a note with a message that was not passed on, and notifications carry no id", () => {
    const log = new MessageLog("s1", 10);
    const dup = { jsonrpc: "2.0", id: 3, method: "elicitation/create", params: {} };
    expect(log.record("in", dup, 1, time, "Ignored: duplicate").payload).toEqual({ note: "Ignored: duplicate", message: dup });
    const note = log.record("in", { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: 1, progress: 1 } }, 2, time);
    expect(note.id).toBeUndefined();
    expect(note.method).toBe("notifications/progress");
  });

  it("is bounded by its limit and can be resized", () => {
    const log = new MessageLog("s1", 3);
    for (let i = 0; i < 5; i++) log.record("out", { jsonrpc: "2.0", method: "notifications/initialized" }, i, time);
    expect(log.toArray().map((e) => e.seq)).toEqual([2, 3, 4]);
    log.resize(2);
    expect(log.toArray().map((e) => e.seq)).toEqual([3, 4]);
    expect(log.size).toBe(2);
  });

  it("every entry has its fields in one order, whichever it carries (the log's JSON reads the same row to row)", () => {
    const log = new MessageLog("s1", 10);
    log.record("out", { jsonrpc: "2.0", id: 3, method: "tasks/get", params: { taskId: "t-1" } }, 1, time, undefined, undefined, { remark: "a remark" });
    const answer = log.record("in", { jsonrpc: "2.0", id: 3, result: {} }, 2, time, undefined, undefined, { exchange: { id: "x", round: 1 } as never });
    expect(Object.keys(answer)).toEqual(["seq", "sessionId", "direction", "time", "method", "id", "payload", "exchange", "taskId"]);
    expect(Object.keys(log.toArray()[0]!)).toEqual(["seq", "sessionId", "direction", "time", "method", "id", "payload", "remark"]);
    expect(Object.keys(log.record("in", { jsonrpc: "2.0", method: "notifications/message" }, 3, time))).toEqual(["seq", "sessionId", "direction", "time", "method", "payload"]);
  });

  it("remembers unanswered requests per direction: a peer that never answers drops only its own direction's oldest", () => {
    const log = new MessageLog("s1", 10);
    log.record("in", { jsonrpc: "2.0", id: 1, method: "roots/list" }, 0, time);
    for (let id = 1; id <= 10_001; id++) log.record("out", { jsonrpc: "2.0", id, method: "ping" }, id, time);
    // Our 10,001st request pushed out our first; the server's request, in the other direction, is still known.
    expect(log.record("in", { jsonrpc: "2.0", id: 1, result: {} }, 20_000, time).method).toBeUndefined();
    expect(log.record("in", { jsonrpc: "2.0", id: 2, result: {} }, 20_001, time).method).toBe("ping");
    expect(log.record("out", { jsonrpc: "2.0", id: 1, result: { roots: [] } }, 20_002, time).method).toBe("roots/list");
  });

  it("isoTimeOf says each millisecond as toISOString does, the same millisecond twice included", () => {
    for (const ms of [0, 1_700_000_000_000, 1_700_000_000_000, 1_700_000_000_001, 1_699_999_999_999]) expect(isoTimeOf(ms)).toBe(new Date(ms).toISOString());
  });

  it("records a message that is not valid JSON-RPC without failing", () => {
    const log = new MessageLog("s1", 3);
    expect(log.record("in", null, 1, time)).toEqual({ seq: 1, sessionId: "s1", direction: "in", time, payload: null });
    expect(log.record("in", { id: { nested: true } }, 2, time).id).toBeUndefined();
  });
});

describe("MessageLog bounded by bytes (issue 19)", () => {
  const time = "2026-01-01T00:00:00.000Z";
  const KB = 1024;
  const MB = 1024 * KB;
  const logNotification = (data: string) => ({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data } });

  it("keeps a message over the per-entry cap as a cut: method, id and params' small fields readable, its full size and what was kept said", () => {
    const log = new MessageLog("s1", { entries: 100, bytes: 64 * MB, entryBytes: 256 * KB });
    const entry = log.record("in", logNotification("x".repeat(4 * MB)), 1, time, undefined, undefined, { wireBytes: 4 * MB + 77 });
    expect(entry.method).toBe("notifications/message");
    expect(entry.cut).toEqual({ bytes: 4 * MB + 77, kept: expect.any(Number) });
    expect(entry.cut!.kept).toBeLessThanOrEqual(256 * KB);
    expect(cutNote(entry.cut!)).toMatch(/^4\.0 MB message: the first 25\d\.\d KB kept; each cut is marked "…"$/);
    const payload = entry.payload as ReturnType<typeof logNotification>;
    expect(payload.method).toBe("notifications/message");
    expect(payload.params.level).toBe("info");
    expect(payload.params.data.startsWith("xxxx")).toBe(true);
    expect(payload.params.data.endsWith("… (4,194,304 characters)")).toBe(true);
    expect(LogEntrySchema.parse(entry)).toEqual(entry);
    expect(log.retainedBytes()).toBeLessThanOrEqual(256 * KB + ENTRY_OVERHEAD_BYTES);
  });

  it("a cut response still names the request it answers and its error; lastResponseTo finds it, and toolsThatFit does not pretend it is the list sent", () => {
    const log = new MessageLog("s1", { entries: 100, bytes: 64 * MB, entryBytes: 64 * KB });
    log.record("out", { jsonrpc: "2.0", id: 3, method: "tools/list" }, 1, time);
    const tools = Array.from({ length: 2000 }, (_, i) => ({ name: `tool-${i}`, description: "d".repeat(100), inputSchema: { type: "object" } }));
    const response = log.record("in", { result: { tools }, jsonrpc: "2.0", id: 3 }, 2, time);
    expect(response.method).toBe("tools/list");
    expect(response.cut).toBeDefined();
    expect(lastResponseTo(log.toArray(), "tools/list")).toBe(response);
    expect(toolsThatFit(response)).toBeUndefined();

    log.record("out", { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "t" } }, 3, time);
    const error = log.record("in", { jsonrpc: "2.0", id: 4, error: { code: -32000, message: "boom ".repeat(100_000) } }, 4, time);
    expect(error.method).toBe("tools/call");
    expect((error.payload as { error: { code: number; message: string } }).error.code).toBe(-32000);
    expect((error.payload as { error: { code: number; message: string } }).error.message.startsWith("boom boom")).toBe(true);
  });

  it("evicts the oldest entries once the byte budget is passed, in order, and keeps the newest ones whole", () => {
    const log = new MessageLog("s1", { entries: 1000, bytes: MB, entryBytes: 256 * KB });
    for (let i = 1; i <= 20; i++) log.record("in", logNotification(`${i}:`.padEnd(100 * KB, "y")), i, time);
    const seqs = log.toArray().map((e) => e.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => 21 - seqs.length + i));
    expect(seqs.length).toBe(10); // 10 × (100 KB + overhead) fit in 1 MB, 11 do not
    expect(log.retainedBytes()).toBeLessThanOrEqual(MB);
    expect(log.toArray().every((e) => e.cut === undefined)).toBe(true);
  });

  it("the count still bounds small entries, and the newest entry always stays, however small the budget", () => {
    const log = new MessageLog("s1", { entries: 3, bytes: 64 * MB, entryBytes: 256 * KB });
    for (let i = 0; i < 5; i++) log.record("out", { jsonrpc: "2.0", method: "notifications/initialized" }, i, time);
    expect(log.toArray().map((e) => e.seq)).toEqual([2, 3, 4]);
    // A budget smaller than the cap: an entry is cut to the budget, so the newest one always fits.
    const tiny = new MessageLog("s2", { entries: 10, bytes: 4 * KB, entryBytes: 256 * KB });
    const entry = tiny.record("in", logNotification("z".repeat(MB)), 1, time);
    expect(entry.cut!.kept).toBeLessThanOrEqual(4 * KB);
    expect(tiny.toArray()).toEqual([entry]);
    expect(tiny.retainedBytes()).toBeLessThanOrEqual(4 * KB);
  });

  it("resizes by bytes as by count: a smaller budget evicts the oldest now, a smaller cap applies to what comes next", () => {
    const log = new MessageLog("s1", { entries: 1000, bytes: 8 * MB, entryBytes: 256 * KB });
    for (let i = 1; i <= 30; i++) log.record("in", logNotification("w".repeat(200 * KB)), i, time);
    expect(log.size).toBe(30);
    log.resize({ entries: 1000, bytes: MB, entryBytes: 16 * KB });
    expect(log.toArray().map((e) => e.seq)).toEqual([26, 27, 28, 29, 30]);
    expect(log.retainedBytes()).toBeLessThanOrEqual(MB);
    const next = log.record("in", logNotification("w".repeat(200 * KB)), 31, time);
    expect(next.cut!.kept).toBeLessThanOrEqual(16 * KB);
    // A count alone keeps the byte limits.
    log.resize(2);
    expect(log.toArray().map((e) => e.seq)).toEqual([30, 31]);
    expect(() => log.resize({ entries: 10, bytes: 10, entryBytes: 10 })).toThrow(RangeError);
  });

  it("the byte settings: 64 MB and 256 KB by default; the budget at most 256 MB (the page loads the log as one message), the cap at least 4 KB", () => {
    expect([DEFAULT_SETTINGS.logBudgetBytes, DEFAULT_SETTINGS.logEntryMaxBytes]).toEqual([64 * MB, 256 * KB]);
    expect(SettingsSchema.safeParse({ ...DEFAULT_SETTINGS, logBudgetBytes: 256 * MB }).success).toBe(true);
    expect(SettingsSchema.safeParse({ ...DEFAULT_SETTINGS, logBudgetBytes: 257 * MB }).success).toBe(false);
    expect(SettingsSchema.safeParse({ ...DEFAULT_SETTINGS, logEntryMaxBytes: 2 * KB }).success).toBe(false);
  });
});

describe("MessageLog: an App's bridge rows in a share of their own (AP12)", () => {
  const time = "2026-01-01T00:00:00.000Z";
  const app = (n: number) => ({ bridge: "app→host", view: "ui://flood", message: { jsonrpc: "2.0", method: "ui/notifications/size-changed", params: { n } } });

  it("AP12: a flood of App rows after the session's messages leaves every session message, keeps App rows to their share and says how many were dropped", () => {
    const log = new MessageLog("s1", 100);
    let seq = 0;
    for (let i = 0; i < 10; i++) log.record("out", { jsonrpc: "2.0", id: i, method: "tools/list" }, ++seq, time);
    let last;
    for (let i = 0; i < 10_000; i++) last = log.record("in", app(i), ++seq, time, undefined, undefined, { remark: "MCP App bridge", app: true });
    const kept = log.toArray();
    const own = kept.filter((e) => !e.app);
    const apps = kept.filter((e) => e.app);
    // The session's ten messages, all of them, first and in order.
    expect(own.map((e) => e.id)).toEqual([...Array(10).keys()]);
    expect(kept.slice(0, 10)).toEqual(own);
    // A quarter of the 100 rows: the newest 25 App rows, and each says what its share has dropped so far.
    expect(apps).toHaveLength(25);
    expect(apps.map((e) => (e.payload as ReturnType<typeof app>).message.params.n)).toEqual([...Array(25).keys()].map((k) => 9975 + k));
    expect(last!.app).toEqual({ dropped: 9975 });
    expect(apps[0]!.app!.dropped).toBe(9951);
    expect(LogEntrySchema.parse(last)).toEqual(last);
  });

  it("AP12: the App share holds by bytes too, and the session's own rows still evict in order, App rows and theirs interleaved as recorded", () => {
    const log = new MessageLog("s1", { entries: 1000, bytes: 40 * ENTRY_OVERHEAD_BYTES, entryBytes: 64 * 1024 });
    let seq = 0;
    for (let i = 0; i < 100; i++) {
      log.record("out", { n: i }, ++seq, time);
      log.record("in", app(i), ++seq, time, undefined, undefined, { app: true });
    }
    const apps = log.toArray().filter((e) => e.app);
    const appBytes = apps.reduce((sum, e) => sum + JSON.stringify(e.payload).length + ENTRY_OVERHEAD_BYTES, 0);
    expect(appBytes).toBeLessThanOrEqual(10 * ENTRY_OVERHEAD_BYTES);
    expect(log.retainedBytes()).toBeLessThanOrEqual(40 * ENTRY_OVERHEAD_BYTES);
    // The newest of each kind stays; what is kept is in the order it was recorded.
    const seqs = log.toArray().map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(seqs.at(-1)).toBe(200);
    expect(log.toArray().filter((e) => !e.app).at(-1)!.seq).toBe(199);
  });

  it("AP12: a session without Apps keeps its whole budget, and a log of App rows alone keeps only their share", () => {
    const own = new MessageLog("s1", 8);
    for (let i = 0; i < 20; i++) own.record("out", { n: i }, i, time);
    expect(own.size).toBe(8);
    const apps = new MessageLog("s1", 8);
    for (let i = 0; i < 20; i++) apps.record("in", app(i), i, time, undefined, undefined, { app: true });
    expect(apps.toArray().map((e) => e.seq)).toEqual([18, 19]);
  });

  it("AP12: the page's copy of the log drops the same rows as main's, whether the entries come one by one, in batches or as a snapshot", () => {
    const limits = { entries: 60, bytes: 30 * 1024 };
    const log = new MessageLog("s1", { ...limits, entryBytes: 64 * 1024 });
    const events: { type: "logEntry"; payload: LogEntry }[] = [];
    let seq = 0;
    // The session talks, an App floods (now and then with a big message), the session talks again.
    for (let i = 0; i < 30; i++) events.push({ type: "logEntry", payload: log.record("out", { n: i }, ++seq, time) });
    for (let i = 0; i < 500; i++) {
      const big = i % 37 === 0 ? { pad: "x".repeat(2000) } : {};
      events.push({ type: "logEntry", payload: log.record("in", { ...app(i), ...big }, ++seq, time, undefined, undefined, { app: true }) });
      if (i % 50 === 0) events.push({ type: "logEntry", payload: log.record("in", { jsonrpc: "2.0", method: "notifications/progress", params: { i } }, ++seq, time) });
    }
    const core = log.toArray().map((e) => e.seq);
    const oneByOne = events.reduce((state, e) => reduceLog(state, [e as never], limits), initialLogState);
    expect(oneByOne.logs.s1!.entries.map((e) => e.seq)).toEqual(core);
    let batched = initialLogState;
    for (let i = 0; i < events.length; i += 64) batched = reduceLog(batched, events.slice(i, i + 64) as never, limits);
    expect(batched.logs.s1!.entries.map((e) => e.seq)).toEqual(core);
    const snapshot = withLogSnapshot(initialLogState, "s1", { entries: log.toArray(), stderr: [] }, limits);
    expect(snapshot.logs.s1!.entries.map((e) => e.seq)).toEqual(core);
    // Every session row recorded before the flood is still there.
    expect(core.slice(0, 30)).toEqual([...Array(30).keys()].map((k) => k + 1));
  });
});
