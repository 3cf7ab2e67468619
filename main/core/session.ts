// One connection to one MCP server: the SDK Client, its transport, the protocol log, the receiver-task
// map and the client tasks. A session's tasks are invisible to every other session (S1).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  CallToolResultSchema,
  ErrorCode,
  ListPromptsResultSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesResultSchema,
  ListToolsResultSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  McpError,
  PingRequestSchema,
  TaskStatusNotificationSchema,
  ToolListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  type ClientCapabilities,
  type ListToolsResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { INSPECTOR_RESULT_KEYS, type ApiParsedParams, type ApiResult } from "../../shared/contract.js";
import { z } from "zod";
import { boundCompletion } from "./completions.js";
import { TASK_TRACES_KEPT, type CacheHints, type ClientTask, type LogEntry, type ReceiverTask, type Root, type ServerConfig, type SessionInfo, type Settings } from "../../shared/types.js";
import { ClientTasks } from "./client/clientTasks.js";
import { linearJsonSchemaValidator } from "./linearRegExp.js";
import { withInvalidParamsErrors } from "./invalidParams.js";
import type { EventBus } from "./eventBus.js";
import { BoundedLines, logLimitsOf, MessageLog, serverLogEvent, type LogLimits } from "./messageLog.js";
import { lastResponseTo, readableSchemaError, toolsThatFit, zodIssuesOf } from "./schemaMismatch.js";
import type { PendingInputs } from "./pendingInputs.js";
import type { Ports } from "./ports.js";
import { registerElicitationHandler, registerReceiverTaskHandlers, registerSamplingHandler } from "./receiver/receiverRequests.js";
import { ReceiverTaskStore } from "./receiver/receiverTaskStore.js";
import { openTransport } from "./transport/openTransport.js";
import { RecordingTransport } from "./transport/recordingTransport.js";
import { describeExit } from "./transport/stdioTransport.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { EraSetting } from "../../shared/types.js";
import type { OpenedTransport } from "./transport/openTransport.js";
import type { LogMarks } from "./messageLog.js";
import { modernCapabilitiesFor, MODERN_VERSION, UNSUPPORTED_PROTOCOL_VERSION, type Envelope } from "./modern/envelope.js";
import { probeEra, ProbedTransport } from "./modern/eraProbe.js";
import { probeEraOverHttp } from "./modern/httpProbe.js";
import { paramHeadersOf, type ParamHeaders, type ParamHeadersLookup } from "./modern/httpHeaders.js";
import { serverKeyOf, type TaskMemory } from "./modern/taskMemory.js";
import { ModernConnection } from "./modern/modernConnection.js";
import { ModernSession } from "./modern/modernSession.js";
import { cacheHintsOf } from "../../shared/cacheHints.js";
import { guarded, type GuardHooks, type Guarded } from "./requestGuard.js";
import type { RunControls } from "./toolRuns.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { OAuthSession, type Fetch } from "./auth/oauthSession.js";
import type { OAuthTokenStore } from "./auth/tokenStore.js";
import type { AuthStep } from "../../shared/types.js";

export const CLIENT_INFO = { name: "mcp-task-inspector", version: "0.1.0" };
const STDERR_LINES_KEPT = 2000;
/** Resource subscriptions a session keeps (each is a URI on every listen stream on 2026-07-28). */
const MAX_RESOURCE_SUBSCRIPTIONS = 1000;
/** What one session keeps of its server's stderr, in characters (the page keeps the same). */
export const STDERR_CHARS_KEPT = 1024 * 1024;

export interface SessionDeps {
  bus: EventBus;
  pendingInputs: PendingInputs;
  ports: Ports;
  settings: () => Settings;
  /** A global sequence for log entries, so entries of all sessions sort in one order. */
  nextLogSeq: () => number;
  /** E2: the era each server entry (by its transport) was found to speak, for as long as the app runs. */
  eraMemory?: Map<string, "legacy" | "modern">;
  /** M8: modern task handles kept across restarts. */
  taskMemory?: TaskMemory;
  /** Issue 14: OAuth for HTTP servers that answer 401 (tokens kept per server URL). */
  oauth?: SessionOAuth;
}

export interface SessionOAuth {
  store: OAuthTokenStore;
  /** Opens the authorization page (the host's browser opener); absent, the page shows the link. */
  openAuthorizationPage?: (url: string, sessionId: string) => Promise<void> | void;
  /** How long the user has to approve in the browser. */
  approvalTimeoutMs: number;
}

/** Authorization steps kept per session (a flow takes about ten). */
const AUTH_STEPS_KEPT = 200;

/** What we advertise (R1): exactly what the user left switched on. */
export function clientCapabilitiesFor(features: ServerConfig["features"]): ClientCapabilities {
  const capabilities: ClientCapabilities = {};
  if (features.sampling) capabilities.sampling = {};
  if (features.elicitationForm || features.elicitationUrl) {
    capabilities.elicitation = {
      ...(features.elicitationForm ? { form: {} } : {}),
      ...(features.elicitationUrl ? { url: {} } : {}),
    };
  }
  if (features.roots) capabilities.roots = { listChanged: true };
  if (features.receiverTasks && (features.sampling || features.elicitationForm || features.elicitationUrl)) {
    capabilities.tasks = {
      list: {},
      cancel: {},
      requests: {
        ...(features.sampling ? { sampling: { createMessage: {} } } : {}),
        ...(features.elicitationForm || features.elicitationUrl ? { elicitation: { create: {} } } : {}),
      },
    };
  }
  return capabilities;
}

