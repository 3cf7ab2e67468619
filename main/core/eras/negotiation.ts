// Which era does this server speak? The entry's era setting decides, Auto probes (E2 on stdio with one
// server/discover on the user's own process, E3 over Streamable HTTP), the answer is remembered per entry
// while the app runs, and an entry remembered as 2025-11-25 that now fails is probed again within the same
// Connect. The outcome is a connected driver (driver.ts); the session never learns how it was chosen.
import { McpError, type ClientCapabilities } from "@modelcontextprotocol/sdk/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { EraSetting, ServerConfig } from "../../../shared/types.js";
import { probeEra, ProbedTransport } from "../modern/eraProbe.js";
import { probeEraOverHttp } from "../modern/httpProbe.js";
import { modernCapabilitiesFor, MODERN_VERSION, UNSUPPORTED_PROTOCOL_VERSION, type Envelope } from "../protocol/envelope.js";
import { CLIENT_INFO, messageOf, truncate, type Era, type EraDriver, type EraHost } from "./driver.js";
import { clientCapabilitiesFor, connectLegacy } from "./legacyDriver.js";
import { connectModern, type ParamHeadersByTool } from "./modernDriver.js";

/** What the session advertises while it connects (initialize's capabilities; a modern driver says its own once chosen). */
export function capabilitiesWhileConnecting(config: ServerConfig): ClientCapabilities {
  return clientCapabilitiesFor(config.features);
}

/** E4: a modern-only server refusing initialize names its versions; the failure says what to change. */
export function connectFailureHint(error: unknown, tried: Era | undefined): string {
  return error instanceof McpError && error.code === UNSUPPORTED_PROTOCOL_VERSION && tried === "legacy" ? ". The server speaks a newer protocol: set this server's era to Auto or 2026-07-28" : "";
}

/** Connect in the era the entry's setting asks for; `said` hears what the probe found (E1). */
export async function negotiateEra(host: EraHost, said: (text: string) => void): Promise<EraDriver> {
  const setting = host.config.era ?? "auto";
  const memory = host.deps.eraMemory;
  const key = eraKey(host.config);
  // E2: an entry remembered as 2025-11-25 skips the probe; if that era now fails (the server was
  // upgraded to 2026-07-28 only), it is forgotten and probed again at once, within this Connect.
  const remembered = host.config.transport.type !== "sse" && setting === "auto" && memory?.get(key) === "legacy";
  try {
    try {
      return await establish(host, setting, said);
    } catch (error) {
      if (!remembered || !host.current()) throw error;
      memory?.delete(key);
      host.note(`2025-11-25, remembered for this server, failed (${truncate(messageOf(error), 300)}): probing its era again`);
      await host.closeWire();
      return await establish(host.retry(), setting, said);
    }
  } catch (error) {
    // E2: a cached era that fails is probed again next time.
    memory?.delete(key);
    throw error;
  }
}

