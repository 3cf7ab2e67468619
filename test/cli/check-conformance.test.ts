// `check --conformance` as a user runs it (the built CLI, a child process): the official suite's server
// scenarios against server-everything over stdio (through our loopback bridge) and over Streamable HTTP,
// and against our check fixture on both eras, with the suite's verdicts in the same JSON and JUnit report
// under its own scenario and check ids. The expected-failures files list what each server lacks of the
// suite's reference fixtures (tools, prompts and resources by the suite's own names).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, everythingStdio, fixtureStdio, jsonOf, runCli, startEverythingHttp, startHttpFixture, type ServerProcess } from "./harness.js";

type Verdict = { id: string; title: string; severity: string; ok: boolean | null; detail: string };
type Doc = { era: string; server: { transport: string }; checks: Verdict[]; passed: number; failed: number; skipped: number };

const expectedFile = (name: string) => fileURLToPath(new URL(`../conformance/expected-failures-${name}.yml`, import.meta.url));
const suiteVerdicts = (doc: Doc) => doc.checks.filter((c) => c.id.startsWith("conformance:"));
const byId = (doc: Doc, id: string) => doc.checks.find((c) => c.id === id);
/** Failed error-level verdicts of the suite: none may be left once the expected failures are listed. */
const unexpected = (doc: Doc) => suiteVerdicts(doc).filter((c) => c.ok === false && c.severity === "error");

