// One server check, in the manner of a lint rule: its id, title, the spec text it rests on and its
// severity (error where the spec says MUST, warning where it says SHOULD) beside the logic that judges.
// A check never throws at the runner: it answers a Finding, with the log entries that prove it.
import type { CheckContext } from "./context.js";

import type { Mark } from "./text.js";

export { isObject, MAX_DETAIL, MAX_MESSAGES, plural, quote, type Mark } from "./text.js";

export type CheckArea = "lifecycle" | "transport" | "listings" | "results" | "tasks" | "mrtr" | "http" | "lint" | "conformance";
export const CHECK_AREAS: readonly CheckArea[] = ["lifecycle", "transport", "listings", "results", "tasks", "mrtr", "http", "lint"];
export type Severity = "error" | "warning";

export interface Check {
  id: string;
  area: CheckArea;
  title: string;
  severity: Severity;
  /** The spec's words the verdict rests on (quoted or closely paraphrased), and where they are. */
  rule: string;
  /**
   * Judged from the session's log alone: it runs on a session whose connect failed after the server's opening
   * answer (the SDK refuses a malformed answer or a version it does not speak), so that answer gets a verdict.
   */
  readsLogOnly?: true;
  /** Its verdict does not rest on the items a walk keeps (it reads every page whatever the item bound). */
  judgesAllItems?: true;
  run(ctx: CheckContext): Promise<Finding>;
}

/** What a check found: a pass or a failure with its detail, or why it could not judge. */
export type Finding = { ok: boolean; detail: string; messages: number[] } | { skipped: string; messages: number[] };

/** A finding with what the check met: a pass that reached a bound is a warning, one that met a time-out fails. */
export function withMarks(finding: Finding, marks: Mark[], severity: Severity): { ok: boolean | null; detail: string; severity: Severity; messages: number[] } {
  const limits = [...new Set(marks.filter((m) => m.kind !== "timeout").map((m) => m.text))];
  const timeouts = [...new Set(marks.filter((m) => m.kind === "timeout").map((m) => m.text))];
  const said = [...timeouts.slice(0, 3).map((t) => `${t} (no answer is not a pass)`), ...limits.slice(0, 4)].join("; ");
  if ("skipped" in finding) return { ok: null, detail: said ? `${finding.skipped}; ${said}` : finding.skipped, severity, messages: finding.messages };
  if (!said) return { ok: finding.ok, detail: finding.detail, severity, messages: finding.messages };
  if (finding.ok && timeouts.length) return { ok: false, detail: `${finding.detail}, but ${said}`, severity, messages: finding.messages };
  // A bound reached: what lay past it was never judged, so the verdict is at least a warning.
  if (finding.ok) return { ok: false, detail: `${finding.detail}, but only so far: ${said}`, severity: "warning", messages: finding.messages };
  return { ok: false, detail: `${finding.detail}; ${said}`, severity, messages: finding.messages };
}

/** One verdict in a report: `ok` is null when the check was skipped (its detail says why). */
export interface Verdict {
  id: string;
  area: CheckArea;
  title: string;
  severity: Severity;
  rule: string;
  ok: boolean | null;
  detail: string;
  /** Log entry numbers (`seq`) of the messages that prove the verdict, at most MAX_MESSAGES. */
  messages: number[];
  /** Evidence from outside the session's log (what the official suite saw, conformance/), as JSON text. */
  evidence?: string;
}

export const pass = (detail: string, messages: number[] = []): Finding => ({ ok: true, detail, messages });
export const fail = (detail: string, messages: number[] = []): Finding => ({ ok: false, detail, messages });
export const skip = (why: string, messages: number[] = []): Finding => ({ skipped: why, messages });

/** Several problems as one detail: the first few, and how many more. */
export function problems(list: string[], okText: string, messages: number[]): Finding {
  if (!list.length) return pass(okText, messages);
  const shown = list.slice(0, 8).join("; ");
  return fail(list.length > 8 ? `${shown}; and ${list.length - 8} more` : shown, messages);
}
