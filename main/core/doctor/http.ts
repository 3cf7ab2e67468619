// The doctor's HTTP steps, each on its own bounded request: the URL, the proxies the environment names,
// the name, TCP, TLS, the POST (with redirects followed and counted), content type, the opening answer,
// the session header, Origin handling and the 2026-07-28 probe. A 401 hands over to the authorization steps.
import { lookup } from "node:dns/promises";
import { connect as netConnect, isIP } from "node:net";
import { checkServerIdentity, connect as tlsConnect, type PeerCertificate } from "node:tls";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import type { EraSetting } from "../../../shared/types.js";
import { LEGACY_VERSION, MODERN_VERSION, withEnvelope } from "../protocol/envelope.js";
import { readDiscoverAnswer } from "../modern/eraProbe.js";
import { mcpHeadersFor } from "../transport/httpHeaders.js";
import { boundedRequest, header, HttpFailure, rpcAnswerIn, type BoundedResponse, type RequestBounds } from "./boundedHttp.js";
import { capabilitiesOutcome } from "./stdio.js";
import { BoundReached, failed, failedUse, passed, quote, seconds, skipped, within, type StepLog, type StepOutcome } from "./steps.js";

export interface HttpTarget {
  url: string;
  transport: "streamableHttp" | "sse";
  headers: Record<string, string>;
  era: EraSetting;
}

export interface HttpDoctorOptions {
  timeoutMs: number;
  maxRedirects: number;
  maxHeaderBytes: number;
  maxBodyBytes: number;
  env: Record<string, string | undefined>;
  now: () => number;
  clientInfo: { name: string; version: string };
}

/** What the authorization steps need from the HTTP ones. */
export interface Unauthorized {
  url: URL;
  response: BoundedResponse;
}

const ALTERNATIVE_PATHS = ["/mcp", "/mcp/", "/", "/api/mcp", "/v1/mcp", "/sse"];

