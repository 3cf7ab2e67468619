// Splits a stdio server's stdout into JSON-RPC messages, in place of the SDK's ReadBuffer. Why:
// - the SDK's buffer throws from `append` once 10 MB are buffered, and its transport then closes the
//   connection: one big message (a 20 MB image in a tool result) killed the session. We accept up to
//   MAX_STDIO_MESSAGE_BYTES and, past that, drop only the oversized line, never buffering more than the limit;
// - it re-copies and re-scans the whole buffer for every 64 KB chunk (quadratic for big messages);
// - it hands over every buffered message in one go: libuv reads up to 2 MB per turn, so a burst of
//   10,000 notifications stalled the main process for half a second. Here a turn hands over at most
//   MESSAGES_PER_TURN and asks to be called again; past BACKLOG_HIGH_BYTES it asks for stdout to pause,
//   so a server that writes faster than we read is held back by the pipe instead of filling our memory;
// - a line that is not JSON-RPC only reached `onerror` as a raw zod dump. Here it becomes an
//   UnusableMessageError saying what is wrong, with what can be recovered of its id, so the recording
//   transport can log it and answer or release whoever waits on that id.
import { JSONRPCMessageSchema, type JSONRPCMessage, type RequestId } from "@modelcontextprotocol/sdk/types.js";
import { formatBytes, fresh } from "../../../shared/byteBudget.js";
import { describeIssues } from "../invalidParams.js";

/** The most one stdio message may hold. Generous: an inspector should show what a server sends. */
export const MAX_STDIO_MESSAGE_BYTES = 64 * 1024 * 1024;
/** What the SDK's stdio transports accept by default; a bigger message works here but not in most clients. */
export const SDK_STDIO_LIMIT_BYTES = 10 * 1024 * 1024;
/** A line that is JSON but not JSON-RPC is logged whole up to this size, else as an excerpt of its text. */
export const LOG_FULL_MESSAGE_BYTES = 256 * 1024;
/** Messages bigger than this (the smallest per-entry cap allowed) have their size on the wire remembered for the log. */
const WIRE_SIZE_KEPT_OVER = 4 * 1024;

/** Messages handed over per event-loop turn; the rest follow on the next turn, in order. */
export const MESSAGES_PER_TURN = 256;
/**
 * And bytes: parsing (and logging) a 4 MB message takes ~15 ms, so four of them in one turn held the
 * event loop for 60 ms or more while a server flooded 4 MB messages (issue 19). Past this, the next turn.
 */
export const BYTES_PER_TURN = 4 * 1024 * 1024;
const BACKLOG_HIGH_BYTES = 16 * 1024 * 1024;
/** The real one, taken at load: a test's fake timers must not freeze reading from a live server. */
const nextTurn = setImmediate;
const EXCERPT_CHARS = 2000;
const PEEK_BYTES = 512;

export type UnusableKind = "invalid-json" | "not-json-rpc" | "too-large" | "too-deep";

/** What could be told of an unusable line: its id, and whether it was a request or a response. */
export interface Envelope {
  id?: RequestId;
  kind?: "request" | "response";
}

export class UnusableMessageError extends Error {
  override name = "UnusableMessageError";
  constructor(
    message: string,
    /** The problem alone, for the answer to the server: `"params" must be an object`. */
    readonly reason: string,
    readonly kind: UnusableKind,
    readonly bytes: number,
    /** The parsed JSON (not-json-rpc) or the start of the line as text. */
    readonly content: unknown,
    readonly envelope: Envelope,
  ) {
    super(message);
  }
}

/**
 * The size on the wire of the big messages this reader produced, for the log. Only the size: a slice of
 * the line's text would keep the whole line alive (V8 slices share their parent), 4 MB per message.
 */
const bigMessages = new WeakMap<object, { bytes: number }>();

export function bigMessageInfo(message: unknown): { bytes: number } | undefined {
  return typeof message === "object" && message !== null ? bigMessages.get(message) : undefined;
}

interface Discarded {
  bytes: number;
  head: Buffer;
  tail: Buffer;
}

