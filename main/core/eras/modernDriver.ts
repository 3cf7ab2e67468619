// The 2026-07-28 driver: ModernSession (lists, reads, prompts, tool calls with MRTR rounds, modern tasks,
// the listen stream) on a ModernConnection. `connectModern` takes over the wire negotiation probed on.
// What 2026-07-28 does not have (tasks/list, "run as task", receiver tasks) throws the words the user reads.
import {
  CallToolResultSchema,
  ErrorCode,
  ListPromptsResultSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesResultSchema,
  ListToolsResultSchema,
  LoggingMessageNotificationSchema,
  McpError,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { ClientTask, ReceiverTask } from "../../../shared/types.js";
import { ModernConnection } from "../modern/modernConnection.js";
import { ModernSession } from "../modern/modernSession.js";
import type { Envelope } from "../protocol/envelope.js";
import type { Guarded } from "../requestGuard.js";
import { paramHeadersOf, type ParamHeaders } from "../transport/httpHeaders.js";
import { truncate, withoutOurKeys, type EraDriver, type EraHost, type ServerFacts } from "./driver.js";
import { serverKeyOf, type TaskMemory } from "./taskMemory.js";

/** 2026-07-28 (SEP-2243): each listed tool's `x-mcp-header` annotations, mirrored into Mcp-Param-* headers on tools/call. */
export type ParamHeadersByTool = Map<string, ParamHeaders>;

/** The modern handshake is the probe's server/discover: the connection starts on the probed wire. */
export async function connectModern(host: EraHost, wire: Transport, envelope: Envelope, discover: Record<string, unknown>, eraProbe: string, paramHeaders: ParamHeadersByTool): Promise<ModernDriver> {
  host.eraChosen("modern");
  const driver = new ModernDriver(host, envelope, discover, eraProbe, paramHeaders);
  host.adopt(driver);
  await driver.session.connection.connect(wire);
  return driver;
}

export class ModernDriver implements EraDriver {
  readonly era = "modern";
  readonly session: ModernSession;
  private readonly traces: ReceiverTask[];
  private readonly memory?: TaskMemory;
  private readonly serverKey: string;

  constructor(
    private readonly host: EraHost,
    private readonly envelope: Envelope,
    discover: Record<string, unknown>,
    private readonly eraProbe: string,
    private readonly paramHeaders: ParamHeadersByTool,
  ) {
    // Receiver tasks are legacy only; the rows of an earlier legacy connection stay as they were.
    this.traces = host.earlierTraces();
    const { deps, config } = host;
    const connection = new ModernConnection(envelope, { violation: (method) => host.violation(method) });
    connection.setNotificationHandler(LoggingMessageNotificationSchema, (n) => host.serverLog(n.params));
    connection.fallbackNotificationHandler = async (n) => {
      const params = (n.params ?? {}) as Record<string, unknown>;
      if (n.method === "notifications/tasks") this.session.tasks.onNotification(params);
      else if (n.method === "notifications/subscriptions/acknowledged") this.session.listen.onAcknowledged(params);
      // E6: list changes and resource updates come only through the listen stream on 2026-07-28.
      else if (n.method === "notifications/tools/list_changed") host.toolsChanged();
      else if (n.method === "notifications/resources/updated" && typeof params.uri === "string") host.resourceUpdated(params.uri);
    };
    connection.onclose = () => host.wireClosed();
    connection.onerror = (error) => host.stderr(`[transport] ${truncate(error.message, 2000)}`);
    const features = config.features;
    const memory = features.receiverTasks ? deps.taskMemory : undefined;
    const serverKey = serverKeyOf(config.transport);
    this.serverKey = serverKey;
    if (memory) this.memory = memory;
    this.session = new ModernSession(connection, discover, {
      desk: {
        sessionId: host.sessionId,
        serverName: config.name,
        ports: deps.ports,
        pendingInputs: deps.pendingInputs,
        roots: () => host.roots(),
        features: { sampling: features.sampling, elicitation: features.elicitationForm || features.elicitationUrl, roots: features.roots },
      },
      requestTimeoutMs: () => deps.settings().requestTimeoutMs,
      maxRounds: () => deps.settings().maxInputRounds,
      maxWatched: () => deps.settings().maxLiveReceiverTasks,
      tasksEnabled: features.receiverTasks,
      listenEnded: (why) => host.note(why),
      taskChanged: (task) => deps.bus.emit("clientTaskChanged", task),
      taskRemoved: (taskId) => deps.bus.emit("clientTaskRemoved", { sessionId: host.sessionId, taskId }),
      readableError: (error, method) => host.readable(error, method),
      ...(memory ? { memory: { remember: (task) => void memory.remember(serverKey, { taskId: task.task.taskId, toolName: task.toolName, arguments: task.arguments }), forget: (taskId) => void memory.forget(serverKey, taskId) } } : {}),
      round: (call, round) => host.exchange({ call, round }),
    });
  }

  facts(): ServerFacts {
    return { clientCapabilities: this.envelope.clientCapabilities, era: "modern", eraProbe: this.eraProbe, ...this.session.serverFacts() };
  }

  start(): void {
    this.host.note(`Connected as ${this.envelope.protocolVersion}: ${this.eraProbe}`);
    this.session.listen.start();
    if (this.memory) void this.resumeTasks(this.memory);
  }

  /** M8: tasks this server entry started before a restart are watched again, if the server still has them. */
  private async resumeTasks(memory: TaskMemory): Promise<void> {
    for (const remembered of await memory.list(this.serverKey)) {
      if (!this.host.current()) return;
      const outcome = await this.session.tasks.resume(remembered);
      if (outcome !== "unreachable") this.host.note(`Task ${remembered.taskId} from an earlier run: ${outcome === "resumed" ? "watched again" : "the server no longer has it"}`);
    }
  }

  /** 2026-07-28 has no ping: server/discover is its cheapest request. */
  async ping(guard: Guarded): Promise<void> {
    await guard((options) => this.session.connection.call("server/discover", undefined, options));
  }

  async listTools(cursor: string | undefined, guard: Guarded) {
    return ListToolsResultSchema.parse(await this.session.list("tools/list", cursor, guard));
  }

  /**
   * 2026-07-28 (SEP-2243): a tool whose `x-mcp-header` annotations are invalid MUST be excluded (the note says
   * why, for the server's author); the valid ones are kept so tools/call mirrors those arguments into headers.
   */
  admitTools(tools: Tool[], firstPage: boolean): Tool[] {
    if (firstPage) this.paramHeaders.clear();
    return tools.filter((tool) => {
      const reading = paramHeadersOf(tool.inputSchema);
      if ("invalid" in reading) {
        this.host.note(`Tool ${truncate(tool.name, 200)} left out: ${reading.invalid} (SEP-2243)`);
        return false;
      }
      if (Object.keys(reading.headers).length) this.paramHeaders.set(tool.name, reading.headers);
      return true;
    });
  }

  async listResources(cursor: string | undefined, guard: Guarded) {
    return ListResourcesResultSchema.parse(await this.session.list("resources/list", cursor, guard));
  }

  async listResourceTemplates(cursor: string | undefined, guard: Guarded) {
    return ListResourceTemplatesResultSchema.parse(await this.session.list("resources/templates/list", cursor, guard));
  }

  async listPrompts(cursor: string | undefined, guard: Guarded) {
    return ListPromptsResultSchema.parse(await this.session.list("prompts/list", cursor, guard));
  }

  readResource(uri: string, guard: Guarded): Promise<Record<string, unknown>> {
    return this.session.readResource(uri, guard);
  }

  getPrompt(name: string, args: Record<string, string>, guard: Guarded): Promise<Record<string, unknown>> {
    return this.session.getPrompt(name, args, guard);
  }

  /** Extension methods have no input rounds: one request; the wire's `resultType` is not the user's. */
  async extensionRequest(method: string, params: Record<string, unknown>, guard: Guarded): Promise<Record<string, unknown>> {
    const { resultType: _consumed, ...result } = await guard((options) => this.session.connection.call(method, params, options));
    return result;
  }

  complete(params: Record<string, unknown>, guard: Guarded): Promise<Record<string, unknown>> {
    return this.session.complete(params, guard);
  }

  /** 2026-07-28 has no logging/setLevel: the level rides on every request's _meta (E6: deprecated, still works). */
  async setLogLevel(level: string): Promise<void> {
    this.session.connection.setLogLevel(level);
  }

  /** E6: resource updates come only through the listen stream, which carries every subscribed URI. */
  async subscribeResource(_uri: string, subscribe: boolean, all: string[]): Promise<void> {
    if (subscribe && !this.session.listen.listening) throw new Error("The server refused subscriptions/listen, the only way 2026-07-28 sends resource updates");
    this.session.listen.setResourceSubscriptions(all);
  }

  /** Roots are read from the session when a request asks for them (I1, M5): there is nothing to send. */
  async rootsChanged(): Promise<void> {}

  /** M2: the server decides whether this becomes a task. */
  async callTool(tool: Tool | undefined, name: string, args: Record<string, unknown>, guard: Guarded, signal?: AbortSignal) {
    const outcome = await this.session.callTool(tool, name, args, guard, signal);
    const rounds = outcome.rounds > 1 ? { inputRounds: outcome.rounds } : {};
    if (outcome.kind === "task") return { content: [], startedTask: outcome.task, ...rounds };
    return { ...withoutOurKeys(CallToolResultSchema.parse(outcome.result)), ...rounds };
  }

  async callToolAsTask(): Promise<ClientTask> {
    throw new Error("On 2026-07-28 the server decides whether a tool call becomes a task: use Run");
  }

  clientTasks(): ClientTask[] {
    return this.session.tasks.list();
  }

  cancelClientTask(taskId: string): Promise<ClientTask> {
    if (!this.session.tasks.get(taskId)) return Promise.reject(this.notConnected());
    return this.session.tasks.cancel(taskId);
  }

  /** A task known only by its id (the CLI's `task get|watch|cancel`): looked up on the server, then followed. */
  async followClientTask(taskId: string): Promise<ClientTask> {
    const tasks = this.session.tasks;
    const known = tasks.get(taskId);
    if (known) return known;
    // M8: the entry's remembered handle names the tool; a task started elsewhere is followed without it.
    const remembered = (await this.host.deps.taskMemory?.list(this.serverKey))?.find((t) => t.taskId === taskId);
    const outcome = await tasks.resume(remembered ?? { taskId, toolName: "", arguments: {} });
    // (Connecting resumes remembered tasks too: whichever got there first, the task is watched once.)
    const view = tasks.get(taskId);
    if (view) return view;
    if (outcome === "gone") throw new McpError(ErrorCode.InvalidParams, `The server does not know task ${taskId} (tasks/get: unknown task)`);
    throw new Error(`tasks/get for task ${taskId} got no usable answer from ${this.host.config.name}`);
  }

  async listServerTasks(): Promise<never> {
    throw new Error("2026-07-28 has no tasks/list: the Tasks tab lists the tasks this inspector started (M8)");
  }

  receiverTasks(): ReceiverTask[] {
    return [];
  }

  receiverTaskTraces(): ReceiverTask[] {
    return this.traces;
  }

  cancelReceiverTask(taskId: string): ReceiverTask {
    throw new Error(`No receiver task ${taskId} in this session`);
  }

  raw(method: string, params: Record<string, unknown> | undefined, timeoutMs: number): Promise<Record<string, unknown>> {
    return this.session.connection.call(method, params, { timeout: timeoutMs });
  }

  teardown(reason: string): void {
    this.session.listen.close();
    this.session.tasks.closeAll(`Session ended: ${reason}`);
  }

  /** Legacy answers a task it does not know with its client's "not connected"; so does this era. */
  private notConnected(): McpError {
    return new McpError(ErrorCode.ConnectionClosed, `${this.host.config.name} is not connected`);
  }
}
