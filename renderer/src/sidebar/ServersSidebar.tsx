// The saved servers (the built-in "Everything (demo)" first, as main lists it), add / import, settings.
import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { Plus } from "lucide-react";
import { useInspector, useInspectorStore } from "../hooks/context.js";
import { ImportServers } from "./ImportServers.js";
import { ServerEditor, type EditorTarget } from "./ServerEditor.js";
import { ServerEntry } from "./ServerEntry.js";
import { SettingsDialog } from "./SettingsDialog.js";
import { StorageProblems } from "./StorageProblems.js";
import { focusBack, focusedElement } from "../components/focusReturn.js";
import { EDIT_REQUEST_KEY, isEditRequest } from "./editRequest.js";

/** Entries drawn at first; "Show more" adds as many again. A list of 2,000 once took seconds to draw. */
const PAGE = 100;
/** From this many servers on, a filter box is offered. */
const FILTER_FROM = 12;

export function ServersSidebar() {
  const servers = useInspector((s) => s.servers);
  const loaded = useInspector((s) => s.serversLoaded);
  const [editing, setEditing] = useState<EditorTarget>();
  const [importing, setImporting] = useState(false);
  // The editor and the import form open above the list, and Add and Import make way while one is open (a
  // second press would replace what is being typed). Closed, they hand the focus back to the button that
  // opened them (an entry's menu button, for Edit), or to the new Add server or Import servers button.
  const opener = useRef<HTMLElement | null>(null);
  const addServer = useRef<HTMLButtonElement>(null);
  const importServers = useRef<HTMLButtonElement>(null);
  const wasImport = useRef(false);
  const [closedTimes, setClosedTimes] = useState(0);
  const remember = (isImport: boolean, from: HTMLElement | null = focusedElement()) => {
    opener.current = from;
    wasImport.current = isImport;
  };
  /** `from`: the entry's menu button, when the menu's own item (gone once chosen) had the focus. */
  const startEditing = (target: EditorTarget, from?: HTMLElement | null) => {
    remember(false, from ?? focusedElement());
    setEditing(target);
  };
  const startImport = () => {
    remember(true);
    setImporting(true);
  };
  const close = () => {
    setEditing(undefined);
    setImporting(false);
    setClosedTimes((n) => n + 1);
  };
  useEffect(() => {
    if (!closedTimes) return;
    focusBack(opener.current, wasImport.current ? importServers.current : addServer.current);
  }, [closedTimes]);
  // The palette's Edit… and Duplicate…: taken once, then cleared. Closed, the editor gives the focus to Add server.
  const editRequest = useInspector((s) => s.drafts[EDIT_REQUEST_KEY]);
  const store = useInspectorStore();
  useEffect(() => {
    if (editRequest === undefined) return;
    store.getState().clearDraft(EDIT_REQUEST_KEY);
    if (!isEditRequest(editRequest)) return;
    const server = servers.find((s) => s.id === editRequest.serverId);
    // The built-in demo server is copied, never edited (as in its menu).
    if (!server || (editRequest.as === "edit" && server.builtIn)) return;
    remember(false, null);
    setImporting(false);
    setEditing(editRequest.as === "edit" ? { id: server.id, initial: server } : { initial: server });
  }, [editRequest, servers, store]);
  const [filter, setFilter] = useState("");
  const [shown, setShown] = useState(PAGE);
  const deferredFilter = useDeferredValue(filter);
  const matching = useMemo(() => {
    const needle = deferredFilter.trim().toLowerCase();
    return needle ? servers.filter((s) => s.name.toLowerCase().includes(needle)) : servers;
  }, [servers, deferredFilter]);

  const adding = editing !== undefined || importing;
  return (
    <aside className="sidebar" aria-label="Servers" data-pane="servers">
      {/* The head and the foot stay in place; only the list between them scrolls, so Add server, Import and
          Settings are in sight whatever the number of servers. */}
      <div className="sidebar-head">
        <h1 className="app-title">MCP Task Inspector</h1>
        <div className="sidebar-heading">
          <h2>
            Servers{loaded && <span className="count"> ({servers.length})</span>}
          </h2>
          {!adding && (
            <>
              <button type="button" ref={addServer} className="icon-text-button" aria-label="Add server" title="Add a server by its command or URL" onClick={() => startEditing({})}>
                <Plus aria-hidden="true" className="icon" />
                Add
              </button>
              <button type="button" ref={importServers} aria-label="Import servers" title="Import servers from an mcpServers JSON document (Claude Desktop, VS Code, Cursor)" onClick={startImport}>
                Import
              </button>
            </>
          )}
        </div>
      </div>
      <div className="sidebar-body">
        <StorageProblems />
        {editing ? <ServerEditor key={editing.id ?? "new"} target={editing} onDone={close} /> : importing ? <ImportServers onDone={close} /> : null}
        {!loaded && <p className="note">Loading servers…</p>}
        {servers.length >= FILTER_FROM && (
          <div className="field">
            <input
              type="search"
              aria-label="Filter servers by name"
              placeholder={`Filter ${servers.length} servers`}
              value={filter}
              onChange={(e) => {
                setFilter(e.target.value);
                setShown(PAGE);
              }}
            />
          </div>
        )}
        <ul className="server-list">
          {matching.slice(0, shown).map((server) => (
            <ServerEntry
              key={server.id}
              server={server}
              onEdit={(from) => startEditing({ id: server.id, initial: server }, from)}
              onDuplicate={(from) => startEditing({ initial: server }, from)}
            />
          ))}
        </ul>
        {matching.length > shown && (
          <button type="button" onClick={() => setShown((n) => n + PAGE)}>
            Show {Math.min(PAGE, matching.length - shown)} more of {matching.length - shown}
          </button>
        )}
        {filter && matching.length === 0 && <p className="note">No saved server matches “{filter}”.</p>}
      </div>
      <div className="sidebar-foot">
        <SettingsDialog />
      </div>
    </aside>
  );
}
