// Runs the catalogue (or the areas asked for) against one connected session, in order, one check at a
// time; a check that throws is a failure of its own with the reason, never the end of the run. What the
// server asked of the user during the run (2025-11-25 requests) is answered safely and reported.
import type { PendingInput } from "../../../shared/types.js";
import type { Session } from "../session.js";
import { MAX_DETAIL, MAX_MESSAGES, type CheckArea, type Verdict } from "./check.js";
import { CHECKS } from "./catalogue.js";
import { CheckContext, elicitationDefaults, type CheckOptions, type InputAnswer, type InputPort } from "./context.js";

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
}

export interface RunChecksOptions extends CheckOptions {
  /** Only these areas (all when absent). */
  areas?: CheckArea[];
  /** Only these check ids. */
  ids?: string[];
  /** Where the server's requests to the user are answered (2025-11-25). */
  inputs?: InputPort;
  /** Each verdict as it is reached (the UI shows them one by one). */
  onVerdict?: (verdict: Verdict) => void;
}

export function safeAnswer(input: PendingInput): InputAnswer {
  if (input.kind === "sampling") return { kind: "sampling", reject: "The server check does not answer sampling requests" };
  const content = elicitationDefaults(input.params);
  return content ? { kind: "elicitation", action: "accept", content } : { kind: "elicitation", action: "decline" };
}

export async function runChecks(session: Session, options: RunChecksOptions = {}): Promise<CheckReport> {
  const ctx = new CheckContext(session, options);
  const stop = options.inputs?.watch((input) => {
    const answer = safeAnswer(input);
    const what = answer.kind === "sampling" ? "sampling refused" : answer.action === "accept" ? "elicitation accepted with the schema's defaults" : "elicitation declined";
    ctx.note(`The server asked for input during the checks: ${what}`);
    return answer;
  });
  const checks: Verdict[] = [];
  try {
    for (const check of CHECKS) {
      if (options.areas && !options.areas.includes(check.area)) continue;
      if (options.ids && !options.ids.includes(check.id)) continue;
      let verdict: Verdict;
      const base = { id: check.id, area: check.area, title: check.title, severity: check.severity, rule: check.rule };
      if (session.state.state !== "connected" && !check.readsLogOnly) {
        verdict = { ...base, ok: null, detail: `not run: the session is ${session.state.state}${session.state.reason ? ` (${session.state.reason.slice(0, 300)})` : ""}`, messages: [] };
      } else {
        try {
          const finding = await check.run(ctx);
          verdict = "skipped" in finding ? { ...base, ok: null, detail: finding.skipped, messages: finding.messages } : { ...base, ok: finding.ok, detail: finding.detail, messages: finding.messages };
        } catch (error) {
          verdict = { ...base, ok: false, detail: `the check itself failed: ${(error as Error)?.message ?? String(error)}`, messages: [] };
        }
      }
      verdict.detail = verdict.detail.length > MAX_DETAIL ? `${verdict.detail.slice(0, MAX_DETAIL)}…` : verdict.detail;
      verdict.messages = [...new Set(verdict.messages)].sort((a, b) => a - b).slice(0, MAX_MESSAGES);
      checks.push(verdict);
      options.onVerdict?.(verdict);
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
  };
}

/** An error-level check failed: the CLI exits 1. */
export function hasErrors(report: CheckReport): boolean {
  return report.checks.some((c) => c.ok === false && c.severity === "error");
}
