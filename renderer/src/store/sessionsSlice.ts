// Connection slice: the sessions main reports, which one the tabs show, and which saved server
// each session was started from (the contract's connect takes a config, not a saved-server id).
import type { InspectorEvent } from "../../../shared/contract.js";
import type { SavedServer, SessionInfo } from "../../../shared/types.js";

export interface SessionsState {
  sessions: Record<string, SessionInfo>;
  /** Session ids in the order they first appeared. */
  sessionOrder: string[];
  selectedSessionId?: string;
  /** saved-server id → the session the user started from it. */
  serverSessions: Record<string, string>;
}

export const initialSessionsState: SessionsState = { sessions: {}, sessionOrder: [], serverSessions: {} };

export function reduceSessions(state: SessionsState, event: InspectorEvent): SessionsState {
  if (event.type === "sessionRemoved") return withoutSession(state, event.payload.sessionId);
  if (event.type !== "sessionChanged") return state;
  return withSession(state, event.payload);
}

/** A removed session leaves the list; if the tabs showed it, they show the newest left (connected first). */
export function withoutSession(state: SessionsState, sessionId: string): SessionsState {
  if (!(sessionId in state.sessions)) return state;
  const sessions = { ...state.sessions };
  delete sessions[sessionId];
  const sessionOrder = state.sessionOrder.filter((id) => id !== sessionId);
  const serverSessions = Object.fromEntries(Object.entries(state.serverSessions).filter(([, id]) => id !== sessionId));
  let selectedSessionId = state.selectedSessionId;
  if (selectedSessionId === sessionId) {
    const newest = [...sessionOrder].reverse().map((id) => sessions[id]!);
    selectedSessionId = (newest.find((s) => s.state === "connected") ?? newest[0])?.sessionId;
  }
  return { sessions, sessionOrder, serverSessions, ...(selectedSessionId ? { selectedSessionId } : {}) };
}

export function withSession(state: SessionsState, info: SessionInfo): SessionsState {
  const known = info.sessionId in state.sessions;
  return {
    ...state,
    sessions: { ...state.sessions, [info.sessionId]: info },
    sessionOrder: known ? state.sessionOrder : [...state.sessionOrder, info.sessionId],
    // The first session to appear is the one the tabs show until the user picks another.
    selectedSessionId: state.selectedSessionId ?? info.sessionId,
  };
}

/**
 * The session a saved server is shown with: the one started from it (this window's, else the core's
 * `serverId`, which survives a reload), else the newest of its name that no entry claims.
 */
export function sessionForServer(state: SessionsState, server: SavedServer): SessionInfo | undefined {
  const bound = state.serverSessions[server.id];
  if (bound && state.sessions[bound]) return state.sessions[bound];
  let byName: SessionInfo | undefined;
  for (let i = state.sessionOrder.length - 1; i >= 0; i--) {
    const session = state.sessions[state.sessionOrder[i] as string];
    if (!session) continue;
    if (session.serverId === server.id) return session;
    if (!byName && !session.serverId && session.serverName === server.name && !Object.values(state.serverSessions).includes(session.sessionId)) byName = session;
  }
  return byName;
}