export class Session {
  private client?: Client;
  private transport?: RecordingTransport;
  /** The last transport opened, kept past teardown so quitting can stop its process. */
  private opened?: ReturnType<typeof openTransport>;
  private store?: ReceiverTaskStore;
  private clientTasks?: ClientTasks;
  private readonly receiverTraces = new Map<string, ReceiverTask>();
  private readonly log: MessageLog;
  private readonly stderr = new BoundedLines(STDERR_LINES_KEPT, STDERR_CHARS_KEPT);
  private info: SessionInfo;
  private connectionNumber = 0;
  /** What `roots/list` answers (legacy) and modern input requests are answered from (I1). */
  private roots: Root[];
  private tools = new Map<string, Tool>();
  /** 2026-07-28: each listed tool's `x-mcp-header` annotations, mirrored into Mcp-Param-* headers on tools/call. */
  private readonly paramHeaders = new Map<string, ParamHeaders>();
  private closing = false;
  /** The 2026-07-28 side of this session, when it speaks that era. */
  private modern?: ModernSession;
  private violations: string[] = [];
  /** The era this connection speaks, once chosen (E5 reads requests by it). */
  private eraInUse?: "legacy" | "modern";
  private lastLines: string[] = [];
  /** E1: a remark for the next message we send (the era chosen). */
  private nextRemark?: string;
  /** I5: the exchange the next modern request belongs to. */
  private nextExchange?: LogMarks["exchange"];
  /** Issue 14: this connection's authorization flow (HTTP servers only), and the steps it took. */
  private oauth?: OAuthSession;
  private authSteps: AuthStep[] = [];
  private authSeq = 0;

  constructor(
    readonly sessionId: string,
    private currentConfig: ServerConfig,
    private readonly deps: SessionDeps,
    /** The saved server entry this session was started from, if any. */
    readonly serverId?: string,
  ) {
    this.log = new MessageLog(sessionId, logLimitsOf(deps.settings()));
    this.roots = currentConfig.roots ?? [];
    this.info = this.withOwnFacts({ sessionId, serverName: currentConfig.name, state: "disconnected" });
  }

  get config(): ServerConfig {
    return this.currentConfig;
  }

  /** Reconnecting from its saved entry (which the user may have edited since) reuses this session's place. */
  useConfig(config: ServerConfig): void {
    if (this.info.state === "connected" || this.info.state === "connecting") throw new Error(`Session ${this.sessionId} is ${this.info.state}`);
    this.currentConfig = config;
    this.roots = config.roots ?? this.roots;
    this.setInfo({ ...this.info, serverName: config.name });
  }

  get state(): SessionInfo {
    return this.info;
  }

  get receiverTasks(): ReceiverTask[] {
    return this.store?.list() ?? [];
  }

  get clientTaskList(): ClientTask[] {
    return [...(this.clientTasks?.list() ?? []), ...(this.modern?.tasks.list() ?? [])];
  }

  /** Deleted receiver tasks, kept as traces (oldest first, at most TASK_TRACES_KEPT) so their rows stay. */
  get receiverTaskTraces(): ReceiverTask[] {
    return [...this.receiverTraces.values()];
  }

  get receiverTaskStore(): ReceiverTaskStore | undefined {
    return this.store;
  }

  logSnapshot(): { entries: LogEntry[]; stderr: string[] } {
    return { entries: this.log.toArray(), stderr: this.stderr.toArray() };
  }

  resizeLog(limits: LogLimits): void {
    this.log.resize(limits);
  }

  async connect(): Promise<SessionInfo> {
    if (this.info.state === "connecting" || this.info.state === "connected") {
      throw new Error(`Session ${this.sessionId} is already ${this.info.state}`);
    }
    let connection = ++this.connectionNumber;
    this.closing = false;
    this.violations = [];
    this.eraInUse = undefined;
    this.modern = undefined;
    this.client = undefined;
    const setting = this.config.era ?? "auto";
    const legacyCapabilities = clientCapabilitiesFor(this.config.features);
    this.oauth = this.createOAuth();
    this.setInfo({ sessionId: this.sessionId, serverName: this.config.name, state: "connecting", clientCapabilities: legacyCapabilities });

    let probeSaid: string | undefined;
    const said = (text: string) => (probeSaid = text);
    // E2: an entry remembered as 2025-11-25 skips the probe; if that era now fails (the server was
    // upgraded to 2026-07-28 only), it is forgotten and probed again at once, within this Connect.
    const remembered = this.config.transport.type !== "sse" && setting === "auto" && this.deps.eraMemory?.get(this.eraKey()) === "legacy";
    try {
      try {
        return await this.establish(connection, setting, legacyCapabilities, said);
      } catch (error) {
        if (!remembered || this.closing || connection !== this.connectionNumber) throw error;
        this.deps.eraMemory?.delete(this.eraKey());
        this.note(`2025-11-25, remembered for this server, failed (${truncate(messageOf(error), 300)}): probing its era again`);
        await this.transport?.close().catch(() => {});
        connection = ++this.connectionNumber;
        this.eraInUse = undefined;
        this.client = undefined;
        return await this.establish(connection, setting, legacyCapabilities, said);
      }
    } catch (error) {
      // E2: a cached era that fails is probed again next time.
      this.deps.eraMemory?.delete(this.eraKey());
      const printed = this.lastLines.length ? `. The server's last stderr output: ${this.lastLines.join(" | ")}` : "";
      // E4: a modern-only server refusing initialize names its versions; say what to change.
      const hint = error instanceof McpError && error.code === UNSUPPORTED_PROTOCOL_VERSION && this.eraInUse === "legacy" ? ". The server speaks a newer protocol: set this server's era to Auto or 2026-07-28" : "";
      const said = `Could not connect to ${describeTransport(this.config)}: ${messageOf(error)}${hint}${printed}`;
      // Issue 14: a refusal may quote a token or secret back; the reason is shown and kept.
      const reason = this.oauth ? this.oauth.redact(said) : said;
      this.teardown(reason);
      await this.transport?.close().catch(() => {});
      this.setInfo({ ...this.info, state: "failed", reason, ...(probeSaid ? { eraProbe: probeSaid } : {}) });
      throw new Error(reason);
    }
  }

