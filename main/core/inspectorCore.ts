// The core behind the contract: sessions, pending inputs, settings. Adapters (Electron IPC, WebSocket)
// call `dispatch`, which parses every payload against the contract before anything happens.
import type { ValidateFunction } from "ajv";
import type { z } from "zod";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import {
  InvalidPayloadError,
  isApiMethod,
  parseApiParams,
  type ApiMethod,
  type ApiResult,
  type InspectorHandlers,
} from "../../shared/contract.js";
import { DEFAULT_SETTINGS, SettingsSchema, type Root, type SavedServer, type ServerConfig, type Settings, type StorageProblem } from "../../shared/types.js";
import { EventBus, type EventListener } from "./eventBus.js";
import { logLimitsOf } from "./messageLog.js";
import { createLinearAjv } from "./linearRegExp.js";
import { PendingInputs } from "./pendingInputs.js";
import { systemPorts, type Ports } from "./ports.js";
import { SavedServers } from "./savedServers.js";
import { PLAIN_SECRETS, type SecretCodec } from "./secrets.js";
import { Session } from "./session.js";
import { MemoryStorage, UnreadableStorageError, type Storage } from "./storage.js";
import { TaskMemory } from "./eras/taskMemory.js";
import { ToolRuns, type RunOutcome } from "./toolRuns.js";
import { WithdrawnNotes } from "./withdrawnNotes.js";
import { RequestHistory } from "./requestHistory.js";
import { TaskTimelines } from "./timeline/taskTimeline.js";
import type { ToolRun } from "../../shared/types.js";
import { OAuthTokenStore } from "./auth/tokenStore.js";
import { readAppView } from "./apps/appViews.js";
import { skillsOf } from "./skills/skills.js";
import { appCallTool, recordAppMessage } from "./apps/appBridge.js";
import { diffRecordingSides, recordingOfSession } from "./recordings/sessionRecording.js";
import { OpenedRecordings } from "./recordings/openedRecordings.js";
import { RECORDING_EXTENSION } from "./recordings/format.js";
import { DEFAULT_BUDGET_MS, DEFAULT_CONFORMANCE_BUDGET_MS, runChecks, type CheckReport, type RunChecksOptions } from "./checks/runner.js";
import { runLoad, type LoadReport, type LoadTickFigures } from "./checks/load.js";
import { MAX_SUITE_VERDICTS, mergeConformance, runConformance, type ConformanceOptions } from "./checks/conformance/suite.js";
import { diagnose, DOCTOR_DEFAULTS, type DoctorOptions } from "./doctor/doctor.js";
import { CollectionStore } from "./collections/collectionStore.js";
import { runCollection } from "./collections/runner.js";
import type { DoctorReport } from "../../shared/doctor.js";
import { PrintedResults } from "./resultPieces.js";
import { pageSide, TaskResultsForPage, type PageSide } from "./taskResults.js";

/** The error code a user's sampling rejection carries, as the MCP spec's sampling example shows. */
export const USER_REJECTED_CODE = -1;

/** How many compiled elicitation schemas to keep (see `validators`). */
const VALIDATORS_KEPT = 64;

export interface InspectorCoreOptions {
  ports?: Ports;
  /** Where collections (saved calls) are kept; memory when absent. */
  collectionsDir?: string;
  /** Overrides applied on top of the stored settings (tests, benchmarks). */
  settings?: Partial<Settings>;
  /** Where saved servers and settings persist; memory when absent. */
  storage?: Storage;
  /** Entries every user gets, such as the Everything demo; the host knows how to start them. */
  builtInServers?: SavedServer[];
  /** Opens an http(s) URL in the user's browser; hosts without one report that clearly. */
  openExternal?: (url: string) => Promise<void>;
  /** Encrypts saved servers' env and header values (Electron's safeStorage); plain when absent. */
  secrets?: SecretCodec;
  /** The host notifies the user itself when a server waits (the desktop app); browser mode's page does it. */
  notifiesUser?: boolean;
  /** The OS folder picker (the desktop app); browser mode has none. */
  chooseFolder?: () => Promise<Root | undefined>;
  /**
   * Issue 14: opens an authorization page for a server that answered 401. The desktop app asks, then
   * opens the browser; the CLI prints it and tries the platform opener (or follows it itself for servers
   * that approve without a person). Absent (browser mode): the page shows the link in the Authorization panel.
   */
  openAuthorizationPage?: (url: string, sessionId: string) => Promise<void> | void;
  /** How long the user has to approve an authorization page; 5 minutes when absent. */
  authorizationTimeoutMs?: number;
}