export async function diagnoseHttp(target: HttpTarget, options: HttpDoctorOptions, log: StepLog): Promise<Unauthorized | undefined> {
  const order: [string, string][] = [
    ["http.proxy", "Proxies named by the environment"],
    ["http.dns", "The host name resolves"],
    ["http.tcp", "A TCP connection opens"],
    ["http.tls", "The TLS handshake and certificate"],
    ["http.post", "The endpoint answers a POST"],
    ["http.contentType", "The answer's content type"],
    ["http.handshake", "The opening request is answered"],
    ["http.session", "The session header"],
    ["http.capabilities", "The server's capabilities are read"],
    ["http.origin", "A foreign Origin is refused"],
    ["http.era", "The 2026-07-28 probe (server/discover)"],
  ];
  const skipFrom = (id: string, why: string) => order.slice(order.findIndex(([i]) => i === id)).forEach(([i, t]) => log.skip(i, t, why));
  const bounds: RequestBounds = { timeoutMs: options.timeoutMs, maxBodyBytes: options.maxBodyBytes, maxHeaderBytes: options.maxHeaderBytes };

  let url: URL | undefined;
  await log.run("http.url", "The URL parses", () => {
    try {
      url = new URL(target.url);
    } catch {
      return failed(`not a URL: ${quote(target.url, 200)}`, "Give the full URL, such as http://127.0.0.1:3001/mcp.");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return failed(`the scheme is ${quote(url.protocol, 20)}`, "An MCP HTTP server's URL starts with http:// or https://.");
    if (url.username || url.password) return failed("the URL holds a user name or password", "Credentials do not belong in the URL: use an Authorization header or OAuth.");
    return passed(`${url.protocol === "https:" ? "https" : "http"}, host ${url.hostname}, port ${url.port || (url.protocol === "https:" ? 443 : 80)}, path ${url.pathname}`);
  });
  if (!url) return void skipFrom("http.proxy", "the URL does not parse");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));

  await log.run("http.proxy", "Proxies named by the environment", () => proxyOutcome(url!, options.env));

  let address = host;
  const dns = await log.run("http.dns", "The host name resolves", async () => {
    if (isIP(host)) return passed(`${host} is an IP address: nothing to resolve`);
    try {
      const found = await within(lookup(host, { all: true }), options.timeoutMs, `looking up ${host}`);
      address = found[0]!.address;
      return passed(`${host} → ${found.slice(0, 4).map((a) => a.address).join(", ")}`);
    } catch (error) {
      if (error instanceof BoundReached) throw error;
      return failed(`${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? "error"})`, "Check the host name for typos, your network, and your DNS or VPN.");
    }
  });
  if (dns.status === "failed") return void skipFrom("http.tcp", "the host name does not resolve");

  const tcp = await log.run("http.tcp", "A TCP connection opens", () => tcpOutcome(address, port, options.timeoutMs));
  if (tcp.status === "failed") return void skipFrom("http.tls", "no TCP connection");

  if (url.protocol === "https:") {
    const tls = await log.run("http.tls", "The TLS handshake and certificate", () => tlsOutcome(address, host, port, options.timeoutMs));
    if (tls.status === "failed") return void skipFrom("http.post", "TLS did not succeed: the inspector refuses this connection");
  } else log.skip("http.tls", "The TLS handshake and certificate", "http: no TLS");

  if (target.transport === "sse") {
    await log.run("http.sse", "The SSE stream opens and names its endpoint", () => sseOutcome(url!, target, bounds));
    return undefined;
  }

  const jsonHeaders = { ...target.headers, "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
  const initialize = JSON.stringify({ jsonrpc: "2.0", id: "doctor-initialize", method: "initialize", params: { protocolVersion: LEGACY_VERSION, capabilities: {}, clientInfo: options.clientInfo } });
  const stopAtAnswer = (id: string) => (body: string) => body.includes(`"${id}"`) && /\r?\n\r?\n/.test(body.slice(body.indexOf(`"${id}"`)));
  let answer: BoundedResponse | undefined;
  let finalUrl = url;
  const post = await log.run("http.post", "The endpoint answers a POST", async () => {
    const followed = await followRedirects(url!, { method: "POST", headers: jsonHeaders, body: initialize }, { ...bounds, stopWhen: stopAtAnswer("doctor-initialize") }, options.maxRedirects);
    if ("loop" in followed) return failed(followed.loop, "Fix the server's redirects: each one leads back to a URL already seen, or there are too many.", true);
    answer = followed.response;
    finalUrl = new URL(answer.url);
    const moved = followed.chain.length > 1 ? ` after ${followed.chain.length - 1} redirect(s) (${followed.chain.map((u) => new URL(u).pathname).join(" → ")})` : "";
    const status = answer.status;
    if (status === 404) {
      // An HTTP+SSE server made with a GET route only (Express's app.get("/sse")) answers a POST 404, not 405:
      // the URL is right and the transport wrong, so a GET that opens its stream decides the advice.
      const sse = await sseGet(url!, target.headers, bounds);
      const tried = await tryPaths(url!, jsonHeaders, initialize, bounds);
      const good = tried.find((t) => t.status !== 404 && t.status !== 0 && t.status < 500);
      const paths = `paths tried: ${tried.map((t) => `${t.path} (${t.status || t.error})`).join(", ")}`;
      const streamable = good ? ` or Streamable HTTP at ${new URL(good.path, url!).href}, which replaces it` : "";
      if (sse) {
        return failedUse(
          `404 Not Found for POST at ${url!.pathname}${moved}; a GET answers with text/event-stream${sse.endpoint ? ` naming the endpoint ${quote(sse.endpoint, 200)}` : ""}; ${paths}`,
          `This URL speaks the deprecated HTTP+SSE transport: choose the SSE transport for it${streamable}.`,
          good ? { transport: "streamableHttp", url: new URL(good.path, url!).href } : { transport: "sse", url: url!.href },
        );
      }
      if (good) {
        const answering = new URL(good.path, url!).href;
        return failedUse(`404 Not Found at ${url!.pathname}${moved}; ${paths}`, `Wrong path: the server answers at ${answering}; use that URL.`, { transport: "streamableHttp", url: answering });
      }
      return failed(`404 Not Found at ${url!.pathname}${moved}; ${paths}`, "Wrong path: find the URL the server's documentation gives (often ending in /mcp).");
    }
    if (status === 405) {
      const sse = await sseGet(url!, target.headers, bounds);
      const seen = `405 Method Not Allowed for POST${moved}${sse ? `; a GET answers with text/event-stream${sse.endpoint ? ` naming the endpoint ${quote(sse.endpoint, 200)}` : ""}` : ""}`;
      if (sse) return failedUse(seen, "This is an SSE-only server (the deprecated HTTP+SSE transport): choose the SSE transport for it.", { transport: "sse", url: url!.href });
      return failed(seen, "The server does not take POST here: check the URL, or whether it is an SSE-only server (choose the SSE transport).");
    }
    if (status === 401) return passed(`401: the server asks for authorization${moved} (see the authorization steps)`);
    if (status >= 500) return failed(`${status}${moved}: the server failed: ${quote(answer.body, 300)}`, "A server error: see the server's own log.");
    if (status >= 400) return failed(`${status}${moved}: ${quote(answer.body, 300)}`, status === 403 ? "Refused: the server may check Origin, a header, or an API key it expects (add it with a header)." : "The server refused the request: see its message.");
    if (status >= 300) return failed(`${status} without a Location to follow`, "Fix the server's redirect.");
    return passed(`${status}${moved} in answer to initialize`);
  });
  if (post.status === "failed" || !answer) return void skipFrom("http.contentType", "the POST did not succeed");

  if (answer.status === 401) {
    for (const [id, title] of order.slice(order.findIndex(([i]) => i === "http.contentType"))) log.skip(id, title, "the server asks for authorization first");
    return { url: finalUrl, response: answer };
  }

  const contentType = header(answer.headers, "content-type") ?? "";
  await log.run("http.contentType", "The answer's content type", () => {
    if (/^application\/json\b/i.test(contentType) || /^text\/event-stream\b/i.test(contentType)) return passed(contentType);
    if (/html/i.test(contentType)) return failed(`${quote(contentType, 100)}: a web page answered (${quote(answer!.body, 120)})`, "Something other than an MCP server answers at this URL (a web app, a proxy's login page): check the URL and port.");
    return failed(`${quote(contentType || "none", 100)}`, "An MCP server answers a POST with application/json or text/event-stream.");
  });

  const rpc = rpcAnswerIn(answer.body, contentType, "doctor-initialize");
  const handshake = await log.run("http.handshake", "The opening request is answered", () => {
    if (!rpc) return failed(`no JSON-RPC answer to initialize in the body${answer!.cut ? ` (read up to ${options.maxBodyBytes} bytes)` : ""}: ${quote(answer!.body, 200)}`, "The server must answer initialize with a JSON-RPC message.");
    if (rpc.error) return failed(`initialize answered error ${String(rpc.error.code)}: ${quote(String(rpc.error.message ?? ""))}`, "The server refused the opening request: see its message (a 2026-07-28-only server refuses initialize; see the era step).");
    const result = rpc.result ?? {};
    const info = result.serverInfo as { name?: unknown; version?: unknown } | undefined;
    const version = typeof result.protocolVersion === "string" ? result.protocolVersion : "none";
    if (![LEGACY_VERSION, ...SUPPORTED_PROTOCOL_VERSIONS].includes(version)) return failed(`answered with protocol version ${quote(version, 60)}, which we do not speak`, `Update the server's MCP SDK: it should answer ${LEGACY_VERSION} or an earlier version it supports.`);
    return passed(`initialize answered, protocol version ${version}${info?.name ? `, by ${quote(String(info.name), 100)}${info.version ? ` ${quote(String(info.version), 50)}` : ""}` : ""}`);
  });

  const sessionId = header(answer.headers, "mcp-session-id");
  await log.run("http.session", "The session header", () => {
    if (sessionId === undefined) return passed("no Mcp-Session-Id: a stateless server");
    if (!/^[\x21-\x7e]{1,1000}$/.test(sessionId)) return failed(`Mcp-Session-Id holds characters outside visible ASCII or is too long (${sessionId.length} characters)`, "A session id must be visible ASCII (0x21 to 0x7E).");
    return passed(`Mcp-Session-Id given (${sessionId.length} characters): the server keeps sessions`);
  });

  if (handshake.status === "passed") log.add("http.capabilities", "The server's capabilities are read", capabilitiesOutcome(rpc?.result?.capabilities));
  else log.skip("http.capabilities", "The server's capabilities are read", "no opening answer");

  await log.run("http.origin", "A foreign Origin is refused", async () => {
    const res = await boundedRequest(finalUrl, { method: "POST", headers: { ...jsonHeaders, Origin: "http://doctor.invalid" }, body: initialize.replace("doctor-initialize", "doctor-origin") }, { ...bounds, stopWhen: stopAtAnswer("doctor-origin") });
    void endSession(finalUrl, res, target.headers, bounds);
    if (res.status === 403 || res.status === 400) return passed(`a request with Origin http://doctor.invalid was refused (${res.status})`);
    const local = ["127.0.0.1", "localhost", "::1"].includes(host);
    return passed(`a request with Origin http://doctor.invalid was answered ${res.status}: the server does not check Origin`, local ? "A local server should refuse Origins it does not know (403), or a web page could reach it through DNS rebinding." : undefined);
  });

  await log.run("http.era", "The 2026-07-28 probe (server/discover)", async () => {
    const envelope = { protocolVersion: MODERN_VERSION, clientInfo: options.clientInfo, clientCapabilities: {} };
    const message = { jsonrpc: "2.0", id: "doctor-discover", method: "server/discover", params: withEnvelope(undefined, envelope) };
    // The headers the session's own probe sends (E4: MCP-Protocol-Version, Mcp-Method).
    const res = await boundedRequest(finalUrl, { method: "POST", headers: { ...jsonHeaders, "MCP-Protocol-Version": MODERN_VERSION, ...mcpHeadersFor(message) }, body: JSON.stringify(message) }, { ...bounds, stopWhen: stopAtAnswer("doctor-discover") });
    const reply = rpcAnswerIn(res.body, header(res.headers, "content-type") ?? "", "doctor-discover");
    const reading = reply ? readDiscoverAnswer(reply.error ? { error: { code: Number(reply.error.code), message: String(reply.error.message ?? ""), data: reply.error.data } } : { result: reply.result ?? {} }, MODERN_VERSION, " over HTTP") : undefined;
    const modern = reading && "era" in reading && reading.era === "modern";
    const said = reading && "said" in reading ? reading.said : `server/discover answered HTTP ${res.status}${reply?.error ? `, error ${String(reply.error.code)}` : ""}: 2025-11-25 only`;
    if (target.era === "2026-07-28" && !modern) return failed(said, "The entry is pinned to 2026-07-28 but the server speaks 2025-11-25 only: set the era to Auto or 2025-11-25.");
    return passed(said);
  });

  void endSession(finalUrl, answer, target.headers, bounds);
  return undefined;
}

