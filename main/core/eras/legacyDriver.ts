// The 2025-11-25 driver: the SDK Client (initialize, its request/response schemas), our client tasks
// (SEP-1686, Q1–Q4), the receiver-task store with its status notifications (R1–R11) and the traces of
// deleted receiver tasks. `connectLegacy` is the initialize handshake on a transport negotiation opened.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolResultSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  PingRequestSchema,
  ResourceUpdatedNotificationSchema,
  TaskStatusNotificationSchema,
  ToolListChangedNotificationSchema,
  type ClientCapabilities,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { UI_EXTENSION, UI_EXTENSION_CAPABILITY } from "../../../shared/apps.js";
import { SKILLS_EXTENSION } from "../../../shared/skills.js";
import { appsEnabled, TASK_TRACES_KEPT, type ClientTask, type ReceiverTask, type ServerConfig } from "../../../shared/types.js";
import { ClientTasks } from "../client/clientTasks.js";
import { withInvalidParamsErrors } from "../invalidParams.js";
import { linearJsonSchemaValidator } from "../linearRegExp.js";
import type { Guarded } from "../requestGuard.js";
import { answerTaskRequestAtOnce, registerElicitationHandler, registerReceiverTaskHandlers, registerSamplingHandler } from "../receiver/receiverRequests.js";
import { ReceiverTaskStore } from "../receiver/receiverTaskStore.js";
import type { RecordingTransport } from "../transport/recordingTransport.js";
import { CLIENT_INFO, truncate, withoutOurKeys, type EraDriver, type EraHost, type ServerFacts } from "./driver.js";

/** Any JSON object: completions.ts reads it field by field and bounds it. */
const LenientResultSchema = z.looseObject({});

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
  // AP1: the MCP Apps extension, unless switched off for this server; Skills (SEP-2640) always (a client that
  // reads skills says so; the server's declaration is what lets us call skills/list).
  capabilities.extensions = {
    ...(appsEnabled(features) ? { [UI_EXTENSION]: { mimeTypes: [...UI_EXTENSION_CAPABILITY.mimeTypes] } } : {}),
    [SKILLS_EXTENSION]: {},
  };
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

/** initialize on `transport` (`recording` is the log's view of it), as the era negotiation decided. */
export async function connectLegacy(host: EraHost, transport: Transport, recording: RecordingTransport, capabilities: ClientCapabilities, eraProbe: string): Promise<LegacyDriver> {
  const driver = new LegacyDriver(host, capabilities, recording, eraProbe);
  host.adopt(driver);
  host.eraChosen("legacy");
  // E1: the log says which era was chosen and why, on the first message of that era.
  host.remark(`Era: 2025-11-25 (initialize). ${eraProbe}`);
  await driver.client.connect(transport, { timeout: host.deps.settings().requestTimeoutMs });
  return driver;
}

export class LegacyDriver implements EraDriver {
  readonly era = "legacy";
  readonly client: Client;
  readonly receiverTaskStore?: ReceiverTaskStore;
  private readonly tasks: ClientTasks;
  private readonly traces = new Map<string, ReceiverTask>();

