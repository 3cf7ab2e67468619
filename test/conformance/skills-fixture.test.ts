// The Skills fixture server (test/fixtures/skills/skills-server.mjs, over Streamable HTTP) passes the official
// suite's SEP-2640 server scenarios, so the Skills tests run the client against a faithful peer: what they
// call a failure of ours is not a quirk of the fixture.
import { execFile, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startListeningFixture } from "../helpers/servers.js";

const require = createRequire(import.meta.url);
const RUNNER = require.resolve("@modelcontextprotocol/conformance/dist/index.js");
const NODE22 = join(dirname(require.resolve("node/package.json")), "bin", process.platform === "win32" ? "node.exe" : "node");
const SCENARIOS = ["sep-2640-skills-enumeration", "sep-2640-skills-manifest", "sep-2640-skills-directory"];

const children: ChildProcess[] = [];
let url = "";
beforeAll(async () => {
  url = `${await startListeningFixture("modern/modern-http-server.mjs", ["--skills"], children)}/mcp`;
});
afterAll(() => {
  for (const child of children.splice(0)) child.kill();
});

describe("the Skills fixture against the official SEP-2640 server scenarios", () => {
  it.each(SCENARIOS)("%s: every check passes", { timeout: 120_000 }, async (scenario) => {
    const output = await new Promise<string>((resolve) =>
      execFile(NODE22, [RUNNER, "server", "--url", url, "--scenario", scenario], { encoding: "utf8", timeout: 110_000 }, (_error, stdout, stderr) => resolve(`${stdout}${stderr}`)),
    );
    const statuses = [...output.replace(/\x1b\[[0-9;]*m/g, "").matchAll(/^\S+ \[([^\]]+?)\s*\] (SUCCESS|FAILURE|WARNING|SKIPPED|INFO)\b/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(statuses.length, output.slice(-3000)).toBeGreaterThan(3);
    expect(statuses.filter((s) => !s.endsWith(" SUCCESS")), output.slice(-3000)).toEqual([]);
  });
});
