// The one hardened window, the app:// scheme its page is served from, and the session and
// webContents policies (Electron's security checklist). Policies are plain functions so tests can
// call them; `createMainWindow` keeps its options literal so reviewers and electronegativity see them.
import { BrowserWindow } from "electron";
import { isAbsolute, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { APP_HOST, APP_SCHEME } from "./constants.js";
import { openableUrl } from "./externalLinks.js";
import { pageOrigin } from "./ipc.js";
import { appFramePermission } from "./appSandbox.js";
import type { WindowState } from "./windowState.js";

/**
 * No inline or remote script, nothing framed, no plugins, no forms posting anywhere. Styles allow
 * inline because React's style props and the renderer's own meta CSP do; scripts never do.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  // Audio in tool results and resources plays from data: URLs (issue 13).
  "media-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  // AP4: MCP App Views run in frames of the sandbox proxy's own scheme, and no other.
  "frame-src mcp-app://sandbox",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** `app://` is standard (relative URLs, an origin of its own) and secure (treated like https). */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  // codeCache: V8 keeps the compiled renderer scripts between launches (the first tab's start is mostly
  // compiling them); Electron allows it only on a standard scheme.
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true },
};

/** The built renderer file an app:// URL names, or undefined for another host or a path outside the folder. */
export function rendererFilePath(requestUrl: string, rendererDir: string): string | undefined {
  let url: URL;
  let pathname: string;
  try {
    url = new URL(requestUrl);
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || pathname.includes("\0")) return undefined;
  const file = resolve(rendererDir, `.${pathname === "/" ? "/index.html" : pathname}`);
  const inside = relative(rendererDir, file);
  if (!inside || inside.startsWith("..") || isAbsolute(inside)) return undefined;
  return file;
}

/** protocol.handle's handler: serve the built renderer with our CSP; anything else is a 404. */
export function createAppProtocolHandler(rendererDir: string, fetchFile: (fileUrl: string) => Promise<Response>) {
  return async (request: { url: string }): Promise<Response> => {
    const file = rendererFilePath(request.url, rendererDir);
    if (!file) return new Response("Not found", { status: 404 });
    let response: Response;
    try {
      response = await fetchFile(pathToFileURL(file).href);
    } catch {
      return new Response("Not found", { status: 404 });
    }
    const headers = new Headers(response.headers);
    headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    headers.set("X-Content-Type-Options", "nosniff");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

/**
 * Permissions: all denied, except writing to the clipboard from our own page (the UI's copy
 * buttons); a page cannot read the clipboard, use the camera, notify on its own, and so on.
 */
export function isPermissionAllowed(permission: string, requestingUrl: string | undefined, appPageUrl: string): boolean {
  return permission === "clipboard-sanitized-write" && !!requestingUrl && pageOrigin(requestingUrl) === pageOrigin(appPageUrl);
}

export interface SessionLike {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl?: string; mediaTypes?: string[] }) => void,
  ): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string, requestingOrigin: string, details?: { requestingUrl?: string; mediaType?: string }) => boolean): void;
}

export function hardenSession(ses: SessionLike, appPageUrl: string): void {
  // AP6: an App frame gets exactly the permissions the user allowed its View's server (appSandbox.ts).
  ses.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details?.requestingUrl, appPageUrl) || appFramePermission(permission, details?.requestingUrl, details?.mediaTypes, contents));
  });
  ses.setPermissionCheckHandler(
    (contents, permission, requestingOrigin, details) =>
      isPermissionAllowed(permission, requestingOrigin, appPageUrl) ||
      appFramePermission(permission, details?.requestingUrl ?? requestingOrigin, details?.mediaType ? [details.mediaType] : undefined, contents),
  );
}

/**
 * Downloads: only files the page itself made (a resource's Download button: a Blob on an object URL of
 * the app's own origin, `blob:app://inspector/…`); Electron then asks where to save it. Anything else
 * that would download (a server's link, a redirect) is cancelled.
 */
export function isOwnDownload(url: string, appPageUrl: string): boolean {
  if (!url.startsWith("blob:")) return false;
  const origin = pageOrigin(url.slice("blob:".length));
  return origin !== undefined && origin === pageOrigin(appPageUrl);
}

export interface DownloadSessionLike {
  on(event: "will-download", listener: (event: { preventDefault(): void }, item: { getURL(): string }) => void): unknown;
}

export function allowOwnDownloads(ses: DownloadSessionLike, appPageUrl: string): void {
  ses.on("will-download", (event, item) => {
    if (!isOwnDownload(item.getURL(), appPageUrl)) event.preventDefault();
  });
}

export interface WebContentsPolicyTarget {
  on(event: "will-navigate", listener: (event: { url: string; preventDefault(): void }) => void): unknown;
  on(event: "will-attach-webview", listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: "deny" }): void;
}

/**
 * The page never navigates and never opens windows. A link the user clicked that would have done so
 * is offered to the system browser instead, through the same confirm-first path as openExternal.
 */
export function hardenWebContents(contents: WebContentsPolicyTarget, openLink: (url: string) => Promise<unknown>): void {
  const offer = (url: string) => {
    if (openableUrl(url)) openLink(url).catch(() => {});
  };
  contents.on("will-navigate", (event) => {
    event.preventDefault();
    offer(event.url);
  });
  contents.setWindowOpenHandler((details) => {
    offer(details.url);
    return { action: "deny" };
  });
  contents.on("will-attach-webview", (event) => event.preventDefault());
}

/** `backgroundColor`: what shows before the page draws (the theme's page background, issue 21). */
export function createMainWindow(state: WindowState, preloadPath: string, backgroundColor?: string): BrowserWindow {
  const win = new BrowserWindow({
    ...(backgroundColor ? { backgroundColor } : {}),
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    width: state.width,
    height: state.height,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: "MCP Task Inspector",
    webPreferences: {
      preload: preloadPath, // eng-disable PRELOAD_JS_CHECK: reviewed: sandboxed and context-isolated, it exposes only the contract's functions (test/electron/preload.test.ts)
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      // Middle-click would otherwise try to open links in a new window.
      disableBlinkFeatures: "Auxclick",
    },
  });
  win.once("ready-to-show", () => {
    if (state.maximized) win.maximize();
    win.show();
  });
  return win;
}

export interface FocusableWindow {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

/** Bring the window to the front (a second launch, a notification click). */
export function focusWindow(win: FocusableWindow | undefined): boolean {
  if (!win || win.isDestroyed()) return false;
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
  return true;
}