/** How the reader spreads its work over turns; without it, everything buffered is handed over at once. */
export interface ReaderFlow {
  /** Call `readMessage` again (from a later turn): messages are waiting. */
  resume(): void;
  /** `true`: too much is buffered, stop reading stdout; `false`: read again. */
  pressure(high: boolean): void;
}

export class StdioMessageReader {
  private current: Buffer[] = [];
  private currentBytes = 0;
  private discarding?: Discarded;
  private ready: (Buffer | Discarded)[] = [];
  private readIndex = 0;
  private readyBytes = 0;
  private handedThisTurn = 0;
  private handedBytesThisTurn = 0;
  private resumeScheduled = false;
  private paused = false;
  /** While true (the server is gone), everything buffered is handed over at once. */
  private unlimited = false;

  constructor(
    private readonly maxMessageBytes = MAX_STDIO_MESSAGE_BYTES,
    private readonly flow?: ReaderFlow,
  ) {}

  /** Hand over everything still buffered in this turn (the stream ended: nothing may be lost to `onclose`). */
  drainAll(read: () => void): void {
    this.unlimited = true;
    read();
  }

  /** Never throws: a problem with one line is reported by `readMessage`, and the next line still counts. */
  append(chunk: Buffer): void {
    let start = 0;
    while (start <= chunk.length) {
      const newline = chunk.indexOf(10, start);
      this.take(chunk.subarray(start, newline === -1 ? chunk.length : newline));
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  }

  /** The next message, or null when no complete line is waiting. Throws UnusableMessageError for a bad line. */
  readMessage(): JSONRPCMessage | null {
    for (;;) {
      if (this.readIndex >= this.ready.length) {
        this.ready = [];
        this.readIndex = 0;
        this.handedThisTurn = 0;
        this.handedBytesThisTurn = 0;
        this.setPressure(false);
        return null;
      }
      if (this.flow && !this.unlimited && (this.handedThisTurn >= MESSAGES_PER_TURN || this.handedBytesThisTurn >= BYTES_PER_TURN)) {
        this.scheduleResume();
        return null;
      }
      this.handedThisTurn++;
      const item = this.ready[this.readIndex] as Buffer | Discarded;
      this.ready[this.readIndex++] = undefined as unknown as Buffer;
      this.readyBytes -= Buffer.isBuffer(item) ? item.length : 0;
      if (!Buffer.isBuffer(item)) throw tooLarge(item, this.maxMessageBytes);
      this.handedBytesThisTurn += item.length;
      // A trailing \r (CRLF line ends) is dropped without a regex: /\r$/ scans the whole line, 4 MB of it.
      const raw = item.toString("utf8");
      const text = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
      // A blank line carries nothing; it is not worth a complaint.
      if (text.trim() === "") continue;
      return parseLine(text, item.length);
    }
  }

  clear(): void {
    this.current = [];
    this.currentBytes = 0;
    this.discarding = undefined;
    this.ready = [];
    this.readIndex = 0;
    this.readyBytes = 0;
  }

  private scheduleResume(): void {
    if (this.resumeScheduled) return;
    this.resumeScheduled = true;
    nextTurn(() => {
      this.resumeScheduled = false;
      this.handedThisTurn = 0;
      this.handedBytesThisTurn = 0;
      this.flow?.resume();
    });
  }

  private setPressure(high: boolean): void {
    if (this.paused === high) return;
    this.paused = high;
    this.flow?.pressure(high);
  }

  private take(part: Buffer): void {
    if (part.length === 0) return;
    if (this.discarding) {
      this.discarding.bytes += part.length;
      this.discarding.tail = lastBytesOf([this.discarding.tail, part]);
      return;
    }
    if (this.currentBytes + part.length > this.maxMessageBytes) {
      // Over the limit: keep only the ends (where a JSON-RPC id usually sits) and skip to the next newline.
      this.discarding = {
        bytes: this.currentBytes + part.length,
        head: firstBytes([...this.current, part]),
        tail: lastBytesOf([...this.current, part]),
      };
      this.current = [];
      this.currentBytes = 0;
      return;
    }
    this.current.push(part);
    this.currentBytes += part.length;
  }

  private endLine(): void {
    if (this.discarding) {
      this.ready.push(this.discarding);
      this.discarding = undefined;
    } else if (this.currentBytes > 0) {
      this.ready.push(this.current.length === 1 ? (this.current[0] as Buffer) : Buffer.concat(this.current, this.currentBytes));
      this.readyBytes += this.currentBytes;
      if (this.readyBytes > BACKLOG_HIGH_BYTES) this.setPressure(true);
    }
    this.current = [];
    this.currentBytes = 0;
  }
}

function firstBytes(parts: Buffer[]): Buffer {
  const head: Buffer[] = [];
  let length = 0;
  for (const part of parts) {
    if (length >= PEEK_BYTES) break;
    const piece = part.subarray(0, PEEK_BYTES - length);
    head.push(piece);
    length += piece.length;
  }
  return Buffer.from(Buffer.concat(head));
}

function lastBytesOf(parts: Buffer[]): Buffer {
  const tail: Buffer[] = [];
  let length = 0;
  for (let i = parts.length - 1; i >= 0 && length < PEEK_BYTES; i--) {
    const part = parts[i] as Buffer;
    const piece = part.subarray(Math.max(0, part.length - (PEEK_BYTES - length)));
    tail.unshift(piece);
    length += piece.length;
  }
  return Buffer.from(Buffer.concat(tail));
}

function parseLine(text: string, bytes: number): JSONRPCMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = `not valid JSON (${(error as Error).message.slice(0, 200)})`;
    throw new UnusableMessageError(
      `Not JSON-RPC: the server wrote a line to stdout that is ${reason}. On stdio, stdout carries only JSON-RPC messages; logs belong on stderr.`,
      reason,
      "invalid-json",
      bytes,
      excerpt(text),
      peekEnvelope(text.slice(0, PEEK_BYTES), text.slice(-PEEK_BYTES)),
    );
  }
  const plain = plainResultResponse(value);
  if (plain) {
    if (bytes > WIRE_SIZE_KEPT_OVER) bigMessages.set(plain, { bytes });
    return plain;
  }
  const parsed = JSONRPCMessageSchema.safeParse(value);
  if (!parsed.success) {
    const reason = whyNotJsonRpc(value, parsed.error.issues);
    throw new UnusableMessageError(
      `Not JSON-RPC: the server wrote JSON that is not a JSON-RPC 2.0 message: ${reason}`,
      reason,
      "not-json-rpc",
      bytes,
      bytes <= LOG_FULL_MESSAGE_BYTES ? value : excerpt(text),
      envelopeOf(value),
    );
  }
  if (bytes > WIRE_SIZE_KEPT_OVER) bigMessages.set(parsed.data, { bytes });
  return parsed.data;
}