/** Ends a session the doctor opened (DELETE with its id), so a stateful server does not keep it. */
async function endSession(url: URL, res: BoundedResponse, headers: Record<string, string>, bounds: RequestBounds): Promise<void> {
  const id = header(res.headers, "mcp-session-id");
  if (!id || !/^[\x21-\x7e]{1,1000}$/.test(id)) return;
  await boundedRequest(url, { method: "DELETE", headers: { ...headers, "Mcp-Session-Id": id, "MCP-Protocol-Version": LEGACY_VERSION } }, bounds).catch(() => {});
}

async function followRedirects(url: URL, init: { method: string; headers: Record<string, string>; body?: string }, bounds: RequestBounds, max: number): Promise<{ response: BoundedResponse; chain: string[] } | { loop: string }> {
  const chain = [url.href];
  let at = url;
  for (;;) {
    const response = await boundedRequest(at, init, bounds);
    const location = response.status >= 300 && response.status < 400 ? header(response.headers, "location") : undefined;
    if (!location) return { response, chain };
    let next: URL;
    try {
      next = new URL(location, at);
    } catch {
      return { response, chain };
    }
    const path = () => chain.map((u) => new URL(u).pathname).join(" → ");
    if (chain.includes(next.href)) return { loop: `a redirect loop: ${path()} → ${next.pathname} (${response.status}); stopped at the first URL seen twice` };
    if (chain.length > max) return { loop: `more than ${max} redirects (${path()} → …); stopped there` };
    chain.push(next.href);
    at = next;
  }
}

