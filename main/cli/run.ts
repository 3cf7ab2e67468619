// The command-line inspector: one command against one server, on the same core as the app (no Electron,
// no browser). Results on stdout; status, progress and task status changes on stderr.
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { isServerError, wireErrorOf } from "../core/protocol/wireError.js";
import { InspectorCore } from "../core/inspectorCore.js";
import { JsonFileStorage } from "../core/storage.js";
import { terminalAuthorizationOpener } from "../core/auth/terminalOpener.js";
import { defaultConfigDir } from "../web/configDir.js";
import { everythingDemoServer, resolveEverythingEntry } from "../web/builtInServers.js";
import type { InspectorEvent } from "../../shared/contract.js";
import { DEFAULT_SETTINGS, type ClientTask, type JsonRpcError, type Progress, type ServerConfig } from "../../shared/types.js";
import { parseCli, USAGE, UsageError, type CliArgs } from "./args.js";
import { answerPendingInput, readAnswers, type Answers } from "./answers.js";
import { describeProgress, printable, printHuman } from "./human.js";
import { chooseServer, readServersFile } from "./servers.js";
import { runSkillsCommand, SkillsCommandError } from "./skills.js";
import { Recorder } from "../core/recordings/recorder.js";
import { runReplay } from "./replay.js";
import { runDiff } from "./diff.js";
import { printLoadHuman, runLoadCommand, type LoadOutcome } from "./load.js";
import { runDoctor } from "./doctor.js";
import { runCollectionCommand } from "./collectionRun.js";
import { stableJson, type CliIo } from "./io.js";
import { doctorHint } from "./shellWords.js";
import { checkDocument, checkAfterFailedConnect, connectWithinBudget, printCheckHuman, runCheckCommand, type CheckOutcome } from "./check.js";


export { stableJson, type CliIo };

export const EXIT = { ok: 0, serverError: 1, usage: 2, interrupted: 130 } as const;

/** A failure with its exit code and, for the server's own errors, the JSON-RPC error it sent. */
class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    readonly rpcError?: JsonRpcError,
    /** What the --json document carries besides the error (a failed task). */
    readonly document?: Record<string, unknown>,
  ) {
    super(message);
  }
}

class Interrupted extends Error {}

/** The most pages a list command follows: a server that always answers with a nextCursor must not loop us. */
const MAX_PAGES = 1000;

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  // Issue 22: commands with arguments of their own (they read recordings; no --server).
  if (argv[0] === "replay") return runReplay(argv.slice(1), io);
  if (argv[0] === "diff") return runDiff(argv.slice(1), io);
  if (argv[0] === "doctor") return runDoctor(argv.slice(1), io);
  if (argv[0] === "run") return runCollectionCommand(argv.slice(1), io);
  const json = argv.includes("--json");
  let args: CliArgs;
  let answers: Answers;
  try {
    args = parseCli(argv);
    answers = readAnswers(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`mcp-task-inspector: ${error.message}\n`);
    if (json) io.stdout.write(`${JSON.stringify({ error: { message: error.message } })}\n`);
    return EXIT.usage;
  }
  if (args.help) {
    io.stdout.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  return new CliRun(args, answers, io).run();
}

class CliRun {
  private readonly core: InspectorCore;
  private sessionId?: string;
  private readonly tasks = new Map<string, ClientTask>();
  private readonly taskWaiters = new Set<() => void>();
  /** The run (tools/call) in flight, cancelled by Ctrl+C; or the task this command started. */
  private runId?: number;
  /** The tool whose run this command is about to start. */
  private expectRun?: string;
  private ownTaskId?: string;
  private interrupted = false;
  private readonly interrupt: Promise<never>;
  private fireInterrupt!: () => void;
  private sessionEnded?: string;
  private progressShown = false;
  /** `check` (issue 23): its report decides the exit code. */
  private checked?: CheckOutcome;
  private loaded?: LoadOutcome;
  /** The connect itself failed: the error is followed by the doctor command that diagnoses it. */
  private connectFailed = false;

