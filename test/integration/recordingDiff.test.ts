// Issue 22, "Compare…" in the app: the core's diffRecordings over a CLI recording of the versioned fixture
// and a live session of its next version (the session's kept log read back as a recording), giving the
// document `diff --json` prints plus each side's surface; a damaged side is an error naming which.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createHarness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";
import { diffRecordingSides } from "../../main/core/recordings/sessionRecording.js";
import { SUMMARY_NAMES } from "../../main/core/recordings/diff.js";
import { fixtureStdio, jsonOf, runCli } from "../cli/harness.js";

describe("diffRecordings (issue 22, Compare…)", () => {
  it("a recording of version 1 against the live session of version 2: the same document as diff --json, and both surfaces", async () => {
    const folder = mkdtempSync(join(tmpdir(), "rec-diff-"));
    const [v1, v2] = [join(folder, "v1.mcprec"), join(folder, "v2.mcprec")];
    for (const [file, n] of [[v1, "1"], [v2, "2"]] as const) {
      const ran = await runCli(["tools", "--server", fixtureStdio("versioned-server.mjs", "--version", n), "--record", file, "--quiet"]);
      expect(ran.code, ran.stderr).toBe(0);
    }
    const h = createHarness();
    const a = readFileSync(v1, "utf8");

    // Two recordings: exactly what the CLI prints as --json.
    const files = await h.core.dispatch("diffRecordings", { a, b: readFileSync(v2, "utf8") });
    expect(files.document).toEqual(jsonOf(await runCli(["diff", v1, v2, "--json"])));

    // A recording and the live session: the session lists its tools, and its kept log is the second side.
    const info = await h.core.dispatch("connect", { server: fixtureServer("versioned-server.mjs", ["--version", "2"]) });
    await h.core.dispatch("listTools", { sessionId: info.sessionId });
    const live = await h.core.dispatch("diffRecordings", { a, b: { sessionId: info.sessionId } });
    expect(live.document.changes.map((c) => [c.name, c.what, c.breaking])).toEqual([
      ["echo", "description changed", false],
      ["search", 'required argument "limit" added', true],
      ["weather", 'output field "humidity" removed', true],
      ["delete-item", "tool removed", true],
    ]);
    expect(live.document).toMatchObject({ breaking: 3, other: 1, a: { server: { version: "1.0.0" } }, b: { server: { version: "2.0.0" } } });
    expect(live.surfaces.a.tools).toEqual({ names: ["echo", "search", "weather", "delete-item"], count: 4 });
    expect(live.surfaces.b.tools).toEqual({ names: ["echo", "search", "weather"], count: 3 });
    // Neither side asked for prompts: the list is not there, rather than empty.
    expect(live.surfaces.a.prompts).toBeUndefined();
    expect(live.surfaces.b).toMatchObject({ era: "legacy", protocolVersion: "2025-11-25", server: { name: "versioned-fixture", version: "2.0.0" } });

    // A damaged side: one error saying which side and which line.
    await expect(h.core.dispatch("diffRecordings", { a, b: `${a.split("\n")[0]}\n{"t":1,` })).rejects.toThrow(/^The second recording: Line 2 /);
  }, 180_000);
});

/** A recording whose server lists `tools` (hand-written, as a hostile file would be). */
function listing(tools: { name: string }[]): string {
  const header = { mcprec: 1, inspector: { name: "mcp-task-inspector", version: "0.1.0" }, recordedAt: "2026-11-25T00:00:00.000Z", era: "legacy", protocolVersion: "2025-11-25", server: { name: "hostile", transport: "stdio", command: "node" }, limits: { messageBytes: 64 * 1024 * 1024 } };
  const request = { t: 0, dir: "out", msg: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} } };
  const answer = { t: 1, dir: "in", msg: { jsonrpc: "2.0", id: 1, result: { tools: tools.map((t) => ({ ...t, inputSchema: { type: "object" } })) } } };
  return `${[header, request, answer].map((l) => JSON.stringify(l)).join("\n")}\n`;
}

describe("diffRecordings against a hostile listing (issue 22)", () => {
  it("2,000 tools with 1,000-character names: each side's names capped at SUMMARY_NAMES, each cut, the count said; every change still in the document", () => {
    const tools = Array.from({ length: 2000 }, (_, i) => ({ name: `${i}:${"<b>x</b>".repeat(125)}` }));
    const { document, surfaces } = diffRecordingSides(listing(tools), listing(tools.slice(1)));
    expect(surfaces.a.tools!.count).toBe(2000);
    expect(surfaces.a.tools!.names).toHaveLength(SUMMARY_NAMES);
    expect(Math.max(...surfaces.a.tools!.names.map((n) => n.length))).toBe(301);
    expect(surfaces.b.tools!.count).toBe(1999);
    expect(document.changes).toHaveLength(1);
    expect(document.changes[0]).toMatchObject({ subject: "tool", what: "tool removed", breaking: true });
  });
});