/** How long the user has to approve in the browser, unless the host says otherwise. */
export const AUTHORIZATION_TIMEOUT_MS = 5 * 60_000;

export class InspectorCore {
  readonly bus = new EventBus();
  // Issue 13: runs and withdrawn notes live here, per session, so a reloaded window loses nothing.
  private readonly coreClock = { now: () => this.ports.clock.now() };
  readonly withdrawnNotes = new WithdrawnNotes(this.bus, this.coreClock);
  private readonly printed = new PrintedResults();
  readonly toolRuns = new ToolRuns(this.bus, this.coreClock, undefined, undefined, this.printed);
  private readonly taskResults = new TaskResultsForPage(this.printed, (sessionId, taskId) => this.sessions.get(sessionId)?.clientTaskList.find((t) => t.task.taskId === taskId));
  /** Issue 33: the core as a page reaches it (IPC, WebSocket): big client task results cut, read in pieces. */
  readonly page: PageSide = pageSide(this, this.taskResults);
  /** Issue 13: every task's timeline, fed from this core's own event stream. */
  readonly timelines: TaskTimelines;
  readonly pendingInputs = new PendingInputs(this.bus, (input, reason, message) => this.withdrawnNotes.add(input, reason, message));
  /** What each request that waited on the user ended with, for the Sampling and Elicitations history. */
  readonly requestHistory = new RequestHistory(this.bus, this.coreClock);
  private readonly sessions = new Map<string, Session>();
  private settings: Settings;
  private readonly ports: Ports;
  private logSeq = 0;
  /** AP4: the origin MCP App Views run under (browser mode's sandbox proxy), once the host has one. */
  private appSandbox: string | undefined;
  /** E2: the era each server entry was found to speak, while the app runs. */
  private readonly eraMemory = new Map<string, "legacy" | "modern">();
  private readonly storageProblems: StorageProblem[] = [];
  private readonly secrets: SecretCodec;
  // addUsedSchema off: a requestedSchema's `$id` must not clash with the one of an earlier elicitation.
  // logger off: "unknown format ignored" is not the user's business, and the CLI's stderr is its output.
  private readonly ajv = createLinearAjv({ allErrors: true, strict: false, addUsedSchema: false, logger: false });
  /**
   * Compiled requestedSchemas by their JSON text, newest last. Ajv caches by object identity, and every
   * request brings a freshly parsed object: without this each answer compiled anew (~1 ms) and Ajv kept
   * every compiled copy forever (~3.6 KB each). Servers resend the same few forms, so a small LRU does.
   */
  private readonly validators = new Map<string, ValidateFunction>();
  /** The running load of each session (the Load panel's Stop aborts it). */
  private readonly loads = new Map<string, AbortController>();
  /** Issue 33: opened recordings the page fetches in pieces (a few at most). */
  private readonly recordings = new OpenedRecordings();
  private readonly storage: Storage;
  private readonly taskMemory: TaskMemory;
  private readonly servers: SavedServers;
  /** Issue 14: OAuth tokens, registrations and discovery, per server URL, sealed like saved servers' secrets. */
  readonly oauthTokens: OAuthTokenStore;
  /** Stored settings and servers are loaded once; every call waits for that. */
  readonly ready: Promise<void>;
  readonly handlers: InspectorHandlers;
  /** Saved calls (collections), in the config folder's collections/ when the host gives one. */
  readonly collections: CollectionStore;

