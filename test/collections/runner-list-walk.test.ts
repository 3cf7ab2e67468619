// A collection's outputSchema assertion looks the tool up in tools/list: on a server that hands out the same
// cursor again, the walk stops there (what the pages before it listed is kept), never a loop of requests.
// The check fixture over real stdio (2025-11-25), its tools/list repeating its second page's cursor.
import { describe, expect, it } from "vitest";
import { parseCollection } from "../../main/core/collections/collectionFile.js";
import { runCollection } from "../../main/core/collections/runner.js";
import { createHarness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

describe("a collection on a server that repeats its tools/list cursor", () => {
  it("the outputSchema assertion is judged, with tools/list walked to the repeat, not a hundred times", async () => {
    const h = createHarness();
    try {
      const server = { ...fixtureServer("checks/check-target.mjs", ["--defect", "pagination-repeat"]), era: "2025-11-25" as const };
      const info = await h.core.dispatch("connect", { server });
      const before = (await h.core.dispatch("getLog", { sessionId: info.sessionId })).entries.filter((e) => e.direction === "out" && e.method === "tools/list").length;
      const collection = parseCollection(
        JSON.stringify({ collection: 1, name: "walk", calls: [{ name: "echo", kind: "tool", target: "echo", arguments: { text: "hi" }, assert: [{ outputSchema: true }] }] }),
      );
      const run = await runCollection(h.core, info.sessionId, collection, "check fixture");
      expect(run.calls.map((c) => [c.name, c.ok, c.assertions.map((a) => a.ok)])).toEqual([["echo", true, [true]]]);
      const after = (await h.core.dispatch("getLog", { sessionId: info.sessionId })).entries.filter((e) => e.direction === "out" && e.method === "tools/list").length;
      // The collection's walk: two pages, stopped at the repeat; the call's own look-up: one page (echo is on it).
      expect(after - before).toBe(3);
    } finally {
      await h.core.shutdown();
    }
  });
});