  constructor(
    private readonly args: CliArgs,
    private readonly answers: Answers,
    private readonly io: CliIo,
  ) {
    const everything = resolveEverythingEntry();
    this.core = new InspectorCore({
      storage: new JsonFileStorage(args.configDir ?? defaultConfigDir()),
      builtInServers: everything ? [everythingDemoServer(everything)] : [],
      settings: args.timeoutMs ? { requestTimeoutMs: args.timeoutMs, maxRequestTotalMs: Math.max(DEFAULT_SETTINGS.maxRequestTotalMs, args.timeoutMs) } : {},
      // A server that answers 401: the authorization page is printed on stderr (stdout holds results) and
      // opened with the system's opener, or followed without a browser with --auth-headless.
      openAuthorizationPage: terminalAuthorizationOpener({ write: (line) => this.status(line, true), headless: args.authHeadless }),
    });
    this.interrupt = new Promise<never>((_, reject) => (this.fireInterrupt = () => reject(new Interrupted())));
    this.interrupt.catch(() => {});
  }

  /** Issue 22: --record's recorder, made once the server is chosen. */
  private recorder?: Recorder;

  async run(): Promise<number> {
    // Subscribed for the whole run, the disconnect included (the command's own listener stops earlier).
    const stopRecording = this.core.subscribe((event) => this.recorder?.onEvent(event));
    const code = await this.execute();
    stopRecording();
    if (!this.recorder || !this.args.record) return code;
    try {
      this.recorder.writeTo(this.args.record);
      this.status(`Recording written to ${this.args.record} (${this.recorder.lineCount} lines)`);
      return code;
    } catch (error) {
      this.io.stderr.write(`mcp-task-inspector: could not write the recording to ${this.args.record}: ${messageOf(error)}\n`);
      return code === EXIT.ok ? EXIT.usage : code;
    }
  }

  private async execute(): Promise<number> {
    const removeInterrupt = this.io.onInterrupt(() => void this.onInterrupt());
    const unsubscribe = this.core.subscribe((event) => this.onEvent(event));
    try {
      const document = await Promise.race([this.command(), this.interrupt]);
      this.endProgressLine();
      return this.print(document);
    } catch (error) {
      this.endProgressLine();
      if (error instanceof Interrupted || this.interrupted) {
        this.status("Interrupted");
        // --json still gives one document, with the task this run had started when there is one.
        const task = this.ownTaskId ? this.tasks.get(this.ownTaskId)?.task : undefined;
        if (this.args.json) this.io.stdout.write(`${stableJson({ ...(task ? { task } : {}), error: { message: "Interrupted (Ctrl+C)" } })}\n`);
        return EXIT.interrupted;
      }
      const failure = toFailure(error);
      this.io.stderr.write(`mcp-task-inspector: ${printable(bounded(failure.message))}\n`);
      if (this.connectFailed) this.io.stderr.write(`${doctorHint(this.args.server!, this.args)}\n`);
      if (this.args.json) this.io.stdout.write(`${stableJson({ ...failure.document, error: failure.rpcError ?? { message: failure.message } })}\n`);
      return failure.exitCode;
    } finally {
      removeInterrupt();
      // Before disconnecting: what the session's end does to tasks ("cancelled: session ended") is not
      // the server's word, and must not be printed as if it were.
      unsubscribe();
      // A server that does not exit on its own within a moment is stopped (SIGTERM, then SIGKILL).
      await this.core.shutdown({ graceMs: 500 }).catch(() => {});
    }
  }

  /** Ctrl+C: cancel what is in flight (notifications/cancelled, or the modern way), then disconnect. */
  private async onInterrupt(): Promise<void> {
    if (this.interrupted) return;
    this.interrupted = true;
    try {
      if (this.runId !== undefined) {
        this.status("Cancelling the request in flight…");
        await this.core.dispatch("cancelToolRun", { runId: this.runId }).catch(() => {});
      }
      const task = this.ownTaskId ? this.tasks.get(this.ownTaskId) : undefined;
      if (task && this.sessionId && !isTerminal(task.task.status)) {
        this.status(`Cancelling task ${task.task.taskId}…`);
        await this.core.dispatch("cancelClientTask", { sessionId: this.sessionId, taskId: task.task.taskId }).catch((error: unknown) => this.status(`tasks/cancel failed: ${messageOf(error)}`));
      }
    } finally {
      this.fireInterrupt();
    }
  }

