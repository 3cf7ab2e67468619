// Domain types that cross the main ⇄ renderer boundary. Each is a zod schema first, so the
// adapters can reject a malformed payload with a readable message; the TypeScript type is inferred.
// MCP wire objects (Task, Tool, CallToolResult…) come from the SDK's own schemas: one source of truth.
import { z } from "zod";
import { DEFAULT_SETTINGS as DEFAULT_SETTINGS_VALUE } from "./defaultSettings.js";
import {
  CallToolResultSchema,
  ClientCapabilitiesSchema,
  ImplementationSchema,
  PromptSchema,
  ResourceSchema,
  ResourceTemplateSchema,
  ServerCapabilitiesSchema,
  TaskSchema,
  ToolSchema,
} from "@modelcontextprotocol/sdk/types.js";

export const SessionIdSchema = z.string().min(1).max(200);
export const TaskIdSchema = z.string().min(1).max(1000);
export const PendingInputIdSchema = z.string().min(1).max(200);

const StringMapSchema = z.record(z.string(), z.string());

export const StdioTransportConfigSchema = z.object({
  type: z.literal("stdio"),
  command: z.string().min(1, "command must not be empty"),
  args: z.array(z.string()).default([]),
  env: StringMapSchema.default({}),
  cwd: z.string().optional(),
});

const httpUrl = z
  .string()
  .url("must be a URL")
  .refine((u) => /^https?:/i.test(u), "must be an http(s) URL");

export const StreamableHttpTransportConfigSchema = z.object({
  type: z.literal("streamableHttp"),
  url: httpUrl,
  headers: StringMapSchema.default({}),
});

export const SseTransportConfigSchema = z.object({
  type: z.literal("sse"),
  url: httpUrl,
  headers: StringMapSchema.default({}),
});

export const TransportConfigSchema = z.discriminatedUnion("type", [
  StdioTransportConfigSchema,
  StreamableHttpTransportConfigSchema,
  SseTransportConfigSchema,
]);
export type TransportConfig = z.output<typeof TransportConfigSchema>;

/** Client capabilities the user may switch off per server, to exercise a server's fallback paths. */
export const ClientFeatureTogglesSchema = z.object({
  sampling: z.boolean().default(true),
  elicitationForm: z.boolean().default(true),
  elicitationUrl: z.boolean().default(true),
  roots: z.boolean().default(true),
  receiverTasks: z.boolean().default(true),
  /**
   * AP1: advertise the MCP Apps extension (`io.modelcontextprotocol/ui`) and host the Views of App tools.
   * Absent means on (entries saved before Apps existed keep working as before plus Apps); `appsEnabled` reads it.
   */
  apps: z.boolean().optional(),
  /** AP15: "Allow eval in Views": `'unsafe-eval'` in this server's App Views' CSP. Absent means off. */
  appsEval: z.boolean().optional(),
});
export type ClientFeatureToggles = z.output<typeof ClientFeatureTogglesSchema>;
/** AP1: Apps are on unless the user switched them off for this server. */
export function appsEnabled(features: Pick<ClientFeatureToggles, "apps">): boolean {
  return features.apps !== false;
}

/**
 * E1: which protocol era to speak. Auto probes (E2 on stdio, E3 over HTTP); the other two pin one era.
 * Legacy is 2025-11-25 (`initialize`, tasks in core); modern is 2026-07-28 (stateless, tasks extension, MRTR).
 */
export const EraSettingSchema = z.enum(["auto", "2025-11-25", "2026-07-28"]);
export type EraSetting = z.output<typeof EraSettingSchema>;
/** The era a session actually speaks, once connected. */
export const EraSchema = z.enum(["legacy", "modern"]);
export type Era = z.output<typeof EraSchema>;

