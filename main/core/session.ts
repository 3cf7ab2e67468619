// One connection to one MCP server: the SDK Client, its transport, the protocol log, the receiver-task
// map and the client tasks. A session's tasks are invisible to every other session (S1).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  CallToolResultSchema,
  ErrorCode,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  McpError,
  PingRequestSchema,
  TaskStatusNotificationSchema,
  ToolListChangedNotificationSchema,
  type ClientCapabilities,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { ApiResult } from "../../shared/contract.js";
import type { ClientTask, LogEntry, ReceiverTask, ServerConfig, SessionInfo, Settings } from "../../shared/types.js";
import { ClientTasks } from "./client/clientTasks.js";
import { linearJsonSchemaValidator } from "./linearRegExp.js";
import { withInvalidParamsErrors } from "./invalidParams.js";
import type { EventBus } from "./eventBus.js";
import { BoundedLines, MessageLog } from "./messageLog.js";
import type { PendingInputs } from "./pendingInputs.js";
import type { Ports } from "./ports.js";
import { registerElicitationHandler, registerReceiverTaskHandlers, registerSamplingHandler } from "./receiver/receiverRequests.js";
import { ReceiverTaskStore } from "./receiver/receiverTaskStore.js";
import { openTransport } from "./transport/openTransport.js";
import { RecordingTransport } from "./transport/recordingTransport.js";
import { describeExit } from "./transport/stdioTransport.js";

export const CLIENT_INFO = { name: "mcp-task-inspector", version: "0.1.0" };
const STDERR_LINES_KEPT = 2000;
/** What one session keeps of its server's stderr, in characters (the page keeps the same). */
export const STDERR_CHARS_KEPT = 1024 * 1024;

