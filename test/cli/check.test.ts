// Issue 23: `mcp-task-inspector check` as a user runs it (the built CLI, a child process) against the
// reference server, server-everything over stdio: the --json document, the JUnit file, exit 0, and the
// tools it did not call said on stderr (safe by default).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, everythingStdio, jsonOf, runCli } from "./harness.js";

describe("check on server-everything", () => {
  it("passes every check that applies, writes JUnit, and says which tools it left alone", { timeout: 120_000 }, async () => {
    const junit = join(mkdtempSync(join(tmpdir(), "check-junit-")), "everything.xml");
    const ran = await runCli(["check", "--server", everythingStdio, "--json", "--quiet", "--junit", junit], { entry: BIN });
    expect(ran.code).toBe(0);
    const doc = jsonOf(ran) as { era: string; checks: { id: string; ok: boolean | null }[]; passed: number; failed: number; skipped: number };
    expect(doc.era).toBe("2025-11-25");
    expect(doc.failed).toBe(0);
    expect(doc.checks.filter((c) => c.ok === true).map((c) => c.id)).toEqual(expect.arrayContaining(["lifecycle.ping", "listings.pagination", "tools.input-schema", "resources.read", "results.content", "tasks.unknown-id"]));
    // Safe by default: a tool that changes things (not readOnlyHint) is named as not called.
    expect(ran.stderr).toMatch(/Tools not called: .*"toggle-simulated-logging" \(not readOnlyHint\)/);
    const xml = readFileSync(junit, "utf8");
    expect((xml.match(/<testcase /g) ?? []).length).toBe(doc.checks.length);
    expect(xml).not.toContain("<failure");
  });
});
