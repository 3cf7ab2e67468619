// Issue 22: the replay's matching, on a recording made by hand: ids remapped to the live client's, a
// repeated request answered in recorded order (and past the end with the last answer), progress tokens
// remapped, and a server request for a capability the live client did not offer never sent.
import { describe, expect, it, vi } from "vitest";
import type { Recording, RecordingLine } from "../../main/core/recordings/format.js";
import { normalizedParams, ReplayPeer, ReplayScript, shiftTimes, type WireMessage } from "../../main/core/recordings/replay.js";

const header = { mcprec: 1 as const, inspector: { name: "mcp-task-inspector", version: "0.1.0" }, recordedAt: "2026-11-25T00:00:00.000Z", server: { name: "s", transport: "stdio" as const }, limits: { messageBytes: 262144 } };
let t = 0;
const out = (msg: object): RecordingLine => ({ t: t++, dir: "out", msg: { jsonrpc: "2.0", ...msg } });
const inn = (msg: object): RecordingLine => ({ t: t++, dir: "in", msg: { jsonrpc: "2.0", ...msg } });
const recording = (...lines: RecordingLine[]): Recording => ({ header, lines, warnings: [] });

function peer(script: ReplayScript) {
  const sent: WireMessage[] = [];
  const skipped: string[] = [];
  const live = new ReplayPeer(script, { send: (m) => sent.push(m), skipped: (why) => skipped.push(why) }, { speed: Infinity });
  return { live, sent, skipped };
}

