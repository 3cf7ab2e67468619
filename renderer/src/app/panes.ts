// F6 and Shift+F6 move the focus from one part of the window to the next, as in VS Code and the browsers:
// the servers sidebar, the tab bar, the open tab and the docked panel, those that are shown. Without it a
// keyboard user with a dozen servers tabs through every server's buttons to reach the open tab. Ctrl/Cmd+F
// goes to the search box of the part the user is in.
import { useEffect } from "react";

/** Marks a part of the window F6 stops at, in document order. */
const PANE = "data-pane";

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';
/** Inside a part, the item the user is on (the selected tab, the current server, the view shown) comes first. */
const CURRENT = '[aria-selected="true"], [aria-current="true"], [aria-pressed="true"]';

/** The parts shown now: a part inside a hidden sidebar or a closed panel is not in the cycle. */
function shownPanes(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`[${PANE}]`)].filter((pane) => !pane.closest(".sidebar-hidden .sidebar, [hidden], [inert]"));
}

/** Where the focus goes in a part: the part itself if it takes the focus (the tab panel), else its current item, else its first control. */
function focusTarget(pane: HTMLElement): HTMLElement {
  if (pane.hasAttribute("tabindex")) return pane;
  const current = [...pane.querySelectorAll<HTMLElement>(CURRENT)].find((el) => el.matches(FOCUSABLE));
  return current ?? pane.querySelector<HTMLElement>(FOCUSABLE) ?? pane;
}

/** The part after (or before) the one holding `active`; from outside every part, the first (or last). */
function nextPane(panes: HTMLElement[], active: Element | null, backwards: boolean): HTMLElement | undefined {
  if (!panes.length) return undefined;
  const at = panes.findIndex((pane) => active !== null && pane.contains(active));
  if (at < 0) return backwards ? panes[panes.length - 1] : panes[0];
  return panes[(at + (backwards ? -1 : 1) + panes.length) % panes.length];
}

export function usePaneCycling(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "F6" || event.ctrlKey || event.metaKey || event.altKey) return;
      const pane = nextPane(shownPanes(), document.activeElement, event.shiftKey);
      if (!pane) return;
      event.preventDefault();
      const target = focusTarget(pane);
      // A part with nothing to focus still takes the focus, so the next F6 goes on from it.
      if (target === pane && !pane.hasAttribute("tabindex")) pane.tabIndex = -1;
      target.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}

/** A search or filter box the user can see: not in a tab kept behind the open one, a folded part or a closed panel. */
function shownSearchIn(pane: HTMLElement): HTMLInputElement | undefined {
  return [...pane.querySelectorAll<HTMLInputElement>('input[type="search"]')].find((box) => !box.disabled && !box.closest(".tab-kept, [hidden], [inert], details:not([open])"));
}

/**
 * Ctrl/Cmd+F goes to the search or filter box of the part the focus is in (the open tab's from the tab bar
 * or from outside every part): the Logs' search, the tool, resource or prompt filter, the servers' filter.
 * Pressed again in that box, or where a part has none, it is left to the browser's own find, and so it is
 * in a dialog.
 */
export function usePaneSearch(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== "f") return;
      // Taken already by what has the focus: the JSON editor opens its own search.
      if (event.defaultPrevented) return;
      const active = document.activeElement;
      // In a dialog (a request, the settings, a drawer) the key is the dialog's, or the browser's.
      if (active?.closest('[role="dialog"], [role="alertdialog"]')) return;
      const panes = shownPanes();
      const held = panes.find((pane) => active !== null && pane.contains(active) && pane.getAttribute(PANE) !== "tabbar");
      const pane = held ?? panes.find((p) => p.getAttribute(PANE) === "tab");
      const box = pane && shownSearchIn(pane);
      if (!box || box === active) return;
      event.preventDefault();
      box.focus();
      box.select();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
