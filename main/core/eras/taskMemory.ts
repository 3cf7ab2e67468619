// M8: 2026-07-28 has no tasks/list, so the inspector's own record of task handles is the list. Handles
// of live tasks are kept per server entry (by a hash of its transport: env and headers hold secrets),
// so after a restart the tasks still alive on the server are watched again. On the eras floor: the core
// keeps it (storage), the modern driver reads and writes it.
import { createHash } from "node:crypto";
import type { TransportConfig } from "../../../shared/types.js";
import type { Storage } from "../storage.js";

const FILE = "modern-tasks";
/** Bounded: a server that creates thousands of tasks must not grow the file without end. */
const PER_SERVER = 200;
const SERVERS = 50;

export interface RememberedTask {
  taskId: string;
  toolName: string;
  arguments: Record<string, unknown>;
}

type Remembered = Record<string, RememberedTask[]>;

export function serverKeyOf(transport: TransportConfig): string {
  return createHash("sha256").update(JSON.stringify(transport)).digest("hex");
}

export class TaskMemory {
  private loaded?: Promise<Remembered>;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly storage: Storage) {}

  async list(serverKey: string): Promise<RememberedTask[]> {
    return [...((await this.load())[serverKey] ?? [])];
  }

  remember(serverKey: string, task: RememberedTask): Promise<void> {
    return this.change((all) => {
      const kept = (all[serverKey] ?? []).filter((t) => t.taskId !== task.taskId);
      all[serverKey] = [...kept, task].slice(-PER_SERVER);
      const keys = Object.keys(all);
      if (keys.length > SERVERS) delete all[keys[0]!];
    });
  }

  forget(serverKey: string, taskId: string): Promise<void> {
    return this.change((all) => {
      const kept = (all[serverKey] ?? []).filter((t) => t.taskId !== taskId);
      if (kept.length) all[serverKey] = kept;
      else delete all[serverKey];
    });
  }

  private change(edit: (all: Remembered) => void): Promise<void> {
    // One write at a time, in order: the file always holds the latest state.
    this.writing = this.writing.then(async () => {
      const all = await this.load();
      edit(all);
      await this.storage.write(FILE, all).catch(() => {});
    });
    return this.writing;
  }

  private load(): Promise<Remembered> {
    this.loaded ??= this.storage.read(FILE).then(readRemembered, () => ({}));
    return this.loaded;
  }
}

/** What is on disk is checked like anything else from outside: a bad entry is dropped, never trusted. */
function readRemembered(value: unknown): Remembered {
  const out: Remembered = Object.create(null) as Remembered;
  if (!value || typeof value !== "object" || Array.isArray(value)) return out;
  for (const [key, list] of Object.entries(value as Record<string, unknown>).slice(0, SERVERS)) {
    if (!/^[0-9a-f]{64}$/.test(key) || !Array.isArray(list)) continue;
    const tasks = list
      .filter((t): t is RememberedTask => !!t && typeof t === "object" && typeof t.taskId === "string" && typeof t.toolName === "string" && !!t.arguments && typeof t.arguments === "object")
      .slice(-PER_SERVER)
      .map((t) => ({ taskId: t.taskId.slice(0, 1000), toolName: t.toolName.slice(0, 1000), arguments: t.arguments }));
    if (tasks.length) out[key] = tasks;
  }
  return out;
}
