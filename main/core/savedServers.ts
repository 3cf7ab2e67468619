// The user's saved servers, plus the host's built-in entries (the Everything demo), persisted in Storage.
import { z } from "zod";
import { RootsSchema, SavedServerSchema, ServerConfigSchema, type Root, type SavedServer, type ServerConfig, type StorageProblem } from "../../shared/types.js";
import { openValues, PLAIN_SECRETS, sealValues, type SecretCodec } from "./secrets.js";
import { UnreadableStorageError, type Storage } from "./storage.js";

/** The OAuth settings that are secrets, sealed on disk like header values. */
const OAUTH_SECRET_FIELDS = ["clientSecret", "privateKeyPem", "assertion", "idpClientSecret"] as const;

const STORAGE_NAME = "servers";
/** The built-in entries are not stored, but the roots a user gives them are, here (by entry id). */
const BUILT_IN_ROOTS = "built-in-roots";
/** One import takes at most this many entries: a 990 KB document once added 22,494 servers. */
export const IMPORT_LIMIT = 500;
/** More saved servers than a person can use; beyond it a save or an import is refused with a message. */
export const SAVED_SERVERS_LIMIT = 2000;

export interface ImportOutcome {
  added: SavedServer[];
  /** Names skipped because an identical entry is already saved (or came earlier in the document). */
  duplicates: string[];
  /** Entries left out because the import or the list was full. */
  notImported: number;
  /** One line for the user: what was added, skipped and left out, and why. */
  message: string;
}

/** Identity for "exact duplicate": everything but the id. */
function sameness(server: ServerConfig): string {
  return JSON.stringify({ name: server.name, era: server.era, transport: server.transport, features: server.features });
}

export class SavedServers {
  private saved: SavedServer[] = [];
  private builtInRoots = new Map<string, Root[]>();

  constructor(
    private readonly storage: Storage,
    private readonly builtIn: SavedServer[],
    private readonly newId: () => string,
    private readonly changed: (servers: SavedServer[]) => void,
    private readonly secrets: SecretCodec = PLAIN_SECRETS,
  ) {}