  constructor(
    private readonly host: EraHost,
    private readonly capabilities: ClientCapabilities,
    private readonly recording: RecordingTransport,
    private readonly eraProbe: string,
  ) {
    for (const trace of host.earlierTraces()) this.traces.set(trace.task.taskId, trace);
    const { deps, config } = host;
    // A fresh store per connection (its own cursor key too): tasks and cursors of an earlier connection never leak into this one (S1).
    const store = capabilities.tasks
      ? new ReceiverTaskStore(host.sessionId, deps.ports, () => receiverLimits(host), {
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
      sessionId: host.sessionId,
      serverName: config.name,
      ports: deps.ports,
      pendingInputs: deps.pendingInputs,
      store,
      linkToClientTask: (taskId: string, pendingInputId: string) => this.tasks.linkPendingInput(taskId, pendingInputId),
    };
    if (capabilities.sampling) registerSamplingHandler(client, receiverContext);
    if (capabilities.elicitation) registerElicitationHandler(client, receiverContext, capabilities.elicitation);
    if (store) {
      registerReceiverTaskHandlers(client, store);
      recording.answerAtOnce = (request) => answerTaskRequestAtOnce(receiverContext, capabilities, request);
    }
    if (config.features.roots) client.setRequestHandler(withInvalidParamsErrors(ListRootsRequestSchema), async () => ({ roots: host.roots() }));
    // The SDK's own ping handler, with -32602 for params that do not fit.
    client.setRequestHandler(withInvalidParamsErrors(PingRequestSchema), async () => ({}));
    // Q1 decisions use the tool's taskSupport: a changed tool list must not be judged from a stale copy.
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => host.toolsChanged());
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => host.serverLog(n.params));
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => host.resourceUpdated(n.params.uri));
    this.tasks = new ClientTasks(client, {
      sessionId: host.sessionId,
      ports: deps.ports,
      requestTimeoutMs: () => deps.settings().requestTimeoutMs,
      changed: (task) => deps.bus.emit("clientTaskChanged", task),
      removed: (taskId) => deps.bus.emit("clientTaskRemoved", { sessionId: host.sessionId, taskId }),
      readableError: (error, method) => host.readable(error, method),
    });
    client.setNotificationHandler(TaskStatusNotificationSchema, (n) => this.tasks.onStatusNotification(n.params));
    client.onclose = () => host.wireClosed();
    // Cut short: the SDK's messages can quote a whole message (a 20 MB response to an unknown id).
    client.onerror = (error) => host.stderr(`[transport] ${truncate(error.message, 2000)}`);
    this.client = client;
    if (store) this.receiverTaskStore = store;
  }

  facts(): ServerFacts {
    const client = this.client;
    return {
      clientCapabilities: this.capabilities,
      era: "legacy",
      eraProbe: this.eraProbe,
      ...(client.getServerVersion() ? { serverInfo: client.getServerVersion() } : {}),
      ...(client.getServerCapabilities() ? { serverCapabilities: client.getServerCapabilities() } : {}),
      ...(client.getInstructions() ? { instructions: client.getInstructions() } : {}),
      ...(this.recording.negotiatedVersion ? { protocolVersion: this.recording.negotiatedVersion } : {}),
    };
  }

  start(): void {}

  async ping(guard: Guarded): Promise<void> {
    await guard((options) => this.client.ping(options));
  }

  listTools(cursor: string | undefined, guard: Guarded) {
    return guard((options) => this.client.listTools(cursor ? { cursor } : undefined, options));
  }

  admitTools(tools: Tool[]): Tool[] {
    return tools;
  }

  listResources(cursor: string | undefined, guard: Guarded) {
    return guard((options) => this.client.listResources(cursor ? { cursor } : undefined, options));
  }

  listResourceTemplates(cursor: string | undefined, guard: Guarded) {
    return guard((options) => this.client.listResourceTemplates(cursor ? { cursor } : undefined, options));
  }

  listPrompts(cursor: string | undefined, guard: Guarded) {
    return guard((options) => this.client.listPrompts(cursor ? { cursor } : undefined, options));
  }

  readResource(uri: string, guard: Guarded): Promise<Record<string, unknown>> {
    return guard((options) => this.client.readResource({ uri }, options));
  }

  getPrompt(name: string, args: Record<string, string>, guard: Guarded): Promise<Record<string, unknown>> {
    return guard((options) => this.client.getPrompt({ name, arguments: args }, options));
  }

  extensionRequest(method: string, params: Record<string, unknown>, guard: Guarded): Promise<Record<string, unknown>> {
    return guard((options) => this.client.request({ method, params }, LenientResultSchema, options));
  }

  complete(params: Record<string, unknown>, guard: Guarded): Promise<Record<string, unknown>> {
    // Not client.complete(): its schema refuses a whole answer over 100 values; we keep the first 100 and say so.
    return guard((options) => this.client.request({ method: "completion/complete", params }, LenientResultSchema, options));
  }

  async setLogLevel(level: string): Promise<void> {
    await this.client.setLoggingLevel(level as Parameters<Client["setLoggingLevel"]>[0], this.requestOptions());
  }

  async subscribeResource(uri: string, subscribe: boolean): Promise<void> {
    if (subscribe) await this.client.subscribeResource({ uri }, this.requestOptions());
    else await this.client.unsubscribeResource({ uri }, this.requestOptions());
  }

  /** The server is told, and asks roots/list again. */
  async rootsChanged(): Promise<void> {
    await this.client.sendRootsListChanged();
  }

  /** A plain tools/call. Q1: a tool whose taskSupport is `required` can only run as a task. */
  async callTool(tool: Tool | undefined, name: string, args: Record<string, unknown>, guard: Guarded) {
    if (tool?.execution?.taskSupport === "required" && this.serverAcceptsToolTasks()) {
      throw new Error(`Tool "${name}" requires task execution (taskSupport: required); run it as a task`);
    }
    // Not client.callTool(): it refuses tools it has cached as task-required, and we decided above.
    const result = await guard((options) => this.client.request({ method: "tools/call", params: { name, arguments: args } }, CallToolResultSchema, options));
    return withoutOurKeys(result);
  }

  /** Q1: only when the server advertises tasks.requests.tools.call and the tool allows it. */
  async callToolAsTask(toolNamed: (name: string) => Promise<Tool | undefined>, name: string, args: Record<string, unknown>, ttl?: number): Promise<ClientTask> {
    if (!this.serverAcceptsToolTasks()) {
      throw new Error(`${this.host.config.name} does not advertise tasks.requests.tools.call, so tools cannot run as tasks`);
    }
    const tool = await toolNamed(name);
    if (!tool) throw new Error(`Unknown tool "${name}"`);
    const support = tool.execution?.taskSupport ?? "forbidden";
    if (support === "forbidden") {
      throw new Error(`Tool "${name}" does not support task execution (taskSupport: ${tool.execution?.taskSupport ?? "absent"}); run it normally`);
    }
    return this.tasks.start(name, args, ttl);
  }

  clientTasks(): ClientTask[] {
    return this.tasks.list();
  }

  cancelClientTask(taskId: string): Promise<ClientTask> {
    return this.tasks.cancel(taskId);
  }

  followClientTask(taskId: string): Promise<ClientTask> {
    return this.tasks.follow(taskId);
  }

  listServerTasks() {
    if (!this.client.getServerCapabilities()?.tasks?.list) {
      throw new Error(`${this.host.config.name} does not advertise tasks.list`);
    }
    return this.tasks.listFromServer();
  }

  receiverTasks(): ReceiverTask[] {
    return this.receiverTaskStore?.list() ?? [];
  }

  receiverTaskTraces(): ReceiverTask[] {
    return [...this.traces.values()];
  }

  /** The user cancels a receiver task: the server sees it `cancelled` and its pending input goes. */
  cancelReceiverTask(taskId: string): ReceiverTask {
    const store = this.receiverTaskStore;
    const task = store?.get(taskId);
    if (!store || !task) throw new Error(`No receiver task ${taskId} in this session`);
    if (!store.cancel(taskId, "Cancelled by the user", "cancelledByUser")) throw new Error(`Receiver task ${taskId} is already ${task.task.status}`);
    return store.get(taskId) as ReceiverTask;
  }

  raw(method: string, params: Record<string, unknown> | undefined, timeoutMs: number): Promise<Record<string, unknown>> {
    return this.client.request({ method, ...(params ? { params } : {}) } as never, LenientResultSchema, { timeout: timeoutMs });
  }

  teardown(reason: string): void {
    this.receiverTaskStore?.closeAll(`Session ended: ${reason}`);
    this.tasks.closeAll(`Session ended before the task finished: ${reason}`);
  }

  private serverAcceptsToolTasks(): boolean {
    return Boolean(this.client.getServerCapabilities()?.tasks?.requests?.tools?.call);
  }

  private requestOptions() {
    return { timeout: this.host.deps.settings().requestTimeoutMs };
  }

  private onReceiverTaskChanged(task: ReceiverTask): void {
    const { deps } = this.host;
    deps.bus.emit("receiverTaskChanged", task);
    if (task.task.status === "cancelled" && task.pendingInputId) {
      deps.pendingInputs.withdraw(task.pendingInputId, "taskCancelled", `Task ${task.task.taskId} was cancelled: ${task.task.statusMessage ?? "no reason given"}`);
    }
    // R11: every status change, creation included, carries the full task and no related-task _meta.
    // On the next turn, so that the creation notice follows the CreateTaskResult it announces (sent in this
    // one), and the server reads that answer alone: a notice in the same read is parsed before the server's
    // awaiting code runs (ours ÷ the stock SDK's task start was about 6% higher with the notice right behind).
    const params = { ...task.task };
    deps.ports.timers.defer(() => {
      if (!this.host.live()) return;
      this.client.notification({ method: "notifications/tasks/status", params }).catch(() => {});
    });
  }

  private onReceiverTaskRemoved(task: ReceiverTask, wasLive: boolean): void {
    const { deps, sessionId } = this.host;
    // The row stays as a trace ("deleted at", with how it ended); the oldest trace past the bound leaves.
    this.traces.set(task.task.taskId, task);
    deps.bus.emit("receiverTaskRemoved", { sessionId, taskId: task.task.taskId, trace: task });
    if (this.traces.size > TASK_TRACES_KEPT) {
      const oldest = this.traces.keys().next().value as string;
      this.traces.delete(oldest);
      deps.bus.emit("receiverTaskRemoved", { sessionId, taskId: oldest });
    }
    if (wasLive && task.pendingInputId) {
      deps.pendingInputs.withdraw(task.pendingInputId, "taskExpired", `Task ${task.task.taskId} expired: its ttl of ${formatMs(task.task.ttl)} elapsed before an answer`);
    }
  }
}

function receiverLimits(host: EraHost) {
  const s = host.deps.settings();
  return {
    maxLiveTasks: s.maxLiveReceiverTasks,
    maxTtlMs: s.maxReceiverTaskTtlMs,
    defaultTtlMs: s.defaultReceiverTaskTtlMs,
    pollIntervalMs: s.receiverTaskPollIntervalMs,
  };
}

function formatMs(ms: number | null | undefined): string {
  if (typeof ms !== "number") return "unlimited";
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
