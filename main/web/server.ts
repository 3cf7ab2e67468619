// Browser mode: the built renderer over HTTP and the contract over a WebSocket, on loopback only.
// A thin adapter: every call goes to `core.page.dispatch`, which parses it against the contract; every
// core event goes out through an EventBatcher (at most one batch per frame, in order). `core.page` is the
// core as a page sees it: a big client task result goes cut, read in pieces (issue 33).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import { MAX_BRIDGE_MESSAGE_BYTES } from "../../shared/channels.js";
import { EventBatcher } from "../core/eventBatcher.js";
import type { InspectorCore } from "../core/inspectorCore.js";
import { systemPorts, type Ports } from "../core/ports.js";
import { startAppSandbox } from "./appSandbox.js";
import { checkApiUpgrade, checkPageRequest, newToken, type AccessPolicy, type Refusal } from "./access.js";
import { readStaticFile } from "./staticFiles.js";
import { pageIdOf, parseClientMessage, type ServerMessage } from "./wire.js";

export const LOOPBACK = "127.0.0.1";
export const API_PATH = "/api";

export interface WebServerOptions {
  core: InspectorCore;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /**
   * Listen somewhere other than 127.0.0.1. Anyone who can reach that address and learns the URL can
   * start processes as this user; only the token stands in the way. Named so nobody sets it by accident.
   */
  unsafeBindAddress?: string;
  /** This run's secret; random unless a test fixes it. */
  token?: string;
  ports?: Ports;
  /** Where refusals are reported (the CLI prints them to stderr). */
  log?: (line: string) => void;
  /** How far a page may fall behind the core's events (bytes sent to it but not yet taken) before it is cut off. */
  maxUnsentBytes?: number;
}

/**
 * A page that stops reading (a frozen tab) or cannot keep up with a flood (big log lines at hundreds of MB a
 * second) would have the process hold every batch for it: over a gigabyte, until a write failed with ENOBUFS.
 * Past this it is cut off instead; it reconnects and loads the core's state afresh, as after any drop.
 */
export const MAX_UNSENT_BYTES = 64 * 1024 * 1024;
/** Pages cut off for falling behind, remembered until they reconnect (the oldest forgotten past this). */
const CUT_OFF_PAGES_KEPT = 64;

