// OAuth for remote servers (issue 14), over real HTTP on 127.0.0.1: a protected MCP server and its
// authorization server (test/fixtures/oauth-server.mjs), and a headless "user" that follows the
// authorization page the way a browser would (the same helper the CLI offers for auto-approving servers).
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../helpers/harness.js";
import { terminalAuthorizationOpener } from "../../main/core/auth/terminalOpener.js";
import { startLoopbackReceiver } from "../../main/core/auth/loopback.js";
import { MemoryStorage } from "../../main/core/storage.js";
import type { SecretCodec } from "../../main/core/secrets.js";
import type { InspectorCoreOptions } from "../../main/core/inspectorCore.js";
import type { AuthStep, ServerConfigInput } from "../../shared/types.js";

const FIXTURE = fileURLToPath(new URL("../fixtures/oauth-server.mjs", import.meta.url));
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill();
    await exited;
  }
});

interface FixtureState {
  registrations: Record<string, unknown>[];
  authorizeRequests: Record<string, string>[];
  tokenRequests: { as: string; grant_type: string; resource: string | null; client_id: string | null; basic: boolean }[];
  issued: { access_token: string; refresh_token: string; scope: string }[];
  pkceVerified: number;
  mcpAuthorizations: string[];
  wellKnownRequests: string[];
  /** private_key_jwt assertions the fixture verified. */
  jwtAssertions?: number;
  /** Issue 24: DPoP proofs seen, token exchanges at the IdP, jwt-bearer assertions checked. */
  dpopProofs: { where: "as" | "rs"; htm?: string; htu?: string; nonce?: string; error?: string }[];
  tokenExchanges: Record<string, string>[];
  assertions: { kind?: string; error?: string }[];
}

interface Fixture {
  url: string;
  origin: string;
  state(): Promise<FixtureState>;
  expireTokens(): Promise<void>;
  migrate(): Promise<void>;
}

function startFixture(args: string[] = []): Promise<Fixture> {
  const child = spawn(process.execPath, [FIXTURE, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening (\d+)/.exec(output)?.[1];
      if (!port) return;
      const origin = `http://127.0.0.1:${port}`;
      resolve({
        url: `${origin}/mcp`,
        origin,
        state: async () => (await (await fetch(`${origin}/__test/state`)).json()) as FixtureState,
        expireTokens: async () => void (await fetch(`${origin}/__test/expire`, { method: "POST" })),
        migrate: async () => void (await fetch(`${origin}/__test/migrate`, { method: "POST" })),
      });
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`fixture exited (${code}): ${output}`)));
  });
}

/** The browser the test user has: the CLI's headless opener, counting how often it was asked to. */
function headlessUser() {
  const opened: string[] = [];
  const follow = terminalAuthorizationOpener({ write: () => {}, headless: true });
  return {
    opened,
    open: async (url: string) => {
      opened.push(url);
      await follow(url);
    },
  };
}

function server(url: string, extra: Partial<ServerConfigInput> = {}): ServerConfigInput {
  return { name: "Protected", transport: { type: "streamableHttp", url }, ...extra };
}

function harnessWith(user: ReturnType<typeof headlessUser>, options: InspectorCoreOptions = {}): Harness {
  return createHarness({ openAuthorizationPage: user.open, authorizationTimeoutMs: 20_000, ...options });
}

function kinds(steps: AuthStep[]): string[] {
  return steps.map((s) => s.kind);
}

async function whoami(harness: Harness, sessionId: string): Promise<string> {
  const result = await harness.core.dispatch("callTool", { sessionId, name: "whoami", arguments: {} });
  return (result.content[0] as { text: string }).text;
}

