// The MCP authorization flow for one connection to a Streamable HTTP or SSE server (issue 14).
//
// The SDK's auth() does discovery (RFC 9728 with its well-known fallbacks, RFC 8414 and OIDC with path
// insertion), client ID metadata documents, dynamic registration, PKCE S256, scope selection, refresh and
// the RFC 8707 resource indicator. What it lacks, and this file adds:
// - the interactive middle: auth() stops at "REDIRECT"; here the page is opened, the loopback receiver
//   (loopback.ts) waits for the code, and auth() runs again to redeem it, all within the request that
//   got the 401, so the era probe, the legacy and the modern transports all carry on without a restart;
// - RFC 9207: a present `iss` must equal the issuer discovery recorded (2026-07-28 changelog item 7),
//   and must be present when the metadata says the server sends it;
// - PKCE is refused when the metadata does not advertise S256 (2025-11-25 authorization: "MUST refuse");
// - RFC 8414 §3.3: the metadata's `issuer` must be the URL it was discovered from;
// - step-up on 403 insufficient_scope forgets the tokens first (a refresh cannot widen the scope);
// - a token past its `expires_in` is refreshed before the request, not after a 401;
// - every HTTP exchange is reported as a step, with secrets redacted, bounded in size and time;
// - the grants without a user (issue 24): client credentials, the jwt-bearer grant with a workload's JWT
//   (SEP-1933) and enterprise-managed authorization (SEP-990: an ID-JAG from the IdP's token exchange, then
//   the jwt-bearer grant), and DPoP (RFC 9449, SEP-1932) on token and resource requests (dpop.ts).
// The transports' own `authProvider` is not used: it throws UnauthorizedError at the redirect and needs a
// restart of the transport, and our own HTTP probe (E3) would not be covered.
import { randomBytes } from "node:crypto";
import { auth, extractWWWAuthenticateParams, type OAuthClientProvider, type OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import { createPrivateKeyJwtAuth } from "@modelcontextprotocol/sdk/client/auth-extensions.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { AuthHttp, AuthStep, AuthStepKind, OAuthSettings } from "../../../shared/types.js";
import type { Clock, Timers } from "../ports.js";
import { startLoopbackReceiver, type LoopbackReceiver } from "./loopback.js";
import { redactFormBody, redactHeaders, redactJsonBody, redactText } from "./redact.js";
import type { OAuthTokenStore } from "./tokenStore.js";
import { fresh } from "../../../shared/byteBudget.js";
import type { KeyPair } from "dpop";
import { asksForNonce, chooseDpopAlgorithm, describeProof, dpopProof, newDpopKey, nonceOf, openDpopKey } from "./dpop.js";

/** RFC 7523 §2.1, RFC 8693 §2.1 and the ID-JAG draft's names. */
export const JWT_BEARER_GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer";
export const TOKEN_EXCHANGE_GRANT = "urn:ietf:params:oauth:grant-type:token-exchange";
export const ID_JAG_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:id-jag";
export const ID_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:id_token";

export type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** An authorization server's answer is small; a larger one is cut here before the SDK parses it. */
export const MAX_AUTH_RESPONSE_CHARS = 256 * 1024;
/** What one step keeps of a body, for the UI. */
const STEP_BODY_CHARS = 8 * 1024;

export class AuthorizationError extends Error {
  override name = "AuthorizationError";
}

export interface OAuthHooks {
  clock: Clock;
  /** The approval time-out runs on these (fake timers in tests). */
  timers?: Timers;
  /** A step of the flow happened (for the UI's Authorization panel). */
  step(step: Omit<AuthStep, "sessionId" | "seq" | "at">): void;
  /**
   * Open the authorization page: the desktop app asks, then shell.openExternal; the CLI prints it and tries
   * the platform opener (or, for an auto-approving server, fetches it itself). Absent: the page shows the
   * link in the Authorization panel and the user opens it there.
   */
  openAuthorizationPage?(url: string): Promise<void> | void;
  /** How long the user has to approve in the browser. */
  approvalTimeoutMs: number;
  /** How long one request to the authorization server may take. */
  requestTimeoutMs: number;
  /** Further values never to show (credentials the user typed as headers). */
  secrets?: string[];
}

interface Challenge {
  resourceMetadataUrl?: URL;
  scope?: string;
  stepUp?: boolean;
  /** The server challenged with the DPoP scheme (RFC 9449 §7.1). */
  dpop?: boolean;
}

export class OAuthSession {
  private receiver?: LoopbackReceiver;
  private authorizationUrl?: URL;
  private verifier?: string;
  private discovery?: OAuthDiscoveryState;
  private inFlight?: Promise<void>;
  /** Why the flow failed in this connection: later 401s are passed on instead of opening the page again. */
  private failure?: Error;
  private readonly provider: OAuthClientProvider;
  /** The scope the last authorization page asked for (SEP-2350: kept in a step-up's request). */
  private requestedScope?: string;
  /** The 403 insufficient_scope challenges already answered with a new authorization in this connection. */
  private readonly steppedUp = new Set<string>();
  /** Values never to show (tokens, secrets, codes), for redacting stderr and the log. */
  private readonly known = new Set<string>();
  /** DPoP: the key pair of this server (opened from its record), and the last nonce each server gave ("as|rs origin"). */
  private dpopKeys?: KeyPair;
  private readonly nonces = new Map<string, string>();
  /** DPoP is used for this server: the settings say so, or a server asked for it (challenge, metadata, a bound token). */
  private dpopAsked = false;
  /** Proofs shown in the panel for resource requests: the first, then only those answering a nonce. */
  private resourceProofShown = false;
  /** A jwt-bearer assertion was sent in this flow, and why the token endpoint refused it (no retry: SEP-1933). */
  private assertionSent = false;
  private lastTokenError?: string;
  /** The last request to the token endpoint carried a DPoP proof. */
  private lastTokenRequestProved = false;

  constructor(
    /** The MCP server's URL, which is also the key its tokens are kept under. */
    readonly serverUrl: string,
    private readonly settings: OAuthSettings | undefined,
    private readonly store: OAuthTokenStore,
    private readonly hooks: OAuthHooks,
  ) {
    if (settings?.clientSecret) this.known.add(settings.clientSecret);
    if (settings?.privateKeyPem) this.known.add(settings.privateKeyPem);
    if (settings?.assertion) this.known.add(settings.assertion);
    if (settings?.idpClientSecret) this.known.add(settings.idpClientSecret);
    for (const secret of hooks.secrets ?? []) this.known.add(secret);
    this.provider = this.createProvider();
  }

  /** Replace every secret this flow has seen with "[redacted]" (stderr lines, log notes). */
  redact(text: string): string {
    return redactText(text, this.known);
  }

  /** A fetch that carries the bearer token and runs the flow on 401 (and on 403 insufficient_scope). */
  wrap(inner: Fetch = fetch): Fetch {
    return async (url, init) => {
      await this.refreshIfExpired();
      let response = await this.send(inner, url, init);
      const challenge = this.challengeOf(response);
      if (!challenge || this.failure) return this.redactRefusal(response);
      this.step("challenge", `${init?.method ?? "GET"} ${String(url)} answered HTTP ${response.status}${challenge.stepUp ? " insufficient_scope" : ""}: authorization needed`, {
        method: init?.method ?? "GET",
        url: String(url),
        status: response.status,
        responseHeaders: pick(response.headers, ["www-authenticate"]),
      });
      await response.body?.cancel().catch(() => {});
      await this.authorize(challenge);
      // The user may have taken minutes to approve: a time-out signal of the first attempt has run out by now.
      const again = init?.signal?.aborted ? { ...init, signal: AbortSignal.timeout(this.hooks.requestTimeoutMs) } : init;
      response = await this.send(inner, url, again);
      return this.redactRefusal(response);
    };
  }

  /**
   * One request with the access token (and, for a DPoP-bound token, a fresh proof). A resource server that
   * answers 401 use_dpop_nonce gets the request once more with its nonce (RFC 9449 §9); asking again is an error.
   */
  private async send(inner: Fetch, url: string | URL, init: RequestInit | undefined): Promise<Response> {
    const first = await this.withToken(url, init);
    let response = await inner(url, first.init);
    this.noteNonce("rs", url, response);
    if (!first.proof) return response;
    const where = `${init?.method ?? "GET"} ${String(url).slice(0, 500)}`;
    if (asksForNonce(response)) {
      await response.body?.cancel().catch(() => {});
      const again = await this.withToken(url, init, "nonce");
      response = await inner(url, again.init);
      this.noteNonce("rs", url, response);
      if (asksForNonce(response)) {
        await response.body?.cancel().catch(() => {});
        throw new AuthorizationError(`${where}: the server asked for a new DPoP nonce again right after the proof with its nonce (RFC 9449 §9); not retried`);
      }
    }
    const refused = refusedProof(response);
    if (refused !== undefined) {
      // Signing in again would not change the proof: say why the server refused it instead.
      await response.body?.cancel().catch(() => {});
      throw new AuthorizationError(`${where}: the server refused the DPoP proof (invalid_dpop_proof${refused ? `: ${this.redact(refused)}` : ""}; RFC 9449 §7.1)`);
    }
    return response;
  }

  /**
   * RFC 9449 §8.2 / §9: a server may give a fresh nonce with any answer; the next proof to it carries it. An
   * authorization server's nonces and a resource server's are apart, even on one origin.
   */
  private noteNonce(role: "as" | "rs", url: string | URL, response: Response): void {
    const nonce = nonceOf(response);
    if (nonce) this.nonces.set(nonceKey(role, url), nonce);
  }

  /**
   * The SDK quotes an error response's body in its error message ("Error POSTing to endpoint: …"), which
   * reaches the UI and stderr: a server that echoes the request's token back must not show it there.
   * Only error bodies are read here (bounded); a success streams through untouched.
   */
  private async redactRefusal(response: Response): Promise<Response> {
    if (response.ok || response.status < 400 || this.known.size === 0) return response;
    const text = await readBounded(response, MAX_AUTH_RESPONSE_CHARS);
    return new Response(this.redact(text), { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  /**
   * Sign in before the SDK's transport sends anything, when no probe did (SSE, or an era pinned to
   * 2025-11-25): the flow inside `initialize` would race that request's time-out while the user approves.
   * A GET with `Accept: text/event-stream` is what both transports send anyway; its body is not read.
   */
  async preflight(headers: Record<string, string>): Promise<void> {
    const response = await this.wrap()(this.serverUrl, { method: "GET", headers: { ...headers, Accept: "text/event-stream" }, signal: AbortSignal.timeout(this.hooks.requestTimeoutMs) }).catch((error: Error) => {
      if (this.failure) throw error;
      return undefined; // an unreachable server is reported by the transport, in its own words
    });
    await response?.body?.cancel().catch(() => {});
    if (this.failure) throw this.failure;
  }

  private challengeOf(response: Response): Challenge | undefined {
    if (response.status !== 401 && response.status !== 403) return undefined;
    // A nonce asked for twice, a proof refused: not reasons to sign in again (send() has said why).
    if (asksForNonce(response) || refusedProof(response) !== undefined) return undefined;
    const dpop = /^\s*DPoP\b/i.test(response.headers.get("www-authenticate") ?? "");
    if (dpop) this.dpopAsked = true;
    const { resourceMetadataUrl, scope, error } = dpop ? dpopChallengeParams(response) : extractWWWAuthenticateParams(response);
    if (response.status === 403 && error !== "insufficient_scope") return undefined;
    if (response.status === 403) {
      // A server still refusing after we stepped up for this very challenge would loop forever: once is enough.
      const header = response.headers.get("www-authenticate") ?? "";
      if (this.steppedUp.has(header)) return undefined;
      this.steppedUp.add(header);
    }
    return { ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}), ...(scope ? { scope: scope.slice(0, 2000) } : {}), stepUp: response.status === 403, ...(dpop ? { dpop } : {}) };
  }

  /** The request with `Authorization: Bearer …`, or for a DPoP-bound token `Authorization: DPoP …` and its proof (RFC 9449 §7.1). */
  private async withToken(url: string | URL, init: RequestInit | undefined, why?: "nonce"): Promise<{ init: RequestInit | undefined; proof?: string }> {
    const { tokens, dpopKey } = await this.store.get(this.serverUrl);
    if (!tokens?.access_token) return { init };
    this.known.add(tokens.access_token);
    const headers = new Headers(init?.headers);
    if (tokens.token_type?.toLowerCase() !== "dpop") {
      headers.set("Authorization", `Bearer ${tokens.access_token}`);
      return { init: { ...init, headers } };
    }
    this.dpopAsked = true;
    if (!dpopKey) throw new AuthorizationError("the access token is bound to a DPoP key that is no longer kept: sign out and in again");
    this.dpopKeys ??= await openDpopKey(dpopKey);
    const method = init?.method ?? "GET";
    const proof = await dpopProof(this.dpopKeys, url, method, this.nonces.get(nonceKey("rs", url)), tokens.access_token);
    headers.set("Authorization", `DPoP ${tokens.access_token}`);
    headers.set("DPoP", proof);
    if (why || !this.resourceProofShown) {
      this.resourceProofShown = true;
      this.step("dpop", `DPoP proof for ${method} ${String(url).slice(0, 2000)}${why ? ` with the nonce the server asked for` : ""} (RFC 9449 §7)`, undefined, undefined, proof);
    }
    return { init: { ...init, headers }, proof };
  }

  /** One flow at a time: requests that got 401 together wait for the same sign-in. */
  private authorize(challenge: Challenge): Promise<void> {
    this.inFlight ??= this.run(challenge)
      .catch((error: unknown) => {
        // One readable line whatever threw (the SDK's schema errors are JSON lists), secrets redacted.
        const failure = new AuthorizationError(`authorization failed: ${this.redact(describeError(error)).slice(0, 2000)}`, { cause: error });
        this.failure = failure;
        this.step("error", failure.message);
        throw failure;
      })
      .finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async refreshIfExpired(): Promise<void> {
    if (this.inFlight) return this.inFlight.catch(() => {});
    const { tokens, tokensAt } = await this.store.get(this.serverUrl);
    if (!tokens?.refresh_token || typeof tokens.expires_in !== "number" || tokensAt === undefined) return;
    if (this.hooks.clock.now() < tokensAt + tokens.expires_in * 1000 || this.failure) return;
    // auth() refreshes, or signs in again when the refresh token is refused. Either way the request goes
    // out after this; if the flow failed, its answer (and the panel's error step) says why.
    await this.authorize({}).catch(() => {});
  }

  /** The grants without a user (client credentials, jwt-bearer, ID-JAG): no browser, no loopback receiver. */
  private get machineClient(): boolean {
    const grant = this.settings?.grant;
    return grant !== undefined && grant !== "authorization_code";
  }

  private async run(challenge: Challenge): Promise<void> {
    if (challenge.dpop) this.dpopAsked = true;
    if (this.machineClient) {
      this.discovery = undefined;
      this.assertionSent = false;
      this.lastTokenError = undefined;
      const grant = GRANT_NAMES[this.settings!.grant!];
      if ((await auth(this.provider, { serverUrl: this.serverUrl, ...(challenge.resourceMetadataUrl ? { resourceMetadataUrl: challenge.resourceMetadataUrl } : {}), ...(challenge.scope ? { scope: challenge.scope } : {}), fetchFn: this.recordingFetch() })) !== "AUTHORIZED") {
        throw new AuthorizationError(`the ${grant} did not give a token`);
      }
      return this.step("done", `Authorized (${grant}): the request is sent again with the new access token`);
    }
    const receiver = await startLoopbackReceiver();
    this.receiver = receiver;
    // Each flow discovers afresh: the resource may have moved to another authorization server (SEP-2352),
    // and the panel shows what the server says now. Within one flow, auth()'s second call reuses it.
    this.discovery = undefined;
    try {
      let scope = challenge.scope;
      if (challenge.stepUp) {
        // SEP-2350: ask for what was asked before plus what the server now names, so no granted scope is lost.
        const { tokens } = await this.store.get(this.serverUrl);
        scope = unionOfScopes(this.requestedScope, tokens?.scope, challenge.scope);
        // A refresh keeps the old scope: step-up needs a new authorization.
        await this.store.update(this.serverUrl, ({ tokens: _gone, tokensAt: _at, ...rest }) => rest);
      }
      const options = {
        serverUrl: this.serverUrl,
        ...(challenge.resourceMetadataUrl ? { resourceMetadataUrl: challenge.resourceMetadataUrl } : {}),
        ...(scope ? { scope } : {}),
        fetchFn: this.recordingFetch(),
      };
      this.authorizationUrl = undefined;
      if ((await auth(this.provider, options)) === "AUTHORIZED") return this.step("done", "Authorized: the request is sent again with the new access token");
      const url = this.authorizationUrl as URL | undefined;
      if (!url) throw new AuthorizationError("the authorization flow stopped without an authorization page");
      this.addOfflineAccess(url);
      this.requestedScope = url.searchParams.get("scope") ?? undefined;
      const state = url.searchParams.get("state") ?? "";
      const answer = receiver.wait(state, this.hooks.approvalTimeoutMs, this.hooks.timers);
      // Awaited below; if opening the page fails first, closing the receiver rejects it unobserved.
      answer.catch(() => {});
      this.step("authorization", `Authorization page to approve in the browser (PKCE S256, scope ${url.searchParams.get("scope") ?? "none"}, resource ${url.searchParams.get("resource") ?? "none"})`, undefined, url.href);
      await this.hooks.openAuthorizationPage?.(url.href);
      const response = await answer;
      this.known.add(response.code);
      this.step("callback", `The browser came back to ${receiver.redirectUrl} with a code${response.iss ? ` and iss ${response.iss}` : " and no iss"}`);
      this.checkIssuer(response.iss);
      await auth(this.provider, { ...options, authorizationCode: response.code });
      this.step("done", "Authorized: the request is sent again with the new access token");
    } finally {
      receiver.close();
      this.receiver = undefined;
    }
  }

  /**
   * SEP-2207: we want a refresh token, so `offline_access` is asked for when the authorization server
   * lists it in scopes_supported, and never otherwise. auth() chose the scope before it knew the
   * metadata's list, so it is added to the page's URL here, before the page is opened.
   */
  private addOfflineAccess(url: URL): void {
    if (!this.discovery?.authorizationServerMetadata?.scopes_supported?.includes("offline_access")) return;
    const scopes = (url.searchParams.get("scope") ?? "").split(" ").filter(Boolean);
    if (!scopes.includes("offline_access")) url.searchParams.set("scope", [...scopes, "offline_access"].join(" "));
  }

  /** RFC 9207 / 2026-07-28: a present `iss` must name the issuer discovery recorded, before the code is redeemed. */
  private checkIssuer(iss: string | undefined): void {
    const metadata = this.discovery?.authorizationServerMetadata;
    const recorded = metadata?.issuer ?? this.discovery?.authorizationServerUrl;
    if (iss === undefined) {
      if ((metadata as { authorization_response_iss_parameter_supported?: boolean } | undefined)?.authorization_response_iss_parameter_supported === true) {
        throw new AuthorizationError("the authorization response has no iss, though the authorization server's metadata says it sends one (RFC 9207): the code is not redeemed");
      }
      return;
    }
    // RFC 9207 §2.4: simple string comparison, no URL normalisation (a trailing "/" is another issuer).
    if (!recorded || iss !== recorded) {
      throw new AuthorizationError(`the authorization response names issuer ${iss.slice(0, 500)}, not ${recorded ?? "the one discovered"} (RFC 9207): the code is not redeemed`);
    }
  }

  private createProvider(): OAuthClientProvider {
    const session = this;
    const settings = this.settings ?? {};
    return {
      get redirectUrl() {
        // No redirect: auth() then runs the non-interactive grant (client credentials).
        if (session.machineClient) return undefined;
        // auth() reads this to know the flow is interactive, before the receiver exists only for refresh-less checks.
        return session.receiver?.redirectUrl ?? "http://127.0.0.1/callback";
      },
      ...(session.machineClient ? { prepareTokenRequest: (scope?: string) => session.grantRequest(scope) } : {}),
      ...(settings.privateKeyPem && settings.clientId
        ? {
            // RFC 7523 private_key_jwt: the SDK signs the assertion; its audience is the authorization server.
            addClientAuthentication: createPrivateKeyJwtAuth({
              issuer: settings.clientId,
              subject: settings.clientId,
              privateKey: settings.privateKeyPem,
              alg: settings.signingAlgorithm ?? "ES256",
            }),
          }
        : {}),
      ...(settings.clientMetadataUrl ? { clientMetadataUrl: settings.clientMetadataUrl } : {}),
      get clientMetadata(): OAuthClientMetadata {
        const machine = session.machineClient;
        return {
          client_name: "MCP Task Inspector",
          redirect_uris: machine ? [] : [this.redirectUrl as string],
          grant_types: machine ? [settings.grant === "client_credentials" ? "client_credentials" : JWT_BEARER_GRANT] : ["authorization_code", "refresh_token"],
          response_types: machine ? [] : ["code"],
          token_endpoint_auth_method: settings.privateKeyPem ? "private_key_jwt" : settings.grant === "client_credentials" || settings.clientSecret ? "client_secret_basic" : "none",
          // 2026-07-28 (SEP-837): a native app on a loopback redirect.
          application_type: "native",
          ...(settings.scope ? { scope: settings.scope } : {}),
        } as OAuthClientMetadata;
      },
      state: () => randomBytes(24).toString("base64url"),
      clientInformation: async (): Promise<OAuthClientInformationMixed | undefined> => {
        if (settings.clientId) return { client_id: settings.clientId, ...(settings.clientSecret ? { client_secret: settings.clientSecret } : {}) };
        const info = (await this.store.get(this.serverUrl)).clientInformation;
        if (info && "client_secret" in info && typeof info.client_secret === "string") this.known.add(info.client_secret);
        return info;
      },
      saveClientInformation: async (info) => {
        if ("client_secret" in info && typeof info.client_secret === "string") this.known.add(info.client_secret);
        // A pre-registered client is the user's to change: only a registration of ours is kept.
        if (!settings.clientId) await this.store.update(this.serverUrl, (record) => ({ ...record, clientInformation: info }));
      },
      tokens: async () => (await this.store.get(this.serverUrl)).tokens,
      saveTokens: async (tokens: OAuthTokens) => {
        this.known.add(tokens.access_token);
        if (tokens.refresh_token) this.known.add(tokens.refresh_token);
        // RFC 9449 §5: an authorization server may answer a proof with a plain bearer token; it is used as such.
        if (this.lastTokenRequestProved && tokens.token_type?.toLowerCase() !== "dpop") {
          this.step("dpop", `The authorization server answered the DPoP proof with token_type ${tokens.token_type.slice(0, 100)}: the token is not bound to the key and goes out as a bearer token (RFC 9449 §5)`);
        }
        const now = this.hooks.clock.now();
        await this.store.update(this.serverUrl, (record) => ({
          ...record,
          // A refresh answer may omit the refresh token: the old one stays valid (RFC 6749 §6).
          tokens: { ...tokens, ...(!tokens.refresh_token && record.tokens?.refresh_token ? { refresh_token: record.tokens.refresh_token } : {}) },
          tokensAt: now,
        }));
      },
      redirectToAuthorization: (url) => {
        this.authorizationUrl = url;
      },
      saveCodeVerifier: (verifier) => {
        this.known.add(verifier);
        this.verifier = verifier;
      },
      codeVerifier: () => {
        if (!this.verifier) throw new AuthorizationError("no PKCE code verifier for this authorization");
        return this.verifier;
      },
      saveDiscoveryState: (state) => {
        this.checkDiscovery(state);
        this.discovery = state;
      },
      discoveryState: () => this.discovery,
      invalidateCredentials: async (scope) => {
        if (scope === "discovery" || scope === "all") this.discovery = undefined;
        if (scope === "verifier" || scope === "all") this.verifier = undefined;
        await this.store.update(this.serverUrl, (record) => {
          const next = { ...record };
          if (scope === "tokens" || scope === "all") {
            delete next.tokens;
            delete next.tokensAt;
          }
          if (scope === "client" || scope === "all") delete next.clientInformation;
          return next;
        });
      },
    };
  }

  /**
   * The token request of a grant without a user. A jwt-bearer assertion is sent once per flow: auth() would
   * retry a refused one (invalid_grant), and SEP-1933 says to surface the error instead of retrying.
   */
  private async grantRequest(scope: string | undefined): Promise<URLSearchParams> {
    const settings = this.settings ?? {};
    const scoped: Record<string, string> = scope ? { scope } : {};
    if (settings.grant === "client_credentials") return new URLSearchParams({ grant_type: "client_credentials", ...scoped });
    if (this.assertionSent) {
      const what = settings.grant === "id_jag" ? "the ID-JAG from the identity provider" : "the workload's JWT";
      throw new AuthorizationError(`the authorization server refused ${what}${this.lastTokenError ? ` (${this.lastTokenError})` : ""}; a refused assertion is not sent again (SEP-1933)`);
    }
    if (!settings.assertion) throw new AuthorizationError(settings.grant === "id_jag" ? "enterprise-managed authorization needs the ID token from your identity provider" : "the jwt-bearer grant needs the workload's JWT (its assertion)");
    const assertion = settings.grant === "id_jag" ? await this.exchangeIdToken(settings, scope) : settings.assertion;
    this.assertionSent = true;
    return new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion, ...scoped });
  }

  /**
   * SEP-990 step 1: the user's ID token is exchanged at the enterprise IdP (RFC 8693) for an ID-JAG whose
   * audience is the MCP server's authorization server and whose resource is the MCP server.
   */
  private async exchangeIdToken(settings: OAuthSettings, scope: string | undefined): Promise<string> {
    const endpoint = settings.idpTokenEndpoint;
    if (!endpoint) throw new AuthorizationError("enterprise-managed authorization needs the identity provider's token endpoint");
    const audience = this.discovery?.authorizationServerMetadata?.issuer ?? this.discovery?.authorizationServerUrl;
    if (!audience) throw new AuthorizationError("enterprise-managed authorization needs the MCP server's authorization server, and none was discovered");
    const resource = this.discovery?.resourceMetadata?.resource ?? this.serverUrl;
    const body = new URLSearchParams({
      grant_type: TOKEN_EXCHANGE_GRANT,
      requested_token_type: ID_JAG_TOKEN_TYPE,
      audience,
      resource,
      subject_token: settings.assertion!,
      subject_token_type: ID_TOKEN_TYPE,
      ...(scope ? { scope } : {}),
    });
    const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" };
    if (settings.idpClientId && settings.idpClientSecret) {
      headers.Authorization = `Basic ${Buffer.from(`${encodeURIComponent(settings.idpClientId)}:${encodeURIComponent(settings.idpClientSecret)}`).toString("base64")}`;
    } else if (settings.idpClientId) {
      body.set("client_id", settings.idpClientId);
    }
    const where = `the identity provider's token exchange at ${endpoint.slice(0, 500)}`;
    const response = await this.recordingFetch()(endpoint, { method: "POST", headers, body });
    const text = await response.text();
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = undefined;
    }
    const fields = answer && typeof answer === "object" && !Array.isArray(answer) ? (answer as Record<string, unknown>) : undefined;
    if (!response.ok) {
      const error = typeof fields?.error === "string" ? `: ${fields.error.slice(0, 200)}${typeof fields.error_description === "string" ? ` (${fields.error_description.slice(0, 500)})` : ""}` : "";
      throw new AuthorizationError(`${where} answered HTTP ${response.status}${error}`);
    }
    if (!fields) throw new AuthorizationError(`${where} did not answer with a JSON object`);
    if (fields.issued_token_type !== ID_JAG_TOKEN_TYPE) {
      throw new AuthorizationError(`${where} issued ${typeof fields.issued_token_type === "string" ? fields.issued_token_type.slice(0, 200) : "no issued_token_type"}, not an ID-JAG (${ID_JAG_TOKEN_TYPE})`);
    }
    const jag = fields.access_token;
    if (typeof jag !== "string" || jag.length > 20_000 || !/^[\w-]+\.[\w-]+\.[\w-]*$/.test(jag)) throw new AuthorizationError(`${where} answered without an ID-JAG (its access_token is not a JWT)`);
    this.known.add(jag);
    return jag;
  }

  /** DPoP for this server's tokens: the settings decide; absent, any sign that a server wants it. */
  private wantsDpop(hasKey: boolean): boolean {
    if (this.settings?.dpop !== undefined) return this.settings.dpop;
    const required = (metadata: unknown) => (metadata as { dpop_bound_access_tokens_required?: unknown } | undefined)?.dpop_bound_access_tokens_required === true;
    return this.dpopAsked || hasKey || required(this.discovery?.authorizationServerMetadata) || required(this.discovery?.resourceMetadata);
  }

  /** A proof for a request to the token endpoint (RFC 9449 §5), with the key made on first use and kept sealed with the tokens. */
  private async tokenRequestProof(url: string | URL): Promise<string | undefined> {
    const record = await this.store.get(this.serverUrl);
    if (!this.wantsDpop(record.dpopKey !== undefined)) return undefined;
    // The SDK keeps this field unchecked: a hostile server's non-list reads as "none said".
    const listed = (this.discovery?.authorizationServerMetadata as { dpop_signing_alg_values_supported?: unknown } | undefined)?.dpop_signing_alg_values_supported;
    const supported = Array.isArray(listed) ? listed.filter((alg): alg is string => typeof alg === "string").slice(0, 100) : undefined;
    const alg = chooseDpopAlgorithm(supported, record.dpopKey?.alg);
    if (!alg) throw new AuthorizationError(`the authorization server takes DPoP proofs signed with ${(supported ?? []).join(", ").slice(0, 300) || "nothing"}; this client signs with ES256, Ed25519, PS256 or RS256`);
    if (record.dpopKey?.alg === alg) {
      this.dpopKeys ??= await openDpopKey(record.dpopKey);
    } else {
      const { stored, keys } = await newDpopKey(alg);
      this.dpopKeys = keys;
      await this.store.update(this.serverUrl, (next) => ({ ...next, dpopKey: stored }));
    }
    this.dpopAsked = true;
    return dpopProof(this.dpopKeys, url, "POST", this.nonces.get(nonceKey("as", url)));
  }

  /** What auth() discovered, before it is used: PKCE S256 advertised, and an issuer that matches its URL. */
  private checkDiscovery(state: OAuthDiscoveryState): void {
    const metadata = state.authorizationServerMetadata;
    const where = state.authorizationServerUrl;
    this.step(
      "discovery",
      metadata
        ? `Authorization server ${where}: authorize ${metadata.authorization_endpoint}, token ${metadata.token_endpoint}${metadata.registration_endpoint ? `, registration ${metadata.registration_endpoint}` : ""}; PKCE ${metadata.code_challenge_methods_supported?.join(", ") ?? "not advertised"}`
        : `No authorization server metadata found for ${where}`,
    );
    if (!metadata) throw new AuthorizationError(`no authorization server metadata at ${where} (RFC 8414 or OpenID Connect discovery): the flow cannot continue`);
    // PKCE protects the authorization code: a machine client (client credentials) has none.
    if (!this.machineClient && !metadata.code_challenge_methods_supported?.includes("S256")) {
      throw new AuthorizationError(`the authorization server ${where} does not advertise PKCE S256 (code_challenge_methods_supported): the MCP authorization spec says to refuse it`);
    }
    if (!sameIssuer(metadata.issuer, where)) {
      throw new AuthorizationError(`the authorization server metadata names issuer ${metadata.issuer.slice(0, 500)}, but was discovered for ${where} (RFC 8414 §3.3)`);
    }
  }

  /** The fetch auth() uses: each exchange is a step, its answer bounded and its secrets redacted. */
  private recordingFetch(): Fetch {
    return async (url, init) => {
      const method = init?.method ?? "GET";
      const requestBody = typeof init?.body === "string" ? init.body : init?.body instanceof URLSearchParams ? init.body.toString() : undefined;
      const http: AuthHttp = {
        method,
        url: String(url).slice(0, 10_000),
        requestHeaders: redactHeaders(headersOf(init?.headers)),
        ...(requestBody ? { requestBody: clip(redactRequest(requestBody)) } : {}),
      };
      const kind = kindOf(String(url), requestBody);
      const tokenEndpoint = this.discovery?.authorizationServerMetadata?.token_endpoint;
      const toTokenEndpoint = method === "POST" && kind !== "discovery" && tokenEndpoint !== undefined && sameUrl(String(url), tokenEndpoint);
      for (let attempt = 0; ; attempt++) {
        let sent = init;
        const proof = toTokenEndpoint ? await this.tokenRequestProof(url) : undefined;
        if (toTokenEndpoint) this.lastTokenRequestProved = proof !== undefined;
        if (proof) {
          const headers = new Headers(init?.headers);
          headers.set("DPoP", proof);
          sent = { ...init, headers };
          this.step("dpop", `DPoP proof for the token request to ${http.url}${attempt ? " with the nonce the authorization server asked for" : ""} (RFC 9449 §5)`, undefined, undefined, proof);
        }
        let response: Response;
        const signal = AbortSignal.timeout(this.hooks.requestTimeoutMs);
        try {
          response = await fetch(url, { ...sent, signal });
        } catch (error) {
          this.step(kind, `${method} ${http.url} failed: ${(error as Error).message}`, http);
          throw error;
        }
        const text = await readBounded(response, MAX_AUTH_RESPONSE_CHARS);
        if (signal.aborted) {
          // A body that stopped coming: what arrived is no answer (issue 24: an IdP that never finishes).
          const stalled = new AuthorizationError(`${method} ${http.url} gave no complete answer within ${this.hooks.requestTimeoutMs} ms`);
          this.step(kind, stalled.message, { ...http, status: response.status });
          throw stalled;
        }
        const responseBody = clip(redactJsonBody(text, (secret) => this.known.add(secret)));
        this.step(kind, `${method} ${http.url} → HTTP ${response.status}`, { ...http, ...(proof ? { requestHeaders: redactHeaders(headersOf(sent?.headers)) } : {}), status: response.status, responseHeaders: redactHeaders(headersOf(response.headers)), responseBody });
        if (toTokenEndpoint) this.noteNonce("as", url, response);
        const error = response.status >= 400 ? oauthErrorOf(text) : undefined;
        if (error && kind === "token") this.lastTokenError = this.redact(error.description ? `${error.code}: ${error.description}` : error.code);
        // RFC 9449 §8: the authorization server wants a nonce in the proof; once, with the nonce it gave.
        if (proof && attempt === 0 && response.status === 400 && error?.code === "use_dpop_nonce" && nonceOf(response)) continue;
        // Redirects are left as they came (auth() follows none off-origin); 204/304 carry no body.
        const bodyless = [101, 204, 205, 304].includes(response.status);
        return new Response(bodyless ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });
      }
    };
  }

  private step(kind: AuthStepKind, summary: string, http?: AuthHttp, authorizationUrl?: string, proof?: string): void {
    this.hooks.step({
      kind,
      summary: summary.slice(0, 10_000),
      ...(http ? { http } : {}),
      ...(authorizationUrl ? { authorizationUrl: authorizationUrl.slice(0, 20_000) } : {}),
      ...(proof ? { proof: describeProof(proof).slice(0, 10_000) } : {}),
    });
  }
}

