// Preview an App as another host would present it: a host context to render the View with (the spec's
// fields: display modes, container size, platform, locale, time zone, theme, safe-area insets, device
// capabilities). Custom JSON is read field by field; anything else in it is left out and said.
import type { McpUiHostContext } from "@modelcontextprotocol/ext-apps/app-bridge";

export type HostPreset = "desktop" | "mobile" | "card" | "custom";

export const HOST_PRESETS: Record<Exclude<HostPreset, "custom">, { label: string; context: McpUiHostContext }> = {
  desktop: { label: "Desktop (this inspector)", context: {} },
  mobile: {
    label: "Mobile (390 px wide, touch)",
    context: {
      platform: "mobile",
      availableDisplayModes: ["inline", "fullscreen"],
      containerDimensions: { width: 390, maxHeight: 700 },
      deviceCapabilities: { touch: true, hover: false },
      safeAreaInsets: { top: 47, right: 0, bottom: 34, left: 0 },
    },
  },
  card: {
    label: "Narrow inline card (320 px, inline only)",
    context: { platform: "web", availableDisplayModes: ["inline"], containerDimensions: { width: 320, maxHeight: 400 } },
  },
};

const MODES = ["inline", "fullscreen", "pip"] as const;
const num = (v: unknown, max = 10_000) => (typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= max ? Math.round(v) : undefined);
const text = (v: unknown) => (typeof v === "string" && v.length > 0 && v.length <= 100 ? v : undefined);

/** The host context in `json`, the spec's fields only, with notes on what was left out; or why it is not one. */
export function customHostContext(json: string): { context: McpUiHostContext; notes: string[] } | string {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return `Not JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return "The host context must be a JSON object";
  const v = value as Record<string, unknown>;
  const context: McpUiHostContext = {};
  const notes: string[] = [];
  const known = new Set(["theme", "displayMode", "availableDisplayModes", "containerDimensions", "locale", "timeZone", "platform", "deviceCapabilities", "safeAreaInsets"]);
  for (const key of Object.keys(v)) if (!known.has(key)) notes.push(`${key.slice(0, 60)}: not a host context field the preview sets; left out`);
  if (v.theme === "light" || v.theme === "dark") context.theme = v.theme;
  if (Array.isArray(v.availableDisplayModes)) context.availableDisplayModes = MODES.filter((m) => (v.availableDisplayModes as unknown[]).includes(m));
  if (v.platform === "web" || v.platform === "desktop" || v.platform === "mobile") context.platform = v.platform;
  if (text(v.locale)) context.locale = text(v.locale)!;
  if (text(v.timeZone)) context.timeZone = text(v.timeZone)!;
  const dims = v.containerDimensions as Record<string, unknown> | undefined;
  if (dims && typeof dims === "object") {
    const width = num(dims.width);
    const maxHeight = num(dims.maxHeight) ?? num(dims.height);
    if (width !== undefined) context.containerDimensions = { width, ...(maxHeight !== undefined ? { maxHeight } : {}) };
  }
  const caps = v.deviceCapabilities as Record<string, unknown> | undefined;
  if (caps && typeof caps === "object") context.deviceCapabilities = { ...(typeof caps.touch === "boolean" ? { touch: caps.touch } : {}), ...(typeof caps.hover === "boolean" ? { hover: caps.hover } : {}) };
  const insets = v.safeAreaInsets as Record<string, unknown> | undefined;
  if (insets && typeof insets === "object") {
    const [top, right, bottom, left] = ["top", "right", "bottom", "left"].map((k) => num(insets[k], 500) ?? 0);
    context.safeAreaInsets = { top: top!, right: right!, bottom: bottom!, left: left! };
  }
  return { context, notes };
}
