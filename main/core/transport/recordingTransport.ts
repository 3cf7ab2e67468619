// Wraps the real transport of a session: records every JSON-RPC message in and out, and applies the
// two rules that must hold before the SDK sees a message (R1 task stripping, S3 duplicate ids).
// Lines the stdio reader could not use (not JSON, not JSON-RPC, too large) are logged here too, and
// nobody is left waiting on them: a malformed request gets JSON-RPC's Invalid Request, and our request
// whose response was unusable fails at once instead of at its timeout.
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, type JSONRPCMessage, type JSONRPCRequest, type MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import { idKey, type LogMarks } from "../messageLog.js";
import { bigMessageInfo, formatBytes, SDK_STDIO_LIMIT_BYTES, UnusableMessageError } from "./stdioMessageReader.js";
import { MAX_MESSAGE_DEPTH, nestedDeeperThan } from "./messageDepth.js";
import { UNUSABLE_RESPONSE_DATA } from "../protocol/wireError.js";

export type Direction = "in" | "out";

export interface RecordingOptions {
  /**
   * Called for every message, in wire order. `note` explains a message we did not pass on (or could not
   * use); with `preview`, the message was too big to keep in the log and `preview` is the start of its text.
   */
  record(direction: Direction, message: unknown, note?: string, preview?: string, marks?: LogMarks): void;
  /** The era spoken, once known: it decides what a server's request means (E5). */
  era?(): "legacy" | "modern" | undefined;
  /** R1: when false, `params.task` on sampling/elicitation is ignored: the request runs as a plain one. */
  receiverTasksEnabled: boolean;
  /** How many incoming request ids to remember for S3. */
  rememberedRequestIds?: number;
  /** 2026-07-28 over Streamable HTTP: a cancel closes the request's response stream instead of being sent (issue 13). */
  closeRequestStream?(id: unknown): boolean;
}

/**
 * S3: a replayed request comes back within a stream's resumption window, not after thousands of
 * newer ones; 10,000 ids cover that for under a megabyte per session.
 */
const REMEMBERED_REQUEST_IDS = 10_000;

const TASKABLE_METHODS = new Set(["sampling/createMessage", "elicitation/create"]);
/** Requests that 2026-07-28 allows only inside a client request's exchange (SEP-2260). */
const USER_INPUT_METHODS = new Set(["sampling/createMessage", "elicitation/create", "roots/list"]);
/** Our requests still waiting for an answer that we remember, for releasing them (bounded like the S3 memory). */
const OUTSTANDING_KEPT = 10_000;


/** How long closing waits for notifications still being sent (a server that never answers a POST must not hold it). */
const NOTIFICATION_FLUSH_MS = 1000;

