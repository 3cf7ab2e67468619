// Server sidebar on the left; on the right the session bar, the tabs and the open tab's panel.
import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Group, Panel, Separator, useDefaultLayout, usePanelRef } from "react-resizable-panels";
import { PanelBottomClose, PanelBottomOpen, PanelLeftClose, PanelLeftOpen, PanelRightClose, PanelRightOpen } from "lucide-react";
import type { PendingInput } from "../../../shared/types.js";
import { DrawerHostContext } from "../components/Drawer.js";
import { layoutStore } from "../components/SplitPane.js";
import { DOCK_LABELS, SIDEBAR_SPLIT, useDock, useDockOnArrival, useSidebarShown, type DockView } from "./dock.js";
import { WaitingOnYou } from "./WaitingOnYou.js";
import { CommandPalette } from "./CommandPalette.js";
import type { InspectorEvent } from "../../../shared/contract.js";
import { useBrowserAlerts } from "../alerts/useBrowserAlerts.js";
import { ErrorBoundary } from "../components/ErrorBoundary.js";
import { TabBar, type TabItem } from "../components/TabBar.js";
import { ServersSidebar } from "../sidebar/ServersSidebar.js";
import { EDIT_REQUEST_KEY } from "../sidebar/editRequest.js";
import { TIMELINE_OPEN_KEY } from "../tabs/timeline/TimelineButton.js";
import { ToolsTab } from "../tabs/tools/ToolsTab.js";
import { RequestDialogHost } from "../tabs/pending/RequestDialogHost.js";
import { useBridge, useInspector } from "./context.js";
import { FocusItemContext, type FocusItem } from "./focusItem.js";
import { draftKeys } from "../store/draftsSlice.js";
import { ChecksTab, CollectionsTab, ElicitationsTab, LogsTab, RecordedViews, preloadTabsWhenIdle, PromptsTab, ResourcesTab, SamplingTab, TasksTab, TaskTimelineHost } from "./lazyTabs.js";
import { NavigationContext, PictureInPictureContext, type PictureInPicture } from "./navigation.js";
import { usePaneCycling, usePaneSearch } from "./panes.js";
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

export interface LayoutNotice {
  text: string;
  dismiss(): void;
}