describe("check --conformance", () => {
  it("server-everything over stdio, through the bridge: the suite's verdicts in the JSON and JUnit report, exit 0", { timeout: 300_000 }, async () => {
    const junit = join(mkdtempSync(join(tmpdir(), "check-conformance-")), "everything.xml");
    const ran = await runCli(
      ["check", "--server", everythingStdio, "--conformance", "--expected-failures", expectedFile("server-everything"), "--json", "--junit", junit],
      { entry: BIN },
    );
    const doc = jsonOf(ran) as Doc;
    expect(ran.code, ran.stderr).toBe(0);
    expect(doc.server.transport).toBe("stdio");
    // Our own checks are still there, beside the suite's.
    expect(byId(doc, "lifecycle.ping")?.ok).toBe(true);
    // The suite's own scenario and check ids.
    expect(byId(doc, "conformance:server-initialize/server-initialize")).toMatchObject({ ok: true, severity: "error" });
    expect(byId(doc, "conformance:ping/ping")?.ok).toBe(true);
    expect(byId(doc, "conformance:tools-list/tools-list")?.ok).toBe(true);
    expect(byId(doc, "conformance:logging-set-level/logging-set-level")?.ok).toBe(true);
    expect(byId(doc, "conformance:ping/wire-schema-valid")?.ok).toBe(true);
    // A listed failure stays a failure, as a warning that says why.
    expect(byId(doc, "conformance:tools-call-image/tools-call-image")).toMatchObject({ ok: false, severity: "warning" });
    expect(byId(doc, "conformance:tools-call-image/tools-call-image")?.detail).toMatch(/^expected failure \(calls the suite's tool test_image_content.*\): No image content found/);
    // The HTTP transport's own scenarios would judge the bridge, not this stdio server.
    expect(byId(doc, "conformance:dns-rebinding-protection")).toMatchObject({ ok: null, detail: expect.stringMatching(/^not run: it tests the HTTP transport/) });
    expect(byId(doc, "conformance:server-session-lifecycle")?.ok).toBeNull();
    expect(unexpected(doc)).toEqual([]);
    expect(doc.passed + doc.failed + doc.skipped).toBe(doc.checks.length);
    expect(doc.failed).toBe(doc.checks.filter((c) => c.ok === false).length);
    // Progress on stderr, one line per scenario.
    expect(ran.stderr).toMatch(/^conformance: tools-list$/m);
    const xml = readFileSync(junit, "utf8");
    expect((xml.match(/<testcase /g) ?? []).length).toBe(doc.checks.length);
    expect(xml).toContain('classname="mcp.conformance" name="conformance:ping/ping: ');
    expect(xml).not.toContain("<failure");
  });

  describe("server-everything over Streamable HTTP", () => {
    let server: ServerProcess;
    beforeAll(async () => {
      server = await startEverythingHttp();
    });
    afterAll(() => server?.stop());

    it("the suite tests the server at its URL, its HTTP scenarios included", { timeout: 300_000 }, async () => {
      const ran = await runCli(["check", "--server", server.url, "--conformance", "--expected-failures", expectedFile("server-everything"), "--json", "--quiet"], {
        entry: BIN,
      });
      const doc = jsonOf(ran) as Doc;
      expect(doc.server.transport).toBe("streamableHttp");
      expect(byId(doc, "conformance:server-initialize/server-initialize")?.ok).toBe(true);
      expect(byId(doc, "conformance:tools-call-simple-text/tools-call-simple-text")?.ok).toBe(true);
      // Over HTTP the transport scenarios are judged, not skipped.
      const transportScenarios = suiteVerdicts(doc).filter((c) => /^conformance:(dns-rebinding-protection|server-session-lifecycle)\//.test(c.id));
      expect(transportScenarios.length).toBeGreaterThan(2);
      expect(transportScenarios.every((c) => c.ok !== null)).toBe(true);
      // What fails unlisted is server-everything's HTTP transport (its session and Host handling), and it
      // fails the run.
      const unlisted = new Set(unexpected(doc).map((c) => c.id.split("/")[0]));
      expect([...unlisted].sort()).toEqual(["conformance:dns-rebinding-protection", "conformance:server-session-lifecycle"]);
      expect(ran.code).toBe(1);
    });
  });

  it("the check fixture over stdio on 2025-11-25: every failure the suite finds is listed with its reason", { timeout: 300_000 }, async () => {
    const ran = await runCli(
      ["check", "--server", fixtureStdio("checks/check-target.mjs"), "--era", "2025-11-25", "--conformance", "--expected-failures", expectedFile("check-fixture-2025-11-25"), "--json", "--quiet"],
      { entry: BIN },
    );
    const doc = jsonOf(ran) as Doc;
    expect(ran.code, ran.stderr).toBe(0);
    expect(doc.era).toBe("2025-11-25");
    expect(byId(doc, "conformance:ping/ping")?.ok).toBe(true);
    expect(byId(doc, "conformance:resources-list/resources-list")?.ok).toBe(true);
    expect(byId(doc, "conformance:prompts-list/prompts-list")).toMatchObject({ ok: false, severity: "warning" });
    expect(unexpected(doc)).toEqual([]);
  });

  describe("the check fixture over Streamable HTTP on 2026-07-28", () => {
    let server: ServerProcess;
    beforeAll(async () => {
      server = await startHttpFixture("checks/check-target.mjs", ["--http"]);
    });
    afterAll(() => server?.stop());

    it("the suite's 2026-07-28 scenarios: its schema check passes the fixture's list results (they carry cache hints)", { timeout: 300_000 }, async () => {
      const ran = await runCli(["check", "--server", server.url, "--conformance", "--expected-failures", expectedFile("check-fixture-2026-07-28"), "--json", "--quiet"], {
        entry: BIN,
      });
      const doc = jsonOf(ran) as Doc;
      expect(ran.code, ran.stderr).toBe(0);
      expect(doc.era).toBe("2026-07-28");
      expect(byId(doc, "conformance:dns-rebinding-protection/localhost-host-rebinding-rejected")?.ok).toBe(true);
      expect(byId(doc, "conformance:tools-list/wire-schema-valid")).toMatchObject({ ok: true });
      expect(byId(doc, "lifecycle.cache-hints")).toMatchObject({ ok: true });
      expect(unexpected(doc)).toEqual([]);
    });
  });

  it("without the expected-failures file, a failure the suite finds is an error and the run exits 1", { timeout: 300_000 }, async () => {
    const ran = await runCli(["check", "--server", fixtureStdio("checks/check-target.mjs"), "--era", "2025-11-25", "--conformance", "--json", "--quiet"], { entry: BIN });
    const doc = jsonOf(ran) as Doc;
    expect(ran.code).toBe(1);
    expect(byId(doc, "conformance:prompts-list/prompts-list")).toMatchObject({ ok: false, severity: "error" });
  });

  it("--conformance is for check, and --expected-failures needs it", async () => {
    const a = await runCli(["tools", "--server", everythingStdio, "--conformance"], { entry: BIN });
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/--conformance is for check, not tools/);
    const b = await runCli(["check", "--server", everythingStdio, "--expected-failures", "x.yml"], { entry: BIN });
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/--expected-failures needs --conformance/);
  });
});