  constructor(private readonly options: InspectorCoreOptions = {}) {
    this.ports = options.ports ?? systemPorts;
    this.timelines = new TaskTimelines(this.bus, this.coreClock);
    this.pendingInputs.history = this.requestHistory;
    this.settings = SettingsSchema.parse({ ...DEFAULT_SETTINGS, ...options.settings });
    this.storage = options.storage ?? new MemoryStorage();
    this.taskMemory = new TaskMemory(this.storage);
    this.secrets = options.secrets ?? PLAIN_SECRETS;
    this.servers = new SavedServers(
      this.storage,
      options.builtInServers ?? [],
      this.ports.newId,
      (list) => this.bus.emit("serversChanged", list),
      this.secrets,
    );
    this.oauthTokens = new OAuthTokenStore(this.storage, this.secrets);
    this.collections = new CollectionStore(options.collectionsDir);
    this.handlers = this.createHandlers();
    this.ready = this.load();
  }

  private async load(): Promise<void> {
    this.storageProblems.push(...(await this.servers.load()));
    this.storageProblems.push(...(await this.loadSettings()));
  }

  /** Every stored setting that is valid is kept; a bad one falls back to its default, and the user is told. */
  private async loadSettings(): Promise<StorageProblem[]> {
    let raw: unknown;
    try {
      raw = (await this.storage.read("settings")) ?? {};
    } catch (error) {
      if (!(error instanceof UnreadableStorageError)) throw error;
      return [error.toProblem()];
    }
    const kept: Partial<Settings> = {};
    const bad: string[] = [];
    const shape = SettingsSchema.shape as Record<string, z.ZodType>;
    for (const [key, value] of Object.entries(typeof raw === "object" && raw !== null && !Array.isArray(raw) ? raw : {})) {
      const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
      const parsed = field?.safeParse(value);
      if (parsed?.success) (kept as Record<string, unknown>)[key] = parsed.data;
      else bad.push(field ? `${key}: ${parsed?.error.issues[0]?.message ?? "invalid"} (the default is used)` : `${key}: not a setting`);
    }
    this.settings = SettingsSchema.parse({ ...DEFAULT_SETTINGS, ...kept, ...this.options.settings });
    if (!bad.length && typeof raw === "object" && raw !== null && !Array.isArray(raw)) return [];
    const backup = await this.storage.backup("settings");
    return [{ file: this.storage.where("settings"), problem: bad.length ? bad.join("; ") : "it does not hold an object of settings", ...(backup ? { backup } : {}) }];
  }

  subscribe(listener: EventListener): () => void {
    return this.bus.subscribe(listener);
  }

  /** Parse a raw payload against the contract, then run the method. Malformed input never acts. */
  async dispatch<M extends ApiMethod>(method: M, rawParams: unknown): Promise<ApiResult<M>> {
    // Own properties only: "constructor" or "toString" must not reach a handler lookup as if they were methods.
    if (!isApiMethod(method)) throw new InvalidPayloadError(`Unknown method: ${String(method).slice(0, 100)}`);
    const params = parseApiParams(method, rawParams);
    await this.ready;
    const handler = this.handlers[method] as (p: typeof params) => Promise<ApiResult<M>>;
    return handler(params);
  }

  /** AP4: the host says where App Views run (browser mode: the sandbox proxy's loopback origin). */
  setAppSandbox(origin: string): void {
    this.appSandbox = origin;
  }

  session(sessionId: string): Session {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
    return session;
  }

