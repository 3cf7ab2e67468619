// Issue 24: the DPoP helpers (main/core/auth/dpop.ts) on their own: what a proof is made for, which
// algorithm is chosen, and how a server's nonce and challenge are read (hostile values refused).
import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { asksForNonce, chooseDpopAlgorithm, describeProof, dpopProof, htuOf, newDpopKey, nonceOf, openDpopKey } from "../../main/core/auth/dpop.js";

describe("DPoP proofs (RFC 9449)", () => {
  it("RFC 9449 §4.2: htu is the URL without query and fragment; a kept key, opened again, signs proofs its public JWK verifies, each with its own jti, and ath for a token", async () => {
    expect(htuOf("https://mcp.example.com/messages?sessionId=abc#frag")).toBe("https://mcp.example.com/messages");
    const { stored } = await newDpopKey("ES256");
    expect(stored.privateJwk).toHaveProperty("d");
    expect(stored.publicJwk).not.toHaveProperty("d");
    const keys = await openDpopKey(JSON.parse(JSON.stringify(stored)));
    const one = await dpopProof(keys, "https://mcp.example.com/messages?sessionId=abc", "post", "n-1", "token-1");
    const two = await dpopProof(keys, "https://mcp.example.com/messages?sessionId=abc", "post", "n-1", "token-1");
    const header = decodeProtectedHeader(one);
    expect(header).toMatchObject({ typ: "dpop+jwt", alg: "ES256" });
    expect(header.jwk).not.toHaveProperty("d");
    const { payload } = await jwtVerify(one, await importJWK(stored.publicJwk, "ES256"));
    expect(payload).toMatchObject({ htm: "POST", htu: "https://mcp.example.com/messages", nonce: "n-1" });
    expect(typeof payload.ath).toBe("string");
    expect(decodeJwt(two).jti).not.toBe(payload.jti);
  });

  it("the algorithm: the kept key's when the authorization server takes it, else our first it lists (EdDSA names Ed25519), none in common undefined", () => {
    expect(chooseDpopAlgorithm(undefined)).toBe("ES256");
    expect(chooseDpopAlgorithm(undefined, "PS256")).toBe("PS256");
    expect(chooseDpopAlgorithm(["RS256", "ES256"], "RS256")).toBe("RS256");
    expect(chooseDpopAlgorithm(["RS256", "PS256"], "ES256")).toBe("PS256");
    expect(chooseDpopAlgorithm(["EdDSA"])).toBe("Ed25519");
    expect(chooseDpopAlgorithm(["HS256", "none"])).toBeUndefined();
  });

  it("hostile: a DPoP-Nonce with a quote, a control character or 2 KB is not used; use_dpop_nonce is read only from a 401 DPoP challenge", () => {
    const answer = (status: number, headers: Record<string, string>) => new Response(null, { status, headers });
    expect(nonceOf(answer(400, { "DPoP-Nonce": "eyJ7-abc_123" }))).toBe("eyJ7-abc_123");
    expect(nonceOf(answer(400, { "DPoP-Nonce": 'a"b' }))).toBeUndefined();
    expect(nonceOf(answer(400, { "DPoP-Nonce": "a\tb" }))).toBeUndefined();
    expect(nonceOf(answer(400, { "DPoP-Nonce": "x".repeat(2000) }))).toBeUndefined();
    expect(asksForNonce(answer(401, { "WWW-Authenticate": 'DPoP error="use_dpop_nonce", algs="ES256"' }))).toBe(true);
    expect(asksForNonce(answer(401, { "WWW-Authenticate": 'Bearer error="use_dpop_nonce"' }))).toBe(false);
    expect(asksForNonce(answer(403, { "WWW-Authenticate": 'DPoP error="use_dpop_nonce"' }))).toBe(false);
  });

  it("the panel's description of a proof leaves out the public key's numbers, and a value that is no JWT says so", async () => {
    const { keys } = await newDpopKey("ES256");
    const shown = JSON.parse(describeProof(await dpopProof(keys, "https://as.example.com/token", "POST"))) as { claims: Record<string, unknown>; header: { jwk: Record<string, unknown> } };
    expect(Object.keys(shown)).toEqual(["claims", "header"]);
    expect(shown.header.jwk).toEqual({ kty: "EC", crv: "P-256" });
    expect(describeProof("<script>")).toBe("(not a JWT)");
  });
});
