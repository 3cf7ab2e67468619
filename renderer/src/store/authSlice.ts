// Issue 14: per session, the steps of its authorization flows (discovery, registration, authorization,
// token, refresh) as the core reported them. Bounded like the core's list.
import type { InspectorEvent } from "../../../shared/contract.js";
import type { AuthStep } from "../../../shared/types.js";

export interface AuthState {
  authSteps: Record<string, AuthStep[]>;
}

export const initialAuthState: AuthState = { authSteps: {} };
export const AUTH_STEPS_KEPT = 200;

export function reduceAuth(state: AuthState, events: InspectorEvent[]): AuthState {
  let next: Record<string, AuthStep[]> | undefined;
  for (const event of events) {
    if (event.type !== "authStep") continue;
    next ??= { ...state.authSteps };
    const { sessionId } = event.payload;
    next[sessionId] = [...(next[sessionId] ?? []), event.payload].slice(-AUTH_STEPS_KEPT);
  }
  return next ? { authSteps: next } : state;
}

/** Merge what getAuthSteps returned with steps that arrived as events meanwhile (seq orders both). */
export function withAuthSnapshot(state: AuthState, sessionId: string, steps: AuthStep[]): AuthState {
  const last = steps.at(-1)?.seq ?? -Infinity;
  const newer = (state.authSteps[sessionId] ?? []).filter((s) => s.seq > last);
  return { authSteps: { ...state.authSteps, [sessionId]: [...steps, ...newer].slice(-AUTH_STEPS_KEPT) } };
}
