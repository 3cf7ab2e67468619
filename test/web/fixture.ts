// A real browser-mode server (real core, real HTTP and WebSocket on 127.0.0.1) over a tiny stand-in
// renderer folder, plus raw clients that say exactly what the server answered.
import { access, mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { request, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { WebSocket } from "ws";
import type { InspectorEvent } from "../../shared/contract.js";
import { InspectorCore } from "../../main/core/index.js";
import { JsonFileStorage } from "../../main/core/storage.js";
import { everythingDemoServer, resolveEverythingEntry } from "../../main/web/builtInServers.js";
import { startWebServer, type WebServer, type WebServerOptions } from "../../main/web/server.js";

export interface TestWebServer {
  core: InspectorCore;
  server: WebServer;
  dir: string;
  /** Every event the core emitted, recorded in-process, to compare with what crossed the wire. */
  coreEvents: InspectorEvent[];
  /** A stdio "server" that, if ever started, writes a marker file: proof of whether anything ran. */
  markerServer(): { name: string; transport: { type: "stdio"; command: string; args: string[] } };
  markerExists(): Promise<boolean>;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

export async function startTestWebServer(options: Partial<WebServerOptions> = {}): Promise<TestWebServer> {
  const dir = await mkdtemp(join(tmpdir(), "inspector-web-"));
  const rendererDir = join(dir, "renderer");
  await mkdir(join(rendererDir, "assets"), { recursive: true });
  await writeFile(join(rendererDir, "index.html"), '<!doctype html><title>t</title><script type="module" src="./assets/app.js"></script>');
  await writeFile(join(rendererDir, "assets", "app.js"), "export {};");
  await writeFile(join(dir, "secret.txt"), "outside the renderer folder");
  const entry = resolveEverythingEntry();
  if (!entry) throw new Error("@modelcontextprotocol/server-everything is not installed");
  const core = new InspectorCore({ storage: new JsonFileStorage(join(dir, "config")), builtInServers: [everythingDemoServer(entry)] });
  const coreEvents: InspectorEvent[] = [];
  core.subscribe((event) => coreEvents.push(event));
  const server = await startWebServer({ core, rendererDir, ...options });
  cleanups.push(async () => {
    await server.close();
    await core.shutdown();
    await rm(dir, { recursive: true, force: true });
  });
  const marker = join(dir, "started.marker");
  return {
    core,
    server,
    dir,
    coreEvents,
    markerServer: () => ({
      name: "marker",
      transport: { type: "stdio", command: process.execPath, args: ["-e", `require("fs").writeFileSync(${JSON.stringify(marker)}, "started")`] },
    }),
    markerExists: () =>
      access(marker).then(
        () => true,
        () => false,
      ),
  };
}

export type Attempt = { opened: true; socket: WebSocket } | { opened: false; status: number; body: string };

/**
 * Try to open the API socket. If the server (wrongly) accepts, `onOpen` runs at once, as an attacker's
 * page would: send whatever it wanted to do.
 */
export function attemptSocket(
  url: string,
  headers: { origin?: string; host?: string; cookie?: string } = {},
  onOpen?: (socket: WebSocket) => void,
): Promise<Attempt> {
  return new Promise((resolve, reject) => {
    const { origin, ...rest } = headers;
    const socket = new WebSocket(url, { ...(origin ? { origin } : {}), headers: rest });
    socket.on("open", () => {
      onOpen?.(socket);
      resolve({ opened: true, socket });
    });
    socket.on("unexpected-response", (_request, response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ opened: false, status: response.statusCode ?? 0, body }));
    });
    socket.on("error", (error) => {
      if (socket.readyState !== WebSocket.CLOSED) reject(error);
    });
  });
}

/** An authenticated raw client: send any text, read replies by id, learn how the socket closed. */
export async function rawClient(test: TestWebServer) {
  const attempt = await attemptSocket(test.server.apiUrl, { origin: test.server.origin });
  if (!attempt.opened) throw new Error(`refused: ${attempt.status} ${attempt.body}`);
  const socket = attempt.socket;
  const replies = new Map<number, (message: { ok: boolean; result?: unknown; error?: { message: string } }) => void>();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { type: string; id: number; ok: boolean };
    if (message.type === "result") replies.get(message.id)?.(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  cleanups.push(async () => {
    socket.terminate();
  });
  return {
    socket,
    closed,
    sendText: (text: string) => socket.send(text),
    /** Send a message with this id and wait for its result. */
    request(id: number, message: Record<string, unknown>) {
      return new Promise<{ ok: boolean; result?: unknown; error?: { message: string } }>((resolve) => {
        replies.set(id, resolve);
        socket.send(JSON.stringify({ ...message, id }));
      });
    },
  };
}

export interface HttpReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A plain HTTP request whose whole answer is read (no fetch: it sets headers of its own, such as Origin). */
export function httpGet(url: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? "GET", headers: init.headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
