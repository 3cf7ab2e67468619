// Secrets never reach the UI, the log or stderr: tokens, codes, verifiers and client secrets become
// "[redacted]", and an Authorization header keeps only its scheme.
export const REDACTED = "[redacted]";

/** JSON keys and form fields whose values are secrets (RFC 6749, RFC 7591, RFC 7636, OIDC). */
const SECRET_FIELDS = new Set([
  "access_token",
  "refresh_token",
  "id_token",
  "code",
  "code_verifier",
  "client_secret",
  "client_assertion",
  "assertion",
  "subject_token",
  "actor_token",
  "registration_access_token",
  "password",
]);
/** Issue 22: recordings redact the same fields in the messages they keep. */
export function isSecretField(key: string): boolean {
  return SECRET_FIELDS.has(key);
}
const SECRET_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => {
      if (!SECRET_HEADERS.has(name.toLowerCase())) return [name, value.slice(0, 10_000)];
      const scheme = /^(\w+)\s/.exec(value)?.[1];
      return [name, scheme ? `${scheme} ${REDACTED}` : REDACTED];
    }),
  );
}

export function redactFormBody(body: string): string {
  const params = new URLSearchParams(body);
  for (const key of [...params.keys()]) if (SECRET_FIELDS.has(key)) params.set(key, REDACTED);
  return params.toString().replaceAll(encodeURIComponent(REDACTED), REDACTED);
}

/** A JSON body with its secret fields replaced; `found` learns each secret, to redact it elsewhere too. Not JSON: returned as it is. */
export function redactJsonBody(text: string, found: (secret: string) => void): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  const walk = (node: unknown, depth: number): unknown => {
    if (depth > 20 || node === null || typeof node !== "object") return node;
    if (Array.isArray(node)) return node.map((item) => walk(item, depth + 1));
    return Object.fromEntries(
      Object.entries(node).map(([key, item]) => {
        if (SECRET_FIELDS.has(key) && typeof item === "string") {
          found(item);
          return [key, REDACTED];
        }
        return [key, walk(item, depth + 1)];
      }),
    );
  };
  return JSON.stringify(walk(value, 0));
}

/** Free text (stderr, an error message): known secrets and any bearer credential replaced. */
export function redactText(text: string, known: Iterable<string>): string {
  let out = text;
  for (const secret of known) if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  return out.replace(/\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/]+=*/gi, `$1 ${REDACTED}`);
}
