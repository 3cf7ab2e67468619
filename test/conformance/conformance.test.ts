// The official conformance suite (@modelcontextprotocol/conformance, pinned in package.json) runs every client
// scenario of 2025-11-25 and 2026-07-28, and the [extension] and 2025-03-26 (backward compatibility) ones,
// against our CLI (out/main/cli.js, so
// `npm run build` first; `npm test` does) through test/conformance/adapter.mjs. The runner itself needs
// Node >= 22: it runs on the `node` devDependency's binary; the CLI runs on the Node running this file.
// A scenario fails this file when it fails a check that its era's expected-failures file does not list
// (a listed one that passes fails it too: the runner calls that a stale baseline).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const RUNNER = require.resolve("@modelcontextprotocol/conformance/dist/index.js");
const NODE22 = join(dirname(require.resolve("node/package.json")), "bin", process.platform === "win32" ? "node.exe" : "node");
const ADAPTER = join(here, "adapter.mjs");
// The runner splits this on spaces and hands it to a shell, so quoted paths survive.
const COMMAND = `"${process.execPath}" "${ADAPTER}"`;
/** The runner's own limit for one client run (its default is 30 s; this machine is shared and slow). */
const CLIENT_TIMEOUT_MS = 90_000;
const ERAS = ["2025-11-25", "2026-07-28"] as const;
/** Attempted too: the [extension] scenarios, and the 2025-03-26 ones (a client must still meet such servers). */
const EXTRAS = ["extension", "2025-03-26"] as const;
type Era = (typeof ERAS)[number] | (typeof EXTRAS)[number];

/** The client scenarios the pinned runner has, with the spec versions (or "extension") each applies to. */
function clientScenarios(): { name: string; tags: string[] }[] {
  // The `node` package fetches its binary in an install script: without it there is no runner to run.
  if (!existsSync(NODE22)) throw new Error(`No Node 22 at ${NODE22}: run npm ci (the node devDependency's install script fetches it)`);
  const listing = execFileSync(NODE22, [RUNNER, "list", "--client"], { encoding: "utf8" });
  return [...listing.matchAll(/^\s+- (\S+) \[([^\]]*)\]$/gm)].map((m) => ({ name: m[1] ?? "", tags: (m[2] ?? "").split(",") }));
}

const scenarios = clientScenarios();
const out = mkdtempSync(join(tmpdir(), "conformance-"));
const table: { scenario: string; era: Era; passed: number; total: number; verdict: string }[] = [];

interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED";
  errorMessage?: string;
}

function runScenario(name: string, era: Era): Promise<{ code: number; output: string; checks: Check[] }> {
  const dir = join(out, era, name.replace(/\//g, "_"));
  const args = [RUNNER, "client", "--command", COMMAND, "--scenario", name, "--timeout", String(CLIENT_TIMEOUT_MS), "-o", dir];
  // An extension scenario is on no spec timeline: the runner picks its wire itself.
  if (era !== "extension") args.push("--spec-version", era);
  const baseline = join(here, `expected-failures-${era}.yml`);
  if (existsSync(baseline)) args.push("--expected-failures", baseline);
  return new Promise((resolve) => {
    const child = spawn(NODE22, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output = (output + chunk).slice(-200_000)));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output = (output + chunk).slice(-200_000)));
    child.on("close", (code) => {
      // The runner writes <dir>/<scenario>-<time>/checks.json; "auth/x" nests one directory deeper.
      const checksFile = existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: "utf8" }).find((f) => f.endsWith("checks.json")) : undefined;
      const checks = checksFile ? (JSON.parse(readFileSync(join(dir, checksFile), "utf8")) as Check[]) : [];
      resolve({ code: code ?? 1, output, checks });
    });
  });
}

function plan(era: Era) {
  return scenarios.filter((s) => (era === "extension" ? s.tags.includes("extension") : s.tags.includes(era)));
}

for (const era of [...ERAS, ...EXTRAS] as Era[]) {
  describe.concurrent(`conformance client scenarios, ${era}`, () => {
    it("the pinned runner lists client scenarios for this era", () => {
      expect(plan(era).length).toBeGreaterThan(era === "extension" ? 3 : era === "2025-03-26" ? 1 : 10);
    });
    for (const { name } of plan(era)) {
      it(`${name} (${era}): every check passes but the expected failures listed with their reason`, { timeout: CLIENT_TIMEOUT_MS + 60_000 }, async () => {
        const { code, output, checks } = await runScenario(name, era);
        const scored = checks.filter((c) => c.status === "SUCCESS" || c.status === "FAILURE" || c.status === "WARNING");
        const passed = scored.filter((c) => c.status === "SUCCESS").length;
        // A scenario whose checks all came back SKIPPED exercised nothing (the client lacks that extension).
        const verdict = code !== 0 ? "FAIL" : scored.length === 0 ? "not exercised" : passed < scored.length ? "expected failure" : "pass";
        table.push({ scenario: name, era, passed, total: scored.length, verdict });
        expect(output, "the runner skipped the scenario instead of running it").not.toMatch(/SKIPPED: scenario/);
        expect(code, output.slice(-6000)).toBe(0);
        // Issue 24: an extension scenario counts only when its checks ran (0/0 "not exercised" is no pass).
        if (era === "extension") expect(scored.length, `${name} exercised nothing`).toBeGreaterThan(0);
      });
    }
  });
}

afterAll(() => {
  const rows = [...table].sort((a, b) => a.era.localeCompare(b.era) || a.scenario.localeCompare(b.scenario));
  const lines = rows.map((r) => `| ${r.scenario} | ${r.era} | ${r.passed}/${r.total} | ${r.verdict} |`);
  console.log(["| scenario | era | checks passed / total | verdict |", "|---|---|---|---|", ...lines].join("\n"));
});
