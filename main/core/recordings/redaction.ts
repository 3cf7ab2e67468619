// Secrets never reach a recording (issue 22): the values of a server's env and headers (the app keeps them
// as secrets, secrets.ts), its OAuth client secret, every bearer or basic credential, and the OAuth fields
// the logs redact (codes, tokens, verifiers), wherever they appear in a message or a stderr line.
import { isSecretField, REDACTED, redactText } from "../auth/redact.js";
import type { ServerConfig } from "../../../shared/types.js";

/** Deeper than this a value is replaced by a marker: a hostile message nested 100,000 deep must not overflow the stack. */
const MAX_DEPTH = 100;
export const TOO_DEEP = `… (nested deeper than ${MAX_DEPTH} levels)`;

/** The strings of a server entry that are secrets: every env value, every header value, the OAuth client secret. */
export function secretsOf(config: ServerConfig): string[] {
  const t = config.transport;
  const values = t.type === "stdio" ? Object.values(t.env ?? {}) : Object.values(t.headers ?? {});
  if (config.oauth?.clientSecret) values.push(config.oauth.clientSecret);
  // A one-letter value ("1", "on") would redact every occurrence of that letter: redactText skips under 4.
  return values.filter((v) => typeof v === "string" && v.length >= 4);
}

export class Redactor {
  constructor(private readonly secrets: readonly string[]) {}

  text(text: string): string {
    return redactText(text, this.secrets);
  }

  /** Whether a string holds something to redact: most do not, and those are kept as they are, not copied. */
  private needs(text: string): boolean {
    if (CREDENTIAL.test(text)) return true;
    for (const secret of this.secrets) if (text.includes(secret)) return true;
    return false;
  }

  /**
   * `value` with every secret replaced; `deep` is set when a part was too deep to keep. Copy on write:
   * a message with nothing to redact comes back as the same object (the recorder runs on every message).
   */
  value(value: unknown): { value: unknown; deep: boolean } {
    let deep = false;
    const walk = (node: unknown, depth: number): unknown => {
      if (typeof node === "string") return this.needs(node) ? this.text(node) : node;
      if (node === null || typeof node !== "object") return node;
      if (depth >= MAX_DEPTH) {
        deep = true;
        return TOO_DEEP;
      }
      if (Array.isArray(node)) {
        let copy: unknown[] | undefined;
        for (let i = 0; i < node.length; i++) {
          const item = walk(node[i], depth + 1);
          if (item !== node[i]) (copy ??= node.slice())[i] = item;
        }
        return copy ?? node;
      }
      let copy: Record<string, unknown> | undefined;
      const record = node as Record<string, unknown>;
      for (const key in record) {
        if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
        const item = record[key];
        const next = isSecretField(key) && typeof item === "string" ? REDACTED : walk(item, depth + 1);
        const name = this.needs(key) ? this.text(key) : key;
        if (next !== item || name !== key) {
          copy ??= { ...record };
          if (name !== key) delete copy[key];
          copy[name] = next;
        }
      }
      return copy ?? node;
    };
    return { value: walk(value, 0), deep };
  }
}

/** What redactText replaces besides the known secrets: a bearer or basic credential. */
const CREDENTIAL = /\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/]/i;
