// DPoP (RFC 9449, as the MCP extension SEP-1932 profiles it): one key pair per server, kept in the server's
// sealed OAuth record beside its tokens, and a fresh proof for every token and resource request. The
// proofs are made by the `dpop` library; keys are exported and imported with `jose`.
import { generateKeyPair, generateProof, type JWSAlgorithm, type KeyPair } from "dpop";
import { decodeJwt, decodeProtectedHeader, exportJWK, importJWK, type JWK } from "jose";

/** The algorithms the `dpop` library signs with, in the order we prefer them. */
export const DPOP_ALGORITHMS: readonly JWSAlgorithm[] = ["ES256", "Ed25519", "PS256", "RS256"];

/** A server's DPoP key as kept in its OAuth record (sealed with it). */
export interface StoredDpopKey {
  alg: JWSAlgorithm;
  privateJwk: JWK;
  publicJwk: JWK;
}

/** How an authorization server's metadata names an algorithm (RFC 9449 §5.1 uses JWS names: EdDSA). */
function advertised(alg: JWSAlgorithm, supported: readonly string[]): boolean {
  return supported.includes(alg) || (alg === "Ed25519" && supported.includes("EdDSA"));
}

/**
 * The algorithm to sign with: the stored key's when the authorization server accepts it, else our first
 * that it lists (`dpop_signing_alg_values_supported`; absent, ES256). None in common: undefined.
 */
export function chooseDpopAlgorithm(supported: readonly string[] | undefined, stored?: JWSAlgorithm): JWSAlgorithm | undefined {
  if (!supported) return stored ?? "ES256";
  if (stored && advertised(stored, supported)) return stored;
  return DPOP_ALGORITHMS.find((alg) => advertised(alg, supported));
}

export async function newDpopKey(alg: JWSAlgorithm): Promise<{ stored: StoredDpopKey; keys: KeyPair }> {
  const keys = await generateKeyPair(alg, { extractable: true });
  const stored = { alg, privateJwk: await exportJWK(keys.privateKey), publicJwk: await exportJWK(keys.publicKey) };
  return { stored, keys };
}

export async function openDpopKey(stored: StoredDpopKey): Promise<KeyPair> {
  // The public key is exported into every proof's header (jwk); the private one never leaves.
  const privateKey = (await importJWK(stored.privateJwk, stored.alg, { extractable: false })) as KeyPair["privateKey"];
  const publicKey = (await importJWK(stored.publicJwk, stored.alg, { extractable: true })) as KeyPair["publicKey"];
  return { privateKey, publicKey };
}

/** RFC 9449 §4.2: htu is the request's URI without its query and fragment. */
export function htuOf(url: string | URL): string {
  const parsed = new URL(String(url));
  return `${parsed.origin}${parsed.pathname}`;
}

export function dpopProof(keys: KeyPair, url: string | URL, method: string, nonce?: string, accessToken?: string): Promise<string> {
  return generateProof(keys, htuOf(url), method.toUpperCase(), nonce, accessToken);
}

/** The proof's claims and header (without its public key's numbers), for the Authorization panel. */
export function describeProof(proof: string): string {
  try {
    const { jwk, ...header } = decodeProtectedHeader(proof);
    const key = jwk ? { kty: jwk.kty, ...(jwk.crv ? { crv: jwk.crv } : {}) } : undefined;
    // The claims first: they say what the proof is for (htm, htu, nonce, ath); the header says how it is signed.
    return JSON.stringify({ claims: decodeJwt(proof), header: { ...header, ...(key ? { jwk: key } : {}) } }, null, 2);
  } catch {
    return "(not a JWT)";
  }
}

/** The nonce a server asks for: `error="use_dpop_nonce"` (400 from a token endpoint, 401 from a resource) with a DPoP-Nonce header. */
export function nonceOf(response: Response): string | undefined {
  const nonce = response.headers.get("dpop-nonce");
  // RFC 9449 §8.1: a nonce is NQCHAR (printable ASCII, no quote or backslash); a long or odd one is refused.
  return nonce && nonce.length <= 1000 && /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(nonce) ? nonce : undefined;
}

/** A resource server's 401 that asks for a (new) nonce (RFC 9449 §9). */
export function asksForNonce(response: Response): boolean {
  return response.status === 401 && /^\s*DPoP\b[^]*\berror\s*=\s*"?use_dpop_nonce"?/i.test(response.headers.get("www-authenticate") ?? "");
}
