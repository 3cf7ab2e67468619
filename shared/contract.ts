// The one contract between main and renderer: every method the renderer may call and every event
// main pushes, each with a runtime schema. The Electron IPC and WebSocket adapters are generated from
// these tables; nothing else defines a channel.
import { z } from "zod";
import { CheckAreaSchema, CheckProgressSchema, CheckReportSchema } from "./checks.js";
import { LOAD_CEILINGS, LoadReportSchema, LoadTickSchema } from "./load.js";
import {
  CacheHintsSchema,
  CallToolResultSchema,
  ClientTaskSchema,
  LogEntrySchema,
  PendingInputIdSchema,
  PendingInputSchema,
  PromptSchema,
  ReceiverTaskSchema,
  ResourceSchema,
  SavedServerSchema,
  ResourceTemplateSchema,
  ServerConfigSchema,
  SessionIdSchema,
  SessionInfoSchema,
  SettingsSchema,
  StorageStatusSchema,
  TaskIdSchema,
  TaskObjectSchema,
  ToolSchema,
  WithdrawReasonSchema,
  ToolRunSchema,
  WithdrawnNoteSchema,
  RequestHistoryEntrySchema,
  RequestHistoryDroppedSchema,
  RESULT_READ_BYTES,
  ProgressSchema,
  RootSchema,
  RootsSchema,
  AuthStepSchema,
} from "./types.js";
import { TaskTimelineSchema, TimelineEventsSchema } from "./timeline.js";
import { MAX_APP_URI_LENGTH } from "./apps.js";
import { AppViewSchema } from "./appView.js";
import { RecordedViewsSchema } from "./recordedViews.js";
import { DiffSideSchema, RecordingDiffSchema } from "./recordingDiff.js";
import { DoctorReportSchema } from "./doctor.js";
import { CollectionRunSchema, CollectionSchema, SavedCallSchema } from "./collection.js";
import { DirectoryPageSchema, LoadedSkillSchema, MAX_SKILL_URI_LENGTH, SkillFileSchema, SkillListSchema, SkillVerifyReportSchema, SkillViewSchema } from "./skills.js";

const session = { sessionId: SessionIdSchema };
/** Where a piece of a result is read (readResultPiece): a run's (`runId`), or a client task's (`sessionId` and `taskId`). */
const pieceAt = {
  runId: z.number().int().positive().optional(),
  sessionId: SessionIdSchema.optional(),
  taskId: TaskIdSchema.optional(),
  offset: z.number().int().nonnegative(),
  maxBytes: z.number().int().min(4).max(RESULT_READ_BYTES),
};
const CollectionFileSchema = z.string().max(200).regex(/^[A-Za-z0-9][A-Za-z0-9._ -]{0,99}\.collection\.json$/, "a collection file name ends in .collection.json");

/**
 * `notifications/message` from the server. `seq` numbers a session's notifications, so a window that loads
 * the kept ones (getLog) while new ones arrive shows each once (issue 21).
 */
const ServerLogSchema = z.object({
  sessionId: SessionIdSchema,
  /** The core's number for it, so a window that loads later shows each kept one once (issue 21). */
  seq: z.number().int().optional(),
  level: z.string(),
  logger: z.string().optional(),
  data: z.unknown(),
  /** `data` was over SERVER_LOG_DATA_BYTES: it is a cut (issue 19); the protocol log holds more of the message. */
  cut: z.object({ bytes: z.number().nonnegative(), kept: z.number().nonnegative() }).optional(),
});

/**
 * A tool run's result as the server sent it, plus what the inspector adds on 2026-07-28: `startedTask` when
 * the server answered with a task (M2; `content` is then empty and the task is followed in the Tasks tab),
 * and `inputRounds` when the call took more than one round (I3). Both names are ours: the core removes
 * them from a server's result.
 */
export const ToolRunResultSchema = CallToolResultSchema.extend({
  startedTask: ClientTaskSchema.optional(),
  inputRounds: z.number().int().positive().optional(),
});
export const INSPECTOR_RESULT_KEYS = ["startedTask", "inputRounds"] as const;
const Empty = z.object({}).strict();
const Ok = z.object({ ok: z.literal(true) });
/** Issue 33: an opened recording in the core, as openRecording named it. */
const RecordingHandle = z.string().min(1).max(100);
/**
 * A JSON object, passed on as it is. Not z.record: that copies the object and silently drops a
 * "__proto__" key, and a server may name a schema property so (the user's answer must keep it).
 */
