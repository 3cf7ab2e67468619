// E3: which era does a Streamable HTTP server speak? The first request is a modern one (headers and
// `_meta`). A result, or a 400 whose body is a recognised modern JSON-RPC error, means modern; any other
// 4xx means legacy. Auth statuses, server errors, silence and a dead server are never era evidence.
import { UNSUPPORTED_PROTOCOL_VERSION, HEADER_MISMATCH, MISSING_CLIENT_CAPABILITY, withEnvelope, type Envelope } from "../protocol/envelope.js";
import { mcpHeadersFor } from "../transport/httpHeaders.js";
import { AuthorizationError } from "../auth/oauthSession.js";
import { PROBE_ID_PREFIX, readDiscoverAnswer, type DiscoverAnswerBody, type ProbeOutcome } from "./eraProbe.js";

const MODERN_ERRORS = new Set([HEADER_MISMATCH, MISSING_CLIENT_CAPABILITY, UNSUPPORTED_PROTOCOL_VERSION]);
/** A discover answer is small; a server sending more is not read further. */
const MAX_BODY_CHARS = 1024 * 1024;

export class HttpProbeError extends Error {
  override name = "HttpProbeError";
}

export async function probeEraOverHttp(
  url: string,
  headers: Record<string, string>,
  envelope: Envelope,
  timeoutMs: number,
  record: (direction: "in" | "out", message: unknown, note?: string) => void,
  /** Issue 14: the session's fetch, which carries its bearer token and runs the authorization flow on 401. */
  fetchFn: (url: string, init?: RequestInit) => Promise<Response> = fetch,
): Promise<ProbeOutcome> {
  let version = envelope.protocolVersion;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const message = { jsonrpc: "2.0", id: `${PROBE_ID_PREFIX}${attempt}`, method: "server/discover", params: withEnvelope(undefined, { ...envelope, protocolVersion: version }) };
    record("out", message);
    let response: Response;
    try {
      response = await fetchFn(url, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...mcpHeadersFor(message) },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // Issue 14: a failed sign-in says so in its own words; the server was reached.
      if (error instanceof AuthorizationError) throw error;
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw new HttpProbeError(timedOut ? `server/discover got no answer in ${timeoutMs} ms` : `the server could not be reached (${(error as Error).message})`);
    }
    const status = response.status;
    if (status === 401 || status === 403) throw new HttpProbeError(`server/discover was refused with HTTP ${status}: the server needs authorization (not a sign of its era)`);
    if (status >= 500) throw new HttpProbeError(`server/discover failed with HTTP ${status}: a server error, not a sign of its era`);
    const answer = await readAnswer(response, message.id);
    if (answer) record("in", { jsonrpc: "2.0", id: message.id, ...answer });
    else record("in", undefined, `server/discover: HTTP ${status} with no JSON-RPC answer`);
    if (status >= 400 && status < 500) {
      const code = answer?.error?.code;
      if (status !== 400 || typeof code !== "number" || !MODERN_ERRORS.has(code)) {
        return { era: "legacy", said: `server/discover: HTTP ${status} without a 2026-07-28 error, so 2025-11-25 (initialize)` };
      }
    }
    if (answer?.result || answer?.error) {
      const reading = readDiscoverAnswer(answer as DiscoverAnswerBody, version, " over HTTP", attempt === 1);
      if (reading && "retryWith" in reading) {
        version = reading.retryWith;
        continue;
      }
      if (reading) return reading;
      const { code, message } = answer.error!;
      if (MODERN_ERRORS.has(code)) throw new HttpProbeError(`server/discover: the server answered ${code} (${message.slice(0, 200)})`);
      return { era: "legacy", said: `server/discover answered error ${code}, so 2025-11-25 (initialize)` };
    }
    return { era: "legacy", said: `server/discover: HTTP ${status} with no JSON-RPC answer, so 2025-11-25 (initialize)` };
  }
  throw new HttpProbeError("server/discover kept rejecting the versions it named");
}

interface Answer {
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

/** The JSON-RPC answer in a JSON body or an SSE stream, if there is one. */
async function readAnswer(response: Response, id: string): Promise<Answer | undefined> {
  let text: string;
  try {
    text = (await response.text()).slice(0, MAX_BODY_CHARS);
  } catch {
    return undefined;
  }
  const candidates = (response.headers.get("content-type") ?? "").includes("text/event-stream")
    ? text.split(/\r?\n/).filter((line) => line.startsWith("data:")).map((line) => line.slice(5).trim())
    : [text];
  for (const candidate of candidates) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(candidate);
    } catch {
      continue;
    }
    const message = parsed as { id?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };
    if (!message || typeof message !== "object") continue;
    if (message.id !== id && message.id !== null && message.id !== undefined) continue;
    if (message.result && typeof message.result === "object") return { result: message.result as Record<string, unknown> };
    if (message.error && typeof message.error.code === "number") {
      return { error: { code: message.error.code, message: typeof message.error.message === "string" ? message.error.message : "", data: message.error.data } };
    }
  }
  return undefined;
}
