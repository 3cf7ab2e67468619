// `check --sarif <file>`: the report as SARIF 2.1.0, validated with ajv against the official schema
// (vendored under test/fixtures/sarif/, see its README), for a run with failures and a clean one; and
// with --junit, for a server that never finishes its opening (a CI's upload must find both files).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";
import type { Log } from "sarif";
import { describe, expect, it } from "vitest";
import { runCli } from "../../main/cli/run.js";
import { fixtureStdio } from "../cli/harness.js";

const schema = JSON.parse(readFileSync(new URL("../fixtures/sarif/sarif-schema-2.1.0.json", import.meta.url), "utf8")) as object;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);

async function sarifOf(...serverArgs: string[]): Promise<{ code: number; log: Log }> {
  const file = join(mkdtempSync(join(tmpdir(), "sarif-")), "checks.sarif");
  const code = await runCli(["check", "--quiet", "--config-dir", mkdtempSync(join(tmpdir(), "check-")), "--server", fixtureStdio("checks/check-target.mjs", ...serverArgs), "--era", "2025-11-25", "--sarif", file], {
    stdout: { write: () => {} },
    stderr: { write: () => {} },
    onInterrupt: () => () => {},
  });
  return { code, log: JSON.parse(readFileSync(file, "utf8")) as Log };
}

describe("check --sarif", () => {
  it("a run with an error and a warning: valid SARIF 2.1.0, one result per failed check with its rule, level, message and the tool it concerns", async () => {
    const { code, log } = await sarifOf("--defect", "structured", "--defect", "tool-name");
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const run = log.runs[0]!;
    expect(run.tool.driver.name).toBe("mcp-task-inspector");
    expect(run.tool.driver.rules!.map((r) => r.id)).toContain("results.structured-content");
    const results = run.results!.map((r) => ({ ruleId: r.ruleId, level: r.level, rule: run.tool.driver.rules![r.ruleIndex!]!.id }));
    expect(results).toEqual([
      { ruleId: "tools.name", level: "warning", rule: "tools.name" },
      { ruleId: "results.structured-content", level: "error", rule: "results.structured-content" },
    ]);
    const structured = run.results!.find((r) => r.ruleId === "results.structured-content")!;
    expect(structured.message.text).toMatch(/structuredContent does not match its outputSchema/);
    expect(structured.locations![0]!.logicalLocations).toEqual([{ name: "echo", kind: "member" }]);
    // The file a code-scanning alert is shown against: the server's script, relative to the working folder.
    expect(structured.locations![0]!.physicalLocation!.artifactLocation!.uri).toBe("test/fixtures/checks/check-target.mjs");
    expect(run.invocations![0]).toMatchObject({ executionSuccessful: true, exitCode: 1 });
    expect(code).toBe(1);
  });

  it("a clean run: valid SARIF with the whole catalogue as rules and no result", async () => {
    const { code, log } = await sarifOf();
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(log.runs[0]!.results).toEqual([]);
    expect(log.runs[0]!.tool.driver.rules!.length).toBeGreaterThan(30);
    expect(code).toBe(0);
  });

  it("the schema check can fail: a result without its message is refused", async () => {
    const { log } = await sarifOf("--defect", "ping");
    delete (log.runs[0]!.results![0] as { message?: unknown }).message;
    expect(validate(log)).toBe(false);
  });
});

describe("check --junit --sarif --json when the connect fails", () => {
  it("an opening answer the SDK refuses, judged from the log: the SARIF file holds that verdict (lifecycle.version, error); exit 1", async () => {
    const { code, log } = await sarifOf("--defect", "version");
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(log.runs[0]!.results!.map((r) => [r.ruleId, r.level])).toEqual([["lifecycle.version", "error"]]);
    expect(code).toBe(1);
  });

  async function failedConnect(server: string): Promise<{ code: number; doc: { error: { message: string } }; junit: string; log: Log }> {
    const dir = mkdtempSync(join(tmpdir(), "reports-"));
    let stdout = "";
    const code = await runCli(["check", "--json", "--budget", "3000", "--config-dir", mkdtempSync(join(tmpdir(), "check-")), "--server", server, "--era", "2025-11-25", "--junit", join(dir, "checks.xml"), "--sarif", join(dir, "checks.sarif")], {
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: () => {} },
      onInterrupt: () => () => {},
    });
    return { code, doc: JSON.parse(stdout) as { error: { message: string } }, junit: readFileSync(join(dir, "checks.xml"), "utf8"), log: JSON.parse(readFileSync(join(dir, "checks.sarif"), "utf8")) as Log };
  }

  function expectReportsOf(reason: string, { junit, log }: { junit: string; log: Log }): void {
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const run = log.runs[0]!;
    expect(run.results!.map((r) => ({ ruleId: r.ruleId, level: r.level, rule: run.tool.driver.rules![r.ruleIndex!]!.id }))).toEqual([{ ruleId: "lifecycle.handshake", level: "error", rule: "lifecycle.handshake" }]);
    expect(run.results![0]!.message.text).toContain(reason);
    expect(run.invocations![0]).toMatchObject({ executionSuccessful: false, exitCode: 2 });
    expect(junit).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="mcp-task-inspector check" tests="1" failures="1" skipped="0">/);
    expect(junit.match(/<testcase /g)).toHaveLength(1);
    expect(junit).toMatch(/<testcase classname="mcp.lifecycle" name="lifecycle.handshake: [^"]*">\n\s*<failure type="error" message="the server did not finish its opening: [^"]+">/);
    expect(junit).toContain(reason.replace(/"/g, "&quot;"));
  }

  it("a server that never answers its opening: the JSON error, and a JUnit failure and a SARIF error that give the reason; exit 2", async () => {
    const reason = "the server did not finish its opening within the time budget of 3 s (--budget)";
    const result = await failedConnect(`${process.execPath} -e "setInterval(() => {}, 1000)"`);
    expect(result.doc).toEqual({ error: { message: reason } });
    expectReportsOf(reason, result);
    expect(result.code).toBe(2);
  });

  it("a server whose process exits at once: both files, with the connection's error", async () => {
    const result = await failedConnect(`${process.execPath} -e "process.exit(3)"`);
    expect(result.doc.error.message).not.toBe("");
    expectReportsOf(result.doc.error.message, result);
    expect(result.code).toBe(2);
  });
});
