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
  if (event.type !== "sessionChanged") return state;
  return withSession(state, event.payload);
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

/** The session a saved server is shown with: the one started from it, else the newest of its name. */
export function sessionForServer(state: SessionsState, server: SavedServer): SessionInfo | undefined {
  const bound = state.serverSessions[server.id];
  if (bound && state.sessions[bound]) return state.sessions[bound];
  for (let i = state.sessionOrder.length - 1; i >= 0; i--) {
    const session = state.sessions[state.sessionOrder[i] as string];
    if (session && session.serverName === server.name && !Object.values(state.serverSessions).includes(session.sessionId)) return session;
  }
  return undefined;
}