  /** One attempt at the connection the era setting asks for: probe (E2, E3) if it should, then modern or legacy. */
  private async establish(connection: number, setting: EraSetting, legacyCapabilities: ClientCapabilities, said: (text: string) => void): Promise<SessionInfo> {
    let probed: string | undefined;
    const transport = this.config.transport;
    if (transport.type === "streamableHttp" && this.shouldProbe(setting)) {
      // E3: the first request is a modern one; the log shows it as it went.
      const envelope = this.modernEnvelope(MODERN_VERSION);
      const outcome = await probeEraOverHttp(transport.url, transport.headers, envelope, this.deps.settings().requestTimeoutMs, (direction, message, note) => this.record(direction, message, note), this.oauth?.wrap());
      probed = outcome.said;
      said(probed);
      if (outcome.era === "modern") {
        const wire = this.openWire(connection, false, { modern: { protocolVersion: outcome.version, paramHeaders: (name) => this.paramHeaders.get(name) } });
        await wire.transport.start();
        this.deps.eraMemory?.set(this.eraKey(), "modern");
        return await this.connectModern(wire, { ...envelope, protocolVersion: outcome.version }, outcome.discover, outcome.said, connection);
      }
      if (setting === "2026-07-28") throw new Error(`it did not answer as a 2026-07-28 server: ${outcome.said}`);
    }
    // Issue 14: the SSE transport's opening GET has no time-out, so its flow runs there; initialize does.
    if (transport.type === "streamableHttp" && probed === undefined && this.oauth) await this.oauth.preflight(transport.headers);
    // The last lines a server printed before failing to start usually say why ("API key not set").
    const wire = this.openWire(connection, Boolean(legacyCapabilities.tasks && setting !== "2026-07-28"));
    let legacyTransport: Transport = wire.transport;
    if (transport.type === "stdio" && this.shouldProbe(setting)) {
      // E2: one server/discover on the user's one process, before anything else.
      await wire.transport.start();
      const envelope = this.modernEnvelope(MODERN_VERSION);
      const outcome = await probeEra(wire.transport, {
        envelope,
        timeoutMs: this.deps.settings().eraProbeTimeoutMs,
        timers: this.deps.ports.timers,
        abandon: (id) => wire.transport.abandon(id),
      });
      probed = outcome.said;
      said(probed);
      if (outcome.era === "modern") {
        this.deps.eraMemory?.set(this.eraKey(), "modern");
        return await this.connectModern(wire, { ...envelope, protocolVersion: outcome.version }, outcome.discover, outcome.said, connection);
      }
      if (setting === "2026-07-28") throw new Error(`it did not answer as a 2026-07-28 server: ${outcome.said}`);
      if (outcome.era === "closed") {
        // E2: a server that exits on the probe is legacy; it is started once more, for initialize.
        await wire.transport.close().catch(() => {});
        legacyTransport = this.openWire(connection, Boolean(legacyCapabilities.tasks)).transport;
      } else {
        legacyTransport = new ProbedTransport(wire.transport);
      }
    } else if (setting === "2026-07-28") {
      throw new Error("2026-07-28 has no HTTP+SSE transport: use Streamable HTTP, or choose 2025-11-25 for this server");
    }
    return await this.connectLegacy(legacyTransport, legacyCapabilities, connection, probed ?? this.legacyWithoutProbe(setting));
  }

  /** E2/E3: Auto and 2026-07-28 probe (stdio, Streamable HTTP), unless this entry is remembered as legacy. */
  private shouldProbe(setting: EraSetting): boolean {
    if (this.config.transport.type === "sse" || setting === "2025-11-25") return false;
    return setting === "2026-07-28" || this.deps.eraMemory?.get(this.eraKey()) !== "legacy";
  }

  private legacyWithoutProbe(setting: EraSetting): string {
    if (setting === "2025-11-25") return "2025-11-25 chosen for this server: no probe";
    if (this.config.transport.type === "sse") return "the HTTP+SSE transport is 2025-11-25 only: no probe";
    return "remembered from an earlier connection as 2025-11-25: no probe";
  }

  private eraKey(): string {
    return JSON.stringify(this.config.transport);
  }

  /** A fresh transport for this connection, recorded into the log; stderr feeds the session's lines. */
  private openWire(connection: number, receiverTasksEnabled: boolean, options: { modern?: { protocolVersion: string; paramHeaders?: ParamHeadersLookup } } = {}): { opened: OpenedTransport; transport: RecordingTransport } {
    this.lastLines = [];
    const opened = openTransport(
      this.config.transport,
      (line) => {
        this.lastLines = [...this.lastLines, line].slice(-3);
        this.onStderr(line);
      },
      { ...options, ...(this.oauth ? { authFetch: (inner?: Fetch) => this.oauth!.wrap(inner) } : {}) },
    );
    this.opened = opened;
    const transport = new RecordingTransport(opened.transport, {
      receiverTasksEnabled,
      record: (direction, message, note, preview, marks) => this.record(direction, message, note, preview, marks),
      era: () => (connection === this.connectionNumber ? this.eraInUse : undefined),
      ...(opened.closeRequestStream ? { closeRequestStream: opened.closeRequestStream } : {}),
    });
    this.transport = transport;
    return { opened, transport };
  }

