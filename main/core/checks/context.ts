// What every check may ask of the server under check: raw requests on the inspector's own session (both
// eras, through its era driver), each answered with the log entry numbers it produced; list walks and the
// safe tool calls, each made once and shared by the checks that judge them. Every walk, round and wait
// is bounded: a hostile server costs the check time-outs, never a hang or a crash.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { LogEntry, PendingInput, SessionInfo, ServerConfig } from "../../../shared/types.js";
import type { Session } from "../session.js";
import { count, isObject, MAX_MESSAGES, quote, type Mark } from "./text.js";

export interface CheckOptions {
  /** `--call <tool>[=<json>]`: tools the user allows, with their arguments (undefined: from the schema). */
  calls?: Map<string, Record<string, unknown> | undefined>;
  /** How long one request may take (default 30 s: a slow read-only tool, such as server-everything's 10 s operation, is no failure). */
  timeoutMs?: number;
  /** The most pages one list walk follows (default 100). */
  maxPages?: number;
  /** The most rounds one multi round-trip call may take (default 10, I3). */
  maxRounds?: number;
  /** The most tools called, and resources read (default 20 each). */
  maxCalls?: number;
  /** How the task checks wait between polls (a fake in unit tests). */
  wait?: (ms: number) => Promise<void>;
  /** When the run's time budget ends (epoch ms): no request waits past it. */
  deadline?: number;
}

export interface WireError {
  code: number;
  message: string;
  data?: unknown;
}

/** A raw answer: the result or the error, and the log entries of the exchange. */
export interface Reply {
  result?: Record<string, unknown>;
  error?: WireError;
  /** Our own time-out fired or the connection closed: the server did not answer. */
  noAnswer?: string;
  messages: number[];
}

/** One list walked to its end (or as far as the bounds allow). */
export interface Walk {
  method: string;
  items: unknown[];
  pages: number;
  /** Why the walk stopped early: a repeated cursor, too many pages, a malformed page. */
  problem?: string;
  /** How many items the pages held, kept or not (only the first MAX_ITEMS are kept). */
  total: number;
  error?: WireError;
  noAnswer?: string;
  /** The raw page results, in order. */
  results: Record<string, unknown>[];
  messages: number[];
}

/** A tool call made by the checks (the rounds of a 2026-07-28 multi round-trip call folded in). */
export interface ToolCall {
  tool: string;
  arguments: Record<string, unknown>;
  reply: Reply;
  rounds: number;
  /** Each round's InputRequiredResult as sent (2026-07-28). */
  inputRounds: Record<string, unknown>[];
  /** A retry that left out the answers: what the server said to it (I1, "missing information"). */
  missingAnswer?: Reply;
  roundsExceeded?: boolean;
  messages: number[];
}

/** How the checks answer a server's 2025-11-25 request of the user: elicitation with its defaults or declined, sampling refused. */
export type InputAnswer = { kind: "elicitation"; action: "accept"; content: Record<string, unknown> } | { kind: "elicitation"; action: "decline" } | { kind: "sampling"; reject: string };

/** Where the server's requests to the user arrive during the checks (2025-11-25); the core wires it. */
export interface InputPort {
  /** Start answering this session's pending inputs with `answer`; returns the function that stops. */
  watch(answer: (input: PendingInput) => InputAnswer): () => void;
}

/** The most items one list walk keeps (and the checks judge); past it the verdicts say how many they saw. */
export const MAX_ITEMS = 10_000;
const NOUNS: Record<string, string> = { tools: "tools", resources: "resources", resourceTemplates: "resource templates", prompts: "prompts", tasks: "tasks" };
const MAX_NOTES = 50;

export class CheckContext {
  readonly timeoutMs: number;
  readonly maxPages: number;
  readonly maxRounds: number;
  readonly maxCalls: number;
  readonly wait: (ms: number) => Promise<void>;
  /** What the checks did on the user's behalf that the report must say (inputs answered, tools not called). */
  readonly notes: string[] = [];
  private readonly memo = new Map<string, { promise: Promise<unknown>; marks: Mark[] }>();
  /** The mark lists of what is running now: the check's own, and those of each shared piece of work inside it. */
  private readonly collecting = new AsyncLocalStorage<Mark[][]>();

