// E4, M9: the standard headers of a 2026-07-28 request over Streamable HTTP, read off the JSON-RPC body
// the transport is about to POST, so the headers can never disagree with the body (-32020). Part of the
// transport floor: openTransport wraps the HTTP fetch with it; the modern driver reads `paramHeadersOf`.
import { PROTOCOL_VERSION_KEY } from "../protocol/envelope.js";

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

/** A tool's `x-mcp-header` annotations (SEP-2243): argument name → header name (without `Mcp-Param-`). */
export type ParamHeaders = Record<string, string>;

/** RFC 9110 token characters: what a header name may hold (no space, colon, control or non-ASCII). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** SEP-2243: only these property types may be mirrored into a header (a number may not: its text is not exact). */
const HEADER_TYPES = new Set(["string", "integer", "boolean"]);
/** Bounds on what a hostile schema can make us read or send. */
const MAX_PARAM_HEADERS = 64;
const MAX_HEADER_NAME = 256;

/**
 * SEP-2243: the `x-mcp-header` annotations of a tool's top-level input properties, or why they are invalid
 * (the client MUST then exclude the tool): an empty name, a name that is not a header token, a property
 * that is not a string, integer or boolean, or the same name twice (case-insensitively).
 */
export function paramHeadersOf(inputSchema: unknown): { headers: ParamHeaders } | { invalid: string } {
  const properties = (inputSchema as { properties?: unknown } | null)?.properties;
  const headers: ParamHeaders = {};
  if (!properties || typeof properties !== "object") return { headers };
  const seen = new Set<string>();
  for (const [argument, schema] of Object.entries(properties as Record<string, unknown>)) {
    if (!schema || typeof schema !== "object" || !("x-mcp-header" in schema)) continue;
    const name = (schema as Record<string, unknown>)["x-mcp-header"];
    const quoted = JSON.stringify(name)?.slice(0, 80);
    if (typeof name !== "string" || name === "") return { invalid: `property "${argument.slice(0, 80)}" has x-mcp-header ${quoted}: it must be a non-empty header name` };
    if (name.length > MAX_HEADER_NAME || !TOKEN.test(name)) return { invalid: `x-mcp-header ${quoted} is not a valid header name (ASCII token characters only: no space, colon or control character)` };
    const type = (schema as Record<string, unknown>).type;
    if (typeof type !== "string" || !HEADER_TYPES.has(type)) return { invalid: `x-mcp-header ${quoted} is on a property of type ${JSON.stringify(type)?.slice(0, 40)}: only string, integer and boolean may be mirrored` };
    if (seen.has(name.toLowerCase())) return { invalid: `x-mcp-header ${quoted} is used twice (header names are case-insensitive)` };
    seen.add(name.toLowerCase());
    if (seen.size > MAX_PARAM_HEADERS) return { invalid: `more than ${MAX_PARAM_HEADERS} x-mcp-header annotations` };
    headers[argument] = name;
  }
  return { headers };
}

/** SEP-2243: `Mcp-Param-<Name>` for each annotated argument present in the call (null and absent: none). */
function paramHeaderValues(args: unknown, annotations: ParamHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!args || typeof args !== "object") return headers;
  for (const [argument, name] of Object.entries(annotations)) {
    const value = (args as Record<string, unknown>)[argument];
    if (typeof value === "string") headers[`Mcp-Param-${name}`] = headerValue(value);
    else if (typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))) headers[`Mcp-Param-${name}`] = String(value);
  }
  return headers;
}

/** The tool's `x-mcp-header` annotations, as last listed (undefined: none known). */
export type ParamHeadersLookup = (toolName: string) => ParamHeaders | undefined;

/** The MCP headers for one JSON-RPC message body (none for a body that is not a request). */
export function mcpHeadersFor(body: unknown, paramHeaders?: ParamHeadersLookup): Record<string, string> {
  const message = body as { method?: unknown; params?: Record<string, unknown> } | null;
  if (!message || typeof message !== "object" || typeof message.method !== "string") return {};
  const headers: Record<string, string> = { "Mcp-Method": message.method };
  const version = (message.params?._meta as Record<string, unknown> | undefined)?.[PROTOCOL_VERSION_KEY];
  if (typeof version === "string") headers["MCP-Protocol-Version"] = version;
  const source = NAME_SOURCES[message.method];
  const name = source ? message.params?.[source] : undefined;
  if (typeof name === "string") headers["Mcp-Name"] = headerValue(name);
  if (message.method === "tools/call" && typeof name === "string") {
    const annotations = paramHeaders?.(name);
    if (annotations) Object.assign(headers, paramHeaderValues(message.params?.arguments, annotations));
  }
  return headers;
}

/**
 * A fetch for the SDK's Streamable HTTP transport that adds the MCP headers of each POSTed body; the
 * protocol version goes on every POST, notifications (which carry no envelope) included.
 */
export function modernHttpFetch(protocolVersion: string, inner: Fetch = fetch, paramHeaders?: ParamHeadersLookup): Fetch {
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
    for (const [name, value] of Object.entries(mcpHeadersFor(body, paramHeaders))) headers.set(name, value);
    return inner(url, { ...init, headers });
  };
}
