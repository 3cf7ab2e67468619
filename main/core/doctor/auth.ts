// The doctor's authorization steps, after a 401: the challenge, the protected resource metadata (RFC 9728,
// with every place looked), the authorization server metadata (RFC 8414 / OpenID discovery, the URLs the SDK's
// discovery builds), PKCE S256, how the inspector could register, the token held (never its value), DPoP.
import { buildDiscoveryUrls, extractWWWAuthenticateParams } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthSettings } from "../../../shared/types.js";
import { boundedRequest, header, type BoundedResponse, type RequestBounds } from "./boundedHttp.js";
import type { Unauthorized } from "./http.js";
import { failed, passed, quote, skipped, type StepLog } from "./steps.js";

export interface HeldToken {
  /** When it runs out (ms since the epoch), when known. */
  expiresAt?: number;
  scope?: string;
  tokenType?: string;
  hasRefreshToken: boolean;
}

export interface AuthDoctorOptions {
  bounds: RequestBounds;
  oauth?: OAuthSettings;
  /** The token kept for this server, described without its value. */
  heldToken?: () => Promise<HeldToken | undefined>;
  now: () => number;
}

type Json = Record<string, unknown>;

async function getJson(url: URL, bounds: RequestBounds): Promise<{ status: number; json?: Json; error?: string }> {
  try {
    const res: BoundedResponse = await boundedRequest(url, { method: "GET", headers: { Accept: "application/json" } }, bounds);
    if (res.status !== 200) return { status: res.status };
    if (res.cut) return { status: res.status, error: `larger than ${bounds.maxBodyBytes} bytes` };
    try {
      const json = JSON.parse(res.body) as unknown;
      if (!json || typeof json !== "object" || Array.isArray(json)) return { status: res.status, error: "not a JSON object" };
      return { status: res.status, json: json as Json };
    } catch {
      return { status: res.status, error: "not JSON" };
    }
  } catch (error) {
    return { status: 0, error: quote((error as Error).message, 200) };
  }
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

export async function diagnoseAuth(unauthorized: Unauthorized | undefined, options: AuthDoctorOptions, log: StepLog): Promise<void> {
  const order: [string, string][] = [
    ["auth.challenge", "The 401 and its WWW-Authenticate"],
    ["auth.resourceMetadata", "Protected resource metadata (RFC 9728)"],
    ["auth.serverMetadata", "Authorization server metadata (RFC 8414 / OpenID)"],
    ["auth.pkce", "PKCE with S256 offered"],
    ["auth.registration", "The inspector can register as a client"],
    ["auth.token", "The token held for this server"],
    ["auth.dpop", "DPoP (RFC 9449) required or not"],
  ];
  if (!unauthorized) {
    for (const [id, title] of order) log.skip(id, title, "the server did not ask for authorization");
    return;
  }
  const { url, response } = unauthorized;
  const skipFrom = (id: string, why: string) => order.slice(order.findIndex(([i]) => i === id)).forEach(([i, t]) => log.skip(i, t, why));
  const challengeText = header(response.headers, "www-authenticate");
  const params = challengeText ? extractWWWAuthenticateParams(new Response(null, { status: 401, headers: { "www-authenticate": challengeText } })) : {};
  const schemes = (challengeText ?? "").match(/(?:^|,)\s*([A-Za-z][\w-]*)(?=\s+[\w-]+=|\s*$|\s*,)/g)?.map((s) => s.replace(/[,\s]/g, "")) ?? [];

  await log.run("auth.challenge", "The 401 and its WWW-Authenticate", () => {
    if (!challengeText) return failed("401 without a WWW-Authenticate header", "The server should say how to authorize: WWW-Authenticate: Bearer resource_metadata=\"…\" (RFC 9728 §5.1).");
    const parts = [`scheme ${schemes.join(", ") || "?"}`, params.resourceMetadataUrl ? `resource_metadata ${params.resourceMetadataUrl.href}` : "no resource_metadata", params.scope ? `scope "${quote(params.scope, 200)}"` : "no scope", params.error ? `error ${quote(params.error, 80)}` : ""].filter(Boolean);
    return passed(parts.join("; "), params.resourceMetadataUrl ? undefined : "Without resource_metadata the client has to guess the well-known URLs: add it to the challenge.");
  });

  let resourceMetadata: Json | undefined;
  const prm = await log.run("auth.resourceMetadata", "Protected resource metadata (RFC 9728)", async () => {
    const places: URL[] = [];
    if (params.resourceMetadataUrl) places.push(params.resourceMetadataUrl);
    const path = url.pathname.replace(/\/$/, "");
    if (path) places.push(new URL(`/.well-known/oauth-protected-resource${path}`, url));
    places.push(new URL("/.well-known/oauth-protected-resource", url));
    const looked: string[] = [];
    for (const place of places) {
      const got = await getJson(place, options.bounds);
      looked.push(`${place.href} (${got.status || "no answer"}${got.error ? `, ${got.error}` : ""})`);
      if (got.json) {
        resourceMetadata = got.json;
        const servers = strings(got.json.authorization_servers);
        if (!servers.length) return failed(`found at ${place.href}, but it names no authorization_servers`, "The metadata must list the authorization server(s) in authorization_servers.");
        return passed(`found at ${place.href}: resource ${quote(String(got.json.resource ?? "?"), 200)}, authorization server ${servers.map((s) => quote(s, 200)).join(", ")}${looked.length > 1 ? `; looked first at ${looked.slice(0, -1).join(", ")}` : ""}`);
      }
    }
    return failed(`not found; looked at ${looked.join(", ")}`, "Serve the protected resource metadata (RFC 9728) at /.well-known/oauth-protected-resource, and name it in the 401's WWW-Authenticate resource_metadata.");
  });

  const authorizationServer = strings(resourceMetadata?.authorization_servers)[0];
  let asMetadata: Json | undefined;
  await log.run("auth.serverMetadata", "Authorization server metadata (RFC 8414 / OpenID)", async () => {
    // Without resource metadata, the 2025-03-26 fallback: the MCP server's own origin is the authorization server.
    let base: URL;
    try {
      base = new URL(authorizationServer ?? url.origin);
    } catch {
      return failed(`the authorization server ${quote(authorizationServer ?? "", 200)} is not a URL`, "authorization_servers must hold URLs.");
    }
    const looked: string[] = [];
    for (const { url: place } of buildDiscoveryUrls(base)) {
      const got = await getJson(place, options.bounds);
      looked.push(`${place.href} (${got.status || "no answer"}${got.error ? `, ${got.error}` : ""})`);
      if (got.json) {
        asMetadata = got.json;
        const issuer = String(got.json.issuer ?? "");
        const mismatch = issuer.replace(/\/$/, "") !== base.href.replace(/\/$/, "");
        if (mismatch) return failed(`found at ${place.href}, but its issuer is ${quote(issuer, 200)}, not ${base.href}`, "The issuer must be the URL the metadata was discovered for (RFC 8414 §3.3); the inspector refuses it otherwise.");
        return passed(`found at ${place.href}: issuer ${quote(issuer, 200)}${got.json.registration_endpoint ? ", a registration endpoint" : ""}`);
      }
    }
    return failed(`not found${prm.status === "passed" ? "" : " (and no resource metadata named the authorization server, so the server's own origin was tried)"}; looked at ${looked.join(", ")}`, "Serve authorization server metadata at /.well-known/oauth-authorization-server (RFC 8414) or /.well-known/openid-configuration.");
  });
  if (!asMetadata) return skipFrom("auth.pkce", "no authorization server metadata");

  await log.run("auth.pkce", "PKCE with S256 offered", () => {
    const methods = strings(asMetadata!.code_challenge_methods_supported);
    if (methods.includes("S256")) return passed(`code_challenge_methods_supported: ${methods.join(", ")}`);
    return failed(methods.length ? `only ${methods.map((m) => quote(m, 30)).join(", ")}` : "no code_challenge_methods_supported in the metadata", "MCP clients must use PKCE with S256 and refuse a server that does not offer it: add \"code_challenge_methods_supported\": [\"S256\"].");
  });

  await log.run("auth.registration", "The inspector can register as a client", () => {
    const ways: string[] = [];
    if (options.oauth?.clientId) ways.push(`a pre-registered client id is set (${quote(options.oauth.clientId, 80)})`);
    if (typeof asMetadata!.registration_endpoint === "string") ways.push(`dynamic registration at ${quote(asMetadata!.registration_endpoint, 200)}`);
    if (asMetadata!.client_id_metadata_document_supported === true) ways.push(options.oauth?.clientMetadataUrl ? "client ID metadata documents (one is set)" : "client ID metadata documents (none is set: give an https URL of one)");
    if (ways.length) return passed(ways.join("; "));
    return failed("no registration_endpoint, no client ID metadata document support, and no client id set", "This authorization server takes only clients registered beforehand: register the inspector with it (redirect URI http://127.0.0.1/callback, any port) and enter its client id (and secret) in the server's OAuth settings, or --client-id on the command line.");
  });

  await log.run("auth.token", "The token held for this server", async () => {
    const held = await options.heldToken?.();
    if (!held) return skipped("no token held: the inspector will sign in on connect");
    const left = held.expiresAt !== undefined ? held.expiresAt - options.now() : undefined;
    const expiry = left === undefined ? "no expiry given" : left <= 0 ? `expired ${Math.round(-left / 60000)} min ago` : `expires in ${Math.round(left / 60000)} min`;
    const about = `a ${quote(held.tokenType ?? "Bearer", 20)} token (value not shown); ${expiry}; scopes ${held.scope ? quote(held.scope, 300) : "not stated"}; ${held.hasRefreshToken ? "a refresh token is held" : "no refresh token"}`;
    if (left !== undefined && left <= 0 && !held.hasRefreshToken) return failed(about, "The token has run out and cannot be refreshed: sign in again (Sign out, then Connect).");
    return passed(about);
  });

  await log.run("auth.dpop", "DPoP (RFC 9449) required or not", () => {
    const required = schemes.some((s) => s.toLowerCase() === "dpop") || resourceMetadata?.dpop_bound_access_tokens_required === true || asMetadata!.dpop_bound_access_tokens_required === true;
    const algs = strings(asMetadata!.dpop_signing_alg_values_supported);
    if (!required) return passed(algs.length ? `offered (${algs.join(", ")}), not required` : "not required");
    if (!algs.length) return failed("DPoP is required, but the authorization server lists no dpop_signing_alg_values_supported", "List the DPoP signing algorithms in the authorization server's metadata.");
    return passed(`required; algorithms ${algs.join(", ")} (the inspector binds its tokens to a key of its own)`);
  });
}
