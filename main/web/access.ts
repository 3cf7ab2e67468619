// Who may talk to browser mode: a caller that presents this run's secret token, from a page this
// server served, addressed by a host name this server answers to. The official MCP Inspector's proxy
// once let any web page start processes on the user's machine (CVE-2025-49596); these checks run
// before anything reaches the core.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Constant-time: both sides are hashed to the same length first, so neither content nor length leaks. */
export function tokensMatch(expected: string, presented: string | undefined | null): boolean {
  if (typeof presented !== "string") return false;
  const a = createHash("sha256").update(expected).digest();
  const b = createHash("sha256").update(presented).digest();
  return timingSafeEqual(a, b);
}

export type Refusal = { status: 400 | 401 | 403; message: string };

export interface AccessPolicy {
  token: string;
  /** `host:port` values the Host header may carry. `undefined` accepts any (wildcard bind; the token is then the only guard). */
  allowedHosts: Set<string> | undefined;
}

/** A Host header that is not ours means DNS rebinding: a foreign site's name pointed at 127.0.0.1. */
export function checkHost(policy: AccessPolicy, request: IncomingMessage): Refusal | undefined {
  const host = request.headers.host;
  if (!host) return { status: 403, message: "Refused: the request has no Host header." };
  if (policy.allowedHosts && !policy.allowedHosts.has(host.toLowerCase())) {
    return { status: 403, message: `Refused: this server does not answer to the host name ${JSON.stringify(host)}.` };
  }
  return undefined;
}

/**
 * Page and asset requests. The built UI holds no secret (it is the same bundle for every run), so it
 * needs no token: the token guards the API socket only. No cookie either: Chromium sends a
 * 127.0.0.1 cookie to every port on 127.0.0.1, so a cookie carrying the token would reach any other
 * local service the browser talks to. The page reads the token from its first URL into session
 * storage and drops it from the address bar. A `?token=` that is present must still be right, so a
 * stale bookmark is told so at once instead of opening a page that cannot reach the core.
 */
export function checkPageRequest(policy: AccessPolicy, request: IncomingMessage, url: URL): Refusal | undefined {
  const hostRefusal = checkHost(policy, request);
  if (hostRefusal) return hostRefusal;
  const presented = url.searchParams.get("token");
  return presented === null ? undefined : checkToken(policy, presented);
}

/**
 * The API socket: the token in its URL and the served page's Origin. A program other than a browser can
 * claim any Origin; it must hold the token, which only this run's console output and the page have.
 */
export function checkApiUpgrade(policy: AccessPolicy, request: IncomingMessage, url: URL): Refusal | undefined {
  const hostRefusal = checkHost(policy, request);
  if (hostRefusal) return hostRefusal;
  const tokenRefusal = checkToken(policy, url.searchParams.get("token"));
  if (tokenRefusal) return tokenRefusal;
  const origin = request.headers.origin;
  const expected = `http://${request.headers.host?.toLowerCase()}`;
  if (origin?.toLowerCase() !== expected) {
    return {
      status: 403,
      message: `Refused: the WebSocket's Origin ${origin ? JSON.stringify(origin) : "is missing and"} is not the inspector page's own (${expected}).`,
    };
  }
  return undefined;
}

function checkToken(policy: AccessPolicy, presented: string | null | undefined): Refusal | undefined {
  if (!presented) {
    return { status: 401, message: "Refused: no token. Open the full URL that was printed when the inspector started (npm start or npm run web); it ends in ?token=…" };
  }
  if (!tokensMatch(policy.token, presented)) {
    return { status: 403, message: "Refused: wrong token. Each start of the inspector prints a new URL; open the latest one." };
  }
  return undefined;
}
