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
          {session.protocolVersion ? ` · protocol ${session.protocolVersion}` : ""}
        </span>
      )}
      <button
        type="button"
        disabled={session.state !== "connected" || ping.busy}
        onClick={() => {
          setPong(undefined);
          void ping.run(async () => {
            const result = await bridge.ping({ sessionId: session.sessionId });
            setPong(`Pong in ${Math.round(result.roundTripMs)} ms`);
          });
        }}
      >
        Ping
      </button>
      <span role="status" className="note">
        {pong}
      </span>
      {session.reason && session.state !== "connected" && <span className="note">{session.reason}</span>}
      <ErrorAlert message={ping.error} onDismiss={ping.clearError} />
    </header>
  );
}