/** `banner`: what stops the window working (an error); `notice`: what the user should know, dismissible. */
export function Layout({ banner, notice }: { banner?: string | undefined; notice?: LayoutNotice | undefined }) {
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
  const [dock, setDock] = useDock();
  useDockOnArrival(dock, setDock);
  const [sidebarShown, setSidebarShown] = useSidebarShown();
  // The palette's Edit… or Duplicate… of a server opens its editor in the sidebar: a hidden sidebar shows.
  const editRequested = useInspector((s) => s.drafts[EDIT_REQUEST_KEY] !== undefined);
  useEffect(() => {
    if (editRequested && !sidebarShown) setSidebarShown(true);
  }, [editRequested, sidebarShown, setSidebarShown]);
  const host = useRef<HTMLDivElement>(null);
  const pendingCount = pendingSampling + pendingElicitations;

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
  usePaneCycling();
  usePaneSearch();

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
  // Ctrl/Cmd+J shows or hides the docked panel (VS Code's key for its panel).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== "j") return;
      event.preventDefault();
      setDock({ open: !dock.open });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [dock.open, setDock]);
  // Ctrl/Cmd+B shows or hides the servers sidebar (VS Code's key for its side bar).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== "b") return;
      event.preventDefault();
      setSidebarShown(!sidebarShown);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [sidebarShown, setSidebarShown]);
  const answer = useCallback(
    (input: PendingInput) => navigate({ tab: input.kind === "sampling" ? "sampling" : "elicitations", itemId: input.id, sessionId: input.sessionId }),
    [navigate],
  );

  // Issue 22: an opened recording (the Logs tab's) is shown read-only in the other tabs too.
  const recordingOpen = useInspector((s) => s.drafts[OPENED_RECORDING] !== undefined);

  const tabs: TabItem<TabId>[] = TAB_IDS.map((id, index) => ({
    id,
    label: TAB_LABELS[id],
    shortcut: String(index + 1),
    ...(id === "sampling" ? { badge: pendingSampling } : id === "elicitations" ? { badge: pendingElicitations } : {}),
  }));

  const tabPanel = (
    <div role="tabpanel" id={`${PREFIX}-panel-${tab}`} aria-labelledby={`${PREFIX}-tab-${tab}`} className="panel" tabIndex={-1} data-pane="tab">
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
  );

  return (
    <NavigationContext.Provider value={selectTab}>
      <FocusItemContext.Provider value={focusItem}>
      <PictureInPictureContext.Provider value={pip}>
      <DrawerHostContext.Provider value={host}>
      {/* A hidden sidebar stays mounted: a server being edited there keeps what was typed. */}
      <div className={sidebarShown ? "app" : "app sidebar-hidden"}>
        {/* The first stop of Tab: past the servers' buttons, straight to the open tab. */}
        <a
          className="skip-link"
          href={`#${PREFIX}-panel-${tab}`}
          onClick={(event) => {
            event.preventDefault();
            document.getElementById(`${PREFIX}-panel-${tab}`)?.focus();
          }}
        >
          Skip to the open tab
        </a>
        <AppSplit
          shown={sidebarShown}
          onShownChange={setSidebarShown}
          sidebar={
            <ErrorBoundary what="the servers sidebar">
              <ServersSidebar />
            </ErrorBoundary>
          }
        >
        <main className="main">
          {banner && (
            <div className="alert error banner" role="alert">
              {banner}
            </div>
          )}
          {notice && (
            <div className="alert notice banner" role="status">
              <span className="alert-text">{notice.text}</span>
              <button type="button" onClick={notice.dismiss}>
                Dismiss
              </button>
            </div>
          )}
          <SessionBar />
          <div className="tabbar-row" data-pane="tabbar">
            <button
              type="button"
              className="icon-button sidebar-toggle"
              aria-label={sidebarShown ? "Hide the servers sidebar" : "Show the servers sidebar"}
              aria-expanded={sidebarShown}
              aria-keyshortcuts="Control+B Meta+B"
              title={`${sidebarShown ? "Hide" : "Show"} the servers sidebar (Ctrl+B)`}
              onClick={() => setSidebarShown(!sidebarShown)}
            >
              {sidebarShown ? <PanelLeftClose aria-hidden="true" className="icon" /> : <PanelLeftOpen aria-hidden="true" className="icon" />}
            </button>
            <TabBar<TabId> tabs={tabs} selected={tab} onSelect={selectTab} label="Inspector" idPrefix={PREFIX} />
            <CommandPalette onTab={selectTab} onAnswer={answer} />
            <button
              type="button"
              className="dock-toggle"
              aria-expanded={dock.open}
              aria-controls="inspector-dock"
              title="Show or hide the docked panel (Ctrl+J)"
              onClick={() => setDock({ open: !dock.open })}
            >
              <DockIcon open={dock.open} side={dock.side} />
              <span className="button-words">{dock.open ? "Hide panel" : "Show panel"}</span>
              {pendingCount > 0 && !dock.open && <span className="badge" aria-label={`${pendingCount} waiting on you`}>{pendingCount}</span>}
            </button>
          </div>
          <div className="workspace" ref={host}>
            <Workspace dock={dock} tabPanel={tabPanel} onResized={() => setDock({})}>
              <DockedPanel view={dock.view} side={dock.side} tab={tab} sessionKey={sessionKey} pendingCount={pendingCount} onAnswer={answer} onChange={setDock} />
            </Workspace>
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
        </main>
        </AppSplit>
      </div>
      </DrawerHostContext.Provider>
      </PictureInPictureContext.Provider>
      </FocusItemContext.Provider>
    </NavigationContext.Provider>
  );
}

/**
 * The servers sidebar beside the rest of the window, with a divider to widen it (remembered across reloads;
 * the sidebar keeps its width when the window is resized). Hidden, it folds to nothing but stays mounted, so
 * a server being edited there keeps what was typed; dragged below half its least width, it folds the same way.
 */
function AppSplit({ shown, onShownChange, sidebar, children }: { shown: boolean; onShownChange(shown: boolean): void; sidebar: ReactNode; children: ReactNode }) {
  const { defaultLayout, onLayoutChanged } = useDefaultLayout({ id: SIDEBAR_SPLIT.id, panelIds: [...SIDEBAR_SPLIT.panelIds], storage: layoutStore() });
  const sidebarPanel = usePanelRef();
  useLayoutEffect(() => {
    const panel = sidebarPanel.current;
    if (!panel) return;
    if (shown && panel.isCollapsed()) panel.expand();
    else if (!shown && !panel.isCollapsed()) panel.collapse();
  }, [shown, sidebarPanel]);
  return (
    <Group orientation="horizontal" className="app-split" {...(defaultLayout ? { defaultLayout } : {})} onLayoutChanged={onLayoutChanged}>
      <Panel
        id="sidebar"
        panelRef={sidebarPanel}
        className="app-sidebar"
        defaultSize="19rem"
        minSize="13rem"
        maxSize="50%"
        collapsible
        collapsedSize={0}
        groupResizeBehavior="preserve-pixel-size"
        onResize={(size) => {
          // The divider folded it (or a stored layout had it folded): the toggle says so too.
          const folded = size.inPixels === 0;
          if (folded === shown) onShownChange(!folded);
        }}
      >
        {sidebar}
      </Panel>
      <Separator className="divider divider-vertical sidebar-divider" aria-label="Resize the servers sidebar" disabled={!shown} />
      <Panel id="main" className="app-main" minSize="30rem">
        {children}
      </Panel>
    </Group>
  );
}

