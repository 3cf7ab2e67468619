// Issue 22: `diff <a> <b>` on recordings the CLI made of one fixture server in two versions
// (test/fixtures/versioned-server.mjs): exactly the four changes it ships, each rightly classed; the
// calls both recordings made compared by outcome; exit 0 / 1 / 2 and one --json document.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { everythingStdio, fixtureStdio, jsonOf, runCli } from "./harness.js";


const folder = mkdtempSync(join(tmpdir(), "diff-"));
const version = (n: 1 | 2) => fixtureStdio("versioned-server.mjs", "--version", String(n));
const v1 = join(folder, "v1.mcprec");
const v2 = join(folder, "v2.mcprec");

beforeAll(async () => {
  const runs = await Promise.all([runCli(["tools", "--server", version(1), "--record", v1, "--quiet"]), runCli(["tools", "--server", version(2), "--record", v2, "--quiet"])]);
  for (const ran of runs) expect(ran.code, ran.stderr).toBe(0);
});

describe("diff (issue 22)", () => {
  it("a fixture in two versions: exactly tool removed, required argument added, output field removed (breaking) and description changed (not); exit 1", async () => {
    const ran = await runCli(["diff", v1, v2, "--json"]);
    expect(ran.code).toBe(1);
    const doc = jsonOf(ran);
    expect(doc).toMatchObject({ diff: 1, a: { server: { name: "versioned-fixture", version: "1.0.0" }, era: "legacy" }, b: { server: { version: "2.0.0" } }, breaking: 3, other: 1 });
    expect(doc.changes).toEqual([
      { area: "surface", subject: "tool", name: "echo", what: "description changed", breaking: false, before: "Echoes its text", after: "Repeats the text it is given" },
      { area: "surface", subject: "tool", name: "search", what: 'required argument "limit" added', breaking: true },
      { area: "surface", subject: "tool", name: "weather", what: 'output field "humidity" removed', breaking: true },
      { area: "surface", subject: "tool", name: "delete-item", what: "tool removed", breaking: true },
    ]);
    const human = await runCli(["diff", v1, v2]);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain('  BREAKING  tool "delete-item": tool removed\n');
    expect(human.stdout).toContain('  change    tool "echo": description changed\n');
    expect(human.stdout).toMatch(/3 breaking changes, 1 other\n$/);
  });

  it("the other way round: what was added is not breaking, a required argument removed is; the same recording twice says no changes (exit 0)", async () => {
    const back = await runCli(["diff", v2, v1, "--json"]);
    expect(back.code).toBe(1);
    expect((jsonOf(back).changes as { what: string; breaking: boolean }[]).map((c) => [c.what, c.breaking])).toEqual([
      ["description changed", false],
      ['argument "limit" removed', true],
      ['output field "humidity" added', false],
      ["tool added", false],
    ]);
    const same = await runCli(["diff", v1, v1]);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/No changes\.\n$/);
  });

  it("behaviour of the calls both made: a result that lost a field (its shape changed), and a call that now fails (isError) is breaking", async () => {
    const calls: [string, string][] = [["weather", '{"city":"Lisbon"}'], ["search", '{"query":"otters"}']];
    const files: string[] = [];
    for (const n of [1, 2] as const) {
      for (const [tool, args] of calls) {
        const file = join(folder, `${tool}-v${n}.mcprec`);
        await runCli(["call", tool, "--args", args, "--server", version(n), "--record", file, "--quiet"]);
        files.push(file);
      }
    }
    const weather = jsonOf(await runCli(["diff", files[0]!, files[2]!, "--json"])) as { changes: { area: string; what: string; breaking: boolean; before?: unknown; after?: unknown }[] };
    expect(weather.changes.filter((c) => c.area === "behaviour")).toEqual([
      { area: "behaviour", subject: "call", name: 'tools/call {"arguments":{"city":"Lisbon"},"name":"weather"}', what: "result shape changed: field structuredContent.humidity removed", breaking: true, before: expect.objectContaining({ structuredContent: { temperature: 21.5, humidity: 0.4 } }), after: expect.objectContaining({ structuredContent: { temperature: 21.5 } }) },
    ]);
    const search = jsonOf(await runCli(["diff", files[1]!, files[3]!, "--json"])) as { changes: { area: string; what: string; breaking: boolean }[] };
    expect(search.changes.filter((c) => c.area === "behaviour")).toEqual([expect.objectContaining({ what: "result is now an error (isError)", breaking: true })]);
  });

  it("M5 on 2026-07-28: two runs of a task with input requests, answered differently, differ in the task's result only (its status sequence and input requests alike)", async () => {
    const files: string[] = [];
    for (const name of ["Ada", "Grace"]) {
      const file = join(folder, `modern-${name}.mcprec`);
      const ran = await runCli(["call", "task-input", "--elicitation", JSON.stringify({ action: "accept", content: { name } }), "--sampling", '{"model":"m1","content":{"type":"text","text":"a summary"}}', "--root", "file:///w", "--server", fixtureStdio("modern/modern-server.mjs", "--modern-only"), "--record", file, "--quiet"]);
      expect(ran.code, ran.stderr).toBe(0);
      files.push(file);
    }
    const ran = await runCli(["diff", files[0]!, files[1]!, "--json"]);
    expect(ran.code).toBe(0);
    const doc = jsonOf(ran) as { a: { era: string }; changes: { area: string; name: string; what: string; breaking: boolean; before: unknown; after: unknown }[] };
    expect(doc.a.era).toBe("modern");
    expect(doc.changes).toEqual([expect.objectContaining({ area: "behaviour", name: 'tools/call {"arguments":{},"name":"task-input"}', what: "result changed", breaking: false })]);
    expect(JSON.stringify(doc.changes[0]!.before)).toContain("Ada");
    expect(JSON.stringify(doc.changes[0]!.after)).toContain("Grace");
  });

  it("--server: a recording against the live server, its lists and the recording's calls asked again (the same four changes; the weather call's result lost a field)", async () => {
    const ran = await runCli(["diff", v1, "--server", version(2), "--json", "--quiet"]);
    expect(ran.code, ran.stderr).toBe(1);
    const doc = jsonOf(ran) as { b: unknown; changes: { what: string; name: string; breaking: boolean }[] };
    expect(doc.b).toMatchObject({ server: { name: "versioned-fixture", version: "2.0.0" }, era: "legacy" });
    expect(doc.changes.map((c) => [c.name, c.what, c.breaking])).toEqual([
      ["echo", "description changed", false],
      ["search", 'required argument "limit" added', true],
      ["weather", 'output field "humidity" removed', true],
      ["delete-item", "tool removed", true],
    ]);
    const weatherV1 = join(folder, "weather-live-v1.mcprec");
    expect((await runCli(["call", "weather", "--args", '{"city":"Lisbon"}', "--server", version(1), "--record", weatherV1, "--quiet"])).code).toBe(0);
    const calls = jsonOf(await runCli(["diff", weatherV1, "--server", version(2), "--json", "--quiet"])) as { changes: { area: string; what: string }[] };
    expect(calls.changes.filter((c) => c.area === "behaviour").map((c) => c.what)).toEqual(["result shape changed: field structuredContent.humidity removed"]);
    const same = await runCli(["diff", weatherV1, "--server", version(1)]);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/\(live\): versioned-fixture 1\.0\.0 \(2025-11-25\)\n\nNo changes\.\n$/);
  });

  it("two recordings of server-everything, one after the other: no change (exit 0); what differs between the runs is listed apart as varying", async () => {
    const everything = everythingStdio;
    const files: string[] = [];
    for (const n of [1, 2]) {
      const file = join(folder, `everything-${n}.mcprec`);
      const ran = await runCli(["call", "simulate-research-query", "--args", '{"topic":"otters","ambiguous":true}', "--task", "--elicitation", '{"action":"accept","content":{"interpretation":"animals"}}', "--server", everything, "--record", file, "--quiet"]);
      expect(ran.code, ran.stderr).toBe(0);
      files.push(file);
    }
    const ran = await runCli(["diff", files[0]!, files[1]!, "--json"]);
    expect(ran.code, ran.stderr).toBe(0);
    const doc = jsonOf(ran) as { changes: unknown[]; breaking: number; other: number; varies?: { what: string }[] };
    expect(doc.changes).toEqual([]);
    expect(doc.breaking + doc.other).toBe(0);
    for (const v of doc.varies ?? []) expect(v.what).toMatch(/varies between runs/);
    const human = await runCli(["diff", files[0]!, files[1]!]);
    expect(human.stdout).toMatch(/No changes\.\n$/);
  }, 90_000);

  it("a usage or read error is exit 2, with --json one document", async () => {
    const damaged = join(folder, "damaged.mcprec");
    writeFileSync(damaged, "not a recording\n");
    const ran = await runCli(["diff", v1, damaged, "--json"]);
    expect(ran.code).toBe(2);
    expect(jsonOf(ran)).toEqual({ error: { message: expect.stringMatching(/^Line 1 is not JSON/) } });
    const usage = await runCli(["diff", v1]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/diff needs two recordings/);
  });
});
