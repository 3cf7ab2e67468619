// Which session the Tools, Resources, Prompts and Logs tabs show, its state, and ping; its Server facts
// and Roots panels; and Remove for a session that has ended (issue 13).
import { useId, useState } from "react";
import { Drawer } from "../components/Drawer.js";
import { ErrorAlert } from "../components/ErrorAlert.js";
import { useAsyncAction } from "../components/useAsyncAction.js";
import { draftKeys } from "../store/draftsSlice.js";
import { useBridge, useInspector } from "./context.js";
import { RootsEditor } from "./RootsEditor.js";
import { ServerFacts } from "./ServerFacts.js";
import { useStoredState } from "./useStoredState.js";
import { ServerName } from "../components/ServerName.js";

type Panel = "facts" | "roots";

export function SessionBar() {
  const bridge = useBridge();
  const sessions = useInspector((s) => s.sessions);
  const order = useInspector((s) => s.sessionOrder);
  const selectedId = useInspector((s) => s.selectedSessionId);
  const selectSession = useInspector((s) => s.selectSession);
  const session = selectedId ? sessions[selectedId] : undefined;
  const ping = useAsyncAction();
  const remove = useAsyncAction();
  const [pong, setPong] = useState<string>();
  const [panel, setPanel] = useState<Panel>();
  const panelId = useId();
  // Issue 21: how many violations the user has dismissed, per session; a new one shows the banner again.
  const [dismissed, setDismissed] = useStoredState<number>(draftKeys.view("session", "violations-dismissed", selectedId ?? ""), 0);

  if (!session) {
    return (
      <header className="session-bar">
        <p className="note">Not connected. Pick a server on the left and press Connect.</p>
      </header>
    );
  }

  // Roots only where the user left them on for this server (we then advertise the capability).
  const rootsOn = session.state === "connected" && Boolean(session.clientCapabilities?.roots);
  const shown = panel === "roots" && !rootsOn ? undefined : panel;
  const toggle = (which: Panel) => setPanel(shown === which ? undefined : which);
  const ended = session.state === "disconnected" || session.state === "failed";

  return (
    <>
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
        {session.serverInfo && <ServerInfoNote name={session.serverInfo.name} version={session.serverInfo.version} />}
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
        <button type="button" aria-expanded={shown === "facts"} aria-controls={panelId} onClick={() => toggle("facts")}>
          Server facts
        </button>
        {rootsOn && (
          <button type="button" aria-expanded={shown === "roots"} aria-controls={panelId} onClick={() => toggle("roots")}>
            Roots ({session.roots?.length ?? 0})
          </button>
        )}
        {ended && (
          <button
            type="button"
            disabled={remove.busy}
            title="Forget this session, its log and its runs"
            onClick={() => void remove.run(() => bridge.removeSession({ sessionId: session.sessionId }))}
          >
            Remove session
          </button>
        )}
        {session.reason && session.state !== "connected" && <span className="note">{session.reason}</span>}
        {session.violations && session.violations.length > dismissed && (
          // E5: a modern server broke the era's rules; the user must see it, not only the log. Dismissed,
          // it stays in the Server facts (issue 21).
          <div className="alert error violation" role="alert">
            <span className="alert-text">
              Protocol violation ({session.violations.length}): {session.violations.at(-1)}
            </span>
            <button type="button" className="link" onClick={() => setPanel("facts")}>
              All in Server facts
            </button>
            <button type="button" className="link" aria-label="Dismiss protocol violation" title="Dismiss (kept in Server facts)" onClick={() => setDismissed(session.violations?.length ?? 0)}>
              ×
            </button>
          </div>
        )}
        <ErrorAlert message={ping.error} onDismiss={ping.clearError} />
        <ErrorAlert message={remove.error} onDismiss={remove.clearError} />
      </header>
      {shown === "roots" && (
        <div id={panelId} className="session-panel">
          <RootsEditor session={session} />
        </div>
      )}
      {/* A drawer under the tab bar, so the workspace is not pushed down; Escape closes it. */}
      <Drawer open={shown === "facts"} onClose={() => setPanel(undefined)} title="Server facts" className="facts-drawer">
        <div id={panelId}>
          <div className="drawer-head">
            <button type="button" className="drawer-close" onClick={() => setPanel(undefined)}>
              Close
            </button>
          </div>
          <ServerFacts session={session} />
        </div>
      </Drawer>
    </>
  );
}

/** Past this many characters the server's name and version are cut before they are drawn (whole up to it on hover). */
const SERVER_INFO_CHARS = 300;

/**
 * The server's name and version as it gave them, on one line: a long or hostile value is cut to the line
 * (ellipsis) instead of pushing the bar onto a second row.
 */
function ServerInfoNote({ name, version }: { name: string; version: string }) {
  const text = `${name} ${version}`;
  const shown = text.length > SERVER_INFO_CHARS ? `${text.slice(0, SERVER_INFO_CHARS)}…` : text;
  return (
    <span className="note server-info" title={shown}>
      <ServerName text={shown} />
    </span>
  );
}