  private onEvent(event: InspectorEvent): void {
    switch (event.type) {
      case "pendingInputAdded":
        // `check` answers the server's requests itself (safely: defaults or decline).
        if (this.args.command === "check" || this.args.command === "lint") break;
        void answerPendingInput(this.core, event.payload, this.answers, (line) => this.status(line, true)).catch((error: unknown) => this.status(`Could not answer the server's request: ${messageOf(error)}`, true));
        break;
      case "toolRunChanged": {
        const run = event.payload;
        if (this.expectRun === run.toolName && run.sessionId === this.sessionId && run.status === "running" && !run.asTask) {
          this.runId = run.runId;
          this.expectRun = undefined;
        }
        break;
      }
      case "toolRunProgress":
        if (event.payload.runId === this.runId) this.drawProgress(event.payload.progress);
        break;
      case "clientTaskChanged": {
        const view = event.payload;
        if (view.sessionId !== this.sessionId && this.sessionId !== undefined) break;
        const before = this.tasks.get(view.task.taskId);
        this.tasks.set(view.task.taskId, view);
        if (!before || before.task.status !== view.task.status || before.task.statusMessage !== view.task.statusMessage) {
          this.taskStatus(view);
        } else if (view.progress && view.progress !== before.progress) {
          this.drawProgress(view.progress);
        }
        for (const wake of [...this.taskWaiters]) wake();
        break;
      }
      case "sessionChanged":
        if (event.payload.sessionId === this.sessionId && (event.payload.state === "failed" || event.payload.state === "disconnected")) {
          this.sessionEnded = event.payload.reason ?? "the connection ended";
          for (const wake of [...this.taskWaiters]) wake();
        }
        break;
      default:
        break;
    }
  }

  // --- commands ---

  private async command(): Promise<Record<string, unknown>> {
    const { args } = this;
    await this.core.ready;
    // A saved-servers or settings file that did not load is set aside by the core: say so, as the app does.
    for (const problem of (await this.core.dispatch("getSnapshot", {})).storage?.problems ?? []) {
      this.status(`${problem.file}: ${problem.problem}${problem.backup ? ` (kept as ${problem.backup})` : ""}`, true);
    }
    const saved = await this.core.dispatch("listServers", {});
    const fromFile = args.serversFile ? readServersFile(args.serversFile) : [];
    if (args.command === "servers") {
      return {
        servers: [
          ...saved.map((s) => ({ name: s.name, source: s.builtIn ? "built-in" : "saved", era: s.era, transport: describeTransport(s) })),
          ...fromFile.map((s) => ({ name: s.name, source: "file", era: s.era, transport: describeTransport(s) })),
        ],
      };
    }
    const choice = chooseServer(args.server!, saved, fromFile, { transport: args.transport, era: args.era, headers: args.headers, roots: args.roots, oauth: args.oauth, env: args.env });
    if (args.record) this.recorder = new Recorder({ server: choice.config });
    this.status(`Connecting to ${choice.config.name}…`);
    const startedAt = Date.now();
    let info;
    try {
      info = await connectWithinBudget(args, startedAt, this.core.dispatch("connect", { server: choice.config, ...(choice.serverId ? { serverId: choice.serverId } : {}) }));
    } catch (error) {
      // check: an opening answer the SDK refused is itself a verdict on the server; --junit and --sarif are written either way.
      this.checked = await checkAfterFailedConnect(this.core, args, choice.config, messageOf(error), (line, always) => this.status(line, always));
      if (this.checked) {
        this.io.stderr.write(`${doctorHint(args.server!, args)}\n`);
        return checkDocument(this.checked.report);
      }
      this.connectFailed = true;
      throw new CliFailure(messageOf(error), EXIT.usage);
    }
    this.sessionId = info.sessionId;
    const version = info.protocolVersion ?? (info.era === "modern" ? "2026-07-28" : "2025-11-25");
    this.status(`Connected to ${info.serverInfo?.name ?? choice.config.name}${info.serverInfo?.version ? ` ${info.serverInfo.version}` : ""} (${version})`);
    const sessionId = info.sessionId;
    switch (args.command) {
      case "ping":
        return this.core.dispatch("ping", { sessionId });
      case "tools":
        return { tools: await this.allPages((cursor) => this.core.dispatch("listTools", { sessionId, cursor }), "tools") };
      case "resources":
        return { resources: await this.allPages((cursor) => this.core.dispatch("listResources", { sessionId, cursor }), "resources") };
      case "templates":
        return { resourceTemplates: await this.allPages((cursor) => this.core.dispatch("listResourceTemplates", { sessionId, cursor }), "resourceTemplates") };
      case "prompts":
        return { prompts: await this.allPages((cursor) => this.core.dispatch("listPrompts", { sessionId, cursor }), "prompts") };
      case "read":
        return this.core.dispatch("readResource", { sessionId, uri: args.target! });
      case "get-prompt":
        return this.core.dispatch("getPrompt", { sessionId, name: args.target!, arguments: args.args as Record<string, string> });
      case "call":
        return this.call(sessionId, info.era ?? "legacy");
      case "task":
        return this.taskCommand(sessionId);
      case "skills":
      case "skill":
        return runSkillsCommand(this.core, sessionId, { command: args.command, ...(args.target ? { target: args.target } : {}), verify: args.verify, ...(args.file ? { file: args.file } : {}) }, (line) => this.status(line));
      case "load": {
        const loaded = await runLoadCommand(this.core, sessionId, args, (line, always) => this.status(line, always));
        this.loaded = loaded;
        return loaded.report as unknown as Record<string, unknown>;
      }
      case "check":
      case "lint":
        this.checked = await runCheckCommand(this.core, sessionId, args, (line, always) => this.status(line, always), startedAt);
        return checkDocument(this.checked.report);
      default:
        throw new UsageError(`unknown command ${String(args.command)}`);
    }
  }

