// Issue 20: any `ui://` resource can be previewed as an App from the Resources tab, with a tool input the
// user types (sent as ui/notifications/tool-input once the View is initialized; no tool result follows).
import { useId, useState } from "react";
import type { SessionInfo } from "../../../shared/types.js";
import { UI_EXTENSION } from "../../../shared/apps.js";
import { LazyAppPanel } from "./LazyAppPanel.js";
import { customHostContext, HOST_PRESETS, type HostPreset } from "./hostPresets.js";
import type { McpUiHostContext } from "@modelcontextprotocol/ext-apps/app-bridge";

export function AppPreview({ session, uri }: { session: SessionInfo; uri: string }) {
  const id = useId();
  const [input, setInput] = useState("{}");
  const [error, setError] = useState<string>();
  const [shown, setShown] = useState<{ args: Record<string, unknown>; n: number; host: McpUiHostContext; stream: boolean }>();
  // Preview as another host would present it (a phone, a narrow card, or a host context the user writes).
  const [preset, setPreset] = useState<HostPreset>("desktop");
  const [custom, setCustom] = useState('{\n  "platform": "mobile",\n  "containerDimensions": { "width": 360, "maxHeight": 640 },\n  "locale": "de-DE",\n  "timeZone": "Europe/Berlin"\n}');
  const [notes, setNotes] = useState<string[]>([]);
  const [stream, setStream] = useState(false);
  const advertised = (session.clientCapabilities as { extensions?: Record<string, unknown> } | undefined)?.extensions?.[UI_EXTENSION] !== undefined;
  if (!/^ui:\/\//i.test(uri) || !advertised) return null;
  const preview = () => {
    let args: unknown;
    try {
      args = JSON.parse(input);
    } catch {
      args = undefined;
    }
    if (!args || typeof args !== "object" || Array.isArray(args)) {
      setError("The tool input must be a JSON object");
      return;
    }
    let host: McpUiHostContext = {};
    if (preset === "custom") {
      const read = customHostContext(custom);
      if (typeof read === "string") {
        setError(`Host context: ${read}`);
        return;
      }
      host = read.context;
      setNotes(read.notes);
    } else {
      host = HOST_PRESETS[preset].context;
      setNotes([]);
    }
    setError(undefined);
    setShown({ args: args as Record<string, unknown>, n: (shown?.n ?? 0) + 1, host, stream });
  };
  return (
    <section className="app-preview" aria-label="Preview as an App">
      <h4>Preview as an MCP App</h4>
      <div className="field">
        <label htmlFor={`${id}-input`}>Tool input (JSON object)</label>
        <textarea id={`${id}-input`} rows={3} value={input} spellCheck={false} onChange={(e) => setInput(e.target.value)} aria-invalid={error ? true : undefined} />
        {error && <p className="field-error">{error}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-host`}>Present it as</label>
        <select id={`${id}-host`} value={preset} onChange={(e) => setPreset(e.target.value as HostPreset)}>
          {(Object.keys(HOST_PRESETS) as (keyof typeof HOST_PRESETS)[]).map((key) => (
            <option key={key} value={key}>
              {HOST_PRESETS[key].label}
            </option>
          ))}
          <option value="custom">Custom host context (JSON)</option>
        </select>
      </div>
      {preset === "custom" && (
        <div className="field">
          <label htmlFor={`${id}-context`}>Host context (the spec's fields: theme, availableDisplayModes, containerDimensions, locale, timeZone, platform, deviceCapabilities, safeAreaInsets)</label>
          <textarea id={`${id}-context`} rows={6} value={custom} spellCheck={false} onChange={(e) => setCustom(e.target.value)} />
        </div>
      )}
      <div className="checkbox-field">
        <input id={`${id}-stream`} type="checkbox" checked={stream} onChange={(e) => setStream(e.target.checked)} />
        <label htmlFor={`${id}-stream`}>Stream the input (ui/notifications/tool-input-partial, one more key each, before tool-input)</label>
      </div>
      <button type="button" onClick={preview} disabled={session.state !== "connected"}>
        {shown ? "Preview again" : "Preview App"}
      </button>
      {notes.map((n, i) => (
        <p key={i} className="note">
          {n}
        </p>
      ))}
      {shown && <LazyAppPanel key={shown.n} sessionId={session.sessionId} uri={uri} args={shown.args} tab="resources" hostContext={shown.host} streamInput={shown.stream} />}
    </section>
  );
}
