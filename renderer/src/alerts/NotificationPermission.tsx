// Browser mode only (issue 21): Web Notifications need the browser's permission, asked from this button
// and never on load (browsers ignore or punish a prompt nobody asked for).
import { useState } from "react";
import { useInspector } from "../app/context.js";
import { pageNotifications } from "./useBrowserAlerts.js";

export function NotificationPermission() {
  const hostNotifies = useInspector((s) => s.host.notifiesUser === true);
  const api = pageNotifications();
  const [permission, setPermission] = useState<NotificationPermission | "unsupported">(api ? api.permission : "unsupported");
  if (hostNotifies) return null;
  if (permission === "unsupported") return <p className="note">This browser cannot show notifications; the tab's title and icon count what waits.</p>;
  if (permission === "granted") return <p className="note">Browser notifications are on for this page while you are in another tab.</p>;
  if (permission === "denied")
    return <p className="note">This browser blocks notifications for this page; allow them in its site settings. The tab's title and icon still count what waits.</p>;
  return (
    <div className="row">
      <button type="button" onClick={() => void api?.requestPermission().then(setPermission, () => setPermission(api.permission))}>
        Allow browser notifications
      </button>
      <span className="note">The tab's title and icon count what waits either way.</span>
    </div>
  );
}
