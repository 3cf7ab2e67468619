// Issue 14: what the Authorization panel, stderr and error messages may show of an OAuth exchange.
import { describe, expect, it } from "vitest";
import { REDACTED, redactFormBody, redactHeaders, redactJsonBody, redactText } from "../../main/core/auth/redact.js";
import { OAuthTokenStore } from "../../main/core/auth/tokenStore.js";
import { JsonFileStorage, MemoryStorage } from "../../main/core/storage.js";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SecretCodec } from "../../main/core/secrets.js";

describe("redacting OAuth secrets", () => {
  it("an Authorization header keeps its scheme only; cookies go entirely; other headers stay", () => {
    expect(redactHeaders({ Authorization: "Bearer abc.def", authorization: "Basic dXNlcjpwYXNz", Cookie: "sid=1", Accept: "application/json" })).toEqual({
      Authorization: `Bearer ${REDACTED}`,
      authorization: `Basic ${REDACTED}`,
      Cookie: REDACTED,
      Accept: "application/json",
    });
  });

  it("a token request's code, verifier, refresh token and client secret are redacted; grant type, redirect and resource stay", () => {
    const body = "grant_type=authorization_code&code=c0de&code_verifier=v3rifier&redirect_uri=http%3A%2F%2F127.0.0.1%3A1%2Fcallback&resource=https%3A%2F%2Fmcp.example.com%2Fmcp&client_secret=s3cret&refresh_token=r3fresh";
    const out = redactFormBody(body);
    for (const secret of ["c0de", "v3rifier", "s3cret", "r3fresh"]) expect(out).not.toContain(secret);
    expect(out).toContain("grant_type=authorization_code");
    expect(out).toContain("code=[redacted]");
    expect(new URLSearchParams(out).get("resource")).toBe("https://mcp.example.com/mcp");
  });

  it("a JSON answer's tokens and secrets are redacted at any depth, and each is learnt for redacting elsewhere", () => {
    const found: string[] = [];
    const out = redactJsonBody(JSON.stringify({ access_token: "at-1", token_type: "Bearer", nested: { refresh_token: "rt-1", list: [{ client_secret: "cs-1" }] }, id_token: "idt" }), (s) => found.push(s));
    expect(JSON.parse(out)).toEqual({ access_token: REDACTED, token_type: "Bearer", nested: { refresh_token: REDACTED, list: [{ client_secret: REDACTED }] }, id_token: REDACTED });
    expect(found.sort()).toEqual(["at-1", "cs-1", "idt", "rt-1"]);
    expect(redactJsonBody("not json", () => {})).toBe("not json");
  });

  it("free text loses every known secret and any bearer credential", () => {
    expect(redactText("401 for token abcd1234 (Authorization: Bearer zzz.yyy-xxx)", ["abcd1234"])).toBe(`401 for token ${REDACTED} (Authorization: Bearer ${REDACTED})`);
  });
});

describe("the OAuth token store", () => {
  const codec: SecretCodec = {
    available: true,
    description: "test",
    encrypt: (plain) => Buffer.from(plain).toString("base64"),
    decrypt: (cipher) => {
      if (!cipher.startsWith("ey")) throw new Error("another keychain");
      return Buffer.from(cipher, "base64").toString();
    },
  };

  it("keeps one sealed record per server URL, survives a restart, and clears one server without touching another", async () => {
    const storage = new MemoryStorage();
    const store = new OAuthTokenStore(storage, codec);
    await store.update("https://a/mcp", (r) => ({ ...r, tokens: { access_token: "A", token_type: "Bearer" } }));
    await store.update("https://b/mcp", (r) => ({ ...r, tokens: { access_token: "B", token_type: "Bearer" } }));
    expect(storage.data.get("oauth")).not.toMatch(/"A"|"B"/);
    const again = new OAuthTokenStore(storage, codec);
    expect((await again.get("https://a/mcp")).tokens?.access_token).toBe("A");
    expect(await again.clear("https://a/mcp")).toBe(true);
    expect(await again.has("https://a/mcp")).toBe(false);
    expect(await again.has("https://b/mcp")).toBe(true);
  });

  it("a record sealed by another keychain, or a file that is not JSON, reads as signed out instead of failing", async () => {
    const storage = new MemoryStorage();
    storage.data.set("oauth", JSON.stringify({ "https://a/mcp": { $encrypted: "not-from-this-keychain" } }));
    expect(await new OAuthTokenStore(storage, codec).has("https://a/mcp")).toBe(false);
    const dir = await mkdtemp(join(tmpdir(), "oauth-store-"));
    try {
      await writeFile(join(dir, "oauth.json"), "{ not json");
      const store = new OAuthTokenStore(new JsonFileStorage(dir), codec);
      expect(await store.has("https://a/mcp")).toBe(false);
      // The next sign-in writes a fresh file; the unreadable one was moved aside by the storage.
      await store.update("https://a/mcp", (r) => ({ ...r, tokens: { access_token: "A", token_type: "Bearer" } }));
      expect((await readdir(dir)).some((f) => f.startsWith("oauth.unreadable-"))).toBe(true);
      expect(await new OAuthTokenStore(new JsonFileStorage(dir), codec).has("https://a/mcp")).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
