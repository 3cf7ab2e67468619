// E2: which era does a stdio server speak? One `server/discover` on the user's own process (never a
// second copy of it), read as the spec says: a DiscoverResult or a recognised modern error is modern,
// anything else (any other error, silence, exit) is legacy. The fallback is not keyed to one error code.
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import type { Timers } from "../ports.js";
import { LEGACY_VERSION, MODERN_VERSIONS, UNSUPPORTED_PROTOCOL_VERSION, withEnvelope, type Envelope } from "../protocol/envelope.js";

export type ProbeOutcome =
  | { era: "modern"; version: string; discover: Record<string, unknown>; said: string }
  | { era: "legacy"; said: string }
  | { era: "closed"; said: string };

/** Our probe's ids are strings, so they never collide with the SDK's numeric ids. */
export const PROBE_ID_PREFIX = "inspector-era-probe-";

export interface ProbeOptions {
  envelope: Envelope;
  timeoutMs: number;
  timers: Timers;
  /** The probe stopped waiting for `id`: whoever tracks requests in flight forgets it. */
  abandon?(id: string): void;
}

/**
 * Probes on a started transport and leaves it as it found it (its handlers restored), so the chosen era's
 * engine can take it over. A -32022 naming a modern version we speak is retried with it, never fallen back on.
 */
export async function probeEra(transport: Transport, options: ProbeOptions): Promise<ProbeOutcome> {
  let version: string = options.envelope.protocolVersion;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const answer = await discoverOnce(transport, `${PROBE_ID_PREFIX}${attempt}`, { ...options.envelope, protocolVersion: version }, options);
    if (answer.kind === "closed") return { era: "closed", said: "the server's process ended during the era probe" };
    if (answer.kind === "timeout") return { era: "legacy", said: `server/discover: no answer in ${formatSeconds(options.timeoutMs)}, so 2025-11-25 (initialize)` };
    const reading = readDiscoverAnswer(answer.kind === "result" ? { result: answer.result } : { error: answer.error }, version, "", attempt === 1);
    if (reading && "retryWith" in reading) {
      version = reading.retryWith;
      continue;
    }
    if (reading) return reading;
    const { code, message } = (answer as { error: { code: number; message: string } }).error;
    return { era: "legacy", said: `server/discover answered error ${code} (${truncate(message, 200)}), so 2025-11-25 (initialize)` };
  }
  return { era: "legacy", said: "server/discover kept rejecting the versions it named, so 2025-11-25 (initialize)" };
}

export type DiscoverAnswerBody = { result: Record<string, unknown>; error?: undefined } | { error: { code: number; message: string; data?: unknown }; result?: undefined };

/**
 * A discover answer read the same way on every transport (E2, E3): a result naming a version we speak is
 * modern, one naming none is legacy; a -32022 naming a modern version we speak is retried with it (on the
 * first attempt even when it is the version just tried: the server rejected it yet lists it, and SEP-2575 has
 * the client retry with a listed version; callers allow two attempts in all, so this never loops), one naming
 * only 2025-11-25 is legacy. Any other error is left to the transport's own rule (undefined).
 */
export function readDiscoverAnswer(answer: DiscoverAnswerBody, tried: string, over: string, firstAttempt = false): ProbeOutcome | { retryWith: string } | undefined {
  if (answer.result) {
    const supported = stringsOf(answer.result.supportedVersions);
    const chosen = MODERN_VERSIONS.find((v) => supported.includes(v));
    if (chosen) return { era: "modern", version: chosen, discover: answer.result, said: `server/discover answered${over}: supports ${supported.join(", ")}; speaking ${chosen}` };
    return { era: "legacy", said: `server/discover answered but lists no 2026-07-28 version (${supported.join(", ") || "none"}), so 2025-11-25 (initialize)` };
  }
  const { code, data } = answer.error;
  const supported = code === UNSUPPORTED_PROTOCOL_VERSION ? stringsOf((data as { supported?: unknown } | undefined)?.supported) : [];
  const chosen = MODERN_VERSIONS.find((v) => supported.includes(v));
  if (chosen && (chosen !== tried || firstAttempt)) return { retryWith: chosen };
  if (supported.includes(LEGACY_VERSION)) return { era: "legacy", said: `server/discover: -32022, the server supports ${supported.join(", ")}, so 2025-11-25 (initialize)` };
  return undefined;
}

type DiscoverAnswer =
  | { kind: "result"; result: Record<string, unknown> }
  | { kind: "error"; error: { code: number; message: string; data?: unknown } }
  | { kind: "timeout" }
  | { kind: "closed" };

function discoverOnce(transport: Transport, id: string, envelope: Envelope, options: ProbeOptions): Promise<DiscoverAnswer> {
  const { onmessage, onclose } = transport;
  return new Promise<DiscoverAnswer>((resolve) => {
    let settled = false;
    const finish = (answer: DiscoverAnswer) => {
      if (settled) return;
      settled = true;
      options.timers.clearTimeout(timer);
      transport.onmessage = onmessage;
      transport.onclose = onclose;
      resolve(answer);
    };
    const timer = options.timers.setTimeout(() => {
      options.abandon?.(id);
      finish({ kind: "timeout" });
    }, options.timeoutMs);
    transport.onmessage = (message: JSONRPCMessage, _extra?: MessageExtraInfo) => {
      if (!("id" in message) || message.id !== id || "method" in message) return;
      if ("result" in message) {
        const result = message.result;
        finish(result && typeof result === "object" ? { kind: "result", result: result as Record<string, unknown> } : { kind: "error", error: { code: 0, message: "a result that is not an object" } });
      } else if ("error" in message) {
        const error = message.error as { code?: unknown; message?: unknown; data?: unknown };
        finish({ kind: "error", error: { code: typeof error.code === "number" ? error.code : 0, message: typeof error.message === "string" ? error.message : "", data: error.data } });
      }
    };
    transport.onclose = () => {
      finish({ kind: "closed" });
      onclose?.();
    };
    transport.send({ jsonrpc: "2.0", id, method: "server/discover", params: withEnvelope(undefined, envelope) }).catch(() => finish({ kind: "closed" }));
  });
}

/**
 * The transport handed to the chosen era's engine after a probe: already started, and deaf to a late
 * answer to the probe (E2), which would otherwise be a response to an id that engine never sent.
 */
export class ProbedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  constructor(readonly inner: Transport) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      if ("id" in message && !("method" in message) && typeof message.id === "string" && message.id.startsWith(PROBE_ID_PREFIX)) return;
      this.onmessage?.(message, extra);
    };
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  async start(): Promise<void> {}

  send(...args: Parameters<Transport["send"]>): Promise<void> {
    return this.inner.send(...args);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string").slice(0, 50).map((v) => v.slice(0, 100)) : [];
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
