// Tools: the selected session's tools, a form per tool, and the runs started from here.
import { walkPages } from "../../../../shared/listWalk.js";
import { memo, useCallback, useEffect, useId, useMemo, useRef } from "react";
import { useBridge, useInspector, useInspectorStore } from "../../app/context.js";
import { useSelectedSession } from "../../app/useSelectedSession.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { errorMessage } from "../../util/errors.js";
import { ToolDetail as ToolDetailEvery } from "./ToolDetail.js";
import { ToolRuns as ToolRunsEvery } from "./ToolRuns.js";
import { ErrorBoundary } from "../../components/ErrorBoundary.js";
import { CacheHintNote } from "../../components/CacheHintNote.js";
import type { CacheHints } from "../../../../shared/types.js";
import { useStoredState } from "../../app/useStoredState.js";
import { draftKeys } from "../../store/draftsSlice.js";
import "../../styles/content.css";
import { offeredToUser } from "../../../../shared/apps.js";
import { ToolBadges, toolBadges } from "./ToolBadges.js";
import { SplitPane } from "../../components/SplitPane.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { VirtualList, type ListSection, type VirtualListHandle } from "../../components/VirtualList.js";
import { ListHead } from "../../components/ListHead.js";
import { clipText, useListFilter } from "../../components/useListFilter.js";
import { ItemLines, ServerName } from "../../components/ServerName.js";

const EMPTY: Tool[] = [];
// The detail side does not change as the filter is typed into: it is not drawn again for each key.
const ToolDetail = memo(ToolDetailEvery);
const ToolRuns = memo(ToolRunsEvery);
const toolFields = (tool: Tool) => [tool.name, tool.title, tool.description];
const toolName = (tool: Tool) => tool.name;

export function ToolsTab() {
  const bridge = useBridge();
  const store = useInspectorStore();
  const badgeIdPrefix = useId();
  const session = useSelectedSession();
  const sessionId = session?.sessionId;
  const entry = useInspector((s) => (sessionId ? s.toolsBySession[sessionId] : undefined));
  const selectedName = useInspector((s) => (sessionId ? s.selectedTool[sessionId] : undefined));
  const connected = session?.state === "connected";
  const listRef = useRef<VirtualListHandle>(null);
  // Per session, kept while the window is open: switching tabs keeps what was typed.
  const [filter, setFilter] = useStoredState(draftKeys.view("tools", "filter", sessionId ?? "none"), "");
  const { shown, needle } = useListFilter(entry?.tools ?? EMPTY, toolFields, filter);
  // The ordinary tools, then those only their App calls (AP2), each found once per filter, not per row.
  const appOnlyTools = useMemo(() => new Set((entry?.tools ?? EMPTY).filter((t) => !offeredToUser(t))), [entry?.tools]);
  const sections = useMemo<ListSection<Tool>[]>(() => {
    const ordinary = appOnlyTools.size ? shown.filter((t) => !appOnlyTools.has(t)) : shown;
    const appOnly = appOnlyTools.size ? shown.filter((t) => appOnlyTools.has(t)) : EMPTY;
    const heading = { id: `${badgeIdPrefix}-app-only`, text: `Called by its App (${appOnly.length})`, className: "app-only-heading" };
    return [{ items: ordinary }, { items: appOnly, heading, className: "app-only-list" }];
  }, [shown, appOnlyTools, badgeIdPrefix]);
  const selected = useMemo(() => entry?.tools.find((t) => t.name === selectedName), [entry?.tools, selectedName]);

  const load = useCallback(async () => {
    if (!sessionId) return;
    const state = store.getState();
    state.setToolsLoading(sessionId);
    try {
      const tools: Tool[] = [];
      let cache: CacheHints | undefined;
      let problem: string | undefined;
      const stopped = await walkPages(
        "tools/list",
        (cursor) => bridge.listTools({ sessionId, ...(cursor ? { cursor } : {}) }),
        (page) => {
          tools.push(...page.tools);
          cache ??= page.cache;
          problem ??= page.problem;
        },
      );
      store.getState().setTools(sessionId, tools, cache, [problem, stopped].filter(Boolean).join(" ") || undefined);
    } catch (error) {
      store.getState().setToolsError(sessionId, errorMessage(error));
    }
  }, [bridge, store, sessionId]);

  // Load on first view, and again when the server says its list changed (servers often register
  // tools right after initialize, depending on the client's capabilities). Drafts are kept by name.
  const needsLoad = connected && (!entry || (entry.stale && !entry.loading));
  useEffect(() => {
    if (needsLoad) void load();
  }, [needsLoad, load]);

  if (!session) return <p className="empty">Connect a server to see its tools.</p>;
  if (!session.serverCapabilities?.tools && connected) return <p className="empty">{session.serverName} does not offer tools.</p>;

  const tools = entry?.tools ?? EMPTY;
  const item = (tool: Tool, { tabIndex, index }: { tabIndex: number; index: number }) => (
    <button
      type="button"
      tabIndex={tabIndex}
      className={tool.name === selectedName ? "item tool-item selected" : "item tool-item"}
      aria-current={tool.name === selectedName || undefined}
      aria-label={clipText(tool.name)}
      aria-describedby={toolBadges(tool).length ? `${badgeIdPrefix}-${index}` : undefined}
      onClick={() => store.getState().selectTool(session.sessionId, tool.name)}
    >
      <span className="item-name">
        <ServerName text={clipText(tool.name)} />
        <ToolBadges tool={tool} id={`${badgeIdPrefix}-${index}`} />
      </span>
      <ItemLines title={tool.title} description={tool.description} />
    </button>
  );
  const list = (
    <section className="list-pane" aria-label="Tool list">
      <ListHead
        title="Tools"
        count={tools.length}
        onRefresh={() => void load()}
        refreshDisabled={!connected || !!entry?.loading}
        filter={filter}
        onFilter={setFilter}
        filterBy="name, title or description"
        needle={needle}
        matching={shown.length}
        list={listRef}
      >
        {!connected && <p className="note">The session is {session.state}; showing the last list.</p>}
        {entry?.loading && <p className="note">Loading tools…</p>}
        {entry && !entry.loading && !entry.error && <CacheHintNote hints={entry.cache} what="tool list" era={session.era} />}
        <ErrorAlert message={entry?.error} sessionId={session.sessionId} />
      </ListHead>
      {/* AP2: a tool whose visibility leaves out "model" is not offered as an ordinary tool. */}
      <VirtualList
        handle={listRef}
        total={tools.length}
        sections={sections}
        itemKey={toolName}
        renderItem={item}
        selectedKey={selectedName}
        filter={needle}
      />
    </section>
  );
  const detail = (
    <div className="detail-pane">
      {selected ? (
        <ErrorBoundary key={`${session.sessionId}/${selected.name}`} what={`the tool ${selected.name}`}>
          <ToolDetail session={session} tool={selected} />
        </ErrorBoundary>
      ) : (
        <p className="empty">{tools.length ? "Pick a tool to see its form." : ""}</p>
      )}
      <ToolRuns sessionId={session.sessionId} {...(selected ? { toolName: selected.name } : {})} />
    </div>
  );
  return (
    <SplitPane id="tools" label="Resize the tool list" className="tools-tab" list={list} detail={detail} detailKey={`${session.sessionId}/${selected?.name ?? ""}`} />
  );
}
