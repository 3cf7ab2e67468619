// `run <collection>` from the command line (the built CLI as a child process): a collection of
// server-everything calls (echo, a variable from it, a sum, structured content against its output schema,
// a resource read with a snapshot, the research task with its elicitation answered from the collection)
// runs green against server-everything and against a replay of its own recording, and red (exit 1, the
// failing assertions named) against a server whose answers changed. A damaged file is exit 2.
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { CollectionRun } from "../../shared/collection.js";
import { CLI, command, everythingStdio, fixture, fixtureStdio, jsonOf, newConfigDir, runCli } from "./harness.js";

const dir = newConfigDir();
const file = join(dir, "everything.collection.json");
const recording = join(dir, "everything.mcprec");

describe("CLI run <collection>", () => {
  beforeAll(async () => {
    copyFileSync(fixture("collections/everything.collection.json"), file);
    // The snapshot is accepted once, as a user would the first time, and written into the file.
    const first = await runCli(["run", file, "--server", everythingStdio, "--update-snapshots", "--quiet"]);
    expect(first.code).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8")).calls[4].snapshot.contents[0].uri).toBe("demo://resource/static/document/architecture.md");
  }, 60_000);

  it("green against server-everything: exit 0, every assertion held, the task's elicitation answered from the collection, JUnit written", async () => {
    const junit = join(dir, "junit.xml");
    const ran = await runCli(["run", file, "--server", everythingStdio, "--json", "--junit", junit, "--record", recording]);
    expect(ran.code).toBe(0);
    const run = jsonOf(ran) as unknown as CollectionRun;
    expect(run).toMatchObject({ collection: "Everything smoke", passed: 6, failed: 0 });
    expect(run.calls.map((c) => [c.name, c.ok])).toEqual([
      ["echo hi", true],
      ["echo what was echoed", true],
      ["a sum", true],
      ["structured weather", true],
      ["read the architecture document", true],
      ["research with a clarification", true],
    ]);
    expect(run.calls[5]!.assertions.map((a) => a.detail)[0]).toBe("ended completed");
    expect(ran.stderr).toContain("pass research with a clarification");
    const xml = readFileSync(junit, "utf8");
    expect(xml).toContain('<testsuites name="mcp-task-inspector run" tests="6" failures="0">');
    expect(xml).toContain('<testcase classname="collection.resource" name="read the architecture document"');
  }, 60_000);

  it("green against a replay of that run's recording", async () => {
    const ran = await runCli(["run", file, "--server", command(process.execPath, CLI, "replay", recording), "--json", "--quiet"]);
    expect(ran.code).toBe(0);
    expect(jsonOf(ran)).toMatchObject({ passed: 6, failed: 0 });
  }, 60_000);

  it("red against a server whose answers changed: exit 1, each failing assertion named", async () => {
    const ran = await runCli(["run", file, "--server", fixtureStdio("collections/changed-server.mjs"), "--quiet"]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain('FAIL  echo hi (tool, ');
    expect(ran.stdout).toContain('      FAILED $.content[0].text equals "Echo: hi": is "Echo: hi!", not "Echo: hi"');
    expect(ran.stdout).toContain('      FAILED $.content[0].text matches /\\b5\\b/: "The sum of 2 and 3 is 6." does not match');
    expect(ran.stdout).toContain("      FAILED matches the accepted snapshot: differs at $.contents[0].text");
    expect(ran.stdout).toMatch(/^pass {2}structured weather/m);
    expect(ran.stdout).toMatch(/1 passed, 5 failed\n$/);
  }, 60_000);

  it("a question the collection has no answer for fails the call and says which", async () => {
    const collection = JSON.parse(readFileSync(file, "utf8"));
    const research = { ...collection.calls[5], answers: undefined };
    const bare = join(dir, "no-answer.json");
    writeFileSync(bare, JSON.stringify({ ...collection, calls: [research] }));
    const ran = await runCli(["run", bare, "--server", everythingStdio, "--json", "--quiet"]);
    expect(ran.code).toBe(1);
    const run = jsonOf(ran) as unknown as CollectionRun;
    expect(run.calls[0]!.error).toMatch(/^the server asked an elicitation "The research query \\"python\\" could have multiple interpretations.*", and the collection has no answer for it: it was declined$/);
  }, 60_000);

  it.each([
    ["a damaged file", '{"collection": 1, "name": "x", "calls": [', /^mcp-task-inspector run: .*bad\.json: \(file\): not valid JSON: .* \(line 1, column \d+\)\n$/],
    ["another version", '{"collection": 7, "name": "x", "calls": []}', /bad\.json: collection: format version 7 is not one this inspector reads \(it reads 1\)/],
  ])("%s: exit 2, the place named", async (_what, text, says) => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, text);
    const ran = await runCli(["run", bad, "--server", everythingStdio]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(says);
  });

  it("usage: no collection, or no server, is exit 2", async () => {
    expect((await runCli(["run", "--server", everythingStdio])).code).toBe(2);
    expect((await runCli(["run", file])).stderr).toBe("mcp-task-inspector run: run needs --server <name|command|url>\n");
  });
});
