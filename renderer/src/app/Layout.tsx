// Server sidebar on the left; on the right the session bar, the tabs and the open tab's panel.
import { Suspense, useCallback, useEffect, useMemo, useState } from "react";
import type { InspectorEvent } from "../../../shared/contract.js";
import { useBrowserAlerts } from "../alerts/useBrowserAlerts.js";
import { ErrorBoundary } from "../components/ErrorBoundary.js";
import { TabBar, type TabItem } from "../components/TabBar.js";
import { ServersSidebar } from "../sidebar/ServersSidebar.js";
import { TIMELINE_OPEN_KEY } from "../tabs/timeline/TimelineButton.js";
import { ToolsTab } from "../tabs/tools/ToolsTab.js";
import { RequestDialogHost } from "../tabs/pending/RequestDialogHost.js";
import { useBridge, useInspector } from "./context.js";
import { FocusItemContext, type FocusItem } from "./focusItem.js";
import { draftKeys } from "../store/draftsSlice.js";
import { ChecksTab, CollectionsTab, ElicitationsTab, LogsTab, RecordedViews, preloadTabsWhenIdle, PromptsTab, ResourcesTab, SamplingTab, TasksTab, TaskTimelineHost } from "./lazyTabs.js";
import { NavigationContext, PictureInPictureContext, type PictureInPicture } from "./navigation.js";
import { SessionBar } from "./SessionBar.js";
import { TAB_IDS, TAB_LABELS, tabForShortcut, type TabId } from "./tabs.js";
import { useAppliedTheme } from "./theme.js";
import { useLiveAppTabs } from "../apps/liveApps.js";

type NavigatePayload = Extract<InspectorEvent, { type: "navigate" }>["payload"];

const PREFIX = "inspector";
/** The tabs that show Apps (a tool run's, a resource's preview). */
const KEPT_TABS: TabId[] = ["tools", "resources"];

function TabLoading({ what }: { what: string }) {
  return (
    <p className="empty" role="status">
      Loading {what}…
    </p>
  );
}

const OPENED_RECORDING = draftKeys.view("logs", "recording", "");

