// How the official suite's results become verdicts in our report (`check --conformance`): its statuses,
// the expected-failures file (as the client side's), an out-of-date entry, and a suite that is not there.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  findConformanceSuite,
  MAX_SUITE_EVIDENCE,
  mergeConformance,
  readExpectedFailures,
  runConformance,
  scenarioVerdicts,
  type SuiteCheck,
} from "../../main/core/checks/conformance/suite.js";

const check = (id: string, status: string, errorMessage?: string): SuiteCheck => ({
  id,
  description: `${id} described`,
  status,
  ...(errorMessage ? { errorMessage } : {}),
  specReferences: [{ id: "MCP-Ping", url: "https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/ping" }],
});

describe("the suite's verdicts", () => {
  it("reads the expected-failures file's server list, each reason after its #", () => {
    const listed = readExpectedFailures(
      ["# header", "client:", "  - auth/x # a client one", "server:", "  - tools-call-image # no test_image_content", "  - ping", "", "other:", "  - not-this"].join("\n"),
    );
    expect([...listed]).toEqual([
      ["tools-call-image", "no test_image_content"],
      ["ping", ""],
    ]);
  });

  it("SUCCESS passes, FAILURE fails as an error, WARNING as a warning, SKIPPED and INFO are skipped, under the suite's ids", () => {
    const verdicts = scenarioVerdicts(
      "ping",
      [check("ping", "SUCCESS"), check("wire-schema-valid", "FAILURE", "bad message"), check("w", "WARNING", "meh"), check("s", "SKIPPED"), check("i", "INFO")],
      new Map(),
    );
    expect(verdicts.map((v) => [v.id, v.ok, v.severity, v.area])).toEqual([
      ["conformance:ping/ping", true, "error", "conformance"],
      ["conformance:ping/wire-schema-valid", false, "error", "conformance"],
      ["conformance:ping/w", false, "warning", "conformance"],
      ["conformance:ping/s", null, "error", "conformance"],
      ["conformance:ping/i", null, "error", "conformance"],
    ]);
    expect(verdicts[0]).toMatchObject({ title: "ping described", detail: "passed", messages: [] });
    expect(verdicts[0]!.rule).toContain("MCP-Ping https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/ping");
    expect(verdicts[1]!.detail).toBe("bad message");
  });

  it("a listed scenario's failures stay failures, as warnings with the reason; listed and passing is an error", () => {
    const listed = new Map([["tools-call-image", "no such tool"]]);
    const failing = scenarioVerdicts("tools-call-image", [check("tools-call-image", "FAILURE", "No image content found")], listed);
    expect(failing).toEqual([expect.objectContaining({ ok: false, severity: "warning", detail: "expected failure (no such tool): No image content found" })]);
    const stale = scenarioVerdicts("tools-call-image", [check("tools-call-image", "SUCCESS")], listed);
    expect(stale[1]).toMatchObject({ id: "conformance:tools-call-image/expected-failure", ok: false, severity: "error" });
    expect(stale[1]!.detail).toMatch(/listed as an expected failure but passed: remove it/);
  });

  it("a server's text in the suite's result is bounded", () => {
    const [v] = scenarioVerdicts("x".repeat(200), [check("y".repeat(200), "FAILURE", "z".repeat(100_000))], new Map());
    expect(v!.id.length).toBeLessThanOrEqual(101);
    expect(v!.detail.length).toBeLessThanOrEqual(4001);
  });

  it("what the suite saw is the verdict's evidence: JSON text, bounded however big or odd the server's answer", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const [small, huge, odd, none] = scenarioVerdicts(
      "tools-list",
      [
        { ...check("a", "SUCCESS"), details: { tools: ["echo"] } },
        { ...check("b", "FAILURE", "x"), details: { text: "<b>".repeat(100_000) } },
        { ...check("c", "FAILURE", "x"), details: cyclic },
        check("d", "SUCCESS"),
      ],
      new Map(),
    );
    expect(JSON.parse(small!.evidence!)).toEqual({ tools: ["echo"] });
    expect(huge!.evidence!.length).toBeLessThanOrEqual(MAX_SUITE_EVIDENCE + 1);
    expect(odd!.evidence).toMatch(/^\(the suite's details cannot be shown: /);
    expect(none!.evidence).toBeUndefined();
  });

  it("merged into a report, the counts are recomputed", () => {
    const report = { server: { name: "s", transport: "stdio" }, era: "2025-11-25", checks: [], passed: 0, failed: 0, skipped: 0, notes: [] };
    const merged = mergeConformance(report, scenarioVerdicts("ping", [check("ping", "SUCCESS"), check("b", "FAILURE", "x"), check("c", "SKIPPED")], new Map()));
    expect([merged.passed, merged.failed, merged.skipped]).toEqual([1, 1, 1]);
  });

  it("not installed: one verdict, not run, saying how to get it", async () => {
    const nowhere = mkdtempSync(join(tmpdir(), "no-conformance-"));
    expect(findConformanceSuite([nowhere])).toBeUndefined();
    const verdicts = await runConformance({ transport: { type: "stdio", command: "node", args: [], env: {} }, era: "2025-11-25", searchFrom: [nowhere] });
    expect(verdicts).toEqual([
      expect.objectContaining({
        id: "conformance:suite",
        ok: null,
        detail: expect.stringMatching(/^not run: the conformance suite is not installed \(npm install --save-dev @modelcontextprotocol\/conformance@0\.2\.0-alpha\.12/),
      }),
    ]);
  });
});