async function tryPaths(url: URL, headers: Record<string, string>, body: string, bounds: RequestBounds): Promise<{ path: string; status: number; error?: string }[]> {
  const tried: { path: string; status: number; error?: string }[] = [{ path: url.pathname, status: 404 }];
  for (const path of ALTERNATIVE_PATHS.filter((p) => p !== url.pathname)) {
    try {
      const res = await boundedRequest(new URL(path, url), { method: "POST", headers, body }, { ...bounds, timeoutMs: Math.min(bounds.timeoutMs, 3000), stopWhen: () => true });
      tried.push({ path, status: res.status });
      void endSession(new URL(path, url), res, headers, bounds);
      if (res.status !== 404 && res.status < 500) break;
    } catch (error) {
      tried.push({ path, status: 0, error: error instanceof HttpFailure ? error.code : "no answer" });
    }
  }
  return tried;
}

async function sseGet(url: URL, headers: Record<string, string>, bounds: RequestBounds): Promise<{ endpoint?: string } | undefined> {
  try {
    const res = await boundedRequest(url, { method: "GET", headers: { ...headers, Accept: "text/event-stream" } }, { ...bounds, timeoutMs: Math.min(bounds.timeoutMs, 3000), stopWhen: (body) => /event: ?endpoint\r?\ndata:[^\n]*\n/.test(body) });
    if (res.status !== 200 || !/text\/event-stream/i.test(header(res.headers, "content-type") ?? "")) return undefined;
    const endpoint = /event: ?endpoint\r?\ndata: ?([^\r\n]*)/.exec(res.body)?.[1];
    return endpoint ? { endpoint } : {};
  } catch {
    return undefined;
  }
}

