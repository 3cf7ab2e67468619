// E4, M9: the standard headers of a 2026-07-28 request over Streamable HTTP, read off the JSON-RPC body
// the transport is about to POST, so the headers can never disagree with the body (-32020).
import { PROTOCOL_VERSION_KEY } from "./envelope.js";

type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** Methods whose `Mcp-Name` comes from the body, and from which field. */
const NAME_SOURCES: Record<string, "name" | "uri" | "taskId"> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
  "tasks/get": "taskId",
  "tasks/update": "taskId",
  "tasks/cancel": "taskId",
};

const SENTINEL = /^=\?base64\?.*\?=$/s;

/** A header value as the spec encodes it: plain visible ASCII as is, anything else as `=?base64?…?=`. */
export function headerValue(value: string): string {
  const plain = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value) && !SENTINEL.test(value);
  return plain ? value : `=?base64?${Buffer.from(value, "utf8").toString("base64")}?=`;
}

/** The MCP headers for one JSON-RPC message body (none for a body that is not a request). */
export function mcpHeadersFor(body: unknown): Record<string, string> {
  const message = body as { method?: unknown; params?: Record<string, unknown> } | null;
  if (!message || typeof message !== "object" || typeof message.method !== "string") return {};
  const headers: Record<string, string> = { "Mcp-Method": message.method };
  const version = (message.params?._meta as Record<string, unknown> | undefined)?.[PROTOCOL_VERSION_KEY];
  if (typeof version === "string") headers["MCP-Protocol-Version"] = version;
  const source = NAME_SOURCES[message.method];
  const name = source ? message.params?.[source] : undefined;
  if (typeof name === "string") headers["Mcp-Name"] = headerValue(name);
  return headers;
}

/**
 * A fetch for the SDK's Streamable HTTP transport that adds the MCP headers of each POSTed body; the
 * protocol version goes on every POST, notifications (which carry no envelope) included.
 */
export function modernHttpFetch(protocolVersion: string, inner: Fetch = fetch): Fetch {
  return (url, init) => {
    if (init?.method !== "POST" || typeof init.body !== "string") return inner(url, init);
    let body: unknown;
    try {
      body = JSON.parse(init.body);
    } catch {
      return inner(url, init);
    }
    const headers = new Headers(init.headers);
    // A modern connection has no session: whatever the transport remembered does not go out (E4).
    headers.delete("mcp-session-id");
    headers.set("MCP-Protocol-Version", protocolVersion);
    for (const [name, value] of Object.entries(mcpHeadersFor(body))) headers.set(name, value);
    return inner(url, { ...init, headers });
  };
}
