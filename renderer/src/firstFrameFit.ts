// The first frame index.html carries is drawn with the default layout; a window whose user resized the
// sidebar, hid it or opened the docked panel draws otherwise. This runs before the first paint (a classic
// script after the frame, scripts/firstFrame.ts writes it) and fits the frame to what was stored, or takes
// the frame away where it cannot draw it, so the app's first commit never moves what the frame showed.
import { DOCK_KEY, SIDEBAR_KEY, SIDEBAR_SPLIT } from "./app/dock.js";

export interface FirstFrameKeys {
  dock: string;
  sidebar: string;
  /** react-resizable-panels' key for the sidebar split's layout: `react-resizable-panels:<id>:<panel ids>`. */
  sidebarSplit: string;
}

export const FIRST_FRAME_KEYS: FirstFrameKeys = {
  dock: DOCK_KEY,
  sidebar: SIDEBAR_KEY,
  sidebarSplit: ["react-resizable-panels", SIDEBAR_SPLIT.id, ...SIDEBAR_SPLIT.panelIds].join(":"),
};

/**
 * Serialized into the page: it may use nothing but its arguments. The app reads the same keys with the same
 * fallbacks (dock.ts, the panels' `useDefaultLayout`): what does not parse is the default there too.
 */
export function fitFirstFrame(page: Document, storage: Pick<Storage, "getItem"> | undefined, keys: FirstFrameKeys): void {
  const frame = page.querySelector(".first-frame");
  if (!frame || !storage) return;
  const read = (key: string): unknown => {
    try {
      const text = storage.getItem(key);
      return text === null ? undefined : JSON.parse(text);
    } catch {
      return undefined;
    }
  };
  let sidebarHidden = false;
  try {
    sidebarHidden = storage.getItem(keys.sidebar) === "hidden";
  } catch {
    // unreadable: the app reads it as shown too
  }
  const dock = read(keys.dock) as { open?: unknown } | undefined;
  if (sidebarHidden || (typeof dock === "object" && dock !== null && dock.open === true)) {
    frame.remove();
    return;
  }
  const layout = read(keys.sidebarSplit) as Record<string, unknown> | undefined;
  const sidebar = layout?.sidebar;
  const main = layout?.main;
  if (typeof sidebar !== "number" || typeof main !== "number" || !(sidebar >= 0 && main >= 0) || Math.abs(sidebar + main - 100) > 0.1) return;
  // The panels as the library draws a stored layout: shares of the row, from no basis.
  for (const [id, grow] of [
    ["sidebar", sidebar],
    ["main", main],
  ] as const) {
    const panel = frame.querySelector<HTMLElement>(`[data-panel][id="${id}"]`);
    if (!panel) continue;
    panel.style.flexBasis = "0";
    panel.style.flexGrow = String(grow);
  }
}

/** The classic script the page runs right after the frame: the function and its keys, nothing else. */
export function fitFirstFrameScript(): string {
  return `(${fitFirstFrame.toString()})(document, (function () { try { return window.localStorage; } catch (e) { return undefined; } })(), ${JSON.stringify(FIRST_FRAME_KEYS)});\n`;
}
