// Runs the catalogue (or the areas asked for) against one connected session, in order, one check at a
// time; a check that throws is a failure of its own with the reason, never the end of the run. What the
// server asked of the user during the run (2025-11-25 requests) is answered safely and reported.
import type { LogEntry, PendingInput } from "../../../shared/types.js";
import type { Session } from "../session.js";
import { MAX_DETAIL, MAX_MESSAGES, withMarks, type CheckArea, type Mark, type Verdict } from "./check.js";
import { CHECKS } from "./catalogue.js";
import { CheckContext, elicitationDefaults, type CheckOptions, type InputAnswer, type InputPort } from "./context.js";
import { EvidenceKeeper } from "./evidence.js";

export interface CheckReport {
  server: { name: string; version?: string; protocolVersion?: string; transport: string };
  era: string;
  checks: Verdict[];
  passed: number;
  failed: number;
  skipped: number;
  /** What the checks did on the user's behalf (inputs answered, tools not called). */
  notes: string[];
  /** The connection ended during the run (its reason): the checks after it were not run. */
  ended?: string;
  /** The time budget ran out: the checks not finished by then say "not run: budget". */
  budgetReached?: string;
  /** The report's own copy of the messages its verdicts cite (evidence.ts), oldest first. */
  evidence?: LogEntry[];
  /** How many cited messages the copy lacks (gone from the log before their verdict, or past its budget). */
  evidenceLost?: number;
}

/** The whole run's default time budget: a hanging server costs a CI job this much, not hours. */
export const DEFAULT_BUDGET_MS = 120_000;
/** With the official suite: its scenarios run one by one, each starting the server (stdio) again. */
export const DEFAULT_CONFORMANCE_BUDGET_MS = 600_000;

/** How far a run has got, for the progress line and the tab. */
export interface CheckProgress {
  done: number;
  total: number;
  /** The check now running (absent once all are done). */
  running?: string;
}

export interface RunChecksOptions extends CheckOptions {
  /** Only these areas (when absent: all but lint). */
  areas?: CheckArea[];
  /** Only these check ids. */
  ids?: string[];
  /** Where the server's requests to the user are answered (2025-11-25). */
  inputs?: InputPort;
  /** Each verdict as it is reached (the UI shows them one by one). */
  onVerdict?: (verdict: Verdict) => void;
  /** Before each check and after the last. */
  onProgress?: (progress: CheckProgress) => void;
  /** The whole run's time budget in ms (default DEFAULT_BUDGET_MS); 0: none. */
  budgetMs?: number;
  /** When the run began, if before the checks (the command line counts its connect in the budget). */
  startedAt?: number;
  /** The session ends when the run does (the command line): its Streamable HTTP session is ended with DELETE. */
  endHttpSession?: boolean;
}

const BUDGET = Symbol("budget");

export function safeAnswer(input: PendingInput): InputAnswer {
  if (input.kind === "sampling") return { kind: "sampling", reject: "The server check does not answer sampling requests" };
  const content = elicitationDefaults(input.params);
  return content ? { kind: "elicitation", action: "accept", content } : { kind: "elicitation", action: "decline" };
}

