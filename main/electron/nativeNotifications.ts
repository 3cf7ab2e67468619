// The Electron side of the notifier: a native Notification whose click runs the notifier's action.
import { Notification } from "electron";
import type { NotificationRequest, ShownNotification } from "./notifier.js";

// Held until closed: a Notification that is garbage-collected no longer delivers its click.
const live = new Set<Notification>();

export function isNotificationSupported(): boolean {
  return Notification.isSupported();
}

export function showNativeNotification(request: NotificationRequest): ShownNotification {
  const notification = new Notification({ title: request.title, body: request.body });
  live.add(notification);
  notification.on("click", () => request.onClick());
  notification.on("close", () => live.delete(notification));
  notification.show();
  return {
    close: () => {
      live.delete(notification);
      notification.close();
    },
  };
}
