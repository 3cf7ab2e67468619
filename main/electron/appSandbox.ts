// AP4/AP5, the desktop app: MCP App Views run behind the sandbox proxy on a scheme of their own
// (`mcp-app://sandbox`), never on the inspector's `app://inspector` origin, so they share none of its
// storage or its contract bridge (the preload runs in the main frame only, and IPC checks the sender frame).
// The proxy page and its CSP come from main/core/apps/sandboxProxy.ts, as in browser mode. The main process
// denies App frames every navigation away from the proxy and its View's document (AP4) and every permission
// (window.ts's handler grants only our own page's clipboard writes, AP6).
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
