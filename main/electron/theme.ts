// The Settings theme in the desktop app (issue 21): Electron's nativeTheme.themeSource makes the page's
// prefers-color-scheme, the menus and the window frame follow it, and the window's own background (seen
// while the page loads or resizes) matches the page's --bg. Pure: nativeTheme and the window come in.
import type { InspectorEvent } from "../../shared/contract.js";
import type { ThemeSource } from "../../shared/types.js";

/** The page's --bg (renderer/src/styles/app.css), so no white flash before a dark page draws. */
export const WINDOW_BACKGROUND = { light: "#f7f7f8", dark: "#16181c" } as const;

export interface NativeThemeLike {
  themeSource: ThemeSource;
  readonly shouldUseDarkColors: boolean;
  on(event: "updated", listener: () => void): unknown;
  off(event: "updated", listener: () => void): unknown;
}

export interface ThemedWindow {
  isDestroyed(): boolean;
  setBackgroundColor(color: string): void;
}

export function windowBackground(nativeTheme: Pick<NativeThemeLike, "shouldUseDarkColors">): string {
  return nativeTheme.shouldUseDarkColors ? WINDOW_BACKGROUND.dark : WINDOW_BACKGROUND.light;
}

/**
 * Applies the theme now and on every settingsChanged; repaints the window's background whenever the
 * effective theme changes (the setting, or the OS while it is "system"). Returns the function that stops it.
 */
export function followThemeSetting(
  nativeTheme: NativeThemeLike,
  core: { getSettings(): { theme: ThemeSource }; subscribe(listener: (event: InspectorEvent) => void): () => void },
  currentWindow: () => ThemedWindow | undefined,
): () => void {
  nativeTheme.themeSource = core.getSettings().theme;
  const repaint = () => {
    const win = currentWindow();
    if (win && !win.isDestroyed()) win.setBackgroundColor(windowBackground(nativeTheme));
  };
  nativeTheme.on("updated", repaint);
  const unsubscribe = core.subscribe((event) => {
    if (event.type !== "settingsChanged" || nativeTheme.themeSource === event.payload.theme) return;
    nativeTheme.themeSource = event.payload.theme;
    // "updated" fires only when the colours change; repainting here too costs nothing and relies on nothing.
    repaint();
  });
  return () => {
    unsubscribe();
    nativeTheme.off("updated", repaint);
  };
}
