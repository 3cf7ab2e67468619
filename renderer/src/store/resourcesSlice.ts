// Resources slice: what the server said about resources and prompts since the page started. Updates of
// subscribed resources (`notifications/resources/updated`) and list changes (E6: on 2026-07-28 they come
// only through the listen stream) are kept here from events, so a tab can say "changed, read again".
import type { InspectorEvent } from "../../../shared/contract.js";
import { own } from "../util/dict.js";

/** Counters per session: a tab remembers the value it loaded at and compares. */
export interface ListChanges {
  resources: number;
  prompts: number;
}

export interface ResourcesState {
  /** sessionId → uri → when the last update came (ms since the epoch); a Map keeps any URI a server sends, in arrival order. */
  resourceUpdates: Record<string, ReadonlyMap<string, number>>;
  listChanges: Record<string, ListChanges>;
  /** A read asked for elsewhere (a tool result's resource_link): the Resources tab reads it and clears this. */
  resourceToRead?: ResourceToRead;
}

export interface ResourceToRead {
  sessionId: string;
  uri: string;
  /** Changes on every request, so asking for the same URI twice reads it twice. */
  seq: number;
}

export const initialResourcesState: ResourcesState = { resourceUpdates: {}, listChanges: {} };

/** URIs remembered per session: a server touching millions of URIs keeps the newest. */
const UPDATES_KEPT = 1000;

const LIST_CHANGED: Record<string, keyof ListChanges> = {
  "notifications/resources/list_changed": "resources",
  "notifications/prompts/list_changed": "prompts",
};

export function reduceResources(state: ResourcesState, events: InspectorEvent[]): ResourcesState {
  let { resourceUpdates, listChanges } = state;
  // One copy per session and batch, however many updates a flooding server sent in it.
  const copied = new Map<string, Map<string, number>>();
  for (const event of events) {
    if (event.type === "resourceUpdated") {
      const { sessionId, uri, at } = event.payload;
      let updates = copied.get(sessionId);
      if (!updates) {
        updates = new Map(resourceUpdates[sessionId]);
        copied.set(sessionId, updates);
        resourceUpdates = { ...resourceUpdates, [sessionId]: updates };
      }
      // The newest last, so the oldest go first when the bound is reached.
      updates.delete(uri);
      updates.set(uri, at);
      if (updates.size > UPDATES_KEPT) updates.delete(updates.keys().next().value!);
    } else if (event.type === "logEntry" && event.payload.direction === "in") {
      const list = event.payload.method ? own(LIST_CHANGED, event.payload.method) : undefined;
      if (!list) continue;
      const current = listChanges[event.payload.sessionId] ?? { resources: 0, prompts: 0 };
      listChanges = { ...listChanges, [event.payload.sessionId]: { ...current, [list]: current[list] + 1 } };
    }
  }
  return resourceUpdates === state.resourceUpdates && listChanges === state.listChanges ? state : { resourceUpdates, listChanges };
}
