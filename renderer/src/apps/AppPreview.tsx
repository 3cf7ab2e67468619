// Issue 20: any `ui://` resource can be previewed as an App from the Resources tab, with a tool input the
// user types (sent as ui/notifications/tool-input once the View is initialized; no tool result follows).
import { useId, useState } from "react";
import type { SessionInfo } from "../../../shared/types.js";
import { UI_EXTENSION } from "../../../shared/apps.js";
import { LazyAppPanel } from "./LazyAppPanel.js";

export function AppPreview({ session, uri }: { session: SessionInfo; uri: string }) {
  const id = useId();
  const [input, setInput] = useState("{}");
  const [error, setError] = useState<string>();
  const [shown, setShown] = useState<{ args: Record<string, unknown>; n: number }>();
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
    setError(undefined);
    setShown({ args: args as Record<string, unknown>, n: (shown?.n ?? 0) + 1 });
  };
  return (
    <section className="app-preview" aria-label="Preview as an App">
      <h4>Preview as an MCP App</h4>
      <div className="field">
        <label htmlFor={`${id}-input`}>Tool input (JSON object)</label>
        <textarea id={`${id}-input`} rows={3} value={input} spellCheck={false} onChange={(e) => setInput(e.target.value)} aria-invalid={error ? true : undefined} />
        {error && <p className="field-error">{error}</p>}
      </div>
      <button type="button" onClick={preview} disabled={session.state !== "connected"}>
        {shown ? "Preview again" : "Preview App"}
      </button>
      {shown && <LazyAppPanel key={shown.n} sessionId={session.sessionId} uri={uri} args={shown.args} tab="resources" />}
    </section>
  );
}
