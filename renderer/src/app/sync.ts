// Keeps the store a view of the core: subscribe first, then take the snapshot, then apply the events
// that arrived meanwhile, so nothing that happened between the two is lost.
import type { InspectorBridge, InspectorEvent } from "../../../shared/contract.js";
import type { InspectorStore } from "../store/inspectorStore.js";
import { errorMessage } from "../util/errors.js";

export function startSync(bridge: InspectorBridge, store: InspectorStore, onError: (message: string) => void): () => void {
  let buffered: InspectorEvent[] | null = [];
  let stopped = false;
  const unsubscribe = bridge.onEvents((events) => {
    if (stopped) return;
    if (buffered) buffered.push(...events);
    else store.getState().applyEvents(events);
  });

  void (async () => {
    try {
      const [snapshot, servers] = await Promise.all([bridge.getSnapshot({}), bridge.listServers({})]);
      if (stopped) return;
      const state = store.getState();
      state.setServers(servers);
      state.applySnapshot(snapshot);
      const pending = buffered ?? [];
      buffered = null;
      state.applyEvents(pending);
      // The protocol log is not part of the snapshot: fetch each session's so far.
      await Promise.all(
        snapshot.sessions.map(async ({ sessionId }) => {
          const log = await bridge.getLog({ sessionId });
          if (!stopped) store.getState().applyLogSnapshot(sessionId, log);
          // Issue 14: a host from before the Authorization panel has no getAuthSteps; the panel stays empty then.
          const auth = await bridge.getAuthSteps({ sessionId }).catch(() => undefined);
          if (!stopped && auth) store.getState().applyAuthSnapshot(sessionId, auth.steps);
        }),
      );
    } catch (error) {
      if (buffered) {
        const pending = buffered;
        buffered = null;
        store.getState().applyEvents(pending);
      }
      if (!stopped) onError(`Could not load the inspector's state: ${errorMessage(error)}`);
    }
  })();

  return () => {
    stopped = true;
    unsubscribe();
  };
}