  private async allPages<K extends string>(page: (cursor?: string) => Promise<{ nextCursor?: string } & Record<K, unknown>>, key: K): Promise<unknown[]> {
    const items: unknown[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let pages = 0; pages < MAX_PAGES; pages++) {
      const result = await page(cursor);
      items.push(...(result[key] as unknown[]));
      cursor = result.nextCursor;
      if (cursor === undefined) return items;
      if (seen.has(cursor)) throw new CliFailure(`the server returned the cursor ${JSON.stringify(cursor.slice(0, 100))} twice`, EXIT.serverError);
      seen.add(cursor);
    }
    throw new CliFailure(`the server kept returning a nextCursor after ${MAX_PAGES} pages`, EXIT.serverError);
  }

  private async call(sessionId: string, era: "legacy" | "modern"): Promise<Record<string, unknown>> {
    const { args } = this;
    if (args.asTask) {
      if (era === "modern") throw new UsageError("--task is for 2025-11-25 servers: on 2026-07-28 the server decides whether a call becomes a task (call without --task)");
      let created: ClientTask;
      try {
        created = await this.core.dispatch("callToolAsTask", { sessionId, name: args.target!, arguments: args.args, ...(args.ttl ? { ttl: args.ttl } : {}) });
      } catch (error) {
        // Q1: the core refuses a tool that forbids tasks, or a server without tasks.requests.tools.call.
        if (!(error instanceof McpError)) throw new CliFailure(`${messageOf(error).replace(/; run it normally$/, "")}: leave out --task`, EXIT.usage);
        throw error;
      }
      this.ownTaskId = created.task.taskId;
      return this.watch(sessionId, created.task.taskId);
    }
    // The run's id comes with its first toolRunChanged (onEvent): Ctrl+C cancels that run.
    this.expectRun = args.target;
    let result;
    try {
      result = await this.core.dispatch("callTool", { sessionId, name: args.target!, arguments: args.args });
    } catch (error) {
      // Q1: a tool whose taskSupport is required runs only as a task.
      if (!(error instanceof McpError) && /requires task execution/.test(messageOf(error))) {
        throw new CliFailure(`${messageOf(error).replace(/; run it as a task$/, "")}: add --task`, EXIT.usage);
      }
      throw error;
    }
    this.runId = undefined;
    if (result.startedTask) {
      // M2: a 2026-07-28 server answered with a task: followed to the end like any other.
      this.ownTaskId = result.startedTask.task.taskId;
      return this.watch(sessionId, result.startedTask.task.taskId, result.inputRounds);
    }
    return { ...result };
  }

