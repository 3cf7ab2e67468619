// The settings main applies (limits, ttls, notifications). Edited locally, sent on save; the store
// only changes when main reports the new settings.
import { useId, useState } from "react";
import { describeDefault, NUMBER_SETTING_FIELDS } from "../../../shared/settingFields.js";
import type { Settings } from "../../../shared/types.js";
import { useBridge, useInspector } from "../hooks/context.js";
import { ErrorAlert } from "../components/ErrorAlert.js";
import { useAsyncAction } from "../components/useAsyncAction.js";
import { formatClock } from "../util/time.js";

/** Every numeric setting, with its unit in the label and its default beside it. */
const NUMBER_FIELDS = NUMBER_SETTING_FIELDS.map((f) => ({ ...f, label: `${f.label} (${f.unit})` }));

/** The settings in groups a person looks for, each said in plain words; the spec's rule ids stay in the hints. */
const GROUPS: { title: string; about: string; keys: string[] }[] = [
  { title: "Message log", about: "How much of each session's protocol traffic is kept for the Logs tab and recordings.", keys: ["logLimit", "logBudgetBytes", "logEntryMaxBytes"] },
  {
    title: "Requests",
    about: "How long a request to a server may take, and how the protocol version is picked.",
    keys: ["requestTimeoutMs", "maxRequestTotalMs", "maxInputRounds", "eraProbeTimeoutMs"],
  },
  {
    title: "Tasks servers run on this inspector",
    about: "When a server asks for sampling or elicitation as a task, this inspector runs it: these bound how many and for how long.",
    keys: ["maxLiveReceiverTasks", "maxReceiverTaskTtlMs", "defaultReceiverTaskTtlMs", "receiverTaskPollIntervalMs"],
  },
  { title: "MCP Apps", about: "How large a tool's own UI may be before the inspector refuses to draw it.", keys: ["maxViewBytes"] },
];
import { NotificationPermission } from "../alerts/NotificationPermission.js";
import { ThemeSwitch } from "./ThemeSwitch.js";

export function SettingsPanel() {
  const settings = useInspector((s) => s.settings);
  // Held here, not in the form: the form starts again from the settings main reports after a save.
  const [savedAt, setSavedAt] = useState<string>();
  if (!settings) return <p className="note">Loading settings…</p>;
  // Keyed by the settings object: when main reports new settings the form starts from them. The theme
  // saves on its own, so switching it keeps what is typed in the form.
  const { theme, ...formSettings } = settings;
  return (
    <>
      <section className="settings-group" aria-label="Appearance">
        <ThemeSwitch theme={theme} />
      </section>
      <SettingsForm key={JSON.stringify(formSettings)} settings={settings} savedAt={savedAt} onSaved={setSavedAt} />
    </>
  );
}

function SettingsForm({ settings, savedAt, onSaved }: { settings: Settings; savedAt: string | undefined; onSaved(at: string | undefined): void }) {
  const bridge = useBridge();
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(NUMBER_FIELDS.map((f) => [f.key, String(settings[f.key] / (f.bytesPerUnit ?? 1))])),
  );
  const [notifications, setNotifications] = useState(settings.notificationsEnabled);
  const [requestDialog, setRequestDialog] = useState(settings.waitingRequestsIn !== "panel");
  const action = useAsyncAction();
  return (
    <form
      aria-label="Settings"
      className="settings"
      onSubmit={(e) => {
        e.preventDefault();
        onSaved(undefined);
        const patch: Partial<Settings> = { notificationsEnabled: notifications, waitingRequestsIn: requestDialog ? "dialog" : "panel" };
        for (const f of NUMBER_FIELDS) {
          const text = (values[f.key] ?? "").trim();
          // A size in MB or KB may have decimals (1.5 MB); the setting is a whole number of bytes.
          const n = text === "" ? NaN : f.bytesPerUnit ? Math.round(Number(text) * f.bytesPerUnit) : Number(text);
          if (!Number.isInteger(n)) {
            action.setError(`${f.label} must be a ${f.bytesPerUnit ? "number" : "whole number"}`);
            return;
          }
          patch[f.key] = n;
        }
        void action.run(async () => {
          await bridge.updateSettings(patch);
          onSaved(new Date().toISOString());
        });
      }}
    >
      <fieldset className="settings-group">
      <legend>Notifications</legend>
      <div className="checkbox-field">
        <input
          id={`${id}-notify`}
          type="checkbox"
          checked={notifications}
          onChange={(e) => {
            setNotifications(e.target.checked);
            onSaved(undefined);
          }}
        />
        <label htmlFor={`${id}-notify`}>Notify me when a server waits on me</label>
      </div>
      <NotificationPermission />
      <div className="checkbox-field">
        <input
          id={`${id}-request-dialog`}
          type="checkbox"
          checked={requestDialog}
          onChange={(e) => {
            setRequestDialog(e.target.checked);
            onSaved(undefined);
          }}
        />
        <label htmlFor={`${id}-request-dialog`}>Open a dialog over the current tab when a server waits on me</label>
      </div>
      </fieldset>
      {GROUPS.map((group) => (
        <fieldset className="settings-group" key={group.title}>
          <legend>{group.title}</legend>
          <p className="note settings-group-about">{group.about}</p>
          {NUMBER_FIELDS.filter((f) => group.keys.includes(f.key)).map((f) => (
            <div className="field" key={f.key}>
              <label htmlFor={`${id}-${f.key}`}>{f.label}</label>
              <input
                id={`${id}-${f.key}`}
                inputMode="numeric"
                value={values[f.key] ?? ""}
                aria-describedby={`${id}-${f.key}-hint`}
                onChange={(e) => {
                  setValues({ ...values, [f.key]: e.target.value });
                  onSaved(undefined);
                }}
              />
              <p className="note field-hint" id={`${id}-${f.key}-hint`}>
                {f.hint ? `${f.hint} ` : ""}
                <span className="setting-default">{describeDefault(f.key)}</span>
              </p>
            </div>
          ))}
        </fieldset>
      ))}
      <ErrorAlert message={action.error && `Settings not saved: ${action.error}`} onDismiss={action.clearError} />
      <div className="row">
        <button type="submit" disabled={action.busy}>
          Save settings
        </button>
        {/* Issue 21: a save says it worked, to the eye and to a screen reader. */}
        <span role="status" aria-live="polite" className="note settings-saved">
          {action.busy ? "Saving…" : savedAt ? `Saved at ${formatClock(savedAt)}` : ""}
        </span>
      </div>
    </form>
  );
}