/** One attempt at the connection the era setting asks for: probe (E2, E3) if it should, then modern or legacy. */
async function establish(host: EraHost, setting: EraSetting, said: (text: string) => void): Promise<EraDriver> {
  let probed: string | undefined;
  const { config, deps } = host;
  const transport = config.transport;
  const legacyCapabilities = clientCapabilitiesFor(config.features);
  const paramHeaders: ParamHeadersByTool = new Map();
  const modern = async (wire: Transport, envelope: Envelope, outcome: { version: string; discover: Record<string, unknown>; said: string }) => {
    deps.eraMemory?.set(eraKey(config), "modern");
    return connectModern(host, new ProbedTransport(wire), { ...envelope, protocolVersion: outcome.version }, outcome.discover, outcome.said, paramHeaders);
  };
  if (transport.type === "streamableHttp" && shouldProbe(host, setting)) {
    // E3: the first request is a modern one; the log shows it as it went.
    const envelope = modernEnvelope(config, MODERN_VERSION);
    const outcome = await probeEraOverHttp(transport.url, transport.headers, envelope, deps.settings().requestTimeoutMs, (direction, message, note) => host.record(direction, message, note), host.oauth?.wrap());
    probed = outcome.said;
    said(probed);
    if (outcome.era === "modern") {
      const wire = host.openWire(false, { modern: { protocolVersion: outcome.version, paramHeaders: (name) => paramHeaders.get(name) } });
      await wire.start();
      return modern(wire, envelope, outcome);
    }
    if (setting === "2026-07-28") throw new Error(`it did not answer as a 2026-07-28 server: ${outcome.said}`);
  }
  // Issue 14: the SSE transport's opening GET has no time-out, so its flow runs there; initialize does.
  if (transport.type === "streamableHttp" && probed === undefined && host.oauth) await host.oauth.preflight(transport.headers);
  const wire = host.openWire(Boolean(legacyCapabilities.tasks && setting !== "2026-07-28"));
  let recording = wire;
  let legacyTransport: Transport = wire;
  if (transport.type === "stdio" && shouldProbe(host, setting)) {
    // E2: one server/discover on the user's one process, before anything else.
    await wire.start();
    const envelope = modernEnvelope(config, MODERN_VERSION);
    const outcome = await probeEra(wire, {
      envelope,
      // Pinned to 2026-07-28 there is nothing to fall back to: server/discover is the handshake, and gets
      // the time any request gets, not the short wait that tells a silent legacy server.
      timeoutMs: setting === "2026-07-28" ? deps.settings().requestTimeoutMs : deps.settings().eraProbeTimeoutMs,
      timers: deps.ports.timers,
      abandon: (id) => wire.abandon(id),
    });
    probed = outcome.said;
    said(probed);
    if (outcome.era === "modern") return modern(wire, envelope, outcome);
    if (setting === "2026-07-28") throw new Error(`it did not answer as a 2026-07-28 server: ${outcome.said}`);
    if (outcome.era === "closed") {
      // E2: a server that exits on the probe is legacy; it is started once more, for initialize.
      await wire.close().catch(() => {});
      recording = host.openWire(Boolean(legacyCapabilities.tasks));
      legacyTransport = recording;
    } else {
      legacyTransport = new ProbedTransport(wire);
    }
  } else if (setting === "2026-07-28") {
    throw new Error("2026-07-28 has no HTTP+SSE transport: use Streamable HTTP, or choose 2025-11-25 for this server");
  }
  const eraProbe = probed ?? legacyWithoutProbe(config, setting);
  const driver = await connectLegacy(host, legacyTransport, recording, legacyCapabilities, eraProbe);
  if (eraProbe.startsWith("server/discover")) deps.eraMemory?.set(eraKey(config), "legacy");
  return driver;
}

/** E2/E3: Auto and 2026-07-28 probe (stdio, Streamable HTTP), unless this entry is remembered as legacy. */
function shouldProbe(host: EraHost, setting: EraSetting): boolean {
  if (host.config.transport.type === "sse" || setting === "2025-11-25") return false;
  return setting === "2026-07-28" || host.deps.eraMemory?.get(eraKey(host.config)) !== "legacy";
}

function legacyWithoutProbe(config: ServerConfig, setting: EraSetting): string {
  if (setting === "2025-11-25") return "2025-11-25 chosen for this server: no probe";
  if (config.transport.type === "sse") return "the HTTP+SSE transport is 2025-11-25 only: no probe";
  return "remembered from an earlier connection as 2025-11-25: no probe";
}

function eraKey(config: ServerConfig): string {
  return JSON.stringify(config.transport);
}

/** E4/M1: what every modern request of this session carries in `_meta`. */
function modernEnvelope(config: ServerConfig, protocolVersion: string): Envelope {
  return { protocolVersion, clientInfo: CLIENT_INFO, clientCapabilities: modernCapabilitiesFor(config.features) };
}
