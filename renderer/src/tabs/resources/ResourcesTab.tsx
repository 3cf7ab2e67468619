// Resources: the selected session's resources and templates; read one and see its contents previewed;
// subscribe to a resource's updates; the server's cache hints (E6) and list changes are said in words.
import { walkPages } from "../../../../shared/listWalk.js";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Resource, ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import { cacheHintsOf } from "../../../../shared/cacheHints.js";
import type { CacheHints, SessionInfo } from "../../../../shared/types.js";
import { useBridge, useInspector, useInspectorStore } from "../../app/context.js";
import { SplitPane } from "../../components/SplitPane.js";
import { CacheHintNote } from "../../components/CacheHintNote.js";
import { useSelectedSession } from "../../app/useSelectedSession.js";
import { useStoredState } from "../../app/useStoredState.js";
import { draftKeys } from "../../store/draftsSlice.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { JsonView } from "../../components/JsonView.js";
import { ResourceContentView } from "../../components/ResourceContentView.js";
import { useAsyncAction } from "../../components/useAsyncAction.js";
import { errorMessage } from "../../util/errors.js";
import { clockTime } from "../../util/time.js";
import { TemplateForm } from "./TemplateForm.js";
import { AppPreview } from "../../apps/AppPreview.js";
import { skillsDeclared } from "../../../../shared/skillsExtension.js";
import { SkillsPanel } from "../skills/SkillsPanel.js";
import { VirtualList, type VirtualListHandle } from "../../components/VirtualList.js";
import { ListHead } from "../../components/ListHead.js";
import { clipText, useListFilter } from "../../components/useListFilter.js";
import { ServerName } from "../../components/ServerName.js";

const resourceFields = (r: Resource) => [r.name, r.title, r.uri, r.description];
const resourceUri = (r: Resource) => r.uri;

/** SEP-2640: a server that declares Skills gets a Skills view beside its resources (skill files are resources). */
export function ResourcesTab() {
  const session = useSelectedSession();
  const [view, setView] = useState<"resources" | "skills">("resources");
  // A resource link clicked elsewhere is read in the Resources view.
  const toRead = useInspector((s) => s.resourceToRead);
  useEffect(() => {
    if (toRead) setView("resources");
  }, [toRead]);
  if (!session || !skillsDeclared(session.serverCapabilities)) return <ResourcesView />;
  return (
    <>
      <div className="segmented resources-view-switch" role="radiogroup" aria-label="Show">
        {(["resources", "skills"] as const).map((choice) => (
          <label key={choice} className={view === choice ? "checked" : undefined}>
            <input type="radio" name="resources-view" value={choice} checked={view === choice} onChange={() => setView(choice)} />
            {choice === "resources" ? "Resources" : "Skills"}
          </label>
        ))}
      </div>
      {view === "skills" ? <SkillsPanel session={session} /> : <ResourcesView />}
    </>
  );
}