  /**
   * Check a connected session's server; what it asks of the user meanwhile is answered safely (checks/).
   * With `conformance`, the official suite's server scenarios run after our checks, their verdicts merged
   * into the same report (the CLI's --conformance, the Checks tab's Conformance area).
   */
  async runChecks(sessionId: string, options: Omit<RunChecksOptions, "inputs"> & { conformance?: Omit<ConformanceOptions, "transport" | "era"> } = {}): Promise<CheckReport> {
    const { conformance, ...rest } = options;
    const inputs: RunChecksOptions["inputs"] = {
      watch: (answer) =>
        this.subscribe((event) => {
          if (event.type !== "pendingInputAdded" || event.payload.sessionId !== sessionId) return;
          const said = answer(event.payload);
          const id = event.payload.id;
          const sent = said.kind === "sampling" ? this.dispatch("rejectSampling", { pendingInputId: id, reason: said.reject }) : this.dispatch("answerElicitation", { pendingInputId: id, action: said.action, ...(said.action === "accept" ? { content: said.content } : {}) });
          sent.catch(() => {});
        }),
    };
    const progress = (done: number, total: number, running?: string) => this.bus.emit("checkProgress", { sessionId, done, total, ...(running ? { running: running.slice(0, 300) } : {}) });
    const session = this.session(sessionId);
    // The budget is the whole run's: the suite after our checks gets what is left of it.
    const budgetMs = rest.budgetMs ?? (conformance ? DEFAULT_CONFORMANCE_BUDGET_MS : DEFAULT_BUDGET_MS);
    const deadline = budgetMs > 0 ? (rest.startedAt ?? Date.now()) + budgetMs : undefined;
    const report = await runChecks(session, {
      ...rest,
      budgetMs,
      inputs,
      onProgress: (p) => {
        rest.onProgress?.(p);
        progress(p.done, p.total, p.running);
      },
    });
    // A connection lost during our checks is said as such; the suite would only repeat it, scenario by scenario.
    if (!conformance || report.ended) return report;
    const done = report.checks.length;
    progress(done, done, "the official conformance suite (its scenarios run one by one)");
    const verdicts = await runConformance({
      transport: session.config.transport,
      era: report.era,
      ...conformance,
      ...(deadline !== undefined ? { deadline } : {}),
      onProgress: (line) => {
        conformance.onProgress?.(line);
        progress(done, done, line);
      },
    });
    progress(done, done);
    // The report crosses the contract with at most 1,000 verdicts; the suite has a few dozen scenarios.
    const kept = verdicts.slice(0, MAX_SUITE_VERDICTS);
    for (const verdict of kept) rest.onVerdict?.(verdict);
    const merged = mergeConformance(report, kept);
    if (verdicts.length > kept.length) merged.notes.push(`The official suite gave ${verdicts.length} verdicts: the first ${MAX_SUITE_VERDICTS} are in the report`);
    return merged;
  }

  /** A tool under load on a session (the Load panel), one load per session: `loadProgress` each second. */
  async runLoad(sessionId: string, options: { tool: string; arguments: Record<string, unknown>; concurrency: number; rate?: number; durationMs: number }): Promise<LoadReport & { seconds: LoadTickFigures[] }> {
    const session = this.session(sessionId);
    if (session.state.state !== "connected") throw new Error(`The session is ${session.state.state}: connect it to run a load`);
    if (this.loads.has(sessionId)) throw new Error("A load is already running on this session: stop it first");
    const controller = new AbortController();
    this.loads.set(sessionId, controller);
    // At most one a second for at most 600 s (the engine's ceiling): the whole run's chart.
    const seconds: LoadTickFigures[] = [];
    try {
      const report = await runLoad(session, {
        ...options,
        timeoutMs: this.settings.requestTimeoutMs,
        signal: controller.signal,
        onTick: (tick) => {
          if (seconds.length < 700) seconds.push(tick);
          this.bus.emit("loadProgress", { sessionId, ...tick });
        },
      });
      return { ...report, seconds };
    } finally {
      this.loads.delete(sessionId);
    }
  }

  getSettings(): Settings {
    return this.settings;
  }

  /**
   * Disconnect every session (app quit). With `graceMs`, servers that have not exited by then are stopped with
   * SIGTERM (the SDK's own close waits up to 4 s per server, too long for a Ctrl+C).
   */
  async shutdown(options: { graceMs?: number } = {}): Promise<void> {
    const sessions = [...this.sessions.values()];
    const closing = Promise.all(sessions.map((s) => s.disconnect("The inspector is shutting down")));
    if (options.graceMs === undefined) return void (await closing);
    let timer: unknown;
    await Promise.race([closing, new Promise<void>((resolve) => (timer = this.ports.timers.setTimeout(resolve, options.graceMs!)))]);
    this.ports.timers.clearTimeout(timer as never);
    await Promise.all(sessions.map((session) => session.terminateServerProcess()));
  }

