// One server check, in the manner of a lint rule: its id, title, the spec text it rests on and its
// severity (error where the spec says MUST, warning where it says SHOULD) beside the logic that judges.
// A check never throws at the runner: it answers a Finding, with the log entries that prove it.
import type { CheckContext } from "./context.js";

export type CheckArea = "lifecycle" | "listings" | "results" | "tasks" | "mrtr" | "http";
export const CHECK_AREAS: readonly CheckArea[] = ["lifecycle", "listings", "results", "tasks", "mrtr", "http"];
export type Severity = "error" | "warning";

export interface Check {
  id: string;
  area: CheckArea;
  title: string;
  severity: Severity;
  /** The spec's words the verdict rests on (quoted or closely paraphrased), and where they are. */
  rule: string;
  run(ctx: CheckContext): Promise<Finding>;
}

/** What a check found: a pass or a failure with its detail, or why it could not judge. */
export type Finding = { ok: boolean; detail: string; messages: number[] } | { skipped: string; messages: number[] };

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
}

export const MAX_MESSAGES = 40;
/** The most characters of server text a detail quotes. */
export const MAX_DETAIL = 2000;

export const pass = (detail: string, messages: number[] = []): Finding => ({ ok: true, detail, messages });
export const fail = (detail: string, messages: number[] = []): Finding => ({ ok: false, detail, messages });
export const skip = (why: string, messages: number[] = []): Finding => ({ skipped: why, messages });

/** Several problems as one detail: the first few, and how many more. */
export function problems(list: string[], okText: string, messages: number[]): Finding {
  if (!list.length) return pass(okText, messages);
  const shown = list.slice(0, 8).join("; ");
  return fail(list.length > 8 ? `${shown}; and ${list.length - 8} more` : shown, messages);
}

/** Server text quoted in a detail: bounded, one line, control characters shown as escapes. */
export function quote(value: unknown, max = 120): string {
  let text: string;
  try {
    text = typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(cut).replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