export interface SessionDeps {
  bus: EventBus;
  pendingInputs: PendingInputs;
  ports: Ports;
  settings: () => Settings;
  /** A global sequence for log entries, so entries of all sessions sort in one order. */
  nextLogSeq: () => number;
}

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
  private readonly log: MessageLog;
  private readonly stderr = new BoundedLines(STDERR_LINES_KEPT, STDERR_CHARS_KEPT);
  private info: SessionInfo;
  private connectionNumber = 0;
  private roots: { uri: string; name?: string }[] = [];
  private tools = new Map<string, Tool>();
  private closing = false;

  constructor(
    readonly sessionId: string,
    readonly config: ServerConfig,
    private readonly deps: SessionDeps,
  ) {
    this.log = new MessageLog(sessionId, deps.settings().logLimit);
    this.info = { sessionId, serverName: config.name, state: "disconnected" };
  }

  get state(): SessionInfo {
    return this.info;
  }

  get receiverTasks(): ReceiverTask[] {
    return this.store?.list() ?? [];
  }

  get clientTaskList(): ClientTask[] {
    return this.clientTasks?.list() ?? [];
  }

  get receiverTaskStore(): ReceiverTaskStore | undefined {
    return this.store;
  }

  logSnapshot(): { entries: LogEntry[]; stderr: string[] } {
    return { entries: this.log.toArray(), stderr: this.stderr.toArray() };
  }

  resizeLog(limit: number): void {
    this.log.resize(limit);
  }

  async connect(): Promise<SessionInfo> {
    if (this.info.state === "connecting" || this.info.state === "connected") {
      throw new Error(`Session ${this.sessionId} is already ${this.info.state}`);
    }
    const { features } = this.config;
    const connection = ++this.connectionNumber;
    this.closing = false;
    const capabilities = clientCapabilitiesFor(features);
    this.setInfo({ sessionId: this.sessionId, serverName: this.config.name, state: "connecting", clientCapabilities: capabilities });

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
    if (capabilities.roots) client.setRequestHandler(withInvalidParamsErrors(ListRootsRequestSchema), async () => ({ roots: this.roots }));
    // The SDK's own ping handler, with -32602 for params that do not fit.
    client.setRequestHandler(withInvalidParamsErrors(PingRequestSchema), async () => ({}));
    // Q1 decisions use the tool's taskSupport: a changed tool list must not be judged from a stale copy.
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      if (client === this.client) this.tools.clear();
    });
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      this.deps.bus.emit("serverLog", { sessionId: this.sessionId, level: n.params.level, ...(n.params.logger ? { logger: n.params.logger } : {}), data: n.params.data });
    });
    const clientTasks = new ClientTasks(client, {
      sessionId: this.sessionId,
      ports: this.deps.ports,
      requestTimeoutMs: () => this.deps.settings().requestTimeoutMs,
      changed: (task) => this.deps.bus.emit("clientTaskChanged", task),
    });
    client.setNotificationHandler(TaskStatusNotificationSchema, (n) => clientTasks.onStatusNotification(n.params));
    this.store = store;
    this.clientTasks = clientTasks;
    this.client = client;
    this.tools.clear();

    // The last lines a server printed before failing to start usually say why ("API key not set").
    let lastLines: string[] = [];
    const opened = openTransport(this.config.transport, (line) => {
      lastLines = [...lastLines, line].slice(-3);
      this.onStderr(line);
    });
    this.opened = opened;
    const transport = new RecordingTransport(opened.transport, {
      receiverTasksEnabled: Boolean(store),
      record: (direction, message, note, preview) => this.record(direction, message, note, preview),
    });
    this.transport = transport;
    client.onclose = () => {
      if (connection !== this.connectionNumber) return;
      // Say how the server went: "exited with code 1. Its last stderr output: …" is what a developer needs.
      const exit = opened.exit();
      const printed = exit && exit.code !== 0 && lastLines.length ? `. Its last stderr output: ${lastLines.join(" | ")}` : "";
      this.onClosed(`The server closed the connection${exit ? `: its process ${describeExit(exit)}${printed}` : ""}`);
    };
    // Cut short: the SDK's messages can quote a whole message (a 20 MB response to an unknown id).
    client.onerror = (error) => this.onStderr(`[transport] ${truncate(error.message, 2000)}`);

    try {
      await client.connect(transport, { timeout: this.deps.settings().requestTimeoutMs });
    } catch (error) {
      const printed = lastLines.length ? `. The server's last stderr output: ${lastLines.join(" | ")}` : "";
      const reason = `Could not connect to ${describeTransport(this.config)}: ${messageOf(error)}${printed}`;
      this.teardown(reason);
      await transport.close().catch(() => {});
      this.setInfo({ ...this.info, state: "failed", reason });
      throw new Error(reason);
    }
    this.setInfo({
      sessionId: this.sessionId,
      serverName: this.config.name,
      state: "connected",
      clientCapabilities: capabilities,
      ...(client.getServerVersion() ? { serverInfo: client.getServerVersion() } : {}),
      ...(client.getServerCapabilities() ? { serverCapabilities: client.getServerCapabilities() } : {}),
      ...(client.getInstructions() ? { instructions: client.getInstructions() } : {}),
    });
    return this.info;
  }

  async disconnect(reason = "Disconnected by the user"): Promise<void> {
    const transport = this.transport;
    this.closing = true;
    this.teardown(reason);
    this.setInfo({ ...this.info, state: "disconnected", reason });
    await transport?.close().catch(() => {});
  }

  /** Stop the server's process now: the inspector is quitting and a graceful close took too long. */
  terminateServerProcess(): void {
    this.opened?.terminate();
  }

  // --- plain inspector operations ---

  async ping(): Promise<{ roundTripMs: number }> {
    const started = performance.now();
    await this.requireClient().ping({ timeout: this.deps.settings().requestTimeoutMs });
    return { roundTripMs: performance.now() - started };
  }

  async listTools(cursor?: string): Promise<ApiResult<"listTools">> {
    const result = await this.requireClient().listTools(cursor ? { cursor } : undefined, this.requestOptions());
    if (!cursor) this.tools.clear();
    for (const tool of result.tools) this.tools.set(tool.name, tool);
    return { tools: result.tools, ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}) };
  }

  async listResources(cursor?: string): Promise<ApiResult<"listResources">> {
    const result = await this.requireClient().listResources(cursor ? { cursor } : undefined, this.requestOptions());
    return { resources: result.resources, ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}) };
  }

  async listResourceTemplates(cursor?: string): Promise<ApiResult<"listResourceTemplates">> {
    const result = await this.requireClient().listResourceTemplates(cursor ? { cursor } : undefined, this.requestOptions());
    return { resourceTemplates: result.resourceTemplates, ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}) };
  }

  async readResource(uri: string): Promise<Record<string, unknown>> {
    return this.requireClient().readResource({ uri }, this.requestOptions());
  }

  async listPrompts(cursor?: string): Promise<ApiResult<"listPrompts">> {
    const result = await this.requireClient().listPrompts(cursor ? { cursor } : undefined, this.requestOptions());
    return { prompts: result.prompts, ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}) };
  }

  async getPrompt(name: string, args: Record<string, string>): Promise<Record<string, unknown>> {
    return this.requireClient().getPrompt({ name, arguments: args }, this.requestOptions());
  }

  async setLoggingLevel(level: Parameters<Client["setLoggingLevel"]>[0]): Promise<void> {
    await this.requireClient().setLoggingLevel(level, this.requestOptions());
  }

  async setRoots(roots: { uri: string; name?: string }[]): Promise<void> {
    if (!this.config.features.roots) throw new Error("Roots are switched off for this server");
    this.roots = roots;
    if (this.info.state === "connected") await this.requireClient().sendRootsListChanged();
  }

  // --- tools and client tasks ---

  /** A plain tools/call. Q1: a tool whose taskSupport is `required` can only run as a task. */
  async callTool(name: string, args: Record<string, unknown>): Promise<ApiResult<"callTool">> {
    const tool = await this.toolNamed(name);
    if (tool?.execution?.taskSupport === "required" && this.serverAcceptsToolTasks()) {
      throw new Error(`Tool "${name}" requires task execution (taskSupport: required); run it as a task`);
    }
    const client = this.requireClient();
    // Not client.callTool(): it refuses tools it has cached as task-required, and we decided above.
    return client.request({ method: "tools/call", params: { name, arguments: args } }, CallToolResultSchema, {
      ...this.requestOptions(),
      resetTimeoutOnProgress: true,
    });
  }

  /** Q1: only when the server advertises tasks.requests.tools.call and the tool allows it. */
  async callToolAsTask(name: string, args: Record<string, unknown>, ttl?: number): Promise<ClientTask> {
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
    return this.requireClientTasks().cancel(taskId);
  }

  refreshClientTasks(): Promise<ApiResult<"refreshClientTasks">["tasks"]> {
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
    if (!store.cancel(taskId, "Cancelled by the user")) throw new Error(`Receiver task ${taskId} is already ${task.task.status}`);
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
    this.deps.bus.emit("receiverTaskRemoved", { sessionId: this.sessionId, taskId: task.task.taskId });
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
  }

  private record(direction: "in" | "out", message: unknown, note?: string, preview?: string): void {
    const entry = this.log.record(direction, message, this.deps.nextLogSeq(), new Date(this.deps.ports.clock.now()).toISOString(), note, preview);
    this.deps.bus.emit("logEntry", entry);
  }

  private onStderr(line: string): void {
    this.stderr.push(line);
    this.deps.bus.emit("stderrLine", { sessionId: this.sessionId, line });
  }

  private setInfo(info: SessionInfo): void {
    this.info = info;
    this.deps.bus.emit("sessionChanged", info);
  }

  private requestOptions() {
    return { timeout: this.deps.settings().requestTimeoutMs };
  }

  private requireClient(): Client {
    if (!this.client || this.info.state !== "connected") {
      throw new McpError(ErrorCode.ConnectionClosed, `${this.config.name} is not connected`);
    }
    return this.client;
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

function describeTransport(config: ServerConfig): string {
  const t = config.transport;
  return t.type === "stdio" ? `"${[t.command, ...t.args].join(" ")}"` : t.url;
}

function formatMs(ms: number | null | undefined): string {
  if (typeof ms !== "number") return "unlimited";
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
