// One connection to one MCP server, whatever era it speaks: the connection's life (connect, reconnect,
// teardown), its protocol log, stderr, roots, OAuth, the session info and the guard on the user's
// requests. Everything that differs by era sits behind one `EraDriver` (eras/driver.ts), which the era
// negotiation (eras/negotiation.ts) returns; this file never asks which era it has. A session's tasks are
// invisible to every other session (S1).
import { walkPages } from "../../shared/listWalk.js";
import { endHttpSession } from "./transport/endHttpSession.js";
import { ErrorCode, McpError, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ApiParsedParams, ApiResult } from "../../shared/contract.js";
import type { AuthStep, CacheHints, ClientTask, LogEntry, ReceiverTask, Root, ServerConfig, SessionInfo } from "../../shared/types.js";
import { cacheHintsOf } from "../../shared/cacheHints.js";
import type { OAuthSession, Fetch } from "./auth/oauthSession.js";
import { oauthForServer, type SessionOAuth } from "./auth/sessionOAuth.js";
import { boundCompletion } from "./completions.js";
import { messageOf, truncate, type Era, type EraDeps, type EraDriver, type EraHost, type WireOptions, type ReceiverTaskStore } from "./eras/driver.js";
import { capabilitiesWhileConnecting, connectFailureHint, negotiateEra } from "./eras/negotiation.js";
import { BoundedLines, isoTimeOf, logLimitsOf, MessageLog, NO_MARKS, type LogLimits, type LogMarks } from "./messageLog.js";
import { serverErrorOnce } from "./protocol/wireError.js";
import { guarded, type GuardHooks, type Guarded } from "./requestGuard.js";
import { lastResponseTo, readableSchemaError, toolsThatFit, zodIssuesOf } from "./schemaMismatch.js";
import type { RunControls } from "./toolRuns.js";
import { openTransport, type OpenedTransport } from "./transport/openTransport.js";
import { RecordingTransport } from "./transport/recordingTransport.js";
import { describeExit } from "./transport/stdioTransport.js";
import { ServerLogs, type ServerLogMessage } from "./serverLogs.js";

export { CLIENT_INFO } from "./eras/driver.js";
export type { SessionOAuth };
const STDERR_LINES_KEPT = 2000;
/** Resource subscriptions a session keeps (each is a URI on every listen stream on 2026-07-28). */
const MAX_RESOURCE_SUBSCRIPTIONS = 1000;
/** What one session keeps of its server's stderr, in characters (the page keeps the same). */
export const STDERR_CHARS_KEPT = 1024 * 1024;
/** Authorization steps kept per session (a flow takes about ten). */
const AUTH_STEPS_KEPT = 200;

export interface SessionDeps extends EraDeps {
  /** A global sequence for log entries, so entries of all sessions sort in one order. */
  nextLogSeq: () => number;
  /** Issue 14: OAuth for HTTP servers that answer 401 (tokens kept per server URL). */
  oauth?: SessionOAuth;
}

