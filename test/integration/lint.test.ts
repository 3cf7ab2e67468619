// `mcp-task-inspector lint`: the lint area alone (warnings), against a hand-written server whose tools
// carry the flaws hosts trip on, and its clean twin.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../main/cli/run.js";
import { fixtureStdio } from "../cli/harness.js";

interface Doc {
  checks: { id: string; severity: string; ok: boolean | null; detail: string }[];
}

async function lint(...serverArgs: string[]): Promise<{ code: number; doc: Doc }> {
  let stdout = "";
  const code = await runCli(["lint", "--json", "--quiet", "--era", "2025-11-25", "--config-dir", mkdtempSync(join(tmpdir(), "lint-")), "--server", fixtureStdio("checks/lint-target.mjs", ...serverArgs)], {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: () => {} },
    onInterrupt: () => () => {},
  });
  return { code, doc: JSON.parse(stdout) as Doc };
}

describe("lint", () => {
  it("a clean tool list: every lint check passes, with the list's token cost said", async () => {
    const { code, doc } = await lint();
    expect(doc.checks.map((c) => c.id)).toEqual(["lint.input-schema-hosts", "lint.descriptions", "lint.similar-names", "lint.token-cost"]);
    expect(doc.checks.filter((c) => c.ok !== true)).toEqual([]);
    expect(doc.checks.find((c) => c.id === "lint.token-cost")!.detail).toMatch(/^the tool list costs \d+ tokens for 2 tools; the heaviest: "(get_user|list_orders)" \d+/);
    expect(code).toBe(0);
  });

  it("flawed tools: each flaw is a warning naming the tool, and the exit code stays 0 (warnings only)", async () => {
    const { code, doc } = await lint("--flawed");
    const detail = (id: string) => doc.checks.find((c) => c.id === id)!;
    for (const c of doc.checks) expect(c).toMatchObject({ ok: false, severity: "warning" });
    expect(detail("lint.input-schema-hosts").detail).toContain('"get_user": "anyOf" at the root');
    expect(detail("lint.input-schema-hosts").detail).toContain('"getUser": a remote $ref "https://example.com/schemas/id.json"');
    expect(detail("lint.descriptions").detail).toContain('tool "get_user" has no useful description');
    expect(detail("lint.descriptions").detail).toContain('tool "get-user" has no useful description');
    expect(detail("lint.similar-names").detail).toBe('tools "get_user", "getUser", "get-user" differ only by case or separator');
    expect(detail("lint.token-cost").detail).toMatch(/^1 tool over 2,000 tokens each: "encyclopedia"/);
    expect(code).toBe(0);
  });

  it("input schemas past the walk's bounds (40 levels deep, a list of 250, 600 parameters, two more deep ones): said in the verdicts they limit, which are warnings, never a silent pass", async () => {
    const { code, doc } = await lint("--bounds");
    const hosts = doc.checks.find((c) => c.id === "lint.input-schema-hosts")!;
    expect(hosts).toMatchObject({ ok: false, severity: "warning" });
    expect(hosts.detail).toMatch(/^5 input schemas use only what hosts accept, but only so far: /);
    expect(hosts.detail).toContain('schema of tool "deep": checked to depth 32 only');
    expect(hosts.detail).toContain('schema of tool "wide": the first 200 of 250 items of a list checked');
    expect(hosts.detail).toContain('schema of tool "many": the first 500 of 600 keys of an object checked');
    // Past the first three, the others are counted, not named one by one.
    expect(hosts.detail).toContain("2 more input schemas past a bound");
    expect(hosts.detail).not.toContain('"deep_2"');
    const descriptions = doc.checks.find((c) => c.id === "lint.descriptions")!;
    expect(descriptions).toMatchObject({ ok: false, severity: "warning" });
    expect(descriptions.detail).toContain('tool "many": the first 100 of 600 parameters checked');
    expect(doc.checks.find((c) => c.id === "lint.similar-names")).toMatchObject({ ok: true });
    expect(code).toBe(0);
  });
});
