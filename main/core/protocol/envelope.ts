// The 2026-07-28 wire vocabulary we need on every modern request (E4, M1) and the meaning of its errors.
// On the protocol floor: the HTTP transport reads its `_meta` keys, the probes and the modern parts the rest.
import type { ClientCapabilities } from "@modelcontextprotocol/sdk/types.js";
import { UI_EXTENSION, UI_EXTENSION_CAPABILITY } from "../../../shared/apps.js";
import { SKILLS_EXTENSION } from "../../../shared/skills.js";
import { appsEnabled, type ServerConfig } from "../../../shared/types.js";

export const MODERN_VERSION = "2026-07-28";
/** The modern versions we speak, most preferred first. */
export const MODERN_VERSIONS = [MODERN_VERSION] as const;
export const LEGACY_VERSION = "2025-11-25";

export const PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
export const CLIENT_INFO_KEY = "io.modelcontextprotocol/clientInfo";
export const CLIENT_CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
export const LOG_LEVEL_KEY = "io.modelcontextprotocol/logLevel";
export const SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";
export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

/** The modern errors (E4): each means something the user can act on. */
export const HEADER_MISMATCH = -32020;
export const MISSING_CLIENT_CAPABILITY = -32021;
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/**
 * What we declare on a modern request: the user's capability switches (as on legacy) plus the tasks
 * extension unless tasks are switched off for this server (M1), and the Apps extension (AP1) likewise. Receiver tasks do not exist on modern.
 */
export function modernCapabilitiesFor(features: ServerConfig["features"]): ClientCapabilities {
  const capabilities: ClientCapabilities & { extensions?: Record<string, object> } = {};
  if (features.sampling) capabilities.sampling = {};
  if (features.elicitationForm || features.elicitationUrl) {
    capabilities.elicitation = {
      ...(features.elicitationForm ? { form: {} } : {}),
      ...(features.elicitationUrl ? { url: {} } : {}),
    };
  }
  if (features.roots) capabilities.roots = {};
  const extensions: Record<string, object> = {};
  if (features.receiverTasks) extensions[TASKS_EXTENSION] = {};
  // AP1: the MCP Apps extension, unless switched off for this server.
  if (appsEnabled(features)) extensions[UI_EXTENSION] = { mimeTypes: [...UI_EXTENSION_CAPABILITY.mimeTypes] };
  // SEP-2640: Skills, always.
  extensions[SKILLS_EXTENSION] = {};
  capabilities.extensions = extensions;
  return capabilities;
}

export interface Envelope {
  protocolVersion: string;
  clientInfo: { name: string; version: string };
  clientCapabilities: ClientCapabilities;
  /** E6: the deprecated logging, asked for per request. */
  logLevel?: string;
}

/** E4: the reserved `_meta` keys, added to whatever `_meta` the request already has (a progress token). */
export function withEnvelope(params: Record<string, unknown> | undefined, envelope: Envelope): Record<string, unknown> {
  const meta = (params?._meta && typeof params._meta === "object" ? params._meta : {}) as Record<string, unknown>;
  return {
    ...params,
    _meta: {
      ...meta,
      [PROTOCOL_VERSION_KEY]: envelope.protocolVersion,
      [CLIENT_INFO_KEY]: envelope.clientInfo,
      [CLIENT_CAPABILITIES_KEY]: envelope.clientCapabilities,
      ...(envelope.logLevel ? { [LOG_LEVEL_KEY]: envelope.logLevel } : {}),
    },
  };
}

/** E4: the modern errors in words, with what the server said it needs. */
export function explainModernError(code: number, data: unknown): string | undefined {
  const d = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
  switch (code) {
    case HEADER_MISMATCH:
      return "Header mismatch (-32020): an HTTP header and the request body disagreed.";
    case MISSING_CLIENT_CAPABILITY: {
      const required = d.requiredCapabilities;
      const names = required && typeof required === "object" ? describeCapabilities(required as Record<string, unknown>) : "";
      if (names.includes(TASKS_EXTENSION)) return `This server requires the tasks extension (${TASKS_EXTENSION}), which is switched off for it (-32021).`;
      return `Missing client capability (-32021): the server needs ${names || "a capability this client did not declare"}. Switch it on for this server and reconnect.`;
    }
    case UNSUPPORTED_PROTOCOL_VERSION: {
      const supported = Array.isArray(d.supported) ? d.supported.filter((v) => typeof v === "string").slice(0, 20).join(", ") : "";
      return `Unsupported protocol version (-32022): the server supports ${supported || "no version it named"}.`;
    }
    default:
      return undefined;
  }
}

function describeCapabilities(required: Record<string, unknown>, prefix = ""): string {
  const names: string[] = [];
  for (const [key, value] of Object.entries(required).slice(0, 20)) {
    const name = prefix ? `${prefix}.${key}` : key;
    const inner = value && typeof value === "object" && Object.keys(value).length ? describeCapabilities(value as Record<string, unknown>, key === "extensions" ? "" : name) : "";
    names.push(inner || name);
  }
  return names.join(", ");
}
