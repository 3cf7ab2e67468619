// `mcp-task-inspector replay <file> [--http <port>]` (issue 22): the recording as an MCP server, over
// stdio (one JSON-RPC message a line) or Streamable HTTP on 127.0.0.1, answering as the recorded server
// did (core/recordings/replay.ts). The recorded server's stderr lines go to our stderr at the same points.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { RecordingError, RecordingStream } from "../core/recordings/reader.js";
import { readBody } from "../core/transport/readBody.js";
import { describeBoundsProblem, jsonBoundsProblem, RECORDING_JSON_BOUNDS } from "../core/recordings/jsonBounds.js";
import { ReplayPeer, ReplayScript, subscriptionIdOf, type ReplayOutput, type WireMessage } from "../core/recordings/replay.js";
import type { CliIo } from "./io.js";

export const REPLAY_USAGE = `Usage: mcp-task-inspector replay <file.mcprec> [--http <port>] [--speed <factor>]

Serves the recording as an MCP server: over stdio, or Streamable HTTP on 127.0.0.1:<port> (0: any free port;
the port is printed on stderr as "listening <port>"). Requests are matched by method and params; an
unmatched request gets a JSON-RPC error naming the closest recorded one. What the server sent is paced as
recorded; --speed 10 plays it ten times faster, --speed max without waiting.`;

/** Live sessions a Streamable HTTP replay keeps. */
const MAX_SESSIONS = 1000;
/** One live message at most (a line on stdio, a POST body): a client sends small requests. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

export interface ReplayStreams {
  stdin: NodeJS.ReadableStream;
  stdout: { write(text: string): unknown };
}

export async function runReplay(argv: string[], io: CliIo, streams: ReplayStreams = { stdin: process.stdin, stdout: process.stdout }): Promise<number> {
  let file: string;
  let port: number | undefined;
  let speed = 1;
  try {
    const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { http: { type: "string" }, speed: { type: "string" }, help: { type: "boolean", short: "h" } } });
    if (values.help) {
      io.stdout.write(`${REPLAY_USAGE}\n`);
      return 0;
    }
    if (positionals.length !== 1) throw new Error(positionals.length ? `replay takes one recording, not ${positionals.length}` : "replay needs a recording: replay <file.mcprec>");
    file = positionals[0]!;
    if (values.http !== undefined) {
      port = Number(values.http);
      if (!/^\d+$/.test(values.http) || port > 65535) throw new Error(`--http must be a port from 0 to 65535, not "${values.http}"`);
    }
    if (values.speed !== undefined) {
      speed = values.speed === "max" ? Number.POSITIVE_INFINITY : Number(values.speed);
      if (!(speed > 0)) throw new Error(`--speed must be a number above 0 (1: as recorded) or max, not "${values.speed}"`);
    }
  } catch (error) {
    io.stderr.write(`mcp-task-inspector replay: ${(error as Error).message.split(". To specify")[0]}\n`);
    return 2;
  }
  // Only the header is read before the replay starts serving: the rest is read a chunk at a time while it
  // answers, so a client's first request (the era probe) is answered at once, however big the file.
  let stream: RecordingStream;
  try {
    stream = RecordingStream.open(file);
  } catch (error) {
    if (!(error instanceof RecordingError)) throw error;
    io.stderr.write(`mcp-task-inspector replay: ${error.message}\n`);
    return 2;
  }
  const script = new ReplayScript(stream.header);
  const stderr = (line: string) => io.stderr.write(`${line}\n`);
  const skipped = (why: string) => io.stderr.write(`mcp-task-inspector replay: ${why}\n`);
  const serving = port === undefined ? replayStdio(script, streams, { stderr, skipped }, speed) : replayHttp(script, port, io, { stderr, skipped }, speed);
  const loaded = (async () => {
    let bySize = 0;
    let byDepth = 0;
    for await (const batch of stream.batches()) {
      for (const line of batch) {
        script.add(line);
        // A cut that kept every byte was a depth cut (the recorder replaces what is nested too deep): said as depth.
        if ("cut" in line && line.cut) line.cut.kept < line.cut.bytes ? bySize++ : byDepth++;
      }
      script.grew();
    }
    for (const warning of stream.warnings) io.stderr.write(`mcp-task-inspector replay: ${warning}\n`);
    const header = stream.header;
    if (bySize) io.stderr.write(`mcp-task-inspector replay: ${bySize} recorded ${bySize === 1 ? "message was" : "messages were"} over ${header.limits.messageBytes} bytes and ${bySize === 1 ? "is" : "are"} replayed as kept (cut, marked "…")\n`);
    if (byDepth) io.stderr.write(`mcp-task-inspector replay: ${byDepth} recorded ${byDepth === 1 ? "message was" : "messages were"} nested too deep and ${byDepth === 1 ? "is" : "are"} replayed as kept (the deep part replaced by a marker)\n`);
    if (header.incomplete) io.stderr.write(`mcp-task-inspector replay: the recording is incomplete (${header.incomplete.reason}); requests after its end get no recorded answer\n`);
    script.finish();
    return serving;
  })().catch((error: unknown) => {
    // A damaged line found while serving: said, and the replay ends (what it answered so far stands).
    if (!(error instanceof RecordingError)) throw error;
    io.stderr.write(`mcp-task-inspector replay: ${error.message}\n`);
    return 2;
  });
  return Promise.race([serving, loaded]);
}

function replayStdio(script: ReplayScript, streams: ReplayStreams, hooks: Omit<ReplayOutput, "send">, speed: number): Promise<number> {
  const write = (message: WireMessage) => streams.stdout.write(`${JSON.stringify(message)}\n`);
  const peer = new ReplayPeer(script, { ...hooks, send: write }, { speed });
  const onLine = (line: string) => {
    if (!line.trim()) return;
    const problem = jsonBoundsProblem(line, RECORDING_JSON_BOUNDS);
    if (problem) return void write(parseError(`the message is ${describeBoundsProblem(problem)}`));
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch (error) {
      return void write(parseError((error as Error).message));
    }
    for (const one of Array.isArray(message) ? message : [message]) if (isMessage(one)) peer.receive(one);
  };
  // Lines split by hand, bounded: a client that never sends a newline must not grow a line without end.
  // A line's parts are joined once it ends (joining at every chunk would copy a long line over and over).
  let parts: string[] = [];
  let length = 0;
  let skipping = false;
  const decoder = new TextDecoder();
  streams.stdin.on("data", (chunk: Buffer | string) => {
    const text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    let start = 0;
    let at: number;
    while ((at = text.indexOf("\n", start)) >= 0) {
      if (!skipping) {
        parts.push(text.slice(start, at));
        onLine(parts.join(""));
      }
      parts = [];
      length = 0;
      skipping = false;
      start = at + 1;
    }
    if (skipping || start === text.length) return;
    parts.push(text.slice(start));
    length += text.length - start;
    if (length > MAX_MESSAGE_BYTES) {
      // The rest of this line is dropped as it comes; the client learns why.
      write(parseError("the message is over 64 MB"));
      parts = [];
      length = 0;
      skipping = true;
    }
  });
  // The client closing stdin ends the replay, as it ends any stdio server.
  return new Promise((resolve) => {
    streams.stdin.on("end", () => {
      if (parts.length && !skipping) onLine(parts.join(""));
      resolve(0);
    });
    streams.stdin.on("error", () => resolve(0));
  });
}

/** One POST waiting for its answer: JSON when only the answer comes, an SSE stream when the server speaks first. */
interface OpenPost {
  id: string | number;
  res: ServerResponse;
  sse: boolean;
  collecting: WireMessage[] | undefined;
  answered: boolean;
}