export class RecordingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  /**
   * A request answered in the turn it is read, past the SDK's dispatch (receiver tasks, R2): the answer to
   * send, or undefined to hand the request to the SDK as usual.
   */
  answerAtOnce?: (request: JSONRPCRequest) => JSONRPCMessage | undefined;

  private readonly seenRequestIds = new Set<string | number>();
  private readonly outstanding = new Set<string | number>();

  constructor(
    readonly inner: Transport,
    private readonly options: RecordingOptions,
  ) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => (error instanceof UnusableMessageError ? this.unusable(error) : this.onerror?.(error));
    inner.onmessage = (message, extra) => this.receive(message, extra);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  /** The version `initialize` settled on (legacy), as the SDK tells its transport. */
  negotiatedVersion?: string;

  setProtocolVersion(version: string): void {
    this.negotiatedVersion = version;
    this.inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  /** Notifications handed to the transport and not sent yet (close waits for them, briefly). */
  private readonly notificationsInFlight = new Set<Promise<void>>();

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    // Not an async function: a request's send is the inner transport's own promise, with no wrapper to settle.
    try {
      return this.sendNow(message, options);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private sendNow(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    message = withOurOwnWords(message);
    if ("method" in message && message.method === "notifications/cancelled" && this.options.closeRequestStream) {
      const requestId = (message.params as { requestId?: unknown } | undefined)?.requestId;
      if (this.options.closeRequestStream(requestId)) {
        this.outstanding.delete(idKey(requestId));
        this.options.record("out", message, "Not sent: on 2026-07-28 over Streamable HTTP the request was cancelled by closing its response stream, which is how that transport cancels");
        return Promise.resolve();
      }
    }
    if (!("method" in message)) {
      // Our answer to the server's request goes on the wire first and is logged right after, in the same
      // turn: nothing can come between the two, so the log keeps wire order, and the server (waiting on a
      // CreateTaskResult, say) does not wait on the log's copy and cut of the message as well.
      const sending = this.inner.send(message, options);
      this.options.record("out", message);
      return sending;
    }
    this.options.record("out", message);
    if ("method" in message && "id" in message) {
      this.outstanding.add(idKey(message.id));
      if (this.outstanding.size > OUTSTANDING_KEPT) this.outstanding.delete(this.outstanding.values().next().value as string);
    } else if ("method" in message && message.method === "notifications/cancelled") {
      // The SDK gave up on the request (timeout, abort): a late answer goes nowhere.
      this.outstanding.delete(idKey((message.params as { requestId?: unknown } | undefined)?.requestId));
    }
    if ("id" in message) return this.inner.send(message, options);
    // A notification is fire-and-forget for the SDK; it is kept until sent, so that a close right after
    // it (Ctrl+C: cancel, then disconnect) does not abort the HTTP POST that carries a notifications/cancelled.
    return this.untilSent(this.inner.send(message, options));
  }

  private async untilSent(sending: Promise<void>): Promise<void> {
    this.notificationsInFlight.add(sending);
    try {
      await sending;
    } finally {
      this.notificationsInFlight.delete(sending);
    }
  }

  async close(): Promise<void> {
    if (this.notificationsInFlight.size) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const bounded = new Promise<void>((resolve) => (timer = setTimeout(resolve, NOTIFICATION_FLUSH_MS)));
      await Promise.race([Promise.allSettled([...this.notificationsInFlight]), bounded]);
      clearTimeout(timer);
    }
    return this.inner.close();
  }

  /** We stopped waiting for our request `id` (an era probe that timed out): it is no longer in flight. */
  abandon(id: string | number): void {
    this.outstanding.delete(idKey(id));
  }

  private receive(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    // The log cuts a big message to its per-entry cap and says so (messageLog.ts); here, its size on the wire.
    const big = bigMessageInfo(message);
    if (nestedDeeperThan(message, MAX_MESSAGE_DEPTH)) {
      this.unusable(tooDeep(message, big?.bytes ?? 0));
      return;
    }
    let marks = this.remarkOn(message);
    if (big) {
      marks = { ...marks, wireBytes: big.bytes };
      if (big.bytes > SDK_STDIO_LIMIT_BYTES && !marks.remark) {
        marks.remark = `A message of ${formatBytes(big.bytes)}: over the ${formatBytes(SDK_STDIO_LIMIT_BYTES)} the MCP SDK's stdio clients accept by default (they close the connection)`;
      }
    }
    this.options.record("in", message, undefined, undefined, marks);
    if (!("method" in message) && "id" in message) this.outstanding.delete(idKey(message.id));
    if ("method" in message && "id" in message) {
      const key = idKey(message.id);
      if (this.seenRequestIds.has(key)) {
        // S3: a replayed request id (Streamable HTTP stream replays) is not processed twice.
        this.options.record("in", message, `Ignored: request id ${describeId(message.id)} was already received in this session (S3)`);
        return;
      }
      this.remember(key);
      if (!this.options.receiverTasksEnabled && TASKABLE_METHODS.has(message.method)) {
        message = stripTask(message);
      }
    }
    if (!("method" in message)) {
      // The SDK handles a notification one microtask late but a response at once, so a request's last
      // notifications/progress, read in the same chunk as its response, reached nobody. A response waits
      // that one microtask too, and everything is handled in wire order (issue 13: the final progress shows).
      // A promise's turn, as the SDK's own: queueMicrotask costs an async resource per response.
      const deliver = this.onmessage;
      Promise.resolve()
        .then(() => deliver?.(message, extra))
        .catch(this.reportError);
      return;
    }
    if ("id" in message && this.answerAtOnce) {
      const answer = this.answerAtOnce(message);
      if (answer) {
        this.send(answer).catch(this.reportError);
        return;
      }
    }
    this.onmessage?.(message, extra);
  }

  /** What failed after its turn (a late delivery, an answer sent at once) goes where the transport's errors go. */
  private readonly reportError = (error: unknown): void => {
    this.onerror?.(error instanceof Error ? error : new Error(String(error)));
  };

  /** E5: a request from the server says something about the era's rules. */
  private remarkOn(message: JSONRPCMessage): LogMarks | undefined {
    if (!("method" in message) || !("id" in message)) return undefined;
    const era = this.options.era?.();
    if (era === "modern") return { remark: "Protocol violation: a 2026-07-28 server must not send requests to the client (SEP-2260); answered with an error" };
    if (era === "legacy" && USER_INPUT_METHODS.has(message.method) && this.outstanding.size === 0) {
      return { remark: "Unsolicited: no request of ours was in flight (SEP-2260); served anyway" };
    }
    return undefined;
  }

  /** A line the stdio reader could not turn into a message: logged, and whoever waits on its id is answered. */
  private unusable(error: UnusableMessageError): void {
    this.options.record("in", error.content, error.message);
    const { id, kind } = error.envelope;
    if (id === undefined) return;
    if (kind === "request") {
      // The server waits for an answer to every request, malformed or not.
      const [code, what] = error.kind === "not-json-rpc" || error.kind === "too-deep" ? [ErrorCode.InvalidRequest, "Invalid Request"] : [ErrorCode.ParseError, "Parse error"];
      const answer: JSONRPCMessage = { jsonrpc: "2.0", id, error: { code, message: `${what}: ${error.reason}` } };
      this.send(answer).catch(() => {});
    } else if (kind === "response" && this.outstanding.delete(idKey(id))) {
      // Otherwise our request would wait for its timeout, or much longer for a tasks/result.
      const code = error.kind === "not-json-rpc" || error.kind === "too-deep" ? ErrorCode.InvalidRequest : ErrorCode.ParseError;
      this.onmessage?.({ jsonrpc: "2.0", id, error: { code, message: `The server's response could not be used. ${error.message}`, data: UNUSABLE_RESPONSE_DATA } });
    }
  }

  private remember(key: string | number): void {
    this.seenRequestIds.add(key);
    const limit = this.options.rememberedRequestIds ?? REMEMBERED_REQUEST_IDS;
    if (this.seenRequestIds.size > limit) {
      const oldest = this.seenRequestIds.values().next().value;
      if (oldest !== undefined) this.seenRequestIds.delete(oldest);
    }
  }
}