function ResourcesView() {
  const bridge = useBridge();
  const store = useInspectorStore();
  const session = useSelectedSession();
  const sessionId = session?.sessionId;
  const connected = session?.state === "connected";
  const offers = Boolean(session?.serverCapabilities?.resources);
  const [resources, setResources] = useState<Resource[]>([]);
  const [templates, setTemplates] = useState<ResourceTemplate[]>([]);
  const [listed, setListed] = useState<{ resources?: CacheHints; templates?: CacheHints; noTemplates?: string; changesSeen: number }>();
  const changes = useInspector((s) => (sessionId ? (s.listChanges[sessionId]?.resources ?? 0) : 0));
  // The last read outlives the tab, like the typed arguments (kept per session, in the page's memory only).
  const [read, setRead] = useStoredState<{ uri: string; result: Record<string, unknown>; receivedAt: number; hints?: CacheHints } | undefined>(
    draftKeys.view("resources", "read", sessionId ?? ""),
    undefined,
  );
  const list = useAsyncAction();
  const runList = list.run;
  const reading = useAsyncAction();
  const listRef = useRef<VirtualListHandle>(null);
  const [filter, setFilter] = useStoredState(draftKeys.view("resources", "filter", sessionId ?? ""), "");
  const { shown, needle } = useListFilter(resources, resourceFields, filter);
  const sections = useMemo(() => [{ items: shown }], [shown]);

  const load = useCallback(
    () =>
      runList(async () => {
        if (!sessionId) return;
        const changesSeen = store.getState().listChanges[sessionId]?.resources ?? 0;
        const all: Resource[] = [];
        let resourceHints: CacheHints | undefined;
        const stopped: string[] = [];
        const resourcesStopped = await walkPages(
          "resources/list",
          (cursor) => bridge.listResources({ sessionId, ...(cursor ? { cursor } : {}) }),
          (page) => {
            all.push(...page.resources);
            resourceHints ??= page.cache;
          },
        );
        if (resourcesStopped) stopped.push(resourcesStopped);
        setResources(all);
        const allTemplates: ResourceTemplate[] = [];
        let templateHints: CacheHints | undefined;
        let noTemplates: string | undefined;
        try {
          const templatesStopped = await walkPages(
            "resources/templates/list",
            (cursor) => bridge.listResourceTemplates({ sessionId, ...(cursor ? { cursor } : {}) }),
            (page) => {
              allTemplates.push(...page.resourceTemplates);
              templateHints ??= page.cache;
            },
          );
          if (templatesStopped) stopped.push(templatesStopped);
        } catch (error) {
          // A server without templates may not know the method at all: that is no failure of its resource list.
          if (!/-32601/.test(errorMessage(error))) throw error;
          noTemplates = "The server does not list resource templates (resources/templates/list: method not found).";
        }
        setTemplates(allTemplates);
        setListed({
          ...(resourceHints ? { resources: resourceHints } : {}),
          ...(templateHints ? { templates: templateHints } : {}),
          ...(noTemplates ? { noTemplates } : {}),
          changesSeen,
        });
        // What the pages before held is shown; each walk's stop is said once, as the list's error.
        if (stopped.length) throw new Error(stopped.join(" "));
      }),
    [bridge, store, sessionId, runList],
  );

  useEffect(() => {
    if (connected && offers) void load();
  }, [connected, offers, load]);

  const readUri = (uri: string) =>
    reading.run(async () => {
      if (!sessionId) return;
      let result;
      try {
        result = await bridge.readResource({ sessionId, uri });
      } catch (error) {
        // Issue 21: the error replaces the previous result, which belonged to another read.
        setRead(undefined);
        throw new Error(`Could not read ${uri.length > 300 ? `${uri.slice(0, 300)}…` : uri}: ${errorMessage(error)}`);
      }
      const receivedAt = Date.now();
      const hints = cacheHintsOf(result, receivedAt);
      setRead({ uri, result, receivedAt, ...(hints ? { hints } : {}) });
    });
  const subscriptions = session?.resourceSubscriptions ?? [];

  // A resource_link clicked in a tool result: read it here, once, in the session it came from.
  const toRead = useInspector((s) => s.resourceToRead);
  const readRef = useRef(readUri);
  readRef.current = readUri;
  useEffect(() => {
    if (!toRead || toRead.sessionId !== sessionId || !connected) return;
    store.getState().resourceReadTaken(toRead.seq);
    void readRef.current(toRead.uri);
  }, [toRead, sessionId, connected, store]);

  if (!session) return <p className="empty">Connect a server to see its resources.</p>;
  if (connected && !offers) return <p className="empty">{session.serverName} does not offer resources.</p>;

  return (
    <SplitPane
      id="resources"
      label="Resize the resource list"
      detailKey={`${session.sessionId}/${read?.uri ?? ""}`}
      list={
      <section className="list-pane" aria-label="Resource list">
        <ListHead
          title="Resources"
          count={resources.length}
          onRefresh={() => void load()}
          refreshDisabled={!connected || list.busy}
          filter={filter}
          onFilter={setFilter}
          filterBy="name, URI or description"
          needle={needle}
          matching={shown.length}
          list={listRef}
        >
          <ErrorAlert message={list.error} onDismiss={list.clearError} />
          {listed && changes > listed.changesSeen && <p className="note">The server says its resources changed: refresh to see them.</p>}
          {listed && <CacheHintNote hints={listed.resources} what="resource list" era={session.era} />}
        </ListHead>
        <VirtualList
          handle={listRef}
          total={resources.length}
          sections={sections}
          itemKey={resourceUri}
          selectedKey={read?.uri}
          filter={needle}
          renderItem={(r, { tabIndex }) => (
            <button type="button" tabIndex={tabIndex} className={read?.uri === r.uri ? "item selected" : "item"} aria-label={`Read ${clipText(r.uri)}`} onClick={() => void readUri(r.uri)}>
              <span className="item-name">
                <ServerName text={clipText(r.name)} />
              </span>
              <span className="item-description">
                <ServerName text={clipText(r.uri)} />
              </span>
              {subscriptions.includes(r.uri) && <span className="item-title">subscribed</span>}
            </button>
          )}
          after={
            <>
              {listed && resources.length === 0 && <p className="empty">The server lists no resources.</p>}
              {listed?.noTemplates && <p className="note">{listed.noTemplates}</p>}
              {templates.length > 0 && <h3>Templates</h3>}
              {listed && templates.length > 0 && <CacheHintNote hints={listed.templates} what="template list" era={session.era} />}
              {templates.map((t) => (
                <TemplateForm
                  key={t.uriTemplate}
                  sessionId={session.sessionId}
                  template={t}
                  completions={connected && Boolean(session.serverCapabilities?.completions)}
                  onRead={(uri) => void readUri(uri)}
                  disabled={!connected}
                />
              ))}
            </>
          }
        />
      </section>
      }
      detail={
      <section className="detail-pane resource-contents" aria-label="Resource contents">
        <ErrorAlert message={reading.error} onDismiss={reading.clearError} />
        {read ? (
          <>
            <h3>{read.uri}</h3>
            {session && <ResourceWatch session={session} uri={read.uri} readAt={read.receivedAt} onReadAgain={() => void readUri(read.uri)} />}
            <CacheHintNote hints={read.hints} what="resource read" era={session?.era} />
            <ResourceContents result={read.result} />
            {session && <AppPreview session={session} uri={read.uri} />}
          </>
        ) : reading.error ? null : (
          <p className="empty">{reading.busy ? "Reading…" : "Pick a resource to read it."}</p>
        )}
      </section>
      }
    />
  );
}