interface HttpPeer {
  peer: ReplayPeer;
  posts: OpenPost[];
  standalone?: ServerResponse;
  queued: WireMessage[];
}

function replayHttp(script: ReplayScript, port: number, io: CliIo, hooks: Omit<ReplayOutput, "send">, speed: number): Promise<number> {
  const sessions = new Map<string, HttpPeer>();
  const newPeer = (): HttpPeer => {
    const state: HttpPeer = { posts: [], queued: [], peer: undefined as unknown as ReplayPeer };
    state.peer = new ReplayPeer(script, { ...hooks, send: (message) => route(state, message) }, { speed });
    return state;
  };
  // 2026-07-28 and stateless servers: requests without a session share one peer.
  const stateless = newPeer();

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(String((error as Error).message ?? error));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const sessionId = req.headers["mcp-session-id"];
    const known = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    if (typeof sessionId === "string" && !known) {
      res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32001, message: "Session not found" } }));
      return;
    }
    if (req.method === "GET") {
      const state = known ?? stateless;
      res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
      state.standalone = res;
      res.on("close", () => state.standalone === res && (state.standalone = undefined));
      for (const message of state.queued.splice(0)) writeEvent(res, message);
      return;
    }
    if (req.method === "DELETE") {
      if (typeof sessionId === "string") {
        sessions.get(sessionId)?.peer.close();
        sessions.delete(sessionId);
      }
      res.writeHead(200).end();
      return;
    }
    if (req.method !== "POST") {
      res.writeHead(405, { Allow: "GET, POST, DELETE" }).end();
      return;
    }
    const body = await readBody(req, MAX_MESSAGE_BYTES);
    if (body === undefined) {
      res.writeHead(413, { "Content-Type": "application/json" }).end(JSON.stringify(parseError("the message is over 64 MB")));
      return;
    }
    const problem = jsonBoundsProblem(body, RECORDING_JSON_BOUNDS);
    if (problem) {
      res.writeHead(400, { "Content-Type": "application/json" }).end(JSON.stringify(parseError(`the message is ${describeBoundsProblem(problem)}`)));
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch (error) {
      res.writeHead(400, { "Content-Type": "application/json" }).end(JSON.stringify(parseError((error as Error).message)));
      return;
    }
    const messages = (Array.isArray(parsed) ? parsed : [parsed]).filter(isMessage);
    let state = known ?? stateless;
    const headers: Record<string, string> = {};
    if (!known && messages.some((m) => m.method === "initialize")) {
      const id = randomUUID();
      state = newPeer();
      sessions.set(id, state);
      // A client that initializes over and over must not grow the replay without bound: the oldest session goes.
      if (sessions.size > MAX_SESSIONS) {
        const oldest = sessions.keys().next().value as string;
        sessions.get(oldest)?.peer.close();
        sessions.delete(oldest);
      }
      headers["Mcp-Session-Id"] = id;
    }
    const requests = messages.filter((m) => typeof m.method === "string" && m.id !== undefined);
    if (requests.length === 0) {
      res.writeHead(202, headers).end();
      for (const message of messages) state.peer.receive(message);
      return;
    }
    // One POST, one stream: the answers of its requests, and what the server says meanwhile.
    const posts: OpenPost[] = requests.map((m) => ({ id: m.id!, res, sse: false, collecting: [], answered: false }));
    state.posts.push(...posts);
    res.on("close", () => (state.posts = state.posts.filter((p) => !posts.includes(p))));
    for (const message of messages) state.peer.receive(message);
    const collected = posts.flatMap((p) => p.collecting ?? []);
    for (const p of posts) p.collecting = undefined;
    if (posts.length === 1 && posts[0]!.answered && collected.length === 1) {
      state.posts = state.posts.filter((p) => !posts.includes(p));
      res.writeHead(200, { ...headers, "Content-Type": "application/json" }).end(JSON.stringify(collected[0]));
      return;
    }
    res.writeHead(200, { ...headers, "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
    for (const p of posts) p.sse = true;
    for (const message of collected) writeEvent(res, message);
    endIfAnswered(state, posts);
  }

  function route(state: HttpPeer, message: WireMessage): void {
    const isAnswer = message.method === undefined;
    // An answer goes on its request's stream, a subscription's notification on its listen's, the rest on the newest.
    const subscription = subscriptionIdOf(message);
    const post = isAnswer ? state.posts.find((p) => p.id === message.id) : subscription !== undefined ? (state.posts.find((p) => p.id === subscription) ?? state.posts.at(-1)) : state.posts.at(-1);
    if (!post) {
      if (state.standalone) writeEvent(state.standalone, message);
      else if (state.queued.length < 10_000) state.queued.push(message);
      return;
    }
    if (isAnswer) post.answered = true;
    if (post.collecting) post.collecting.push(message);
    else {
      writeEvent(post.res, message);
      endIfAnswered(state, state.posts.filter((p) => p.res === post.res));
    }
  }

  function endIfAnswered(state: HttpPeer, posts: OpenPost[]): void {
    if (!posts.every((p) => p.answered)) return;
    state.posts = state.posts.filter((p) => !posts.includes(p));
    posts[0]?.res.end();
  }

  return new Promise((resolve) => {
    server.on("error", (error) => {
      const code = (error as NodeJS.ErrnoException).code;
      const why = code === "EADDRINUSE" ? "another program is using that port (EADDRINUSE)" : code === "EACCES" ? "this user may not listen on that port (EACCES)" : error.message;
      io.stderr.write(`mcp-task-inspector replay: cannot listen on 127.0.0.1:${port}: ${why}\n`);
      resolve(2);
    });
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      io.stderr.write(`listening ${typeof address === "object" && address ? address.port : port}\n`);
    });
    io.onInterrupt(() => server.close(() => resolve(0)));
  });
}

function writeEvent(res: ServerResponse, message: WireMessage): void {
  res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
}

function isMessage(value: unknown): value is WireMessage {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseError(reason: string): WireMessage {
  return { jsonrpc: "2.0", id: null as unknown as string, error: { code: -32700, message: `Parse error: ${reason.slice(0, 200)}` } };
}
