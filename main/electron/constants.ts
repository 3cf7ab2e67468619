// Names the desktop shell shares between main and preload. Plain values only: the sandboxed
// preload bundles this file.

/** The packaging appId (electron-builder.yml); Windows ties notifications to it via setAppUserModelId. */
export const APP_ID = "io.github.mcp-task-inspector";

/**
 * The page is served from a custom scheme rather than file://, so it has an origin of its own to
 * check IPC senders against, and its responses carry our CSP header.
 */
export const APP_SCHEME = "app";
export const APP_HOST = "inspector";
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** One invoke channel per contract method, named after it. */
export function channelFor(method: string): string {
  return `inspector:${method}`;
}

/** The one channel main pushes event batches on. */
export const EVENTS_CHANNEL = "inspector:events";

/** What crosses an invoke channel: the result, or an error reduced to what the user should read. */
export type IpcReply = { ok: true; value: unknown } | { ok: false; error: { name: string; message: string; code?: number } };
