// The command line's authorization options for the grants without a user and DPoP (issue 24): client
// credentials, a workload's JWT (SEP-1933), enterprise-managed authorization (SEP-990), DPoP (SEP-1932).
// Files are read here, once, so a bad path is a usage error before anything connects.
import { createPrivateKey } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import type { OAuthSettings } from "../../shared/types.js";
import { UsageError } from "./usageError.js";

export const AUTH_OPTIONS = {
  "client-credentials": { type: "boolean", default: false },
  "private-key": { type: "string" },
  "workload-jwt": { type: "string" },
  "id-token": { type: "string" },
  "idp-token-endpoint": { type: "string" },
  "idp-client-id": { type: "string" },
  "idp-client-secret": { type: "string" },
  dpop: { type: "boolean", default: false },
  "no-dpop": { type: "boolean", default: false },
} as const;

export const AUTH_USAGE = `  --client-credentials           OAuth: a machine client (client credentials grant) with --client-id and
                                 --client-secret, or --private-key for private_key_jwt
  --private-key <file>           OAuth: a PKCS#8 PEM private key (EC P-256/384/521 or RSA) that signs the
                                 client's assertion (ES256/384/512 or RS256, from the key)
  --workload-jwt <file|jwt>      OAuth: the jwt-bearer grant with this workload's JWT (workload identity
                                 federation); the file is read as it is now
  --id-token <file|jwt> --idp-token-endpoint <url> [--idp-client-id <id> [--idp-client-secret <s>]]
                                 OAuth: enterprise-managed authorization: the ID token is exchanged at the
                                 identity provider for an ID-JAG, which the server's authorization server
                                 takes with the jwt-bearer grant (with --client-id [--client-secret])
  --dpop | --no-dpop             OAuth: always (never) bind tokens to a DPoP key; by default only when the
                                 server or its authorization server asks for it`;

type AuthValues = { [K in keyof typeof AUTH_OPTIONS]?: (typeof AUTH_OPTIONS)[K]["type"] extends "boolean" ? boolean : string };

const JWT = /^[\w-]+\.[\w-]+\.[\w-]*$/;
/** A key, a JWT: small files. A larger one is a wrong path (a log, a binary), refused before it is read. */
const MAX_FILE_BYTES = 64 * 1024;

function readSmallFile(flag: string, path: string): string {
  let text: string;
  try {
    if (statSync(path).size > MAX_FILE_BYTES) throw new UsageError(`${flag} ${path}: larger than ${MAX_FILE_BYTES / 1024} KB, not a key or a JWT`);
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${flag} ${path}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}`);
  }
  return text.trim();
}

/** A JWT given as itself, or the file that holds it. */
function jwtOf(flag: string, value: string): string {
  const jwt = JWT.test(value.trim()) ? value.trim() : readSmallFile(flag, value);
  if (!JWT.test(jwt)) throw new UsageError(`${flag}: ${JWT.test(value) ? "" : "the file does not hold "}a JWT (header.payload.signature)`);
  return jwt;
}

/** The OAuth settings these flags give, checked against each other and `--client-id` / `--client-secret`. */
export function authSettings(values: AuthValues, client: { clientId?: string; clientSecret?: string }): Partial<OAuthSettings> {
  const grants = [values["client-credentials"] && "--client-credentials", values["workload-jwt"] !== undefined && "--workload-jwt", values["id-token"] !== undefined && "--id-token"].filter(Boolean);
  if (grants.length > 1) throw new UsageError(`${grants.join(" and ")} are different grants: give one`);
  if (values.dpop && values["no-dpop"]) throw new UsageError("--dpop and --no-dpop contradict each other");
  const settings: Partial<OAuthSettings> = {};
  if (values.dpop || values["no-dpop"]) settings.dpop = values.dpop === true;

  if (values["private-key"] !== undefined) {
    if (!values["client-credentials"]) throw new UsageError("--private-key is for --client-credentials (private_key_jwt)");
    const pem = readSmallFile("--private-key", values["private-key"]);
    if (!/-----BEGIN PRIVATE KEY-----/.test(pem)) throw new UsageError("--private-key must be a PKCS#8 PEM file (-----BEGIN PRIVATE KEY-----)");
    settings.privateKeyPem = pem;
    settings.signingAlgorithm = signingAlgorithmOf(pem);
  }
  if (values["client-credentials"]) {
    if (!client.clientId || (!client.clientSecret && !settings.privateKeyPem)) throw new UsageError("--client-credentials needs --client-id, and --client-secret or --private-key");
    settings.grant = "client_credentials";
  }
  if (values["workload-jwt"] !== undefined) {
    settings.grant = "jwt_bearer";
    settings.assertion = jwtOf("--workload-jwt", values["workload-jwt"]);
  }
  const idp = values["idp-token-endpoint"] !== undefined || values["idp-client-id"] !== undefined || values["idp-client-secret"] !== undefined;
  if (idp && values["id-token"] === undefined) throw new UsageError("the --idp-… options are for enterprise-managed authorization: give --id-token too");
  if (values["id-token"] !== undefined) {
    const endpoint = values["idp-token-endpoint"];
    if (!endpoint || !/^https?:\/\/\S+$/i.test(endpoint)) throw new UsageError("--id-token needs --idp-token-endpoint <http(s) URL>, the identity provider's token endpoint");
    if (values["idp-client-secret"] !== undefined && values["idp-client-id"] === undefined) throw new UsageError("--idp-client-secret needs --idp-client-id");
    settings.grant = "id_jag";
    settings.assertion = jwtOf("--id-token", values["id-token"]);
    settings.idpTokenEndpoint = endpoint;
    if (values["idp-client-id"] !== undefined) settings.idpClientId = values["idp-client-id"];
    if (values["idp-client-secret"] !== undefined) settings.idpClientSecret = values["idp-client-secret"];
  }
  return settings;
}

/** RFC 7518: the JWS algorithm a key signs with, from its type (and curve). */
function signingAlgorithmOf(pem: string): NonNullable<OAuthSettings["signingAlgorithm"]> {
  let key;
  try {
    key = createPrivateKey(pem);
  } catch (error) {
    throw new UsageError(`--private-key: not a readable private key (${(error as Error).message.slice(0, 200)})`);
  }
  if (key.asymmetricKeyType === "rsa") return "RS256";
  const curve = key.asymmetricKeyDetails?.namedCurve;
  const byCurve = { prime256v1: "ES256", secp384r1: "ES384", secp521r1: "ES512" } as const;
  if (key.asymmetricKeyType === "ec" && curve && curve in byCurve) return byCurve[curve as keyof typeof byCurve];
  throw new UsageError(`--private-key: a ${key.asymmetricKeyType ?? "unknown"}${curve ? ` ${curve}` : ""} key; private_key_jwt here signs with EC P-256, P-384, P-521 or RSA keys`);
}
