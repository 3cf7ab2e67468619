// Protocol garbage from a hostile server over real stdio (test/fixtures/hostile-server.mjs writes raw
// bytes): nothing it writes closes the session, every unusable line is logged with what is wrong with
// it, and nobody waits forever on a message that could not be used.
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, type LogEntry } from "../../shared/types.js";
import { createHarness } from "../helpers/harness.js";
import { connectHostile, elicitParams, eventCounter, eventsOf } from "./hostile.js";
import { MESSAGES_PER_TURN } from "../../main/core/transport/stdioMessageReader.js";

const MB = 1024 * 1024;

interface Noted {
  note: string;
  message?: unknown;
}
const notesOf = (entries: LogEntry[]) =>
  entries.filter((e) => e.direction === "in" && typeof (e.payload as Noted | null)?.note === "string").map((e) => e.payload as Noted);

describe("protocol garbage on stdout", () => {
  it("invalid JSON lines are logged with a note saying stdout is for JSON-RPC; blank lines are skipped; the session carries on", async () => {
    const h = createHarness();
    const s = await connectHostile(h);
    const lines = ["hello world", '{"jsonrpc":"2.0","method":"notifications/message","params":{', "\u0007\u0001 control bytes", "", "   ", "}{"];
    await s.call("emit", { lines });
    await s.ping();

    const notes = notesOf(await s.log());
    expect(notes.map((n) => n.message)).toEqual(["hello world", '{"jsonrpc":"2.0","method":"notifications/message","params":{', "\u0007\u0001 control bytes", "}{"]);
    for (const note of notes) expect(note.note).toMatch(/^Not JSON-RPC: the server wrote a line to stdout that is not valid JSON \(.+\)\. On stdio, stdout carries only JSON-RPC messages; logs belong on stderr\.$/);
    expect(h.core.session(s.sessionId).state.state).toBe("connected");
    expect(eventsOf(h, "sessionChanged").filter((e) => e.sessionId === s.sessionId).map((e) => e.state)).toEqual(["connecting", "connected"]);
  });

  it("valid JSON that is not JSON-RPC is logged with the one thing wrong with it", async () => {
    const h = createHarness();
    const s = await connectHostile(h);
    const cases: [unknown, RegExp][] = [
      [{ foo: 1 }, /"jsonrpc" must be "2\.0", got nothing/],
      [[{ jsonrpc: "2.0", method: "ping", id: 1 }], /a JSON array \(JSON-RPC batches are not part of MCP\)/],
      [42, /expected a JSON object, got number/],
      [null, /expected a JSON object, got null/],
      ["text", /expected a JSON object, got string/],
      [{ jsonrpc: "1.0", method: "notifications/message" }, /"jsonrpc" must be "2\.0", got "1\.0"/],
      [{ jsonrpc: "2.0" }, /no "method" \(request, notification\) and no "result" or "error" \(response\)/],
      [{ jsonrpc: "2.0", id: 5, result: {}, error: { code: 1, message: "x" } }, /carries "result" or "error", not both/],
      [{ jsonrpc: "2.0", id: { nested: true }, method: "ping" }, /"id" must be a string or a number/],
      [{ jsonrpc: "2.0", method: "notifications/message", params: [1, 2] }, /"params" must be an object/],
    ];
    await s.call("emit", { lines: cases.map(([value]) => JSON.stringify(value)) });
    await s.ping();

    const notes = notesOf(await s.log());
    expect(notes).toHaveLength(cases.length);
    cases.forEach(([value, why], i) => {
      expect(notes[i]?.message).toEqual(value);
      expect(notes[i]?.note).toMatch(/^Not JSON-RPC: the server wrote JSON that is not a JSON-RPC 2\.0 message: /);
      expect(notes[i]?.note).toMatch(why);
    });
    expect(h.core.session(s.sessionId).state.state).toBe("connected");
  });

  it("responses to ids we never used are logged and dropped; a call in flight still gets its own answer", async () => {
    const h = createHarness();
    const s = await connectHostile(h);
    const strays = [
      { jsonrpc: "2.0", id: 987654, result: { content: [] } },
      { jsonrpc: "2.0", id: "never-sent", error: { code: -32000, message: "stray" } },
      { jsonrpc: "2.0", id: 31337, result: { huge: "y".repeat(100_000) } },
    ];
    // The strays arrive while this call waits for its answer, and must not be taken for it.
    const result = await s.call("emit", { lines: strays.map((m) => JSON.stringify(m)) });
    expect(result).toEqual({ emitted: 3 });
    await s.ping();

    const inbound = (await s.log()).filter((e) => e.direction === "in" && strays.some((m) => m.id === e.id));
    expect(inbound.map((e) => e.payload)).toEqual(strays);
    // The SDK's complaint quotes the whole message; the stderr panel keeps it short.
    const complaints = (await s.stderr()).filter((l) => l.startsWith("[transport] Received a response for an unknown message ID"));
    expect(complaints).toHaveLength(3);
    for (const line of complaints) expect(line.length).toBeLessThan(2100);
  });

  it("a response that is not usable fails the call it answers at once, with the reason, instead of at its timeout", async () => {
    const h = createHarness({ settings: { requestTimeoutMs: 600_000 } });
    const s = await connectHostile(h);
    const answer = (line: string) => h.core.dispatch("callTool", { sessionId: s.sessionId, name: "bad-answer", arguments: { line } });

    await expect(answer('{"jsonrpc":"2.0","id":ID,"result":"not an object"}')).rejects.toThrow(
      /^MCP error -32600: The server's response could not be used\. Not JSON-RPC: .*"result" must be an object$/,
    );
    await expect(answer('{"jsonrpc":"2.0","id":ID,"error":{"code":"bad"}}')).rejects.toThrow(/"error" must be an object with an integer "code" and a string "message"/);
    // Not even JSON: the id is read from where JSON-RPC writers put it, the start or the very end.
    await expect(answer('{"jsonrpc":"2.0","id":ID,"result":{"content":[{"type":"text","text":"cut off')).rejects.toThrow(
      /^MCP error -32700: The server's response could not be used\. Not JSON-RPC: .*not valid JSON/,
    );
    await expect(answer('{"result":{"content":[}, "jsonrpc":"2.0","id":ID}')).rejects.toThrow(/^MCP error -32700: The server's response could not be used/);
    expect(await s.ping()).toHaveProperty("roundTripMs");
  });

  it("R8: requests with missing or wrong-typed params are answered -32602 naming the field; malformed envelopes -32600, invalid JSON -32700", async () => {
    const h = createHarness();
    const s = await connectHostile(h);
    const invalidParams: [string, unknown, RegExp][] = [
      ["tasks/get", {}, /^Invalid params for tasks\/get: params\.taskId: Invalid input: expected string, received undefined$/],
      ["tasks/get", { taskId: 5 }, /^Invalid params for tasks\/get: params\.taskId: Invalid input: expected string, received number$/],
      ["tasks/result", {}, /^Invalid params for tasks\/result: params\.taskId: /],
      ["tasks/cancel", { taskId: null }, /^Invalid params for tasks\/cancel: params\.taskId: .*received null$/],
      ["tasks/list", { cursor: 5 }, /^Invalid params for tasks\/list: params\.cursor: .*expected string, received number$/],
      ["elicitation/create", undefined, /^Invalid params for elicitation\/create: params: .*expected object, received undefined$/],
      ["elicitation/create", { message: 5 }, /^Invalid params for elicitation\/create: params\.message: .*expected string, received number/],
      ["elicitation/create", elicitParams({ requestedSchema: "not a schema" }), /^Invalid params for elicitation\/create: params\.requestedSchema: /],
      ["sampling/createMessage", { messages: "x" }, /^Invalid params for sampling\/createMessage: params\.messages: .*expected array, received string/],
      ["sampling/createMessage", { messages: [{ role: "robot", content: { type: "text", text: "hi" } }], maxTokens: 5 }, /^Invalid params for sampling\/createMessage: params\.messages\.0\.role: /],
    ];
    for (const [method, params, message] of invalidParams) {
      const response = await s.request(method, params);
      expect(response.error?.code, `${method} ${JSON.stringify(params)}`).toBe(-32602);
      expect(response.error?.message).toMatch(message);
    }

    const malformed: [string, number, RegExp][] = [
      ['{"jsonrpc":"2.0","id":"e1","method":"ping","params":"str"}', -32600, /^Invalid Request: "params" must be an object$/],
      ['{"jsonrpc":"2.0","id":"e2","method":"roots/list","params":{"_meta":5}}', -32600, /^Invalid Request: "params\._meta" must be an object$/],
      ['{"jsonrpc":"2.0","id":"e3","method":7}', -32600, /^Invalid Request: "method" must be a string$/],
      ['{"jsonrpc":"2.0","id":"e4","method":"ping","params":{', -32700, /^Parse error: not valid JSON \(/],
      ['{"method":"elicitation/create","params":{"message":"unterminated, "jsonrpc":"2.0","id":"e5"}', -32700, /^Parse error: not valid JSON/],
    ];
    for (const [line, code, message] of malformed) {
      const id = /"id":"(e\d)"/.exec(line)?.[1] as string;
      const response = await s.requestLine(line, id);
      expect(response.error?.code, line).toBe(code);
      expect(response.error?.message).toMatch(message);
    }
    // None of them reached the user.
    expect((await h.core.dispatch("getSnapshot", {})).pendingInputs).toEqual([]);
  });

  it("unknown methods are answered -32601 and unknown notifications ignored", async () => {
    const h = createHarness();
    const s = await connectHostile(h);
    for (const method of ["no/such/method", "tasks/unknown", "resources/list", "tools/call", "", "__proto__", "constructor"]) {
      const response = await s.request(method, {});
      expect(response.error, method).toEqual({ code: -32601, message: "Method not found" });
    }
    await s.call("emit", { lines: [JSON.stringify({ jsonrpc: "2.0", method: "notifications/unknown", params: { x: 1 } }), JSON.stringify({ jsonrpc: "2.0", method: "constructor" })] });
    expect(await s.ping()).toHaveProperty("roundTripMs");
    expect(h.core.session(s.sessionId).state.state).toBe("connected");
  });

  it("a 20 MB message is accepted and shown; the log keeps a cut of it with its size (issue 19) and says that SDK clients would have dropped it", async () => {
    const h = createHarness();
    const s = await connectHostile(h);
    const result = await h.core.dispatch("callTool", { sessionId: s.sessionId, name: "big", arguments: { bytes: 20 * MB, as: "result" } });
    const text = (result.content[0] as { text: string }).text;
    expect(text.length).toBe(20 * MB);
    expect(text.startsWith("xxxx") && text.endsWith("xxxx")).toBe(true);

    const entry = (await s.log()).find((e) => e.direction === "in" && e.cut !== undefined);
    expect(entry?.method).toBe("tools/call");
    expect(entry?.remark).toMatch(/^A message of 20\.0 MB: over the 10\.0 MB the MCP SDK's stdio clients accept by default \(they close the connection\)$/);
    expect(entry?.cut?.bytes).toBeGreaterThan(20 * MB);
    expect(entry?.cut?.kept).toBeLessThanOrEqual(DEFAULT_SETTINGS.logEntryMaxBytes);
    const kept = (entry?.payload as { result: { content: { text: string }[] } }).result.content[0]!.text;
    expect(kept.startsWith("xxx")).toBe(true);
    expect(kept.endsWith(`… (${(20 * MB).toLocaleString("en-US")} characters)`)).toBe(true);
    expect(await s.ping()).toHaveProperty("roundTripMs");
  });

  it("a message over 64 MB is dropped as it streams: the call it answered fails at once, a request is answered -32700, the session goes on", async () => {
    const h = createHarness({ settings: { requestTimeoutMs: 600_000 } });
    const s = await connectHostile(h);
    // The SDK writes a response's id last: it is found at the end of the dropped line.
    await expect(h.core.dispatch("callTool", { sessionId: s.sessionId, name: "big", arguments: { bytes: 70 * MB, as: "result" } })).rejects.toThrow(
      /^MCP error -32700: The server's response could not be used\. Dropped a message from the server: 70\.0 MB, over the 64\.0 MB one stdio message may hold here\. The session goes on without it\.$/,
    );
    // A request that big (an elicitation) gets an answer, so the server does not wait for one forever.
    await s.call("big", { bytes: 70 * MB, as: "request" });
    const { responses } = await s.call<{ responses: Record<string, unknown> }>("responses", { ids: ["big-request"] });
    expect(responses["big-request"]).toEqual({
      jsonrpc: "2.0",
      id: "big-request",
      error: { code: -32700, message: "Parse error: 70.0 MB, over the 64.0 MB one stdio message may hold here" },
    });
    expect((await h.core.dispatch("getSnapshot", {})).pendingInputs).toEqual([]);

    const drops = notesOf(await s.log()).filter((n) => n.note.startsWith("Dropped a message"));
    expect(drops).toHaveLength(2);
    for (const drop of drops) expect(String(drop.message).length).toBeLessThan(2100);
    expect(await s.ping()).toHaveProperty("roundTripMs");
    expect(h.core.session(s.sessionId).state.state).toBe("connected");
  });

  it("a message nested deeper than 1,000 levels is refused where it comes in: the call it answers fails with the reason, a request is answered -32600, the rest goes on", async () => {
    const h = createHarness({ settings: { requestTimeoutMs: 600_000 } });
    const s = await connectHostile(h);
    // Built as text: JSON.stringify itself overflows on values this deep.
    const nested = (levels: number) => '{"a":'.repeat(levels) + '"bottom"' + "}".repeat(levels);
    const answer = (structured: string) =>
      h.core.dispatch("callTool", { sessionId: s.sessionId, name: "bad-answer", arguments: { line: `{"jsonrpc":"2.0","id":ID,"result":{"content":[],"structuredContent":${structured}}}` } });

    await expect(answer(nested(5000))).rejects.toThrow(
      /^MCP error -32600: The server's response could not be used\. Dropped a message from the server: it is nested deeper than 1,000 levels, .*The session goes on without it\.$/,
    );
    // At the bound (the message, its result and structuredContent are three of the levels) it is taken whole.
    const deepest = await answer(nested(997));
    let level = (deepest as { structuredContent: unknown }).structuredContent;
    let levels = 0;
    while (typeof level === "object" && level !== null) {
      level = (level as { a: unknown }).a;
      levels++;
    }
    expect([levels, level]).toEqual([997, "bottom"]);

    // A request that deep (an elicitation) is answered, so the server does not wait for one forever.
    const { response } = await s.call<{ response: unknown }>("request", {
      method: "elicitation/create",
      id: "deep-request",
      line: `{"jsonrpc":"2.0","id":"deep-request","method":"elicitation/create","params":{"message":"x","requestedSchema":${nested(3000)}}}`,
    });
    expect(response).toEqual({ jsonrpc: "2.0", id: "deep-request", error: { code: -32600, message: "Invalid Request: nested deeper than 1,000 levels" } });
    await s.call("emit", { lines: [`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":${nested(3000)}}}`] });
    expect((await h.core.dispatch("getSnapshot", {})).pendingInputs).toEqual([]);
    // Logged as their envelopes and a note: the page and the log's JSON can hold them.
    const drops = notesOf(await s.log()).filter((n) => n.note.includes("nested deeper than 1,000 levels"));
    expect(drops.map((d) => d.message)).toEqual([
      { jsonrpc: "2.0", id: expect.any(Number), note: "The rest of this message is not kept: it is nested deeper than 1,000 levels." },
      { jsonrpc: "2.0", id: "deep-request", method: "elicitation/create", note: "The rest of this message is not kept: it is nested deeper than 1,000 levels." },
      { jsonrpc: "2.0", method: "notifications/message", note: "The rest of this message is not kept: it is nested deeper than 1,000 levels." },
    ]);
    expect(() => JSON.stringify(h.events)).not.toThrow();
    expect(await s.ping()).toHaveProperty("roundTripMs");
    expect(h.core.session(s.sessionId).state.state).toBe("connected");
  });

  it("10,000 notifications in a burst: every one handled, the log and stderr stay bounded, the event loop never stalls", async () => {
    const h = createHarness({ settings: { logLimit: 1000 } });
    const counter = eventCounter(h);
    const s = await connectHostile(h);
    // The event loop's turns, counted by a ticker that queues itself once per turn: how many notifications
    // were handled in any one turn is a count, not a duration, so a loaded machine cannot change the verdict.
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const perTurn = new Map<number, number>();
    h.core.subscribe((event) => {
      if (event.type === "serverLog") perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
    });
    await s.call("burst", { count: 10_000 });
    // Progress for tokens nobody asked for: each one an SDK complaint, on the stderr panel.
    await s.call("burst", { count: 10_000, method: "notifications/progress", params: { progressToken: 424242, progress: 1 } });
    await s.ping();

    await counter.atLeast("serverLog", 10_000);
    ticking = false;
    expect(counter.count("serverLog")).toBe(10_000);
    const { entries, stderr } = await h.core.dispatch("getLog", { sessionId: s.sessionId });
    expect(entries).toHaveLength(1000);
    expect(entries.at(-1)?.method).toBe("ping");
    expect(stderr).toHaveLength(2000);
    expect(stderr.every((l) => l.startsWith("[transport] Received a progress notification for an unknown token"))).toBe(true);
    // Stdout is read a few hundred messages per turn (a data event's share and the resumed share in one turn
    // at most): before, one turn handled the whole burst (a 0.5 to 1 s stall).
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(2 * MESSAGES_PER_TURN);
    expect(perTurn.size).toBeGreaterThanOrEqual(10_000 / (2 * MESSAGES_PER_TURN));
  });

  it("a server that prints banners and chatter on stdout is usable: each line is logged, nothing is fatal", async () => {
    const h = createHarness();
    const s = await connectHostile(h, "noisy-stdout");
    const { tools } = await h.core.dispatch("listTools", { sessionId: s.sessionId });
    expect(tools.map((t) => t.name)).toContain("emit");
    for (let i = 0; i < 5; i++) await s.ping();
    await s.call("emit", { lines: [] });
    await s.ping();

    const chatter = notesOf(await s.log()).map((n) => n.message);
    // The banner comes before initialize is answered (the era probe's answer may come first).
    expect(chatter.filter((m) => m !== "[server] answered a request").slice(0, 2)).toEqual(["Starting hostile server v1.0 on stdio...", "DEBUG: config loaded"]);
    // One after every answer: the era probe, initialize, tools/list, 5 pings, emit (the last ping's may still be on its way).
    expect(chatter.filter((m) => m === "[server] answered a request").length).toBeGreaterThanOrEqual(8);
    expect(h.core.session(s.sessionId).state.state).toBe("connected");
  });
});