/** A root the client offers the server: a `file://` URI, with an optional name for people. */
export const RootSchema = z.object({
  uri: z
    .string()
    .max(10_000)
    .startsWith("file://", "a root must be a file:// URI (file:///home/me/project)")
    // (only once it is file://: one readable message per mistake)
    .refine((uri) => !uri.startsWith("file://") || isUrl(uri), "a root must be a well-formed file:// URI (spaces written as %20)"),
  name: z.string().max(1000).optional(),
});
export type Root = z.output<typeof RootSchema>;
function isUrl(text: string): boolean {
  try {
    return new URL(text).protocol === "file:" && !/\s/.test(text);
  } catch {
    return false;
  }
}
/** Roots one server entry or session keeps. */
export const MAX_ROOTS = 100;
export const RootsSchema = z.array(RootSchema).max(MAX_ROOTS);

// OAuth for remote servers (issue 14)
/**
 * What the user may enter for a server's authorization: a pre-registered client (its id and, for a
 * confidential client, its secret), the scope to ask for when the server names none, and a client ID
 * metadata document's https URL (used when the authorization server supports them). Without a client id,
 * the inspector registers itself (dynamic client registration) where the authorization server allows it.
 */
export const OAuthSettingsSchema = z
  .object({
    clientId: z.string().min(1).max(2000).optional(),
    clientSecret: z.string().max(2000).optional(),
    scope: z.string().max(2000).optional(),
    clientMetadataUrl: z.string().url().max(2000).refine((u) => /^https:\/\//i.test(u), "a client ID metadata document must be an https URL").optional(),
    /**
     * `client_credentials`: a machine client with no user and no browser (the OAuth client credentials
     * extension); it needs the client id, and its secret or a private key for `private_key_jwt`.
     */
    grant: z.enum(["authorization_code", "client_credentials", "jwt_bearer", "id_jag"]).optional(),
    /** PKCS#8 PEM private key for `private_key_jwt` client authentication (RFC 7523). */
    privateKeyPem: z.string().max(20_000).optional(),
    /** Its JWS algorithm (ES256 unless said). */
    signingAlgorithm: z.enum(["ES256", "ES384", "ES512", "RS256", "RS384", "RS512", "PS256", "PS384", "PS512"]).optional(),
    /**
     * `jwt_bearer` (workload identity federation, SEP-1933): the workload's JWT, sent as the RFC 7523
     * jwt-bearer grant's assertion. `id_jag` (enterprise-managed authorization, SEP-990): the user's ID token
     * from the enterprise IdP, exchanged there (RFC 8693) for an ID-JAG that is then the assertion.
     */
    assertion: z.string().max(20_000).optional(),
    /** `id_jag`: the enterprise IdP's token endpoint, and the client registered there. */
    idpTokenEndpoint: z.string().url().max(2000).refine((u) => /^https?:\/\//i.test(u), "the IdP's token endpoint must be an http(s) URL").optional(),
    idpClientId: z.string().min(1).max(2000).optional(),
    idpClientSecret: z.string().max(2000).optional(),
    /**
     * DPoP (RFC 9449, SEP-1932): tokens bound to a key kept for this server. true always, false never;
     * absent, when the server or its authorization server asks for it.
     */
    dpop: z.boolean().optional(),
  })
  .strict();
export type OAuthSettings = z.output<typeof OAuthSettingsSchema>;

export const ServerConfigSchema = z.object({
  name: z.string().min(1).max(200),
  era: EraSettingSchema.default("auto"),
  transport: TransportConfigSchema,
  features: ClientFeatureTogglesSchema.default({
    sampling: true,
    elicitationForm: true,
    elicitationUrl: true,
    roots: true,
    receiverTasks: true,
  }),
  /** The roots offered to the server (`roots/list`); kept with a saved entry, absent from older saved files. */
  roots: RootsSchema.optional(),
  /** OAuth for a Streamable HTTP or SSE server that answers 401 (issue 14); every field optional. */
  oauth: OAuthSettingsSchema.optional(),
});
export type ServerConfig = z.output<typeof ServerConfigSchema>;
export type ServerConfigInput = z.input<typeof ServerConfigSchema>;

/** A server the user saved (or the built-in demo entry, which cannot be edited or removed). */
export const SavedServerSchema = ServerConfigSchema.extend({
  id: z.string().min(1).max(200),
  builtIn: z.boolean().optional(),
});
export type SavedServer = z.output<typeof SavedServerSchema>;

export const ConnectionStateSchema = z.enum(["connecting", "connected", "disconnected", "failed"]);
export type ConnectionState = z.output<typeof ConnectionStateSchema>;

export const SessionInfoSchema = z.object({
  sessionId: SessionIdSchema,
  serverName: z.string(),
  /** The saved server entry this session was started from, when it was (Connect on it again reuses this session). */
  serverId: z.string().max(200).optional(),
  state: ConnectionStateSchema,
  /** Why the session is disconnected or failed, in words the user can act on. */
  reason: z.string().optional(),
  serverInfo: ImplementationSchema.optional(),
  serverCapabilities: ServerCapabilitiesSchema.optional(),
  clientCapabilities: ClientCapabilitiesSchema.optional(),
  protocolVersion: z.string().optional(),
  instructions: z.string().optional(),
  /** E1: the era in use, once known. */
  era: EraSchema.optional(),
  /** E1/E2: what the era probe saw, in one line ("server/discover answered 2026-07-28", "no answer in 2 s: legacy"). */
  eraProbe: z.string().optional(),
  /** E5: what a modern server did that 2026-07-28 forbids (it sent us a request), newest last; bounded. */
  violations: z.array(z.string()).max(20).optional(),
  /** The resources the user subscribed to (`resources/subscribe` on 2025-11-25, the listen stream on 2026-07-28). */
  resourceSubscriptions: z.array(z.string()).max(1000).optional(),
  /** The roots this session offers the server (empty unless the user added some). */
  roots: RootsSchema.optional(),
});
export type SessionInfo = z.output<typeof SessionInfoSchema>;

/**
 * E6: the cache hints of a 2026-07-28 list or read result, shown to the user and never obeyed as timers.
 * `receivedAt` (ms since the epoch) is when the answer came, so the page can say until when it is fresh.
 */
export const CacheHintsSchema = z.object({
  ttlMs: z.number().optional(),
  cacheScope: z.string().max(100).optional(),
  receivedAt: z.number(),
});
export type CacheHints = z.output<typeof CacheHintsSchema>;

export const TaskObjectSchema = TaskSchema;
export type TaskObject = z.output<typeof TaskSchema>;
export const TaskStatusSchema = z.enum(["working", "input_required", "completed", "failed", "cancelled"]);
export type TaskStatus = z.output<typeof TaskStatusSchema>;

/**
 * How a task left without a status of its own saying so: the server no longer knows it (`deleted`: a
 * -32602 to tasks/get, M3 "purged"), its ttl elapsed (`expired`, M3 / R6), or the session ended under it
 * (`sessionEnded`, S1). Its last status stays what it was; this says it went.
 */
export const TaskEndingSchema = z.enum(["deleted", "expired", "sessionEnded"]);
export type TaskEnding = z.output<typeof TaskEndingSchema>;

export const JsonRpcErrorSchema = z.object({
  code: z.number(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type JsonRpcError = z.output<typeof JsonRpcErrorSchema>;

export const ProgressSchema = z.object({
  progress: z.number(),
  total: z.number().optional(),
  message: z.string().optional(),
});

const PieceSizeSchema = z.object({ chars: z.number().int().nonnegative(), bytes: z.number().nonnegative() });
/** What of a result the page was not sent, and how big each part is whole (read with readResultPiece). */
export const ResultPiecesSchema = z.object({
  /** The whole result's JSON text, in bytes. */
  bytes: z.number().nonnegative(),
  /** Text blocks the page holds only the start of: their index in `content`, and their whole size. */
  texts: z.array(PieceSizeSchema.extend({ index: z.number().int().nonnegative() })).max(1000),
  /** structuredContent was held back (the page reads it as JSON text): its size as compact JSON. */
  structuredContent: z.object({ bytes: z.number().nonnegative() }).optional(),
});
export type ResultPieces = z.output<typeof ResultPiecesSchema>;

/** A task we created on the server (we are the requestor) and are polling. */
export const ClientTaskSchema = z.object({
  sessionId: SessionIdSchema,
  toolName: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  task: TaskSchema,
  /** The tool's CallToolResult once `tasks/result` returned it (Q4: shown as the server sent it). */
  result: CallToolResultSchema.optional(),
  /** Issue 19: `result` was cut (older tasks past the session's result budget): its full size and what was kept. */
  cut: z.object({ bytes: z.number().nonnegative(), kept: z.number().nonnegative() }).optional(),
  /** Issue 33: `result` is the page's cut of a big result; the rest is read a piece at a time (readResultPiece with the task's id). */
  pieces: ResultPiecesSchema.optional(),
  /** The JSON-RPC error `tasks/result` returned instead, as the server sent it. */
  error: JsonRpcErrorSchema.optional(),
  /** Why polling stopped without a terminal status (connection lost, server stopped answering). */
  pollError: z.string().optional(),
  progress: ProgressSchema.optional(),
  /** Pending inputs the server sent with this task's related-task `_meta` (Q3). */
  pendingInputIds: z.array(PendingInputIdSchema),
  /** Legacy (SEP-1686) unless set; a modern task's ttlMs / pollIntervalMs are mapped onto `task.ttl` / `task.pollInterval`. */
  era: EraSchema.optional(),
  /** M6: the user asked to cancel; the server acknowledged; the terminal status is not known yet. */
  cancelRequested: z.boolean().optional(),
  /** M3: `createdAt + ttlMs` passed without a terminal status, or the server no longer knows the task (purged). */
  gone: z.enum(["expired", "purged"]).optional(),
  /** M7: the server accepted this task's id on the session's subscriptions/listen stream (notifications/tasks). */
  listening: z.boolean().optional(),
  /**
   * S1: the session ended while the task was live, so it is no longer followed. On 2025-11-25 the inspector
   * marks it cancelled itself (with our time): the server's own status is unknown.
   */
  sessionEnded: z.boolean().optional(),
  /** When the user asked to cancel it (ISO): a cancelled task then says it was cancelled by you, and when. */
  cancelRequestedAt: z.string().optional(),
  /**
   * When we learned the server deleted the task (ISO): a `-32602` to our tasks/get for it, or (legacy) it was
   * missing from a complete tasks/list and tasks/get confirmed it. The row stays, marked "deleted at".
   */
  deletedAt: z.string().optional(),
});
export type ClientTask = z.output<typeof ClientTaskSchema>;

export const ReceiverTaskMethodSchema = z.enum(["sampling/createMessage", "elicitation/create"]);
export type ReceiverTaskMethod = z.output<typeof ReceiverTaskMethodSchema>;

/**
 * How a receiver task ended, set by the core where it happens: the user's answer (sampling `answered`,
 * elicitation `accepted` / `declined` / `cancelled` by its action, `rejected` for an answer that is a
 * JSON-RPC error, R12), `cancelledByServer` (tasks/cancel, R10), `cancelledByUser` (the inspector's Cancel),
 * `expired` (its ttl elapsed before an answer, R6), `sessionEnded` (S1).
 */
export const ReceiverTaskEndingSchema = z.enum([
  "answered",
  "accepted",
  "declined",
  "cancelled",
  "rejected",
  "cancelledByServer",
  "cancelledByUser",
  "expired",
  "sessionEnded",
]);
export type ReceiverTaskEnding = z.output<typeof ReceiverTaskEndingSchema>;

/** Bounds of what a receiver task keeps of its request (a server's text is untrusted and may be huge). */
export const ASKED_TEXT_CHARS = 4000;
export const ASKED_MESSAGES_KEPT = 20;
export const ASKED_SCHEMA_CHARS = 20_000;

/**
 * What the server asked, kept with the task for its Details once the pending input is gone: the
 * elicitation's message and requested schema (as JSON text), or the sampling messages as text. Bounded.
 */
export const ReceiverTaskAskedSchema = z.object({
  message: z.string().max(ASKED_TEXT_CHARS + 100).optional(),
  /** Elicitation URL mode. */
  url: z.string().max(ASKED_TEXT_CHARS + 100).optional(),
  /** The requested schema as JSON text, cut at ASKED_SCHEMA_CHARS. */
  requestedSchema: z.string().max(ASKED_SCHEMA_CHARS + 100).optional(),
  systemPrompt: z.string().max(ASKED_TEXT_CHARS + 100).optional(),
  messages: z
    .array(z.object({ role: z.string().max(100), text: z.string().max(ASKED_TEXT_CHARS + 100) }))
    .max(ASKED_MESSAGES_KEPT)
    .optional(),
  /** How many messages the request had in all (more than were kept). */
  messageCount: z.number().int().nonnegative().optional(),
  maxTokens: z.number().optional(),
});
export type ReceiverTaskAsked = z.output<typeof ReceiverTaskAskedSchema>;

/** The most deleted receiver tasks a session keeps as traces ("deleted at …"); older traces drop off. */
export const TASK_TRACES_KEPT = 200;

/** A task the server created on us (we are the receiver); the server polls it. */
export const ReceiverTaskSchema = z.object({
  sessionId: SessionIdSchema,
  method: ReceiverTaskMethodSchema,
  task: TaskSchema,
  pendingInputId: PendingInputIdSchema.optional(),
  /** How it ended, once it did (or was deleted unanswered). */
  ending: ReceiverTaskEndingSchema.optional(),
  /** What the server asked (for the Details). */
  asked: ReceiverTaskAskedSchema.optional(),
  /** Set on a trace: when the task was deleted (ttl elapsed or the session ended); it is gone from tasks/get. */
  deletedAt: z.string().optional(),
  /** Set once terminal: what `tasks/result` returns (a result or a JSON-RPC error). */
  outcome: z
    .union([
      z.object({ kind: z.literal("result"), result: z.record(z.string(), z.unknown()) }),
      z.object({ kind: z.literal("error"), error: JsonRpcErrorSchema }),
    ])
    .optional(),
});
export type ReceiverTask = z.output<typeof ReceiverTaskSchema>;

export const PendingInputKindSchema = z.enum(["sampling", "elicitation"]);
export type PendingInputKind = z.output<typeof PendingInputKindSchema>;

/** A request from the server that waits on the user: sampling or elicitation, task-augmented or not. */
export const PendingInputSchema = z.object({
  id: PendingInputIdSchema,
  sessionId: SessionIdSchema,
  serverName: z.string(),
  kind: PendingInputKindSchema,
  /** The request's params as the server sent them (untrusted: render as text). */
  params: z.record(z.string(), z.unknown()),
  receivedAt: z.string(),
  /** Set when the request was task-augmented: the receiver task we created for it. */
  receiverTaskId: TaskIdSchema.optional(),
  /** ISO time after which the receiver task may be deleted (from its ttl), if any. */
  deadline: z.string().optional(),
  /** The server's task this request belongs to (related-task `_meta`, Q3), if any. */
  relatedTaskId: z.string().optional(),
  /**
   * Modern era: where the input request came from. `mrtr` is a multi round-trip request's round (I1), `task`
   * a modern task's `inputRequests` (M5); `key` is the server's key for it, answered once.
   */
  modern: z
    .object({ via: z.enum(["mrtr", "task"]), key: z.string().max(1000), round: z.number().int().positive().optional() })
    .optional(),
  /** Issue 19: `params` were cut (the session's pending inputs already held their budget): full size and what was kept. */
  cut: z.object({ bytes: z.number().nonnegative(), kept: z.number().nonnegative() }).optional(),
});
export type PendingInput = z.output<typeof PendingInputSchema>;

export const WithdrawReasonSchema = z.enum([
  "taskCancelled",
  "taskExpired",
  "requestCancelled",
  "disconnected",
]);
export type WithdrawReason = z.output<typeof WithdrawReasonSchema>;

export const LogDirectionSchema = z.enum(["in", "out"]);
export const LogEntrySchema = z.object({
  seq: z.number().int(),
  sessionId: SessionIdSchema,
  direction: LogDirectionSchema,
  time: z.string(),
  method: z.string().optional(),
  id: z.union([z.string(), z.number()]).optional(),
  /** The JSON-RPC message itself, or a note when it could not be parsed. */
  payload: z.unknown(),
  /** A remark on a message passed on as it is: the era probe, an unsolicited request, a protocol violation. */
  remark: z.string().optional(),
  /** I5: one logical call's rounds (a modern request, each input_required, each retry) share `call`. */
  exchange: z.object({ call: z.number().int(), round: z.number().int() }).optional(),
  /** On a response: the task its request named (params.taskId or related-task `_meta`), which a reply need not repeat. */
  taskId: z.string().max(300).optional(),
  /** The message was over the per-entry cap: `payload` is a structural cut; its full size and what was kept. */
  cut: z.object({ bytes: z.number().nonnegative(), kept: z.number().nonnegative() }).optional(),
  /** AP12: a row of an App's bridge stream, kept in the Apps' own share of the log; how many App rows that share has dropped so far. */
  app: z.object({ dropped: z.number().int().nonnegative() }).optional(),
});
export type LogEntry = z.output<typeof LogEntrySchema>;

/** A stored file that could not be loaded as it was: which, what was wrong, and where the original is kept. */
export const StorageProblemSchema = z.object({
  file: z.string(),
  problem: z.string(),
  backup: z.string().optional(),
});
export type StorageProblem = z.output<typeof StorageProblemSchema>;

/** What the user should know about where their data is: problems at load, and whether secrets are encrypted. */
export const StorageStatusSchema = z.object({
  problems: z.array(StorageProblemSchema),
  secrets: z.object({ encrypted: z.boolean(), description: z.string() }),
});
export type StorageStatus = z.output<typeof StorageStatusSchema>;

/** The longest a setTimeout waits (2^31 − 1 ms); main/core/ports.ts caps every wait of the core at it. */
const LONGEST_TIMER_MS = 2_147_483_647;

export const SettingsSchema = z.object({
  /** Ring-buffer size of the protocol message log, per session. */
  logLimit: z.number().int().min(100).max(1_000_000),
  /**
   * The most bytes one session's message log holds (page and core alike); the oldest entries go first. At
   * most 256 MB: the page loads the log as one message, and V8 strings end at 512 MB.
   */
  logBudgetBytes: z.number().int().min(1024 * 1024).max(256 * 1024 * 1024),
  /** The most one log entry holds: a bigger message is kept as a cut that says its full size. */
  logEntryMaxBytes: z.number().int().min(4 * 1024).max(64 * 1024 * 1024),
  /** S2: the most live receiver tasks one session may hold. */
  maxLiveReceiverTasks: z.number().int().min(1).max(1_000_000),
  /**
   * R6: requested ttls are clamped to this (ms). At most the longest a timer can wait (about 24.8 days): a
   * receiver task's expiry is one timer, and asked for longer, Node and browsers fire it after 1 ms.
   */
  maxReceiverTaskTtlMs: z.number().int().min(1000).max(LONGEST_TIMER_MS),
  /** ttl applied when a request asks for a task without one (ms): a person has to answer. */
  defaultReceiverTaskTtlMs: z.number().int().min(1000).max(LONGEST_TIMER_MS),
  /** pollInterval we suggest to servers polling our receiver tasks (ms). */
  receiverTaskPollIntervalMs: z.number().int().min(10).max(60_000),
  /** How long one client-side request (tasks/get, tools/call…) may take before it is reported as timed out. */
  requestTimeoutMs: z.number().int().min(100).max(3_600_000),
  notificationsEnabled: z.boolean(),
  /** The look: the OS's light or dark, or always one of them (the desktop app's window and menus follow it too). */
  theme: z.enum(["system", "light", "dark"]),
  /** E2: how long Auto waits for `server/discover` on stdio before speaking 2025-11-25. */
  eraProbeTimeoutMs: z.number().int().min(100).max(60_000),
  /** I3: the most rounds one multi round-trip request may take before it is stopped. */
  maxInputRounds: z.number().int().min(1).max(1000),
  /**
   * The most one request may take in all, however much progress it reports (the spec: "SHOULD always enforce
   * a maximum timeout"); `requestTimeoutMs` counts from the last progress, this one from the start.
   */
  maxRequestTotalMs: z.number().int().min(1000).max(86_400_000),
  /** AP17: the largest MCP App View rendered (bytes of HTML), in a run and in Preview alike. */
  maxViewBytes: z.number().int().min(1024 * 1024).max(64 * 1024 * 1024),
  /** Where a request that waits on the user opens: a dialog over the current tab, or the docked panel only. */
  waitingRequestsIn: z.enum(["dialog", "panel"]),
});
export type Settings = z.output<typeof SettingsSchema>;
export type ThemeSource = Settings["theme"];

// Kept in a module of its own (no zod, no SDK schemas), so the page can read the defaults without bundling them.
export { DEFAULT_SETTINGS } from "./defaultSettings.js";
/** The defaults are a whole Settings: a setting added to the schema without a default fails to compile here. */
const defaultsAreSettings: Settings = DEFAULT_SETTINGS_VALUE;
void defaultsAreSettings;

export {
  ToolSchema,
  ResourceSchema,
  ResourceTemplateSchema,
  PromptSchema,
  CallToolResultSchema,
};

// --- Tool runs, progress and time-outs (issue 13): the core keeps each session's runs and withdrawn notes,
// so a reloaded window loses nothing. ---

/** The most tool runs, and withdrawn notes, the core keeps per session (older ones drop off). */
export const TOOL_RUNS_KEPT = 200;
export { TOOL_RUN_RESULT_CUT_BYTES, TOOL_RUN_RESULTS_BYTES } from "./byteBudget.js";
export type Progress = z.output<typeof ProgressSchema>;
export const WITHDRAWN_NOTES_KEPT = 500;

// The result piece sizes live in byteBudget.ts (no schema library), so the page can import them.
export { RESULT_PAGE_BYTES, RESULT_PIECE_BYTES, RESULT_READ_BYTES } from "./byteBudget.js";
/** Which text of a result a piece is read from: a text block's text, structuredContent or the whole result as indented JSON. */
export type ResultPart = { part: "content"; index: number } | { part: "structuredContent" } | { part: "result" };

export const ToolRunStatusSchema = z.enum(["running", "done", "error", "cancelled"]);
export type ToolRunStatus = z.output<typeof ToolRunStatusSchema>;

/** One tools/call the user started, as the core followed it. Times are ms since the epoch. */
export const ToolRunSchema = z.object({
  runId: z.number().int().positive(),
  sessionId: SessionIdSchema,
  toolName: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  asTask: z.boolean(),
  status: ToolRunStatusSchema,
  /** The CallToolResult as the server sent it (`isError` included: the page says "error" for it). */
  result: CallToolResultSchema.optional(),
  /** Issue 19: `result` was cut (older runs past TOOL_RUN_RESULTS_BYTES): its full size and what was kept. */
  cut: z.object({ bytes: z.number().nonnegative(), kept: z.number().nonnegative() }).optional(),
  /** Issue 33: `result` is the page's cut of a big result; the rest is read a piece at a time (readResultPiece). */
  pieces: ResultPiecesSchema.optional(),
  /** I3: the call took this many rounds (2026-07-28 multi round-trip). */
  inputRounds: z.number().int().positive().optional(),
  /** The client task this run became (Run as task, or a 2026-07-28 server that answered with a task). */
  taskId: TaskIdSchema.optional(),
  /** Why the run failed or stopped (a JSON-RPC error, a time-out, the session ending), in words. */
  error: z.string().optional(),
  /** The latest `notifications/progress` for the request; `total` absent means its size is unknown. */
  progress: ProgressSchema.optional(),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  /** When the user pressed Cancel (the run then says "cancelled", with this time). */
  cancelledAt: z.number().optional(),
  /**
   * The client task the run became, as the core last knew it: the run card says the task's state and its
   * own time, live, not the few ms of the tools/call that created it. `endedAt` (ms since the epoch, our
   * clock) is when we learned it was terminal or gone.
   */
  task: z
    .object({
      status: TaskStatusSchema,
      ending: TaskEndingSchema.optional(),
      endedAt: z.number().optional(),
    })
    .optional(),
});
export type ToolRun = z.output<typeof ToolRunSchema>;

/** A pending input that left without the user's answer, kept until the user dismisses it. */
export const WithdrawnNoteSchema = z.object({
  input: PendingInputSchema,
  reason: WithdrawReasonSchema,
  message: z.string(),
  withdrawnAt: z.number().optional(),
});
export type WithdrawnNote = z.output<typeof WithdrawnNoteSchema>;

/**
 * How a request that waited on the user ended, for the Sampling and Elicitations history: sampling
 * `answered` or `rejected`; elicitation by its action (`accepted`, `declined`, `cancelled`); `withdrawn`
 * when it left without the user's answer (task cancelled or expired, request cancelled, session ended).
 */
export const RequestOutcomeSchema = z.enum(["answered", "rejected", "accepted", "declined", "cancelled", "withdrawn"]);
export type RequestOutcome = z.output<typeof RequestOutcomeSchema>;

/** One request that no longer waits: what the server asked, what was sent back, and how long the user took. */
export const RequestHistoryEntrySchema = z.object({
  /** The request as it waited (its params cut to REQUEST_HISTORY_ENTRY_BYTES, saying so in `cut`). */
  input: PendingInputSchema,
  outcome: RequestOutcomeSchema,
  /** What was sent back: the sampling result, the JSON-RPC error of a rejection, or the ElicitResult. Cut like the params. */
  sent: z.unknown().optional(),
  sentCut: z.object({ bytes: z.number().nonnegative(), kept: z.number().nonnegative() }).optional(),
  /** Why it was withdrawn, in words. */
  withdrawn: z.object({ reason: WithdrawReasonSchema, message: z.string() }).optional(),
  /** When it left (ms since the epoch) and how long it waited on the user. */
  settledAt: z.number(),
  tookMs: z.number().nonnegative(),
});
export type RequestHistoryEntry = z.output<typeof RequestHistoryEntrySchema>;

/** What the history let go to stay within its budget, since the inspector started. */
export const RequestHistoryDroppedSchema = z.object({ entries: z.number().int().nonnegative(), bytes: z.number().nonnegative() });
export type RequestHistoryDropped = z.output<typeof RequestHistoryDroppedSchema>;

// OAuth for remote servers (issue 14)


/** The steps of the MCP authorization flow the UI shows, in the order they happen. */
export const AuthStepKindSchema = z.enum(["challenge", "discovery", "registration", "authorization", "callback", "token", "refresh", "dpop", "done", "error"]);
export type AuthStepKind = z.output<typeof AuthStepKindSchema>;

/** One HTTP exchange of the flow, with secrets (tokens, codes, client secrets, verifiers) replaced by "[redacted]". */
export const AuthHttpSchema = z.object({
  method: z.string().max(20),
  url: z.string().max(10_000),
  requestHeaders: z.record(z.string(), z.string().max(10_000)).optional(),
  requestBody: z.string().max(20_000).optional(),
  status: z.number().int().optional(),
  responseHeaders: z.record(z.string(), z.string().max(10_000)).optional(),
  responseBody: z.string().max(20_000).optional(),
});
export type AuthHttp = z.output<typeof AuthHttpSchema>;

/** One step of a session's authorization flow as it happened: what was sent and what came back. */
export const AuthStepSchema = z.object({
  sessionId: SessionIdSchema,
  /** Increases within a session, so a list sorts in the order the steps happened. */
  seq: z.number().int().nonnegative(),
  /** When it happened, ms since the epoch. */
  at: z.number(),
  kind: AuthStepKindSchema,
  /** One line for people: "Protected resource metadata from http://…/.well-known/oauth-protected-resource". */
  summary: z.string().max(10_000),
  http: AuthHttpSchema.optional(),
  /** The authorization page to open (kind "authorization"): the page opens it in browser mode. */
  authorizationUrl: z.string().max(20_000).optional(),
  /** A DPoP proof's protected header and claims, decoded, as JSON (kind "dpop", RFC 9449 §4.2). */
  proof: z.string().max(10_000).optional(),
});
export type AuthStep = z.output<typeof AuthStepSchema>;
