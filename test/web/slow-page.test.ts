// A page that stops reading its socket (a frozen tab) or falls far behind a flood of big events: the
// process must not hold every batch for it. It used to queue them all (over a gigabyte in the log-search
// bench, until the write failed with ENOBUFS); now a page more than maxUnsentBytes behind is cut off, and
// reconnects to load the current state, while pages that keep up get every event.
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { LogEntry } from "../../shared/types.js";
import { createWebSocketBridge, type BridgeConnectionState, type WebSocketLike } from "../../renderer/src/api/webSocketBridge.js";
import { rawClient, startTestWebServer, type TestWebServer } from "./fixture.js";

const LINE = "x".repeat(256 * 1024);

function logEntry(seq: number): LogEntry {
  return {
    seq,
    sessionId: "flood",
    direction: "in",
    time: new Date(0).toISOString(),
    method: "notifications/message",
    payload: { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: LINE } },
  };
}

/** A page that reads every batch, and says when a given log entry has reached it. */
async function readingPage(test: TestWebServer) {
  const client = await rawClient(test);
  const seen = new Set<number>();
  const waiting = new Map<number, () => void>();
  client.socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { type: string; events?: { type: string; payload: { seq?: number } }[] };
    if (message.type !== "events") return;
    for (const event of message.events ?? []) {
      if (event.type !== "logEntry" || event.payload.seq === undefined) continue;
      seen.add(event.payload.seq);
      waiting.get(event.payload.seq)?.();
    }
  });
  return {
    ...client,
    seen,
    received: (seq: number) => (seen.has(seq) ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(seq, resolve))),
  };
}

/** Stops taking bytes off the TCP socket under a `ws` client, as a frozen tab does (and starts again). */
function stopReading(socket: WebSocket): void {
  (socket as unknown as { _socket: { pause(): void } })._socket.pause();
}
function resumeReading(socket: WebSocket): void {
  (socket as unknown as { _socket: { resume(): void } })._socket.resume();
}

describe("browser mode and a page that falls behind", () => {
  it("a page that stops reading is cut off once it is maxUnsentBytes behind; a page that keeps up gets every event, and still answers", async () => {
    const lines: string[] = [];
    const test = await startTestWebServer({ maxUnsentBytes: 4 * 1024 * 1024, log: (line) => lines.push(line) });
    const keeping = await readingPage(test);
    const frozen = await rawClient(test);
    stopReading(frozen.socket);
    const cutOff = () => lines.some((line) => /a page fell \d+ MB behind the core's events; its connection was closed/.test(line));

    // 16 lines of 256 KB a batch, each batch paced by the reading page having it: at most 160 (40 MB).
    let seq = 0;
    for (let batch = 0; batch < 10 && !cutOff(); batch++) {
      for (let i = 0; i < 16; i++) test.core.bus.emit("logEntry", logEntry(++seq));
      await keeping.received(seq);
    }
    expect(cutOff()).toBe(true);
    // Its socket was dropped, not closed in turn: the frozen page, once it reads again, finds it gone (1006).
    resumeReading(frozen.socket);
    expect((await frozen.closed).code).toBe(1006);
    // What the frozen page was cut off for came no nearer than the bound (plus one batch) to the 40 MB sent.
    expect(seq).toBeLessThan(160);
    for (let n = 1; n <= seq; n++) expect(keeping.seen.has(n)).toBe(true);
    expect(await keeping.request(1, { type: "call", method: "listServers", params: {} })).toMatchObject({ ok: true });
  });

  it("below the bound nothing is cut: a page that reads gets 20 MB of events whole", async () => {
    const lines: string[] = [];
    const test = await startTestWebServer({ log: (line) => lines.push(line) });
    const page = await readingPage(test);
    for (let seq = 1; seq <= 80; seq++) test.core.bus.emit("logEntry", logEntry(seq));
    await page.received(80);
    expect(page.seen.size).toBe(80);
    expect(page.socket.readyState).toBe(page.socket.OPEN);
    expect(lines.filter((line) => /behind/.test(line))).toEqual([]);
  });

  it("the page's bridge is told, once, on the socket after the cut, why its last one was dropped", async () => {
    const lines: string[] = [];
    const test = await startTestWebServer({ maxUnsentBytes: 4 * 1024 * 1024, log: (line) => lines.push(line) });
    const keeping = await readingPage(test);
    const opened: WebSocket[] = [];
    const urls: string[] = [];
    const bridge = createWebSocketBridge(
      test.server.apiUrl,
      (url) => {
        urls.push(url);
        const socket = new WebSocket(url, { origin: test.server.origin });
        opened.push(socket);
        return socket as unknown as WebSocketLike;
      },
      (reconnect) => void setImmediate(reconnect),
    );
    const states: BridgeConnectionState[] = [];
    let changed = () => {};
    bridge.onConnection((state) => {
      states.push(state);
      changed();
    });
    const until = (check: () => boolean) => new Promise<void>((resolve) => {
      changed = () => check() && resolve();
      changed();
    });
    await bridge.listServers({});
    stopReading(opened[0]!);
    const cutOff = () => lines.some((line) => /a page fell \d+ MB behind/.test(line));
    let seq = 0;
    for (let batch = 0; batch < 10 && !cutOff(); batch++) {
      for (let i = 0; i < 16; i++) test.core.bus.emit("logEntry", logEntry(++seq));
      await keeping.received(seq);
    }
    expect(cutOff()).toBe(true);
    resumeReading(opened[0]!);
    await until(() => states.some((s) => s.state === "open" && s.notice !== undefined));
    expect(states.find((s) => s.state === "reconnecting")).toEqual({ state: "reconnecting", reason: "the connection closed (code 1006)" });
    const told = states.find((s) => s.state === "open" && s.notice !== undefined) as { notice: string };
    expect(told.notice).toMatch(/^This page fell \d+ MB behind the inspector's events, .* It has reconnected and reloaded the current state/);
    // The same page on both sockets, and only its own: another page's socket hears nothing of it.
    expect(urls).toHaveLength(2);
    expect(new URL(urls[1]!).searchParams.get("page")).toMatch(/^[0-9a-f]{24}$/);
    expect(new URL(urls[1]!).searchParams.get("page")).toBe(new URL(urls[0]!).searchParams.get("page"));
    expect(await bridge.listSessions({})).toEqual([]);
    // Told once: a third socket of the same page (a later, ordinary reconnect) gets no notice.
    const again = await new Promise<string[]>((resolve) => {
      const heard: string[] = [];
      const socket = new WebSocket(urls[0]!, { origin: test.server.origin });
      socket.on("message", (data) => heard.push(JSON.parse(String(data)).type));
      socket.on("open", () => {
        socket.send(JSON.stringify({ type: "call", id: 1, method: "listServers", params: {} }));
      });
      socket.on("message", () => {
        socket.terminate();
        resolve(heard);
      });
    });
    expect(again).toEqual(["result"]);
  });
});
