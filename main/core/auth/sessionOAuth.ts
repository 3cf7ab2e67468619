// Issue 14: the authorization flow of one session's HTTP server, built from its entry: tokens kept per
// server URL, and a credential the user typed as a header (a static API key) redacted like the flow's own.
import type { AuthStep, ServerConfig } from "../../../shared/types.js";
import type { Ports } from "../ports.js";
import { OAuthSession } from "./oauthSession.js";
import type { OAuthTokenStore } from "./tokenStore.js";

export interface SessionOAuth {
  store: OAuthTokenStore;
  /** Opens the authorization page (the host's browser opener); absent, the page shows the link. */
  openAuthorizationPage?: (url: string, sessionId: string) => Promise<void> | void;
  /** How long the user has to approve in the browser. */
  approvalTimeoutMs: number;
}

export function oauthForServer(
  url: string,
  config: ServerConfig,
  oauth: SessionOAuth,
  ports: Ports,
  requestTimeoutMs: number,
  sessionId: string,
  step: (step: Omit<AuthStep, "sessionId" | "seq" | "at">) => void,
): OAuthSession {
  const transport = config.transport as { headers?: Record<string, string> };
  const headerSecrets = Object.entries(transport.headers ?? {}).flatMap(([name, value]) => (/^(authorization|proxy-authorization|cookie|x-api-key)$/i.test(name) ? [value.replace(/^\w+\s+/, "")] : []));
  return new OAuthSession(url, config.oauth, oauth.store, {
    secrets: headerSecrets,
    clock: ports.clock,
    timers: ports.timers,
    approvalTimeoutMs: oauth.approvalTimeoutMs,
    requestTimeoutMs,
    ...(oauth.openAuthorizationPage ? { openAuthorizationPage: (page: string) => oauth.openAuthorizationPage!(page, sessionId) } : {}),
    step,
  });
}
