// The collections kept in the config folder: a saved call starts a new collection or joins one, a file
// that does not load is listed as a problem (never dropped or rewritten), file names cannot leave the
// folder, and the contract's runCollection runs a stored collection on a real session.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CollectionStore, fileNameFor } from "../../main/core/collections/collectionStore.js";
import { InspectorCore } from "../../main/core/inspectorCore.js";
import { fixtureServer } from "../helpers/servers.js";

describe("the collection store", () => {
  it("adds calls, lists what loads, and names a file that does not", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "collections-")), "collections");
    const store = new CollectionStore(dir);
    expect(store.list()).toEqual({ collections: [], problems: [] });
    const file = store.addCall({ newName: "My calls" }, { name: "echo", kind: "tool", target: "echo", arguments: { message: "hi" } });
    expect(file).toBe("My calls.collection.json");
    expect(store.addCall({ newName: "My calls" }, { name: "x", kind: "resource", uri: "demo://a" })).toBe("My calls 2.collection.json");
    store.addCall({ file }, { name: "again", kind: "prompt", target: "p" });
    writeFileSync(join(dir, "broken.collection.json"), '{"collection": 1, "name": "b", "calls": [{"name": "c", "kind": "tool", "target": "t", "assert": [{"path": "$.a", "matches": "(a)\\\\1"}]}]}');
    const before = readFileSync(join(dir, "broken.collection.json"), "utf8");
    const listed = store.list();
    expect(listed.collections.map((c) => [c.file, c.collection.calls.map((k) => k.name)])).toEqual([
      ["My calls 2.collection.json", ["x"]],
      ["My calls.collection.json", ["echo", "again"]],
    ]);
    expect(listed.problems).toEqual([{ file: "broken.collection.json", problem: expect.stringMatching(/^calls\[0\]\.assert\[0\]\.matches: this pattern cannot run on RE2/) }]);
    expect(readFileSync(join(dir, "broken.collection.json"), "utf8")).toBe(before);
  });

  it("refuses file names that would leave the folder", () => {
    const store = new CollectionStore(mkdtempSync(join(tmpdir(), "collections-")));
    for (const name of ["../x.collection.json", "/etc/x.collection.json", "a/b.collection.json", "x.json", ".hidden.collection.json"]) {
      expect(() => store.get(name), name).toThrow("a collection's file name is letters, digits, '.', '_', '-' or spaces, ending in .collection.json");
    }
    expect(fileNameFor("../../etc/passwd")).toBe("etc-passwd.collection.json");
    expect(fileNameFor("🙂")).toBe("collection.collection.json");
  });

  it("runCollection (the contract) runs a stored collection on a session, and acceptSnapshot writes the snapshot", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "collections-")), "collections");
    mkdirSync(dir);
    const core = new InspectorCore({ collectionsDir: dir });
    const { file } = await core.dispatch("addSavedCall", { newCollectionName: "modern", call: { name: "echo", kind: "tool", target: "echo", arguments: { text: "hi" }, assert: [{ path: "$.content[0].text", equals: "hi" }, { snapshot: { ignore: [] } }] } });
    const session = await core.dispatch("connect", { server: fixtureServer("modern/modern-server.mjs") });
    const first = await core.dispatch("runCollection", { sessionId: session.sessionId, file });
    expect(first.calls[0]!.assertions.map((a) => a.ok)).toEqual([true, false]);
    await core.dispatch("acceptSnapshot", { file, callIndex: 0, snapshot: first.calls[0]!.snapshot });
    const second = await core.dispatch("runCollection", { sessionId: session.sessionId, file });
    expect(second).toMatchObject({ collection: "modern", passed: 1, failed: 0 });
    await core.shutdown();
  });
  it("a new collection made from a session names its server (addSavedCall's server); one made without names none", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "collections-")), "collections");
    mkdirSync(dir);
    const core = new InspectorCore({ collectionsDir: dir });
    const call = { name: "echo", kind: "tool" as const, target: "echo", arguments: { text: "hi" }, assert: [{ notError: true as const }] };
    const { file } = await core.dispatch("addSavedCall", { newCollectionName: "mine", call, server: "Notes server" });
    const { file: loose } = await core.dispatch("addSavedCall", { newCollectionName: "loose", call });
    expect(JSON.parse(readFileSync(join(dir, file), "utf8")).server).toBe("Notes server");
    const { collections } = await core.dispatch("listCollections", {});
    expect(collections.map((c) => [c.file, c.collection.server])).toEqual(expect.arrayContaining([[file, "Notes server"], [loose, undefined]]));
    await core.shutdown();
  });
});
