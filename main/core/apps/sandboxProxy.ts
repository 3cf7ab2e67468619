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

/**
 * The CSP the proxy page (and so the View inside it) runs under, from `?csp=` (the declared domains as JSON)
 * and `?eval=1` (AP15: the user allowed eval in Views for this server; the page asks, the View cannot: it
 * never chooses its frame's address).
 */
export function proxyPolicy(query: string | null, allowEval = false): string {
  let declared: unknown;
  try {
    declared = query ? JSON.parse(query) : undefined;
  } catch {
    declared = undefined;
  }
  const parsed = AppUiMetaSchema.shape.csp.safeParse(declared);
  // Anything unreadable is the restrictive default: the policy only ever gets stricter.
  return buildCsp(parsed.success ? parsed.data : undefined, { allowEval }).policy;
}

export type ProxyAnswer = { status: 200; contentType: string; body: string; csp?: string } | { status: 403 | 404; body: string };

/** What the proxy origin answers for `url` (path and query), framed only by `pageOrigins` (AP4). */
export function answerProxyRequest(url: URL, pageOrigins: string[]): ProxyAnswer {
  if (url.pathname === PROXY_SCRIPT_PATH) return { status: 200, contentType: "text/javascript; charset=utf-8", body: PROXY_SCRIPT };
  if (url.pathname !== PROXY_PATH) return { status: 404, body: "Not found" };
  const page = url.searchParams.get("host");
  if (!page || !pageOrigins.includes(page)) return { status: 403, body: "Refused: the proxy serves the inspector's own page only." };
  const policy = proxyPolicy(url.searchParams.get("csp"), url.searchParams.get("eval") === "1");
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

/** AP12: a View's messages cross the proxy at this rate at most; too many waiting their turn stop it. */
export const PROXY_MAX_MESSAGES_PER_SECOND = 2000;
/** AP12: how many of a View's messages may cross at once, before the rate applies (a tenth of a second's). */
const PROXY_BURST = PROXY_MAX_MESSAGES_PER_SECOND / 10;
/** AP12: how many may wait their turn (a fifth of a second's) before the View counts as a flood and is ended. */
export const PROXY_MAX_WAITING = PROXY_MAX_MESSAGES_PER_SECOND / 5;
/** AP12: and how many characters of JSON may wait in all (a few messages at the size bound). */
export const PROXY_MAX_WAITING_CHARS = 4 * 1024 * 1024;
/** AP12: a single message from a View larger than this (characters of JSON) stops it, in the proxy. */
export const PROXY_MAX_MESSAGE_CHARS = 1024 * 1024;

/** AP13: reports the proxy passes on per View; beyond, one line says how many more there were. */
export const MAX_VIEW_REPORTS = 200;

/**
 * AP13: the sandbox's instrument, the first script of the View's document (right after its CSP). The proxy
 * cannot see into the View's frame (another origin, opaque), so the instrument listens there, before any of
 * the View's own code runs, for what only the browser can raise: CSP violations, failed loads, uncaught
 * errors and unhandled rejections. Only trusted events count (`isTrusted` cannot be forged by the View), and
 * they go to the proxy over a port the proxy hands it (a capture listener registered first takes it, so the
 * View never sees it); the View cannot post on that port, so what arrives there is "reported by the sandbox".
 * The View's console errors, when the user asks for them, are the View's own words: marked as such.
 */
export const VIEW_INSTRUMENT = `(function () {
  var apply = Reflect.apply, post = MessagePort.prototype.postMessage, port = null, queue = [], total = 0;
  var clip = function (v) { try { return String(v).slice(0, 1000); } catch (e) { return "(unreadable)"; } };
  var send = function (r) {
    total += 1;
    if (total > ${MAX_VIEW_REPORTS}) return;
    if (port) apply(post, port, [r]); else queue.push(r);
  };
  addEventListener("message", function (e) {
    if (!e.isTrusted || e.source !== parent || port || !e.data || e.data.method !== "inspector/instrument-port" || e.ports.length !== 1) return;
    e.stopImmediatePropagation();
    port = e.ports[0];
    for (var i = 0; i < queue.length; i++) apply(post, port, [queue[i]]);
    queue = [];
  }, true);
  addEventListener("securitypolicyviolation", function (e) {
    if (!e.isTrusted) return;
    send({ kind: "csp", by: "sandbox", directive: clip(e.effectiveDirective || e.violatedDirective), blocked: clip(e.blockedURI), source: clip(e.sourceFile), line: e.lineNumber | 0, disposition: clip(e.disposition), sample: clip(e.sample) });
  }, true);
  addEventListener("error", function (e) {
    if (!e.isTrusted) return;
    var t = e.target;
    if (t && t !== window && t.nodeType === 1) {
      send({ kind: "load", by: "sandbox", element: clip(t.localName), url: clip(t.currentSrc || t.src || t.href || "") });
      return;
    }
    send({ kind: "error", by: "sandbox", message: clip(e.message), source: clip(e.filename), line: e.lineno | 0, column: e.colno | 0 });
  }, true);
  addEventListener("unhandledrejection", function (e) {
    if (!e.isTrusted) return;
    var r = e.reason, text;
    try { text = r && typeof r === "object" && "message" in r ? r.message : r; } catch (x) { text = "(unreadable)"; }
    send({ kind: "rejection", by: "sandbox", message: clip(text) });
  }, true);
  if (__CONSOLE__) {
    var original = console.error;
    console.error = function () {
      var parts = [];
      for (var i = 0; i < arguments.length && i < 10; i++) parts.push(clip(arguments[i] instanceof Error ? arguments[i].message : arguments[i]));
      send({ kind: "console", by: "view", message: parts.join(" ") });
      return apply(original, console, arguments);
    };
  }
})();`;

export const PROXY_SCRIPT = `"use strict";
(() => {
  const query = new URLSearchParams(location.search);
  const host = query.get("host");
  // AP6: the permissions the user allowed this View (the page's own frame carries the same allow list, which
  // bounds this one): known Permissions Policy features only.
  const allow = (query.get("allow") || "").split(",").filter((f) => ${JSON_FEATURES}.includes(f));
  // AP13: the instrument, with the View's console errors only where the user asked for them.
  const instrument = ${JSON.stringify(VIEW_INSTRUMENT)}.replace("__CONSOLE__", query.get("console") === "1" ? "true" : "false");
  let reports = 0;
  // AP12: the View's messages cross at most at the rate, with a burst of a tenth of a second's worth; what
  // comes faster waits here, in order, and a View with more than a fifth of a second's worth waiting is
  // ended. So a View that kept to the rate is not ended when this process stalls on a busy machine and
  // reads its messages together (ending it past 200 in 100 ms did that), and a flood is still ended within
  // a few hundredths of a second, having put no more than the rate on the page.
  let tokens = ${PROXY_BURST};
  let refilledAt = 0;
  const waiting = [];
  let waitingChars = 0;
  let draining = false;
  const refill = () => {
    const now = Date.now();
    tokens = Math.min(${PROXY_BURST}, tokens + (refilledAt ? ((now - refilledAt) * ${PROXY_MAX_MESSAGES_PER_SECOND}) / 1000 : 0));
    refilledAt = now;
  };
  // Passes what waits while the bucket has tokens; what is left is tried again in a hundredth of a second.
  const drain = () => {
    refill();
    while (waiting.length > 0 && tokens >= 1) {
      tokens -= 1;
      const next = waiting.shift();
      waitingChars -= next.size;
      toHost(next.message);
    }
    if (waiting.length === 0 || draining) return;
    draining = true;
    setTimeout(() => {
      draining = false;
      if (!ended) drain();
    }, 10);
  };
  const pass = (message, size) => {
    waiting.push({ message, size });
    waitingChars += size;
    if (waitingChars > ${PROXY_MAX_WAITING_CHARS}) return end("The View sent more than ${PROXY_MAX_WAITING_CHARS} characters faster than the rate of ${PROXY_MAX_MESSAGES_PER_SECOND} messages a second: stopped by the sandbox");
    if (waiting.length > ${PROXY_MAX_WAITING}) return end("The View sent more than ${PROXY_MAX_MESSAGES_PER_SECOND} messages in a second: stopped by the sandbox");
    drain();
  };
  const policy = document.querySelector('meta[name="mcp-view-csp"]').getAttribute("content");
  let inner = null;
  let ended = false;
  // The page's end of a MessageChannel, once the page hands it over (inspector/bridge-port); until then the window.
  let port = null;
  const toHost = (message) => (port ? port.postMessage(message) : window.parent.postMessage(message, host));
  const escape = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  // AP5: the CSP goes first in the View's document (after a doctype, so it stays in standards mode); AP13: the
  // instrument right after it, before any script of the View's.
  const withCsp = (html) => {
    const meta = '<meta http-equiv="Content-Security-Policy" content="' + escape(policy) + '"><script>' + instrument + '</' + 'script>';
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
  // AP13: what the instrument saw, passed on as plain fields (bounded, counted) with who reported it.
  const text = (v) => (typeof v === "string" ? v.slice(0, 1000) : undefined);
  const seenReports = new Set();
  const report = (r) => {
    if (ended || !r || typeof r !== "object") return;
    // The View's document runs under two copies of one policy (the proxy's header, inherited, and its own
    // meta): the browser reports a block once per copy. Said once.
    if (r.kind === "csp") {
      // The sample too: a minified line may both test for eval and really use it.
      const key = [r.directive, r.blocked, r.source, r.line, r.sample].map(String).join("|");
      if (seenReports.has(key)) return;
      if (seenReports.size < 1000) seenReports.add(key);
    }
    reports += 1;
    if (reports > ${MAX_VIEW_REPORTS}) return;
    const kept = { kind: text(r.kind), by: r.by === "view" ? "view" : "sandbox" };
    for (const key of ["directive", "blocked", "source", "disposition", "sample", "element", "url", "message"]) if (text(r[key]) !== undefined) kept[key] = text(r[key]);
    for (const key of ["line", "column"]) if (Number.isInteger(r[key])) kept[key] = r[key];
    if (reports === ${MAX_VIEW_REPORTS}) kept.last = true;
    toHost({ jsonrpc: "2.0", method: "inspector/view-report", params: kept });
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
      // A View ended by its own first script (a flood, a navigation) is gone before its frame's load event.
      if (loads === 1 && inner && inner.contentWindow) {
        // AP13: the instrument's private line to the proxy.
        const channel = new MessageChannel();
        channel.port1.onmessage = (e) => report(e.data);
        inner.contentWindow.postMessage({ method: "inspector/instrument-port" }, "*", [channel.port2]);
      }
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
    // The View's messages go on as data (its ports, if it sent any, stay behind). The inspector's own
    // methods are the proxy's to say: a View that sends one is not believed (AP13).
    if (inner && event.source === inner.contentWindow) {
      if (ended) return;
      // AP12: the bounds apply here, in the proxy's own process (another site than the page), so a flood
      // costs the page nothing: over the size, or too far over the rate (pass), the View is ended and
      // nothing more crosses.
      let size;
      try {
        size = JSON.stringify(event.data).length;
      } catch (e) {
        size = Infinity;
      }
      if (size > ${PROXY_MAX_MESSAGE_CHARS}) return end("The View sent a message of " + (size === Infinity ? "unreadable size" : size + " characters") + ", over the ${PROXY_MAX_MESSAGE_CHARS} allowed: stopped by the sandbox");
      const method = event.data && typeof event.data === "object" ? event.data.method : undefined;
      if (typeof method === "string" && method.startsWith("inspector/")) return;
      pass(event.data, size);
    }
  });
  toHost({ jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} });
})();
`;