describe("replay matching (issue 22)", () => {
  it("a repeated tasks/get is answered in recorded order, then with the last answer; ids are the live client's", () => {
    const script = new ReplayScript(
      recording(
        out({ id: 5, method: "tasks/get", params: { taskId: "a", _meta: { progressToken: 5 } } }),
        inn({ id: 5, result: { taskId: "a", status: "working" } }),
        out({ id: 6, method: "tasks/get", params: { taskId: "a" } }),
        inn({ id: 6, result: { taskId: "a", status: "completed" } }),
      ),
    );
    const { live, sent } = peer(script);
    for (const id of ["x", "y", "z"]) live.receive({ jsonrpc: "2.0", id, method: "tasks/get", params: { taskId: "a", _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } } });
    expect(sent).toEqual([
      { jsonrpc: "2.0", id: "x", result: { taskId: "a", status: "working" } },
      { jsonrpc: "2.0", id: "y", result: { taskId: "a", status: "completed" } },
      { jsonrpc: "2.0", id: "z", result: { taskId: "a", status: "completed" } },
    ]);
  });

  it("progress notifications carry the live request's progress token", () => {
    const script = new ReplayScript(
      recording(
        out({ id: 1, method: "tools/call", params: { name: "slow", arguments: {}, _meta: { progressToken: 1 } } }),
        inn({ method: "notifications/progress", params: { progressToken: 1, progress: 1, total: 2 } }),
        inn({ id: 1, result: { content: [] } }),
      ),
    );
    const { live, sent } = peer(script);
    live.receive({ jsonrpc: "2.0", id: 40, method: "tools/call", params: { name: "slow", arguments: {}, _meta: { progressToken: "tok" } } });
    expect(sent).toEqual([
      { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: "tok", progress: 1, total: 2 } },
      { jsonrpc: "2.0", id: 40, result: { content: [] } },
    ]);
  });

  it("a server request waits for the live client's answer; what came after the recorded answer follows the live one", () => {
    const script = new ReplayScript(
      recording(
        out({ id: 0, method: "initialize", params: { capabilities: { elicitation: {} } } }),
        inn({ id: 0, result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "s", version: "1" } } }),
        out({ id: 1, method: "tools/call", params: { name: "ask" } }),
        inn({ id: 7, method: "elicitation/create", params: { message: "Name?", requestedSchema: { type: "object" } } }),
        out({ id: 7, result: { action: "accept", content: { name: "Ada" } } }),
        inn({ id: 1, result: { content: [{ type: "text", text: "hi Ada" }] } }),
      ),
    );
    const { live, sent } = peer(script);
    live.receive({ jsonrpc: "2.0", id: 100, method: "initialize", params: { capabilities: { elicitation: {} }, clientInfo: { name: "other", version: "9" } } });
    live.receive({ jsonrpc: "2.0", id: 101, method: "tools/call", params: { name: "ask" } });
    expect(sent.map((m) => m.method ?? m.id)).toEqual([100, "elicitation/create"]);
    live.receive({ jsonrpc: "2.0", id: 7, result: { action: "accept", content: { name: "Grace" } } });
    expect(sent.at(-1)).toEqual({ jsonrpc: "2.0", id: 101, result: { content: [{ type: "text", text: "hi Ada" }] } });
  });

  it("a task's result recorded before the live client asks for it is held, and answers its tasks/result when it comes", () => {
    // As our CLI records server-everything's research task: tasks/result, then a tasks/get poll, then the
    // elicitation (attached to that poll), the answer, and tasks/result's result last. A client that polls,
    // answers the elicitation and only then sends tasks/result (the SDK's clients do) must still get it.
    const script = new ReplayScript(
      recording(
        out({ id: 0, method: "initialize", params: { capabilities: { elicitation: {} } } }),
        inn({ id: 0, result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "s", version: "1" } } }),
        out({ id: 4, method: "tasks/result", params: { taskId: "a" } }),
        out({ id: 5, method: "tasks/get", params: { taskId: "a" } }),
        inn({ id: 1, method: "elicitation/create", params: { message: "Which?", requestedSchema: { type: "object" } } }),
        out({ id: 1, result: { action: "accept", content: {} } }),
        inn({ id: 5, result: { taskId: "a", status: "input_required" } }),
        inn({ id: 4, result: { content: [{ type: "text", text: "report" }] } }),
      ),
    );
    const { live, sent } = peer(script);
    live.receive({ jsonrpc: "2.0", id: 100, method: "initialize", params: { capabilities: { elicitation: {} } } });
    live.receive({ jsonrpc: "2.0", id: 101, method: "tasks/get", params: { taskId: "a" } });
    expect(sent.map((m) => m.method ?? m.id)).toEqual([100, "elicitation/create"]);
    live.receive({ jsonrpc: "2.0", id: 1, result: { action: "accept", content: {} } });
    expect(sent.at(-1)).toEqual({ jsonrpc: "2.0", id: 101, result: { taskId: "a", status: "input_required" } });
    live.receive({ jsonrpc: "2.0", id: 102, method: "tasks/result", params: { taskId: "a" } });
    expect(sent.at(-1)).toEqual({ jsonrpc: "2.0", id: 102, result: { content: [{ type: "text", text: "report" }] } });
  });

  it("2026-07-28: a listen's acknowledgement recorded after the next request answers the live listen, under the live listen's id", () => {
    const filter = { notifications: { toolsListChanged: true } };
    const script = new ReplayScript(
      recording(
        out({ id: 0, method: "subscriptions/listen", params: filter }),
        out({ id: 1, method: "tools/list" }),
        inn({ method: "notifications/subscriptions/acknowledged", params: { _meta: { "io.modelcontextprotocol/subscriptionId": 0 }, ...filter } }),
        inn({ id: 1, result: { tools: [] } }),
      ),
    );
    const { live, sent } = peer(script);
    // A client that waits for the acknowledgement before it asks anything else.
    live.receive({ jsonrpc: "2.0", id: "listen:0", method: "subscriptions/listen", params: filter });
    expect(sent).toEqual([{ jsonrpc: "2.0", method: "notifications/subscriptions/acknowledged", params: { _meta: { "io.modelcontextprotocol/subscriptionId": "listen:0" }, ...filter } }]);
    live.receive({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    expect(sent.at(-1)).toEqual({ jsonrpc: "2.0", id: 2, result: { tools: [] } });
  });

  it("a replay starved of the CPU, finding progress and the result all due at once, still writes a pause after each progress notification", () => {
    vi.useFakeTimers();
    try {
      const script = new ReplayScript(
        recording(
          out({ id: 1, method: "tools/call", params: { name: "slow", arguments: {}, _meta: { progressToken: 1 } } }),
          inn({ method: "notifications/progress", params: { progressToken: 1, progress: 1 } }),
          inn({ method: "notifications/progress", params: { progressToken: 1, progress: 2 } }),
          inn({ id: 1, result: { content: [] } }),
        ),
      );
      const sent: WireMessage[] = [];
      const live = new ReplayPeer(script, { send: (m) => sent.push(m) }, { speed: 1 });
      live.receive({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "slow", arguments: {}, _meta: { progressToken: "p" } } });
      // The process gets the CPU back a second later: everything is due.
      vi.setSystemTime(Date.now() + 1000);
      vi.advanceTimersToNextTimer();
      expect(sent.map((m) => m.params?.progress ?? m.id)).toEqual([1]);
      vi.advanceTimersByTime(49);
      expect(sent).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(sent.map((m) => m.params?.progress ?? m.id)).toEqual([1, 2]);
      vi.advanceTimersByTime(50);
      expect(sent.map((m) => m.params?.progress ?? m.id)).toEqual([1, 2, 9]);
      live.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it("a recorded sampling request is not sent to a live client that did not offer sampling; the replay goes on as recorded", () => {
    const script = new ReplayScript(
      recording(
        out({ id: 0, method: "initialize", params: { capabilities: { sampling: {} } } }),
        inn({ id: 0, result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "s", version: "1" } } }),
        out({ id: 1, method: "tools/call", params: { name: "summarise" } }),
        inn({ id: 3, method: "sampling/createMessage", params: { messages: [], maxTokens: 10 } }),
        out({ id: 3, result: { model: "m", role: "assistant", content: { type: "text", text: "s" } } }),
        inn({ id: 1, result: { content: [{ type: "text", text: "done" }] } }),
      ),
    );
    const { live, sent, skipped } = peer(script);
    live.receive({ jsonrpc: "2.0", id: 1, method: "initialize", params: { capabilities: { roots: {} } } });
    live.receive({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "summarise" } });
    expect(sent.some((m) => m.method === "sampling/createMessage")).toBe(false);
    expect(skipped).toEqual(["sampling/createMessage not sent: the client did not offer the sampling capability"]);
    expect(sent.at(-1)).toEqual({ jsonrpc: "2.0", id: 2, result: { content: [{ type: "text", text: "done" }] } });
  });

  it("an unrecorded ping is answered; an unrecorded method names the closest recorded request", () => {
    const script = new ReplayScript(recording(out({ id: 1, method: "prompts/get", params: { name: "greet", arguments: { who: "x" } } }), inn({ id: 1, result: { messages: [] } })));
    const { live, sent } = peer(script);
    live.receive({ jsonrpc: "2.0", id: 1, method: "ping" });
    live.receive({ jsonrpc: "2.0", id: 2, method: "prompts/list" });
    expect(sent[0]).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    expect(sent[1]).toMatchObject({ id: 2, error: { code: -32601, message: 'No prompts/list request was recorded; the closest recorded request: prompts/get {"name":"greet","arguments":{"who":"x"}}' } });
  });
});