async function sseOutcome(url: URL, target: HttpTarget, bounds: RequestBounds): Promise<StepOutcome> {
  const sse = await sseGet(url, target.headers, { ...bounds, timeoutMs: bounds.timeoutMs });
  if (!sse) return failed("a GET with Accept: text/event-stream did not open an event stream", "Check the URL (often ending in /sse), or choose Streamable HTTP if the server speaks it.");
  if (!sse.endpoint) return failed("an event stream opened, but named no endpoint (event: endpoint)", "An HTTP+SSE server first sends an `endpoint` event naming where to POST messages.");
  return passed(`an event stream opened and named the endpoint ${quote(sse.endpoint, 200)}`, "HTTP+SSE is deprecated: Streamable HTTP replaces it.");
}

function proxyOutcome(url: URL, env: Record<string, string | undefined>): StepOutcome {
  const get = (name: string) => env[name] ?? env[name.toLowerCase()];
  const proxy = url.protocol === "https:" ? (get("HTTPS_PROXY") ?? get("HTTP_PROXY")) : get("HTTP_PROXY");
  const noProxy = get("NO_PROXY");
  if (!proxy) return skipped(noProxy ? `NO_PROXY is set (${quote(noProxy, 200)}); no proxy is named` : "no proxy named (HTTP_PROXY, HTTPS_PROXY)");
  let shown: string;
  try {
    const p = new URL(proxy);
    shown = `${p.protocol}//${p.host}${p.username || p.password ? " (credentials not shown)" : ""}`;
  } catch {
    shown = "a value that is not a URL";
  }
  const host = url.hostname;
  const bypass = (noProxy ?? "").split(",").map((s) => s.trim()).filter(Boolean).some((rule) => rule === "*" || host === rule.replace(/^\./, "") || host.endsWith(rule.startsWith(".") ? rule : `.${rule}`));
  return passed(`${url.protocol === "https:" ? "HTTPS_PROXY" : "HTTP_PROXY"} names ${quote(shown, 200)}${bypass ? `; NO_PROXY covers ${host}` : ""}`, bypass ? undefined : "The inspector connects directly, not through this proxy (Node's fetch reads proxy variables only with NODE_USE_ENV_PROXY=1): if the server is reachable only through the proxy, the connect fails.");
}

