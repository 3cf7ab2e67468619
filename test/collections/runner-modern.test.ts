// A collection on a 2026-07-28 server (our SDK v2 fixture over real stdio), through the core's API as the
// user's own calls go: multi round-trip input (an elicitation, then a sampling request) answered from the
// saved answers, a task the server decided on followed to its end, a prompt and a resource whose input
// rounds are answered too, and a variable carried from one call into the next.
import { describe, expect, it } from "vitest";
import { parseCollection } from "../../main/core/collections/collectionFile.js";
import { runCollection } from "../../main/core/collections/runner.js";
import { createHarness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

describe("a collection on 2026-07-28", () => {
  it("answers MRTR rounds from the collection, follows a modern task, and carries a variable", async () => {
    const h = createHarness();
    const info = await h.core.dispatch("connect", { server: fixtureServer("modern/modern-server.mjs") });
    expect(info.era).toBe("modern");
    const collection = parseCollection(
      JSON.stringify({
        collection: 1,
        name: "modern",
        calls: [
          {
            name: "interview",
            kind: "tool",
            target: "interview",
            answers: { elicitation: [{ messageContains: "Your name?", action: "accept", content: { name: "Ada" } }], sampling: { model: "m", content: { type: "text", text: "autumn leaves" } } },
            capture: { line: "$.content[0].text" },
            assert: [{ notError: true }, { path: "$.content[0].text", equals: "Ada / autumn leaves" }],
          },
          { name: "echo the line", kind: "tool", target: "echo", arguments: { text: "said: {{line}}" }, assert: [{ path: "$.content[0].text", equals: "said: Ada / autumn leaves" }] },
          { name: "a task", kind: "tool", target: "task-simple", assert: [{ taskStatus: "completed" }, { path: "$.content[0].text", equals: "simple done" }] },
          { name: "greeting", kind: "prompt", target: "greeting", answers: { elicitation: [{ action: "accept", content: { who: "world" } }] }, assert: [{ path: "$.messages[0].content.text", equals: "Hello world" }] },
          { name: "secret", kind: "resource", uri: "fixture://secret", answers: { elicitation: [{ action: "decline" }] }, assert: [{ path: "$.contents[0].text", equals: "not revealed" }] },
        ],
      }),
    );
    const run = await runCollection(h.core, info.sessionId, collection, "modern fixture");
    expect(run.calls.map((c) => [c.name, c.ok, c.error, c.assertions.filter((a) => !a.ok).map((a) => `${a.assertion}: ${a.detail}`)])).toEqual([
      ["interview", true, undefined, []],
      ["echo the line", true, undefined, []],
      ["a task", true, undefined, []],
      ["greeting", true, undefined, []],
      ["secret", true, undefined, []],
    ]);
    expect(run).toMatchObject({ passed: 5, failed: 0 });
    await h.core.shutdown();
  });
});
