// AP16: the inspector's theme as the ext-apps spec names it (`hostContext.styles.variables`), so a View can
// match the page it sits in. The stylesheet's colours are light-dark() pairs; a probe element resolves each
// to the colour in force under the current theme (Settings may pin one, or follow the system).
import type { McpUiHostContext } from "@modelcontextprotocol/ext-apps/app-bridge";

type Theme = "light" | "dark";

/** The spec's variable ← the inspector's own. */
const COLOURS: Record<string, string> = {
  "--color-background-primary": "--panel",
  "--color-background-secondary": "--bg",
  "--color-background-tertiary": "--code-bg",
  "--color-background-danger": "--error-bg",
  "--color-text-primary": "--text",
  "--color-text-secondary": "--muted",
  "--color-text-danger": "--error",
  "--color-text-success": "--ok",
  "--color-text-warning": "--warn",
  "--color-text-info": "--info",
  "--color-border-primary": "--border",
  "--color-ring-primary": "--focus",
};

/** The theme the page shows now: pinned in Settings (`data-theme`), else the system's. */
export function currentTheme(root: HTMLElement = document.documentElement): Theme {
  const pinned = root.dataset.theme;
  if (pinned === "light" || pinned === "dark") return pinned;
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

export function hostStyles(root: HTMLElement = document.documentElement): NonNullable<McpUiHostContext["styles"]> {
  const probe = document.createElement("span");
  probe.style.display = "none";
  root.appendChild(probe);
  const variables: Record<string, string> = {};
  try {
    for (const [spec, own] of Object.entries(COLOURS)) {
      probe.style.color = `var(${own})`;
      const value = getComputedStyle(probe).color;
      if (value) variables[spec] = value;
    }
    const body = getComputedStyle(document.body ?? root);
    if (body.fontFamily) variables["--font-sans"] = body.fontFamily;
    variables["--font-mono"] = "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace";
  } finally {
    probe.remove();
  }
  return { variables: variables as NonNullable<NonNullable<McpUiHostContext["styles"]>["variables"]> };
}

/** Calls `changed` when the page's theme changes (Settings or the system). */
export function watchTheme(changed: (theme: Theme) => void, root: HTMLElement = document.documentElement): () => void {
  let last = currentTheme(root);
  const check = () => {
    const now = currentTheme(root);
    if (now !== last) {
      last = now;
      changed(now);
    }
  };
  const media = window.matchMedia?.("(prefers-color-scheme: dark)");
  media?.addEventListener("change", check);
  const observer = new MutationObserver(check);
  observer.observe(root, { attributes: true, attributeFilter: ["data-theme"] });
  return () => {
    media?.removeEventListener("change", check);
    observer.disconnect();
  };
}
