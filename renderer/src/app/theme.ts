// The Settings theme (issue 21): "system" follows prefers-color-scheme; "light" and "dark" pin it. The
// stylesheet's colours are light-dark() pairs, so pinning is only the root's color-scheme (which also
// themes the native controls and scrollbars).
import { useEffect } from "react";
import type { ThemeSource } from "../../../shared/types.js";
import { useInspector } from "./context.js";

export function applyTheme(root: HTMLElement, theme: ThemeSource | undefined): void {
  if (theme === "light" || theme === "dark") root.dataset.theme = theme;
  else delete root.dataset.theme;
}

export function useAppliedTheme(): void {
  const theme = useInspector((s) => s.settings?.theme);
  useEffect(() => applyTheme(document.documentElement, theme), [theme]);
}
