// `mcp-task-inspector check`: the server checks (main/core/checks/) on one connected session. Human lines
// or the --json document on stdout, JUnit XML into --junit's file; exit 1 when an error-level check failed.
import { writeFileSync } from "node:fs";
import type { InspectorCore } from "../core/inspectorCore.js";
import { DEFAULT_BUDGET_MS, DEFAULT_CONFORMANCE_BUDGET_MS, hasErrors, type CheckReport } from "../core/checks/runner.js";
import { toJunit } from "../core/checks/junit.js";
import { toSarif } from "../core/checks/sarif.js";
import { CHECKS } from "../core/checks/catalogue.js";
import { CLIENT_INFO } from "../core/eras/driver.js";
import type { ServerConfig } from "../../shared/types.js";
import { isAbsolute, relative } from "node:path";
import type { CliArgs } from "./args.js";
import { printable } from "./human.js";

/** What `check` prints and the exit code it ends with. */
export interface CheckOutcome {
  report: CheckReport;
  exitCode: number;
}

/**
 * check and lint: the time budget is the whole run's, the connect included, so a server that never answers
 * its opening costs the budget, not the era probe's and the opening's time-outs on top of it.
 */
export function connectWithinBudget<T>(args: CliArgs, startedAt: number, connecting: Promise<T>): Promise<T> {
  const budgetMs = args.budgetMs ?? (args.conformance ? DEFAULT_CONFORMANCE_BUDGET_MS : DEFAULT_BUDGET_MS);
  if ((args.command !== "check" && args.command !== "lint") || budgetMs <= 0) return connecting;
  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the server did not finish its opening within the time budget of ${budgetMs / 1000} s (--budget)`)), Math.max(0, startedAt + budgetMs - Date.now()));
  });
  connecting.catch(() => {});
  return Promise.race([connecting, outOfTime]).finally(() => clearTimeout(timer));
}

export async function runCheckCommand(core: InspectorCore, sessionId: string, args: CliArgs, status: (line: string, always?: boolean) => void, startedAt?: number): Promise<CheckOutcome> {
  let running = { id: "", done: 0, total: 0 };
  const report = await core.runChecks(sessionId, {
    calls: args.checkCalls,
    ...(args.command === "lint" ? { areas: ["lint"] } : {}),
    ...(args.timeoutMs ? { timeoutMs: args.timeoutMs } : {}),
    ...(args.budgetMs !== undefined ? { budgetMs: args.budgetMs } : {}),
    ...(startedAt !== undefined ? { startedAt } : {}),
    endHttpSession: true,
    ...(args.conformance ? { conformance: { ...args.conformance, onProgress: (line: string) => status(line) } } : {}),
    onProgress: (p) => {
      if (p.running) running = { id: p.running, done: p.done, total: p.total };
    },
    // The suite's verdicts come after ours, without a count (it does not say how many it will give).
    onVerdict: (v) => status(v.area === "conformance" ? `${mark(v.ok, v.severity)} ${v.id}` : `[${running.done + 1}/${running.total}] ${mark(v.ok, v.severity)} ${v.id}`),
  });
  // What the checks did on the user's behalf is always said (stderr: stdout holds the document).
  for (const note of report.notes) status(note, true);
  // A connection lost during the run is a connection problem (exit 2): the checks after it did not run.
  if (report.ended) status(`The connection ended during the checks (${report.ended}); the checks after it were not run`, true);
  if (report.budgetReached) status(`The checks stopped: ${report.budgetReached}; the report holds every finished verdict and says "not run: budget" for the others`, true);
  const exitCode = exitCodeOf(report);
  writeReportFiles(args, { report, exitCode }, core.session(sessionId).config);
  return { report, exitCode };
}

/** --junit and --sarif: written on every run that gets as far as a report, a failed connect included. */
function writeReportFiles(args: CliArgs, { report, exitCode }: CheckOutcome, config: ServerConfig): void {
  if (args.junit) writeFileSync(args.junit, toJunit(report));
  if (args.sarif) writeFileSync(args.sarif, `${JSON.stringify(toSarif(report, { version: CLIENT_INFO.version, artifact: artifactOf(config), exitCode }), null, 2)}\n`);
}

/**
 * What a SARIF result points at: a stdio server's script (the last argument that names a source file),
 * relative to the working folder as a repository's files are; otherwise the server's URL or command.
 */
export function artifactOf(config: ServerConfig): string {
  const t = config.transport;
  if (t.type !== "stdio") return t.url;
  const script = [...t.args].reverse().find((a) => /\.(m?js|cjs|ts|mts|py|rb|go|rs|java|kt|cs|php)$/i.test(a));
  const path = script ?? t.command;
  const rel = isAbsolute(path) ? relative(t.cwd ?? process.cwd(), path) : path;
  return rel.split("\\").join("/");
}

/**
 * 1: an error-level check failed. 2: the run could not finish (the connection ended, or the time budget ran
 * out with no error found), so the verdicts do not cover the server. 0: every check finished and no error.
 */
export function exitCodeOf(report: CheckReport): number {
  if (report.ended) return 2;
  if (hasErrors(report)) return 1;
  return report.budgetReached ? 2 : 0;
}

/**
 * The connect failed: if it failed on the server's opening answer (the SDK refuses a malformed one, or a
 * version it does not speak), the checks that read that answer from the log judge it, and a failed one is
 * the server's error (exit 1), not a connection problem. Otherwise undefined: the caller exits 2.
 */
async function checkFailedHandshake(core: InspectorCore, status: (line: string, always?: boolean) => void): Promise<CheckOutcome | undefined> {
  const failed = (await core.dispatch("listSessions", {})).find((s) => s.state === "failed");
  if (!failed) return undefined;
  const report = await core.runChecks(failed.sessionId, { ids: ["lifecycle.handshake", "lifecycle.version"] });
  if (!hasErrors(report)) return undefined;
  status(`The connect failed on the server's opening answer (${failed.reason ?? "no reason given"}): judged from the log`, true);
  return { report, exitCode: 1 };
}

