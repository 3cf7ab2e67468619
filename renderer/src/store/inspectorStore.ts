// The renderer's store: one zustand store made of slices. Core state (sessions, servers, tasks,
// pending inputs, log, settings) changes only through `applyEvents` and `applySnapshot`, i.e. from
// the contract's events and the first getSnapshot; never from an optimistic local copy.
// UI state (selection, drafts) has its own small actions. Tool runs are the core's too (issue 13).
import { createStore, type StoreApi } from "zustand/vanilla";
import type { ApiResult, InspectorEvent } from "../../../shared/contract.js";
import type { CacheHints, LogEntry, PendingInputKind, SavedServer } from "../../../shared/types.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { initialDraftsState, type DraftsState } from "./draftsSlice.js";
import { initialLogState, reduceLog, withLogSnapshot, type LogState, type PageLogLimits } from "./logSlice.js";
import { initialPendingInputsState, reducePendingInputs, type PendingInputsState } from "./pendingInputsSlice.js";
import { initialServersState, reduceServers, type ServersState } from "./serversSlice.js";
import { initialSessionsState, reduceSessions, withSession, type SessionsState } from "./sessionsSlice.js";
import { initialSettingsState, reduceSettings, type SettingsState } from "./settingsSlice.js";
import { createTasksState, reduceTasks, tasksFromSnapshot, type TasksState } from "./tasksSlice.js";
import { initialToolsState, reduceTools, runsFromSnapshot, type ToolsState } from "./toolsSlice.js";
import { initialResourcesState, reduceResources, type ResourcesState } from "./resourcesSlice.js";
import { forgetSessions } from "./forgetSession.js";
import { initialAuthState, reduceAuth, withAuthSnapshot, type AuthState } from "./authSlice.js";
import type { AuthStep } from "../../../shared/types.js";

export type Snapshot = ApiResult<"getSnapshot">;

export interface InspectorActions {
  applyEvents(events: InspectorEvent[]): void;
  applySnapshot(snapshot: Snapshot): void;
  setServers(servers: SavedServer[]): void;
  applyLogSnapshot(sessionId: string, snapshot: ApiResult<"getLog">): void;
  /** Issue 14: the authorization steps a session took before this window loaded. */
  applyAuthSnapshot(sessionId: string, steps: AuthStep[]): void;
  selectSession(sessionId: string): void;
  bindServerSession(serverId: string, sessionId: string): void;
  setToolsLoading(sessionId: string): void;
  /** `problem`: the list came, but some tools did not fit the schema and were left out (said in one line). */
  setTools(sessionId: string, tools: Tool[], cache?: CacheHints, problem?: string): void;
  setToolsError(sessionId: string, error: string): void;
  selectTool(sessionId: string, toolName: string): void;
  setDraft(key: string, value: unknown): void;
  clearDraft(key: string): void;
  dismissWithdrawnNote(pendingInputId: string): void;
  dismissWithdrawnNotes(kind: PendingInputKind): void;
  /** The user has read the storage problems: they leave the screen (the backups stay on disk). */
  dismissStorageProblems(): void;
  /** Read this URI in the Resources tab (a resource_link was clicked); the tab takes the request when it reads it. */
  requestResourceRead(sessionId: string, uri: string): void;
  resourceReadTaken(seq: number): void;
}

export type InspectorState = SessionsState &
  ServersState &
  ToolsState &
  ResourcesState &
  TasksState &
  PendingInputsState &
  LogState &
  SettingsState &
  DraftsState &
  HostState &
  AuthState &
  InspectorActions;

/** What the host offers beyond the contract (the desktop app's folder picker and OS notifications), from the snapshot. */
export interface HostState {
  host: { folderPicker: boolean; notifiesUser?: boolean; /** AP4: where MCP App Views run (absent: Apps cannot render here). */ appSandbox?: string };
}

export type InspectorStore = StoreApi<InspectorState>;