/**
 * The commonest message, a result without `_meta`, checked by hand: what JSONRPCMessageSchema gives for it
 * (the same fields, in the schema's order), without its union's tries (the schema is most of a small
 * message's cost). Anything else, or anything in doubt, goes to the schema.
 */
function plainResultResponse(value: unknown): JSONRPCMessage | undefined {
  // A `__proto__` member: the schema's copy of the result drops it (assigning it sets no member).
  if (!isObject(value) || value.jsonrpc !== "2.0" || !isObject(value.result) || "_meta" in value.result || Object.hasOwn(value.result, "__proto__")) return undefined;
  const id = value.id;
  if (typeof id !== "string" && !Number.isSafeInteger(id)) return undefined;
  // Exactly those three members: the schema is strict, and JSON.parse makes no inherited ones.
  let members = 0;
  for (const key in value) if (Object.hasOwn(value, key)) members++;
  if (members !== 3) return undefined;
  return { jsonrpc: "2.0", id: id as RequestId, result: value.result };
}

function tooLarge(item: Discarded, limit: number): UnusableMessageError {
  const head = item.head.toString("utf8");
  const reason = `${formatBytes(item.bytes)}, over the ${formatBytes(limit)} one stdio message may hold here`;
  return new UnusableMessageError(
    `Dropped a message from the server: ${reason}. The session goes on without it.`,
    reason,
    "too-large",
    item.bytes,
    excerpt(head),
    peekEnvelope(head, item.tail.toString("utf8")),
  );
}

