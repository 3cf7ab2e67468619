// A loopback Streamable HTTP front for a stdio server, so the official conformance suite (which speaks HTTP
// only) can test it. Every HTTP session is one run of the server's command: the suite opens a session per
// scenario, and a stdio server is initialized once per process. Messages pass through unchanged both ways;
// the SDK's server transport does the HTTP side (session ids, SSE streams, DELETE).
//
// The bridge starts programs as the user, so it answers only on 127.0.0.1, under a path holding a secret
// nobody else can guess, and only to a Host naming that address (a web page cannot reach it by DNS
// rebinding or by guessing the URL).
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import { readBody } from "../../transport/readBody.js";

export interface StdioCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

export interface StdioBridge {
  /** The Streamable HTTP endpoint (with its secret path). */
  url: string;
  /** How many server processes the bridge started (one per session). */
  started(): number;
  /** The last lines each server wrote on stderr, for a verdict that needs them. */
  stderrTail(): string[];
  close(): Promise<void>;
}

/** The most bytes one POST body may hold: a runaway client must not fill the inspector's memory. */
const MAX_BODY = 4 * 1024 * 1024;
const STDERR_LINES = 40;

interface Pair {
  http: StreamableHTTPServerTransport;
  child: StdioClientTransport;
  /** Requests from the client the server has not answered yet, in order, with their progress tokens. */
  inFlight: Map<RequestId, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isInitialize = (body: unknown) => (Array.isArray(body) ? body : [body]).some((m) => isObject(m) && m.method === "initialize");

function jsonError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } }));
}

/**
 * Which of the client's requests a message from the server belongs to, so it goes out on that request's
 * SSE stream: a response by its id, a progress notification by its token; anything else the server sends
 * while a request is open goes with the latest one (logging, sampling and elicitation during a tool call),
 * and on the standalone GET stream when none is.
 */
function relatedRequest(pair: Pair, message: JSONRPCMessage): RequestId | undefined {
  const m = message as Record<string, unknown>;
  if (!("method" in m) && "id" in m) return m.id as RequestId;
  const params = isObject(m.params) ? m.params : undefined;
  if (m.method === "notifications/progress" && params && "progressToken" in params) {
    for (const [id, token] of pair.inFlight) if (token === params.progressToken) return id;
  }
  const ids = [...pair.inFlight.keys()];
  return ids[ids.length - 1];
}

export async function startStdioBridge(server: StdioCommand): Promise<StdioBridge> {
  const secret = randomBytes(24).toString("base64url");
  const path = `/${secret}/mcp`;
  const sessions = new Map<string, Pair>();
  const stderr: string[] = [];
  let started = 0;
  let host = "";

  const open = (): Pair => {
    started++;
    const child = new StdioClientTransport({
      command: server.command,
      args: server.args,
      env: { ...getDefaultEnvironment(), ...server.env },
      ...(server.cwd ? { cwd: server.cwd } : {}),
      stderr: "pipe",
    });
    child.stderr?.on("data", (d: Buffer) => {
      stderr.push(...d.toString("utf8").split(/\r?\n/).filter(Boolean).map((l) => l.slice(0, 500)));
      stderr.splice(0, Math.max(0, stderr.length - STDERR_LINES));
    });
    const http = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, pair),
      onsessionclosed: (id) => {
        sessions.delete(id);
        void child.close();
      },
    });
    const pair: Pair = { http, child, inFlight: new Map() };
    http.onmessage = (message) => {
      const m = message as Record<string, unknown>;
      if ("method" in m && "id" in m) pair.inFlight.set(m.id as RequestId, isObject(m.params) && isObject(m.params._meta) ? m.params._meta.progressToken : undefined);
      child.send(message).catch(() => {});
    };
    child.onmessage = (message) => {
      const related = relatedRequest(pair, message);
      const m = message as Record<string, unknown>;
      if (!("method" in m) && "id" in m) pair.inFlight.delete(m.id as RequestId);
      http.send(message, related === undefined ? undefined : { relatedRequestId: related }).catch(() => {});
    };
    child.onclose = () => {
      if (http.sessionId) sessions.delete(http.sessionId);
      void http.close();
    };
    return pair;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.headers.host !== host || (req.url ?? "").split("?")[0] !== path) {
      jsonError(res, req.headers.host !== host ? 403 : 404, -32000, req.headers.host !== host ? "Forbidden host" : "Not found");
      return;
    }
    const sessionId = req.headers["mcp-session-id"];
    let parsed: unknown;
    if (req.method === "POST") {
      const text = await readBody(req, MAX_BODY);
      if (text === undefined) return jsonError(res, 413, -32600, "Request body too large");
      try {
        parsed = JSON.parse(text);
      } catch {
        return jsonError(res, 400, -32700, "Parse error: the body is not JSON");
      }
    }
    if (typeof sessionId === "string") {
      const pair = sessions.get(sessionId);
      if (!pair) return jsonError(res, 404, -32001, "Session not found");
      await pair.http.handleRequest(req, res, parsed);
      return;
    }
    if (req.method !== "POST" || !isInitialize(parsed)) {
      return jsonError(res, 400, -32000, "Bad Request: no session; open one with initialize");
    }
    const pair = open();
    try {
      await pair.child.start();
    } catch (error) {
      return jsonError(res, 502, -32603, `The server's command did not start: ${(error as Error).message}`);
    }
    await pair.http.handleRequest(req, res, parsed);
    // A refused initialize opens no session: its process is not needed.
    if (!pair.http.sessionId) void pair.child.close();
  };

  const httpServer: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) jsonError(res, 500, -32603, `Bridge error: ${(error as Error)?.message ?? String(error)}`);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = httpServer.address() as AddressInfo;
  host = `127.0.0.1:${port}`;

  return {
    url: `http://${host}${path}`,
    started: () => started,
    stderrTail: () => [...stderr],
    async close() {
      const pairs = [...sessions.values()];
      sessions.clear();
      await Promise.all(pairs.map(async (p) => Promise.allSettled([p.http.close(), p.child.close()])));
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