/** A message nested too deep: logged as its envelope only (the rest is what would overflow), and answered like any unusable line. */
function tooDeep(message: JSONRPCMessage, bytes: number): UnusableMessageError {
  const reason = `nested deeper than ${MAX_MESSAGE_DEPTH.toLocaleString("en-US")} levels`;
  const id = "id" in message ? message.id : undefined;
  const method = "method" in message ? message.method : undefined;
  const kind = id === undefined ? undefined : method !== undefined ? ("request" as const) : ("response" as const);
  return new UnusableMessageError(
    `Dropped a message from the server: it is ${reason}, deeper than any value the log, the page or the CLI can show. The session goes on without it.`,
    reason,
    "too-deep",
    bytes,
    { jsonrpc: "2.0", ...(id !== undefined ? { id } : {}), ...(method !== undefined ? { method } : {}), note: `The rest of this message is not kept: it is ${reason}.` },
    { ...(id !== undefined ? { id } : {}), ...(kind ? { kind } : {}) },
  );
}

function describeId(id: unknown): string {
  const text = JSON.stringify(id) ?? String(id);
  return text.length > 100 ? `${text.slice(0, 100)}… (${text.length} characters)` : text;
}

function stripTask<T extends JSONRPCMessage>(message: T): T {
  const params = (message as { params?: Record<string, unknown> }).params;
  if (!params || !("task" in params)) return message;
  const { task: _ignored, ...rest } = params;
  return { ...message, params: rest };
}

/**
 * The SDK's McpError puts "MCP error <code>: " in front of every message, and the SDK sends `message` as
 * it is: the server's SDK then adds its own prefix, and a server author read "MCP error -32602: MCP error
 * -32602: Cannot cancel task …". Every error response leaves here with exactly our words; this covers
 * errors the SDK makes for us as well as ours, and the log records what was really sent.
 */
export function withOurOwnWords(message: JSONRPCMessage): JSONRPCMessage {
  if (!("error" in message) || !message.error || typeof message.error.message !== "string") return message;
  const prefix = `MCP error ${message.error.code}: `;
  let text = message.error.message;
  while (text.startsWith(prefix)) text = text.slice(prefix.length);
  return text === message.error.message ? message : { ...message, error: { ...message.error, message: text } };
}