  private async connectLegacy(transport: Transport, capabilities: ClientCapabilities, connection: number, eraProbe: string): Promise<SessionInfo> {
    const { features } = this.config;
    // A fresh store per connection (its own cursor key too): tasks and cursors of an earlier connection never leak into this one (S1).
    const store = capabilities.tasks
      ? new ReceiverTaskStore(this.sessionId, this.deps.ports, () => this.receiverLimits(), {
          changed: (task) => this.onReceiverTaskChanged(task),
          removed: (task, wasLive) => this.onReceiverTaskRemoved(task, wasLive),
        })
      : undefined;
    const client = new Client(CLIENT_INFO, {
      capabilities,
      // outputSchema patterns are the server's: checked in linear time (linearRegExp.ts).
      jsonSchemaValidator: linearJsonSchemaValidator(),
      ...(store ? { taskStore: store } : {}),
    });
    const receiverContext = {
      sessionId: this.sessionId,
      serverName: this.config.name,
      ports: this.deps.ports,
      pendingInputs: this.deps.pendingInputs,
      store,
      linkToClientTask: (taskId: string, pendingInputId: string) => this.clientTasks?.linkPendingInput(taskId, pendingInputId),
    };
    if (capabilities.sampling) registerSamplingHandler(client, receiverContext);
    if (capabilities.elicitation) registerElicitationHandler(client, receiverContext);
    if (store) registerReceiverTaskHandlers(client, store);
    if (features.roots) client.setRequestHandler(withInvalidParamsErrors(ListRootsRequestSchema), async () => ({ roots: this.roots }));
    // The SDK's own ping handler, with -32602 for params that do not fit.
    client.setRequestHandler(withInvalidParamsErrors(PingRequestSchema), async () => ({}));
    // Q1 decisions use the tool's taskSupport: a changed tool list must not be judged from a stale copy.
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      if (client === this.client) this.tools.clear();
    });
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => this.onServerLog(n.params));
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => this.onResourceUpdated(n.params.uri));
    const clientTasks = new ClientTasks(client, {
      sessionId: this.sessionId,
      ports: this.deps.ports,
      requestTimeoutMs: () => this.deps.settings().requestTimeoutMs,
      changed: (task) => this.deps.bus.emit("clientTaskChanged", task),
      readableError: (error, method) => this.readable(error, method),
    });
    client.setNotificationHandler(TaskStatusNotificationSchema, (n) => clientTasks.onStatusNotification(n.params));
    this.store = store;
    this.clientTasks = clientTasks;
    this.client = client;
    this.tools.clear();
    this.eraInUse = "legacy";
    // E1: the log says which era was chosen and why, on the first message of that era.
    this.nextRemark = `Era: 2025-11-25 (initialize). ${eraProbe}`;
    client.onclose = () => this.onWireClosed(connection);
    // Cut short: the SDK's messages can quote a whole message (a 20 MB response to an unknown id).
    client.onerror = (error) => this.onStderr(`[transport] ${truncate(error.message, 2000)}`);

    await client.connect(transport, { timeout: this.deps.settings().requestTimeoutMs });
    this.setInfo({
      sessionId: this.sessionId,
      serverName: this.config.name,
      state: "connected",
      clientCapabilities: capabilities,
      era: "legacy",
      eraProbe,
      ...(client.getServerVersion() ? { serverInfo: client.getServerVersion() } : {}),
      ...(client.getServerCapabilities() ? { serverCapabilities: client.getServerCapabilities() } : {}),
      ...(client.getInstructions() ? { instructions: client.getInstructions() } : {}),
      ...(this.transport?.negotiatedVersion ? { protocolVersion: this.transport.negotiatedVersion } : {}),
    });
    if (eraProbe.startsWith("server/discover")) this.deps.eraMemory?.set(this.eraKey(), "legacy");
    return this.info;
  }

  /** E4/M1: what every modern request of this session carries in `_meta`. */
  private modernEnvelope(protocolVersion: string): Envelope {
    return { protocolVersion, clientInfo: CLIENT_INFO, clientCapabilities: modernCapabilitiesFor(this.config.features) };
  }

  private async connectModern(
    wire: { transport: RecordingTransport },
    envelope: Envelope,
    discover: Record<string, unknown>,
    eraProbe: string,
    connection: number,
  ): Promise<SessionInfo> {
    this.eraInUse = "modern";
    const modernConnection = new ModernConnection(envelope, { violation: (method) => this.onViolation(method) });
    modernConnection.setNotificationHandler(LoggingMessageNotificationSchema, (n) => this.onServerLog(n.params));
    modernConnection.fallbackNotificationHandler = async (n) => {
      const params = (n.params ?? {}) as Record<string, unknown>;
      if (n.method === "notifications/tasks") this.modern?.tasks.onNotification(params);
      else if (n.method === "notifications/subscriptions/acknowledged") this.modern?.listen.onAcknowledged(params);
      // E6: list changes and resource updates come only through the listen stream on 2026-07-28.
      else if (n.method === "notifications/tools/list_changed") this.tools.clear();
      else if (n.method === "notifications/resources/updated" && typeof params.uri === "string") this.onResourceUpdated(params.uri);
    };
    modernConnection.onclose = () => this.onWireClosed(connection);
    modernConnection.onerror = (error) => this.onStderr(`[transport] ${truncate(error.message, 2000)}`);
    await modernConnection.connect(new ProbedTransport(wire.transport));
    const features = this.config.features;
    const memory = features.receiverTasks ? this.deps.taskMemory : undefined;
    const serverKey = serverKeyOf(this.config.transport);
    this.modern = new ModernSession(modernConnection, discover, {
      desk: {
        sessionId: this.sessionId,
        serverName: this.config.name,
        ports: this.deps.ports,
        pendingInputs: this.deps.pendingInputs,
        roots: () => this.roots,
        features: { sampling: features.sampling, elicitation: features.elicitationForm || features.elicitationUrl, roots: features.roots },
      },
      requestTimeoutMs: () => this.deps.settings().requestTimeoutMs,
      maxRounds: () => this.deps.settings().maxInputRounds,
      maxWatched: () => this.deps.settings().maxLiveReceiverTasks,
      tasksEnabled: features.receiverTasks,
      listenEnded: (why) => this.note(why),
      taskChanged: (task) => this.deps.bus.emit("clientTaskChanged", task),
      ...(memory ? { memory: { remember: (task) => void memory.remember(serverKey, { taskId: task.task.taskId, toolName: task.toolName, arguments: task.arguments }), forget: (taskId) => void memory.forget(serverKey, taskId) } } : {}),
      round: (call, round) => {
        this.nextExchange = { call, round };
      },
    });
    this.tools.clear();
    this.setInfo({
      sessionId: this.sessionId,
      serverName: this.config.name,
      state: "connected",
      clientCapabilities: envelope.clientCapabilities,
      era: "modern",
      eraProbe,
      ...this.modern.serverFacts(),
    });
    this.note(`Connected as ${envelope.protocolVersion}: ${eraProbe}`);
    this.modern.listen.start();
    if (memory) void this.resumeTasks(this.modern, memory, serverKey);
    return this.info;
  }

  /** M8: tasks this server entry started before a restart are watched again, if the server still has them. */
  private async resumeTasks(modern: ModernSession, memory: TaskMemory, serverKey: string): Promise<void> {
    for (const remembered of await memory.list(serverKey)) {
      if (this.modern !== modern) return;
      const outcome = await modern.tasks.resume(remembered);
      if (outcome !== "unreachable") this.note(`Task ${remembered.taskId} from an earlier run: ${outcome === "resumed" ? "watched again" : "the server no longer has it"}`);
    }
  }

  /** How the wire of this connection went: "exited with code 1. Its last stderr output: …" is what a developer needs. */
  private onWireClosed(connection: number): void {
    if (connection !== this.connectionNumber) return;
    const exit = this.opened?.exit();
    const printed = exit && exit.code !== 0 && this.lastLines.length ? `. Its last stderr output: ${this.lastLines.join(" | ")}` : "";
    this.onClosed(`The server closed the connection${exit ? `: its process ${describeExit(exit)}${printed}` : ""}`);
  }

  /** E5: a modern server sent us a request; it was answered with an error, and the user is told. */
  private onViolation(method: string): void {
    const said = `The server sent a "${method.slice(0, 100)}" request, which 2026-07-28 forbids (servers cannot send requests to the client); it was answered with an error`;
    this.violations = [...this.violations, said].slice(-20);
    this.setInfo({ ...this.info, violations: this.violations });
  }

  private onResourceUpdated(uri: string): void {
    this.deps.bus.emit("resourceUpdated", { sessionId: this.sessionId, uri: truncate(uri, 10_000), at: this.deps.ports.clock.now() });
  }

  private onServerLog(params: { level: string; logger?: string; data?: unknown }): void {
    this.deps.bus.emit("serverLog", serverLogEvent(this.sessionId, params, this.deps.settings().logEntryMaxBytes));
  }

  async disconnect(reason = "Disconnected by the user"): Promise<void> {
    const transport = this.transport;
    this.closing = true;
    this.teardown(reason);
    this.setInfo({ ...this.info, state: "disconnected", reason });
    await transport?.close().catch(() => {});
  }

  /** Stop the server's process now: the inspector is quitting and a graceful close took too long. */
  async terminateServerProcess(): Promise<void> {
    await this.opened?.terminate();
  }

  // --- plain inspector operations ---

  async ping(): Promise<{ roundTripMs: number }> {
    const started = performance.now();
    // 2026-07-28 has no ping: server/discover is its cheapest request.
    const guard = this.guard();
    if (this.modern) {
      const modern = this.requireModern();
      await guard((options) => modern.connection.call("server/discover", undefined, options));
    } else {
      const client = this.requireClient();
      await guard((options) => client.ping(options));
    }
    return { roundTripMs: performance.now() - started };
  }

  async listTools(cursor?: string): Promise<ApiResult<"listTools">> {
    let result: ListToolsResult;
    let problem: string | undefined;
    try {
      result = this.modern
        ? ListToolsResultSchema.parse(await this.requireModern().list("tools/list", cursor, this.guard()))
        : await this.legacy((client, options) => client.listTools(cursor ? { cursor } : undefined, options));
    } catch (error) {
      if (!zodIssuesOf(error)) throw error;
      // One broken tool must not hide the others: those that fit are listed, and the line says what was left out.
      const raw = lastResponseTo(this.log.toArray(), "tools/list");
      const fit = toolsThatFit(raw);
      if (!fit) throw readableSchemaError(error, "tools/list", raw);
      result = fit.result;
      problem = (readableSchemaError(error, "tools/list", raw, `${fit.left} of ${fit.total} tools left out; the others are listed.`) as Error).message;
    }
    if (!cursor) {
      this.tools.clear();
      this.paramHeaders.clear();
    }
    const tools = this.modern ? this.withValidParamHeaders(result.tools) : result.tools;
    for (const tool of tools) this.tools.set(tool.name, tool);
    return { tools, ...this.pageFacts(result), ...(problem ? { problem } : {}) };
  }

  /**
   * 2026-07-28 (SEP-2243): a tool whose `x-mcp-header` annotations are invalid MUST be excluded (the note says
   * why, for the server's author); the valid ones are kept so tools/call mirrors those arguments into headers.
   */
  private withValidParamHeaders(tools: Tool[]): Tool[] {
    return tools.filter((tool) => {
      const reading = paramHeadersOf(tool.inputSchema);
      if ("invalid" in reading) {
        this.note(`Tool ${truncate(tool.name, 200)} left out: ${reading.invalid} (SEP-2243)`);
        return false;
      }
      if (Object.keys(reading.headers).length) this.paramHeaders.set(tool.name, reading.headers);
      return true;
    });
  }

  async listResources(cursor?: string): Promise<ApiResult<"listResources">> {
    const result = this.modern
      ? ListResourcesResultSchema.parse(await this.requireModern().list("resources/list", cursor, this.guard()))
      : await this.legacy((client, options) => client.listResources(cursor ? { cursor } : undefined, options));
    return { resources: result.resources, ...this.pageFacts(result) };
  }

  async listResourceTemplates(cursor?: string): Promise<ApiResult<"listResourceTemplates">> {
    const result = this.modern
      ? ListResourceTemplatesResultSchema.parse(await this.requireModern().list("resources/templates/list", cursor, this.guard()))
      : await this.legacy((client, options) => client.listResourceTemplates(cursor ? { cursor } : undefined, options));
    return { resourceTemplates: result.resourceTemplates, ...this.pageFacts(result) };
  }

  async readResource(uri: string): Promise<Record<string, unknown>> {
    if (this.modern) return this.requireModern().readResource(uri, this.guard());
    return this.legacy((client, options) => client.readResource({ uri }, options));
  }

  /** Start or stop `notifications/resources/updated` for one resource (E6: the listen stream on 2026-07-28). */
  async subscribeResource(uri: string, subscribe: boolean): Promise<void> {
    const current = this.info.resourceSubscriptions ?? [];
    if (subscribe === current.includes(uri)) return;
    const next = subscribe ? [...current, uri].slice(-MAX_RESOURCE_SUBSCRIPTIONS) : current.filter((u) => u !== uri);
    if (this.modern) {
      if (subscribe && !this.modern.listen.listening) throw new Error("The server refused subscriptions/listen, the only way 2026-07-28 sends resource updates");
      this.modern.listen.setResourceSubscriptions(next);
    }
    else if (subscribe) await this.requireClient().subscribeResource({ uri }, this.requestOptions());
    else await this.requireClient().unsubscribeResource({ uri }, this.requestOptions());
    this.setInfo({ ...this.info, resourceSubscriptions: next });
  }

  async listPrompts(cursor?: string): Promise<ApiResult<"listPrompts">> {
    const result = this.modern
      ? ListPromptsResultSchema.parse(await this.requireModern().list("prompts/list", cursor, this.guard()))
      : await this.legacy((client, options) => client.listPrompts(cursor ? { cursor } : undefined, options));
    return { prompts: result.prompts, ...this.pageFacts(result) };
  }

  /** What a list page adds to its items: the next cursor, and the cache hints the server gave (E6; the SDK's schemas keep them). */
  private pageFacts(page: { nextCursor?: string } & Record<string, unknown>): { nextCursor?: string; cache?: CacheHints } {
    const cache = cacheHintsOf(page, this.deps.ports.clock.now());
    return { ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}), ...(cache ? { cache } : {}) };
  }

  async getPrompt(name: string, args: Record<string, string>): Promise<Record<string, unknown>> {
    if (this.modern) return this.requireModern().getPrompt(name, args, this.guard());
    return this.legacy((client, options) => client.getPrompt({ name, arguments: args }, options));
  }

  /**
   * `completion/complete` for a prompt argument or a resource template variable, bounded (completions.ts).
   * Only when the server advertises `completions` (on 2026-07-28 too: server/discover's capabilities).
   */
  async complete(params: Omit<ApiParsedParams<"complete">, "sessionId">): Promise<ApiResult<"complete">> {
    if (!this.info.serverCapabilities?.completions) {
      throw new Error(`${this.config.name} does not advertise the completions capability, so it offers no suggestions`);
    }
    const wire = { ref: params.ref, argument: params.argument, ...(params.context?.arguments ? { context: { arguments: params.context.arguments } } : {}) };
    if (this.modern) {
      const modern = this.requireModern();
      return boundCompletion(await modern.complete(wire, this.guard()));
    }
    // Not client.complete(): its schema refuses a whole answer over 100 values; we keep the first 100 and say so.
    return boundCompletion(await this.legacy((client, options) => client.request({ method: "completion/complete", params: wire }, LenientResultSchema, options)));
  }

  async setLoggingLevel(level: Parameters<Client["setLoggingLevel"]>[0]): Promise<void> {
    // 2026-07-28 has no logging/setLevel: the level rides on every request's _meta (E6: deprecated, still works).
    if (this.modern) return this.requireModern().connection.setLogLevel(level);
    await this.requireClient().setLoggingLevel(level, this.requestOptions());
  }

  async setRoots(roots: Root[]): Promise<void> {
    if (!this.config.features.roots) throw new Error("Roots are switched off for this server");
    this.roots = roots;
    this.setInfo({ ...this.info });
    // Legacy: the server is told, and asks roots/list again. On 2026-07-28 roots are read from here when a
    // request asks for them (I1, M5): there is nothing to send.
    if (this.info.state === "connected" && !this.modern) await this.requireClient().sendRootsListChanged();
  }

  // --- tools and client tasks ---

  /** A plain tools/call. Q1: a tool whose taskSupport is `required` can only run as a task. */
  async callTool(name: string, args: Record<string, unknown>, run?: RunControls): Promise<ApiResult<"callTool">> {
    return this.readableSchemaErrors("tools/call", () => this.callToolAsIs(name, args, run));
  }

  private async callToolAsIs(name: string, args: Record<string, unknown>, run?: RunControls): Promise<ApiResult<"callTool">> {
    const tool = await this.toolNamed(name);
    // The run's progress bar, its time-outs and its Cancel (requestGuard.ts).
    const hooks: GuardHooks = run ? { signal: run.signal, progress: run.progress } : {};
    if (this.modern) {
      // M2: the server decides whether this becomes a task.
      const outcome = await this.requireModern().callTool(tool, name, args, this.guard(hooks), run?.signal);
      const rounds = outcome.rounds > 1 ? { inputRounds: outcome.rounds } : {};
      if (outcome.kind === "task") return { content: [], startedTask: outcome.task, ...rounds };
      return { ...withoutOurKeys(CallToolResultSchema.parse(outcome.result)), ...rounds };
    }
    if (tool?.execution?.taskSupport === "required" && this.serverAcceptsToolTasks()) {
      throw new Error(`Tool "${name}" requires task execution (taskSupport: required); run it as a task`);
    }
    const client = this.requireClient();
    // Not client.callTool(): it refuses tools it has cached as task-required, and we decided above.
    const result = await this.guard(hooks)((options) => client.request({ method: "tools/call", params: { name, arguments: args } }, CallToolResultSchema, options));
    return withoutOurKeys(result);
  }

  /** Q1: only when the server advertises tasks.requests.tools.call and the tool allows it. */
  async callToolAsTask(name: string, args: Record<string, unknown>, ttl?: number): Promise<ClientTask> {
    if (this.modern) throw new Error("On 2026-07-28 the server decides whether a tool call becomes a task: use Run");
    if (!this.serverAcceptsToolTasks()) {
      throw new Error(`${this.config.name} does not advertise tasks.requests.tools.call, so tools cannot run as tasks`);
    }
    const tool = await this.toolNamed(name);
    if (!tool) throw new Error(`Unknown tool "${name}"`);
    const support = tool.execution?.taskSupport ?? "forbidden";
    if (support === "forbidden") {
      throw new Error(`Tool "${name}" does not support task execution (taskSupport: ${tool.execution?.taskSupport ?? "absent"}); run it normally`);
    }
    return this.requireClientTasks().start(name, args, ttl);
  }

  cancelClientTask(taskId: string): Promise<ClientTask> {
    if (this.modern?.tasks.get(taskId)) return this.requireModern().tasks.cancel(taskId);
    return this.requireClientTasks().cancel(taskId);
  }

  /** A task known only by its id (the CLI's `task get|watch|cancel`): looked up on the server, then followed. */
  async followClientTask(taskId: string): Promise<ClientTask> {
    if (!this.modern) return this.requireClientTasks().follow(taskId);
    const modern = this.requireModern();
    const known = modern.tasks.get(taskId);
    if (known) return known;
    // M8: the entry's remembered handle names the tool; a task started elsewhere is followed without it.
    const remembered = (await this.deps.taskMemory?.list(serverKeyOf(this.config.transport)))?.find((t) => t.taskId === taskId);
    const outcome = await modern.tasks.resume(remembered ?? { taskId, toolName: "", arguments: {} });
    // (Connecting resumes remembered tasks too: whichever got there first, the task is watched once.)
    const view = modern.tasks.get(taskId);
    if (view) return view;
    if (outcome === "gone") throw new McpError(ErrorCode.InvalidParams, `The server does not know task ${taskId} (tasks/get: unknown task)`);
    throw new Error(`tasks/get for task ${taskId} got no usable answer from ${this.config.name}`);
  }

  refreshClientTasks(): Promise<ApiResult<"refreshClientTasks">["tasks"]> {
    if (this.modern) throw new Error("2026-07-28 has no tasks/list: the Tasks tab lists the tasks this inspector started (M8)");
    if (!this.requireClient().getServerCapabilities()?.tasks?.list) {
      throw new Error(`${this.config.name} does not advertise tasks.list`);
    }
    return this.requireClientTasks().listFromServer();
  }

  /** The user cancels a receiver task: the server sees it `cancelled` and its pending input goes. */
  cancelReceiverTask(taskId: string): ReceiverTask {
    const store = this.store;
    const task = store?.get(taskId);
    if (!store || !task) throw new Error(`No receiver task ${taskId} in this session`);
    if (!store.cancel(taskId, "Cancelled by the user", "cancelledByUser")) throw new Error(`Receiver task ${taskId} is already ${task.task.status}`);
    return store.get(taskId) as ReceiverTask;
  }

  // --- internals ---

  private receiverLimits() {
    const s = this.deps.settings();
    return {
      maxLiveTasks: s.maxLiveReceiverTasks,
      maxTtlMs: s.maxReceiverTaskTtlMs,
      defaultTtlMs: s.defaultReceiverTaskTtlMs,
      pollIntervalMs: s.receiverTaskPollIntervalMs,
    };
  }

  private onReceiverTaskChanged(task: ReceiverTask): void {
    this.deps.bus.emit("receiverTaskChanged", task);
    if (task.task.status === "cancelled" && task.pendingInputId) {
      this.deps.pendingInputs.withdraw(task.pendingInputId, "taskCancelled", `Task ${task.task.taskId} was cancelled: ${task.task.statusMessage ?? "no reason given"}`);
    }
    // R11: every status change, creation included, carries the full task and no related-task _meta.
    // Deferred so that the creation notice follows the CreateTaskResult it announces.
    const client = this.client;
    const params = { ...task.task };
    this.deps.ports.timers.defer(() => {
      if (!client || client !== this.client || this.info.state !== "connected") return;
      client.notification({ method: "notifications/tasks/status", params }).catch(() => {});
    });
  }

  private onReceiverTaskRemoved(task: ReceiverTask, wasLive: boolean): void {
    // The row stays as a trace ("deleted at", with how it ended); the oldest trace past the bound leaves.
    this.receiverTraces.set(task.task.taskId, task);
    this.deps.bus.emit("receiverTaskRemoved", { sessionId: this.sessionId, taskId: task.task.taskId, trace: task });
    if (this.receiverTraces.size > TASK_TRACES_KEPT) {
      const oldest = this.receiverTraces.keys().next().value as string;
      this.receiverTraces.delete(oldest);
      this.deps.bus.emit("receiverTaskRemoved", { sessionId: this.sessionId, taskId: oldest });
    }
    if (wasLive && task.pendingInputId) {
      this.deps.pendingInputs.withdraw(task.pendingInputId, "taskExpired", `Task ${task.task.taskId} expired: its ttl of ${formatMs(task.task.ttl)} elapsed before an answer`);
    }
  }

  private onClosed(reason: string): void {
    // While connecting, connect() itself reports the failure (state "failed", with the reason).
    if (this.closing || this.info.state === "disconnected" || this.info.state === "connecting") return;
    this.teardown(reason);
    this.setInfo({ ...this.info, state: "disconnected", reason });
  }

  /** S1: everything the session holds ends, with a reason the user can read. */
  private teardown(reason: string): void {
    this.deps.pendingInputs.withdrawSession(this.sessionId, "disconnected", `The session ended: ${reason}`);
    this.store?.closeAll(`Session ended: ${reason}`);
    this.clientTasks?.closeAll(`Session ended before the task finished: ${reason}`);
    this.modern?.listen.close();
    this.modern?.tasks.closeAll(`Session ended: ${reason}`);
  }

  private record(direction: "in" | "out", message: unknown, note?: string, preview?: string, marks: LogMarks = {}): void {
    if (direction === "out" && message && typeof message === "object" && "method" in message) {
      if (this.nextExchange) marks = { ...marks, exchange: this.nextExchange };
      if (this.nextRemark) marks = { ...marks, remark: this.nextRemark };
      this.nextExchange = undefined;
      this.nextRemark = undefined;
    }
    const entry = this.log.record(direction, message, this.deps.nextLogSeq(), new Date(this.deps.ports.clock.now()).toISOString(), note, preview, marks);
    this.deps.bus.emit("logEntry", entry);
  }

  /** A line of our own in the log (the era chosen, E1), not a message on the wire. */
  private note(text: string): void {
    this.record("in", undefined, text);
  }

  private onStderr(line: string): void {
    // Issue 14: a token or secret the flow has seen never reaches stderr.
    if (this.oauth) line = this.oauth.redact(line);
    this.stderr.push(line);
    this.deps.bus.emit("stderrLine", { sessionId: this.sessionId, line });
  }

  /** Issue 14: the steps of this session's authorization flows, oldest first. */
  get authorizationSteps(): AuthStep[] {
    return [...this.authSteps];
  }

  /** The server URL tokens are kept under, for an HTTP server. */
  get oauthServerUrl(): string | undefined {
    const transport = this.config.transport;
    return transport.type === "stdio" ? undefined : transport.url;
  }

  private createOAuth(): OAuthSession | undefined {
    const oauth = this.deps.oauth;
    const url = this.oauthServerUrl;
    if (!oauth || !url) return undefined;
    const transport = this.config.transport as { headers?: Record<string, string> };
    // A credential the user typed as a header (a static API key) is redacted like the flow's own tokens.
    const headerSecrets = Object.entries(transport.headers ?? {}).flatMap(([name, value]) => (/^(authorization|proxy-authorization|cookie|x-api-key)$/i.test(name) ? [value.replace(/^\w+\s+/, "")] : []));
    return new OAuthSession(url, this.config.oauth, oauth.store, {
      secrets: headerSecrets,
      clock: this.deps.ports.clock,
      timers: this.deps.ports.timers,
      approvalTimeoutMs: oauth.approvalTimeoutMs,
      requestTimeoutMs: this.deps.settings().requestTimeoutMs,
      ...(oauth.openAuthorizationPage ? { openAuthorizationPage: (page: string) => oauth.openAuthorizationPage!(page, this.sessionId) } : {}),
      step: (step) => {
        const full: AuthStep = { ...step, sessionId: this.sessionId, seq: ++this.authSeq, at: this.deps.ports.clock.now() };
        this.authSteps = [...this.authSteps, full].slice(-AUTH_STEPS_KEPT);
        this.deps.bus.emit("authStep", full);
      },
    });
  }

  private setInfo(info: SessionInfo): void {
    this.info = this.withOwnFacts(info);
    this.deps.bus.emit("sessionChanged", this.info);
  }

  /** What every state of this session says, whatever the connection did: its entry and its roots. */
  private withOwnFacts(info: SessionInfo): SessionInfo {
    return { ...info, ...(this.serverId ? { serverId: this.serverId } : {}), roots: this.roots };
  }

  private requestOptions() {
    return { timeout: this.deps.settings().requestTimeoutMs };
  }

  /** A request the user started: a progressToken, a time-out that restarts on progress, a maximum total (requestGuard.ts). */
  private guard(hooks: GuardHooks = {}): Guarded {
    return (send) => {
      const { requestTimeoutMs, maxRequestTotalMs } = this.deps.settings();
      return guarded(this.deps.ports.timers, { requestTimeoutMs, maxRequestTotalMs }, hooks, send);
    };
  }

  /** A guarded request on the legacy client. */
  /** A result the SDK's schema rejects is said in one line, pointing at the raw response in the log (schemaMismatch.ts). */
  private async readableSchemaErrors<T>(method: string, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw this.readable(error, method);
    }
  }

  private readable(error: unknown, method: string): unknown {
    return zodIssuesOf(error) ? readableSchemaError(error, method, lastResponseTo(this.log.toArray(), method)) : error;
  }

  private legacy<T>(send: (client: Client, options: RequestOptions) => Promise<T>): Promise<T> {
    const client = this.requireClient();
    return this.guard()((options) => send(client, options));
  }

  private requireClient(): Client {
    if (!this.client || this.info.state !== "connected") {
      throw new McpError(ErrorCode.ConnectionClosed, `${this.config.name} is not connected`);
    }
    return this.client;
  }

  private requireModern(): ModernSession {
    if (!this.modern || this.info.state !== "connected") {
      throw new McpError(ErrorCode.ConnectionClosed, `${this.config.name} is not connected`);
    }
    return this.modern;
  }

  private requireClientTasks(): ClientTasks {
    this.requireClient();
    return this.clientTasks as ClientTasks;
  }

  private serverAcceptsToolTasks(): boolean {
    return Boolean(this.requireClient().getServerCapabilities()?.tasks?.requests?.tools?.call);
  }

  private async toolNamed(name: string): Promise<Tool | undefined> {
    if (!this.tools.has(name)) {
      let cursor: string | undefined;
      do {
        cursor = (await this.listTools(cursor)).nextCursor;
      } while (cursor && !this.tools.has(name));
    }
    return this.tools.get(name);
  }
}

/** A server's result never speaks for the inspector: the keys the inspector adds to a run are removed from it. */
function withoutOurKeys<T extends Record<string, unknown>>(result: T): T {
  if (!INSPECTOR_RESULT_KEYS.some((key) => key in result)) return result;
  const copy: Record<string, unknown> = { ...result };
  for (const key of INSPECTOR_RESULT_KEYS) delete copy[key];
  return copy as T;
}

function describeTransport(config: ServerConfig): string {
  const t = config.transport;
  return t.type === "stdio" ? `"${[t.command, ...t.args].join(" ")}"` : t.url;
}

function formatMs(ms: number | null | undefined): string {
  if (typeof ms !== "number") return "unlimited";
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** Any JSON object: completions.ts reads it field by field and bounds it. */
const LenientResultSchema = z.looseObject({});

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