/** The open tab, and the docked panel below or beside it when it is shown; the split is remembered per side. */
function Workspace({ dock, tabPanel, onResized, children }: { dock: ReturnType<typeof useDock>[0]; tabPanel: ReactNode; onResized(): void; children: ReactNode }) {
  const { defaultLayout, onLayoutChanged } = useDefaultLayout({
    id: `inspector-dock-${dock.side}`,
    panelIds: dock.open ? ["tab", "dock"] : ["tab"],
    storage: layoutStore(),
  });
  return (
    // Not keyed by side: moving the panel must not remount the open tab (a running App would reload).
    <Group
      orientation={dock.side === "bottom" ? "vertical" : "horizontal"}
      className="workspace-split"
      {...(defaultLayout ? { defaultLayout } : {})}
      onLayoutChanged={(layout, meta) => {
        onLayoutChanged(layout, meta);
        // A drag of the divider (pointer or keys) makes the panel the user's, like picking its view.
        if (meta.isUserInteraction && dock.open) onResized();
      }}
    >
      <Panel id="tab" className="workspace-main" minSize="10rem">
        {tabPanel}
      </Panel>
      {dock.open && (
        <>
          <Separator className={dock.side === "bottom" ? "divider divider-horizontal" : "divider divider-vertical"} aria-label="Resize the docked panel" />
          <Panel id="dock" className="workspace-dock" defaultSize="35%" minSize="7rem">
            {children}
          </Panel>
        </>
      )}
    </Group>
  );
}

function DockIcon({ open, side }: { open: boolean; side: "bottom" | "right" }) {
  const Icon = side === "bottom" ? (open ? PanelBottomClose : PanelBottomOpen) : open ? PanelRightClose : PanelRightOpen;
  return <Icon aria-hidden="true" className="icon" />;
}

const DOCK_VIEWS: DockView[] = ["logs", "tasks", "waiting"];

/** Logs, Tasks or the requests waiting on the user, beside whatever tab is open. */
function DockedPanel({
  view,
  side,
  tab,
  sessionKey,
  pendingCount,
  onAnswer,
  onChange,
}: {
  view: DockView;
  side: "bottom" | "right";
  tab: TabId;
  sessionKey: string;
  pendingCount: number;
  onAnswer(input: PendingInput): void;
  onChange(change: Partial<ReturnType<typeof useDock>[0]>): void;
}) {
  // One view is never drawn twice: the Logs or Tasks tab open above has the panel point to it.
  const sameAsTab = view === tab;
  return (
    <section className="dock" id="inspector-dock" aria-label="Docked panel" data-pane="dock">
      <div className="dock-bar">
        <div className="segmented dock-views" role="group" aria-label="The docked panel shows">
          {DOCK_VIEWS.map((v) => (
            <button key={v} type="button" aria-pressed={view === v} className={view === v ? "checked" : undefined} onClick={() => onChange({ view: v })}>
              {DOCK_LABELS[v]}
              {v === "waiting" && pendingCount > 0 && <span className="badge">{pendingCount}</span>}
            </button>
          ))}
        </div>
        <button type="button" onClick={() => onChange({ side: side === "bottom" ? "right" : "bottom" })}>
          {side === "bottom" ? "Dock on the right" : "Dock at the bottom"}
        </button>
        <button type="button" onClick={() => onChange({ open: false })} aria-label="Close the docked panel">
          Close
        </button>
      </div>
      <div className="dock-body">
        {sameAsTab ? (
          <p className="empty">{DOCK_LABELS[view]} is the open tab; pick another tab to keep {DOCK_LABELS[view]} here beside it.</p>
        ) : (
          <ErrorBoundary key={view} what={`the docked ${DOCK_LABELS[view]}`}>
            <Suspense fallback={<TabLoading what={DOCK_LABELS[view]} />}>
              {view === "logs" && <LogsTab.Component key={sessionKey} docked={side} />}
              {view === "tasks" && <TasksTab.Component docked={side} />}
              {view === "waiting" && <WaitingOnYou onAnswer={onAnswer} />}
            </Suspense>
          </ErrorBoundary>
        )}
      </div>
    </section>
  );
}
