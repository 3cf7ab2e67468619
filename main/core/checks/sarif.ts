// The report as SARIF 2.1.0 (the format GitHub code scanning reads): one rule per check of the catalogue,
// its metadata beside it, and one result per failed check with its level, its detail as the message and,
// where the detail names one, the tool or resource it concerns as a logical location. A server has no
// source line to point at, so each result's physical location is the file the user names (by default
// the stdio server's script, or the server's URL).
import type { Log, ReportingDescriptor, Result } from "sarif";
import { CHECKS } from "./catalogue.js";
import type { CheckReport } from "./runner.js";

export interface SarifOptions {
  /** The tool's own version. */
  version: string;
  /** The file (repository-relative) the results are shown against. */
  artifact: string;
  /** The process's exit code, for the invocation. */
  exitCode?: number;
}

/** The first quoted name a detail starts with (`"echo": …`): the tool, prompt or resource it concerns. */
function concerned(detail: string): string | undefined {
  const match = /^"((?:[^"\\]|\\.){1,200})"(?::| →| came| answered)/.exec(detail);
  return match ? JSON.parse(`"${match[1]}"`) as string : undefined;
}

export function toSarif(report: CheckReport, options: SarifOptions): Log {
  const rules: ReportingDescriptor[] = CHECKS.map((check) => ({
    id: check.id,
    name: check.id.replace(/[.-](\w)/g, (_, c: string) => c.toUpperCase()),
    shortDescription: { text: check.title },
    fullDescription: { text: check.rule },
    help: { text: `The check ${check.id} of docs/checks.md ("What is checked"). ${check.rule}` },
    defaultConfiguration: { level: check.severity === "error" ? "error" : "warning" },
    properties: { area: check.area },
  }));
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const results: Result[] = report.checks
    .filter((c) => c.ok === false)
    .map((c) => {
      const name = concerned(c.detail);
      return {
        ruleId: c.id,
        ...(index.has(c.id) ? { ruleIndex: index.get(c.id)! } : {}),
        level: c.severity === "error" ? "error" : "warning",
        message: { text: `${c.title}: ${c.detail}` },
        locations: [
          {
            physicalLocation: { artifactLocation: { uri: options.artifact } },
            ...(name ? { logicalLocations: [{ name, kind: "member" }] } : {}),
          },
        ],
        properties: { server: report.server.name, era: report.era, ...(c.messages.length ? { logEntries: c.messages } : {}) },
      };
    });
  const notRun = report.checks.filter((c) => c.ok === null && c.detail.startsWith("not run"));
  return {
    version: "2.1.0",
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    runs: [
      {
        tool: { driver: { name: "mcp-task-inspector", version: options.version, rules } },
        invocations: [
          {
            executionSuccessful: !report.ended && !report.budgetReached,
            ...(options.exitCode !== undefined ? { exitCode: options.exitCode } : {}),
            ...(report.ended || report.budgetReached || notRun.length
              ? { toolExecutionNotifications: [{ level: "warning", message: { text: report.ended ?? report.budgetReached ?? `${notRun.length} checks were not run` } }] }
              : {}),
          },
        ],
        results,
        properties: { server: report.server, era: report.era, passed: report.passed, failed: report.failed, skipped: report.skipped },
      },
    ],
  };
}
