// Which session the Tools, Resources, Prompts and Logs tabs show, its state, and ping.
import { useState } from "react";
import { ErrorAlert } from "../components/ErrorAlert.js";
import { useAsyncAction } from "../components/useAsyncAction.js";
import { useBridge, useInspector } from "./context.js";

export function SessionBar() {
  const bridge = useBridge();
  const sessions = useInspector((s) => s.sessions);
  const order = useInspector((s) => s.sessionOrder);
  const selectedId = useInspector((s) => s.selectedSessionId);
  const selectSession = useInspector((s) => s.selectSession);
  const session = selectedId ? sessions[selectedId] : undefined;
  const ping = useAsyncAction();
  const [pong, setPong] = useState<string>();

  if (!session) {
    return (
      <header className="session-bar">
        <p className="note">Not connected. Pick a server on the left and press Connect.</p>
      </header>
    );
  }

  return (
    <header className="session-bar">
      <label className="inline">
        Session{" "}
        <select value={session.sessionId} onChange={(e) => selectSession(e.target.value)}>
          {order.map((id) => {
            const s = sessions[id];
            return s ? (
              <option key={id} value={id}>
                {s.serverName} ({s.state})
              </option>
            ) : null;
          })}
        </select>
      </label>
      <span className={`state state-${session.state}`}>{session.state}</span>
      {session.serverInfo && (
        <span className="note">
          {session.serverInfo.name} {session.serverInfo.version}
        </span>
      )}
      {session.era && (
        // E1: the era and version in use, and why (the probe) on hover and for screen readers.
        <span className="note era" title={session.eraProbe} aria-label={`Protocol ${session.protocolVersion ?? ""} (${session.era === "modern" ? "2026-07-28 era" : "2025-11-25 era"}). ${session.eraProbe ?? ""}`}>
          {session.era === "modern" ? "2026-07-28 · stateless" : `protocol ${session.protocolVersion ?? "2025-11-25"}`}
        </span>
      )}
      <button
        type="button"
        disabled={session.state !== "connected" || ping.busy}
        onClick={() => {
          setPong(undefined);
          void ping.run(async () => {
            const result = await bridge.ping({ sessionId: session.sessionId });
            // 2026-07-28 has no ping: the core times server/discover instead.
            setPong(`${session.era === "modern" ? "server/discover answered" : "Pong"} in ${Math.round(result.roundTripMs)} ms`);
          });
        }}
      >
        Ping
      </button>
      <span role="status" className="note">
        {pong}
      </span>
      {session.reason && session.state !== "connected" && <span className="note">{session.reason}</span>}
      {session.violations && session.violations.length > 0 && (
        // E5: a modern server broke the era's rules; the user must see it, not only the log.
        <p className="status-error" role="alert">
          Protocol violation ({session.violations.length}): {session.violations.at(-1)}
        </p>
      )}
      <ErrorAlert message={ping.error} onDismiss={ping.clearError} />
    </header>
  );
}
