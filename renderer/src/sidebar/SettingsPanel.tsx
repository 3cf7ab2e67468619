// The settings main applies (limits, ttls, notifications). Edited locally, sent on save; the store
// only changes when main reports the new settings.
import { useId, useState } from "react";
import type { Settings } from "../../../shared/types.js";
import { useBridge, useInspector } from "../app/context.js";
import { ErrorAlert } from "../components/ErrorAlert.js";
import { useAsyncAction } from "../components/useAsyncAction.js";

const KB = 1024;
const MB = 1024 * KB;

/** `unit`: the field shows and takes the setting in this many bytes (the setting itself is in bytes). */
const NUMBER_FIELDS: { key: Exclude<keyof Settings, "notificationsEnabled">; label: string; hint?: string; unit?: number }[] = [
  { key: "logLimit", label: "Message log size (entries per session)" },
  // Issue 19: the log is bounded by bytes as well as entries.
  {
    key: "logBudgetBytes",
    label: "Message log budget (MB per session)",
    unit: MB,
    hint: "Default 64 MB, at most 256 MB. The oldest messages leave the log once its messages hold this much together.",
  },
  {
    key: "logEntryMaxBytes",
    label: "Largest logged message (KB)",
    unit: KB,
    hint: "Default 256 KB. A bigger message is logged as a cut that says its full size and marks what was left out.",
  },
  { key: "maxLiveReceiverTasks", label: "Max live receiver tasks per session" },
  { key: "maxReceiverTaskTtlMs", label: "Max receiver task ttl (ms)" },
  { key: "defaultReceiverTaskTtlMs", label: "Default receiver task ttl (ms)" },
  { key: "receiverTaskPollIntervalMs", label: "Suggested poll interval (ms)" },
  {
    key: "requestTimeoutMs",
    label: "Request timeout (ms)",
    hint: "A request with no answer and no progress for this long is cancelled; each progress notification starts it again.",
  },
  // Issue 13: the spec asks for a maximum however much progress comes.
  {
    key: "maxRequestTotalMs",
    label: "Maximum total time of a request (ms)",
    hint: "A request is cancelled after this long in all, even while the server keeps reporting progress.",
  },
];

export function SettingsPanel() {
  const settings = useInspector((s) => s.settings);
  if (!settings) return <p className="note">Loading settings…</p>;
  // Keyed by the settings object: when main reports new settings the form starts from them.
  return <SettingsForm key={JSON.stringify(settings)} settings={settings} />;
}

function SettingsForm({ settings }: { settings: Settings }) {
  const bridge = useBridge();
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(NUMBER_FIELDS.map((f) => [f.key, String(settings[f.key] / (f.unit ?? 1))])),
  );
  const [notifications, setNotifications] = useState(settings.notificationsEnabled);
  const action = useAsyncAction();
  return (
    <form
      aria-label="Settings"
      className="settings"
      onSubmit={(e) => {
        e.preventDefault();
        const patch: Partial<Settings> = { notificationsEnabled: notifications };
        for (const f of NUMBER_FIELDS) {
          const text = (values[f.key] ?? "").trim();
          // A size in MB or KB may have decimals (1.5 MB); the setting is a whole number of bytes.
          const n = text === "" ? NaN : f.unit ? Math.round(Number(text) * f.unit) : Number(text);
          if (!Number.isInteger(n)) {
            action.setError(`${f.label} must be a ${f.unit ? "number" : "whole number"}`);
            return;
          }
          patch[f.key] = n;
        }
        void action.run(() => bridge.updateSettings(patch));
      }}
    >
      <div className="checkbox-field">
        <input id={`${id}-notify`} type="checkbox" checked={notifications} onChange={(e) => setNotifications(e.target.checked)} />
        <label htmlFor={`${id}-notify`}>Notify me when a server waits on me</label>
      </div>
      {NUMBER_FIELDS.map((f) => (
        <div className="field" key={f.key}>
          <label htmlFor={`${id}-${f.key}`}>{f.label}</label>
          <input
            id={`${id}-${f.key}`}
            inputMode="numeric"
            value={values[f.key] ?? ""}
            aria-describedby={f.hint ? `${id}-${f.key}-hint` : undefined}
            onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
          />
          {f.hint && (
            <p className="note field-hint" id={`${id}-${f.key}-hint`}>
              {f.hint}
            </p>
          )}
        </div>
      ))}
      <ErrorAlert message={action.error} onDismiss={action.clearError} />
      <button type="submit" disabled={action.busy}>
        Save settings
      </button>
    </form>
  );
}