export class Session {
  /** This connection's era driver, from the negotiation; kept past teardown so its tasks' rows stay. */
  private driver?: EraDriver;
  private transport?: RecordingTransport;
  /** The last transport opened, kept past teardown so quitting can stop its process. */
  private opened?: OpenedTransport;
  private readonly log: MessageLog;
  private readonly stderr = new BoundedLines(STDERR_LINES_KEPT, STDERR_CHARS_KEPT);
  /** Issue 21: kept for a window that loads later (getLog). */
  private readonly serverLogs: ServerLogs;
  private info: SessionInfo;
  private connectionNumber = 0;
  /** What `roots/list` answers (legacy) and modern input requests are answered from (I1). */
  private roots: Root[];
  /** The listed tools, by name: Q1 and tools/call read them. */
  private tools = new Map<string, Tool>();
  private closing = false;
  private violations: string[] = [];
  /** The era this connection speaks, once chosen (E5 reads requests by it). */
  private eraInUse?: Era;
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
    this.serverLogs = new ServerLogs(sessionId);
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
    return this.driver?.receiverTasks() ?? [];
  }

  get clientTaskList(): ClientTask[] {
    return this.driver?.clientTasks() ?? [];
  }

  /** Deleted receiver tasks, kept as traces (oldest first, at most TASK_TRACES_KEPT) so their rows stay. */
  get receiverTaskTraces(): ReceiverTask[] {
    return this.driver?.receiverTaskTraces() ?? [];
  }

  get receiverTaskStore(): ReceiverTaskStore | undefined {
    return this.driver?.receiverTaskStore;
  }

  logSnapshot(): { entries: LogEntry[]; stderr: string[]; serverLogs: ServerLogMessage[] } {
    return { entries: this.log.toArray(), stderr: this.stderr.toArray(), serverLogs: this.serverLogs.toArray() };
  }

  resizeLog(limits: LogLimits): void {
    this.log.resize(limits);
  }

  async connect(): Promise<SessionInfo> {
    if (this.info.state === "connecting" || this.info.state === "connected") {
      throw new Error(`Session ${this.sessionId} is already ${this.info.state}`);
    }
    const connection = ++this.connectionNumber;
    this.closing = false;
    this.violations = [];
    this.eraInUse = undefined;
    this.oauth = this.createOAuth();
    this.setInfo({ sessionId: this.sessionId, serverName: this.config.name, state: "connecting", clientCapabilities: capabilitiesWhileConnecting(this.config) });
    let probeSaid: string | undefined;
    try {
      const driver = await negotiateEra(this.hostFor(connection), (text) => (probeSaid = text));
      this.setInfo({ sessionId: this.sessionId, serverName: this.config.name, state: "connected", ...driver.facts() });
      driver.start();
      return this.info;
    } catch (error) {
      const printed = this.lastLines.length ? `. The server's last stderr output: ${this.lastLines.join(" | ")}` : "";
      const said = `Could not connect to ${describeTransport(this.config)}: ${messageOf(error)}${connectFailureHint(error, this.eraInUse)}${printed}`;
      // Issue 14: a refusal may quote a token or secret back; the reason is shown and kept.
      const reason = this.oauth ? this.oauth.redact(said) : said;
      this.teardown(reason);
      await this.transport?.close().catch(() => {});
      this.setInfo({ ...this.info, state: "failed", reason, ...(probeSaid ? { eraProbe: probeSaid } : {}) });
      throw new Error(reason);
    }
  }

  /** What one connection attempt offers the negotiation and its driver: every callback knows its attempt. */
  private hostFor(connection: number): EraHost {
    const current = () => !this.closing && connection === this.connectionNumber;
    return {
      sessionId: this.sessionId,
      config: this.config,
      deps: this.deps,
      ...(this.oauth ? { oauth: this.oauth } : {}),
      roots: () => this.roots,
      current,
      live: () => connection === this.connectionNumber && this.info.state === "connected",
      openWire: (receiverTasksEnabled, options) => this.openWire(connection, receiverTasksEnabled, options),
      closeWire: async () => this.transport?.close().catch(() => {}),
      record: (direction, message, note) => this.record(direction, message, note),
      note: (text) => this.note(text),
      stderr: (line) => this.onStderr(line),
      remark: (text) => (this.nextRemark = text),
      exchange: (marks) => (this.nextExchange = marks),
      readable: (error, method) => this.readable(error, method),
      eraChosen: (era) => (this.eraInUse = era),
      adopt: (driver) => {
        this.driver = driver;
        this.tools.clear();
      },
      wireClosed: () => this.onWireClosed(connection),
      serverLog: (params) => this.deps.bus.emit("serverLog", this.serverLogs.push(params, this.deps.settings().logEntryMaxBytes)),
      resourceUpdated: (uri) => this.deps.bus.emit("resourceUpdated", { sessionId: this.sessionId, uri: truncate(uri, 10_000), at: this.deps.ports.clock.now() }),
      violation: (method) => this.onViolation(method),
      toolsChanged: () => connection === this.connectionNumber && this.tools.clear(),
      earlierTraces: () => this.receiverTaskTraces,
      retry: () => {
        this.eraInUse = undefined;
        return this.hostFor(++this.connectionNumber);
      },
    };
  }

  /** A fresh transport for this connection, recorded into the log; stderr feeds the session's lines. */
  private openWire(connection: number, receiverTasksEnabled: boolean, options: WireOptions = {}): RecordingTransport {
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
    return transport;
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
    await this.ask("ping", (driver) => driver.ping(this.guard()));
    return { roundTripMs: performance.now() - started };
  }

  async listTools(cursor?: string): Promise<ApiResult<"listTools">> {
    const driver = this.requireDriver();
    let result;
    let problem: string | undefined;
    try {
      result = await driver.listTools(cursor, this.guard());
    } catch (error) {
      if (!zodIssuesOf(error)) throw serverErrorOnce(error);
      // One broken tool must not hide the others: those that fit are listed, and the line says what was left out.
      const raw = lastResponseTo(this.log.toArray(), "tools/list");
      const fit = toolsThatFit(raw);
      if (!fit) throw readableSchemaError(error, "tools/list", raw);
      result = fit.result;
      problem = (readableSchemaError(error, "tools/list", raw, `${fit.left} of ${fit.total} tools left out; the others are listed.`) as Error).message;
    }
    if (!cursor) this.tools.clear();
    const tools = driver.admitTools(result.tools, !cursor);
    for (const tool of tools) this.tools.set(tool.name, tool);
    return { tools, ...this.pageFacts(result), ...(problem ? { problem } : {}) };
  }

  async listResources(cursor?: string): Promise<ApiResult<"listResources">> {
    const result = await this.ask("resources/list", (driver) => driver.listResources(cursor, this.guard()));
    return { resources: result.resources, ...this.pageFacts(result) };
  }

  async listResourceTemplates(cursor?: string): Promise<ApiResult<"listResourceTemplates">> {
    const result = await this.ask("resources/templates/list", (driver) => driver.listResourceTemplates(cursor, this.guard()));
    return { resourceTemplates: result.resourceTemplates, ...this.pageFacts(result) };
  }

  readResource(uri: string): Promise<Record<string, unknown>> {
    return this.ask("resources/read", (driver) => driver.readResource(uri, this.guard()));
  }
  /** An extension's own method (skills/), answered raw: the extension's folder reads it field by field. */
  extensionRequest = (method: string, params: Record<string, unknown>) => this.ask(method, (driver) => driver.extensionRequest(method, params, this.guard()));
  /** Issue 23: one request as given, its result unparsed (main/core/checks/ judges it). */
  rawRequest = (method: string, params: Record<string, unknown> | undefined, timeoutMs: number) => this.ask(method, (driver) => driver.raw(method, params, timeoutMs));

  /** Start or stop `notifications/resources/updated` for one resource (E6: the listen stream on 2026-07-28). */
  async subscribeResource(uri: string, subscribe: boolean): Promise<void> {
    const current = this.info.resourceSubscriptions ?? [];
    if (subscribe === current.includes(uri)) return;
    const next = subscribe ? [...current, uri].slice(-MAX_RESOURCE_SUBSCRIPTIONS) : current.filter((u) => u !== uri);
    await this.ask(subscribe ? "resources/subscribe" : "resources/unsubscribe", (driver) => driver.subscribeResource(uri, subscribe, next));
    this.setInfo({ ...this.info, resourceSubscriptions: next });
  }

  async listPrompts(cursor?: string): Promise<ApiResult<"listPrompts">> {
    const result = await this.ask("prompts/list", (driver) => driver.listPrompts(cursor, this.guard()));
    return { prompts: result.prompts, ...this.pageFacts(result) };
  }

  /** What a list page adds to its items: the next cursor, and the cache hints the server gave (E6; the SDK's schemas keep them). */
  private pageFacts(page: { nextCursor?: string } & Record<string, unknown>): { nextCursor?: string; cache?: CacheHints } {
    const cache = cacheHintsOf(page, this.deps.ports.clock.now());
    return { ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}), ...(cache ? { cache } : {}) };
  }

  getPrompt(name: string, args: Record<string, string>): Promise<Record<string, unknown>> {
    return this.ask("prompts/get", (driver) => driver.getPrompt(name, args, this.guard()));
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
    return boundCompletion(await this.ask("completion/complete", (driver) => driver.complete(wire, this.guard())));
  }

  setLoggingLevel(level: string): Promise<void> {
    return this.ask("logging/setLevel", (driver) => driver.setLogLevel(level));
  }

  async setRoots(roots: Root[]): Promise<void> {
    if (!this.config.features.roots) throw new Error("Roots are switched off for this server");
    this.roots = roots;
    this.setInfo({ ...this.info });
    if (this.info.state === "connected") await this.ask("notifications/roots/list_changed", (driver) => driver.rootsChanged());
  }

  // --- tools and client tasks ---

  /** A plain tools/call; the era decides what becomes of it (Q1 on 2025-11-25, M2 on 2026-07-28). */
  callTool(name: string, args: Record<string, unknown>, run?: RunControls): Promise<ApiResult<"callTool">> {
    // The run's progress bar, its time-outs and its Cancel (requestGuard.ts).
    const hooks: GuardHooks = run ? { signal: run.signal, progress: run.progress } : {};
    return this.ask("tools/call", async (driver) => driver.callTool(await this.toolNamed(name), name, args, this.guard(hooks), run?.signal));
  }

  /** Q1: only when the server advertises tasks.requests.tools.call and the tool allows it. */
  callToolAsTask(name: string, args: Record<string, unknown>, ttl?: number): Promise<ClientTask> {
    return this.ask("tools/call", (driver) => driver.callToolAsTask((tool) => this.toolNamed(tool), name, args, ttl));
  }

  cancelClientTask(taskId: string): Promise<ClientTask> {
    return this.ask("tasks/cancel", (driver) => driver.cancelClientTask(taskId));
  }

  /** A task known only by its id (the CLI's `task get|watch|cancel`): looked up on the server, then followed. */
  followClientTask(taskId: string): Promise<ClientTask> {
    return this.ask("tasks/get", (driver) => driver.followClientTask(taskId));
  }

  refreshClientTasks(): Promise<ApiResult<"refreshClientTasks">["tasks"]> {
    return this.ask("tasks/list", (driver) => driver.listServerTasks());
  }

  /** The user cancels a receiver task: the server sees it `cancelled` and its pending input goes. */
  cancelReceiverTask(taskId: string): ReceiverTask {
    if (!this.driver) throw new Error(`No receiver task ${taskId} in this session`);
    return this.driver.cancelReceiverTask(taskId);
  }

  // --- internals ---

  private onClosed(reason: string): void {
    // While connecting, connect() itself reports the failure (state "failed", with the reason).
    if (this.closing || this.info.state === "disconnected" || this.info.state === "connecting") return;
    this.teardown(reason);
    this.setInfo({ ...this.info, state: "disconnected", reason });
  }

  /** S1: everything the session holds ends, with a reason the user can read. */
  private teardown(reason: string): void {
    this.deps.pendingInputs.withdrawSession(this.sessionId, "disconnected", `The session ended: ${reason}`);
    this.driver?.teardown(reason);
  }

  private record(direction: "in" | "out", message: unknown, note?: string, preview?: string, marks: Readonly<LogMarks> = NO_MARKS): void {
    if (direction === "out" && message && typeof message === "object" && "method" in message) {
      if (this.nextExchange) marks = { ...marks, exchange: this.nextExchange };
      if (this.nextRemark) marks = { ...marks, remark: this.nextRemark };
      this.nextExchange = undefined;
      this.nextRemark = undefined;
    }
    const entry = this.log.record(direction, message, this.deps.nextLogSeq(), isoTimeOf(this.deps.ports.clock.now()), note, preview, marks);
    this.deps.bus.emit("logEntry", entry);
  }

  endHttpSession = (): Promise<string | undefined> => endHttpSession(this.transport?.inner); // DELETE before a disconnect

  /** AP8: the next request on the wire is one an App's View asked for; its log entry says so. */
  remarkNextRequest(text: string): void {
    this.nextRemark = text;
  }

  /** Issue 20: a message across an App's bridge (apps/appBridge.ts builds it), never matched with the wire's. */
  recordAppMessage(towardHost: boolean, envelope: object, remark: string, preview?: string): void {
    this.record(towardHost ? "in" : "out", preview === undefined ? envelope : undefined, preview === undefined ? undefined : remark, preview, { remark, app: true });
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
    return oauthForServer(url, this.config, oauth, this.deps.ports, this.deps.settings().requestTimeoutMs, this.sessionId, (step) => {
      const full: AuthStep = { ...step, sessionId: this.sessionId, seq: ++this.authSeq, at: this.deps.ports.clock.now() };
      this.authSteps = [...this.authSteps, full].slice(-AUTH_STEPS_KEPT);
      this.deps.bus.emit("authStep", full);
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

  /** A request the user started: a progressToken, a time-out that restarts on progress, a maximum total (requestGuard.ts). */
  private guard(hooks: GuardHooks = {}): Guarded {
    return (send) => {
      const { requestTimeoutMs, maxRequestTotalMs } = this.deps.settings();
      return guarded(this.deps.ports.timers, { requestTimeoutMs, maxRequestTotalMs }, { inputs: this.deps.pendingInputs.holdsFor(this.sessionId, this.deps.ports.clock), ...hooks }, send);
    };
  }

  /** One operation on the connected era's driver; what fails is said in words (one promise: a load makes thousands a second). */
  private ask<T>(method: string, send: (driver: EraDriver) => Promise<T>): Promise<T> {
    const inWords = (error: unknown) => Promise.reject(this.readable(error, method));
    try {
      return send(this.requireDriver()).then(undefined, inWords);
    } catch (error) {
      return inWords(error);
    }
  }

  /**
   * A result the SDK's schema rejects is said in one line, pointing at the raw response in the log
   * (schemaMismatch.ts); a server's error says its code once, then its words (protocol/wireError.ts).
   */
  private readable(error: unknown, method: string): unknown {
    return zodIssuesOf(error) ? readableSchemaError(error, method, lastResponseTo(this.log.toArray(), method)) : serverErrorOnce(error);
  }

  private requireDriver(): EraDriver {
    if (!this.driver || this.info.state !== "connected") {
      throw new McpError(ErrorCode.ConnectionClosed, `${this.config.name} is not connected`);
    }
    return this.driver;
  }

  /** The listed tool of that name (listing pages until found); also what an App's View is read for (AP3). */
  async toolNamed(name: string): Promise<Tool | undefined> {
    // Stops at the tool, at the list's end, or at a repeated or endless cursor (then the tool is unknown).
    if (!this.tools.has(name)) await walkPages("tools/list", (cursor) => this.listTools(cursor), () => this.tools.has(name));
    return this.tools.get(name);
  }
}

function describeTransport(config: ServerConfig): string {
  const t = config.transport;
  return t.type === "stdio" ? `"${[t.command, ...t.args].join(" ")}"` : t.url;
}