const Json = z.custom<Record<string, unknown>>((value) => typeof value === "object" && value !== null && !Array.isArray(value), {
  message: "Invalid input: expected a JSON object",
});
const Cursor = z.string().max(10_000).optional();
const SkillUri = z.string().min(1).max(MAX_SKILL_URI_LENGTH);

const LoggingLevelSchema = z.enum(["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]);

const SamplingContentSchema = z.object({ type: z.literal("text"), text: z.string() });

/** What `completion/complete` completes: a prompt's argument, or a resource template's variable. */
const CompletionRefSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ref/prompt"), name: z.string().min(1).max(10_000) }).strict(),
  z.object({ type: z.literal("ref/resource"), uri: z.string().min(1).max(10_000) }).strict(),
]);
/** At most this many suggestions reach the page (the spec's own limit for one answer). */
export const MAX_COMPLETION_VALUES = 100;
/** A longer suggestion is left out rather than cut: picking it would fill in a value the server never gave. */
export const MAX_COMPLETION_VALUE_LENGTH = 4096;

function method<P extends z.ZodType, R extends z.ZodType>(params: P, result: R) {
  return { params, result };
}

export const apiMethods = {
  // Sessions
  /** With `serverId` (the saved entry it comes from), a disconnected session of that entry is reused, not added to. */
  connect: method(z.object({ server: ServerConfigSchema, serverId: z.string().min(1).max(200).optional() }).strict(), SessionInfoSchema),
  disconnect: method(z.object(session).strict(), Ok),
  reconnect: method(z.object(session).strict(), SessionInfoSchema),
  listSessions: method(Empty, z.array(SessionInfoSchema)),
  /** Everything the renderer needs to draw its first frame; events keep it current afterwards. */
  getSnapshot: method(
    Empty,
    z.object({
      sessions: z.array(SessionInfoSchema),
      pendingInputs: z.array(PendingInputSchema),
      clientTasks: z.array(ClientTaskSchema),
      receiverTasks: z.array(ReceiverTaskSchema),
      settings: SettingsSchema,
      /** Problems loading saved servers or settings, and how secrets are kept (absent from older hosts). */
      storage: StorageStatusSchema.optional(),
      // Tool runs and withdrawn notes (issue 13): kept by the core, so a reloaded window loses nothing.
      toolRuns: z.array(ToolRunSchema).optional(),
      withdrawnNotes: z.array(WithdrawnNoteSchema).optional(),
      /** Requests that waited on the user and left, oldest first, and what the history dropped to stay in its budget. */
      requestHistory: z.object({ entries: z.array(RequestHistoryEntrySchema), dropped: RequestHistoryDroppedSchema }).optional(),
      /** What the host can do beyond the contract's core: the desktop app has an OS folder picker, a browser tab has none. */
      host: z
        .object({
          folderPicker: z.boolean(),
          /** The host tells the user itself when a server waits (the desktop app's OS notifications and badge); browser mode's page does it. */
          notifiesUser: z.boolean().optional(),
          /** AP4: the origin (browser mode: a second loopback port) whose proxy page hosts MCP App Views; absent where Apps cannot render. */
          appSandbox: z.string().max(200).optional(),
        })
        .optional(),
    }),
  ),
  getLog: method(
    z.object(session).strict(),
    z.object({
      entries: z.array(LogEntrySchema),
      stderr: z.array(z.string()),
      /** Issue 21: the server's logging notifications kept so far (bounded), so a reloaded window shows them. */
      serverLogs: z.array(ServerLogSchema).optional(),
    }),
  ),

  // Plain inspector operations
  ping: method(z.object(session).strict(), z.object({ roundTripMs: z.number() })),
  // Lists carry the page's cache hints when the server gave any (E6); a read result keeps them as sent.
  listTools: method(
    z.object({ ...session, cursor: Cursor }).strict(),
    z.object({
      tools: z.array(ToolSchema),
      nextCursor: z.string().optional(),
      cache: CacheHintsSchema.optional(),
      /** Some tools did not fit the MCP schema and were left out: which field, what was wrong, where the raw response is. */
      problem: z.string().optional(),
    }),
  ),
  listResources: method(
    z.object({ ...session, cursor: Cursor }).strict(),
    z.object({ resources: z.array(ResourceSchema), nextCursor: z.string().optional(), cache: CacheHintsSchema.optional() }),
  ),
  listResourceTemplates: method(
    z.object({ ...session, cursor: Cursor }).strict(),
    z.object({ resourceTemplates: z.array(ResourceTemplateSchema), nextCursor: z.string().optional(), cache: CacheHintsSchema.optional() }),
  ),
  readResource: method(z.object({ ...session, uri: z.string().min(1) }).strict(), Json),
  /** `notifications/resources/updated` for this URI from now on (E6: through the listen stream on 2026-07-28). */
  subscribeResource: method(z.object({ ...session, uri: z.string().min(1).max(10_000) }).strict(), Ok),
  unsubscribeResource: method(z.object({ ...session, uri: z.string().min(1).max(10_000) }).strict(), Ok),
  listPrompts: method(
    z.object({ ...session, cursor: Cursor }).strict(),
    z.object({ prompts: z.array(PromptSchema), nextCursor: z.string().optional(), cache: CacheHintsSchema.optional() }),
  ),
  getPrompt: method(
    z.object({ ...session, name: z.string().min(1), arguments: z.record(z.string(), z.string()).default({}) }).strict(),
    Json,
  ),
  setLoggingLevel: method(z.object({ ...session, level: LoggingLevelSchema }).strict(), Ok),
  setRoots: method(z.object({ ...session, roots: RootsSchema }).strict(), Ok),

  // Tools: a plain call, or a call as a client task (Q1 decides whether that is allowed)
  callTool: method(
    z.object({ ...session, name: z.string().min(1), arguments: Json.default({}) }).strict(),
    ToolRunResultSchema,
  ),
  callToolAsTask: method(
    z.object({ ...session, name: z.string().min(1), arguments: Json.default({}), ttl: z.number().int().positive().optional() }).strict(),
    ClientTaskSchema,
  ),

  // Client tasks (requestor side)
  refreshClientTasks: method(z.object(session).strict(), z.object({ tasks: z.array(TaskObjectSchema) })),
  cancelClientTask: method(z.object({ ...session, taskId: TaskIdSchema }).strict(), ClientTaskSchema),

  // Pending inputs: the user's answers
  approveSampling: method(
    z
      .object({
        pendingInputId: PendingInputIdSchema,
        result: z.object({
          role: z.enum(["assistant", "user"]).default("assistant"),
          content: z.union([SamplingContentSchema, z.record(z.string(), z.unknown())]),
          model: z.string().min(1),
          stopReason: z.string().optional(),
        }),
      })
      .strict(),
    Ok,
  ),
  rejectSampling: method(z.object({ pendingInputId: PendingInputIdSchema, reason: z.string().max(10_000).optional() }).strict(), Ok),
  answerElicitation: method(
    z.discriminatedUnion("action", [
      z.object({ pendingInputId: PendingInputIdSchema, action: z.literal("accept"), content: Json.optional() }).strict(),
      z.object({ pendingInputId: PendingInputIdSchema, action: z.literal("decline") }).strict(),
      z.object({ pendingInputId: PendingInputIdSchema, action: z.literal("cancel") }).strict(),
    ]),
    Ok,
  ),

  // Receiver tasks: the user may cancel one (the server then sees it cancelled)
  cancelReceiverTask: method(z.object({ ...session, taskId: TaskIdSchema }).strict(), ReceiverTaskSchema),

  // Saved servers (persisted by the host: user-data folder in Electron, a config file in browser mode)
  listServers: method(Empty, z.array(SavedServerSchema)),
  saveServer: method(z.object({ id: z.string().min(1).max(200).optional(), server: ServerConfigSchema }).strict(), SavedServerSchema),
  removeServer: method(z.object({ id: z.string().min(1).max(200) }).strict(), Ok),
  /** Import a Claude Desktop / VS Code style `{ "mcpServers": { name: {command, args, env} | {url} } }` document. */
  importServers: method(
    z.object({ json: z.string().max(1_000_000) }).strict(),
    z.object({ added: z.array(SavedServerSchema), duplicates: z.array(z.string()), notImported: z.number().int(), message: z.string() }),
  ),

  /** Open an http(s) link in the user's browser; the renderer asks the user to confirm first. */
  openExternal: method(
    z.object({ url: z.string().url().refine((u) => /^https?:\/\//i.test(u), "only http(s) links can be opened") }).strict(),
    Ok,
  ),

  // Settings
  getSettings: method(Empty, SettingsSchema),
  updateSettings: method(SettingsSchema.partial().strict(), SettingsSchema),

  // Tool runs (issue 13): a run starts at once and is followed through `toolRunChanged` / `toolRunProgress`;
  // its request carries a progressToken, its time-out restarts on progress, up to `maxRequestTotalMs`.
  startToolRun: method(
    z
      .object({ ...session, name: z.string().min(1), arguments: Json.default({}), asTask: z.boolean().default(false), ttl: z.number().int().positive().optional() })
      .strict(),
    z.object({ runId: z.number().int().positive() }),
  ),
  /** The user stops a running run: `notifications/cancelled` on stdio; on 2026-07-28 over HTTP, its response stream is closed. */
  cancelToolRun: method(z.object({ runId: z.number().int().positive() }).strict(), ToolRunSchema),
  /**
   * Issue 33: a piece of a big result the page was sent cut (`ToolRun.pieces`, `ClientTask.pieces`), of a run
   * (`runId`) or of a client task (`sessionId` and `taskId`): at most `maxBytes` of UTF-8 from `offset`
   * (UTF-16 units) of that part's text, never splitting a character; `chars` is the part's whole length, so
   * the page knows when it has it all.
   */
  readResultPiece: method(
    z
      .discriminatedUnion("part", [
        z.object({ ...pieceAt, part: z.literal("content"), index: z.number().int().nonnegative().max(1_000_000) }).strict(),
        z.object({ ...pieceAt, part: z.literal("structuredContent") }).strict(),
        z.object({ ...pieceAt, part: z.literal("result") }).strict(),
      ])
      .refine((p) => (p.runId !== undefined) !== (p.sessionId !== undefined && p.taskId !== undefined) && (p.sessionId === undefined) === (p.taskId === undefined), {
        message: "name either a run (runId) or a client task (sessionId and taskId)",
        path: ["runId"],
      }),
    z.object({ text: z.string().max(RESULT_READ_BYTES), chars: z.number().int().nonnegative() }),
  ),
  /** The user read these withdrawn notes: the core forgets them, so a reload does not bring them back. */
  dismissWithdrawnNotes: method(z.object({ pendingInputIds: z.array(PendingInputIdSchema).max(10_000) }).strict(), Ok),

  // Sessions and roots (issue 13)
  /** Forget a disconnected or failed session: its log, runs and withdrawn notes go with it. A live one must be disconnected first. */
  removeSession: method(z.object(session).strict(), Ok),
  /** The desktop app's folder picker, as a root; no root when the user closed it. Browser mode has no picker and says so. */
  chooseRootFolder: method(Empty, z.object({ root: RootSchema.optional() })),
  // Completions (issue 13): `completion/complete`, only when the server advertises `completions`.
  /** Suggestions for one argument as the user types; `context.arguments` holds the ones already filled. `cut` says what a hostile answer lost. */
  complete: method(
    z
      .object({
        ...session,
        ref: CompletionRefSchema,
        argument: z.object({ name: z.string().min(1).max(10_000), value: z.string().max(100_000) }).strict(),
        context: z.object({ arguments: z.record(z.string().max(10_000), z.string().max(100_000)).optional() }).strict().optional(),
      })
      .strict(),
    z.object({
      values: z.array(z.string().max(MAX_COMPLETION_VALUE_LENGTH)).max(MAX_COMPLETION_VALUES),
      total: z.number().int().nonnegative().optional(),
      hasMore: z.boolean().optional(),
      cut: z.string().optional(),
    }),
  ),
  // Task timeline (issue 13): one task's line so far; from then on `taskTimelineEvents` streams what comes
  // after, until the page stops following it (only followed tasks are streamed: a flood of task changes
  // must not double the event stream for timelines nobody has open).
  getTaskTimeline: method(z.object({ ...session, taskId: TaskIdSchema }).strict(), TaskTimelineSchema),
  unfollowTaskTimeline: method(z.object({ ...session, taskId: TaskIdSchema }).strict(), Ok),
  // OAuth for remote servers (issue 14)
  /** The steps of this session's authorization flows so far (discovery, registration, authorization, token, refresh). */
  getAuthSteps: method(z.object(session).strict(), z.object({ steps: z.array(AuthStepSchema) })),
  /** Sign out: forget the tokens, registration and discovery kept for this server URL. `cleared` is false when there were none. */
  clearAuthTokens: method(
    z.object({ url: z.string().url().max(10_000).refine((u) => /^https?:\/\//i.test(u), "only an http(s) server keeps tokens") }).strict(),
    z.object({ cleared: z.boolean() }),
  ),
  // Command-line mode (issue 14)
  /**
   * Follow a task this session did not start, by its id (`task get|watch|cancel` in the CLI): tasks/get once,
   * then it is polled like any client task. 2025-11-25 asks the server on this session; 2026-07-28 uses the
   * entry's remembered handle (M8) when there is one.
   */
  followClientTask: method(z.object({ ...session, taskId: TaskIdSchema }).strict(), ClientTaskSchema),

  // MCP Apps (issue 20)
  /**
   * AP3: an App's View (`resources/read` of its `ui://` URI on this session), by its tool's name or by URI
   * (a preview from the Resources tab); checked, with the CSP it runs under (AP5). A bad View is an error.
   */
  readAppView: method(
    z
      .object({ ...session, toolName: z.string().min(1).max(1000).optional(), uri: z.string().min(1).max(MAX_APP_URI_LENGTH).optional() })
      .strict()
      .refine((p) => (p.toolName === undefined) !== (p.uri === undefined), { message: "name either a tool or a ui:// URI", path: ["toolName"] }),
    AppViewSchema,
  ),
  /** AP8/AP2: a View's `tools/call`, on the session its View came from; refused for a tool whose visibility leaves out "app". */
  appCallTool: method(
    z.object({ ...session, view: z.string().min(1).max(MAX_APP_URI_LENGTH), name: z.string().min(1).max(1000), arguments: z.record(z.string(), z.unknown()).default({}) }).strict(),
    ToolRunResultSchema,
  ),
  /** Issue 20: bridge messages (app → host, host → app) for the session's log; the page batches them. */
  logAppMessages: method(
    z
      .object({
        ...session,
        view: z.string().min(1).max(MAX_APP_URI_LENGTH),
        messages: z.array(z.object({ direction: z.enum(["app→host", "host→app"]), message: z.unknown() })).max(200),
        /** Messages the page did not send on (over its rate bound), said once in the log. */
        dropped: z.number().int().nonnegative().optional(),
      })
      .strict(),
    Ok,
  ),

  // Skills (SEP-2640, issue 24): nothing is read from a skill until one of these asks for it.
  /** skills/list, one page; each entry kept (bounded) with what breaks the spec or the Agent Skills rules. */
  listSkills: method(z.object({ ...session, cursor: Cursor }).strict(), SkillListSchema),
  /** skills/get: a skill by the URI of its SKILL.md, listed or not. */
  getSkill: method(z.object({ ...session, uri: SkillUri }).strict(), SkillViewSchema),
  /** Load a skill: its SKILL.md read and verified (size, digest, frontmatter); a mismatch is an error naming the file. */
  loadSkill: method(z.object({ ...session, uri: SkillUri }).strict(), LoadedSkillSchema),
  /** A file the skill's manifest lists, read and verified against it. */
  readSkillFile: method(z.object({ ...session, skillUri: SkillUri, uri: SkillUri }).strict(), SkillFileSchema),
  /** Every file of the skill read and verified, SKILL.md first; nothing more is read after a failure. */
  verifySkill: method(z.object({ ...session, uri: SkillUri }).strict(), SkillVerifyReportSchema),
  /** resources/directory/read, one page; only where the server declared directoryRead. */
  readResourceDirectory: method(z.object({ ...session, uri: SkillUri, cursor: Cursor }).strict(), DirectoryPageSchema),
  /** Issue 22: the session's kept log as a recording (.mcprec text), whole or from the entry numbered `fromSeq` (a mark). */
  saveRecording: method(
    z.object({ ...session, fromSeq: z.number().int().nonnegative().optional() }).strict(),
    z.object({ fileName: z.string().max(300), text: z.string(), lines: z.number().int() }),
  ),
  /** Issue 22: a recording's text read (bounded, schema-checked) into log entries shown read-only; a damaged file is an error. */
  openRecording: method(
    z.object({ text: z.string().max(64 * 1024 * 1024) }).strict(),
    z.object({
      header: z.record(z.string(), z.unknown()),
      /** Issue 33: the first page; the rest by `recordingEntries` with `handle`. `total` only if all was read (else a piece says it). */
      entries: z.array(LogEntrySchema),
      stderr: z.array(z.string()),
      warnings: z.array(z.string()),
      /** Absent from the core's answer: `recordingViews` builds them when asked. */
      views: RecordedViewsSchema.optional(),
      handle: RecordingHandle.optional(),
      total: z.number().int().nonnegative().optional(),
    }),
  ),
  /**
   * Issue 33: entries `from` (0-based) of an opened recording, at most `count` (≤ 5,000) per call; a range
   * the core is still reading waits for it. Once all is read, each answer says the `total` and the whole
   * recording's `stderr` and `warnings`; a damaged line further on is this call's error.
   */
  recordingEntries: method(
    z.object({ handle: RecordingHandle, from: z.number().int().nonnegative(), count: z.number().int().min(1).max(5_000) }).strict(),
    z.object({ entries: z.array(LogEntrySchema), total: z.number().int().nonnegative().optional(), stderr: z.array(z.string()).optional(), warnings: z.array(z.string()).optional() }),
  ),
  /** Issue 33: an opened recording's tool runs, task timelines and input requests, derived from all its entries (once read). */
  recordingViews: method(z.object({ handle: RecordingHandle }).strict(), RecordedViewsSchema),
  /** Issue 33: the core forgets an opened recording (it keeps a few at most anyway). */
  closeRecording: method(z.object({ handle: RecordingHandle }).strict(), Ok),
  /** Issue 22, "Compare…": two recordings, or a recording and a live session's kept log, diffed as `diff --json` does, with each side's surface. */
  diffRecordings: method(z.object({ a: DiffSideSchema, b: DiffSideSchema }).strict(), RecordingDiffSchema),
  /** Issue 23: run the server checks (all, or some areas) on a connected session; `calls` are tools the user allowed. */
  runChecks: method(
    z
      .object({
        ...session,
        areas: z.array(CheckAreaSchema).max(10).optional(),
        calls: z.array(z.object({ tool: z.string().min(1).max(1000), arguments: Json.optional() }).strict()).max(100).optional(),
        /** Also run the official conformance suite's server scenarios (as `check --conformance`). */
        conformance: z.boolean().optional(),
        /** The suite's expected failures, as the YAML of `--expected-failures` (a `server:` list, a reason after `#`). */
        expectedFailures: z.string().max(100_000).optional(),
      })
      .strict(),
    CheckReportSchema,
  ),
  /** One tool called over and over by `concurrency` workers for `durationMs` (at most `rate` calls a second), as `load` does; its figures each second arrive as `loadProgress`. One load per session at a time. */
  runLoad: method(
    z
      .object({
        ...session,
        tool: z.string().min(1).max(1000),
        arguments: Json.optional(),
        concurrency: z.number().int().min(1).max(LOAD_CEILINGS.concurrency),
        rate: z.number().min(0.1).max(LOAD_CEILINGS.rate).optional(),
        durationMs: z.number().int().min(1000).max(LOAD_CEILINGS.durationMs),
      })
      .strict(),
    LoadReportSchema,
  ),
  /** Ends the session's running load now: its calls in flight are awaited, and `runLoad` answers the figures so far. */
  stopLoad: method(z.object(session).strict(), Ok),
  /** The connection doctor: the entry diagnosed step by step on connections of its own (never a session's). */
  diagnoseServer: method(z.object({ server: ServerConfigSchema, serverId: z.string().max(200).optional() }).strict(), DoctorReportSchema),
  /** Collections in the config folder; a file that does not load is a problem named with its place. */
  listCollections: method(
    z.object({}).strict(),
    z.object({ collections: z.array(z.object({ file: CollectionFileSchema, collection: CollectionSchema })), problems: z.array(z.object({ file: z.string(), problem: z.string() })) }),
  ),
  /** One saved call added to a collection (or to a new one by that name). */
  addSavedCall: method(
    z.union([z.object({ file: CollectionFileSchema, call: SavedCallSchema }).strict(), z.object({ newCollectionName: z.string().min(1).max(200), call: SavedCallSchema, server: CollectionSchema.shape.server }).strict()]),
    z.object({ file: CollectionFileSchema }),
  ),
  saveCollection: method(z.object({ file: CollectionFileSchema, collection: CollectionSchema }).strict(), z.object({ file: CollectionFileSchema })),
  /** Run a collection (or some of its calls) on a connected session. */
  runCollection: method(z.object({ ...session, file: CollectionFileSchema, only: z.array(z.number().int().nonnegative()).max(1000).optional() }).strict(), CollectionRunSchema),
  /** "Accept new snapshot": the call's snapshot replaced by the one a run took. */
  acceptSnapshot: method(z.object({ file: CollectionFileSchema, callIndex: z.number().int().nonnegative(), snapshot: z.unknown() }).strict(), Ok),
  /** A collection file chosen by the user: read with every check a file gets; a problem names its place. */
  importCollection: method(z.object({ text: z.string().max(16 * 1024 * 1024) }).strict(), z.object({ file: CollectionFileSchema })),
} as const;

export type ApiMethod = keyof typeof apiMethods;
export type ApiParams<M extends ApiMethod> = z.input<(typeof apiMethods)[M]["params"]>;
export type ApiParsedParams<M extends ApiMethod> = z.output<(typeof apiMethods)[M]["params"]>;
export type ApiResult<M extends ApiMethod> = z.output<(typeof apiMethods)[M]["result"]>;

/** What the renderer holds: `window.inspector` in Electron, the WebSocket client in browser mode. */
export type InspectorApi = { [M in ApiMethod]: (params: ApiParams<M>) => Promise<ApiResult<M>> };
/** What the core implements: the same methods, receiving already-parsed params. */
export type InspectorHandlers = { [M in ApiMethod]: (params: ApiParsedParams<M>) => Promise<ApiResult<M>> };

export const API_METHODS = Object.keys(apiMethods) as ApiMethod[];

/** The window's tabs, for the `navigate` event (menu shortcuts, a notification's click). */
export const InspectorTabSchema = z.enum(["tools", "tasks", "sampling", "elicitations", "resources", "prompts", "logs"]);
export type InspectorTab = z.output<typeof InspectorTabSchema>;

export const eventSchemas = {
  sessionChanged: SessionInfoSchema,
  logEntry: LogEntrySchema,
  stderrLine: z.object({ sessionId: SessionIdSchema, line: z.string() }),
  /** `notifications/message` from the server. */
  serverLog: ServerLogSchema,
  pendingInputAdded: PendingInputSchema,
  /** The user answered: the item leaves the list because it is done. */
  pendingInputAnswered: z.object({ pendingInputId: PendingInputIdSchema, sessionId: SessionIdSchema }),
  /** The item left the list without the user's answer; `message` says why, for the UI to show. */
  pendingInputWithdrawn: z.object({
    pendingInputId: PendingInputIdSchema,
    sessionId: SessionIdSchema,
    reason: WithdrawReasonSchema,
    message: z.string(),
  }),
  /** `notifications/resources/updated` for a resource the user subscribed to; `at` is when it came (ms since the epoch). */
  resourceUpdated: z.object({ sessionId: SessionIdSchema, uri: z.string(), at: z.number() }),
  clientTaskChanged: ClientTaskSchema,
  receiverTaskChanged: ReceiverTaskSchema,
  /**
   * A receiver task was deleted (ttl elapsed or session ended); it is gone from `tasks/get`. With `trace`, the
   * row stays as that trace (marked "deleted at"); without, it leaves (an old trace dropped off, TASK_TRACES_KEPT).
   */
  receiverTaskRemoved: z.object({ sessionId: SessionIdSchema, taskId: TaskIdSchema, trace: ReceiverTaskSchema.optional() }),
  /** A client task's row leaves: a 2026-07-28 task the server deleted, whose trace dropped off (TASK_TRACES_KEPT). */
  clientTaskRemoved: z.object({ sessionId: SessionIdSchema, taskId: TaskIdSchema }),
  settingsChanged: SettingsSchema,
  // Tool runs (issue 13): the whole run on every status change; progress alone on its own, small event.
  toolRunChanged: ToolRunSchema,
  toolRunProgress: z.object({ sessionId: SessionIdSchema, runId: z.number().int().positive(), progress: ProgressSchema, at: z.number() }),
  /** Withdrawn notes the user dismissed (in any window). */
  withdrawnNotesDismissed: z.object({ pendingInputIds: z.array(PendingInputIdSchema) }),
  serversChanged: z.array(SavedServerSchema),
  /**
   * Sent by the desktop shell, never by the core: show a tab (a menu shortcut) and, for a clicked
   * notification, the item in it (a pending input's id, or a client task's id with its session).
   */
  navigate: z.object({ tab: InspectorTabSchema, itemId: z.string().optional(), sessionId: SessionIdSchema.optional() }),
  /** A session the user removed (`removeSession`): the page forgets it and everything shown for it. */
  sessionRemoved: z.object({ sessionId: SessionIdSchema }),
  /** Task timeline (issue 13): new events on the line of a task a page follows (getTaskTimeline), as they happen. */
  taskTimelineEvents: TimelineEventsSchema,
  /** Issue 14: one step of a session's authorization flow, as it happens (what was sent and what came back, secrets redacted). */
  authStep: AuthStepSchema,
  /** A request that waited on the user left (answered, declined, withdrawn…); `droppedIds` left the history to make room. */
  requestHistoryAdded: z.object({ entry: RequestHistoryEntrySchema, droppedIds: z.array(PendingInputIdSchema), dropped: RequestHistoryDroppedSchema }),
  /** The server checks of a session, as they run: how many are done of how many, and the one running now. */
  checkProgress: CheckProgressSchema,
  /** A running load's figures, once a second. */
  loadProgress: LoadTickSchema,
} as const;

export type EventName = keyof typeof eventSchemas;
export type EventPayload<E extends EventName> = z.output<(typeof eventSchemas)[E]>;
export type InspectorEvent = { [E in EventName]: { type: E; payload: EventPayload<E> } }[EventName];

export const EVENT_NAMES = Object.keys(eventSchemas) as EventName[];

/** Turn a zod failure into one line a user can read: `server.transport.command: must not be empty`. */
export function describeSchemaError(method: string, error: z.ZodError): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.length ? issue.path.join(".") : "(payload)";
    return `${path}: ${issue.message}`;
  });
  return `Invalid payload for ${method}: ${parts.join("; ")}`;
}

/** Parse a method's params, throwing a readable error (never a partial action) when they are malformed. */
export function parseApiParams<M extends ApiMethod>(method: M, raw: unknown): ApiParsedParams<M> {
  const spec = apiMethods[method];
  if (!spec) throw new Error(`Unknown method: ${String(method)}`);
  const parsed = spec.params.safeParse(raw ?? {});
  if (!parsed.success) throw new InvalidPayloadError(describeSchemaError(method, parsed.error));
  return parsed.data as ApiParsedParams<M>;
}

export class InvalidPayloadError extends Error {
  override name = "InvalidPayloadError";
}

export function isApiMethod(name: unknown): name is ApiMethod {
  return typeof name === "string" && Object.prototype.hasOwnProperty.call(apiMethods, name);
}

/**
 * What the renderer is handed, whichever transport carries it: the API plus one event subscription.
 * Events arrive in batches (at most one per animation frame), in order, none dropped.
 */
export interface InspectorBridge extends InspectorApi {
  onEvents(listener: (events: InspectorEvent[]) => void): () => void;
}