function tcpOutcome(address: string, port: number, timeoutMs: number): Promise<StepOutcome> {
  return new Promise((resolve) => {
    const socket = netConnect({ host: address, port });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(failed(`${address}:${port}: no connection within ${seconds(timeoutMs)}`, "A firewall may drop the connection, or the host is down.", true));
    }, timeoutMs);
    socket.once("connect", () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(passed(`connected to ${address}:${port}`));
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(failed(`${address}:${port}: ${error.code ?? error.message}`, error.code === "ECONNREFUSED" ? `Nothing listens on port ${port}: start the server, or check the port.` : "Check the host, the port and your network."));
    });
  });
}

function name(cert: PeerCertificate["subject"] | undefined): string {
  if (!cert) return "?";
  return quote(String(cert.CN ?? cert.O ?? Object.values(cert).join(" ")), 120);
}

function tlsOutcome(address: string, host: string, port: number, timeoutMs: number): Promise<StepOutcome> {
  return new Promise((resolve) => {
    const socket = tlsConnect({ host: address, port, ...(isIP(host) ? {} : { servername: host }), rejectUnauthorized: false });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(failed(`the TLS handshake did not finish within ${seconds(timeoutMs)}`, "The port accepts connections but never completes TLS: is it a plain-HTTP port (use http://), or a stalled proxy?", true));
    }, timeoutMs);
    socket.once("secureConnect", () => {
      clearTimeout(timer);
      const cert = socket.getPeerCertificate();
      const authorized = socket.authorized;
      const reason = socket.authorizationError ? String(socket.authorizationError) : undefined;
      const identity = cert && Object.keys(cert).length ? checkServerIdentity(host, cert) : new Error("no certificate");
      socket.destroy();
      if (!cert || !Object.keys(cert).length) return resolve(failed("the server sent no certificate", "Configure the server's TLS certificate."));
      const validTo = Date.parse(cert.valid_to);
      const days = Math.floor((validTo - Date.now()) / 86_400_000);
      const about = `subject ${name(cert.subject)}, issuer ${name(cert.issuer)}, valid until ${cert.valid_to}${Number.isFinite(days) ? ` (${days < 0 ? `expired ${-days} day(s) ago` : `${days} day(s) left`})` : ""}`;
      if (reason === "DEPTH_ZERO_SELF_SIGNED_CERT" || reason === "SELF_SIGNED_CERT_IN_CHAIN") return resolve(failed(`a self-signed certificate: ${about}`, "The certificate is signed by itself, so no one vouches for it and the inspector refuses it. Use a certificate from a trusted authority, or trust this one: start the inspector with NODE_EXTRA_CA_CERTS=<the certificate file>."));
      if (reason === "CERT_HAS_EXPIRED" || days < 0) return resolve(failed(`the certificate has expired: ${about}`, "Renew the server's certificate."));
      if (!authorized) return resolve(failed(`the certificate is not trusted (${quote(reason ?? "unknown", 80)}): ${about}`, "Use a certificate from a trusted authority, or add its authority with NODE_EXTRA_CA_CERTS."));
      if (identity) return resolve(failed(`the certificate is for another name: ${quote(identity.message, 200)}; ${about}`, `The certificate does not name ${host}: connect with a name it lists, or reissue it with ${host} in its subject alternative names.`));
      return resolve(passed(about, days < 14 ? "The certificate expires soon: renew it." : undefined));
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(failed(`TLS failed: ${quote(error.code ?? error.message, 200)}`, /WRONG_VERSION_NUMBER|EPROTO/i.test(`${error.code} ${error.message}`) ? "The port does not speak TLS: is it plain HTTP (use http://)?" : "Check the server's TLS setup."));
    });
  });
}
