// The inspector's own list walks, against a real stdio server whose tools/list hands out the same cursor
// forever (check-target --defect pagination-repeat): a call that looks its tool up (session.toolNamed)
// stops at the repeated cursor, once, instead of asking for tools/list without end.
import { describe, expect, it } from "vitest";
import { walkPages } from "../../shared/listWalk.js";
import { createHarness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

describe("a repeated or endless cursor stops a list walk, once", () => {
  it("walkPages: a cursor answered a second time ends the walk with the pages before it, and says so", async () => {
    const asked: (string | undefined)[] = [];
    const items: number[] = [];
    const stopped = await walkPages(
      "tools/list",
      async (cursor) => {
        asked.push(cursor);
        return cursor === undefined ? { items: [1], nextCursor: "a" } : cursor === "a" ? { items: [2], nextCursor: "b" } : { items: [3], nextCursor: "a" };
      },
      (page) => void items.push(...page.items),
    );
    expect(asked).toEqual([undefined, "a", "b"]);
    expect(items).toEqual([1, 2, 3]);
    expect(stopped).toBe('Protocol violation: tools/list answered the cursor "a" a second time (page 3); the list stopped there, with what the pages before it held.');
  });

  it("walkPages: fresh cursors without end stop at the page bound", async () => {
    let pages = 0;
    const stopped = await walkPages("prompts/list", async () => ({ nextCursor: `c${++pages}` }), () => {}, 50);
    expect(pages).toBe(50);
    expect(stopped).toBe("prompts/list still had a nextCursor after 50 pages; the list stopped there.");
  });

  it("session.toolNamed on a server that repeats its cursor: a call of an unlisted tool asks tools/list twice, then goes on", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: { ...fixtureServer("checks/check-target.mjs", ["--defect", "pagination-repeat"]), era: "2025-11-25" } });
    const outcome = await h.core.dispatch("callTool", { sessionId, name: "not-listed", arguments: {} }).then(
      (result) => JSON.stringify(result),
      (error: Error) => error.message,
    );
    // The server's own answer to the call: the walk ended, the call was made.
    expect(outcome).toContain("unknown tool not-listed");
    const { entries } = await h.core.dispatch("getLog", { sessionId });
    const lists = entries.filter((e) => e.direction === "out" && e.method === "tools/list");
    expect(lists.map((e) => (e.payload as { params?: { cursor?: string } }).params?.cursor)).toEqual([undefined, "p2"]);
    await h.core.dispatch("disconnect", { sessionId });
  });
});
