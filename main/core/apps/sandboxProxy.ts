// The sandbox proxy's page, script and CSP, served on an origin of its own by each host (browser mode:
// main/web/appSandbox.ts on a second loopback port; the desktop app: main/electron's mcp-app:// scheme).
// The script relays JSON-RPC between the inspector page (its parent, the only origin it talks to: over the
// window until the page hands it a MessageChannel port, then over that) and the View's inner frame, and ends the View when its frame leaves its document (AP4). The CSP is built here from
// the declared domains, never taken as a string (AP5).
import { APP_PERMISSION_FEATURES } from "../../../shared/apps.js";
import { AppUiMetaSchema } from "../../../shared/appView.js";
import { buildCsp } from "./csp.js";

export const PROXY_PATH = "/proxy.html";
export const PROXY_SCRIPT_PATH = "/proxy.js";

/** The CSP the proxy page (and so the View inside it) runs under, from `?csp=` (the declared domains as JSON). */
export function proxyPolicy(query: string | null): string {
  let declared: unknown;
  try {
    declared = query ? JSON.parse(query) : undefined;
  } catch {
    declared = undefined;
  }
  const parsed = AppUiMetaSchema.shape.csp.safeParse(declared);
  // Anything unreadable is the restrictive default: the policy only ever gets stricter.
  return buildCsp(parsed.success ? parsed.data : undefined).policy;
}

export type ProxyAnswer = { status: 200; contentType: string; body: string; csp?: string } | { status: 403 | 404; body: string };

/** What the proxy origin answers for `url` (path and query), framed only by `pageOrigins` (AP4). */
export function answerProxyRequest(url: URL, pageOrigins: string[]): ProxyAnswer {
  if (url.pathname === PROXY_SCRIPT_PATH) return { status: 200, contentType: "text/javascript; charset=utf-8", body: PROXY_SCRIPT };
  if (url.pathname !== PROXY_PATH) return { status: 404, body: "Not found" };
  const page = url.searchParams.get("host");
  if (!page || !pageOrigins.includes(page)) return { status: 403, body: "Refused: the proxy serves the inspector's own page only." };
  const policy = proxyPolicy(url.searchParams.get("csp"));
  return { status: 200, contentType: "text/html; charset=utf-8", body: proxyPage(policy), csp: `${policy}; frame-ancestors ${pageOrigins.join(" ")}` };
}

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The proxy document; `policy` is the View's CSP, which the script puts first in the View's document too. */
export function proxyPage(policy: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="mcp-view-csp" content="${escapeAttribute(policy)}"><title>MCP App sandbox</title>
<style>html,body{margin:0;padding:0;height:100%;overflow:hidden;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>
<script src="/proxy.js"></script></head><body></body></html>`;
}

const JSON_FEATURES = JSON.stringify(Object.values(APP_PERMISSION_FEATURES));

export const PROXY_SCRIPT = `"use strict";
(() => {
  const query = new URLSearchParams(location.search);
  const host = query.get("host");
  // AP6: the permissions the user allowed this View (the page's own frame carries the same allow list, which
  // bounds this one): known Permissions Policy features only.
  const allow = (query.get("allow") || "").split(",").filter((f) => ${JSON_FEATURES}.includes(f));
  const policy = document.querySelector('meta[name="mcp-view-csp"]').getAttribute("content");
  let inner = null;
  let ended = false;
  // The page's end of a MessageChannel, once the page hands it over (inspector/bridge-port); until then the window.
  let port = null;
  const toHost = (message) => (port ? port.postMessage(message) : window.parent.postMessage(message, host));
  const escape = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  // AP5: the CSP goes first in the View's document (after a doctype, so it stays in standards mode).
  const withCsp = (html) => {
    const meta = '<meta http-equiv="Content-Security-Policy" content="' + escape(policy) + '">';
    const doctype = /^\\s*<!doctype[^>]*>/i.exec(html);
    return doctype ? doctype[0] + meta + html.slice(doctype[0].length) : meta + html;
  };
  const end = (reason) => {
    if (ended) return;
    ended = true;
    if (inner) inner.remove();
    inner = null;
    toHost({ jsonrpc: "2.0", method: "inspector/view-ended", params: { reason } });
  };
  const load = (params) => {
    inner = document.createElement("iframe");
    // AP4: scripts and forms only; never allow-same-origin, allow-top-navigation*, allow-popups. Not the page's to loosen.
    inner.setAttribute("sandbox", "allow-scripts allow-forms");
    inner.setAttribute("title", "MCP App View");
    if (allow.length > 0) inner.setAttribute("allow", allow.map((f) => f + " *").join("; "));
    let loads = 0;
    inner.addEventListener("load", () => {
      loads += 1;
      // AP4: a second load is the View's frame leaving its document (location, a form, a meta refresh).
      if (loads > 1) end("the View navigated its frame away from its document");
    });
    inner.srcdoc = withCsp(String(params && params.html));
    document.body.appendChild(inner);
  };
  const fromHost = (message) => {
    if (message && message.method === "ui/notifications/sandbox-resource-ready") {
      if (!inner && !ended) load(message.params);
      return;
    }
    // AP4: data only; no port the page sent ever reaches the View.
    if (inner && inner.contentWindow) inner.contentWindow.postMessage(message, "*");
  };
  window.addEventListener("message", (event) => {
    if (event.source === window.parent && event.origin === host) {
      const message = event.data;
      if (message && message.method === "inspector/bridge-port" && event.ports.length === 1) {
        if (port) port.close();
        port = event.ports[0];
        port.onmessage = (e) => fromHost(e.data);
        return;
      }
      // With a channel, the page speaks over it only.
      if (!port) fromHost(message);
      return;
    }
    // The View's messages go on as data (its ports, if it sent any, stay behind).
    if (inner && event.source === inner.contentWindow) toHost(event.data);
  });
  toHost({ jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} });
})();
`;
