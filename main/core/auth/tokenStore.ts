// Tokens, client registrations and discovery results, kept per server URL across restarts. Each server's
// record is sealed as a whole with the same codec as saved servers' secrets (secrets.ts): the OS keychain
// through safeStorage in the desktop app, plain (owner-only file) in browser mode and the CLI.
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type { SecretCodec } from "../secrets.js";
import type { StoredDpopKey } from "./dpop.js";
import { UnreadableStorageError, type Storage } from "../storage.js";

export const OAUTH_STORAGE_NAME = "oauth";

export interface OAuthRecord {
  tokens?: OAuthTokens;
  /** When the tokens were received (ms since the epoch), to know when `expires_in` has run out. */
  tokensAt?: number;
  clientInformation?: OAuthClientInformationMixed;
  discoveryState?: OAuthDiscoveryState;
  /** DPoP (RFC 9449): this server's key pair, which its tokens are bound to; sealed with them. */
  dpopKey?: StoredDpopKey;
}

export class OAuthTokenStore {
  private records?: Map<string, OAuthRecord>;
  /** Writes one after another, so a slow write never lands after a newer one. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly storage: Storage,
    private readonly secrets: SecretCodec,
  ) {}

  async get(server: string): Promise<OAuthRecord> {
    return { ...(await this.load()).get(server) };
  }

  async update(server: string, change: (record: OAuthRecord) => OAuthRecord): Promise<void> {
    const records = await this.load();
    records.set(server, change({ ...records.get(server) }));
    await this.save();
  }

  /** Sign out: everything kept for this server goes (tokens, registration, discovery). */
  async clear(server: string): Promise<boolean> {
    const records = await this.load();
    const had = records.delete(server);
    await this.save();
    return had;
  }

  async has(server: string): Promise<boolean> {
    return Boolean((await this.load()).get(server)?.tokens);
  }

  private async load(): Promise<Map<string, OAuthRecord>> {
    if (this.records) return this.records;
    let raw: unknown;
    try {
      raw = await this.storage.read(OAUTH_STORAGE_NAME);
    } catch (error) {
      // A file that does not parse was moved aside by the storage: start signed out rather than fail.
      if (!(error instanceof UnreadableStorageError)) throw error;
    }
    const records = new Map<string, OAuthRecord>();
    if (raw && typeof raw === "object" && !Array.isArray(raw)) {
      for (const [server, value] of Object.entries(raw)) {
        const record = this.open(value);
        if (record) records.set(server, record);
      }
    }
    this.records ??= records;
    return this.records;
  }

  private open(value: unknown): OAuthRecord | undefined {
    try {
      if (value && typeof value === "object" && typeof (value as { $encrypted?: unknown }).$encrypted === "string") {
        if (!this.secrets.available) return undefined;
        return JSON.parse(this.secrets.decrypt((value as { $encrypted: string }).$encrypted)) as OAuthRecord;
      }
      return value && typeof value === "object" ? (value as OAuthRecord) : undefined;
    } catch {
      // Another machine's keychain: the user signs in again.
      return undefined;
    }
  }

  private save(): Promise<void> {
    const snapshot = Object.fromEntries(
      [...(this.records ?? new Map<string, OAuthRecord>()).entries()].map(([server, record]) => [
        server,
        this.secrets.available ? { $encrypted: this.secrets.encrypt(JSON.stringify(record)) } : record,
      ]),
    );
    this.writing = this.writing.then(() => this.storage.write(OAUTH_STORAGE_NAME, snapshot));
    return this.writing;
  }
}
