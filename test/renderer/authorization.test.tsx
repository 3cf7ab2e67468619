// @vitest-environment happy-dom
// Issue 14: the Authorization panel shows each step of a session's flow as it happens, with what was
// sent and received; the authorization page is a confirmed link; "Sign out / clear tokens" on an HTTP
// entry; the editor's OAuth fields reach saveServer.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { AuthStep, SavedServer } from "../../shared/types.js";
import { createFakeBridge, EVERYTHING_DEMO } from "./fakeBridge.js";
import { session } from "./fixtures.js";
import { chooseServerAction, renderApp } from "./renderApp.js";
import { createInspectorStore } from "../../renderer/src/store/inspectorStore.js";

const REMOTE: SavedServer = {
  id: "remote",
  name: "Remote",
  era: "auto",
  transport: { type: "streamableHttp", url: "https://mcp.example.com/mcp", headers: {} },
  features: EVERYTHING_DEMO.features,
};

function step(seq: number, kind: AuthStep["kind"], summary: string, extra: Partial<AuthStep> = {}): AuthStep {
  return { sessionId: "s1", seq, at: Date.UTC(2026, 10, 25, 7, 0, seq), kind, summary, ...extra };
}

async function connectedRemote() {
  const bridge = createFakeBridge();
  bridge.handle("listServers", () => [EVERYTHING_DEMO, REMOTE]);
  await renderApp({ sessions: [session({ sessionId: "s1", serverName: "Remote", serverId: "remote", state: "connecting" })] }, bridge);
  return { bridge, entry: screen.getByRole("group", { name: "Remote" }) };
}

/** The server editor open on a new Streamable HTTP entry named `name`, its Save answered as saved. */
async function addRemoteServer(name: string) {
  const user = userEvent.setup();
  const bridge = createFakeBridge();
  bridge.handle("saveServer", ({ server }) => ({ ...REMOTE, ...server, id: "new" }) as SavedServer);
  await renderApp({}, bridge);
  await user.click(screen.getByRole("button", { name: "Add server" }));
  const form = screen.getByRole("form", { name: "Add server" });
  await user.type(within(form).getByLabelText("Name"), name);
  await user.selectOptions(within(form).getByLabelText("Transport"), "streamableHttp");
  await user.type(within(form).getByLabelText("URL"), "https://mcp.example.com/mcp");
  return { user, bridge, form };
}