export function createInspectorStore(): InspectorStore {
  return createStore<InspectorState>()((set, get) => ({
    ...initialSessionsState,
    ...initialServersState,
    ...initialToolsState,
    ...initialResourcesState,
    // Its own records, not a shared initial value: the tasks slice updates them in place.
    ...createTasksState(),
    ...initialPendingInputsState,
    ...initialLogState,
    ...initialSettingsState,
    ...initialDraftsState,
    host: { folderPicker: false },
    ...initialAuthState,

    applyEvents(events) {
      if (events.length === 0) return;
      set((state) => {
        let sessions: SessionsState = state;
        let servers: ServersState = state;
        let settings: SettingsState = state;
        for (const event of events) {
          sessions = reduceSessions(sessions, event);
          servers = reduceServers(servers, event);
          settings = reduceSettings(settings, event);
        }
        const tasks = reduceTasks(state, events);
        const pending = reducePendingInputs(state, events);
        const log = reduceLog(state, events, logLimitOf(settings));
        const tools = reduceTools(state, events);
        const resources = reduceResources(state, events);
        const auth = reduceAuth(state, events);
        const next = {
          authSteps: auth.authSteps,
          ...pickSessions(sessions),
          servers: servers.servers,
          serversLoaded: servers.serversLoaded,
          ...(settings.settings ? { settings: settings.settings } : {}),
          clientTasks: tasks.clientTasks,
          receiverTasks: tasks.receiverTasks,
          taskOrder: tasks.taskOrder,
          tasksVersion: tasks.tasksVersion,
          tasksChanged: tasks.tasksChanged,
          pendingInputs: pending.pendingInputs,
          withdrawnNotes: pending.withdrawnNotes,
          requestHistory: pending.requestHistory,
          requestHistoryDropped: pending.requestHistoryDropped,
          logs: log.logs,
          toolsBySession: tools.toolsBySession,
          runs: tools.runs,
          resourceUpdates: resources.resourceUpdates,
          listChanges: resources.listChanges,
        };
        // Issue 13: a removed session takes everything shown for it along.
        const removed = new Set(events.flatMap((e) => (e.type === "sessionRemoved" ? [e.payload.sessionId] : [])));
        if (!removed.size) return next;
        const authSteps = Object.fromEntries(Object.entries(next.authSteps).filter(([id]) => !removed.has(id)));
        return { ...next, authSteps, ...forgetSessions({ ...state, ...next }, removed) };
      });
    },

    applySnapshot(snapshot) {
      set((state) => {
        let sessions: SessionsState = state;
        for (const info of snapshot.sessions) sessions = withSession(sessions, info);
        // A fresh window shows the newest session (connected first), not the oldest the core still holds.
        if (!state.selectedSessionId && snapshot.sessions.length > 0) {
          const newest = [...snapshot.sessions].reverse();
          sessions = { ...sessions, selectedSessionId: (newest.find((s) => s.state === "connected") ?? newest[0])!.sessionId };
        }
        return {
          ...pickSessions(sessions),
          settings: snapshot.settings,
          ...(snapshot.storage ? { storage: snapshot.storage } : {}),
          ...(snapshot.host ? { host: snapshot.host } : {}),
          ...tasksFromSnapshot(state, snapshot.clientTasks, snapshot.receiverTasks),
          // The snapshot is the truth: after a reconnect, inputs answered or withdrawn meanwhile are gone.
          pendingInputs: snapshot.pendingInputs,
          // Issue 13: runs and withdrawn notes are the core's, so a reloaded window gets them all back.
          ...(snapshot.toolRuns ? { runs: runsFromSnapshot(snapshot.toolRuns) } : {}),
          ...(snapshot.withdrawnNotes ? { withdrawnNotes: snapshot.withdrawnNotes } : {}),
          ...(snapshot.requestHistory ? { requestHistory: snapshot.requestHistory.entries, requestHistoryDropped: snapshot.requestHistory.dropped } : {}),
        };
      });
    },

    setServers(servers) {
      set({ servers, serversLoaded: true });
    },

    applyLogSnapshot(sessionId, snapshot) {
      set((state) => withLogSnapshot(state, sessionId, snapshot, logLimitOf(state)));
    },

    requestResourceRead(sessionId, uri) {
      set((state) => ({ resourceToRead: { sessionId, uri, seq: (state.resourceToRead?.seq ?? 0) + 1 } }));
    },

    resourceReadTaken(seq) {
      set((state) => (state.resourceToRead?.seq === seq ? { resourceToRead: undefined } : {}));
    },

    applyAuthSnapshot(sessionId, steps) {
      set((state) => withAuthSnapshot(state, sessionId, steps));
    },

    selectSession(sessionId) {
      set({ selectedSessionId: sessionId });
    },

    bindServerSession(serverId, sessionId) {
      set((state) => ({ serverSessions: { ...state.serverSessions, [serverId]: sessionId }, selectedSessionId: sessionId }));
    },

    setToolsLoading(sessionId) {
      set((state) => ({
        toolsBySession: {
          ...state.toolsBySession,
          [sessionId]: { tools: state.toolsBySession[sessionId]?.tools ?? [], loading: true, stale: false },
        },
      }));
    },

    setTools(sessionId, tools, cache, problem) {
      // A list_changed that arrived while loading keeps the list stale, so it is fetched again.
      set((state) => ({
        toolsBySession: {
          ...state.toolsBySession,
          [sessionId]: { tools, loading: false, stale: state.toolsBySession[sessionId]?.stale ?? false, ...(cache ? { cache } : {}), ...(problem ? { error: problem } : {}) },
        },
      }));
    },

    setToolsError(sessionId, error) {
      set((state) => ({
        toolsBySession: {
          ...state.toolsBySession,
          [sessionId]: { tools: state.toolsBySession[sessionId]?.tools ?? [], loading: false, stale: false, error },
          // (not stale: a failing server is not asked again until it announces another change)
        },
      }));
    },

    selectTool(sessionId, toolName) {
      set((state) => ({ selectedTool: { ...state.selectedTool, [sessionId]: toolName } }));
    },

    setDraft(key, value) {
      set((state) => ({ drafts: { ...state.drafts, [key]: value } }));
    },

    clearDraft(key) {
      if (!(key in get().drafts)) return;
      set((state) => {
        const drafts = { ...state.drafts };
        delete drafts[key];
        return { drafts };
      });
    },

    dismissWithdrawnNote(pendingInputId) {
      set((state) => ({ withdrawnNotes: state.withdrawnNotes.filter((n) => n.input.id !== pendingInputId) }));
    },

    dismissWithdrawnNotes(kind) {
      set((state) => ({ withdrawnNotes: state.withdrawnNotes.filter((n) => n.input.kind !== kind) }));
    },

    dismissStorageProblems() {
      set((state) => (state.storage ? { storage: { ...state.storage, problems: [] } } : {}));
    },
  }));
}

function pickSessions(s: SessionsState): SessionsState {
  return {
    sessions: s.sessions,
    sessionOrder: s.sessionOrder,
    serverSessions: s.serverSessions,
    // Said even when undefined: the last session was removed, and zustand's set would keep the old value.
    selectedSessionId: s.selectedSessionId as string,
  };
}

/** Main's own defaults (DEFAULT_SETTINGS; the page imports only types from shared/types), used only until the snapshot brings the real settings. */
const FALLBACK_LOG_LIMITS: PageLogLimits = { entries: 5000, bytes: 64 * 1024 * 1024 };

function logLimitOf(s: SettingsState): PageLogLimits {
  return s.settings ? { entries: s.settings.logLimit, bytes: s.settings.logBudgetBytes } : FALLBACK_LOG_LIMITS;
}
