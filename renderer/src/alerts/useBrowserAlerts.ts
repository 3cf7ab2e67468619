// Browser mode's "the server is waiting on you" (issue 21): the same rules as the desktop app's OS
// notifications (shared/waitingAlerts.ts: grouped, rate-limited, only while the user is elsewhere), shown
// as Web Notifications, plus the count on the tab's title and favicon. The desktop app says so in the
// snapshot (host.notifiesUser) and does all of this itself, so the page then does nothing.
import { useEffect } from "react";
import type { InspectorEvent } from "../../../shared/contract.js";
import { Notifier, type NotificationRequest, type NotificationTarget, type ShownNotification, type TimerHandle, type Timers } from "../../../shared/waitingAlerts.js";
import { useBridge, useInspector, useInspectorStore } from "../app/context.js";
import { showPageBadge } from "./pageBadge.js";

/** The page's Notification API, or undefined where there is none (an old or locked-down browser). */
export function pageNotifications(win: Window = window): typeof Notification | undefined {
  const api = (win as { Notification?: typeof Notification }).Notification;
  return typeof api === "function" ? api : undefined;
}

const pageTimers: Timers = {
  setTimeout: (fn, ms) => window.setTimeout(fn, ms) as unknown as TimerHandle,
  clearTimeout: (handle) => window.clearTimeout(handle as unknown as number),
};

/** One Web Notification for a request of the notifier; its click brings this tab forward and opens the item. */
export function showWebNotification(api: typeof Notification, request: NotificationRequest): ShownNotification {
  const notification = new api(request.title, { body: request.body, ...(request.tag ? { tag: request.tag } : {}) });
  notification.onclick = (event) => {
    event.preventDefault?.();
    request.onClick();
    notification.close();
  };
  return { close: () => notification.close() };
}

/**
 * Mounted once by the layout. `open` shows an item the way the desktop app's `navigate` event does.
 * Active only once the snapshot is in and says the host does not notify by itself.
 */
export function useBrowserAlerts(open: (target: NotificationTarget) => void): void {
  const bridge = useBridge();
  const store = useInspectorStore();
  const loaded = useInspector((s) => s.settings !== undefined);
  const hostNotifies = useInspector((s) => s.host.notifiesUser === true);
  const pending = useInspector((s) => s.pendingInputs.length);
  const active = loaded && !hostNotifies;

  useEffect(() => {
    if (active) showPageBadge(document, pending);
  }, [active, pending]);

  useEffect(() => {
    if (!active) return;
    const notifier = new Notifier({
      // Asked for from a button in Settings, never on load; until granted, only the title and favicon say it.
      isSupported: () => pageNotifications()?.permission === "granted",
      isEnabled: () => store.getState().settings?.notificationsEnabled ?? false,
      isWindowFocused: () => document.visibilityState === "visible" && document.hasFocus(),
      show: (request) => {
        const api = pageNotifications();
        return api ? showWebNotification(api, request) : undefined;
      },
      focusWindow: () => window.focus(),
      navigate: open,
      // The title and favicon follow the store (the snapshot's inputs too), not the notifier's own count.
      setBadgeCount: () => {},
      timers: pageTimers,
      now: () => Date.now(),
      serverNameOf: (sessionId) => store.getState().sessions[sessionId]?.serverName,
    });
    const stop = bridge.onEvents((events: InspectorEvent[]) => {
      for (const event of events) notifier.handle(event);
    });
    return () => {
      stop();
      notifier.dispose();
    };
  }, [active, bridge, store, open]);
}
