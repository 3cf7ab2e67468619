// AP3: a View is the `resources/read` of its `ui://` URI on the App's own session. What the server sent is
// hostile: the content must say `text/html;profile=mcp-app` and carry `text` or a base64 `blob` within the
// size bound; anything else is an error in words the user reads in place of the App. The content item's
// `_meta.ui` wins over the listing's, field by field.
import { APP_MIME_TYPE } from "../../../shared/apps.js";
import type { AppUiMeta, AppView } from "../../../shared/appView.js";
import { DEFAULT_SETTINGS } from "../../../shared/defaultSettings.js";
import { buildCsp } from "./csp.js";

/** AP17: the largest View the inspector renders (bytes of HTML) unless Settings say otherwise. */
export const MAX_VIEW_BYTES = DEFAULT_SETTINGS.maxViewBytes;

export class AppViewError extends Error {}

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function domains(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value
    .slice(0, 100)
    .filter((d): d is string => typeof d === "string")
    .map((d) => d.slice(0, 500));
}

/** A `_meta.ui` as the inspector keeps it: known fields of the right type, bounded; the rest dropped. */
export function uiMetaOf(meta: unknown): AppUiMeta {
  const ui = record(record(meta)?.ui);
  if (!ui) return {};
  const kept: AppUiMeta = {};
  const csp = record(ui.csp);
  if (csp) {
    kept.csp = {};
    for (const key of ["connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"] as const) {
      const list = domains(csp[key]);
      if (list) kept.csp[key] = list;
    }
  }
  const permissions = record(ui.permissions);
  if (permissions) {
    kept.permissions = {};
    for (const key of ["camera", "microphone", "geolocation", "clipboardWrite"] as const) {
      // The spec declares each as an (empty) object; `true` is read the same.
      if (record(permissions[key]) || permissions[key] === true) kept.permissions[key] = true;
    }
  }
  if (typeof ui.domain === "string") kept.domain = ui.domain.slice(0, 500);
  if (typeof ui.prefersBorder === "boolean") kept.prefersBorder = ui.prefersBorder;
  return kept;
}

/** AP3: the View must be a `ui://` resource. */
export function checkViewUri(uri: string): void {
  if (!/^ui:\/\/[^\s]+$/i.test(uri)) throw new AppViewError(`The App's View must be a ui:// resource; it names ${JSON.stringify(uri.slice(0, 300))}`);
}

const sameMime = (a: string) => a.replace(/\s+/g, "").toLowerCase() === APP_MIME_TYPE;

function decodeBlob(blob: string, uri: string): string {
  const clean = blob.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) throw new AppViewError(`The View ${uri} has a blob that is not base64`);
  return Buffer.from(clean, "base64").toString("utf8");
}

/** AP3: the View of a `resources/read` result, or an AppViewError saying what is wrong with it. */
export function viewFromReadResult(uri: string, result: Record<string, unknown>, listingMeta: unknown, toolName?: string, maxBytes: number = MAX_VIEW_BYTES): AppView {
  const contents = Array.isArray(result.contents) ? result.contents : [];
  const items = contents.map(record).filter((c): c is Record<string, unknown> => c !== undefined);
  const item = items.find((c) => c.uri === uri) ?? items[0];
  if (!item) throw new AppViewError(`The server's resources/read of ${uri} returned no content`);
  const mimeType = typeof item.mimeType === "string" ? item.mimeType : undefined;
  if (!mimeType || !sameMime(mimeType)) {
    throw new AppViewError(`The View ${uri} has mime type ${mimeType ? JSON.stringify(mimeType.slice(0, 200)) : "(none)"}, not "${APP_MIME_TYPE}"`);
  }
  let html: string;
  let encoding: AppView["encoding"];
  if (typeof item.text === "string") {
    html = item.text;
    encoding = "text";
  } else if (typeof item.blob === "string") {
    if (item.blob.length > (maxBytes * 4) / 3 + 4) throw new AppViewError(tooBig(uri, (item.blob.length * 3) / 4, maxBytes));
    html = decodeBlob(item.blob, uri);
    encoding = "blob";
  } else {
    throw new AppViewError(`The View ${uri} has neither text nor a base64 blob: there is no HTML to show`);
  }
  const bytes = Buffer.byteLength(html, "utf8");
  if (bytes > maxBytes) throw new AppViewError(tooBig(uri, bytes, maxBytes));
  // AP3: the content item's `_meta.ui` wins over the listing's, field by field.
  const ui = { ...uiMetaOf(listingMeta), ...uiMetaOf(item._meta) };
  const csp = buildCsp(ui.csp);
  // AP15: the same policy with 'unsafe-eval', in force where the user allowed eval in Views for this server.
  const cspWithEval = buildCsp(ui.csp, { allowEval: true }).policy;
  return { uri, ...(toolName ? { toolName } : {}), html, encoding, bytes, ui, csp: csp.policy, cspWithEval, cspNotes: csp.notes };
}

/** AP17: the size, the bound and the setting that holds it. */
function tooBig(uri: string, bytes: number, maxBytes: number): string {
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1).replace(/\.0$/, "")} MB`;
  return `The View ${uri} is ${mb(bytes)} (${Math.round(bytes).toLocaleString("en-US")} bytes), over the ${mb(maxBytes)} the inspector renders ("Largest App View" in Settings, at most 64 MB)`;
}
