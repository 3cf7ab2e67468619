// The checks as the app runs them: through the core's API (the `runChecks` method the Checks tab calls),
// against the real check fixture over stdio. The official conformance suite runs from there as from the
// CLI, its verdicts in the same report as an area of their own; and the report keeps its own copy of the
// messages its verdicts cite, so they survive the session's bounded log moving on.
import { describe, expect, it } from "vitest";
import { CheckReportSchema, type CheckReportView } from "../../shared/checks.js";
import { createHarness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

const target = () => ({ ...fixtureServer("checks/check-target.mjs"), era: "2025-11-25" as const });

describe("the checks through the core's API", () => {
  it("the Conformance area runs the official suite alone: its verdicts under its own ids, each with what the suite saw, and its scenarios as progress", { timeout: 300_000 }, async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: target() });
    // The expected failures as the tab sends them: the YAML text of --expected-failures.
    const expectedFailures = "server:\n  - prompts-list # the suite's own prompt test_simple_prompt\n";
    const report: CheckReportView = CheckReportSchema.parse(await h.core.dispatch("runChecks", { sessionId, areas: ["conformance"], expectedFailures }));
    // Only the suite ran: every verdict is in its area, under its own scenario and check ids.
    expect(report.checks.length).toBeGreaterThan(5);
    expect(report.checks.every((c) => c.area === "conformance" && c.id.startsWith("conformance:"))).toBe(true);
    expect(report.checks.find((c) => c.id === "conformance:ping/ping")).toMatchObject({ ok: true, severity: "error" });
    expect(report.checks.find((c) => c.id === "conformance:resources-list/resources-list")?.ok).toBe(true);
    // Listed, a failure stays in the report as a warning that says so; unlisted, what the fixture lacks of
    // the suite's reference tools fails as an error.
    expect(report.checks.find((c) => c.id === "conformance:prompts-list/prompts-list")).toMatchObject({ ok: false, severity: "warning", detail: expect.stringMatching(/^expected failure \(the suite's own prompt test_simple_prompt\): /) });
    expect(report.checks.find((c) => c.id === "conformance:tools-call-image/tools-call-image")).toMatchObject({ ok: false, severity: "error" });
    expect(report.passed + report.failed + report.skipped).toBe(report.checks.length);
    // The suite's own record is each verdict's evidence (the session's log never saw its requests).
    const initialize = report.checks.find((c) => c.id === "conformance:server-initialize/server-initialize");
    expect(JSON.parse(initialize?.evidence ?? "null")).toMatchObject({ connected: true });
    // The tab's progress line named the suite's scenarios as they ran.
    const running = h.events.flatMap((e) => (e.type === "checkProgress" && e.payload.running ? [e.payload.running] : []));
    expect(running).toContain("conformance: ping");
    expect(h.events.filter((e) => e.type === "checkProgress").at(-1)?.payload).toMatchObject({ sessionId });
    expect(h.events.filter((e) => e.type === "checkProgress").at(-1)?.payload).not.toHaveProperty("running");
  });

  it("a report keeps its own copy of every message its verdicts cite: the log moves on, the evidence stays", { timeout: 120_000 }, async () => {
    const h = createHarness({ settings: { logLimit: 1000 } });
    const { sessionId } = await h.core.dispatch("connect", { server: target() });
    const report = CheckReportSchema.parse(await h.core.dispatch("runChecks", { sessionId, areas: ["lifecycle", "listings"] }));
    const cited = [...new Set(report.checks.flatMap((c) => c.messages))].sort((a, b) => a - b);
    expect(cited.length).toBeGreaterThan(5);
    const { entries: before } = await h.core.dispatch("getLog", { sessionId });
    const logged = new Map(before.map((e) => [e.seq, e]));
    // Every cited message, as the log held it when the verdict was reached.
    expect(report.evidence?.map((e) => e.seq)).toEqual(cited);
    expect(report.evidenceLost).toBeUndefined();
    for (const copy of report.evidence ?? []) expect(copy).toEqual(logged.get(copy.seq));
    // The user goes on using the session: 600 listings push every cited message out of the 1,000-entry log.
    for (let i = 0; i < 600; i++) await h.core.dispatch("listTools", { sessionId });
    const { entries: after } = await h.core.dispatch("getLog", { sessionId });
    expect(after.some((e) => cited.includes(e.seq))).toBe(false);
    // The report's copy is what a verdict's links open now.
    expect(report.evidence?.find((e) => e.seq === cited[0])?.payload).toEqual(logged.get(cited[0]!)?.payload);
  });
});
