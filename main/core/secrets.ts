// Saved servers' env values and header values usually hold API keys. At rest they are encrypted with
// the OS keychain where the host has one (Electron's safeStorage); browser mode has none and says so.
// On disk an encrypted value is `{ "$encrypted": "<base64>" }`, so a reader never mistakes one for text.

export interface SecretCodec {
  /** False when there is no keychain to encrypt with: values are then stored as they are. */
  readonly available: boolean;
  /** Why values are (or are not) encrypted, in one sentence for the UI. */
  readonly description: string;
  encrypt(plain: string): string;
  /** Throws when the value cannot be decrypted (another user's or machine's keychain). */
  decrypt(cipher: string): string;
}

export const PLAIN_SECRETS: SecretCodec = {
  available: false,
  description: "Secrets in saved servers (env and header values) are stored unencrypted, readable only by your user: browser mode has no access to the OS keychain.",
  encrypt: (plain) => plain,
  decrypt: (cipher) => cipher,
};

type StoredValue = string | { $encrypted: string };

function isEncrypted(value: unknown): value is { $encrypted: string } {
  return typeof value === "object" && value !== null && typeof (value as { $encrypted?: unknown }).$encrypted === "string";
}

/** Encrypt every value of a string map (env, headers) for disk. */
export function sealValues(values: Record<string, string>, codec: SecretCodec): Record<string, StoredValue> {
  if (!codec.available) return values;
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, { $encrypted: codec.encrypt(value) }]));
}

/**
 * Read a stored map back. A value that cannot be decrypted becomes "" and is named in `failed`, so the
 * entry still loads and the user is told which value to enter again.
 */
export function openValues(stored: unknown, codec: SecretCodec): { values: unknown; failed: string[] } {
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return { values: stored, failed: [] };
  const failed: string[] = [];
  const values = Object.fromEntries(
    Object.entries(stored).map(([key, value]) => {
      if (!isEncrypted(value)) return [key, value];
      if (!codec.available) {
        failed.push(key);
        return [key, ""];
      }
      try {
        return [key, codec.decrypt(value.$encrypted)];
      } catch {
        failed.push(key);
        return [key, ""];
      }
    }),
  );
  return { values, failed };
}
