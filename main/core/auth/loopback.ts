// RFC 8252 §7.3: the authorization response comes back to a one-shot listener on a loopback address
// (http://127.0.0.1:<free port>/callback). It answers only the request carrying the state we sent, then
// closes; a wrong state is refused and the listener keeps waiting; silence ends it after a time-out.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { systemPorts, type Timers } from "../ports.js";

export interface AuthorizationResponse {
  code: string;
  /** RFC 9207: the issuer the authorization server says it is, when it says. */
  iss?: string;
}

export class AuthorizationDenied extends Error {
  override name = "AuthorizationDenied";
}

export interface LoopbackReceiver {
  readonly redirectUrl: string;
  /** Resolves with the first response whose `state` matches; rejects on an `error` response or the time-out. */
  wait(state: string, timeoutMs: number, timers?: Timers): Promise<AuthorizationResponse>;
  close(): void;
}

const PAGE = (text: string) =>
  `<!doctype html><meta charset="utf-8"><title>MCP Task Inspector</title><p>${text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`;

export async function startLoopbackReceiver(): Promise<LoopbackReceiver> {
  let expected: string | undefined;
  let settle: { resolve: (r: AuthorizationResponse) => void; reject: (e: Error) => void } | undefined;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const reply = (status: number, text: string) => {
      res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", Connection: "close" });
      res.end(PAGE(text));
    };
    if (req.method !== "GET" || url.pathname !== "/callback") return reply(404, "Not found.");
    const state = url.searchParams.get("state");
    // Anything without our state (another page, a forged request) is refused and changes nothing.
    if (!expected || state !== expected) return reply(400, "This authorization response does not belong to the sign-in in progress.");
    const error = url.searchParams.get("error");
    const code = url.searchParams.get("code");
    const iss = url.searchParams.get("iss") ?? undefined;
    if (error) {
      const description = url.searchParams.get("error_description");
      reply(200, "Authorization was refused. You can close this page.");
      settle?.reject(new AuthorizationDenied(`the authorization server answered ${error.slice(0, 200)}${description ? `: ${description.slice(0, 500)}` : ""}`));
    } else if (!code) {
      return reply(400, "The authorization response has no code.");
    } else {
      reply(200, "Signed in. You can close this page and return to MCP Task Inspector.");
      settle?.resolve({ code, ...(iss !== undefined ? { iss } : {}) });
    }
    settle = undefined;
    expected = undefined;
    server.close();
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    redirectUrl: `http://127.0.0.1:${port}/callback`,
    wait(state, timeoutMs, timers = systemPorts.timers) {
      expected = state;
      return new Promise<AuthorizationResponse>((resolve, reject) => {
        const timer = timers.setTimeout(() => {
          settle = undefined;
          expected = undefined;
          server.close();
          reject(new AuthorizationDenied(`no authorization response came back within ${Math.round(timeoutMs / 1000)} s`));
        }, timeoutMs);
        timer.unref?.();
        settle = {
          resolve: (r) => (timers.clearTimeout(timer), resolve(r)),
          reject: (e) => (timers.clearTimeout(timer), reject(e)),
        };
      });
    },
    close() {
      settle?.reject(new AuthorizationDenied("the sign-in was stopped"));
      settle = undefined;
      expected = undefined;
      server.close();
      server.closeAllConnections?.();
    },
  };
}
