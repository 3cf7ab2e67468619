// The core behind the contract: sessions, pending inputs, settings. Adapters (Electron IPC, WebSocket)
// call `dispatch`, which parses every payload against the contract before anything happens.
import { Ajv } from "ajv";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import {
  parseApiParams,
  type ApiMethod,
  type ApiResult,
  type InspectorHandlers,
} from "../../shared/contract.js";
import { DEFAULT_SETTINGS, SettingsSchema, type ServerConfig, type Settings } from "../../shared/types.js";
import { EventBus, type EventListener } from "./eventBus.js";
import { PendingInputs } from "./pendingInputs.js";
import { systemPorts, type Ports } from "./ports.js";
import { Session } from "./session.js";

/** The error code a user's sampling rejection carries, as the MCP spec's sampling example shows. */
export const USER_REJECTED_CODE = -1;

export interface InspectorCoreOptions {
  ports?: Ports;
  settings?: Partial<Settings>;
}

export class InspectorCore {
  readonly bus = new EventBus();
  readonly pendingInputs = new PendingInputs(this.bus);
  private readonly sessions = new Map<string, Session>();
  private settings: Settings;
  private readonly ports: Ports;
  private logSeq = 0;
  private readonly ajv = new Ajv({ allErrors: true, strict: false });
  readonly handlers: InspectorHandlers;

  constructor(options: InspectorCoreOptions = {}) {
    this.ports = options.ports ?? systemPorts;
    this.settings = SettingsSchema.parse({ ...DEFAULT_SETTINGS, ...options.settings });
    this.handlers = this.createHandlers();
  }

  subscribe(listener: EventListener): () => void {
    return this.bus.subscribe(listener);
  }

  /** Parse a raw payload against the contract, then run the method. Malformed input never acts. */
  async dispatch<M extends ApiMethod>(method: M, rawParams: unknown): Promise<ApiResult<M>> {
    const params = parseApiParams(method, rawParams);
    const handler = this.handlers[method] as (p: typeof params) => Promise<ApiResult<M>>;
    return handler(params);
  }

  session(sessionId: string): Session {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
    return session;
  }

  getSettings(): Settings {
    return this.settings;
  }

  /** Disconnect everything (app quit). */
  async shutdown(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((s) => s.disconnect("The inspector is shutting down")));
  }

  private async connect(server: ServerConfig) {
    const session = new Session(this.ports.newId(), server, {
      bus: this.bus,
      pendingInputs: this.pendingInputs,
      ports: this.ports,
      settings: () => this.settings,
      nextLogSeq: () => ++this.logSeq,
    });
    this.sessions.set(session.sessionId, session);
    return session.connect();
  }

  private createHandlers(): InspectorHandlers {
    return {
      connect: ({ server }) => this.connect(server),
      disconnect: async ({ sessionId }) => {
        await this.session(sessionId).disconnect();
        return { ok: true };
      },
      reconnect: async ({ sessionId }) => {
        const session = this.session(sessionId);
        if (session.state.state === "connected" || session.state.state === "connecting") await session.disconnect("Reconnecting");
        return session.connect();
      },
      listSessions: async () => [...this.sessions.values()].map((s) => s.state),
      getSnapshot: async () => ({
        sessions: [...this.sessions.values()].map((s) => s.state),
        pendingInputs: this.pendingInputs.list(),
        clientTasks: [...this.sessions.values()].flatMap((s) => s.clientTaskList),
        receiverTasks: [...this.sessions.values()].flatMap((s) => s.receiverTasks),
        settings: this.settings,
      }),
      getLog: async ({ sessionId }) => this.session(sessionId).logSnapshot(),

      ping: ({ sessionId }) => this.session(sessionId).ping(),
      listTools: ({ sessionId, cursor }) => this.session(sessionId).listTools(cursor),
      listResources: ({ sessionId, cursor }) => this.session(sessionId).listResources(cursor),
      listResourceTemplates: ({ sessionId, cursor }) => this.session(sessionId).listResourceTemplates(cursor),
      readResource: ({ sessionId, uri }) => this.session(sessionId).readResource(uri),
      listPrompts: ({ sessionId, cursor }) => this.session(sessionId).listPrompts(cursor),
      getPrompt: ({ sessionId, name, arguments: args }) => this.session(sessionId).getPrompt(name, args),
      setLoggingLevel: async ({ sessionId, level }) => {
        await this.session(sessionId).setLoggingLevel(level);
        return { ok: true };
      },
      setRoots: async ({ sessionId, roots }) => {
        await this.session(sessionId).setRoots(roots);
        return { ok: true };
      },

      callTool: ({ sessionId, name, arguments: args }) => this.session(sessionId).callTool(name, args),
      callToolAsTask: ({ sessionId, name, arguments: args, ttl }) => this.session(sessionId).callToolAsTask(name, args, ttl),
      refreshClientTasks: async ({ sessionId }) => ({ tasks: await this.session(sessionId).refreshClientTasks() }),
      cancelClientTask: ({ sessionId, taskId }) => this.session(sessionId).cancelClientTask(taskId),

      approveSampling: async ({ pendingInputId, result }) => {
        this.pendingInputs.answer(pendingInputId, { kind: "sampling", result: { ...result } });
        return { ok: true };
      },
      rejectSampling: async ({ pendingInputId, reason }) => {
        this.pendingInputs.answer(pendingInputId, {
          kind: "sampling",
          error: { code: USER_REJECTED_CODE, message: reason ? `User rejected sampling request: ${reason}` : "User rejected sampling request" },
        });
        return { ok: true };
      },
      answerElicitation: async (answer) => {
        const input = this.pendingInputs.require(answer.pendingInputId);
        if (answer.action === "accept") this.validateElicitationContent(input.params, answer.content);
        const result = answer.action === "accept" && answer.content ? { action: answer.action, content: answer.content } : { action: answer.action };
        this.pendingInputs.answer(answer.pendingInputId, { kind: "elicitation", result });
        return { ok: true };
      },

      cancelReceiverTask: async ({ sessionId, taskId }) => this.session(sessionId).cancelReceiverTask(taskId),

      getSettings: async () => this.settings,
      updateSettings: async (patch) => {
        const next = SettingsSchema.parse({ ...this.settings, ...patch });
        if (next.logLimit !== this.settings.logLimit) for (const s of this.sessions.values()) s.resizeLog(next.logLimit);
        this.settings = next;
        this.bus.emit("settingsChanged", next);
        return next;
      },
    };
  }

  /** Form-mode content must match the server's requestedSchema before it is sent; the input stays pending otherwise. */
  private validateElicitationContent(params: Record<string, unknown>, content: Record<string, unknown> | undefined): void {
    if (params.mode === "url") return;
    const schema = params.requestedSchema;
    if (!schema || typeof schema !== "object") return;
    let validate;
    try {
      validate = this.ajv.compile(schema);
    } catch (error) {
      throw new McpError(ErrorCode.InvalidParams, `The server's requestedSchema is not valid JSON Schema: ${(error as Error).message}`);
    }
    if (!validate(content ?? {})) {
      const problems = (validate.errors ?? []).map((e) => `${e.instancePath || "(content)"} ${e.message ?? "is invalid"}`);
      throw new Error(`The answer does not match the requested schema: ${problems.join("; ")}`);
    }
  }
}
