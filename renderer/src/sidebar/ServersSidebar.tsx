// The saved servers (the built-in "Everything (demo)" first, as main lists it), add / import, settings.
import { useState } from "react";
import { useInspector } from "../app/context.js";
import { ImportServers } from "./ImportServers.js";
import { ServerEditor, type EditorTarget } from "./ServerEditor.js";
import { ServerEntry } from "./ServerEntry.js";
import { SettingsPanel } from "./SettingsPanel.js";

export function ServersSidebar() {
  const servers = useInspector((s) => s.servers);
  const loaded = useInspector((s) => s.serversLoaded);
  const [editing, setEditing] = useState<EditorTarget>();
  const [importing, setImporting] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  return (
    <aside className="sidebar" aria-label="Servers">
      <h1 className="app-title">MCP Task Inspector</h1>
      <h2>Servers</h2>
      {!loaded && <p className="note">Loading servers…</p>}
      <ul className="server-list">
        {servers.map((server) => (
          <ServerEntry
            key={server.id}
            server={server}
            onEdit={() => setEditing({ id: server.id, initial: server })}
            onDuplicate={() => setEditing({ initial: server })}
          />
        ))}
      </ul>
      {editing ? (
        <ServerEditor key={editing.id ?? "new"} target={editing} onDone={() => setEditing(undefined)} />
      ) : importing ? (
        <ImportServers onDone={() => setImporting(false)} />
      ) : (
        <div className="row">
          <button type="button" onClick={() => setEditing({})}>
            Add server
          </button>
          <button type="button" onClick={() => setImporting(true)}>
            Import servers
          </button>
        </div>
      )}
      <details className="settings-panel" onToggle={(e) => setSettingsOpen(e.currentTarget.open)}>
        <summary>Settings</summary>
        {settingsOpen && <SettingsPanel />}
      </details>
    </aside>
  );
}
