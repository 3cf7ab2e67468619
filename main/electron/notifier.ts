// The desktop app's "the server is waiting on you": the grouping and rate limit live in
// shared/waitingAlerts.ts (browser mode uses the same rules for Web Notifications); here the core's
// event stream feeds them, and app.ts supplies OS notifications and the dock/taskbar badge.
import type { InspectorEvent } from "../../shared/contract.js";
import type { Notifier } from "../../shared/waitingAlerts.js";

export * from "../../shared/waitingAlerts.js";

/** Feed a notifier from the core's event stream; returns the function that stops it. */
export function connectNotifier(core: { subscribe(listener: (event: InspectorEvent) => void): () => void }, notifier: Notifier): () => void {
  const unsubscribe = core.subscribe((event) => notifier.handle(event));
  return () => {
    unsubscribe();
    notifier.dispose();
  };
}
