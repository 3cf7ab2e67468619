// The collections kept in the config folder (`collections/`, one `<name>.collection.json` each), or in
// memory where there is no folder (tests). Every read goes through the same checks as a file given on the
// command line; every write is atomic (collectionFile.ts). A file that does not load is listed as a problem,
// never dropped or rewritten.
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Collection, CollectionInput, SavedCallInput } from "../../../shared/collection.js";
import { MAX_COLLECTION_CALLS } from "../../../shared/collection.js";
import { CollectionError, parseCollection, readCollectionFile, saveCollectionFile } from "./collectionFile.js";

export const COLLECTION_FILE = /^[A-Za-z0-9][A-Za-z0-9._ -]{0,99}\.collection\.json$/;
const MAX_FILES = 500;

export interface StoredCollection {
  file: string;
  collection: Collection;
}

export function fileNameFor(name: string): string {
  const slug = name.normalize("NFKD").replace(/[^A-Za-z0-9._ -]+/g, "-").replace(/^[^A-Za-z0-9]+/, "").slice(0, 80).trim() || "collection";
  return `${slug}.collection.json`;
}

export class CollectionStore {
  private readonly memory = new Map<string, Collection>();

  constructor(private readonly dir?: string) {}

  list(): { collections: StoredCollection[]; problems: { file: string; problem: string }[] } {
    if (!this.dir) return { collections: [...this.memory].map(([file, collection]) => ({ file, collection })), problems: [] };
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => COLLECTION_FILE.test(n)).sort().slice(0, MAX_FILES);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return { collections: [], problems: [] };
      throw error;
    }
    const collections: StoredCollection[] = [];
    const problems: { file: string; problem: string }[] = [];
    for (const file of names) {
      try {
        collections.push({ file, collection: readCollectionFile(join(this.dir, file)) });
      } catch (error) {
        if (!(error instanceof CollectionError)) throw error;
        problems.push({ file, problem: error.message.replace(`${join(this.dir, file)}: `, "") });
      }
    }
    return { collections, problems };
  }

  get(file: string): Collection {
    this.checkName(file);
    if (!this.dir) {
      const found = this.memory.get(file);
      if (!found) throw new CollectionError(file, "no such collection");
      return found;
    }
    return readCollectionFile(join(this.dir, file));
  }

  save(file: string, collection: CollectionInput): Collection {
    this.checkName(file);
    if (!this.dir) {
      const checked = parseCollection(JSON.stringify(collection));
      this.memory.set(file, checked);
      return checked;
    }
    mkdirSync(this.dir, { recursive: true });
    return saveCollectionFile(join(this.dir, file), collection);
  }

  /** A collection file's text (an import), checked like any file and kept under a name of its own. */
  importText(text: string): string {
    const collection = parseCollection(text);
    const file = this.freeName(collection.name);
    this.save(file, collection);
    return file;
  }

  private freeName(name: string): string {
    let file = fileNameFor(name);
    const taken = new Set(this.list().collections.map((c) => c.file));
    for (let n = 2; taken.has(file); n++) file = fileNameFor(`${name} ${n}`);
    return file;
  }

  /** One call added at the end of a collection, or of a new one named `newName`. */
  addCall(target: { file: string } | { newName: string; server?: string }, call: SavedCallInput): string {
    if ("newName" in target) {
      const file = this.freeName(target.newName);
      // The server it was made against: the app lists a session's own server's collections first.
      this.save(file, { collection: 1, name: target.newName, ...(target.server ? { server: target.server } : {}), calls: [call] });
      return file;
    }
    const collection = this.get(target.file);
    if (collection.calls.length >= MAX_COLLECTION_CALLS) throw new CollectionError("calls", `the collection already holds ${MAX_COLLECTION_CALLS} calls`);
    this.save(target.file, { ...collection, calls: [...collection.calls, call] });
    return target.file;
  }

  acceptSnapshot(file: string, index: number, snapshot: unknown): void {
    const collection = this.get(file);
    if (!collection.calls[index]) throw new CollectionError(`calls[${index}]`, "no such call");
    this.save(file, { ...collection, calls: collection.calls.map((c, i) => (i === index ? { ...c, snapshot } : c)) });
  }

  private checkName(file: string): void {
    if (!COLLECTION_FILE.test(file)) throw new CollectionError(file, "a collection's file name is letters, digits, '.', '_', '-' or spaces, ending in .collection.json");
  }
}