describe("Authorization panel", () => {
  it("shows each step as its event arrives, in order, with the exchange sent and received; the page to approve is a confirmed link until the flow goes on", async () => {
    const user = userEvent.setup();
    const { bridge, entry } = await connectedRemote();
    expect(within(entry).queryByText(/^Authorization \(/)).toBeNull();

    bridge.emit(
      { type: "authStep", payload: step(1, "challenge", "POST https://mcp.example.com/mcp answered HTTP 401: authorization needed") },
      {
        type: "authStep",
        payload: step(2, "discovery", "GET https://mcp.example.com/.well-known/oauth-protected-resource/mcp → HTTP 200", {
          http: { method: "GET", url: "https://mcp.example.com/.well-known/oauth-protected-resource/mcp", status: 200, responseBody: '{"resource":"https://mcp.example.com/mcp"}' },
        }),
      },
      { type: "authStep", payload: step(3, "authorization", "Authorization page to approve in the browser", { authorizationUrl: "https://as.example.com/authorize?state=xyz" }) },
    );
    const list = within(entry).getByRole("list", { name: "Authorization steps of Remote" });
    expect(within(list).getAllByRole("listitem").map((li) => li.querySelector("strong")?.textContent)).toEqual(["Challenge", "Discovery", "Authorization"]);
    expect(within(entry).getByText(/Authorization \(3 steps, waiting for you\)/)).toBeTruthy();
    expect(within(entry).getByLabelText("Exchange of step 2").textContent).toContain('HTTP 200\n\n{"resource":"https://mcp.example.com/mcp"}');
    expect(within(entry).getByLabelText("Authorization request of step 3").textContent).toBe("GET https://as.example.com/authorize\n  state = xyz");

    // The page is the server's choice: shown as text, opened only after a confirmation.
    await user.click(within(entry).getByRole("button", { name: "Open URL…" }));
    expect(bridge.callsOf("openExternal")).toEqual([]);
    bridge.handle("openExternal", () => ({ ok: true }));
    const dialog = within(entry).getByRole("alertdialog", { name: "Open this link?" });
    await user.click(within(dialog).getAllByRole("button").find((b) => /open/i.test(b.textContent ?? ""))!);
    expect(bridge.callsOf("openExternal")).toEqual([{ url: "https://as.example.com/authorize?state=xyz" }]);

    bridge.emit(
      { type: "authStep", payload: step(4, "token", "POST https://as.example.com/token → HTTP 200", { http: { method: "POST", url: "https://as.example.com/token", requestBody: "grant_type=authorization_code&code=[redacted]", status: 200 } }) },
      { type: "authStep", payload: step(5, "done", "Authorized") },
    );
    expect(within(entry).getByText(/Authorization \(5 steps, authorized\)/)).toBeTruthy();
    expect(within(entry).queryByRole("button", { name: "Open URL…" })).toBeNull();
    expect(within(entry).getByLabelText("Exchange of step 4").textContent).toContain("code=[redacted]");
  });

  it("issue 24: a DPoP proof step shows the proof's header and claims as the core decoded them, as text", async () => {
    const { bridge, entry } = await connectedRemote();
    const proof = JSON.stringify({ header: { alg: "ES256", typ: "dpop+jwt", jwk: { kty: "EC", crv: "P-256" } }, claims: { htm: "POST", htu: "https://as.example.com/token", jti: "j1", iat: 1795000000, nonce: "<img src=x>" } }, null, 2);
    bridge.emit({ type: "authStep", payload: step(1, "dpop", "DPoP proof for the token request to https://as.example.com/token (RFC 9449 §5)", { proof }) });
    const item = within(entry).getAllByRole("listitem")[0]!;
    expect(item.querySelector("strong")?.textContent).toBe("DPoP proof");
    expect(within(entry).getByLabelText("DPoP proof of step 1").textContent).toBe(proof);
    expect(entry.querySelector("img")).toBeNull();
  });

  it("a window opened later gets the steps so far from getAuthSteps, and a failure is open and says so", async () => {
    const bridge = createFakeBridge();
    bridge.handle("listServers", () => [EVERYTHING_DEMO, REMOTE]);
    bridge.handle("getAuthSteps", () => ({ steps: [step(1, "discovery", "Authorization server https://as.example.com"), step(2, "error", "Authorization failed: the authorization response names issuer http://evil.example (RFC 9207)")] }));
    await renderApp({ sessions: [session({ sessionId: "s1", serverName: "Remote", serverId: "remote", state: "failed" })] }, bridge);
    const entry = screen.getByRole("group", { name: "Remote" });
    expect(await within(entry).findByText(/Authorization \(2 steps, failed\)/)).toBeTruthy();
    expect(within(entry).getByText(/names issuer http:\/\/evil\.example \(RFC 9207\)/)).toBeTruthy();
    expect(entry.querySelector("details.authorization")?.hasAttribute("open")).toBe(true);
  });

  it("Sign out (clear tokens) forgets the entry's tokens by its URL and says whether there were any; stdio entries have no such action", async () => {
    const user = userEvent.setup();
    const { bridge, entry } = await connectedRemote();
    bridge.handle("clearAuthTokens", () => ({ cleared: true }));
    await chooseServerAction(user, "Remote", "Sign out (clear tokens)");
    expect(bridge.callsOf("clearAuthTokens")).toEqual([{ url: "https://mcp.example.com/mcp" }]);
    expect(within(entry).getByRole("status").textContent).toContain("Signed out");
    bridge.handle("clearAuthTokens", () => ({ cleared: false }));
    await chooseServerAction(user, "Remote", "Sign out (clear tokens)");
    expect(within(entry).getByRole("status").textContent).toContain("No tokens were kept");
    await user.click(within(screen.getByRole("group", { name: "Everything (demo)" })).getByRole("button", { name: "More actions for Everything (demo)" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Duplicate…", "Diagnose…"]);
  });

  it("the editor's OAuth fields (pre-registered client, scope, metadata document) are saved with the entry", async () => {
    const { user, bridge, form } = await addRemoteServer("Protected");
    await user.type(within(form).getByLabelText("Client secret"), "s3cret");
    await user.click(within(form).getByRole("button", { name: "Save server" }));
    expect(within(form).getByRole("alert").textContent).toContain("A client secret needs its client ID");
    await user.type(within(form).getByLabelText("Client ID"), "my-client");
    await user.type(within(form).getByLabelText("Scope (when the server names none)"), "mcp:read");
    await user.type(within(form).getByLabelText("Client ID metadata document URL (https)"), "https://me.example.com/client.json");
    await user.click(within(form).getByRole("button", { name: "Save server" }));
    expect(bridge.callsOf("saveServer").at(-1)!.server.oauth).toEqual({ clientId: "my-client", clientSecret: "s3cret", scope: "mcp:read", clientMetadataUrl: "https://me.example.com/client.json" });
  });

  it("a machine client (client credentials) needs its id and a secret or a PEM private key, and is saved with its grant", async () => {
    const { user, bridge, form } = await addRemoteServer("Machine");
    await user.selectOptions(within(form).getByLabelText("Grant"), "client_credentials");
    await user.type(within(form).getByLabelText("Client ID"), "robot");
    await user.click(within(form).getByRole("button", { name: "Save server" }));
    expect(within(form).getByRole("alert").textContent).toContain("A machine client needs its client ID, and its secret or private key");
    await user.type(within(form).getByLabelText("Private key for private_key_jwt (PKCS#8 PEM, instead of a secret)"), "not a key");
    await user.click(within(form).getByRole("button", { name: "Save server" }));
    expect(within(form).getByRole("alert").textContent).toContain("must be a PKCS#8 PEM");
    const key = within(form).getByLabelText("Private key for private_key_jwt (PKCS#8 PEM, instead of a secret)");
    await user.clear(key);
    await user.type(key, "-----BEGIN PRIVATE KEY-----abc-----END PRIVATE KEY-----");
    await user.click(within(form).getByRole("button", { name: "Save server" }));
    expect(bridge.callsOf("saveServer").at(-1)!.server.oauth).toEqual({ clientId: "robot", grant: "client_credentials", privateKeyPem: "-----BEGIN PRIVATE KEY-----abc-----END PRIVATE KEY-----" });
  });

  it("issue 24: workload identity and enterprise-managed authorization need their JWT (and the IdP's endpoint), DPoP can be pinned, and all are saved with the entry", async () => {
    const { user, bridge, form } = await addRemoteServer("Enterprise");
    await user.selectOptions(within(form).getByLabelText("Grant"), "jwt_bearer");
    await user.click(within(form).getByRole("button", { name: "Save server" }));
    expect(within(form).getByRole("alert").textContent).toContain("Workload identity needs the workload's JWT");
    await user.type(within(form).getByLabelText("Workload JWT (sent with the jwt-bearer grant)"), "eyJh.eyJw.c2ln");
    await user.selectOptions(within(form).getByLabelText("DPoP: bind tokens to a key of this inspector"), "on");
    await user.click(within(form).getByRole("button", { name: "Save server" }));
    expect(bridge.callsOf("saveServer").at(-1)!.server.oauth).toEqual({ grant: "jwt_bearer", assertion: "eyJh.eyJw.c2ln", dpop: true });
  });

  it("issue 24: enterprise-managed authorization asks for the identity provider's token endpoint and client", async () => {
    const { user, bridge, form } = await addRemoteServer("Enterprise");
    await user.selectOptions(within(form).getByLabelText("Grant"), "id_jag");
    await user.type(within(form).getByLabelText("ID token from your identity provider"), "eyJh.eyJw.c2ln");
    await user.click(within(form).getByRole("button", { name: "Save server" }));
    expect(within(form).getByRole("alert").textContent).toContain("The identity provider's token endpoint must start with http:// or https://");
    await user.type(within(form).getByLabelText("Identity provider token endpoint (token exchange for an ID-JAG)"), "https://idp.example.com/token");
    await user.type(within(form).getByLabelText("Identity provider client ID"), "idp-client");
    await user.type(within(form).getByLabelText("Identity provider client secret"), "idp-s3cret");
    await user.type(within(form).getByLabelText("Client ID"), "mcp-client");
    await user.click(within(form).getByRole("button", { name: "Save server" }));
    expect(bridge.callsOf("saveServer").at(-1)!.server.oauth).toEqual({
      clientId: "mcp-client",
      grant: "id_jag",
      assertion: "eyJh.eyJw.c2ln",
      idpTokenEndpoint: "https://idp.example.com/token",
      idpClientId: "idp-client",
      idpClientSecret: "idp-s3cret",
    });
  });

  it("Connect on an entry with an OAuth client sends it to the core with the server", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const withClient: SavedServer = { ...REMOTE, oauth: { clientId: "pre", clientSecret: "x" } };
    bridge.handle("listServers", () => [EVERYTHING_DEMO, withClient]);
    bridge.handle("connect", () => session({ sessionId: "s2", serverName: "Remote", serverId: "remote" }));
    await renderApp({}, bridge);
    const entry = await screen.findByRole("group", { name: "Remote" });
    await user.click(within(entry).getByRole("button", { name: "Connect" }));
    expect(bridge.callsOf("connect")[0]!.server.oauth).toEqual({ clientId: "pre", clientSecret: "x" });
  });

  it("the store keeps steps per session, merges a late getAuthSteps by seq, and forgets them with a removed session", () => {
    const store = createInspectorStore();
    store.getState().applyEvents([{ type: "authStep", payload: step(3, "token", "t") }]);
    store.getState().applyAuthSnapshot("s1", [step(1, "challenge", "c"), step(2, "discovery", "d"), step(3, "token", "t")]);
    expect(store.getState().authSteps.s1!.map((s) => s.seq)).toEqual([1, 2, 3]);
    store.getState().applyEvents([{ type: "authStep", payload: step(4, "done", "ok") }, { type: "authStep", payload: { ...step(1, "challenge", "other"), sessionId: "s2" } }]);
    expect(store.getState().authSteps.s1!.map((s) => s.seq)).toEqual([1, 2, 3, 4]);
    store.getState().applyEvents([{ type: "sessionRemoved", payload: { sessionId: "s1" } }]);
    expect(Object.keys(store.getState().authSteps)).toEqual(["s2"]);
  });
});