  /**
   * Every entry that validates is loaded; one that does not is named, and the file is copied aside
   * first, so the next save (which writes only the valid entries) loses nothing. Nothing is fatal: the
   * user still gets the built-in entries.
   */
  async load(): Promise<StorageProblem[]> {
    await this.loadBuiltInRoots();
    const file = this.storage.where(STORAGE_NAME);
    let stored: unknown;
    try {
      stored = (await this.storage.read(STORAGE_NAME)) ?? [];
    } catch (error) {
      if (!(error instanceof UnreadableStorageError)) throw error;
      this.saved = [];
      return [error.toProblem()];
    }
    if (!Array.isArray(stored)) {
      this.saved = [];
      const backup = await this.storage.backup(STORAGE_NAME);
      return [{ file, problem: "it does not hold a list of servers", ...(backup ? { backup } : {}) }];
    }
    const problems: string[] = [];
    this.saved = [];
    stored.forEach((raw: unknown, index) => {
      const name = typeof (raw as { name?: unknown } | null)?.name === "string" ? ` ("${(raw as { name: string }).name.slice(0, 100)}")` : "";
      const { entry, undecryptable } = this.fromDisk(raw);
      const parsed = SavedServerSchema.safeParse(entry);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        problems.push(`entry ${index + 1}${name}: ${issue?.path.join(".") || "(entry)"}: ${issue?.message ?? "invalid"}`);
        return;
      }
      if (undecryptable.length) problems.push(`entry ${index + 1}${name}: ${undecryptable.join(", ")} could not be decrypted and must be entered again`);
      if (!parsed.data.builtIn) this.saved.push(parsed.data);
    });
    if (!problems.length) return [];
    const backup = await this.storage.backup(STORAGE_NAME);
    return [{ file, problem: `${problems.length === 1 ? "one entry was" : `${problems.length} entries were`} not loaded as saved: ${problems.join("; ")}`, ...(backup ? { backup } : {}) }];
  }

  /** env and header values are sealed on disk (secrets.ts); everything else is stored as it is. */
  private toDisk(server: SavedServer): unknown {
    const t = server.transport;
    const transport = t.type === "stdio" ? { ...t, env: sealValues(t.env, this.secrets) } : { ...t, headers: sealValues(t.headers, this.secrets) };
    // Issue 14: a pre-registered OAuth client's secret (or private key) is sealed like a header value;
    // issue 24: so are a workload's JWT or an ID token (assertion) and the IdP client's secret.
    const oauthSecrets = Object.fromEntries(OAUTH_SECRET_FIELDS.flatMap((key) => (server.oauth?.[key] !== undefined ? [[key, server.oauth[key]!]] : [])));
    const oauth = server.oauth ? { ...server.oauth, ...sealValues(oauthSecrets, this.secrets) } : undefined;
    return { ...server, transport, ...(oauth ? { oauth } : {}) };
  }

  private fromDisk(raw: unknown): { entry: unknown; undecryptable: string[] } {
    const transport = (raw as { transport?: Record<string, unknown> } | null)?.transport;
    if (!transport || typeof transport !== "object") return { entry: raw, undecryptable: [] };
    const field = transport.type === "stdio" ? "env" : "headers";
    const { values, failed } = openValues(transport[field], this.secrets);
    const undecryptable = failed.map((key) => `${field}.${key}`);
    let entry: Record<string, unknown> = { ...(raw as object), transport: { ...transport, [field]: values } };
    const oauth = entry.oauth as Record<string, unknown> | undefined;
    if (oauth && typeof oauth === "object" && !Array.isArray(oauth)) {
      const sealed = Object.fromEntries(OAUTH_SECRET_FIELDS.flatMap((key) => (oauth[key] !== undefined ? [[key, oauth[key]]] : [])));
      const opened = openValues(sealed, this.secrets);
      entry = { ...entry, oauth: { ...oauth, ...(opened.values as Record<string, unknown>) } };
      undecryptable.push(...opened.failed.map((key) => `oauth.${key}`));
    }
    return { entry, undecryptable };
  }

  list(): SavedServer[] {
    return [
      ...this.builtIn.map((s) => {
        const roots = this.builtInRoots.get(s.id);
        return { ...s, builtIn: true, ...(roots ? { roots } : {}) };
      }),
      ...this.saved,
    ];
  }

  /** Roots are kept with the entry, so a reconnect or a restart offers the server the same ones. */
  async setRoots(id: string, roots: Root[]): Promise<void> {
    if (this.builtIn.some((s) => s.id === id)) {
      this.builtInRoots.set(id, roots);
      await this.storage.write(BUILT_IN_ROOTS, Object.fromEntries(this.builtInRoots));
      this.changed(this.list());
      return;
    }
    const index = this.saved.findIndex((s) => s.id === id);
    if (index < 0) return; // the entry was removed meanwhile: the session keeps its roots
    this.saved[index] = { ...this.saved[index]!, roots };
    await this.persist();
  }

  /** A file that does not hold valid roots is ignored: they are a convenience, never a reason to fail a start. */
  private async loadBuiltInRoots(): Promise<void> {
    let stored: unknown;
    try {
      stored = await this.storage.read(BUILT_IN_ROOTS);
    } catch {
      return;
    }
    if (!stored || typeof stored !== "object" || Array.isArray(stored)) return;
    for (const entry of this.builtIn) {
      const parsed = RootsSchema.safeParse((stored as Record<string, unknown>)[entry.id]);
      if (parsed.success && Object.hasOwn(stored, entry.id)) this.builtInRoots.set(entry.id, parsed.data);
    }
  }

  async save(server: ServerConfig, id?: string): Promise<SavedServer> {
    if (id && this.builtIn.some((s) => s.id === id)) throw new Error("The built-in demo server cannot be edited; save a copy under a new name");
    const entry: SavedServer = { ...server, id: id ?? this.newId() };
    const index = this.saved.findIndex((s) => s.id === entry.id);
    if (id && index < 0) throw new Error(`No saved server with id ${id}`);
    if (index < 0 && this.saved.length >= SAVED_SERVERS_LIMIT) {
      throw new Error(`There are already ${SAVED_SERVERS_LIMIT} saved servers, the most this inspector keeps; remove some first`);
    }
    if (index >= 0) this.saved[index] = entry;
    else this.saved.push(entry);
    await this.persist();
    return entry;
  }

  async remove(id: string): Promise<void> {
    if (this.builtIn.some((s) => s.id === id)) throw new Error("The built-in demo server cannot be removed");
    const before = this.saved.length;
    this.saved = this.saved.filter((s) => s.id !== id);
    if (this.saved.length === before) throw new Error(`No saved server with id ${id}`);
    await this.persist();
  }

  /** Claude Desktop / VS Code style: `{ "mcpServers": { name: {...} } }` (VS Code also uses `servers`). */
  async import(json: string): Promise<ImportOutcome> {
    const configs = parseMcpServersJson(json);
    const seen = new Set(this.saved.map(sameness));
    const added: SavedServer[] = [];
    const duplicates: string[] = [];
    let notImported = 0;
    for (const config of configs) {
      const key = sameness(config);
      if (seen.has(key)) {
        duplicates.push(config.name);
        continue;
      }
      if (added.length >= IMPORT_LIMIT || this.saved.length >= SAVED_SERVERS_LIMIT) {
        notImported++;
        continue;
      }
      seen.add(key);
      const entry: SavedServer = { ...config, id: this.newId() };
      this.saved.push(entry);
      added.push(entry);
    }
    if (added.length) await this.persist();
    return { added, duplicates, notImported, message: describeImport(added.length, duplicates.length, notImported, this.saved.length) };
  }

  private async persist(): Promise<void> {
    await this.storage.write(STORAGE_NAME, this.saved.map((server) => this.toDisk(server)));
    this.changed(this.list());
  }
}