describe("OAuth for remote servers", () => {
  it("discovers through WWW-Authenticate resource_metadata, registers (DCR), authorizes with PKCE S256 and the resource, then calls a tool", async () => {
    const fixture = await startFixture(["--prm=header"]);
    const user = headlessUser();
    const harness = harnessWith(user);
    const info = await harness.core.dispatch("connect", { server: server(fixture.url) });
    expect(info.state).toBe("connected");
    expect(await whoami(harness, info.sessionId)).toBe("scope: mcp");

    const state = await fixture.state();
    expect(user.opened).toHaveLength(1);
    expect(state.registrations).toHaveLength(1);
    expect(state.registrations[0]).toMatchObject({ application_type: "native", token_endpoint_auth_method: "none" });
    const authorize = state.authorizeRequests[0]!;
    expect(authorize.code_challenge_method).toBe("S256");
    expect(authorize.resource).toBe(fixture.url);
    // The challenge's scope comes first (scopes_supported is "mcp admin").
    expect(authorize.scope).toBe("mcp");
    expect(state.pkceVerified).toBe(1);
    expect(state.tokenRequests[0]).toMatchObject({ grant_type: "authorization_code", resource: fixture.url });
    // The header named the metadata: no well-known guessing for the protected resource.
    expect(state.wellKnownRequests.filter((p) => p.includes("oauth-protected-resource"))).toEqual(["/.well-known/oauth-protected-resource/mcp"]);

    const { steps } = await harness.core.dispatch("getAuthSteps", { sessionId: info.sessionId });
    expect(kinds(steps)).toEqual(expect.arrayContaining(["challenge", "discovery", "registration", "authorization", "callback", "token", "done"]));
    expect(kinds(steps).indexOf("registration")).toBeLessThan(kinds(steps).indexOf("authorization"));
    expect(steps.find((s) => s.kind === "authorization")?.authorizationUrl).toBe(user.opened[0]);
    // The steps reached the page as events too, in order.
    const streamed = harness.events.filter((e) => e.type === "authStep").map((e) => (e.payload as AuthStep).seq);
    expect(streamed).toEqual(steps.map((s) => s.seq));
  });

  it("without resource_metadata or scope in the challenge: the well-known URLs (path first, then root), the OIDC configuration, scopes_supported", async () => {
    const fixture = await startFixture(["--prm=root", "--as-metadata=oidc", "--no-challenge-scope"]);
    const user = headlessUser();
    const harness = harnessWith(user);
    const info = await harness.core.dispatch("connect", { server: server(fixture.url, { era: "2025-11-25" }) });
    // No scope in the challenge: the metadata's scopes_supported is asked for.
    expect(await whoami(harness, info.sessionId)).toBe("scope: mcp admin");
    const state = await fixture.state();
    expect(state.wellKnownRequests.slice(0, 2)).toEqual(["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]);
    expect(state.wellKnownRequests).toContain("/.well-known/openid-configuration/as");
    expect(state.pkceVerified).toBe(1);
  });

  it("uses a pre-registered client the user entered (client_id and secret): no registration, the secret sent to the token endpoint and never shown", async () => {
    const fixture = await startFixture(["--client=inspector-test:s3cret-value", "--no-dcr"]);
    const user = headlessUser();
    const harness = harnessWith(user);
    const info = await harness.core.dispatch("connect", { server: server(fixture.url, { oauth: { clientId: "inspector-test", clientSecret: "s3cret-value" } }) });
    expect(await whoami(harness, info.sessionId)).toMatch(/^scope: /);
    const state = await fixture.state();
    expect(state.registrations).toEqual([]);
    expect(state.authorizeRequests[0]!.client_id).toBe("inspector-test");
    expect(state.tokenRequests).toHaveLength(1);
    const { steps } = await harness.core.dispatch("getAuthSteps", { sessionId: info.sessionId });
    expect(JSON.stringify(steps)).not.toContain("s3cret-value");
  });

  it("[extension] client credentials: a machine client with a secret gets its token without a browser, for the resource, and calls a tool", async () => {
    const fixture = await startFixture(["--client=machine:machine-secret-77"]);
    const user = headlessUser();
    const harness = harnessWith(user);
    const info = await harness.core.dispatch("connect", {
      server: server(fixture.url, { oauth: { grant: "client_credentials", clientId: "machine", clientSecret: "machine-secret-77", scope: "mcp" } }),
    });
    expect(await whoami(harness, info.sessionId)).toBe("scope: mcp");
    const state = await fixture.state();
    expect(user.opened).toEqual([]);
    expect(state.authorizeRequests).toEqual([]);
    expect(state.tokenRequests).toEqual([{ as: "as", grant_type: "client_credentials", resource: fixture.url, client_id: null, basic: true }]);
  });

  it("[extension] client credentials with private_key_jwt (RFC 7523): the fixture verifies the signed assertion, and the key never shows", async () => {
    const fixture = await startFixture();
    const { privateKeyPem } = (await (await fetch(`${fixture.origin}/__test/jwt-key`)).json()) as { privateKeyPem: string };
    const harness = harnessWith(headlessUser());
    const info = await harness.core.dispatch("connect", {
      server: server(fixture.url, { oauth: { grant: "client_credentials", clientId: "jwt-client", privateKeyPem, signingAlgorithm: "ES256" } }),
    });
    await whoami(harness, info.sessionId);
    expect((await fixture.state()).jwtAssertions).toBe(1);
    const { steps } = await harness.core.dispatch("getAuthSteps", { sessionId: info.sessionId });
    const token = steps.find((s) => s.kind === "token")!;
    expect(token.http!.requestBody).toContain("client_assertion=[redacted]");
    expect(JSON.stringify([steps, harness.events])).not.toContain(privateKeyPem.split("\n")[1]!);
  });

  it("uses a client ID metadata document when the authorization server supports them: its URL is the client_id, nothing is registered", async () => {
    const fixture = await startFixture(["--cimd"]);
    const user = headlessUser();
    const harness = harnessWith(user);
    const cimd = "https://inspector.example.com/oauth/client.json";
    const info = await harness.core.dispatch("connect", { server: server(fixture.url, { oauth: { clientMetadataUrl: cimd } }) });
    expect(await whoami(harness, info.sessionId)).toMatch(/^scope: /);
    const state = await fixture.state();
    expect(state.registrations).toEqual([]);
    expect(state.authorizeRequests[0]!.client_id).toBe(cimd);
    expect(state.pkceVerified).toBe(1);
  });

  it("a 2026-07-28 server: the era probe (server/discover) gets the 401, signs in, and the modern session's requests carry the token", async () => {
    const fixture = await startFixture(["--modern"]);
    const user = headlessUser();
    const harness = harnessWith(user);
    const info = await harness.core.dispatch("connect", { server: server(fixture.url) });
    expect(info.era).toBe("modern");
    const result = await harness.core.dispatch("callTool", { sessionId: info.sessionId, name: "echo", arguments: { text: "hi" } });
    expect(result.content).toEqual([{ type: "text", text: "hi" }]);
    const state = await fixture.state();
    expect(user.opened).toHaveLength(1);
    expect(state.mcpAuthorizations[0]).toBe("none");
    expect(state.mcpAuthorizations.slice(1).every((a) => a === "Bearer")).toBe(true);
  });

  it("signs in for an HTTP+SSE server too: the opening GET gets the 401, and the message POSTs carry the token", async () => {
    const fixture = await startFixture();
    const user = headlessUser();
    const harness = harnessWith(user);
    const info = await harness.core.dispatch("connect", { server: { name: "SSE", transport: { type: "sse", url: `${fixture.origin}/sse` } } });
    expect(await whoami(harness, info.sessionId)).toBe("scope: mcp");
    const state = await fixture.state();
    expect(user.opened).toHaveLength(1);
    expect(state.pkceVerified).toBe(1);
    expect(state.mcpAuthorizations[0]).toBe("none");
    expect(state.mcpAuthorizations.slice(1).every((a) => a === "Bearer")).toBe(true);
  });

  it("steps up on 403 insufficient_scope: authorizes again with the scope asked before plus the one the server named (SEP-2350), then the call goes through", async () => {
    const fixture = await startFixture(["--scopes=mcp"]);
    const user = headlessUser();
    const harness = harnessWith(user);
    const info = await harness.core.dispatch("connect", { server: server(fixture.url) });
    expect(await whoami(harness, info.sessionId)).toBe("scope: mcp");
    const result = await harness.core.dispatch("callTool", { sessionId: info.sessionId, name: "admin", arguments: {} });
    expect((result.content[0] as { text: string }).text).toBe("admin done");
    const state = await fixture.state();
    expect(user.opened).toHaveLength(2);
    expect(state.authorizeRequests.map((r) => r.scope)).toEqual(["mcp", "mcp admin"]);
    expect(await whoami(harness, info.sessionId)).toBe("scope: mcp admin");
  });

  it("refreshes an access token the server no longer accepts, without asking the user again", async () => {
    const fixture = await startFixture();
    const user = headlessUser();
    const harness = harnessWith(user);
    const info = await harness.core.dispatch("connect", { server: server(fixture.url) });
    await whoami(harness, info.sessionId);
    await fixture.expireTokens();
    expect(await whoami(harness, info.sessionId)).toMatch(/^scope: /);
    const state = await fixture.state();
    expect(state.tokenRequests.map((r) => r.grant_type)).toEqual(["authorization_code", "refresh_token"]);
    expect(state.tokenRequests[1]!.resource).toBe(fixture.url);
    expect(user.opened).toHaveLength(1);
    const { steps } = await harness.core.dispatch("getAuthSteps", { sessionId: info.sessionId });
    expect(kinds(steps)).toContain("refresh");
  });

  it("SEP-2352: when the resource moves to another authorization server, discovery runs again, the client registers there, and nothing of the old server's (client id, refresh token) is presented to it", async () => {
    const fixture = await startFixture();
    const user = headlessUser();
    const harness = harnessWith(user);
    const info = await harness.core.dispatch("connect", { server: server(fixture.url) });
    await whoami(harness, info.sessionId);
    const oldClient = (await fixture.state()).authorizeRequests[0]!.client_id;
    await fixture.migrate();
    expect(await whoami(harness, info.sessionId)).toMatch(/^scope: /);
    const state = await fixture.state();
    expect(state.registrations.map((r) => r.as)).toEqual(["as", "as2"]);
    const second = state.authorizeRequests[1]!;
    expect(second.as).toBe("as2");
    expect(second.client_id).not.toBe(oldClient);
    expect(state.tokenRequests.map((r) => `${r.as}:${r.grant_type}`)).toEqual(["as:authorization_code", "as2:authorization_code"]);
    expect(user.opened).toHaveLength(2);
  });

  it("refreshes before the request once expires_in has run out (the clock says so), so the server never sees the stale token", async () => {
    const fixture = await startFixture();
    const user = headlessUser();
    let now = Date.now();
    const harness = harnessWith(user, { ports: { ...(await import("../../main/core/ports.js")).systemPorts, clock: { now: () => now } } });
    const info = await harness.core.dispatch("connect", { server: server(fixture.url) });
    await whoami(harness, info.sessionId);
    const before = (await fixture.state()).mcpAuthorizations.length;
    now += 3601_000;
    await whoami(harness, info.sessionId);
    const state = await fixture.state();
    expect(state.tokenRequests.map((r) => r.grant_type)).toEqual(["authorization_code", "refresh_token"]);
    // The call after the refresh went out once, with the new token: no 401 first.
    expect(state.mcpAuthorizations.slice(before)).toEqual(["Bearer"]);
  });

  it("RFC 9207: refuses an authorization response whose iss is not the recorded issuer, and never redeems its code", async () => {
    const fixture = await startFixture(["--iss=wrong"]);
    const user = headlessUser();
    const harness = harnessWith(user);
    await expect(harness.core.dispatch("connect", { server: server(fixture.url) })).rejects.toThrow(/issuer http:\/\/evil\.example\/as.*RFC 9207/);
    const state = await fixture.state();
    expect(state.tokenRequests).toEqual([]);
    const session = (await harness.core.dispatch("listSessions", {}))[0]!;
    const { steps } = await harness.core.dispatch("getAuthSteps", { sessionId: session.sessionId });
    expect(steps.at(-1)).toMatchObject({ kind: "error" });
  });

  it("RFC 9207: compares iss as a string, so the issuer with a trailing slash is refused too", async () => {
    const fixture = await startFixture(["--iss=normalized"]);
    const harness = harnessWith(headlessUser());
    await expect(harness.core.dispatch("connect", { server: server(fixture.url) })).rejects.toThrow(/RFC 9207/);
    expect((await fixture.state()).tokenRequests).toEqual([]);
  });

  it("SEP-2207: asks for offline_access when the authorization server lists it (and only then: the first test's scope is plain mcp)", async () => {
    const fixture = await startFixture(["--offline-access"]);
    const harness = harnessWith(headlessUser());
    const info = await harness.core.dispatch("connect", { server: server(fixture.url) });
    expect(await whoami(harness, info.sessionId)).toBe("scope: mcp offline_access");
    expect((await fixture.state()).authorizeRequests[0]!.scope).toBe("mcp offline_access");
  });

  it("hostile: a server that keeps answering 403 insufficient_scope gets one step-up for that challenge, then the refusal", async () => {
    const fixture = await startFixture(["--hostile=always-403"]);
    const user = headlessUser();
    const harness = harnessWith(user);
    const info = await harness.core.dispatch("connect", { server: server(fixture.url) });
    await expect(harness.core.dispatch("callTool", { sessionId: info.sessionId, name: "admin", arguments: {} })).rejects.toThrow(/insufficient_scope/);
    await expect(harness.core.dispatch("callTool", { sessionId: info.sessionId, name: "admin", arguments: {} })).rejects.toThrow(/insufficient_scope/);
    expect(user.opened).toHaveLength(2);
  });

  it("a user who never approves: the sign-in gives up when the approval time-out fires (on the core's timers), and the loopback listener is gone", async () => {
    const fixture = await startFixture();
    const { systemPorts } = await import("../../main/core/ports.js");
    let expire: (() => void) | undefined;
    const timers = {
      ...systemPorts.timers,
      // Only the approval time-out is held back; every other timer of the core runs as usual.
      setTimeout: (fn: () => void, ms: number) => (ms === 123_000 ? ((expire = fn), { unref() {} }) : systemPorts.timers.setTimeout(fn, ms)),
    };
    const harness = createHarness({ openAuthorizationPage: async () => {}, authorizationTimeoutMs: 123_000, ports: { ...systemPorts, timers } });
    const connecting = harness.core.dispatch("connect", { server: server(fixture.url) });
    const waiting = await harness.waitFor("authStep", (s) => s.kind === "authorization");
    expect(expire).toBeDefined();
    expire!();
    await expect(connecting).rejects.toThrow(/no authorization response came back within 123 s/);
    const redirect = new URL(waiting.authorizationUrl!).searchParams.get("redirect_uri")!;
    await expect(fetch(`${redirect}?code=late&state=x`)).rejects.toThrow();
    expect((await fixture.state()).tokenRequests).toEqual([]);
  });

  it("a user who declines to open the authorization page ends the sign-in at once (no wait for the time-out), and the reason says so", async () => {
    const fixture = await startFixture();
    const harness = createHarness({
      openAuthorizationPage: async () => {
        throw new Error("You declined to open the authorization page, so the sign-in was stopped");
      },
      authorizationTimeoutMs: 600_000,
    });
    await expect(harness.core.dispatch("connect", { server: server(fixture.url) })).rejects.toThrow(/declined to open the authorization page/);
    expect((await fixture.state()).tokenRequests).toEqual([]);
  });

  it("refuses an authorization server that does not advertise PKCE S256", async () => {
    const fixture = await startFixture(["--no-pkce"]);
    const user = headlessUser();
    const harness = harnessWith(user);
    await expect(harness.core.dispatch("connect", { server: server(fixture.url) })).rejects.toThrow(/does not advertise PKCE S256/);
    expect(user.opened).toEqual([]);
  });

  it("keeps tokens per server across restarts (sealed with the secrets codec), and clearAuthTokens signs out", async () => {
    const fixture = await startFixture();
    const storage = new MemoryStorage();
    const codec: SecretCodec = {
      available: true,
      description: "test keychain",
      encrypt: (plain) => Buffer.from(plain).toString("base64"),
      decrypt: (cipher) => Buffer.from(cipher, "base64").toString(),
    };
    const user = headlessUser();
    const first = harnessWith(user, { storage, secrets: codec });
    const one = await first.core.dispatch("connect", { server: server(fixture.url) });
    await whoami(first, one.sessionId);
    await first.core.shutdown();
    const issued = (await fixture.state()).issued[0]!;
    const onDisk = storage.data.get("oauth")!;
    expect(onDisk).toContain("$encrypted");
    expect(onDisk).not.toContain(issued.access_token);

    // A restart: the kept token is used, nobody is asked.
    const second = harnessWith(user, { storage, secrets: codec });
    const two = await second.core.dispatch("connect", { server: server(fixture.url) });
    await whoami(second, two.sessionId);
    expect(user.opened).toHaveLength(1);
    await second.core.shutdown();

    const third = harnessWith(user, { storage, secrets: codec });
    expect(await third.core.dispatch("clearAuthTokens", { url: fixture.url })).toEqual({ cleared: true });
    expect(await third.core.dispatch("clearAuthTokens", { url: fixture.url })).toEqual({ cleared: false });
    const three = await third.core.dispatch("connect", { server: server(fixture.url) });
    await whoami(third, three.sessionId);
    expect(user.opened).toHaveLength(2);
  });

  it("a saved entry's pre-registered client secret is sealed on disk like a header value, and opened again on load", async () => {
    const storage = new MemoryStorage();
    const codec: SecretCodec = {
      available: true,
      description: "test keychain",
      encrypt: (plain) => Buffer.from(plain).toString("base64"),
      decrypt: (cipher) => Buffer.from(cipher, "base64").toString(),
    };
    const first = createHarness({ storage, secrets: codec });
    const saved = await first.core.dispatch("saveServer", { server: server("https://mcp.example.com/mcp", { oauth: { clientId: "pre", clientSecret: "entered-secret-42" } }) });
    expect(storage.data.get("servers")).not.toContain("entered-secret-42");
    expect(storage.data.get("servers")).toContain(Buffer.from("entered-secret-42").toString("base64"));
    const second = createHarness({ storage, secrets: codec });
    const [entry] = (await second.core.dispatch("listServers", {})).filter((s) => s.id === saved.id);
    expect(entry!.oauth).toEqual({ clientId: "pre", clientSecret: "entered-secret-42" });
  });

  it("never shows a token, code, verifier or secret: not in the auth steps, the message log, stderr or any event", async () => {
    const fixture = await startFixture(["--client=confidential:very-secret-1234", "--no-dcr"]);
    const user = headlessUser();
    const harness = harnessWith(user);
    const info = await harness.core.dispatch("connect", { server: server(fixture.url, { oauth: { clientId: "confidential", clientSecret: "very-secret-1234" } }) });
    await whoami(harness, info.sessionId);
    await fixture.expireTokens();
    await whoami(harness, info.sessionId);
    const state = await fixture.state();
    const secrets = [...state.issued.flatMap((t) => [t.access_token, t.refresh_token]), "very-secret-1234"];
    expect(secrets.length).toBe(5);
    const { steps } = await harness.core.dispatch("getAuthSteps", { sessionId: info.sessionId });
    const everything = JSON.stringify([steps, await harness.core.dispatch("getLog", { sessionId: info.sessionId }), harness.events]);
    for (const secret of secrets) expect(everything).not.toContain(secret);
    // The token request's code and verifier were sent (the fixture verified PKCE) but show as redacted.
    const token = steps.find((s) => s.kind === "token" && s.http?.requestBody)!;
    expect(token.http!.requestBody).toMatch(/code=\[redacted\].*code_verifier=\[redacted\]|code_verifier=\[redacted\].*code=\[redacted\]/);
    expect(token.http!.responseBody).toContain('"access_token":"[redacted]"');
  });

  it("hostile: a server that refuses every token gets one sign-in per request, never a loop, and the connect fails saying why", async () => {
    const fixture = await startFixture(["--hostile=always-401"]);
    const user = headlessUser();
    const harness = harnessWith(user);
    await expect(harness.core.dispatch("connect", { server: server(fixture.url) })).rejects.toThrow(/HTTP 401/);
    expect(user.opened).toHaveLength(1);
    const state = await fixture.state();
    // The probe, its one retry with the new token; nothing more.
    expect(state.mcpAuthorizations).toEqual(["none", "Bearer"]);
  });

  it("hostile: an authorization_endpoint that is not http(s) (javascript:) is refused before anything is opened", async () => {
    const fixture = await startFixture(["--hostile=js-endpoint"]);
    const user = headlessUser();
    const harness = harnessWith(user);
    await expect(harness.core.dispatch("connect", { server: server(fixture.url) })).rejects.toThrow(
      /authorization failed: authorization_endpoint: URL cannot use javascript:, data:, or vbscript: scheme/,
    );
    expect(user.opened).toEqual([]);
    expect((await fixture.state()).registrations).toEqual([]);
  });

  it("hostile: protected resource metadata that never ends is read to a bound, and the flow fails instead of hanging", async () => {
    const fixture = await startFixture(["--hostile=endless-prm"]);
    const user = headlessUser();
    const harness = harnessWith(user);
    await expect(harness.core.dispatch("connect", { server: server(fixture.url) })).rejects.toThrow(/Could not connect/);
    expect(user.opened).toEqual([]);
    const session = (await harness.core.dispatch("listSessions", {}))[0]!;
    const { steps } = await harness.core.dispatch("getAuthSteps", { sessionId: session.sessionId });
    const prm = steps.find((s) => s.http?.url.includes("oauth-protected-resource"))!;
    expect(prm.http!.responseBody!.length).toBeLessThan(10_000);
    expect(steps.at(-1)!.kind).toBe("error");
  });

  it("hostile: a server that quotes the bearer token (and a key the user typed as a header) back in an error body has them redacted in the error, stderr and the log", async () => {
    const fixture = await startFixture(["--hostile=echo-token"]);
    const user = headlessUser();
    const harness = harnessWith(user);
    const info = await harness.core.dispatch("connect", { server: { name: "Echo", transport: { type: "streamableHttp", url: fixture.url, headers: { "X-Api-Key": "static-key-98765" } } } });
    const failure = await harness.core.dispatch("callTool", { sessionId: info.sessionId, name: "echo-auth", arguments: {} }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failure).toContain("Bearer [redacted]");
    expect(failure).toContain("x-api-key: [redacted]");
    expect(failure).not.toContain("static-key-98765");
    const token = (await fixture.state()).issued[0]!.access_token;
    expect(failure).not.toContain(token);
    const everything = JSON.stringify([await harness.core.dispatch("getLog", { sessionId: info.sessionId }), harness.events]);
    expect(everything).not.toContain(token);
  });

  it("the loopback receiver refuses a response with another state and keeps waiting for the right one", async () => {
    const receiver = await startLoopbackReceiver();
    const answer = receiver.wait("right-state", 10_000);
    const wrong = await fetch(`${receiver.redirectUrl}?code=forged&state=wrong-state`);
    expect(wrong.status).toBe(400);
    const right = await fetch(`${receiver.redirectUrl}?code=real&state=right-state&iss=http%3A%2F%2Fas`);
    expect(right.status).toBe(200);
    await expect(answer).resolves.toEqual({ code: "real", iss: "http://as" });
    // One-shot: the listener is gone.
    await expect(fetch(`${receiver.redirectUrl}?code=again&state=right-state`)).rejects.toThrow();
  });

  it("the loopback receiver gives up after its time-out", async () => {
    const receiver = await startLoopbackReceiver();
    await expect(receiver.wait("s", 50)).rejects.toThrow(/no authorization response came back/);
  });
});

const testKeychain = (): SecretCodec => ({
  available: true,
  description: "test keychain",
  encrypt: (plain) => Buffer.from(plain).toString("base64"),
  decrypt: (cipher) => Buffer.from(cipher, "base64").toString(),
});

async function fixtureJwt(fixture: Fixture, path: string): Promise<string> {
  const body = (await (await fetch(`${fixture.origin}${path}`)).json()) as { jwt?: string; idToken?: string };
  return body.jwt ?? body.idToken!;
}

describe("OAuth extensions (issue 24): DPoP, workload identity, enterprise-managed authorization", () => {
  it("[extension] SEP-1932 DPoP (RFC 9449): the DPoP challenge makes a key, the token request carries a proof, the bound token goes out as `DPoP` with a fresh proof on every request, and the key is sealed with the tokens", async () => {
    const fixture = await startFixture(["--dpop"]);
    const storage = new MemoryStorage();
    const user = headlessUser();
    const harness = harnessWith(user, { storage, secrets: testKeychain() });
    const info = await harness.core.dispatch("connect", { server: server(fixture.url) });
    expect(await whoami(harness, info.sessionId)).toBe("scope: mcp");
    await whoami(harness, info.sessionId);
    const state = await fixture.state();
    // Every proof the fixture checked was good: the right method and URL, a jti never seen, ath, the token's key.
    expect(state.dpopProofs.filter((p) => p.error)).toEqual([]);
    expect(state.dpopProofs.filter((p) => p.where === "as")).toEqual([{ where: "as", htm: "POST", htu: `${fixture.origin}/as/token` }]);
    expect(state.dpopProofs.filter((p) => p.where === "rs").length).toBeGreaterThanOrEqual(3);
    expect(state.mcpAuthorizations[0]).toBe("none");
    expect(new Set(state.mcpAuthorizations.slice(1))).toEqual(new Set(["DPoP"]));

    // The key pair is kept in the server's sealed record, never in the clear.
    const onDisk = storage.data.get("oauth")!;
    expect(onDisk).toContain("$encrypted");
    expect(onDisk).not.toContain('"privateJwk"');
    expect(Buffer.from(/"\$encrypted":"([^"]+)"/.exec(onDisk)![1]!, "base64").toString()).toContain('"dpopKey"');

    // The Authorization panel shows each proof's claims (the token request's, then the first resource request's).
    const { steps } = await harness.core.dispatch("getAuthSteps", { sessionId: info.sessionId });
    const proofs = steps.filter((s) => s.kind === "dpop");
    expect(proofs.length).toBeGreaterThanOrEqual(2);
    const shown = JSON.parse(proofs[0]!.proof!) as { header: { typ: string; alg: string; jwk: Record<string, string> }; claims: Record<string, unknown> };
    expect(shown.header).toMatchObject({ typ: "dpop+jwt", alg: "ES256", jwk: { kty: "EC", crv: "P-256" } });
    expect(shown.header.jwk).not.toHaveProperty("x");
    expect(shown.claims).toMatchObject({ htm: "POST", htu: `${fixture.origin}/as/token` });
    expect(JSON.parse(proofs[1]!.proof!).claims).toHaveProperty("ath");
    await harness.core.shutdown();

    // A restart: the kept token and key are used, nobody is asked, the proofs still verify.
    const again = harnessWith(user, { storage, secrets: testKeychain() });
    const two = await again.core.dispatch("connect", { server: server(fixture.url) });
    expect(await whoami(again, two.sessionId)).toBe("scope: mcp");
    expect(user.opened).toHaveLength(1);
    expect((await fixture.state()).dpopProofs.filter((p) => p.error)).toEqual([]);
  });

  it("[extension] SEP-1932 nonces (RFC 9449 §8, §9): the token endpoint's 400 use_dpop_nonce and the server's 401 use_dpop_nonce are each answered once with a proof carrying their nonce", async () => {
    const fixture = await startFixture(["--dpop", "--dpop-nonce"]);
    const harness = harnessWith(headlessUser());
    const info = await harness.core.dispatch("connect", { server: server(fixture.url) });
    expect(await whoami(harness, info.sessionId)).toBe("scope: mcp");
    const state = await fixture.state();
    const atTokenEndpoint = state.dpopProofs.filter((p) => p.where === "as");
    expect(atTokenEndpoint.map((p) => [p.nonce, p.error])).toEqual([
      [undefined, "use_dpop_nonce"],
      ["as-nonce-1", undefined],
    ]);
    const atServer = state.dpopProofs.filter((p) => p.where === "rs");
    expect(atServer[0]).toMatchObject({ error: "use_dpop_nonce" });
    expect(atServer[0]!.nonce).toBeUndefined();
    expect(atServer[1]).toMatchObject({ nonce: expect.stringMatching(/^rs-nonce-/) });
    expect(atServer[1]!.error).toBeUndefined();
    // Later requests carry the nonce the server gave: no new round of use_dpop_nonce.
    expect(atServer.slice(1).filter((p) => p.error)).toEqual([]);
    const { steps } = await harness.core.dispatch("getAuthSteps", { sessionId: info.sessionId });
    expect(steps.filter((s) => s.kind === "dpop").map((s) => s.summary)).toEqual(expect.arrayContaining([expect.stringContaining("with the nonce the authorization server asked for"), expect.stringContaining("with the nonce the server asked for")]));
  });

  it("hostile RFC 9449 §9: a server that takes no nonce (each is 'already used') gets one retry per request, and the request fails saying so instead of looping", async () => {
    const fixture = await startFixture(["--hostile=stale-nonce"]);
    // (its authorization server wants nonces too, and takes them)
    const user = headlessUser();
    const harness = harnessWith(user);
    await expect(harness.core.dispatch("connect", { server: server(fixture.url) })).rejects.toThrow(/asked for a new DPoP nonce again right after the proof with its nonce/);
    const state = await fixture.state();
    expect(user.opened).toHaveLength(1);
    expect(state.dpopProofs.filter((p) => p.where === "as")).toHaveLength(2);
    // The probe's request and its one retry with the nonce; nothing more.
    expect(state.dpopProofs.filter((p) => p.where === "rs").map((p) => p.error)).toEqual(["use_dpop_nonce", "use_dpop_nonce"]);
  });

  it("hostile RFC 9449 §7.1: a server that refuses every proof as made for another URL (invalid_dpop_proof) is not signed in to again; the error names its reason", async () => {
    const fixture = await startFixture(["--hostile=dpop-wrong-url"]);
    const user = headlessUser();
    const harness = harnessWith(user);
    await expect(harness.core.dispatch("connect", { server: server(fixture.url) })).rejects.toThrow(/refused the DPoP proof \(invalid_dpop_proof: the proof is for another URL/);
    expect(user.opened).toHaveLength(1);
    expect((await fixture.state()).tokenRequests).toHaveLength(1);
  });

  it("hostile RFC 9449 §5: an authorization server that answers the proof with a plain Bearer token: the panel says the token is not bound, it goes out as Bearer, and the server's refusal ends the connect after one sign-in", async () => {
    const fixture = await startFixture(["--hostile=unbound-token"]);
    const user = headlessUser();
    const harness = harnessWith(user);
    await expect(harness.core.dispatch("connect", { server: server(fixture.url) })).rejects.toThrow(/HTTP 401/);
    expect(user.opened).toHaveLength(1);
    const state = await fixture.state();
    expect(state.mcpAuthorizations).toEqual(["none", "Bearer"]);
    const session = (await harness.core.dispatch("listSessions", {}))[0]!;
    const { steps } = await harness.core.dispatch("getAuthSteps", { sessionId: session.sessionId });
    expect(steps.map((s) => s.summary)).toContainEqual(expect.stringMatching(/answered the DPoP proof with token_type Bearer: the token is not bound to the key/));
  });

  it("--no-dpop (dpop: false): a server that wants DPoP-bound tokens gets a Bearer token and refuses it, once", async () => {
    const fixture = await startFixture(["--dpop"]);
    const harness = harnessWith(headlessUser());
    await expect(harness.core.dispatch("connect", { server: server(fixture.url, { oauth: { dpop: false } }) })).rejects.toThrow(/HTTP 401/);
    const state = await fixture.state();
    expect(state.dpopProofs).toEqual([]);
    expect(state.mcpAuthorizations).toContain("Bearer");
  });

  it("[extension] SEP-1933 workload identity: the workload's JWT is the jwt-bearer grant's assertion, no browser, no registration, and it never shows", async () => {
    const fixture = await startFixture();
    const jwt = await fixtureJwt(fixture, "/__test/workload-jwt");
    const user = headlessUser();
    const harness = harnessWith(user);
    const info = await harness.core.dispatch("connect", { server: server(fixture.url, { oauth: { grant: "jwt_bearer", clientId: "workload-client", assertion: jwt, scope: "mcp" } }) });
    expect(await whoami(harness, info.sessionId)).toBe("scope: mcp");
    const state = await fixture.state();
    expect(user.opened).toEqual([]);
    expect(state.registrations).toEqual([]);
    expect(state.tokenRequests).toEqual([{ as: "as", grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", resource: fixture.url, client_id: "workload-client", basic: false }]);
    expect(state.assertions).toEqual([{ kind: "workload" }]);
    const { steps } = await harness.core.dispatch("getAuthSteps", { sessionId: info.sessionId });
    expect(steps.find((s) => s.kind === "token")!.http!.requestBody).toContain("assertion=[redacted]");
    expect(JSON.stringify([steps, harness.events])).not.toContain(jwt);
  });

  it("hostile SEP-1933: an expired workload JWT is refused (invalid_grant) and not sent again; the error says why", async () => {
    const fixture = await startFixture();
    const jwt = await fixtureJwt(fixture, "/__test/workload-jwt?expired=1");
    const harness = harnessWith(headlessUser());
    await expect(
      harness.core.dispatch("connect", { server: server(fixture.url, { oauth: { grant: "jwt_bearer", clientId: "workload-client", assertion: jwt } }) }),
    ).rejects.toThrow(/refused the workload's JWT \(invalid_grant: the assertion has expired\); a refused assertion is not sent again/);
    const state = await fixture.state();
    expect(state.assertions).toEqual([{ kind: "workload", error: "expired" }]);
    expect(state.tokenRequests).toHaveLength(1);
  });

  it("[extension] SEP-990 enterprise-managed authorization: the ID token is exchanged at the IdP for an ID-JAG (audience the issuer, resource the server), which the jwt-bearer grant presents with the client's secret", async () => {
    const fixture = await startFixture();
    const idToken = await fixtureJwt(fixture, "/__test/id-token");
    const user = headlessUser();
    const harness = harnessWith(user);
    const oauth = { grant: "id_jag" as const, clientId: "ema-client", clientSecret: "ema-secret-31", assertion: idToken, idpTokenEndpoint: `${fixture.origin}/idp/token`, idpClientId: "idp-client", idpClientSecret: "idp-secret-77" };
    const info = await harness.core.dispatch("connect", { server: server(fixture.url, { oauth }) });
    expect(await whoami(harness, info.sessionId)).toMatch(/^scope: /);
    const state = await fixture.state();
    expect(user.opened).toEqual([]);
    expect(state.tokenExchanges).toEqual([
      {
        grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
        requested_token_type: "urn:ietf:params:oauth:token-type:id-jag",
        audience: `${fixture.origin}/as`,
        resource: fixture.url,
        subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
      },
    ]);
    expect(state.assertions).toEqual([{ kind: "id-jag" }]);
    expect(state.tokenRequests).toEqual([{ as: "as", grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", resource: fixture.url, client_id: null, basic: true }]);
    const { steps } = await harness.core.dispatch("getAuthSteps", { sessionId: info.sessionId });
    const exchange = steps.find((s) => s.http?.url.endsWith("/idp/token"))!;
    expect(exchange.http!.requestBody).toContain("subject_token=[redacted]");
    expect(exchange.http!.requestHeaders!.authorization).toBe("Basic [redacted]");
    expect(exchange.http!.responseBody).toContain('"access_token":"[redacted]"');
    expect(JSON.stringify([steps, harness.events])).not.toMatch(new RegExp([idToken, "idp-secret-77", "ema-secret-31"].join("|")));
  });

  it("hostile SEP-990: an IdP that answers its token exchange with an HTML page fails the sign-in saying so, and nothing is sent to the authorization server", async () => {
    const fixture = await startFixture(["--hostile=idp-garbage"]);
    const idToken = await fixtureJwt(fixture, "/__test/id-token");
    const harness = harnessWith(headlessUser());
    const oauth = { grant: "id_jag" as const, clientId: "ema-client", clientSecret: "ema-secret-31", assertion: idToken, idpTokenEndpoint: `${fixture.origin}/idp/token` };
    await expect(harness.core.dispatch("connect", { server: server(fixture.url, { oauth }) })).rejects.toThrow(/identity provider's token exchange at .*\/idp\/token did not answer with a JSON object/);
    const state = await fixture.state();
    expect(state.tokenExchanges).toHaveLength(1);
    expect(state.tokenRequests).toEqual([]);
  });

  it("hostile SEP-990: an IdP that starts its answer and never ends it is given up after the request time-out; the connect fails instead of hanging", async () => {
    const fixture = await startFixture(["--hostile=idp-silent"]);
    const idToken = await fixtureJwt(fixture, "/__test/id-token");
    const harness = createHarness({ openAuthorizationPage: headlessUser().open, settings: { requestTimeoutMs: 1500 } });
    const oauth = { grant: "id_jag" as const, clientId: "ema-client", clientSecret: "ema-secret-31", assertion: idToken, idpTokenEndpoint: `${fixture.origin}/idp/token` };
    await expect(harness.core.dispatch("connect", { server: server(fixture.url, { oauth }) })).rejects.toThrow(/authorization failed: POST http:\/\/127\.0\.0\.1:\d+\/idp\/token gave no complete answer within 1500 ms/);
    const state = await fixture.state();
    expect(state.tokenExchanges).toHaveLength(1);
    expect(state.tokenRequests).toEqual([]);
  });

  it("a saved entry's workload JWT and IdP client secret are sealed on disk like the client secret", async () => {
    const storage = new MemoryStorage();
    const first = createHarness({ storage, secrets: testKeychain() });
    const oauth = { grant: "id_jag" as const, clientId: "c", assertion: "aaa.bbb.ccc", idpTokenEndpoint: "https://idp.example.com/token", idpClientId: "i", idpClientSecret: "idp-secret-55" };
    const saved = await first.core.dispatch("saveServer", { server: server("https://mcp.example.com/mcp", { oauth }) });
    expect(storage.data.get("servers")).not.toContain("idp-secret-55");
    expect(storage.data.get("servers")).not.toContain("aaa.bbb.ccc");
    const second = createHarness({ storage, secrets: testKeychain() });
    const [entry] = (await second.core.dispatch("listServers", {})).filter((s) => s.id === saved.id);
    expect(entry!.oauth).toEqual(oauth);
  });
});
