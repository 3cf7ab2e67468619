// Resources: the selected session's resources and templates; read one and see its contents as text.
import { useCallback, useEffect, useId, useState } from "react";
import type { Resource, ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import { useBridge } from "../../app/context.js";
import { useSelectedSession } from "../../app/useSelectedSession.js";
import { useStoredState } from "../../app/useStoredState.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { JsonView } from "../../components/JsonView.js";
import { TruncatedText } from "../../components/TruncatedText.js";
import { useAsyncAction } from "../../components/useAsyncAction.js";
import { draftKeys } from "../../store/draftsSlice.js";

export function ResourcesTab() {
  const bridge = useBridge();
  const session = useSelectedSession();
  const sessionId = session?.sessionId;
  const connected = session?.state === "connected";
  const offers = Boolean(session?.serverCapabilities?.resources);
  const [resources, setResources] = useState<Resource[]>([]);
  const [templates, setTemplates] = useState<ResourceTemplate[]>([]);
  const [read, setRead] = useState<{ uri: string; result: Record<string, unknown> }>();
  const list = useAsyncAction();
  const runList = list.run;
  const reading = useAsyncAction();

  const load = useCallback(
    () =>
      runList(async () => {
        if (!sessionId) return;
        const all: Resource[] = [];
        let cursor: string | undefined;
        do {
          const page = await bridge.listResources({ sessionId, ...(cursor ? { cursor } : {}) });
          all.push(...page.resources);
          cursor = page.nextCursor;
        } while (cursor);
        setResources(all);
        const allTemplates: ResourceTemplate[] = [];
        cursor = undefined;
        do {
          const page = await bridge.listResourceTemplates({ sessionId, ...(cursor ? { cursor } : {}) });
          allTemplates.push(...page.resourceTemplates);
          cursor = page.nextCursor;
        } while (cursor);
        setTemplates(allTemplates);
      }),
    [bridge, sessionId, runList],
  );

  useEffect(() => {
    if (connected && offers) void load();
  }, [connected, offers, load]);

  const readUri = (uri: string) =>
    reading.run(async () => {
      if (!sessionId) return;
      setRead({ uri, result: await bridge.readResource({ sessionId, uri }) });
    });

  if (!session) return <p className="empty">Connect a server to see its resources.</p>;
  if (connected && !offers) return <p className="empty">{session.serverName} does not offer resources.</p>;

  return (
    <div className="split">
      <section className="list-pane" aria-label="Resource list">
        <div className="toolbar">
          <h2>Resources</h2>
          <button type="button" onClick={() => void load()} disabled={!connected || list.busy}>
            Refresh resources
          </button>
        </div>
        <ErrorAlert message={list.error} onDismiss={list.clearError} />
        <ul className="item-list">
          {resources.map((r) => (
            <li key={r.uri}>
              <button type="button" className={read?.uri === r.uri ? "item selected" : "item"} aria-label={`Read ${r.uri}`} onClick={() => void readUri(r.uri)}>
                <span className="item-name">{r.name}</span>
                <span className="item-description">{r.uri}</span>
              </button>
            </li>
          ))}
        </ul>
        {templates.length > 0 && <h3>Templates</h3>}
        {templates.map((t) => (
          <TemplateReader key={t.uriTemplate} sessionId={session.sessionId} template={t} onRead={(uri) => void readUri(uri)} disabled={!connected} />
        ))}
      </section>
      <section className="detail-pane" aria-label="Resource contents">
        <ErrorAlert message={reading.error} onDismiss={reading.clearError} />
        {read ? <ResourceContents uri={read.uri} result={read.result} /> : <p className="empty">Pick a resource to read it.</p>}
      </section>
    </div>
  );
}

function TemplateReader({ sessionId, template, onRead, disabled }: { sessionId: string; template: ResourceTemplate; onRead(uri: string): void; disabled: boolean }) {
  const id = useId();
  // What the user typed outlives the tab (kept per session and template).
  const [uri, setUri] = useStoredState(draftKeys.view("resources", "template", sessionId, template.uriTemplate), template.uriTemplate);
  return (
    <form
      className="template"
      onSubmit={(e) => {
        e.preventDefault();
        onRead(uri);
      }}
    >
      <label htmlFor={id}>{template.name}</label>
      {template.description && <p className="field-help">{template.description}</p>}
      <div className="row">
        <input id={id} value={uri} spellCheck={false} onChange={(e) => setUri(e.target.value)} />
        <button type="submit" disabled={disabled} aria-label={`Read from template ${template.name}`}>
          Read
        </button>
      </div>
    </form>
  );
}

function ResourceContents({ uri, result }: { uri: string; result: Record<string, unknown> }) {
  const contents = Array.isArray(result.contents) ? (result.contents as Record<string, unknown>[]) : [];
  return (
    <div>
      <h3>{uri}</h3>
      {contents.map((c, i) => (
        <div key={i} className="resource-content">
          <p className="note">
            {String(c.uri ?? "")} {typeof c.mimeType === "string" ? `· ${c.mimeType}` : ""}
          </p>
          {typeof c.text === "string" ? (
            <TruncatedText text={c.text} />
          ) : typeof c.blob === "string" ? (
            <p className="note">Binary content, {Math.round((c.blob.length * 3) / 4)} bytes (base64 not shown).</p>
          ) : (
            <JsonView value={c} />
          )}
        </div>
      ))}
      {contents.length === 0 && <JsonView value={result} />}
    </div>
  );
}
