// AP4/AP5, the desktop app: MCP App Views run behind the sandbox proxy on a scheme of their own
// (`mcp-app://sandbox`), never on the inspector's `app://inspector` origin, so they share none of its
// storage or its contract bridge (the preload runs in the main frame only, and IPC checks the sender frame).
// The proxy page and its CSP come from main/core/apps/sandboxProxy.ts, as in browser mode. The main process
// denies App frames every navigation away from the proxy and its View's document (AP4), and every permission
// but those the user allowed that View's server (AP6: the page puts them in the proxy's URL, `allow=`, and
// in the frames' `allow` attributes; window.ts's handler asks appFramePermission).
import { permissionFeatures, type AppPermissionFeature } from "../../shared/apps.js";
import { answerProxyRequest, PROXY_PATH } from "../core/apps/sandboxProxy.js";

export const APP_SANDBOX_SCHEME = "mcp-app";
export const APP_SANDBOX_ORIGIN = `${APP_SANDBOX_SCHEME}://sandbox`;

/** Standard (an origin of its own, relative URLs) and secure; no fetch, no CORS, no service workers. */
export const APP_SANDBOX_PRIVILEGES = {
  scheme: APP_SANDBOX_SCHEME,
  privileges: { standard: true, secure: true },
};

/** Node's URL gives a non-special scheme the origin "null": compare scheme and host instead. */
function isSandboxUrl(url: URL): boolean {
  return url.protocol === `${APP_SANDBOX_SCHEME}:` && url.host === "sandbox";
}

/** protocol.handle's handler for `mcp-app://`: the proxy page (framed by `pageOrigin` only) and its script. */
export function createAppSandboxHandler(pageOrigin: string) {
  return async (request: { url: string }): Promise<Response> => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return new Response("Not found", { status: 404 });
    }
    if (!isSandboxUrl(url)) return new Response("Not found", { status: 404 });
    const answer = answerProxyRequest(url, [pageOrigin]);
    const headers = new Headers({ "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" });
    if (answer.status !== 200) {
      headers.set("Content-Type", "text/plain; charset=utf-8");
      return new Response(answer.body, { status: answer.status, headers });
    }
    headers.set("Content-Type", answer.contentType);
    if (answer.csp) headers.set("Content-Security-Policy", answer.csp);
    return new Response(answer.body, { status: 200, headers });
  };
}

export interface FrameNavigationEvent {
  url: string;
  isMainFrame: boolean;
  frame?: { url?: string; parent?: { url?: string } | null } | null;
  preventDefault(): void;
}

/**
 * AP4: a frame below the page may load the proxy page, and the proxy its View (`about:srcdoc`); any other
 * navigation of a frame (a View setting `location`, a form, a meta refresh) is stopped before a request goes out.
 */
export function isAllowedFrameNavigation(url: string): boolean {
  if (url === "about:srcdoc") return true;
  try {
    const target = new URL(url);
    return isSandboxUrl(target) && target.pathname === PROXY_PATH;
  } catch {
    return false;
  }
}

export interface FrameNavigationTarget {
  on(event: "will-frame-navigate", listener: (event: FrameNavigationEvent) => void): unknown;
}

export function denyAppFrameNavigation(contents: FrameNavigationTarget): void {
  contents.on("will-frame-navigate", (event) => {
    if (!event.isMainFrame && !isAllowedFrameNavigation(event.url)) event.preventDefault();
  });
}

/** AP6: the Permissions Policy feature an Electron permission (and its media types) stands for. */
function featuresOf(permission: string, mediaTypes: readonly string[] | undefined): AppPermissionFeature[] | undefined {
  if (permission === "clipboard-sanitized-write") return ["clipboard-write"];
  if (permission === "geolocation") return ["geolocation"];
  if (permission !== "media") return undefined;
  const types = mediaTypes && mediaTypes.length > 0 ? mediaTypes : ["video", "audio"];
  if (types.some((t) => t !== "video" && t !== "audio")) return undefined;
  return types.map((t) => (t === "video" ? "camera" : "microphone"));
}

/** The proxy frame's URL, when `url` is one: its `allow=` list is what the user granted its View. */
function proxyGrant(url: string | undefined): AppPermissionFeature[] | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return isSandboxUrl(parsed) && parsed.pathname === PROXY_PATH ? permissionFeatures(parsed.searchParams.get("allow")) : undefined;
  } catch {
    return undefined;
  }
}

interface FrameLike {
  url?: string;
  parent?: FrameLike | null;
}
export interface FramesOf {
  mainFrame?: { framesInSubtree?: readonly FrameLike[] } | null;
}

/**
 * AP6: may an App frame have `permission`? The proxy frame itself says what it was granted (its URL). Electron
 * names a View's frame only `about:srcdoc` (an opaque origin), so a View's request is granted when a live View
 * frame in this page (a srcdoc frame whose parent is a proxy) was granted every feature asked; Chromium's
 * Permissions Policy (the `allow` attributes the page and the proxy set) has already kept any other View's
 * frame from asking. Nothing is granted to any other frame.
 */
export function appFramePermission(permission: string, requestingUrl: string | undefined, mediaTypes: readonly string[] | undefined, contents: unknown): boolean {
  const wanted = featuresOf(permission, mediaTypes);
  if (!wanted) return false;
  const own = proxyGrant(requestingUrl);
  if (own) return wanted.every((f) => own.includes(f));
  if (requestingUrl !== "about:srcdoc" && requestingUrl !== "null" && requestingUrl !== undefined && requestingUrl !== "") return false;
  const frames = (contents as FramesOf | null | undefined)?.mainFrame?.framesInSubtree ?? [];
  return frames.some((frame) => {
    if (frame.url !== "about:srcdoc") return false;
    const grant = proxyGrant(frame.parent?.url);
    return grant !== undefined && wanted.every((f) => grant.includes(f));
  });
}
