// One saved server: its live state, Connect / Disconnect and Restart, a menu of the rest (edit, duplicate,
// diagnose, sign out, remove), and its stderr.
import { useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import type { SavedServer } from "../../../shared/types.js";
import { useBridge, useInspector } from "../hooks/context.js";
import { ErrorAlert } from "../components/ErrorAlert.js";
import { useAsyncAction } from "../components/useAsyncAction.js";
import { sessionForServer } from "../store/sessionsSlice.js";
import { configOf, describeTransport, shortTransport } from "./configText.js";
import { AuthorizationPanel } from "./AuthorizationPanel.js";
import { useDoctorDialog } from "../tabs/doctor/DoctorDialog.js";
import { ServerActions, type ServerAction } from "./ServerActions.js";
import { connectEntry, restartEntry, restartWord } from "./serverSession.js";

const STDERR_SHOWN = 200;

export function ServerEntry({ server, onEdit, onDuplicate }: { server: SavedServer; onEdit(opener: HTMLElement | null): void; onDuplicate(opener: HTMLElement | null): void }) {
  const bridge = useBridge();
  const sessions = useInspector((s) => s.sessions);
  const sessionOrder = useInspector((s) => s.sessionOrder);
  const serverSessions = useInspector((s) => s.serverSessions);
  const selectedSessionId = useInspector((s) => s.selectedSessionId);
  const bindServerSession = useInspector((s) => s.bindServerSession);
  const selectSession = useInspector((s) => s.selectSession);
  const session = useMemo(
    () => sessionForServer({ sessions, sessionOrder, serverSessions }, server),
    [sessions, sessionOrder, serverSessions, server],
  );
  const stderr = useInspector((s) => (session ? s.logs[session.sessionId]?.stderr : undefined));
  const action = useAsyncAction();
  // "connecting" only while a Connect is on its way (not a Disconnect whose session was removed meanwhile).
  const [connecting, setConnecting] = useState(false);
  const state = connecting && !session ? "connecting" : (session?.state ?? "disconnected");
  const live = state === "connected" || state === "connecting";
  const selected = session !== undefined && session.sessionId === selectedSessionId;

  const connect = () =>
    action.run(async () => {
      setConnecting(true);
      try {
        await connectEntry(bridge, server, bindServerSession);
      } finally {
        setConnecting(false);
      }
    });
  const disconnect = () =>
    action.run(async () => {
      if (session) await bridge.disconnect({ sessionId: session.sessionId });
    });
  const restart = () =>
    action.run(async () => {
      if (session) await restartEntry(bridge, server, session.sessionId, bindServerSession);
    });
  const restartLabel = restartWord(server);
  // Issue 14: tokens are kept per server URL; signing out forgets them (and the registration), so the next Connect asks again.
  const [signedOut, setSignedOut] = useState<string>();
  const signOut = () =>
    action.run(async () => {
      if (server.transport.type === "stdio") return;
      const { cleared } = await bridge.clearAuthTokens({ url: server.transport.url });
      setSignedOut(cleared ? "Signed out: the tokens kept for this server were cleared." : "No tokens were kept for this server.");
    });
  const item = useRef<HTMLLIElement>(null);
  const remove = () =>
    action.run(async () => {
      if (!window.confirm(`Remove the saved server "${server.name}"?`)) return;
      // The focus goes on to the next entry (or the one before), not out of the list with this one.
      const neighbour = item.current?.nextElementSibling ?? item.current?.previousElementSibling;
      await bridge.removeServer({ id: server.id });
      neighbour?.querySelector<HTMLElement>("button:not([disabled])")?.focus();
    });

  // The rest are in the entry's menu, so that an entry stays short (about two thirds of its old height).
  const menuButton = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  // As in other desktop apps, Shift+F10 or the context-menu key anywhere in the entry opens its menu, and so
  // does a right click, except on text one may want to copy (the stderr, a note) or when text is selected.
  const menuFromKeys = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "ContextMenu" && !(event.shiftKey && event.key === "F10")) return;
    event.preventDefault();
    setMenuOpen(true);
  };
  const menuFromPointer = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest("pre, p, input, textarea, .alert") || window.getSelection()?.toString()) return;
    event.preventDefault();
    setMenuOpen(true);
  };
  // One doctor per entry, for the menu's Diagnose… and the failure's link: closed, it gives the focus back to whichever opened it.
  const doctorOpener = useRef<HTMLElement | null>(null);
  const doctor = useDoctorDialog({ server: configOf(server), serverName: server.name, savedId: server.builtIn ? undefined : server.id }, doctorOpener);
  const diagnoseFrom = (opener: HTMLElement | null) => {
    doctorOpener.current = opener;
    doctor.open();
  };
  const menu: ServerAction[] = [
    ...(server.builtIn ? [] : [{ label: "Edit…", onSelect: () => onEdit(menuButton.current), movesFocus: true }]),
    // A variant of a server (other arguments, another environment) starts from a copy of it.
    { label: "Duplicate…", onSelect: () => onDuplicate(menuButton.current), movesFocus: true },
    { label: "Diagnose…", onSelect: () => diagnoseFrom(menuButton.current), movesFocus: true },
    ...(server.transport.type !== "stdio" ? [{ label: "Sign out (clear tokens)", onSelect: signOut, disabled: action.busy }] : []),
    ...(server.builtIn ? [] : [{ label: "Remove…", onSelect: remove, disabled: action.busy, destructive: true }]),
  ];

  return (
    <li ref={item} className={selected ? "server selected" : "server"}>
      <section role="group" aria-label={server.name} onKeyDown={menuFromKeys} onContextMenu={menuFromPointer}>
        <div className="server-head">
          {/* With a session, the name shows it in the tabs; without one it is just the name, not a greyed-out control. */}
          {session ? (
            <button type="button" className="server-name link" aria-current={selected || undefined} title="Show this server's session in the tabs" onClick={() => selectSession(session.sessionId)}>
              {server.name}
            </button>
          ) : (
            <span className="server-name">{server.name}</span>
          )}
          <span className={`state state-${state}`}>{state}</span>
        </div>
        <p className="server-transport" title={describeTransport(server)}>
          {shortTransport(server)}
        </p>
        {/* A failed Connect's error says what the session's reason says: shown once, in the alert, until dismissed. */}
        {session?.reason && !live && session.reason !== action.error && <p className="note">{session.reason}</p>}
        {(session?.state === "failed" || action.error) && (
          <button type="button" className="link" aria-label={`Diagnose this failure: ${server.name}`} onClick={(e) => diagnoseFrom(e.currentTarget)}>
            Diagnose this failure
          </button>
        )}
        <div className="row">
          {/* One button that turns from Connect into Disconnect and back, and is never disabled while it
              works (aria-disabled instead): the focus stays on it, so a keyboard user keeps their place. */}
          <button type="button" aria-disabled={action.busy || undefined} onClick={() => !action.busy && (live ? disconnect() : connect())}>
            {live ? "Disconnect" : "Connect"}
          </button>
          {/* Restart stays in sight: a server's author presses it after every rebuild. */}
          {live && (
            <button
              type="button"
              aria-label={`${restartLabel} server ${server.name}`}
              title={
                restartLabel === "Restart"
                  ? "Stop the server's process and start it again (after a rebuild), as saved; this session's runs, log and forms stay"
                  : "Close the connection and open it again, as saved; this session's runs, log and forms stay"
              }
              onClick={restart}
              disabled={action.busy}
            >
              {restartLabel}
            </button>
          )}
          <ServerActions serverName={server.name} actions={menu} trigger={menuButton} open={menuOpen} onOpenChange={setMenuOpen} />
        </div>
        {signedOut && <p className="note" role="status">{signedOut}</p>}
        {doctor.dialog}
        <ErrorAlert message={action.error} onDismiss={action.clearError} />
        {session && <AuthorizationPanel sessionId={session.sessionId} serverName={server.name} />}
        {stderr && stderr.length > 0 && (
          <details className="stderr">
            <summary>
              Server stderr ({stderr.length} {stderr.length === 1 ? "line" : "lines"})
            </summary>
            <pre aria-label={`stderr of ${server.name}`}>{stderr.slice(-STDERR_SHOWN).join("\n")}</pre>
          </details>
        )}
      </section>
    </li>
  );
}
