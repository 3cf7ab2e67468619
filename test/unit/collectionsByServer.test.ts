// The Collections tab lists the session's own server's collections first, the others after them.
import { describe, expect, it } from "vitest";
import { collectionsByServer } from "../../renderer/src/tabs/collections/byServer.js";

const listed = (file: string, server?: string) => ({ file, collection: { collection: 1 as const, name: file, ...(server ? { server } : {}), calls: [] } });

describe("collectionsByServer", () => {
  const all = [listed("a", "Notes"), listed("b"), listed("c", "Weather"), listed("d", "Notes")];

  it("the session's server's collections, in their order, then every other one", () => {
    const { own, others } = collectionsByServer(all, "Notes");
    expect(own.map((c) => c.file)).toEqual(["a", "d"]);
    expect(others.map((c) => c.file)).toEqual(["b", "c"]);
  });

  it("no session, or a server no collection names: all are others, as listed", () => {
    expect(collectionsByServer(all, undefined)).toEqual({ own: [], others: all });
    expect(collectionsByServer(all, "Elsewhere")).toEqual({ own: [], others: all });
  });
});