describe("replay matching: what the protocol leaves to each client", () => {
  it("absent params ≡ {}, _meta and key order ignored, a task augmentation by presence, the SDK's task options in tasks/* dropped, absent arguments ≡ {}", () => {
    expect(normalizedParams("tools/list", undefined)).toEqual({});
    expect(normalizedParams("tools/list", { _meta: { progressToken: 1 } })).toEqual({});
    expect(normalizedParams("tools/call", { name: "x", task: { ttl: 60_000 } })).toEqual({ name: "x", arguments: {}, task: {} });
    expect(normalizedParams("tasks/get", { taskId: "t", task: { ttl: 1 } })).toEqual({ taskId: "t" });
    expect(normalizedParams("tools/list", { cursor: null })).toEqual({});
  });

  it("task times move by the shift, other fields and deep values stay", () => {
    const moved = shiftTimes({ task: { createdAt: "2026-01-01T00:00:00.000Z", lastUpdatedAt: "2026-01-01T00:00:05.000Z", statusMessage: "2026-01-01T00:00:00.000Z" } }, 60_000);
    expect(moved).toEqual({ task: { createdAt: "2026-01-01T00:01:00.000Z", lastUpdatedAt: "2026-01-01T00:01:05.000Z", statusMessage: "2026-01-01T00:00:00.000Z" } });
    expect(shiftTimes({ createdAt: "not a date" }, 1)).toEqual({ createdAt: "not a date" });
  });
});
