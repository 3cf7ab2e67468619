// One HTTP request with every bound the doctor promises: a deadline for the whole exchange (so a server
// that trickles a byte a second ends on it), a cap on header bytes and body bytes, no redirect followed
// here (the caller follows them, counting), and TLS that never rejects on its own (the TLS step judges it).
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { BoundReached, seconds, StepFailure } from "./steps.js";

export interface BoundedResponse {
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body went past maxBodyBytes, or the caller had read enough (stopWhen). */
  cut: boolean;
  /** The body was still open when enough was read (an SSE stream). */
  stoppedEarly: boolean;
}

export interface RequestBounds {
  timeoutMs: number;
  maxBodyBytes: number;
  maxHeaderBytes: number;
  /** Stop reading once this holds for the body so far (an SSE stream that stays open after the answer). */
  stopWhen?: (body: string) => boolean;
}

export class HttpFailure extends StepFailure {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message, fixFor(code), code === "HPE_HEADER_OVERFLOW");
  }
}

function fixFor(code: string): string {
  if (code === "HPE_HEADER_OVERFLOW") return "The server sends headers far larger than any client takes: find what fills them (a cookie, a debug header).";
  if (code === "ECONNREFUSED") return "Nothing listens there: start the server, or check the port.";
  if (code === "ECONNRESET" || code === "EPIPE") return "The server closed the connection without answering: see its log.";
  if (code.startsWith("HPE_")) return "The answer is not valid HTTP: is something else listening on this port?";
  return "Check the server and your network.";
}

export function boundedRequest(url: URL, init: { method: string; headers: Record<string, string>; body?: string }, bounds: RequestBounds): Promise<BoundedResponse> {
  return new Promise((resolve, reject) => {
    let received = 0;
    let settled = false;
    const finish = (error: Error | undefined, response?: BoundedResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      if (error) reject(error);
      else resolve(response!);
    };
    const make = url.protocol === "https:" ? httpsRequest : httpRequest;
    const req = make(url, {
      method: init.method,
      headers: { ...init.headers, ...(init.body !== undefined ? { "Content-Length": String(Buffer.byteLength(init.body)) } : {}) },
      maxHeaderSize: bounds.maxHeaderBytes,
      rejectUnauthorized: false,
      agent: false,
    });
    const timer = setTimeout(() => {
      finish(new BoundReached(`${init.method} ${url.pathname}: no complete answer within ${seconds(bounds.timeoutMs)} (${received} byte(s) of body received${received && received < 64 ? ": the server sends very slowly" : ""})`));
    }, bounds.timeoutMs);
    timer.unref?.();
    req.on("error", (error: NodeJS.ErrnoException) => {
      const code = error.code ?? "ERROR";
      if (code === "HPE_HEADER_OVERFLOW") finish(new HttpFailure(`the answer's headers are larger than ${Math.round(bounds.maxHeaderBytes / 1024)} KB: reading stopped there`, code));
      else finish(new HttpFailure(`${init.method} ${url.pathname}: ${code} ${error.message}`.trim(), code));
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let cut = false;
      const done = (stoppedEarly: boolean) => finish(undefined, { url: url.href, status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8"), cut, stoppedEarly });
      res.on("data", (chunk: Buffer) => {
        if (settled) return;
        received += chunk.length;
        const room = bounds.maxBodyBytes - (received - chunk.length);
        if (room <= chunk.length) {
          chunks.push(chunk.subarray(0, Math.max(0, room)));
          cut = true;
          return done(true);
        }
        chunks.push(chunk);
        if (bounds.stopWhen?.(Buffer.concat(chunks).toString("utf8"))) done(true);
      });
      res.on("end", () => done(false));
      res.on("error", (error) => finish(error));
    });
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

/** The JSON-RPC message with `id` in a JSON or SSE body, if one is there. */
export function rpcAnswerIn(body: string, contentType: string, id: string): { result?: Record<string, unknown>; error?: { code?: unknown; message?: unknown; data?: unknown } } | undefined {
  const candidates: string[] = [];
  if (/text\/event-stream/i.test(contentType)) {
    for (const event of body.split(/\r?\n\r?\n/)) {
      const data = event
        .split(/\r?\n/)
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).replace(/^ /, ""))
        .join("\n");
      if (data) candidates.push(data);
    }
  } else candidates.push(body);
  for (const text of candidates) {
    try {
      const parsed = JSON.parse(text) as unknown;
      for (const m of Array.isArray(parsed) ? parsed : [parsed]) {
        if (m && typeof m === "object" && (m as { id?: unknown }).id === id) return m as ReturnType<typeof rpcAnswerIn>;
      }
    } catch {
      // not JSON: the content-type step says so
    }
  }
  return undefined;
}

export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : value;
}