  private async taskCommand(sessionId: string): Promise<Record<string, unknown>> {
    const taskId = this.args.target!;
    const view = await this.core.dispatch("followClientTask", { sessionId, taskId });
    switch (this.args.taskAction) {
      case "get":
        return { task: view.task };
      case "cancel": {
        const cancelled = await this.core.dispatch("cancelClientTask", { sessionId, taskId });
        // M6: on 2026-07-28 a cancel is only a request; the status says so until the server moves it.
        return { task: cancelled.task, ...(cancelled.cancelRequested && !isTerminal(cancelled.task.status) ? { cancelRequested: true } : {}) };
      }
      default:
        return this.watch(sessionId, taskId);
    }
  }

  /** Follow a client task to its end: status changes on stderr, the result (or error) as the document. */
  private async watch(sessionId: string, taskId: string, inputRounds?: number): Promise<Record<string, unknown>> {
    const snapshot = (await this.core.dispatch("getSnapshot", {})).clientTasks.find((t) => t.sessionId === sessionId && t.task.taskId === taskId);
    if (snapshot && !this.tasks.has(taskId)) {
      this.tasks.set(taskId, snapshot);
      this.taskStatus(snapshot);
    }
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const view = await new Promise<ClientTask>((resolve, reject) => {
      const done = () => {
        this.taskWaiters.delete(check);
        clearTimeout(deadline);
      };
      const check = () => {
        const current = this.tasks.get(taskId);
        if (current && isFinished(current)) {
          done();
          resolve(current);
        } else if (this.sessionEnded) {
          done();
          reject(new CliFailure(`the session ended before task ${taskId} did: ${this.sessionEnded}`, EXIT.usage));
        } else if (current && deadline === undefined && typeof current.task.ttl === "number") {
          // R6/M3: past createdAt + ttl the server may delete the task without a word; a watch must not
          // outlive it (one request time-out of slack for clocks and the last poll).
          const left = Date.parse(current.task.createdAt) + current.task.ttl + (this.args.timeoutMs ?? DEFAULT_SETTINGS.requestTimeoutMs) - Date.now();
          deadline = setTimeout(() => {
            done();
            reject(new CliFailure(`task ${taskId} passed its ttl (${current.task.ttl} ms) without finishing`, EXIT.serverError, undefined, { task: this.tasks.get(taskId)?.task }));
          }, Math.max(0, Math.min(left, 2 ** 31 - 1)));
        }
      };
      this.taskWaiters.add(check);
      check();
    });
    this.endProgressLine();
    const document: Record<string, unknown> = { task: view.task, ...(inputRounds ? { inputRounds } : {}) };
    if (view.result) return { ...document, result: view.result };
    if (view.error) throw new CliFailure(`task ${taskId} ${view.task.status}: ${view.error.message}`, EXIT.serverError, view.error, document);
    if (view.gone) throw new CliFailure(`task ${taskId} is gone (${view.gone})${view.pollError ? `: ${view.pollError}` : ""}`, EXIT.serverError, undefined, document);
    if (isUnknownToServer(view)) throw new CliFailure(`the server no longer knows task ${taskId} (${view.pollError})`, EXIT.serverError, undefined, document);
    if (view.task.status === "cancelled") throw new CliFailure(`task ${taskId} was cancelled${view.task.statusMessage ? `: ${view.task.statusMessage}` : ""}`, EXIT.serverError, undefined, document);
    throw new CliFailure(`task ${taskId} ${view.task.status}, but its result could not be fetched: ${view.pollError ?? "no result"}`, EXIT.usage, undefined, document);
  }

  // --- output ---