export async function runChecks(session: Session, options: RunChecksOptions = {}): Promise<CheckReport> {
  const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
  const started = options.startedAt ?? Date.now();
  const deadline = budgetMs > 0 ? started + budgetMs : undefined;
  const ctx = new CheckContext(session, { ...options, ...(deadline !== undefined ? { deadline } : {}) });
  const stop = options.inputs?.watch((input) => {
    const answer = safeAnswer(input);
    const what = answer.kind === "sampling" ? "sampling refused" : answer.action === "accept" ? "elicitation accepted with the schema's defaults" : "elicitation declined";
    ctx.note(`The server asked for input during the checks: ${what}`);
    return answer;
  });
  // Lint is advice beyond the spec: it runs when asked for (the lint command, the Lint area), not in "all".
  const chosen = CHECKS.filter((check) => (options.areas ? options.areas.includes(check.area) : check.area !== "lint") && (!options.ids || options.ids.includes(check.id)));
  const checks: Verdict[] = [];
  const evidence = new EvidenceKeeper();
  let budgetReached: string | undefined;
  try {
    for (const check of chosen) {
      options.onProgress?.({ done: checks.length, total: chosen.length, running: check.id });
      let verdict: Verdict;
      const base = { id: check.id, area: check.area, title: check.title, severity: check.severity, rule: check.rule };
      const left = deadline === undefined ? Infinity : deadline - Date.now();
      if (budgetReached || left <= 0) {
        budgetReached ??= `the time budget of ${seconds(budgetMs)} ran out`;
        verdict = { ...base, ok: null, detail: `not run: budget (${budgetReached} before this check)`, messages: [] };
      } else if (session.state.state !== "connected" && !check.readsLogOnly) {
        verdict = { ...base, ok: null, detail: `not run: the session is ${session.state.state}${session.state.reason ? ` (${session.state.reason.slice(0, 300)})` : ""}`, messages: [] };
      } else {
        const marks: Mark[] = [];
        let timer: ReturnType<typeof setTimeout> | undefined;
        try {
          const outOfTime = new Promise<typeof BUDGET>((resolve) => (timer = setTimeout(() => resolve(BUDGET), Math.min(left, 2_147_483_647))));
          const finding = await Promise.race([ctx.collect(marks, () => check.run(ctx)), outOfTime]);
          if (finding === BUDGET) {
            budgetReached = `the time budget of ${seconds(budgetMs)} ran out`;
            verdict = { ...base, ok: null, detail: `not run: budget (${budgetReached} during this check)`, messages: [] };
          } else {
            const judged = withMarks(finding, check.judgesAllItems ? marks.filter((m) => m.kind !== "items") : marks, check.severity);
            verdict = { ...base, ...judged };
          }
        } catch (error) {
          verdict = { ...base, ok: false, detail: `the check itself failed: ${(error as Error)?.message ?? String(error)}`, messages: [] };
        } finally {
          clearTimeout(timer);
        }
      }
      verdict.detail = verdict.detail.length > MAX_DETAIL ? `${verdict.detail.slice(0, MAX_DETAIL)}…` : verdict.detail;
      verdict.messages = [...new Set(verdict.messages)].sort((a, b) => a - b).slice(0, MAX_MESSAGES);
      // Copied now: the log may drop them before the report is read.
      evidence.keep(verdict.messages, () => session.logSnapshot().entries);
      checks.push(verdict);
      options.onVerdict?.(verdict);
    }
    options.onProgress?.({ done: checks.length, total: chosen.length });
    await ctx.cancelStartedTasks();
    if (options.endHttpSession && session.state.state === "connected") {
      const ended = await session.endHttpSession();
      if (ended) ctx.note(ended);
    }
  } finally {
    stop?.();
  }
  const info = session.state;
  const t = session.config.transport;
  const ended = info.state === "connected" ? undefined : `the session is ${info.state}${info.reason ? `: ${info.reason.slice(0, 500)}` : ""}`;
  return {
    server: {
      name: info.serverInfo?.name ?? session.config.name,
      ...(info.serverInfo?.version ? { version: info.serverInfo.version } : {}),
      ...(info.protocolVersion ? { protocolVersion: info.protocolVersion } : {}),
      transport: t.type === "stdio" ? "stdio" : t.type,
    },
    era: info.protocolVersion ?? (info.era === "modern" ? "2026-07-28" : "2025-11-25"),
    checks,
    passed: checks.filter((c) => c.ok === true).length,
    failed: checks.filter((c) => c.ok === false).length,
    skipped: checks.filter((c) => c.ok === null).length,
    notes: ctx.notes,
    ...(ended ? { ended } : {}),
    ...(budgetReached ? { budgetReached } : {}),
    evidence: evidence.entries(),
    ...(evidence.lost ? { evidenceLost: evidence.lost } : {}),
  };
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** An error-level check failed: the CLI exits 1. */
export function hasErrors(report: CheckReport): boolean {
  return report.checks.some((c) => c.ok === false && c.severity === "error");
}
