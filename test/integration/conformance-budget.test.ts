// The run's time budget covers the official suite too (`check --conformance --budget`): the suite is
// stopped when the budget runs out, the scenarios it finished are kept, the rest are "not run: budget"
// (never the suite's failure), and the merged report is incomplete. server-everything over stdio, through
// the loopback bridge (the suite's own run of every scenario takes far longer than the budgets here).
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { Verdict } from "../../main/core/checks/check.js";
import { mergeConformance, runConformance } from "../../main/core/checks/conformance/suite.js";
import type { CheckReport } from "../../main/core/checks/runner.js";

const EVERYTHING = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/dist/index.js");
const transport = { type: "stdio" as const, command: process.execPath, args: [EVERYTHING, "stdio"], env: {} };
const suite = (verdicts: Verdict[]) => verdicts.find((v) => v.id === "conformance:suite");
const report = (): CheckReport => ({ checks: [], passed: 0, failed: 0, skipped: 0 }) as unknown as CheckReport;

describe("the time budget stops the official suite", () => {
  it("a budget already spent by our checks: the suite is not run, said as the budget", async () => {
    const verdicts = await runConformance({ transport, era: "2025-11-25", deadline: Date.now() - 1 });
    expect(verdicts).toEqual([expect.objectContaining({ id: "conformance:suite", ok: null, detail: "not run: budget (the time budget ran out before the suite)" })]);
    expect(mergeConformance(report(), verdicts).budgetReached).toBe("the time budget ran out before the suite");
  });

  it("a budget that runs out during the suite: it is stopped, no scenario cut short counts as a failure, and the report is incomplete", { timeout: 120_000 }, async () => {
    const verdicts = await runConformance({ transport, era: "2025-11-25", deadline: Date.now() + 5_000 });
    expect(suite(verdicts)).toMatchObject({ ok: null, detail: expect.stringMatching(/^not run: budget \(the time budget ran out during the suite: \d+ scenarios? finished, the rest not run\)$/) });
    expect(verdicts.filter((v) => v.detail.includes("wrote no readable result"))).toEqual([]);
    expect(verdicts.filter((v) => v.ok === false && /^conformance:[^/]+$/.test(v.id))).toEqual([]);
    expect(mergeConformance(report(), verdicts).budgetReached).toMatch(/^the time budget ran out during the suite/);
  });
});
