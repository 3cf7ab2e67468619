// HTTP (Streamable HTTP only): what a server must do with the headers, the origin and the session. These
// requests go on a fetch of their own, outside the session (the session's transport always sends the
// right headers), so their verdicts quote the HTTP status rather than log entries.
import type { ServerConfig } from "../../../shared/types.js";
import { CLIENT_INFO } from "../eras/driver.js";
import { MODERN_VERSION } from "../protocol/envelope.js";
import { fail, isObject, pass, quote, skip, type Check, type Finding } from "./check.js";
import type { CheckContext } from "./context.js";

interface HttpAnswer {
  status: number;
  headers: Headers;
  /** The JSON-RPC error code in the body (JSON or the first SSE event), if any. */
  code?: number;
}

const MAX_BODY = 64 * 1024;

function endpoint(config: ServerConfig): { url: string; headers: Record<string, string> } | undefined {
  const t = config.transport;
  return t.type === "streamableHttp" ? { url: t.url, headers: { ...(t.headers ?? {}) } } : undefined;
}

async function post(ctx: CheckContext, headers: Record<string, string>, body: unknown, method = "POST"): Promise<HttpAnswer | string> {
  const target = endpoint(ctx.config)!;
  try {
    const response = await fetch(target.url, {
      method,
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...target.headers, ...headers },
      ...(method === "POST" ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(ctx.timeoutMs),
    });
    const reader = response.body?.getReader();
    let text = "";
    // Only the start of the body: an SSE stream may stay open, and a hostile body may be endless.
    while (reader && text.length < MAX_BODY && !/"(result|error)"/.test(text)) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
    }
    await reader?.cancel().catch(() => {});
    const json = /"error"\s*:\s*\{[^{}]*?"code"\s*:\s*(-?\d+)/.exec(text);
    return { status: response.status, headers: response.headers, ...(json ? { code: Number(json[1]) } : {}) };
  } catch (error) {
    return (error as Error).message;
  }
}

function modernBody(method: string, version = MODERN_VERSION): Record<string, unknown> {
  return {
    jsonrpc: "2.0",
    id: 1,
    method,
    params: { _meta: { "io.modelcontextprotocol/protocolVersion": version, "io.modelcontextprotocol/clientInfo": CLIENT_INFO, "io.modelcontextprotocol/clientCapabilities": {} } },
  };
}

function describe(answer: HttpAnswer): string {
  return `HTTP ${answer.status}${answer.code !== undefined ? ` with error ${answer.code}` : ""}`;
}

/** A check on the HTTP wire: skipped on stdio, and where the server asks for authorization we do not have. */
function httpCheck(id: string, title: string, severity: "error" | "warning", rule: string, era: "legacy" | "modern" | "both", judge: (ctx: CheckContext) => Promise<Finding>): Check {
  return {
    id,
    area: "http",
    title,
    severity,
    rule,
    async run(ctx) {
      if (!endpoint(ctx.config)) return skip("the server is not on Streamable HTTP");
      if (era !== "both" && ctx.era !== era) return skip(`${era === "modern" ? "2026-07-28" : "2025-11-25"} only`);
      return judge(ctx);
    },
  };
}

function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === "localhost" || host === "[::1]" || /^127\./.test(host);
  } catch {
    return false;
  }
}

/** 2025-11-25: an initialize of our own, for the session checks (the session's own id is not ours to use). */
async function legacySession(ctx: CheckContext): Promise<{ sessionId?: string; version: string } | string> {
  const answer = await post(ctx, {}, { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: ctx.info.protocolVersion ?? "2025-11-25", capabilities: {}, clientInfo: CLIENT_INFO } });
  if (typeof answer === "string") return answer;
  if (answer.status !== 200) return `initialize answered ${describe(answer)}`;
  const sessionId = answer.headers.get("mcp-session-id") ?? undefined;
  const version = ctx.info.protocolVersion ?? "2025-11-25";
  if (sessionId) await post(ctx, { "mcp-session-id": sessionId, "mcp-protocol-version": version }, { jsonrpc: "2.0", method: "notifications/initialized" });
  return { ...(sessionId ? { sessionId } : {}), version };
}

async function endSession(ctx: CheckContext, sessionId: string | undefined): Promise<void> {
  if (sessionId) await post(ctx, { "mcp-session-id": sessionId }, undefined, "DELETE");
}

