// Where the core keeps what must survive a restart (saved servers, settings). The host picks the
// place: Electron's user-data folder, or a config folder in browser mode; tests use memory.
import { mkdir, open, readFile, rename, rm } from "node:fs/promises";
import { join } from "node:path";

export interface Storage {
  read(name: string): Promise<unknown | undefined>;
  write(name: string, value: unknown): Promise<void>;
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
    } catch {
      // A file edited by hand into invalid JSON: start from defaults rather than refuse to start.
      return undefined;
    }
  }

  write(name: string, value: unknown): Promise<void> {
    // Writes to the same folder are serialised so an older value never lands after a newer one.
    const next = this.chain.then(() => this.writeNow(name, value));
    this.chain = next.catch(() => {});
    return next;
  }

  private async writeNow(name: string, value: unknown): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const target = this.path(name);
    const temp = `${target}.${process.pid}.tmp`;
    const handle = await open(temp, "w");
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
