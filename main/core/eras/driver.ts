// The seam between the two protocol eras. A session asks its connection for everything in the protocol's
// words (lists, reads, prompts, completions, tool calls, tasks, subscriptions, log level, roots) through one
// `EraDriver`; negotiation.ts picks the era and returns the driver: legacyDriver.ts (2025-11-25, the SDK
// Client, client tasks, the receiver-task store) or modernDriver.ts (2026-07-28, ModernSession). An
// operation an era does not have throws the words the user reads. `EraHost` is what a driver may ask of
// its session: the log, stderr, roots, the user-facing events, this connection's wire.
import type { ListPromptsResult, ListResourcesResult, ListResourceTemplatesResult, ListToolsResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { INSPECTOR_RESULT_KEYS, type ApiResult } from "../../../shared/contract.js";
import type { ClientTask, ReceiverTask, Root, ServerConfig, SessionInfo, Settings } from "../../../shared/types.js";
import type { OAuthSession } from "../auth/oauthSession.js";
import type { EventBus } from "../eventBus.js";
import type { LogMarks } from "../messageLog.js";
import type { PendingInputs } from "../pendingInputs.js";
import type { Ports } from "../ports.js";
import type { Guarded } from "../requestGuard.js";
import type { ReceiverTaskStore } from "../receiver/receiverTaskStore.js";
import type { ParamHeadersLookup } from "../transport/httpHeaders.js";
import type { RecordingTransport } from "../transport/recordingTransport.js";
import type { TaskMemory } from "./taskMemory.js";

export type { ReceiverTaskStore, TaskMemory };

export const CLIENT_INFO = { name: "mcp-task-inspector", version: "0.1.0" };

export type Era = "legacy" | "modern";

/** What the session shows about the server once connected, whatever its era said it with. */
export type ServerFacts = Pick<SessionInfo, "clientCapabilities" | "era" | "eraProbe" | "serverInfo" | "serverCapabilities" | "instructions" | "protocolVersion">;

export interface EraDriver {
  readonly era: Era;
  facts(): ServerFacts;
  /** The session says "connected": what runs from then on starts (the listen stream, remembered tasks). */
  start(): void;

  ping(guard: Guarded): Promise<void>;
  listTools(cursor: string | undefined, guard: Guarded): Promise<ListToolsResult>;
  /** The listed tools the session keeps (2026-07-28 leaves out tools whose `x-mcp-header` is invalid). */
  admitTools(tools: Tool[], firstPage: boolean): Tool[];
  listResources(cursor: string | undefined, guard: Guarded): Promise<ListResourcesResult>;
  listResourceTemplates(cursor: string | undefined, guard: Guarded): Promise<ListResourceTemplatesResult>;
  listPrompts(cursor: string | undefined, guard: Guarded): Promise<ListPromptsResult>;
  readResource(uri: string, guard: Guarded): Promise<Record<string, unknown>>;
  getPrompt(name: string, args: Record<string, string>, guard: Guarded): Promise<Record<string, unknown>>;
  /** An extension's request (skills/list, skills/get, resources/directory/read): the raw result, read field by field above. */
  extensionRequest(method: string, params: Record<string, unknown>, guard: Guarded): Promise<Record<string, unknown>>;
  /** The raw `completion/complete` result; the session bounds it (completions.ts). */
  complete(params: Record<string, unknown>, guard: Guarded): Promise<Record<string, unknown>>;
  setLogLevel(level: string): Promise<void>;
  subscribeResource(uri: string, subscribe: boolean, all: string[]): Promise<void>;
  /** The user changed the roots while connected. */
  rootsChanged(): Promise<void>;

  /** `tool` is the listed tool of that name, if any (Q1 reads its taskSupport). */
  callTool(tool: Tool | undefined, name: string, args: Record<string, unknown>, guard: Guarded, signal?: AbortSignal): Promise<ApiResult<"callTool">>;
  callToolAsTask(toolNamed: (name: string) => Promise<Tool | undefined>, name: string, args: Record<string, unknown>, ttl?: number): Promise<ClientTask>;
  clientTasks(): ClientTask[];
  cancelClientTask(taskId: string): Promise<ClientTask>;
  followClientTask(taskId: string): Promise<ClientTask>;
  listServerTasks(): Promise<ApiResult<"refreshClientTasks">["tasks"]>;

  receiverTasks(): ReceiverTask[];
  /** Deleted receiver tasks, kept as traces so their rows stay (oldest first). */
  receiverTaskTraces(): ReceiverTask[];
  readonly receiverTaskStore?: ReceiverTaskStore;
  cancelReceiverTask(taskId: string): ReceiverTask;

  /** S1: the session ended; every task it follows or serves ends with `reason`. */
  teardown(reason: string): void;
  /** Issue 23: one request as given (the era's envelope added), its result unparsed: the server checks judge it. */
  raw(method: string, params: Record<string, unknown> | undefined, timeoutMs: number): Promise<Record<string, unknown>>;
}

export interface EraDeps {
  bus: EventBus;
  pendingInputs: PendingInputs;
  ports: Ports;
  settings: () => Settings;
  /** E2: the era each server entry (by its transport) was found to speak, for as long as the app runs. */
  eraMemory?: Map<string, Era>;
  /** M8: modern task handles kept across restarts. */
  taskMemory?: TaskMemory;
}

/** How the era opens its wire (2026-07-28 over HTTP: every POST carries the standard MCP headers, E4, M9). */
export interface WireOptions {
  modern?: { protocolVersion: string; paramHeaders?: ParamHeadersLookup };
}

/** What one connection attempt of a session offers its era's driver and the negotiation. */
export interface EraHost {
  readonly sessionId: string;
  readonly config: ServerConfig;
  readonly deps: EraDeps;
  readonly oauth?: OAuthSession;
  roots(): Root[];
  /** This attempt is still the session's current one, and nobody is closing it. */
  current(): boolean;
  /** …and the session is connected on it. */
  live(): boolean;
  /** A fresh transport for this attempt, recorded into the log; stderr feeds the session's lines. */
  openWire(receiverTasksEnabled: boolean, options?: WireOptions): RecordingTransport;
  closeWire(): Promise<void>;
  record(direction: "in" | "out", message: unknown, note?: string): void;
  /** A line of our own in the log, not a message on the wire. */
  note(text: string): void;
  stderr(line: string): void;
  /** E1: a remark for the next message sent (the era chosen). */
  remark(text: string): void;
  /** I5: the exchange the next request belongs to. */
  exchange(marks: NonNullable<LogMarks["exchange"]>): void;
  /** A result the SDK's schema rejected, in one line pointing at the raw response (schemaMismatch.ts). */
  readable(error: unknown, method: string): unknown;
  eraChosen(era: Era): void;
  /** The driver of this attempt exists (before its handshake, so a failed one is torn down too). */
  adopt(driver: EraDriver): void;
  wireClosed(): void;
  serverLog(params: { level: string; logger?: string; data?: unknown }): void;
  resourceUpdated(uri: string): void;
  /** E5: a modern server sent a request. */
  violation(method: string): void;
  toolsChanged(): void;
  /** Receiver-task traces of earlier connections, which stay on the session's rows. */
  earlierTraces(): ReceiverTask[];
  /** E2: a new attempt within the same Connect (the re-probe of a remembered era). */
  retry(): EraHost;
}

/** A server's result never speaks for the inspector: the keys the inspector adds to a run are removed from it. */
export function withoutOurKeys<T extends Record<string, unknown>>(result: T): T {
  if (!INSPECTOR_RESULT_KEYS.some((key) => key in result)) return result;
  const copy: Record<string, unknown> = { ...result };
  for (const key of INSPECTOR_RESULT_KEYS) delete copy[key];
  return copy as T;
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

export function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // The SDK's Streamable HTTP error quotes the answer's body after a colon; an empty body (mcp-proxy's 404
  // at /sse) left "Error POSTing to endpoint: " and nothing else, so the status says what came back.
  const status = (error as { code?: unknown }).code;
  if (typeof status === "number" && status >= 100 && status < 600 && error.message.startsWith("Streamable HTTP error: ") && /:\s*$/.test(error.message)) return `${error.message.trimEnd()} HTTP ${status} with an empty body`;
  return error.message;
}