export const httpChecks: Check[] = [
  httpCheck(
    "http.origin",
    "A foreign Origin is refused with 403",
    "error",
    "Streamable HTTP, security (2025-11-25, 2026-07-28): servers MUST validate the Origin header on all incoming connections to prevent DNS rebinding attacks; if the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden.",
    "both",
    async (ctx) => {
      if (!isLoopback(endpoint(ctx.config)!.url)) return skip("the server is not on a loopback address: which origins it allows is its own policy");
      const body = ctx.era === "modern" ? modernBody("tools/list") : { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: ctx.info.protocolVersion ?? "2025-11-25", capabilities: {}, clientInfo: CLIENT_INFO } };
      const headers = { origin: "http://dns-rebinding.invalid", ...(ctx.era === "modern" ? { "mcp-protocol-version": MODERN_VERSION, "mcp-method": "tools/list" } : {}) };
      const answer = await post(ctx, headers, body);
      if (typeof answer === "string") return fail(`the request failed: ${quote(answer, 200)}`);
      if (answer.status === 403) return pass("Origin http://dns-rebinding.invalid was answered HTTP 403");
      await endSession(ctx, answer.headers.get("mcp-session-id") ?? undefined);
      return fail(`Origin http://dns-rebinding.invalid was answered ${describe(answer)}, not 403: a web page could reach this local server`);
    },
  ),
  httpCheck(
    "http.protocol-version",
    "An unsupported MCP-Protocol-Version is refused with 400",
    "error",
    "Streamable HTTP (2025-11-25): if the server receives a request with an invalid or unsupported MCP-Protocol-Version, it MUST respond with 400 Bad Request. 2026-07-28: if the server does not implement the requested protocol version it MUST respond with 400 Bad Request and an UnsupportedProtocolVersionError (-32022).",
    "both",
    async (ctx) => {
      if (ctx.era === "modern") {
        const answer = await post(ctx, { "mcp-protocol-version": "1999-01-01", "mcp-method": "tools/list" }, modernBody("tools/list", "1999-01-01"));
        if (typeof answer === "string") return fail(`the request failed: ${quote(answer, 200)}`);
        return answer.status === 400 && answer.code === -32022 ? pass("version 1999-01-01 was answered HTTP 400 with error -32022") : fail(`version 1999-01-01 was answered ${describe(answer)}, not HTTP 400 with error -32022`);
      }
      const session = await legacySession(ctx);
      if (typeof session === "string") return skip(`could not open a session of our own: ${quote(session, 200)}`);
      const answer = await post(ctx, { "mcp-protocol-version": "1999-01-01", ...(session.sessionId ? { "mcp-session-id": session.sessionId } : {}) }, { jsonrpc: "2.0", id: 2, method: "ping" });
      await endSession(ctx, session.sessionId);
      if (typeof answer === "string") return fail(`the request failed: ${quote(answer, 200)}`);
      return answer.status === 400 ? pass("MCP-Protocol-Version 1999-01-01 was answered HTTP 400") : fail(`MCP-Protocol-Version 1999-01-01 was answered ${describe(answer)}, not 400`);
    },
  ),
  httpCheck(
    "http.session",
    "A request without the session id is refused with 400",
    "warning",
    "Streamable HTTP, session management (2025-11-25): servers that require a session ID SHOULD respond to requests without an Mcp-Session-Id header (other than initialization) with HTTP 400 Bad Request.",
    "legacy",
    async (ctx) => {
      const session = await legacySession(ctx);
      if (typeof session === "string") return skip(`could not open a session of our own: ${quote(session, 200)}`);
      if (!session.sessionId) return skip("the server gives no Mcp-Session-Id: it is stateless");
      const without = await post(ctx, { "mcp-protocol-version": session.version }, { jsonrpc: "2.0", id: 2, method: "ping" });
      await endSession(ctx, session.sessionId);
      if (typeof without === "string") return fail(`a ping without Mcp-Session-Id failed: ${quote(without, 200)}`);
      return without.status === 400 ? pass("a ping without Mcp-Session-Id was answered HTTP 400") : fail(`a ping without Mcp-Session-Id was answered ${describe(without)}, not 400`);
    },
  ),
  httpCheck(
    "http.session-ended",
    "An ended session's id is answered 404",
    "error",
    "Streamable HTTP, session management (2025-11-25): once a session is terminated, the server MUST respond to requests containing that session ID with HTTP 404 Not Found. (A client ends one with HTTP DELETE; a server that does not allow it answers 405.)",
    "legacy",
    async (ctx) => {
      const session = await legacySession(ctx);
      if (typeof session === "string") return skip(`could not open a session of our own: ${quote(session, 200)}`);
      if (!session.sessionId) return skip("the server gives no Mcp-Session-Id: it is stateless");
      const ended = await post(ctx, { "mcp-session-id": session.sessionId, "mcp-protocol-version": session.version }, undefined, "DELETE");
      if (typeof ended === "string") return fail(`DELETE of the session failed: ${quote(ended, 200)}`);
      if (ended.status === 405) return skip("the server does not let a client end its session (DELETE answered 405)");
      const after = await post(ctx, { "mcp-session-id": session.sessionId, "mcp-protocol-version": session.version }, { jsonrpc: "2.0", id: 3, method: "ping" });
      if (typeof after === "string") return fail(`a ping on the ended session failed: ${quote(after, 200)}`);
      return after.status === 404 ? pass(`DELETE answered HTTP ${ended.status}; a ping on the ended session, HTTP 404`) : fail(`DELETE answered HTTP ${ended.status}, then a ping on the ended session was answered ${describe(after)}, not 404`);
    },
  ),
  httpCheck(
    "http.header-mismatch",
    "Headers that contradict the body are refused",
    "error",
    "Streamable HTTP (2026-07-28), server validation: servers that process the request body MUST reject requests where the values in the headers (Mcp-Method, Mcp-Name, MCP-Protocol-Version) do not match the body, with 400 Bad Request and a HeaderMismatch error (-32020).",
    "modern",
    async (ctx) => {
      const found: string[] = [];
      const said: string[] = [];
      const method = await post(ctx, { "mcp-protocol-version": MODERN_VERSION, "mcp-method": "prompts/list" }, modernBody("tools/list"));
      const judge = (what: string, answer: HttpAnswer | string) => {
        if (typeof answer === "string") found.push(`${what}: the request failed (${quote(answer, 120)})`);
        else if (answer.status !== 400 || answer.code !== -32020) found.push(`${what} was answered ${describe(answer)}, not HTTP 400 with error -32020`);
        else said.push(`${what}: HTTP 400, -32020`);
      };
      judge("Mcp-Method prompts/list on a tools/list body", method);
      // Mcp-Name on a read-only request: a listed resource, else a task id (nothing is changed either way).
      const resources = isObject(ctx.capabilities.resources) ? (await ctx.walk("resources/list", "resources")).items : [];
      const uri = resources.filter(isObject).map((r) => r.uri).find((u): u is string => typeof u === "string" && /^[\x21-\x7e]{1,200}$/.test(u));
      const named = uri ? { method: "resources/read", params: { uri } } : { method: "tasks/get", params: { taskId: "mcp-task-inspector-check-task" } };
      const body = modernBody(named.method);
      body.params = { ...(body.params as Record<string, unknown>), ...named.params };
      judge(`Mcp-Name "other" on a ${named.method} body`, await post(ctx, { "mcp-protocol-version": MODERN_VERSION, "mcp-method": named.method, "mcp-name": "other" }, body));
      return found.length ? fail(found.join("; ")) : pass(said.join("; "));
    },
  ),
  httpCheck(
    "http.unknown-method",
    "An unknown method is answered 404 with -32601",
    "error",
    "Streamable HTTP (2026-07-28): if the server does not implement the requested RPC method, it MUST respond with 404 Not Found and a JSON-RPC error with code -32601.",
    "modern",
    async (ctx) => {
      const method = "mcp-task-inspector/no-such-method";
      const answer = await post(ctx, { "mcp-protocol-version": MODERN_VERSION, "mcp-method": method }, modernBody(method));
      if (typeof answer === "string") return fail(`the request failed: ${quote(answer, 200)}`);
      return answer.status === 404 && answer.code === -32601 ? pass(`${method} was answered HTTP 404 with error -32601`) : fail(`${method} was answered ${describe(answer)}, not HTTP 404 with error -32601`);
    },
  ),
];


