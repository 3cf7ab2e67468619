// Everything a session does on a 2026-07-28 connection, in the same domain words as legacy: listing,
// reading, prompts and tool calls (with MRTR rounds, I1–I5), and client tasks (M2–M6). The modern era
// driver (eras/modernDriver.ts) wraps it; nothing above the drivers sees it.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ClientTask, SessionInfo } from "../../../shared/types.js";
import { SERVER_INFO_KEY } from "../protocol/envelope.js";
import type { InputDeskContext } from "./inputRequests.js";
import type { ModernConnection, RawResult } from "./modernConnection.js";
import { ModernTasks } from "./modernTasks.js";
import { ListenStream } from "./listenStream.js";
import { requestWithRounds, RoundsError } from "./mrtr.js";
import type { Guarded } from "../requestGuard.js";

export interface ModernSessionOptions {
  desk: InputDeskContext;
  requestTimeoutMs(): number;
  maxRounds(): number;
  maxWatched(): number;
  taskChanged(task: ClientTask): void;
  /** A result that does not fit its schema, in one line naming the field (schemaMismatch.ts). */
  readableError?(error: unknown, method: string): unknown;
  /** A deleted task's trace dropped off the bound (TASK_TRACES_KEPT): its row leaves. */
  taskRemoved?(taskId: string): void;
  /** M8: where task handles are kept across restarts, if anywhere. */
  memory?: { remember(task: ClientTask): void; forget(taskId: string): void };
  /** M7: the tasks extension is declared, so task ids go on the listen stream. */
  tasksEnabled: boolean;
  listenEnded(why: string): void;
  /** I5: the log groups one logical call's rounds; called before each round is sent. */
  round(callId: number, round: number, method: string): void;
}

export type ToolCallOutcome = { kind: "result"; result: RawResult; rounds: number } | { kind: "task"; task: ClientTask; rounds: number };

export class ModernSession {
  readonly tasks: ModernTasks;
  readonly listen: ListenStream;
  private nextCallId = 1;

  constructor(
    readonly connection: ModernConnection,
    readonly discover: Record<string, unknown>,
    private readonly options: ModernSessionOptions,
  ) {
    this.tasks = new ModernTasks(connection, {
      sessionId: options.desk.sessionId,
      ports: options.desk.ports,
      desk: options.desk,
      requestTimeoutMs: options.requestTimeoutMs,
      maxWatched: options.maxWatched,
      changed: options.taskChanged,
      ...(options.readableError ? { readableError: options.readableError } : {}),
      watching: (task) => options.memory?.remember(task),
      done: (taskId) => options.memory?.forget(taskId),
      removed: (taskId) => options.taskRemoved?.(taskId),
      liveChanged: () => this.listen?.subscriptionsChanged(),
    });
    this.listen = new ListenStream(
      connection,
      options.desk.ports.timers,
      () => this.tasks.liveIds(),
      { accepted: (ids) => this.tasks.markListening(ids), ended: options.listenEnded },
      options.tasksEnabled,
    );
  }

  /** What the session shows about the server: from server/discover. */
  serverFacts(): Pick<SessionInfo, "serverInfo" | "serverCapabilities" | "instructions" | "protocolVersion"> {
    const meta = (this.discover._meta ?? {}) as Record<string, unknown>;
    const info = meta[SERVER_INFO_KEY] as { name?: unknown; version?: unknown; title?: unknown; websiteUrl?: unknown } | undefined;
    const capabilities = this.discover.capabilities;
    // The Server facts panel shows title and website too (issue 13); only strings are taken.
    const optional = (key: "title" | "websiteUrl") => (info && typeof info[key] === "string" ? { [key]: info[key] as string } : {});
    return {
      protocolVersion: this.connection.protocolVersion,
      ...(info && typeof info.name === "string" && typeof info.version === "string" ? { serverInfo: { name: info.name, version: info.version, ...optional("title"), ...optional("websiteUrl") } } : {}),
      ...(capabilities && typeof capabilities === "object" && !Array.isArray(capabilities) ? { serverCapabilities: capabilities as SessionInfo["serverCapabilities"] } : {}),
      ...(typeof this.discover.instructions === "string" ? { instructions: this.discover.instructions } : {}),
    };
  }

  /**
   * `guard` (requestGuard.ts) gives each request its progressToken, time-outs and the user's cancel; without
   * one, a plain time-out applies.
   */
  list(method: "tools/list" | "resources/list" | "resources/templates/list" | "prompts/list", cursor?: string, guard: Guarded = this.unguarded()): Promise<RawResult> {
    return guard((options) => this.connection.call(method, cursor ? { cursor } : {}, options));
  }

  async readResource(uri: string, guard?: Guarded): Promise<RawResult> {
    return stripResultType((await this.withRounds("resources/read", { uri }, guard)).result);
  }

  async getPrompt(name: string, args: Record<string, string>, guard?: Guarded): Promise<RawResult> {
    return stripResultType((await this.withRounds("prompts/get", { name, arguments: args }, guard)).result);
  }

  /** `completion/complete` has no input rounds: one request; the caller reads `completion` and bounds it. */
  complete(params: Record<string, unknown>, guard: Guarded = this.unguarded()): Promise<RawResult> {
    return guard((options) => this.connection.call("completion/complete", params, options));
  }

  /** M2: the server decides; a `resultType: "task"` answer becomes a client task followed to its end. */
  async callTool(tool: Tool | undefined, name: string, args: Record<string, unknown>, guard?: Guarded, signal?: AbortSignal): Promise<ToolCallOutcome> {
    const { result, rounds } = await this.withRounds("tools/call", { name, arguments: args }, guard, signal);
    if (result.resultType === "task") return { kind: "task", task: this.tasks.adopt(tool?.name ?? name, args, result), rounds };
    return { kind: "result", result: stripResultType(result), rounds };
  }

  /** Each round is its own request, so each gets its own guard (progressToken, time-outs); `signal` also ends a wait for input (I4). */
  private withRounds(method: string, params: Record<string, unknown>, guard: Guarded = this.unguarded(), signal?: AbortSignal) {
    const callId = this.nextCallId++;
    return requestWithRounds(method, params, {
      desk: this.options.desk,
      maxRounds: this.options.maxRounds(),
      ...(signal ? { signal } : {}),
      send: (roundParams, round) => {
        this.options.round(callId, round, method);
        return guard((options) => this.connection.call(method, roundParams, options));
      },
    });
  }

  private unguarded(): Guarded {
    return (send) => send({ timeout: this.options.requestTimeoutMs(), resetTimeoutOnProgress: true });
  }
}

export { RoundsError };

/** The wire's `resultType` is ours to read, not part of what the user sees as the result. */
function stripResultType(result: RawResult): RawResult {
  const { resultType: _consumed, ...rest } = result;
  return rest;
}