/**
 * check and lint whose connect failed. An opening answer the SDK refused is judged (checkFailedHandshake).
 * Otherwise (no answer in time, the process exited, the connect refused) the caller exits 2 with the
 * error, and the JUnit and SARIF files still exist: a CI's upload of them must find the reason, not no file.
 */
export async function checkAfterFailedConnect(core: InspectorCore, args: CliArgs, config: ServerConfig, reason: string, status: (line: string, always?: boolean) => void): Promise<CheckOutcome | undefined> {
  if (args.command !== "check" && args.command !== "lint") return undefined;
  const judged = await checkFailedHandshake(core, status);
  if (judged) {
    writeReportFiles(args, judged, config);
    return judged;
  }
  const opening = CHECKS.find((c) => c.id === "lifecycle.handshake")!;
  const verdict = { id: opening.id, area: opening.area, title: opening.title, severity: opening.severity, rule: opening.rule, ok: false, detail: `the server did not finish its opening: ${reason}`, messages: [] };
  const report: CheckReport = { server: { name: config.name, transport: config.transport.type }, era: config.era, checks: [verdict], passed: 0, failed: 1, skipped: 0, notes: [], ended: reason };
  writeReportFiles(args, { report, exitCode: 2 }, config);
  return undefined;
}

/** The --json document: exactly server, era, checks (id, title, severity, ok, detail, messages), passed, failed, skipped. */
export function checkDocument(report: CheckReport): Record<string, unknown> {
  return {
    server: report.server,
    era: report.era,
    checks: report.checks.map(({ id, title, severity, ok, detail, messages }) => ({ id, title, severity, ok, detail, messages })),
    passed: report.passed,
    failed: report.failed,
    skipped: report.skipped,
    // Only when the run did not finish: a document without it covers every check.
    ...(report.budgetReached ? { incomplete: report.budgetReached } : {}),
  };
}

function mark(ok: boolean | null, severity: string): string {
  return ok === null ? "skip" : ok ? "pass" : severity === "error" ? "FAIL" : "warn";
}

export function printCheckHuman(report: CheckReport, write: (text: string) => void): void {
  const { server } = report;
  write(`${printable(server.name)}${server.version ? ` ${printable(server.version)}` : ""} (${report.era}, ${server.transport})\n`);
  for (const check of report.checks) {
    write(`${mark(check.ok, check.severity).padEnd(4)}  ${check.id.padEnd(32)} ${printable(check.detail)}${check.messages.length ? ` [log ${check.messages.slice(0, 6).join(", ")}${check.messages.length > 6 ? ", …" : ""}]` : ""}\n`);
  }
  for (const note of report.notes) write(`note  ${printable(note)}\n`);
  if (report.budgetReached) write(`stopped: ${report.budgetReached}\n`);
  write(`${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped\n`);
}
