// AP4/AP5, browser mode: the sandbox proxy for MCP App Views, on a second loopback port so a View never
// runs on the inspector's origin (no storage, cookies, token or contract socket of the page). It serves one
// page and its script, nothing else. The proxy page is framed by the inspector page only
// (`frame-ancestors`), runs under the CSP built from the View's declared `_meta.ui.csp` (built here again
// from the declared domains, never taken as a string), and puts the View's HTML, which the page sends it by
// postMessage, in an inner frame with `sandbox="allow-scripts allow-forms"` and the same CSP first in its
// document. The proxy relays JSON-RPC between the page's AppBridge and the View.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { answerProxyRequest } from "../core/apps/sandboxProxy.js";

const LOOPBACK_HOST = "127.0.0.1";
/** The query can carry a few hundred declared domains, no more. */
const MAX_QUERY = 64 * 1024;

export interface AppSandbox {
  /** `http://localhost:<port>`: the origin Views run under (through the proxy), another site than the page's 127.0.0.1. */
  readonly origin: string;
  close(): Promise<void>;
}

export interface AppSandboxOptions {
  /** The inspector page's origins (127.0.0.1 and localhost on its port): the only ones that may frame the proxy. */
  pageOrigins: () => string[];
  log?: (line: string) => void;
}

export async function startAppSandbox(options: AppSandboxOptions): Promise<AppSandbox> {
  const log = options.log ?? (() => {});
  let port = 0;
  const http = createServer((request, response) => {
    try {
      serve(request, response);
    } catch (error) {
      log(`App sandbox: could not serve a request: ${(error as Error).message}`);
      if (!response.headersSent) plain(response, 500, "Internal error");
    }
  });

  function serve(request: IncomingMessage, response: ServerResponse): void {
    // DNS rebinding: only our own loopback names.
    const host = (request.headers.host ?? "").toLowerCase();
    if (host !== `${LOOPBACK_HOST}:${port}` && host !== `localhost:${port}`) return plain(response, 403, "Refused: unknown host name.");
    if (request.method !== "GET" && request.method !== "HEAD") return plain(response, 405, "Only GET and HEAD.");
    if ((request.url ?? "").length > MAX_QUERY) return plain(response, 414, "Refused: the address is too long.");
    const answer = answerProxyRequest(new URL(request.url ?? "/", "http://placeholder"), options.pageOrigins());
    if (answer.status !== 200) return plain(response, answer.status, answer.body);
    response.setHeader("Content-Type", answer.contentType);
    if (answer.csp) response.setHeader("Content-Security-Policy", answer.csp);
    common(response);
    response.end(request.method === "HEAD" ? undefined : answer.body);
  }
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(0, LOOPBACK_HOST, () => {
      http.off("error", reject);
      resolve();
    });
  });
  port = (http.address() as AddressInfo).port;
  // As the page's server (server.ts): an 'error' after listen (EMFILE at accept) is logged, never the end of the process.
  http.on("error", (error: NodeJS.ErrnoException) => log(`App sandbox: ${error.code === "EMFILE" || error.code === "ENFILE" ? "could not accept a connection (too many open files)" : "server error"}: ${error.message}`));
  return {
    // AP12: another *site* than the page (served on 127.0.0.1): an IP host is a site of its own and
    // `localhost` another (a site is scheme + registrable domain), so Chromium gives the proxy, and the View in
    // it, a process of its own and a flooding View costs the page's thread nothing. Another port alone would be
    // the same site. Chromium resolves `localhost` to loopback itself; the listener is on 127.0.0.1.
    origin: `http://localhost:${port}`,
    async close() {
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
  };
}

function common(response: ServerResponse): void {
  response.setHeader("X-Content-Type-Options", "nosniff");
  response.setHeader("Referrer-Policy", "no-referrer");
  response.setHeader("Cache-Control", "no-store");
}

function plain(response: ServerResponse, status: number, body: string): void {
  common(response);
  response.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Content-Length": Buffer.byteLength(body) });
  response.end(body);
}
