// Where the core keeps what must survive a restart (saved servers, settings). The host picks the
// place: Electron's user-data folder, or a config folder in browser mode; tests use memory.
import { chmod, mkdir, open, readFile, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import type { StorageProblem } from "../../shared/types.js";

export interface Storage {
  /** The stored value; undefined when there is none. Throws UnreadableStorageError for a file that does not parse. */
  read(name: string): Promise<unknown | undefined>;
  write(name: string, value: unknown): Promise<void>;
  /** Keep a dated copy of what is stored now, before a write could replace entries that did not load. */
  backup(name: string): Promise<string | undefined>;
  /** Where `name` lives, for messages ("~/.config/…/servers.json"). */
  where(name: string): string;
}

/** A stored file that is not JSON (a hand edit's trailing comma): moved aside, never overwritten. */
export class UnreadableStorageError extends Error {
  override name = "UnreadableStorageError";
  constructor(
    readonly file: string,
    readonly problem: string,
    readonly backup: string | undefined,
  ) {
    super(`${file} could not be read (${problem})${backup ? `; it was moved to ${backup}` : ""}`);
  }

  toProblem(): StorageProblem {
    return { file: this.file, problem: this.problem, ...(this.backup ? { backup: this.backup } : {}) };
  }
}

export class MemoryStorage implements Storage {
  readonly data = new Map<string, string>();

  async read(name: string): Promise<unknown | undefined> {
    const text = this.data.get(name);
    return text === undefined ? undefined : JSON.parse(text);
  }

  async write(name: string, value: unknown): Promise<void> {
    this.data.set(name, JSON.stringify(value));
  }

  async backup(name: string): Promise<string | undefined> {
    const text = this.data.get(name);
    if (text === undefined) return undefined;
    const key = `${name}.backup-${this.data.size}`;
    this.data.set(key, text);
    return key;
  }

  where(name: string): string {
    return `${name} (in memory)`;
  }
}

/** Files hold API keys (env, headers): only their owner may read them, on systems that have modes. */
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

/** "2026-11-24T00-31-05-123Z": a file-name-safe moment, sorted like time. */
function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, "-");
}

/** Where a person editing the file should look: "line 3, column 1: …" (V8 does not always say). */
export function describeJsonError(text: string, error: Error): string {
  const at = (position: number) => {
    const before = text.slice(0, position);
    return `line ${before.split("\n").length}, column ${position - before.lastIndexOf("\n")}`;
  };
  const position = /position (\d+)/.exec(error.message)?.[1];
  const message = error.message.replace(/ in JSON at position \d+.*$/s, "").replace(/, "[\s\S]*" is not valid JSON$/, "").slice(0, 200);
  if (position !== undefined) return `${at(Number(position))}: ${message}`;
  // The usual hand edit, where V8 names no position: a comma after the last entry.
  const trailing = /,(\s*)[\]}]/.exec(text);
  if (trailing) return `${at(trailing.index)}: a trailing comma before "${text[trailing.index + 1 + trailing[1]!.length]}"`;
  return message;
}
/**
 * One JSON file per name in `dir`. Writes go to a temporary file that is flushed and then renamed
 * over the old one, so a crash mid-write leaves either the old or the new file, never a torn one.
 */
export class JsonFileStorage implements Storage {
  private chain = Promise.resolve();

  constructor(private readonly dir: string) {}

  async read(name: string): Promise<unknown | undefined> {
    let text: string;
    try {
      text = await readFile(this.path(name), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    try {
      return JSON.parse(text);
    } catch (error) {
      // A file edited by hand into invalid JSON: moved aside with its date, so the next write cannot
      // replace what the user had; the caller tells the user, and starts from what it can.
      const file = this.path(name);
      const backup = `${file.replace(/\.json$/, "")}.unreadable-${stamp()}.json`;
      // Owner-only before it moves (a hand-edited file may be 0644): the copy aside holds the same secrets.
      if (process.platform !== "win32") await chmod(file, FILE_MODE).catch(() => {});
      const moved = await rename(file, backup).then(
        () => backup,
        () => undefined,
      );
      throw new UnreadableStorageError(file, describeJsonError(text, error as Error), moved);
    }
  }

  async backup(name: string): Promise<string | undefined> {
    const file = this.path(name);
    const copy = `${file.replace(/\.json$/, "")}.backup-${stamp()}.json`;
    try {
      // Created owner-only, whatever the damaged file's mode (copyFile would give the copy 0644 first).
      const content = await readFile(file);
      const handle = await open(copy, "wx", FILE_MODE);
      try {
        if (process.platform !== "win32") await handle.chmod(FILE_MODE);
        await handle.writeFile(content);
      } finally {
        await handle.close();
      }
      return copy;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  where(name: string): string {
    return this.path(name);
  }

  write(name: string, value: unknown): Promise<void> {
    // Writes to the same folder are serialised so an older value never lands after a newer one.
    const next = this.chain.then(() => this.writeNow(name, value));
    this.chain = next.catch(() => {});
    return next;
  }

  private async writeNow(name: string, value: unknown): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: DIR_MODE });
    // A folder made by an older version (or by hand) is tightened too; Windows has no such modes.
    if (process.platform !== "win32") await chmod(this.dir, DIR_MODE).catch(() => {});
    const target = this.path(name);
    const temp = `${target}.${process.pid}.tmp`;
    // Created owner-only: never a moment when the secrets are readable by others.
    const handle = await open(temp, "w", FILE_MODE);
    if (process.platform !== "win32") await handle.chmod(FILE_MODE);
    try {
      await handle.writeFile(JSON.stringify(value, null, 2));
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  private path(name: string): string {
    if (!/^[a-z0-9-]+$/i.test(name)) throw new Error(`Invalid storage name ${name}`);
    return join(this.dir, `${name}.json`);
  }
}