export interface WebServer {
  /** The URL to open: it carries the token. */
  readonly url: string;
  readonly origin: string;
  readonly apiUrl: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const { core, rendererDir } = options;
  const ports = options.ports ?? systemPorts;
  const log = options.log ?? (() => {});
  const token = options.token ?? newToken();
  const bindAddress = options.unsafeBindAddress ?? LOOPBACK;
  const wildcard = bindAddress === "0.0.0.0" || bindAddress === "::";
  const policy: AccessPolicy = { token, allowedHosts: new Set() };
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_BRIDGE_MESSAGE_BYTES });

  const http = createServer((request, response) => {
    void servePage(request, response).catch((error: unknown) => {
      log(`Browser mode: could not serve ${redact(request.url, token)}: ${(error as Error).message}`);
      if (!response.headersSent) send(response, 500, "text/plain; charset=utf-8", "Internal error");
      else response.destroy();
    });
  });

  async function servePage(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = requestUrl(request);
    if (!url) return refuse(response, BAD_TARGET, request);
    const refusal = checkPageRequest(policy, request, url);
    if (refusal) return refuse(response, refusal, request);
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.setHeader("Allow", "GET, HEAD");
      return send(response, 405, "text/plain; charset=utf-8", "Only GET and HEAD are served here; the API is the WebSocket at /api.");
    }
    const file = await readStaticFile(rendererDir, url.pathname);
    if (!file && url.pathname === "/favicon.ico") {
      // Browsers ask for it unprompted; "no icon" is not an error worth a red console line.
      response.writeHead(204).end();
      return;
    }
    if (!file) return send(response, 404, "text/plain; charset=utf-8", "Not found");
    setSecurityHeaders(response, request.headers.host ?? "", sandbox.origin);
    response.writeHead(200, { "Content-Type": file.contentType, "Content-Length": file.body.length });
    response.end(request.method === "HEAD" ? undefined : file.body);
  }

  function refuse(response: ServerResponse, refusal: Refusal, request: IncomingMessage): void {
    log(`Browser mode: ${refusal.message} (${request.method} ${redact(request.url, token)})`);
    send(response, refusal.status, "text/plain; charset=utf-8", refusal.message);
  }

  http.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => {});
    // A target that is not a URL ("//[") threw here, outside any handler: the process died with every server.
    const url = requestUrl(request);
    const refusal: Refusal | undefined = !url
      ? BAD_TARGET
      : url.pathname === API_PATH
        ? checkApiUpgrade(policy, request, url)
        : { status: 403, message: `Refused: the API is at ${API_PATH}.` };
    if (refusal) {
      // Refused before the handshake: nothing of the core is reachable from this socket.
      log(`Browser mode: ${refusal.message} (WebSocket ${redact(request.url, token)})`);
      const body = Buffer.from(refusal.message);
      const statusText = refusal.status === 400 ? "Bad Request" : refusal.status === 401 ? "Unauthorized" : "Forbidden";
      socket.end(
        `HTTP/1.1 ${refusal.status} ${statusText}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => attach(ws, url && pageIdOf(url)));
  });

  const maxUnsentBytes = options.maxUnsentBytes ?? MAX_UNSENT_BYTES;
  /** Page id → how far behind it was cut off (MB): its next socket is told why the last one dropped. */
  const cutOffPages = new Map<string, number>();
  function attach(ws: WebSocket, page: string | undefined): void {
    const deliver = (message: ServerMessage) => {
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > maxUnsentBytes) {
        // A close frame would wait behind what is already queued, so the page cannot be told now: drop the
        // socket at once, and tell the page when it reconnects.
        const behind = Math.round(ws.bufferedAmount / 2 ** 20);
        log(`Browser mode: a page fell ${behind} MB behind the core's events; its connection was closed so it reloads the current state`);
        if (page) {
          cutOffPages.delete(page);
          cutOffPages.set(page, behind);
          if (cutOffPages.size > CUT_OFF_PAGES_KEPT) cutOffPages.delete(cutOffPages.keys().next().value as string);
        }
        ws.terminate();
        return;
      }
      ws.send(JSON.stringify(message));
    };
    const behind = page === undefined ? undefined : cutOffPages.get(page);
    if (page !== undefined && behind !== undefined) {
      cutOffPages.delete(page);
      deliver({
        type: "notice",
        text: `This page fell ${behind} MB behind the inspector's events, more than it could draw in time, so the inspector dropped its connection rather than hold them all. It has reconnected and reloaded the current state; the protocol log holds what the inspector kept.`,
      });
    }
    const batcher = new EventBatcher((events) => deliver({ type: "events", events }), ports.timers, () => ports.clock.now());
    const unsubscribe = core.page.subscribe((event) => batcher.push(event));

    ws.on("message", (data: RawData, isBinary: boolean) => {
      if (isBinary) return ws.close(1003, "Invalid message: binary frames are not accepted");
      const message = parseClientMessage(rawText(data));
      if (message.kind === "fatal") return ws.close(1007, message.reason);
      if (message.kind === "reject") return deliver({ type: "result", id: message.id, ok: false, error: { message: message.message } });
      core.page.dispatch(message.method, message.params).then(
        (result) => deliver({ type: "result", id: message.id, ok: true, result }),
        (error: unknown) => deliver({ type: "result", id: message.id, ok: false, error: { message: errorMessage(error) } }),
      );
    });
    // A frame over the size limit, invalid UTF-8, a bad opcode, RSV bits or close code: ws has already
    // closed this socket with the matching close code (1009, 1007, 1002). Without a listener the
    // 'error' event would take the whole process down, and every server with it.
    ws.on("error", (error: Error) => log(`Browser mode: closed a page's connection: ${error.message}`));
    ws.on("close", () => {
      unsubscribe();
      batcher.dispose();
    });
  }

  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 0, bindAddress, () => {
      http.off("error", reject);
      resolve();
    });
  });
  // After listen, an 'error' (EMFILE or ENFILE at accept when file descriptors run out) would otherwise end
  // the process and every server with it; the listening socket stays open and accepts again once fds free up.
  http.on("error", (error: NodeJS.ErrnoException) => log(`Browser mode: ${error.code === "EMFILE" || error.code === "ENFILE" ? "could not accept a connection (too many open files)" : "server error"}: ${error.message}`));

  const port = (http.address() as AddressInfo).port;
  // AP4: MCP App Views get an origin of their own, on a second loopback port; the page may frame it only.
  const sandbox = await startAppSandbox({ pageOrigins: () => [...(policy.allowedHosts ?? [`${LOOPBACK}:${port}`])].map((h) => `http://${h}`), log });
  core.setAppSandbox(sandbox.origin);
  const urlHost = wildcard ? LOOPBACK : bindAddress.includes(":") ? `[${bindAddress}]` : bindAddress;
  policy.allowedHosts = wildcard ? undefined : new Set([`${LOOPBACK}:${port}`, `localhost:${port}`, `${urlHost.toLowerCase()}:${port}`]);
  const origin = `http://${urlHost}:${port}`;

  return {
    url: `${origin}/?token=${token}`,
    origin,
    apiUrl: `ws://${urlHost}:${port}${API_PATH}?token=${token}`,
    port,
    token,
    async close() {
      for (const ws of sockets.clients) ws.close(1001, "MCP Task Inspector is shutting down");
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
      for (const ws of sockets.clients) ws.terminate();
      await sandbox.close();
    },
  };
}

function setSecurityHeaders(response: ServerResponse, host: string, appSandbox: string): void {
  response.setHeader(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "media-src 'self' data:",
      `connect-src 'self' ws://${host}`,
      // AP4: MCP App Views run in frames of the sandbox proxy's origin, and no other.
      `frame-src ${appSandbox}`,
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join("; "),
  );
  response.setHeader("X-Content-Type-Options", "nosniff");
  response.setHeader("X-Frame-Options", "DENY");
  // The page URL carries the token: never send it to a site a link leads to.
  response.setHeader("Referrer-Policy", "no-referrer");
  response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  response.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  response.setHeader("Cache-Control", "no-store");
}

function send(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.setHeader("X-Content-Type-Options", "nosniff");
  response.setHeader("Referrer-Policy", "no-referrer");
  response.writeHead(status, { "Content-Type": contentType, "Content-Length": Buffer.byteLength(body) });
  response.end(body);
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString("utf8");
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Log lines must not carry the secret, however often a URL repeats it. */
const BAD_TARGET: Refusal = { status: 400, message: "Refused: the request target is not a valid URL path." };

/** The request's target as a URL, or nothing when it is not one (no browser sends such a target). */
function requestUrl(request: IncomingMessage): URL | undefined {
  try {
    return new URL(request.url ?? "/", "http://placeholder");
  } catch {
    return undefined;
  }
}

export function redact(url: string | undefined, token?: string): string {
  let text = (url ?? "").replace(/([?&;]token=)[^&#;]*/gi, "$1…");
  if (token) text = text.split(token).join("…");
  return text;
}