  private async connect(server: ServerConfig, serverId?: string) {
    // Issue 13: Connect on an entry whose last session ended reconnects that session, in its place.
    const ended = serverId ? this.lastSessionOf(serverId) : undefined;
    if (ended && (ended.state.state === "disconnected" || ended.state.state === "failed")) {
      ended.useConfig(server);
      return ended.connect();
    }
    const session = new Session(this.ports.newId(), server, {
      bus: this.bus,
      pendingInputs: this.pendingInputs,
      ports: this.ports,
      settings: () => this.settings,
      nextLogSeq: () => ++this.logSeq,
      eraMemory: this.eraMemory,
      taskMemory: this.taskMemory,
      oauth: {
        store: this.oauthTokens,
        approvalTimeoutMs: this.options.authorizationTimeoutMs ?? AUTHORIZATION_TIMEOUT_MS,
        ...(this.options.openAuthorizationPage ? { openAuthorizationPage: this.options.openAuthorizationPage } : {}),
      },
    }, serverId);
    this.sessions.set(session.sessionId, session);
    return session.connect();
  }

  private lastSessionOf(serverId: string): Session | undefined {
    return [...this.sessions.values()].reverse().find((s) => s.serverId === serverId);
  }

  /** The user forgets an ended session: its log, tasks, runs and withdrawn notes go with it. */
  private removeSession(sessionId: string): void {
    const session = this.session(sessionId);
    const { state } = session.state;
    if (state === "connected" || state === "connecting") throw new Error(`${session.config.name} is ${state}: disconnect it before removing it`);
    this.sessions.delete(sessionId);
    this.toolRuns.forgetSession(sessionId);
    this.withdrawnNotes.forgetSession(sessionId);
    this.requestHistory.forgetSession(sessionId);
    this.bus.emit("sessionRemoved", { sessionId });
  }