  constructor(
    readonly session: Session,
    readonly options: CheckOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxPages = options.maxPages ?? 100;
    this.maxRounds = options.maxRounds ?? 10;
    this.maxCalls = options.maxCalls ?? 20;
    this.wait = options.wait ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  get info(): SessionInfo {
    return this.session.state;
  }

  get era(): "legacy" | "modern" {
    return this.info.era === "modern" ? "modern" : "legacy";
  }

  get config(): ServerConfig {
    return this.session.config;
  }

  get capabilities(): Record<string, unknown> {
    return (this.info.serverCapabilities ?? {}) as Record<string, unknown>;
  }

  /** Tasks the checks started and have not seen end: cancelled when the run ends. */
  private readonly startedTasks = new Map<string, string>();
  private readonly endedTasks = new Set<string>();

  taskStarted(taskId: string, tool: string): void {
    if (this.startedTasks.size < 100) this.startedTasks.set(taskId, tool);
  }

  taskEnded(taskId: string): void {
    this.endedTasks.add(taskId);
  }

  /** Every task the checks started that did not reach a terminal status is cancelled, and the report says so. */
  async cancelStartedTasks(): Promise<void> {
    for (const [taskId, tool] of this.startedTasks) {
      if (this.endedTasks.has(taskId)) continue;
      this.endedTasks.add(taskId);
      // Sent even when the time budget has run out: tidying up is not judging.
      let outcome: string;
      try {
        await this.session.rawRequest("tasks/cancel", { taskId }, Math.min(this.timeoutMs, 5000));
        outcome = "cancelled with tasks/cancel";
      } catch (error) {
        outcome = `tasks/cancel failed: ${String((error as Error)?.message ?? error).slice(0, 200)}`;
      }
      this.note(`The task ${quote(taskId, 80)} the checks started (${quote(tool, 60)}) had not ended: ${outcome}`);
    }
  }

  /** A bound reached or a time-out met: said in the verdict of every check that relies on the work. */
  mark(mark: Mark): void {
    for (const list of this.collecting.getStore() ?? []) if (!list.some((m) => m.kind === mark.kind && m.text === mark.text)) list.push(mark);
  }

  /** Runs `work` with its marks collected into `into` (as well as into whatever collects around it). */
  collect<T>(into: Mark[], work: () => Promise<T>): Promise<T> {
    return this.collecting.run([...(this.collecting.getStore() ?? []), into], work);
  }

  /** How long a request may wait now: the time-out, or what is left of the run's budget. */
  private requestTimeout(): number {
    if (this.options.deadline === undefined) return this.timeoutMs;
    return Math.max(0, Math.min(this.timeoutMs, this.options.deadline - Date.now()));
  }

  note(text: string): void {
    if (this.notes.length < MAX_NOTES) this.notes.push(text.length > 2000 ? `${text.slice(0, 2000)}…` : text);
  }

  entries(): LogEntry[] {
    return this.session.logSnapshot().entries;
  }

  lastSeq(): number {
    const entries = this.entries();
    return entries.length ? entries[entries.length - 1]!.seq : -1;
  }

  /**
   * The log entries of our request `method` sent after `seq`: the request, its response, and what the server
   * asked of the client meanwhile (with our answers). Other traffic of the session (the UI listing tools, a
   * notification) proves nothing about this verdict and is left out. At most MAX_MESSAGES.
   */
  since(seq: number, method?: string): number[] {
    const entries = this.entries().filter((e) => e.seq > seq);
    const ours = method === undefined ? undefined : entries.find((e) => e.direction === "out" && e.method === method && e.id !== undefined && isObject(e.payload) && "method" in e.payload);
    const out: number[] = [];
    for (const entry of entries) {
      if (entry.method === "notifications/message" || entry.method === "notifications/progress") continue;
      if (ours) {
        const mine = entry.id === ours.id && (entry.direction === "out" ? entry.seq === ours.seq : entry.method === method || !(isObject(entry.payload) && "method" in entry.payload));
        // The server's own requests (elicitation, sampling, roots) during the exchange, and our answers.
        const serverAsked = entry.direction === "in" ? isObject(entry.payload) && "method" in entry.payload && entry.id !== undefined : isObject(entry.payload) && !("method" in entry.payload) && entry.id !== ours.id;
        if (!mine && !serverAsked) continue;
      }
      out.push(entry.seq);
    }
    return bounded(out);
  }

  /** One request as given; never throws. */
  async request(method: string, params?: Record<string, unknown>): Promise<Reply> {
    const before = this.lastSeq();
    const timeout = this.requestTimeout();
    if (timeout <= 0) {
      this.mark({ kind: "timeout", text: `${method} was not sent: the time budget ran out` });
      return { noAnswer: "not sent: the time budget ran out", messages: [] };
    }
    try {
      const result = await this.session.rawRequest(method, params, timeout);
      return { result: isObject(result) ? result : {}, messages: this.since(before, method) };
    } catch (error) {
      const messages = this.since(before, method);
      const e = error as { code?: unknown; message?: unknown; data?: unknown };
      const data = isObject(e.data) ? e.data : undefined;
      // Our own time-out (data.timeout) and a closed connection (-32000) are not the server's answer.
      const timedOut = e.code === -32001 && typeof data?.timeout === "number";
      if (typeof e.code === "number" && !timedOut && e.code !== -32000) {
        return { error: { code: e.code, message: String(e.message ?? "").replace(/^(MCP error -?\d+: )+/, ""), ...(e.data !== undefined ? { data: e.data } : {}) }, messages };
      }
      if (timedOut) this.mark({ kind: "timeout", text: `${method} got no answer within ${seconds(timeout)}` });
      return { noAnswer: String(e.message ?? error).slice(0, 500), messages };
    }
  }

  /** Work shared by the checks, done once; what it met (bounds, time-outs) is said by every check that uses it. */
  once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let entry = this.memo.get(key);
    if (!entry) {
      const marks: Mark[] = [];
      entry = { promise: this.collect(marks, make), marks };
      this.memo.set(key, entry);
    }
    const { promise, marks } = entry;
    return (promise as Promise<T>).then((value) => {
      for (const mark of marks) this.mark(mark);
      return value;
    });
  }