/** How the panel and errors name each grant without a user. */
const GRANT_NAMES: Record<NonNullable<OAuthSettings["grant"]>, string> = {
  authorization_code: "authorization code grant",
  client_credentials: "client credentials grant",
  jwt_bearer: "workload identity grant",
  id_jag: "enterprise-managed authorization grant",
};

/** The `error` and `error_description` of an OAuth error answer (RFC 6749 §5.2), bounded; not one: undefined. */
function oauthErrorOf(text: string): { code: string; description?: string } | undefined {
  try {
    const value = JSON.parse(text) as { error?: unknown; error_description?: unknown };
    if (typeof value?.error !== "string") return undefined;
    return { code: value.error.slice(0, 200), ...(typeof value.error_description === "string" ? { description: value.error_description.slice(0, 500) } : {}) };
  } catch {
    return undefined;
  }
}

/** A 401 `DPoP error="invalid_dpop_proof"`: its error_description ("" when none); otherwise undefined. */
function refusedProof(response: Response): string | undefined {
  if (response.status !== 401 || !/^\s*DPoP\b/i.test(response.headers.get("www-authenticate") ?? "")) return undefined;
  const { error } = dpopChallengeParams(response);
  if (error !== "invalid_dpop_proof") return undefined;
  return (/\berror_description\s*=\s*"([^"]*)"/i.exec(response.headers.get("www-authenticate") ?? "")?.[1] ?? "").slice(0, 500);
}

