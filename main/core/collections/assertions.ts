// Judging one saved call's outcome against its assertions. Patterns run on RE2 (linear time), output
// schemas on ajv with the same linear engine, values are compared as JSON. Each result names the
// assertion in words and says what was seen.
import { RE2JS } from "re2js";
import { describeAssertion, type Assertion, type AssertionResult } from "../../../shared/collection.js";
import { createLinearAjv } from "../linearRegExp.js";
import { differences, getPath, jsonEqual, withoutPaths } from "./jsonPath.js";

export interface CallOutcome {
  /** What paths are read from: the result, or `{ error }` when the server answered with a JSON-RPC error. */
  judged: unknown;
  /** A JSON-RPC error, an isError result, or a task that did not complete. */
  failed: boolean;
  latencyMs: number;
  taskStatus?: string;
  /** The tool's declared outputSchema, when it has one. */
  outputSchema?: Record<string, unknown>;
  /** The last accepted snapshot. */
  acceptedSnapshot?: unknown;
  /** This run accepts every snapshot it takes (--update-snapshots). */
  acceptingSnapshots?: boolean;
}

const short = (value: unknown, max = 200): string => {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > max ? `${text.slice(0, max)}…` : text;
};

export function snapshotOf(judged: unknown, ignore: string[]): unknown {
  return withoutPaths(judged, ignore);
}

export function judge(a: Assertion, outcome: CallOutcome): AssertionResult {
  const assertion = describeAssertion(a);
  const result = (ok: boolean, detail: string, extra: Partial<AssertionResult> = {}): AssertionResult => ({ assertion, ok, detail, ...extra });
  if ("notError" in a) return outcome.failed ? result(false, `the call failed: ${short(outcome.judged, 300)}`) : result(true, "no error");
  if ("path" in a) {
    const at = getPath(outcome.judged, a.path);
    if ("exists" in a) return result(at.found === a.exists, at.found ? `found ${short(at.value)}` : "nothing there");
    if (!at.found) return result(false, `nothing at ${a.path}`);
    if ("equals" in a) return jsonEqual(at.value, a.equals) ? result(true, `is ${short(at.value)}`) : result(false, `is ${short(at.value)}, not ${short(a.equals)}`);
    if (typeof at.value !== "string") return result(false, `is ${short(at.value)}, not a string`);
    const ok = RE2JS.compile(a.matches).matcher(at.value).find();
    return result(ok, `${short(at.value)} ${ok ? "matches" : "does not match"}`);
  }
  if ("outputSchema" in a) {
    if (!outcome.outputSchema) return result(false, "the tool declares no outputSchema");
    const structured = getPath(outcome.judged, "$.structuredContent");
    if (!structured.found) return result(false, "the result has no structuredContent");
    const ajv = createLinearAjv({ strict: false, allErrors: true, validateSchema: false });
    let validate;
    try {
      validate = ajv.compile(outcome.outputSchema);
    } catch (error) {
      return result(false, `the tool's outputSchema does not compile: ${(error as Error).message.slice(0, 200)}`);
    }
    return validate(structured.value) ? result(true, "valid") : result(false, ajv.errorsText(validate.errors, { dataVar: "structuredContent" }).slice(0, 500));
  }
  if ("latencyUnderMs" in a) return result(outcome.latencyMs < a.latencyUnderMs, `${Math.round(outcome.latencyMs)} ms`);
  if ("snapshot" in a) {
    const received = snapshotOf(outcome.judged, a.snapshot.ignore);
    if (outcome.acceptingSnapshots) return result(true, outcome.acceptedSnapshot !== undefined && jsonEqual(outcome.acceptedSnapshot, received) ? "same as the accepted snapshot" : "accepted as the new snapshot");
    if (outcome.acceptedSnapshot === undefined) return result(false, "no accepted snapshot yet: accept this one (Accept new snapshot, or --update-snapshots)", { diff: { accepted: undefined, received } });
    if (jsonEqual(outcome.acceptedSnapshot, received)) return result(true, "same as the accepted snapshot");
    return result(false, `differs at ${differences(outcome.acceptedSnapshot, received).join(", ")}`, { diff: { accepted: outcome.acceptedSnapshot, received } });
  }
  return outcome.taskStatus === undefined ? result(false, "the call did not run as a task") : result(outcome.taskStatus === a.taskStatus, `ended ${outcome.taskStatus}`);
}
