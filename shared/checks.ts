// Issue 23: the server checks' report, as it crosses the contract (the CLI's --json document is its
// `checks` without `area` and `rule`). Everything in it quotes the server: bounded here as in the core.
import { z } from "zod";
import { LogEntrySchema } from "./types.js";

export const CheckAreaSchema = z.enum(["lifecycle", "transport", "listings", "results", "tasks", "mrtr", "http", "lint", "conformance"]);
export type CheckAreaName = z.output<typeof CheckAreaSchema>;

export const CheckVerdictSchema = z.object({
  id: z.string().max(100),
  area: CheckAreaSchema,
  title: z.string().max(500),
  severity: z.enum(["error", "warning"]),
  rule: z.string().max(2000),
  /** null: skipped (the detail says why). */
  ok: z.boolean().nullable(),
  detail: z.string().max(4000),
  /** Log entry numbers (`seq`) that prove the verdict. */
  messages: z.array(z.number().int()).max(100),
  /** Evidence from outside the session's log (what the official conformance suite saw), as JSON text. */
  evidence: z.string().max(4100).optional(),
});
export type CheckVerdict = z.output<typeof CheckVerdictSchema>;

export const CheckReportSchema = z.object({
  server: z.object({ name: z.string(), version: z.string().optional(), protocolVersion: z.string().optional(), transport: z.string() }),
  era: z.string(),
  // Our catalogue and, with the official suite, its scenarios' checks (the core keeps at most 800 of them).
  checks: z.array(CheckVerdictSchema).max(1000),
  passed: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  /** What the checks did on the user's behalf: input answered, tools not called. */
  notes: z.array(z.string().max(4000)).max(100),
  /** The connection ended during the run: the checks after it were not run. */
  ended: z.string().optional(),
  /** The run's time budget ran out: the checks not finished by then say "not run: budget". */
  budgetReached: z.string().max(500).optional(),
  /** The report's own copy of the messages its verdicts cite (each cut to 32 KB), so a link opens them whatever the log has dropped since. */
  evidence: z.array(LogEntrySchema).max(2000).optional(),
  /** How many cited messages that copy lacks: gone from the log before their verdict was reached, or past its budget. */
  evidenceLost: z.number().int().nonnegative().optional(),
});
export type CheckReportView = z.output<typeof CheckReportSchema>;

/** A session's checks as they run (the `checkProgress` event): `running` is absent once all are done. */
export const CheckProgressSchema = z.object({
  sessionId: z.string(),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  running: z.string().max(300).optional(),
});
export type CheckProgressView = z.output<typeof CheckProgressSchema>;

/**
 * The scenarios an expected-failures list names under `server:`, each with the reason after its `#` (the
 * YAML of `check --expected-failures`, and the Checks tab's field): read by lines, not by a YAML parser.
 */
export function readExpectedFailures(text: string): Map<string, string> {
  const listed = new Map<string, string>();
  let inServer = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^\S/.test(line)) inServer = /^server:\s*(#.*)?$/.test(line);
    const item = inServer ? /^\s+-\s+([^\s#]+)\s*(?:#\s*(.*))?$/.exec(line) : null;
    if (item) listed.set(item[1]!, item[2]?.trim() ?? "");
  }
  return listed;
}