  private createHandlers(): InspectorHandlers {
    return {
      connect: ({ server, serverId }) => this.connect(server, serverId),
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
        receiverTasks: [...this.sessions.values()].flatMap((s) => [...s.receiverTaskTraces, ...s.receiverTasks]),
        settings: this.settings,
        storage: { problems: this.storageProblems, secrets: { encrypted: this.secrets.available, description: this.secrets.description } },
        toolRuns: this.toolRuns.list(),
        withdrawnNotes: this.withdrawnNotes.list(),
        requestHistory: { entries: this.requestHistory.list(), dropped: this.requestHistory.dropped },
        host: { folderPicker: Boolean(this.options.chooseFolder), notifiesUser: Boolean(this.options.notifiesUser), ...(this.appSandbox ? { appSandbox: this.appSandbox } : {}) },
      }),
      getLog: async ({ sessionId }) => this.session(sessionId).logSnapshot(),
      saveRecording: async ({ sessionId, fromSeq }) => {
        const session = this.session(sessionId);
        const { text, lines } = recordingOfSession(session.config, session.state, session.logSnapshot(), fromSeq);
        const name = session.state.serverName.replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 80) || "session";
        return { fileName: `${name}-${new Date(this.ports.clock.now()).toISOString().replace(/[:.]/g, "-")}${RECORDING_EXTENSION}`, text, lines };
      },
      openRecording: async ({ text }) => {
        const opened = this.recordings.open(text);
        return { ...opened, header: opened.header as unknown as Record<string, unknown> };
      },
      recordingEntries: async ({ handle, from, count }) => this.recordings.entries(handle, from, count),
      recordingViews: async ({ handle }) => this.recordings.views(handle),
      closeRecording: async ({ handle }) => {
        this.recordings.close(handle);
        return { ok: true as const };
      },
      diffRecordings: async ({ a, b }) => {
        // A live side is the session's kept log, read back as a recording: the same path a saved one takes.
        const side = (s: string | { sessionId: string }) => {
          if (typeof s === "string") return s;
          const session = this.session(s.sessionId);
          return recordingOfSession(session.config, session.state, session.logSnapshot()).text;
        };
        return diffRecordingSides(side(a), side(b));
      },

      ping: ({ sessionId }) => this.session(sessionId).ping(),
      listTools: ({ sessionId, cursor }) => this.session(sessionId).listTools(cursor),
      listResources: ({ sessionId, cursor }) => this.session(sessionId).listResources(cursor),
      listResourceTemplates: ({ sessionId, cursor }) => this.session(sessionId).listResourceTemplates(cursor),
      readResource: ({ sessionId, uri }) => this.session(sessionId).readResource(uri),
      appCallTool: ({ sessionId, view, name, arguments: args }) => appCallTool(this.session(sessionId), view, name, args),
      logAppMessages: async ({ sessionId, view, messages, dropped }) => {
        const session = this.session(sessionId);
        for (const { direction, message } of messages) recordAppMessage(session, direction, view, message);
        if (dropped) recordAppMessage(session, "app→host", view, { note: `${dropped} bridge messages were not logged: the View sent more than the page logs a second` });
        return { ok: true };
      },
      listSkills: ({ sessionId, cursor }) => skillsOf(this.session(sessionId)).list(cursor),
      getSkill: ({ sessionId, uri }) => skillsOf(this.session(sessionId)).get(uri),
      loadSkill: ({ sessionId, uri }) => skillsOf(this.session(sessionId)).load(uri),
      readSkillFile: ({ sessionId, skillUri, uri }) => skillsOf(this.session(sessionId)).readFile(skillUri, uri),
      verifySkill: ({ sessionId, uri }) => skillsOf(this.session(sessionId)).verify(uri),
      readResourceDirectory: ({ sessionId, uri, cursor }) => skillsOf(this.session(sessionId)).readDirectory(uri, cursor),
      readAppView: ({ sessionId, toolName, uri }) => readAppView(this.session(sessionId), { ...(toolName ? { toolName } : {}), ...(uri ? { uri } : {}) }, this.settings.maxViewBytes),
      subscribeResource: async ({ sessionId, uri }) => {
        await this.session(sessionId).subscribeResource(uri, true);
        return { ok: true };
      },
      unsubscribeResource: async ({ sessionId, uri }) => {
        await this.session(sessionId).subscribeResource(uri, false);
        return { ok: true };
      },
      listPrompts: ({ sessionId, cursor }) => this.session(sessionId).listPrompts(cursor),
      getPrompt: ({ sessionId, name, arguments: args }) => this.session(sessionId).getPrompt(name, args),
      setLoggingLevel: async ({ sessionId, level }) => {
        await this.session(sessionId).setLoggingLevel(level);
        return { ok: true };
      },
      setRoots: async ({ sessionId, roots }) => {
        const session = this.session(sessionId);
        await session.setRoots(roots);
        // Kept with the saved entry: a reconnect and a restart offer the same roots.
        if (session.serverId) await this.servers.setRoots(session.serverId, roots);
        return { ok: true };
      },

      callTool: ({ sessionId, name, arguments: args }) => this.runTool(sessionId, name, args, false) as Promise<ApiResult<"callTool">>,
      callToolAsTask: ({ sessionId, name, arguments: args, ttl }) => this.runTool(sessionId, name, args, true, ttl) as Promise<ApiResult<"callToolAsTask">>,
      startToolRun: async ({ sessionId, name, arguments: args, asTask, ttl }) => {
        const { runId, done } = this.trackRun(sessionId, name, args, asTask, ttl);
        done.catch(() => {}); // the run records the failure; nobody awaits it here
        return { runId };
      },
      cancelToolRun: async ({ runId }) => this.toolRuns.cancel(runId),
      readResultPiece: async ({ runId, sessionId, taskId, offset, maxBytes, ...part }) =>
        runId !== undefined ? this.toolRuns.readPiece(runId, part, offset, maxBytes) : this.taskResults.readPiece(sessionId!, taskId!, part, offset, maxBytes),
      dismissWithdrawnNotes: async ({ pendingInputIds }) => {
        this.withdrawnNotes.dismiss(pendingInputIds);
        return { ok: true };
      },
      removeSession: async ({ sessionId }) => {
        this.removeSession(sessionId);
        return { ok: true };
      },
      chooseRootFolder: async () => {
        if (!this.options.chooseFolder) throw new Error("Choosing a folder is not available in browser mode: type the folder's file:// URI instead");
        const root = await this.options.chooseFolder();
        return root ? { root } : {};
      },
      complete: ({ sessionId, ...params }) => this.session(sessionId).complete(params),
      getTaskTimeline: async ({ sessionId, taskId }) => this.timelines.follow(sessionId, taskId),
      unfollowTaskTimeline: async ({ sessionId, taskId }) => {
        this.timelines.unfollow(sessionId, taskId);
        return { ok: true };
      },
      getAuthSteps: async ({ sessionId }) => ({ steps: this.session(sessionId).authorizationSteps }),
      clearAuthTokens: async ({ url }) => ({ cleared: await this.oauthTokens.clear(url) }),
      refreshClientTasks: async ({ sessionId }) => ({ tasks: await this.session(sessionId).refreshClientTasks() }),
      cancelClientTask: ({ sessionId, taskId }) => this.session(sessionId).cancelClientTask(taskId),
      followClientTask: ({ sessionId, taskId }) => this.session(sessionId).followClientTask(taskId),
      // The Conformance area alone runs only the suite; `conformance` adds it to the areas asked for.
      runLoad: ({ sessionId, tool, arguments: args, concurrency, rate, durationMs }) => this.runLoad(sessionId, { tool, arguments: args ?? {}, concurrency, durationMs, ...(rate !== undefined ? { rate } : {}) }),
      stopLoad: async ({ sessionId }) => {
        this.loads.get(sessionId)?.abort();
        return { ok: true as const };
      },
      runChecks: ({ sessionId, areas, calls, conformance, expectedFailures }) =>
        this.runChecks(sessionId, {
          ...(areas ? { areas } : {}),
          calls: new Map((calls ?? []).map((c) => [c.tool, c.arguments])),
          ...(conformance || areas?.includes("conformance") ? { conformance: expectedFailures ? { expectedFailuresText: expectedFailures } : {} } : {}),
        }),

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

      listServers: async () => this.servers.list(),
      saveServer: ({ id, server }) => this.servers.save(server, id),
      removeServer: async ({ id }) => {
        await this.servers.remove(id);
        return { ok: true };
      },
      importServers: ({ json }) => this.servers.import(json),

      openExternal: async ({ url }) => {
        if (!this.options.openExternal) throw new Error("Opening links is not available here; copy the URL into your browser");
        await this.options.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK: reviewed: the host's injected confirm-first opener, after the contract allowed only http(s)
        return { ok: true };
      },

      getSettings: async () => this.settings,
      updateSettings: async (patch) => {
        const next = SettingsSchema.parse({ ...this.settings, ...patch });
        const limits = logLimitsOf(next);
        const before = logLimitsOf(this.settings);
        if (limits.entries !== before.entries || limits.bytes !== before.bytes || limits.entryBytes !== before.entryBytes) for (const s of this.sessions.values()) s.resizeLog(limits);
        this.settings = next;
        await this.storage.write("settings", next);
        this.bus.emit("settingsChanged", next);
        return next;
      },

      diagnoseServer: ({ server }) => this.diagnose(server),

      listCollections: async () => this.collections.list(),
      addSavedCall: async (params) => ({ file: this.collections.addCall("file" in params ? { file: params.file } : { newName: params.newCollectionName, server: params.server }, params.call) }),
      saveCollection: async ({ file, collection }) => {
        this.collections.save(file, collection);
        return { file };
      },
      runCollection: async ({ sessionId, file, only }) => runCollection(this, sessionId, this.collections.get(file), this.session(sessionId).state.serverName, { ...(only ? { only } : {}) }),
      importCollection: async ({ text }) => ({ file: this.collections.importText(text) }),
      acceptSnapshot: async ({ file, callIndex, snapshot }) => {
        this.collections.acceptSnapshot(file, callIndex, snapshot);
        return { ok: true };
      },
    };
  }

  /** The connection doctor on an entry, with the token held for it described (never its value). */
  diagnose(server: ServerConfig, options: Omit<DoctorOptions, "heldToken"> = {}): Promise<DoctorReport> {
    const url = server.transport.type === "stdio" ? undefined : server.transport.url;
    return diagnose(server, {
      timeoutMs: Math.min(this.settings.requestTimeoutMs, DOCTOR_DEFAULTS.timeoutMs),
      ...options,
      heldToken: async () => {
        if (!url) return undefined;
        const record = await this.oauthTokens.get(url);
        const tokens = record.tokens;
        if (!tokens) return undefined;
        return {
          ...(tokens.expires_in !== undefined && record.tokensAt !== undefined ? { expiresAt: record.tokensAt + tokens.expires_in * 1000 } : {}),
          ...(tokens.scope ? { scope: tokens.scope } : {}),
          ...(tokens.token_type ? { tokenType: tokens.token_type } : {}),
          hasRefreshToken: Boolean(tokens.refresh_token),
        };
      },
    });
  }

  /** A tool call the user started, recorded as a run (issue 13) whose value is what the API returns. */
  private runTool(sessionId: string, name: string, args: Record<string, unknown>, asTask: boolean, ttl?: number) {
    return this.trackRun(sessionId, name, args, asTask, ttl).done;
  }

  private trackRun(sessionId: string, name: string, args: Record<string, unknown>, asTask: boolean, ttl?: number) {
    const session = this.session(sessionId);
    const start: Pick<ToolRun, "sessionId" | "toolName" | "arguments" | "asTask"> = { sessionId, toolName: name, arguments: args, asTask };
    if (asTask) {
      return this.toolRuns.track(start, () => session.callToolAsTask(name, args, ttl), (task): RunOutcome => ({ taskId: task.task.taskId, taskView: task }));
    }
    return this.toolRuns.track(start, (run) => session.callTool(name, args, run), ({ startedTask, inputRounds, ...result }): RunOutcome => ({
      ...(startedTask ? { taskId: startedTask.task.taskId, taskView: startedTask } : { result }),
      ...(inputRounds ? { inputRounds } : {}),
    }));
  }

  /** Form-mode content must match the server's requestedSchema before it is sent; the input stays pending otherwise. */
  private validateElicitationContent(params: Record<string, unknown>, content: Record<string, unknown> | undefined): void {
    if (params.mode === "url") return;
    const schema = params.requestedSchema;
    if (!schema || typeof schema !== "object") return;
    let validate;
    try {
      validate = this.validatorFor(schema);
    } catch (error) {
      throw new McpError(ErrorCode.InvalidParams, `The server's requestedSchema is not valid JSON Schema: ${(error as Error).message}`);
    }
    if (!validate(content ?? {})) {
      const problems = (validate.errors ?? []).map((e) => `${e.instancePath || "(content)"} ${e.message ?? "is invalid"}`);
      throw new Error(`The answer does not match the requested schema: ${problems.join("; ")}`);
    }
  }

  private validatorFor(schema: object): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.validators.get(key);
    if (validate) {
      this.validators.delete(key);
    } else {
      validate = this.ajv.compile(schema);
      const oldest = this.validators.size >= VALIDATORS_KEPT ? this.validators.entries().next().value : undefined;
      if (oldest) {
        this.validators.delete(oldest[0]);
        this.ajv.removeSchema(oldest[1].schema as object);
      }
    }
    this.validators.set(key, validate);
    return validate;
  }
}
