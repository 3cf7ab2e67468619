// MCP Apps (the extension io.modelcontextprotocol/ui, SEP-1865; ../shared/APPS-SPEC.md AP1–AP12): the words
// both sides of the contract read. The core advertises the extension and reads Views; the renderer marks
// App tools and lists the ones only their App may call apart. A server's `_meta` is hostile: read field by
// field, bounded, never trusted for its type.

export const UI_EXTENSION = "io.modelcontextprotocol/ui";
export const APP_MIME_TYPE = "text/html;profile=mcp-app";
/** AP1: what the client declares under `extensions[UI_EXTENSION]`. */
export const UI_EXTENSION_CAPABILITY = { mimeTypes: [APP_MIME_TYPE] } as const;
/** The deprecated flat key an older App server may still send (AP1: read, and marked deprecated). */
export const DEPRECATED_RESOURCE_URI_KEY = "ui/resourceUri";
/** A resource URI longer than this is not an App tool's (a hostile server's junk). */
export const MAX_APP_URI_LENGTH = 2048;

export type AppVisibility = "model" | "app";

/** What a listed tool says about its App (AP1, AP2). */
export interface AppToolInfo {
  resourceUri: string;
  /** The URI came from the deprecated flat `_meta["ui/resourceUri"]`. */
  deprecatedKey: boolean;
  /** AP2: defaults to both. */
  visibility: AppVisibility[];
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** AP2: `_meta.ui.visibility`, defaulting to ["model", "app"]; anything that is not a list of those words is the default. */
function visibilityOf(ui: Record<string, unknown> | undefined): AppVisibility[] {
  const raw = ui?.visibility;
  if (!Array.isArray(raw)) return ["model", "app"];
  const kept = raw.slice(0, 10).filter((v): v is AppVisibility => v === "model" || v === "app");
  return [...new Set(kept)];
}

/** AP1: the App a tool names, if any: `_meta.ui.resourceUri`, else the deprecated `_meta["ui/resourceUri"]`. */
export function appToolInfo(tool: { _meta?: unknown }): AppToolInfo | undefined {
  const meta = record(tool._meta);
  if (!meta) return undefined;
  const ui = record(meta.ui);
  const current = ui?.resourceUri;
  const flat = meta[DEPRECATED_RESOURCE_URI_KEY];
  const uri = typeof current === "string" ? current : typeof flat === "string" ? flat : undefined;
  if (uri === undefined || uri.length === 0 || uri.length > MAX_APP_URI_LENGTH) return undefined;
  return { resourceUri: uri, deprecatedKey: typeof current !== "string", visibility: visibilityOf(ui) };
}

/** AP2: the user is offered the tool as an ordinary tool unless its visibility leaves out "model". */
export function offeredToUser(tool: { _meta?: unknown }): boolean {
  return visibilityOf(record(record(tool._meta)?.ui)).includes("model");
}

/** AP2: a View may call the tool only when its visibility includes "app". */
export function callableByApp(tool: { _meta?: unknown }): boolean {
  return visibilityOf(record(record(tool._meta)?.ui)).includes("app");
}

/** AP6: the permissions a View may declare (`_meta.ui.permissions`), by their Permissions Policy feature. */
export const APP_PERMISSION_FEATURES = {
  camera: "camera",
  microphone: "microphone",
  geolocation: "geolocation",
  clipboardWrite: "clipboard-write",
} as const;
export type AppPermission = keyof typeof APP_PERMISSION_FEATURES;
export type AppPermissionFeature = (typeof APP_PERMISSION_FEATURES)[AppPermission];
const FEATURES = new Set<string>(Object.values(APP_PERMISSION_FEATURES));

/** AP6: the features named in a list the page (or a proxy URL) gives, known ones only, in their fixed order. */
export function permissionFeatures(list: readonly string[] | string | null | undefined): AppPermissionFeature[] {
  const named = new Set(typeof list === "string" ? list.split(",").map((f) => f.trim()) : (list ?? []));
  return (Object.values(APP_PERMISSION_FEATURES) as AppPermissionFeature[]).filter((f) => named.has(f) && FEATURES.has(f));
}

/** AP10: the display modes this host offers a View (the View gets a mode only where it declared it too). */
export const HOST_DISPLAY_MODES = ["inline", "fullscreen", "pip"] as const;
export type AppDisplayMode = (typeof HOST_DISPLAY_MODES)[number];

/**
 * AP10: the mode a `ui/request-display-mode` sets: the one asked for when the host offers it and the View
 * declared it in `appCapabilities.availableDisplayModes` (inline always stands); otherwise the mode stays.
 * `hostOffers`: the host context's own `availableDisplayModes` when a preview narrows them (a phone, a card).
 */
export function displayModeFor(requested: unknown, declared: unknown, current: AppDisplayMode, hostOffers?: readonly unknown[]): AppDisplayMode {
  if (requested === "inline") return "inline";
  const offered = (HOST_DISPLAY_MODES as readonly unknown[]).includes(requested) && (hostOffers === undefined || hostOffers.includes(requested));
  const views = Array.isArray(declared) ? declared.slice(0, 20) : [];
  return offered && views.includes(requested) ? (requested as AppDisplayMode) : current;
}