  private print(document: Record<string, unknown>): number {
    if (this.loaded) {
      if (this.args.json) this.io.stdout.write(`${stableJson(document)}\n`);
      else printLoadHuman(this.loaded.report, (text) => this.io.stdout.write(text));
      return this.loaded.exitCode;
    }
    if (this.checked) {
      if (this.args.json) this.io.stdout.write(`${stableJson(document)}\n`);
      else printCheckHuman(this.checked.report, (text) => this.io.stdout.write(text));
      return this.checked.exitCode;
    }
    const isError = document.isError === true || (isObject(document.result) && document.result.isError === true);
    if (this.args.json) this.io.stdout.write(`${stableJson(document)}\n`);
    else printHuman(this.args, document, (text) => this.io.stdout.write(text));
    return isError ? EXIT.serverError : EXIT.ok;
  }

  /** A status line on stderr (not with --quiet; `always` for what the user must know, such as a declined request). */
  private status(line: string, always = false): void {
    if (this.args.quiet && !always) return;
    this.endProgressLine();
    // Status lines quote the server (status messages, elicitation messages): bounded, and never markup.
    this.io.stderr.write(`${printable(bounded(line))}\n`);
  }

  private taskStatus(view: ClientTask): void {
    const message = view.task.statusMessage ? `: ${view.task.statusMessage}` : "";
    this.status(`Task ${view.task.taskId} ${view.task.status}${message}`);
  }

  /** Progress on one line redrawn in place, only when stderr is a terminal: nothing extra when piped. */
  private drawProgress(progress: Progress): void {
    if (!this.io.stderr.isTTY || this.args.quiet) return;
    // A terminal that reports no size (0 columns, as under `script` without one) is taken as 80 wide.
    const width = Math.max(20, (this.io.stderr.columns || 80) - 1);
    this.io.stderr.write(`\r\x1b[2K${describeProgress(progress).slice(0, width)}`);
    this.progressShown = true;
  }

  private endProgressLine(): void {
    if (!this.progressShown) return;
    this.progressShown = false;
    this.io.stderr.write("\r\x1b[2K");
  }
}

/** The most of one stderr line; a server's 1 MB status message is not a line a person reads. */
const MAX_LINE = 2000;
function bounded(text: string): string {
  return text.length > MAX_LINE ? `${text.slice(0, MAX_LINE)}… (${text.length} characters)` : text;
}

function isTerminal(status: string): boolean {
  return status === "completed" || status === "failed" || status === "cancelled";
}

/** A task is done for the CLI once terminal with its outcome known (legacy fetches it with tasks/result). */
function isFinished(view: ClientTask): boolean {
  if (view.gone || isUnknownToServer(view)) return true;
  if (!isTerminal(view.task.status)) return false;
  if (view.era === "modern") return true;
  return Boolean(view.result || view.error || view.pollError);
}

/** R8: a 2025-11-25 tasks/get answered -32602 (the task was deleted, its ttl passed): polling has stopped. */
function isUnknownToServer(view: ClientTask): boolean {
  return view.era !== "modern" && !isTerminal(view.task.status) && /^tasks\/get failed: MCP error -32602\b/.test(view.pollError ?? "");
}

function toFailure(error: unknown): CliFailure {
  if (error instanceof CliFailure) return error;
  if (error instanceof UsageError) return new CliFailure(error.message, EXIT.usage);
  if (error instanceof SkillsCommandError) return new CliFailure(error.message, error.exitCode, undefined, error.document);
  // The server's own JSON-RPC error: exit 1. One the SDK made up (timeout, closed connection): exit 2.
  if (isServerError(error, -1) && !isLocalTimeout(error)) {
    const rpc = wireErrorOf(error);
    return new CliFailure(`the server answered with error ${rpc.code}: ${rpc.message}`, EXIT.serverError, rpc);
  }
  return new CliFailure(messageOf(error), EXIT.usage);
}

/** Our own time-outs (requestGuard.ts) carry the limit that fired; a server's -32001 does not. */
function isLocalTimeout(error: McpError): boolean {
  const data = error.data as { timeout?: unknown } | undefined;
  return error.code === -32001 && typeof data?.timeout === "number";
}

function describeTransport(server: ServerConfig): string {
  const t = server.transport;
  return t.type === "stdio" ? [t.command, ...t.args].join(" ") : `${t.url}${t.type === "sse" ? " (SSE)" : ""}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}


function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