function excerpt(text: string): string {
  // fresh(): a slice would keep the whole line (up to 64 MB) alive in the log.
  return text.length > EXCERPT_CHARS ? `${fresh(text.slice(0, EXCERPT_CHARS))}… (${text.length} characters in all)` : text;
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is RequestId => typeof v === "string" || (typeof v === "number" && Number.isFinite(v));

function envelopeOf(value: unknown): Envelope {
  if (!isObject(value) || !isId(value.id)) return {};
  if ("method" in value) return { id: value.id, kind: "request" };
  if ("result" in value || "error" in value) return { id: value.id, kind: "response" };
  return { id: value.id };
}

const ID = String.raw`(-?\d+(?:\.\d+)?|"(?:[^"\\]|\\.)*")`;
const JSONRPC_MEMBER = String.raw`"jsonrpc"\s*:\s*"[^"]*"\s*,\s*`;
/** `{"id": 5, …` or `{"jsonrpc":"2.0","id":5, …`: the id among the object's first members. */
const HEAD_ID = new RegExp(String.raw`^\s*\{\s*(?:${JSONRPC_MEMBER})?"id"\s*:\s*${ID}`);
/** `…, "id": 5}` at the very end: the last member of the top-level object (the SDK writes ids last). */
const TAIL_ID = new RegExp(String.raw`"id"\s*:\s*${ID}\s*\}\s*$`);
/** The first member whose value is not a plain id or version: it says request or response. */
const HEAD_KIND = new RegExp(String.raw`^\s*\{\s*(?:${JSONRPC_MEMBER})?(?:"id"\s*:\s*${ID}\s*,\s*)?(?:${JSONRPC_MEMBER})?"(method|result|error)"\s*:`);

/** What the ends of a line that cannot be parsed tell about it; never more than they say for sure. */
function peekEnvelope(head: string, tail: string): Envelope {
  const idText = HEAD_ID.exec(head)?.[1] ?? TAIL_ID.exec(tail)?.[1];
  const kind = HEAD_KIND.exec(head)?.[2];
  let id: RequestId | undefined;
  try {
    const parsed: unknown = idText === undefined ? undefined : JSON.parse(idText);
    if (isId(parsed)) id = parsed;
  } catch {
    id = undefined;
  }
  return {
    ...(id !== undefined ? { id } : {}),
    ...(kind ? { kind: kind === "method" ? ("request" as const) : ("response" as const) } : {}),
  };
}

/** One readable reason instead of the schema's nested union report. */
function whyNotJsonRpc(value: unknown, issues: Parameters<typeof describeIssues>[0]): string {
  if (Array.isArray(value)) return "a JSON array (JSON-RPC batches are not part of MCP)";
  if (!isObject(value)) return `expected a JSON object, got ${value === null ? "null" : typeof value}`;
  if (value.jsonrpc !== "2.0") return `"jsonrpc" must be "2.0", got ${JSON.stringify(value.jsonrpc) ?? "nothing"}`;
  if ("id" in value && !isId(value.id)) return `"id" must be a string or a number, got ${JSON.stringify(value.id)?.slice(0, 100)}`;
  if ("method" in value) {
    if (typeof value.method !== "string") return `"method" must be a string`;
    if ("params" in value && !isObject(value.params)) return `"params" must be an object`;
    if (isObject(value.params) && "_meta" in value.params && !isObject(value.params._meta)) return `"params._meta" must be an object`;
  } else if ("result" in value || "error" in value) {
    if (!isId(value.id)) return `a response needs the "id" of the request it answers`;
    if ("result" in value && "error" in value) return `a response carries "result" or "error", not both`;
    if ("result" in value && !isObject(value.result)) return `"result" must be an object`;
    if ("error" in value && (!isObject(value.error) || !Number.isInteger(value.error.code) || typeof value.error.message !== "string")) {
      return `"error" must be an object with an integer "code" and a string "message"`;
    }
  } else {
    return `it has no "method" (request, notification) and no "result" or "error" (response)`;
  }
  return issues.length ? describeIssues(issues.slice(0, 1)) : "it does not match the JSON-RPC message schema";
}

export { formatBytes };