  /** A list walked page by page to its end, once per method: a repeated cursor or too many pages stop it. */
  walk(method: string, key: string): Promise<Walk> {
    return this.once(`walk:${method}`, async () => {
      const walk: Walk = { method, items: [], total: 0, pages: 0, results: [], messages: [] };
      const seen = new Set<string>();
      let cursor: string | undefined;
      for (;;) {
        if (walk.pages >= this.maxPages) {
          walk.problem = `still a nextCursor after ${this.maxPages} pages: the walk never ends`;
          this.mark({ kind: "limit", text: `only the first ${this.maxPages} pages of ${method} were read (the walk's bound)` });
          break;
        }
        const reply = await this.request(method, cursor === undefined ? undefined : { cursor });
        walk.messages = bounded([...walk.messages, ...reply.messages]);
        walk.pages++;
        if (reply.error) walk.error = reply.error;
        if (reply.noAnswer) walk.noAnswer = reply.noAnswer;
        if (!reply.result) break;
        walk.results.push(reply.result);
        const items = reply.result[key];
        if (!Array.isArray(items)) {
          walk.problem = `page ${walk.pages} has no "${key}" array`;
          break;
        }
        walk.total += items.length;
        for (const item of items) {
          if (walk.items.length >= MAX_ITEMS) break;
          walk.items.push(item);
        }
        const next = reply.result.nextCursor;
        if (next === undefined || next === null) break;
        if (typeof next !== "string") {
          walk.problem = `page ${walk.pages} has a nextCursor that is not a string: ${quote(next)}`;
          break;
        }
        if (seen.has(next)) {
          walk.problem = `page ${walk.pages} repeats the cursor ${quote(next)}: the walk would never end`;
          break;
        }
        seen.add(next);
        cursor = next;
      }
      if (walk.total > walk.items.length) {
        const noun = NOUNS[key] ?? "items";
        this.mark({ kind: "items", text: `the first ${count(walk.items.length)} of ${walk.problem ? "at least " : ""}${count(walk.total)} ${noun} checked (${method} keeps at most ${count(MAX_ITEMS)})` });
      }
      return walk;
    });
  }

