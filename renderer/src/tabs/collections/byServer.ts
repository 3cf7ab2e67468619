// A collection may name the server it was made against; the session's own server's collections are listed
// first (any collection still runs on any server: the others stay listed after them).
import type { Collection } from "../../../../shared/collection.js";

export interface ListedCollection {
  file: string;
  collection: Collection;
}

export function collectionsByServer<T extends ListedCollection>(listed: readonly T[], serverName: string | undefined): { own: T[]; others: T[] } {
  const own = serverName === undefined ? [] : listed.filter((c) => c.collection.server === serverName);
  return { own, others: listed.filter((c) => !own.includes(c)) };
}