/** The parameters of a `WWW-Authenticate: DPoP …` challenge (the SDK's reader knows only Bearer). */
function dpopChallengeParams(response: Response): { resourceMetadataUrl?: URL; scope?: string; error?: string } {
  const header = (response.headers.get("www-authenticate") ?? "").slice(0, 10_000);
  const field = (name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|([^\\s,]+))`, "i").exec(header)?.slice(1).find((v) => v !== undefined);
  let resourceMetadataUrl: URL | undefined;
  try {
    const raw = field("resource_metadata");
    if (raw) resourceMetadataUrl = new URL(raw);
  } catch {
    // An unreadable URL: discovery falls back to the well-known locations.
  }
  const scope = field("scope");
  const error = field("error");
  return { ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}), ...(scope ? { scope } : {}), ...(error ? { error } : {}) };
}

function nonceKey(role: "as" | "rs", url: string | URL): string {
  return `${role} ${new URL(String(url)).origin}`;
}

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

function redactRequest(body: string): string {
  return body.trimStart().startsWith("{") ? redactJsonBody(body, () => {}) : redactFormBody(body);
}

function kindOf(url: string, body: string | undefined): AuthStepKind {
  if (url.includes("/.well-known/")) return "discovery";
  if (body && /(^|&)grant_type=refresh_token(&|$)/.test(body)) return "refresh";
  if (body && /(^|&)grant_type=/.test(body)) return "token";
  if (body && body.includes("redirect_uris")) return "registration";
  return "discovery";
}

/** An error in one line: a zod error's issues as "path: message", anything else by its message. */
function describeError(error: unknown): string {
  const issues = (error as { issues?: { path?: unknown[]; message?: string }[] } | null)?.issues;
  if (Array.isArray(issues) && issues.length) {
    return issues
      .slice(0, 5)
      .map((issue) => `${Array.isArray(issue.path) && issue.path.length ? `${issue.path.join(".")}: ` : ""}${issue.message ?? "invalid"}`)
      .join("; ");
  }
  return error instanceof Error ? error.message : String(error);
}

function unionOfScopes(...lists: (string | undefined)[]): string | undefined {
  const scopes = [...new Set(lists.flatMap((list) => (list ?? "").split(" ").filter(Boolean)))].filter((s) => s !== "offline_access");
  return scopes.length ? scopes.join(" ") : undefined;
}

function sameIssuer(a: string, b: string): boolean {
  const strip = (s: string) => s.replace(/\/+$/, "");
  return strip(a) === strip(b);
}

function headersOf(headers: HeadersInit | Headers | undefined): Record<string, string> {
  if (!headers) return {};
  return Object.fromEntries(new Headers(headers).entries());
}

function pick(headers: Headers, names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (headers.has(name) ? [[name, (headers.get(name) ?? "").slice(0, 10_000)]] : [])));
}

function clip(text: string): string {
  // fresh(): a slice would keep the whole body read (up to 256 KB) alive in each of the steps kept (issue 19).
  return text.length > STEP_BODY_CHARS ? `${fresh(text.slice(0, STEP_BODY_CHARS))} … [${text.length - STEP_BODY_CHARS} more characters]` : text;
}

/** Read at most `limit` characters of a body, then stop reading (a hostile server may send forever). */
async function readBounded(response: Response, limit: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.length > limit) {
        await reader.cancel().catch(() => {});
        return text.slice(0, limit);
      }
    }
  } catch {
    // A body cut short is read as far as it came.
  }
  return text + decoder.decode();
}