function describeImport(added: number, duplicates: number, notImported: number, total: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const parts = [`Imported ${plural(added, "server")}`];
  if (duplicates) parts.push(`skipped ${plural(duplicates, "exact duplicate")} of servers already saved`);
  if (notImported) {
    const why = total >= SAVED_SERVERS_LIMIT ? `the list holds at most ${SAVED_SERVERS_LIMIT} servers` : `one import takes at most ${IMPORT_LIMIT}`;
    parts.push(`left out ${notImported} more (${why})`);
  }
  return `${parts.join("; ")}.`;
}

const ImportedEntrySchema = z.union([
  z.object({
    command: z.string().min(1),
    args: z.array(z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
    cwd: z.string().optional(),
  }),
  z.object({
    url: z.string().url(),
    type: z.string().optional(),
    transport: z.string().optional(),
    headers: z.record(z.string(), z.string()).optional(),
  }),
]);

export function parseMcpServersJson(json: string): ServerConfig[] {
  let document: unknown;
  try {
    document = JSON.parse(json);
  } catch (error) {
    throw new Error(`The import is not valid JSON: ${(error as Error).message}`);
  }
  const root = document as { mcpServers?: unknown; servers?: unknown } | null;
  const table = root && typeof root === "object" ? (root.mcpServers ?? root.servers) : undefined;
  if (!table || typeof table !== "object" || Array.isArray(table)) {
    throw new Error('Expected an object with an "mcpServers" (or "servers") map of server entries');
  }
  const configs: ServerConfig[] = [];
  for (const [name, raw] of Object.entries(table as Record<string, unknown>)) {
    const parsed = ImportedEntrySchema.safeParse(raw);
    if (!parsed.success) throw new Error(`Server "${name}" needs either a "command" or a "url"`);
    const entry = parsed.data;
    const transport =
      "command" in entry
        ? { type: "stdio" as const, command: entry.command, args: entry.args ?? [], env: entry.env ?? {}, ...(entry.cwd ? { cwd: entry.cwd } : {}) }
        : { type: /sse/i.test(entry.type ?? entry.transport ?? "") ? ("sse" as const) : ("streamableHttp" as const), url: entry.url, headers: entry.headers ?? {} };
    const config = ServerConfigSchema.safeParse({ name, transport });
    if (!config.success) throw new Error(`Server "${name}": ${config.error.issues[0]?.message ?? "invalid entry"}`);
    configs.push(config.data);
  }
  return configs;
}