/**
 * Subscribe to a resource's updates (resources/subscribe on 2025-11-25, the listen stream on 2026-07-28),
 * and say when the server last said it changed after it was read.
 */
function ResourceWatch({ session, uri, readAt, onReadAgain }: { session: SessionInfo; uri: string; readAt: number; onReadAgain(): void }) {
  const bridge = useBridge();
  const action = useAsyncAction();
  const updatedAt = useInspector((s) => s.resourceUpdates[session.sessionId]?.get(uri));
  const subscribed = (session.resourceSubscriptions ?? []).includes(uri);
  const connected = session.state === "connected";
  // 2026-07-28 has no subscribe capability to check: the listen stream carries any URI.
  const can = session.era === "modern" || Boolean(session.serverCapabilities?.resources?.subscribe);
  const toggle = () =>
    action.run(async () => {
      if (subscribed) await bridge.unsubscribeResource({ sessionId: session.sessionId, uri });
      else await bridge.subscribeResource({ sessionId: session.sessionId, uri });
    });
  return (
    <div className="row">
      {can ? (
        <button type="button" aria-pressed={subscribed} disabled={!connected || action.busy} onClick={() => void toggle()}>
          {subscribed ? "Unsubscribe" : "Subscribe to updates"}
        </button>
      ) : (
        <span className="note">The server does not offer subscriptions.</span>
      )}
      {updatedAt !== undefined && updatedAt > readAt && (
        <span className="note" role="status">
          The server said it changed at {clockTime(updatedAt)}.{" "}
          <button type="button" onClick={onReadAgain} disabled={!connected}>
            Read again
          </button>
        </span>
      )}
      <ErrorAlert message={action.error} onDismiss={action.clearError} />
    </div>
  );
}

function ResourceContents({ result }: { result: Record<string, unknown> }) {
  const contents = Array.isArray(result.contents) ? (result.contents as unknown[]).filter((c): c is Record<string, unknown> => typeof c === "object" && c !== null) : [];
  return (
    <div>
      {contents.map((c, i) => (
        <ResourceContentView key={i} contents={c} />
      ))}
      {contents.length === 0 && <JsonView value={result} />}
    </div>
  );
}
