// The numeric settings as the user meets them (issue 21): one label and unit per setting, shared by the
// Settings panel and by every error that names a limit, so an error's "… in Settings" always points at a
// field that is there, with its unit and its default.
import { DEFAULT_SETTINGS } from "./defaultSettings.js";
import type { Settings } from "./types.js";

export type NumberSettingKey = { [K in keyof Settings]: Settings[K] extends number ? K : never }[keyof Settings];

export interface NumberSettingField {
  key: NumberSettingKey;
  /** The field's name in Settings, and in errors that name the limit. */
  label: string;
  /** What the number counts, as the field shows it. */
  unit: "ms" | "entries" | "tasks" | "rounds" | "MB" | "KB";
  /** The setting is in bytes and the field in `unit`: this many bytes make one (issue 19). */
  bytesPerUnit?: number;
  /** What the limit does, in a sentence. */
  hint?: string;
}

export const NUMBER_SETTING_FIELDS: readonly NumberSettingField[] = [
  { key: "logLimit", label: "Message log size", unit: "entries", hint: "Protocol messages kept per session; older ones drop off." },
  // Issue 19: the log is bounded by bytes as well as entries.
  {
    key: "logBudgetBytes",
    label: "Message log budget",
    unit: "MB",
    bytesPerUnit: 1024 * 1024,
    hint: "Per session, at most 256 MB: the oldest messages leave once the log's messages hold this much together.",
  },
  {
    key: "logEntryMaxBytes",
    label: "Largest logged message",
    unit: "KB",
    bytesPerUnit: 1024,
    hint: "A bigger message is logged as a cut that says its full size and marks what was left out.",
  },
  {
    key: "maxLiveReceiverTasks",
    label: "Max live tasks per session",
    unit: "tasks",
    hint: "Receiver tasks a server may keep open with this client (S2), and tasks watched on a 2026-07-28 server (M10).",
  },
  { key: "maxReceiverTaskTtlMs", label: "Max receiver task ttl", unit: "ms", hint: "A longer ttl a server asks for is cut to this (R6)." },
  { key: "defaultReceiverTaskTtlMs", label: "Default receiver task ttl", unit: "ms", hint: "The ttl of a receiver task whose server asked for none." },
  { key: "receiverTaskPollIntervalMs", label: "Suggested poll interval", unit: "ms", hint: "The pollInterval this client suggests to servers polling its receiver tasks." },
  {
    key: "requestTimeoutMs",
    label: "Request timeout",
    unit: "ms",
    hint: "A request with no answer and no progress for this long is cancelled; each progress notification starts it again.",
  },
  // Issue 13: the spec asks for a maximum however much progress comes.
  {
    key: "maxRequestTotalMs",
    label: "Maximum total time of a request",
    unit: "ms",
    hint: "A request is cancelled after this long in all, even while the server keeps reporting progress.",
  },
  {
    key: "maxInputRounds",
    label: "Rounds per request",
    unit: "rounds",
    hint: "On 2026-07-28, a request whose server keeps answering input_required is stopped after this many rounds (I3).",
  },
  {
    key: "eraProbeTimeoutMs",
    label: "Era probe wait",
    unit: "ms",
    hint: "How long Auto waits for a stdio server to answer server/discover before speaking 2025-11-25 (E2).",
  },
  {
    key: "maxViewBytes",
    label: "Largest App View",
    unit: "MB",
    bytesPerUnit: 1024 * 1024,
    hint: "The largest MCP App View (its HTML) rendered, in a run and in Preview alike; at most 64 MB (AP17).",
  },
];

export function numberSettingField(key: NumberSettingKey): NumberSettingField {
  const field = NUMBER_SETTING_FIELDS.find((f) => f.key === key);
  if (!field) throw new Error(`No Settings field for ${key}`);
  return field;
}

/** How an error names a limit: `"Rounds per request" in Settings`. */
export function inSettings(key: NumberSettingKey): string {
  return `"${numberSettingField(key).label}" in Settings`;
}

/** "Default: 10 rounds", "Default: 60000 ms (1 min)". */
export function describeDefault(key: NumberSettingKey): string {
  const { unit, bytesPerUnit = 1 } = numberSettingField(key);
  const value = DEFAULT_SETTINGS[key] / bytesPerUnit;
  return `Default: ${value} ${unit}${unit === "ms" ? readableMs(value) : ""}`;
}

function readableMs(ms: number): string {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return ` (${ms / 3_600_000} h)`;
  if (ms >= 60_000 && ms % 60_000 === 0) return ` (${ms / 60_000} min)`;
  if (ms >= 1000 && ms % 1000 === 0) return ` (${ms / 1000} s)`;
  return "";
}