  /** The listed tools (well-formed objects with a string name only). */
  async tools(): Promise<Tool[]> {
    const walk = await this.walk("tools/list", "tools");
    return walk.items.filter((t): t is Tool => isObject(t) && typeof t.name === "string");
  }

  /**
   * Safe by default: the tools the check may call, with their arguments. A tool annotated
   * `readOnlyHint: true` whose required arguments all have a default or an example is called; any other
   * only when the user named it (`--call`). Those left out are noted, with why.
   */
  callPlan(): Promise<{ calls: { tool: Tool; arguments: Record<string, unknown> }[]; notCalled: string[] }> {
    return this.once("plan", async () => {
      const calls: { tool: Tool; arguments: Record<string, unknown> }[] = [];
      const notCalled: string[] = [];
      const allowed = this.options.calls ?? new Map();
      await this.primeSessionTools();
      const planned = new Set<string>();
      for (const tool of await this.tools()) {
        // A tool listed twice is one tool: called once (listings.duplicates reports the listing).
        if (planned.has(tool.name)) continue;
        planned.add(tool.name);
        const given = allowed.get(tool.name);
        const filled = argumentsFromSchema(tool.inputSchema);
        if (allowed.has(tool.name)) {
          if (given) calls.push({ tool, arguments: given });
          else if (filled) calls.push({ tool, arguments: filled });
          else notCalled.push(`${quote(tool.name, 60)} (allowed, but its required arguments have no default or example: give them in its form, or as --call ${tool.name.slice(0, 60)}=<json>)`);
        } else if (tool.annotations?.readOnlyHint !== true) notCalled.push(`${quote(tool.name, 60)} (not readOnlyHint)`);
        else if (!filled) notCalled.push(`${quote(tool.name, 60)} (a required argument has no default or example)`);
        else calls.push({ tool, arguments: filled });
      }
      for (const name of allowed.keys()) if (!calls.some((c) => c.tool.name === name) && !notCalled.some((n) => n.startsWith(quote(name, 60)))) notCalled.push(`${quote(name, 60)} (allowed, but not listed)`);
      if (calls.length > this.maxCalls) {
        notCalled.push(`${calls.length - this.maxCalls} more tools (at most ${this.maxCalls} are called)`);
        this.mark({ kind: "limit", text: `the first ${this.maxCalls} of ${calls.length} tools the checks may call were called` });
      }
      if (notCalled.length) this.note(`Tools not called: ${notCalled.slice(0, 20).join(", ")}${notCalled.length > 20 ? `, and ${notCalled.length - 20} more` : ""}. To allow one: tick it under "Also allow the checks to call…" in the Checks tab, or name it with --call <tool>[=<json>] on the command line.`);
      return { calls: calls.slice(0, this.maxCalls), notCalled };
    });
  }

  /**
   * The session's own tools/list, walked once before any call: the era driver learns each tool's
   * `x-mcp-header` parameters there (2026-07-28 over HTTP mirrors them into Mcp-Param headers, SEP-2243),
   * so a raw call carries what the server requires. A list the session cannot read changes nothing here.
   */
  private async primeSessionTools(): Promise<void> {
    let cursor: string | undefined;
    const seen = new Set<string>();
    try {
      for (let page = 0; page < this.maxPages; page++) {
        cursor = (await this.session.listTools(cursor)).nextCursor;
        if (!cursor || seen.has(cursor)) return;
        seen.add(cursor);
      }
    } catch {
      // The walk's own checks report a broken list.
    }
  }

  /** Tool calls the plan allows that are plain calls (a legacy tool that requires a task is left to the tasks checks). */
  plainCalls(): Promise<ToolCall[]> {
    return this.once("calls", async () => {
      const out: ToolCall[] = [];
      for (const { tool, arguments: args } of (await this.callPlan()).calls) {
        if (this.era === "legacy" && tool.execution?.taskSupport === "required") continue;
        out.push(await this.callTool(tool.name, args));
      }
      return out;
    });
  }

