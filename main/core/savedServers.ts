// The user's saved servers, plus the host's built-in entries (the Everything demo), persisted in Storage.
import { z } from "zod";
import { SavedServerSchema, ServerConfigSchema, type SavedServer, type ServerConfig } from "../../shared/types.js";
import type { Storage } from "./storage.js";

const STORAGE_NAME = "servers";

export class SavedServers {
  private saved: SavedServer[] = [];

  constructor(
    private readonly storage: Storage,
    private readonly builtIn: SavedServer[],
    private readonly newId: () => string,
    private readonly changed: (servers: SavedServer[]) => void,
  ) {}

  async load(): Promise<void> {
    const stored = await this.storage.read(STORAGE_NAME);
    const parsed = z.array(SavedServerSchema).safeParse(stored ?? []);
    // An unreadable list is not fatal: the user still gets the built-in entries.
    this.saved = parsed.success ? parsed.data.filter((s) => !s.builtIn) : [];
  }

  list(): SavedServer[] {
    return [...this.builtIn.map((s) => ({ ...s, builtIn: true })), ...this.saved];
  }

  async save(server: ServerConfig, id?: string): Promise<SavedServer> {
    if (id && this.builtIn.some((s) => s.id === id)) throw new Error("The built-in demo server cannot be edited; save a copy under a new name");
    const entry: SavedServer = { ...server, id: id ?? this.newId() };
    const index = this.saved.findIndex((s) => s.id === entry.id);
    if (id && index < 0) throw new Error(`No saved server with id ${id}`);
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
  async import(json: string): Promise<SavedServer[]> {
    const configs = parseMcpServersJson(json);
    const added: SavedServer[] = [];
    for (const config of configs) {
      const entry: SavedServer = { ...config, id: this.newId() };
      this.saved.push(entry);
      added.push(entry);
    }
    await this.persist();
    return added;
  }

  private async persist(): Promise<void> {
    await this.storage.write(STORAGE_NAME, this.saved);
    this.changed(this.list());
  }
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