export function Layout({ banner }: { banner?: string | undefined }) {
  const bridge = useBridge();
  const [tab, setTab] = useState<TabId>("tools");
  const [focusItem, setFocusItem] = useState<FocusItem>();
  // The user's own tab switch ends any "show this item" request, so coming back does not jump again.
  const selectTab = useCallback((next: TabId) => {
    setFocusItem(undefined);
    setTab(next);
  }, []);
  // Per-session tabs remount when the user picks another session; each session's view state
  // (filters, selection, typed arguments) stays in the store's drafts, so coming back restores it.
  const sessionKey = useInspector((s) => s.selectedSessionId ?? "none");
  const pendingSampling = useInspector((s) => s.pendingInputs.filter((p) => p.kind === "sampling").length);
  const pendingElicitations = useInspector((s) => s.pendingInputs.filter((p) => p.kind === "elicitation").length);
  const timelineOpen = useInspector((s) => s.drafts[TIMELINE_OPEN_KEY] !== undefined);

  useEffect(() => preloadTabsWhenIdle(), []);

  // AP10: the tab whose App floats in picture-in-picture stays mounted while another tab is open; when the
  // App lands (inline again) while another tab is open, its tab stays mounted until the user opens it.
  const [floating, setFloating] = useState<{ owner: symbol; tab: TabId; key?: string; floats: boolean; seen: boolean }>();
  const setPip = useCallback((owner: symbol, at: TabId | undefined, key?: string) => {
    setFloating((now) => {
      if (at) return { owner, tab: at, ...(key ? { key } : {}), floats: true, seen: false };
      return now?.owner === owner && now.floats ? { ...now, floats: false } : now;
    });
  }, []);
  const releasePip = useCallback((owner: symbol) => setFloating((now) => (now?.owner === owner ? undefined : now)), []);
  useEffect(() => {
    if (floating && !floating.floats && !floating.seen && floating.tab === tab) setFloating({ ...floating, seen: true });
  }, [floating, tab]);
  const keptTab = floating && (floating.floats || !floating.seen) ? floating.tab : undefined;
  // AP14: a tab holding a live App stays mounted (out of sight) while another tab is open.
  const liveAppTabs = useLiveAppTabs();
  const pip = useMemo<PictureInPicture>(
    () => ({
      ...(floating?.floats ? { owner: floating.owner, tab: floating.tab } : {}),
      ...(floating?.key ? { key: floating.key } : {}),
      set: setPip,
      release: releasePip,
    }),
    [floating, setPip, releasePip],
  );

  const navigate = useCallback((payload: NavigatePayload) => {
    setTab(payload.tab);
    const { itemId, sessionId } = payload;
    if (itemId) setFocusItem((prev) => ({ itemId, ...(sessionId ? { sessionId } : {}), seq: (prev?.seq ?? 0) + 1 }));
    else setFocusItem(undefined);
  }, []);
  // The desktop shell's `navigate` event (a menu shortcut, a clicked notification) opens a tab.
  useEffect(
    () =>
      bridge.onEvents((events) => {
        for (const event of events) if (event.type === "navigate") navigate(event.payload);
      }),
    [bridge, navigate],
  );
  // Browser mode: the page's own title, favicon and Web Notifications (a click opens the item like `navigate`).
  useBrowserAlerts(navigate);
  useAppliedTheme();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = tabForShortcut(event);
      if (!target) return;
      event.preventDefault();
      selectTab(target);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [selectTab]);

  // Issue 22: an opened recording (the Logs tab's) is shown read-only in the other tabs too.
  const recordingOpen = useInspector((s) => s.drafts[OPENED_RECORDING] !== undefined);

  const tabs: TabItem<TabId>[] = TAB_IDS.map((id, index) => ({
    id,
    label: TAB_LABELS[id],
    shortcut: String(index + 1),
    ...(id === "sampling" ? { badge: pendingSampling } : id === "elicitations" ? { badge: pendingElicitations } : {}),
  }));

  return (
    <NavigationContext.Provider value={selectTab}>
      <FocusItemContext.Provider value={focusItem}>
      <PictureInPictureContext.Provider value={pip}>
      <div className="app">
        <ErrorBoundary what="the servers sidebar">
          <ServersSidebar />
        </ErrorBoundary>
        <main className="main">
          {banner && (
            <div className="alert error banner" role="alert">
              {banner}
            </div>
          )}
          <SessionBar />
          <TabBar<TabId> tabs={tabs} selected={tab} onSelect={selectTab} label="Inspector" idPrefix={PREFIX} />
          <div role="tabpanel" id={`${PREFIX}-panel-${tab}`} aria-labelledby={`${PREFIX}-tab-${tab}`} className="panel" tabIndex={-1}>
            {recordingOpen && (tab === "tools" || tab === "tasks" || tab === "sampling" || tab === "elicitations") && (
              <ErrorBoundary key={`recorded-${tab}`} what="the opened recording">
                <Suspense fallback={<TabLoading what="the opened recording" />}>
                  <RecordedViews tab={tab} />
                </Suspense>
              </ErrorBoundary>
            )}
            {!KEPT_TABS.includes(tab) && (
              <ErrorBoundary key={tab} what={`the ${TAB_LABELS[tab]} tab`}>
                <Suspense fallback={<TabLoading what={`the ${TAB_LABELS[tab]} tab`} />}>
                  {tab === "tasks" && <TasksTab.Component />}
                  {tab === "sampling" && <SamplingTab.Component />}
                  {tab === "elicitations" && <ElicitationsTab.Component />}
                  {tab === "prompts" && <PromptsTab.Component key={sessionKey} />}
                  {tab === "logs" && <LogsTab.Component key={sessionKey} />}
                  {tab === "checks" && <ChecksTab.Component key={sessionKey} />}
                  {tab === "collections" && <CollectionsTab.Component key={sessionKey} />}
                </Suspense>
              </ErrorBoundary>
            )}
            {/* The tabs that can hold an App: each in a place of its own, so a floating App's tab stays mounted. */}
            {KEPT_TABS.map(
              (id) =>
                (tab === id || keptTab === id || liveAppTabs.has(id)) && (
                  <div key={id} className={tab === id ? "tab-slot" : "tab-slot tab-kept"}>
                    <ErrorBoundary what={`the ${TAB_LABELS[id]} tab`}>
                      <Suspense fallback={<TabLoading what={`the ${TAB_LABELS[id]} tab`} />}>
                        {id === "tools" ? <ToolsTab /> : <ResourcesTab.Component key={sessionKey} />}
                      </Suspense>
                    </ErrorBoundary>
                  </div>
                ),
            )}
          </div>
        </main>
        {timelineOpen && (
          <ErrorBoundary what="the task timeline">
            <Suspense fallback={<TabLoading what="the timeline" />}>
              <TaskTimelineHost.Component />
            </Suspense>
          </ErrorBoundary>
        )}
        {/* A request that waits on the user comes to where the user is. */}
        <ErrorBoundary what="the request dialog">
          <RequestDialogHost />
        </ErrorBoundary>
      </div>
      </PictureInPictureContext.Provider>
      </FocusItemContext.Provider>
    </NavigationContext.Provider>
  );
}