  /** One tools/call, its rounds followed (`roundTrip`). */
  callTool(name: string, args: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<ToolCall> {
    return this.roundTrip("tools/call", { name, arguments: args, ...extra }, name, args);
  }

  /**
   * One request that may take rounds (tools/call, prompts/get, resources/read). On 2026-07-28 its rounds are
   * followed here (I2): each input request answered with the schema's defaults or declined, `requestState`
   * echoed byte for byte, at most maxRounds rounds (I3).
   */
  async roundTrip(method: string, params: Record<string, unknown>, label: string, args: Record<string, unknown> = {}): Promise<ToolCall> {
    const call: ToolCall = { tool: label, arguments: args, reply: { messages: [] }, rounds: 0, inputRounds: [], messages: [] };
    let retry: Record<string, unknown> = {};
    for (;;) {
      if (call.rounds >= this.maxRounds) {
        call.roundsExceeded = true;
        break;
      }
      call.rounds++;
      const reply = await this.request(method, { ...params, ...retry });
      call.reply = reply;
      call.messages = bounded([...call.messages, ...reply.messages]);
      const result = reply.result;
      if (this.era !== "modern" || result?.resultType !== "input_required") break;
      call.inputRounds.push(result);
      const state = typeof result.requestState === "string" ? { requestState: result.requestState } : {};
      const requests = isObject(result.inputRequests) ? result.inputRequests : {};
      if (call.inputRounds.length === 1 && Object.keys(requests).length) {
        // I1 ("missing information"): a retry without the answers should be asked again, not refused.
        const missing = await this.request(method, { ...params, ...state });
        call.missingAnswer = missing;
        call.messages = bounded([...call.messages, ...missing.messages]);
      }
      const responses: Record<string, unknown> = {};
      for (const [key, request] of Object.entries(requests).slice(0, 50)) responses[key] = this.answerInputRequest(label, request);
      retry = { ...(Object.keys(requests).length ? { inputResponses: responses } : {}), ...state };
    }
    return call;
  }

  /** A 2026-07-28 input request answered safely: elicitation with its defaults or declined, roots empty. */
  answerInputRequest(context: string, request: unknown): Record<string, unknown> {
    const method = isObject(request) ? request.method : undefined;
    const params = isObject(request) && isObject(request.params) ? request.params : {};
    if (method === "roots/list") return { roots: [] };
    if (method === "elicitation/create") {
      const content = elicitationDefaults(params);
      this.note(`${quote(context, 60)} asked for input (elicitation): ${content ? "accepted with the schema's defaults" : "declined"}`);
      return content ? { action: "accept", content } : { action: "decline" };
    }
    this.note(`${quote(context, 60)} asked for ${quote(method, 40)}: the checks cannot answer it, so it was answered with an error`);
    return { error: { code: -1, message: "The server check does not answer this request" } };
  }
}

/** Arguments from a tool's inputSchema: each required property's default, first example or const; undefined when one has none. */
export function argumentsFromSchema(schema: unknown): Record<string, unknown> | undefined {
  if (!isObject(schema)) return undefined;
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === "string") : [];
  const args: Record<string, unknown> = {};
  for (const key of required.slice(0, 100)) {
    const property = properties[key];
    if (!isObject(property)) return undefined;
    if ("default" in property) args[key] = property.default;
    else if (Array.isArray(property.examples) && property.examples.length) args[key] = property.examples[0];
    else if ("const" in property) args[key] = property.const;
    else return undefined;
  }
  return args;
}

/** An elicitation's content from its requestedSchema's defaults; undefined when a required field has none. */
export function elicitationDefaults(params: Record<string, unknown>): Record<string, unknown> | undefined {
  const schema = isObject(params.requestedSchema) ? params.requestedSchema : undefined;
  if (!schema || params.mode === "url") return undefined;
  const properties = isObject(schema.properties) ? schema.properties : {};
  const content: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties).slice(0, 100)) if (isObject(property) && "default" in property) content[key] = property.default;
  const required = Array.isArray(schema.required) ? schema.required : [];
  return required.every((key) => typeof key === "string" && Object.hasOwn(content, key)) ? content : undefined;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

export function bounded(seqs: number[]): number[] {
  if (seqs.length <= MAX_MESSAGES) return seqs;
  // The first and the last messages of a long exchange: where it began and where it went wrong.
  return [...seqs.slice(0, MAX_MESSAGES / 2), ...seqs.slice(-MAX_MESSAGES / 2)];
}
