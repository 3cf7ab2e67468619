// The behaviour half of `diff` (issue 22), read line by line so two recordings of any size compare in
// bounded memory (issue 30): a first pass keeps a digest of each call's outcome (hashes, a few words),
// a second pass, only when digests differ, keeps the values of the first differences to list them.
import { hash as digestOf } from "node:crypto";
import { isMessageLine, type RecordingLine } from "./format.js";
import { idKey } from "../messageLog.js";
import { DIFF_CALLS_COMPARED } from "../../../shared/recordingDiff.js";

export type Obj = Record<string, unknown>;

export interface CallChange {
  area: "behaviour";
  subject: "call";
  name: string;
  what: string;
  breaking: boolean;
  before?: unknown;
  after?: unknown;
}

export interface CallOutcome {
  /** The call's method and params, cut to 300 characters: what a change is named by. */
  name: string;
  result?: unknown;
  error?: unknown;
  statuses: string[];
  inputs: string[];
  /** 2025-11-25: the server's own requests tied to the call's task, in wire order (they follow `inputs`). */
  related: string[];
}

/** What the first pass keeps of a call's outcome: hashes and the short lists, never the values (~200 bytes with its key). */
export interface Digest {
  result?: number;
  error?: number;
  failed: boolean;
  /** 1 when the other side's differs, 2 once the second pass has met it. */
  differs?: 1 | 2;
  /** The canonical texts' length, to budget the second pass. */
  chars: number;
  /** Only a task or an input request has them. */
  lists?: Lists;
  /** Set by the second pass on a differing call: what classes it (its result with what varies masked, its shape)… */
  masked?: number;
  shape?: number;
  /** …and, when it is listed, its values. */
  values?: CallOutcome;
}

const NO_LISTS: Lists = { statuses: [], inputs: [], related: [] };

interface Lists {
  statuses: string[];
  inputs: string[];
  related: string[];
}

/** Bounds of what a diff keeps, whatever the files' size. */
export interface DiffBounds {
  /** Distinct calls of the first recording compared; more are counted, not compared. */
  calls: number;
  /** Calls that differ listed with their values; more are counted. */
  listed: number;
  /** The values of the listed calls, both sides, at most (canonical JSON characters). */
  listedChars: number;
  /** Requests awaiting their response (a recording of requests never answered). */
  pending: number;
}

export const DIFF_BOUNDS: DiffBounds = { calls: DIFF_CALLS_COMPARED, listed: 1_000, listedChars: 8 * 1024 * 1024, pending: 10_000 };
/** Statuses, input requests and related requests kept per call. */
const LIST_MAX = 100;
const NAME_CHARS = 300;

export const CALL_METHODS = new Set(["tools/call", "resources/read", "prompts/get", "completion/complete"]);
const TASK_TIMES = new Set(["createdAt", "lastUpdatedAt", "taskId", "_meta", "pollInterval", "pollIntervalMs", "ttl", "ttlMs"]);

/** What a request asked, kept until its response: small (a hash, a name cut short), never the params. */
interface Pending {
  method: string;
  key?: string;
  name?: string;
  taskId?: string;
  task?: boolean;
  params?: Obj;
}

/** Each response with the request it answers (by id), in wire order, holding at most `bounds.pending` requests. */
export class ExchangeFollower {
  private readonly pending = new Map<string | number, Pending>();

  constructor(
    private readonly onExchange: (request: Pending, response: Obj) => void,
    private readonly onServerRequest: (msg: Obj) => void,
    private readonly maxPending: number,
    /** The methods whose params are kept whole until the answer (lists and initialize keep none). */
    private readonly keepParams: (method: string) => boolean = () => false,
    /** Whether a call's key is made (the surface needs none: it is the dearest part of a request). */
    private readonly keyed = true,
  ) {}

  line(line: RecordingLine): void {
    if (!isMessageLine(line) || line.note !== undefined || !isObj(line.msg)) return;
    const m = line.msg;
    if (line.dir === "out" && typeof m.method === "string" && m.id !== undefined) {
      const params = isObj(m.params) ? m.params : {};
      const request: Pending = { method: m.method.slice(0, 200) };
      if (this.keyed && CALL_METHODS.has(m.method)) {
        const key = `${m.method} ${canonical(withoutMeta(params))}`;
        Object.assign(request, { key: hash(key), name: key.length > NAME_CHARS ? `${key.slice(0, NAME_CHARS)}…` : key, task: "task" in params });
      } else if (typeof params.taskId === "string") request.taskId = params.taskId;
      if (this.keepParams(m.method)) request.params = params;
      const id = idKey(m.id);
      this.pending.delete(id);
      this.pending.set(id, request);
      // The oldest unanswered request goes first: a recording of requests never answered holds nothing more.
      if (this.pending.size > this.maxPending) this.pending.delete(this.pending.keys().next().value!);
    } else if (line.dir === "in" && m.method === undefined && m.id !== undefined) {
      const id = idKey(m.id);
      const request = this.pending.get(id);
      if (!request) return;
      this.pending.delete(id);
      this.onExchange(request, m);
    } else if (line.dir === "in" && typeof m.method === "string" && m.id !== undefined) this.onServerRequest(m);
  }
}

/** How one pass keeps a call's outcome: as a digest (first pass) or with its values (second). */
interface Keeper<T> {
  /** The outcome to keep of a call made the first time; undefined for a call made before, or not followed. */
  start(key: string, name: string): T | undefined;
  result(outcome: T, value: unknown): void;
  error(outcome: T, error: unknown): void;
  status(outcome: T): string[];
  inputs(outcome: T): string[];
  related(outcome: T): string[];
}

/** The calls a recording made, by method and params, with what came of each (the first time it was made: the keeper knows). */
export class CallFollower<T> {
  private readonly byTask = new Map<string, T>();
  /** Related requests seen before their task's id was (kept until it is, bounded). */
  private readonly early = new Map<string, string[]>();
  readonly follower: ExchangeFollower;

  constructor(private readonly keeper: Keeper<T>, maxPending: number) {
    this.follower = new ExchangeFollower((request, response) => this.exchange(request, response), (msg) => this.serverRequest(msg), maxPending);
  }

  line(line: RecordingLine): void {
    this.follower.line(line);
  }

  private exchange(request: Pending, response: Obj): void {
    const result = isObj(response.result) ? response.result : undefined;
    if (request.key !== undefined) {
      const outcome = this.keeper.start(request.key, request.name!);
      if (outcome === undefined) return;
      if (response.error !== undefined) this.keeper.error(outcome, errorShape(response.error));
      // A task (2025-11-25 CreateTaskResult, or a 2026-07-28 resultType "task"): its statuses and end follow.
      const task = isObj(result?.task) ? result.task : result?.resultType === "task" ? result : undefined;
      if (task && typeof task.taskId === "string") {
        this.taskStarted(task.taskId, outcome);
        pushStatus(this.keeper.status(outcome), task.status);
      } else if (result?.resultType === "input_required") push(this.keeper.inputs(outcome), inputNames(result));
      else if (result) this.keeper.result(outcome, result);
      return;
    }
    const outcome = request.taskId !== undefined ? this.byTask.get(request.taskId) : undefined;
    if (outcome === undefined) return;
    if (request.method === "tasks/get" && result) {
      pushStatus(this.keeper.status(outcome), result.status);
      if (isObj(result.inputRequests)) push(this.keeper.inputs(outcome), inputNames(result));
      if (result.result !== undefined) this.keeper.result(outcome, result.result);
      if (result.error !== undefined) this.keeper.error(outcome, errorShape(result.error));
    } else if (request.method === "tasks/result") {
      if (response.error !== undefined) this.keeper.error(outcome, errorShape(response.error));
      else if (result) this.keeper.result(outcome, result);
    }
  }

  private taskStarted(taskId: string, outcome: T): void {
    this.byTask.set(taskId, outcome);
    const early = this.early.get(taskId);
    if (early) push(this.keeper.related(outcome), early);
    this.early.delete(taskId);
  }

  /** 2025-11-25: the server's own requests tied to a task (a related-task elicitation) are its input requests. */
  private serverRequest(msg: Obj): void {
    const related = (isObj(msg.params) && isObj(msg.params._meta) ? msg.params._meta["io.modelcontextprotocol/related-task"] : undefined) as Obj | undefined;
    if (typeof related?.taskId !== "string") return;
    const method = String(msg.method).slice(0, 200);
    const outcome = this.byTask.get(related.taskId);
    if (outcome !== undefined) push(this.keeper.related(outcome), [method]);
    else if (this.early.has(related.taskId) || this.early.size < 1_000) {
      const list = this.early.get(related.taskId) ?? [];
      push(list, [method]);
      this.early.set(related.taskId, list);
    }
  }
}

/** The first pass: each call's outcome as a digest; `only` limits it to the calls the other side made. */
export function digestFollower(ignore: PathSegment[][], bounds: DiffBounds, only?: Map<string, unknown>): { follower: CallFollower<Digest>; calls: Map<string, Digest>; notCompared: () => number } {
  const calls = new Map<string, Digest>();
  let notCompared = 0;
  const lists = (d: Digest) => (d.lists ??= { statuses: [], inputs: [], related: [] });
  const follower = new CallFollower<Digest>(
    {
      start: (key) => {
        if (calls.has(key) || (only && !only.has(key))) return undefined;
        // Past the bound, a call is counted each time it is made (telling a new one from one made before would mean keeping it).
        if (calls.size >= bounds.calls) {
          if (!only) notCompared++;
          return undefined;
        }
        const digest: Digest = { failed: false, chars: 0 };
        calls.set(key, digest);
        return digest;
      },
      result: (d, value) => {
        const normalized = normalize(value, ignore);
        const text = canonical(normalized);
        d.chars += text.length;
        d.result = hashNumber(text);
        d.failed = isObj(normalized) && normalized.isError === true;
      },
      error: (d, error) => {
        const text = canonical(error);
        d.chars += text.length;
        d.error = hashNumber(text);
      },
      status: (d) => lists(d).statuses,
      inputs: (d) => lists(d).inputs,
      related: (d) => lists(d).related,
    },
    bounds.pending,
  );
  return { follower, calls, notCompared: () => notCompared };
}

/**
 * The second pass, over the calls whose digests differ (`digests`, this side's): what classes each, kept
 * in its digest, and the values of those `listed`.
 */
export function detailFollower(ignore: PathSegment[][], bounds: DiffBounds, digests: Map<string, Digest>, listed: Set<string>): CallFollower<Digest> {
  // An unlisted call's lists are in its digest already: what the second pass finds of them is dropped.
  const lists = (d: Digest) => d.values ?? { statuses: [], inputs: [], related: [] };
  return new CallFollower<Digest>(
    {
      start: (key, name) => {
        const digest = digests.get(key);
        if (digest?.differs !== 1) return undefined;
        digest.differs = 2;
        if (listed.has(key)) digest.values = { name, statuses: [], inputs: [], related: [] };
        return digest;
      },
      result: (d, value) => {
        const normalized = normalize(value, ignore);
        d.masked = hashNumber(canonical(masked(normalized)));
        d.shape = hashNumber(canonical([...shapeOf(parsedParts(normalized))]));
        if (d.values) d.values.result = normalized;
      },
      error: (d, error) => {
        if (d.values) d.values.error = error;
      },
      status: (d) => lists(d).statuses,
      inputs: (d) => lists(d).inputs,
      related: (d) => lists(d).related,
    },
    bounds.pending,
  );
}

/** The calls whose digests differ, marked on both sides; how many. */
export function markDiffering(a: Map<string, Digest>, b: Map<string, Digest>): number {
  let count = 0;
  for (const [key, x] of a) {
    const y = b.get(key);
    if (!y || (x.error === y.error && x.result === y.result && canonical(x.lists ?? NO_LISTS) === canonical(y.lists ?? NO_LISTS))) continue;
    x.differs = y.differs = 1;
    count++;
  }
  return count;
}

/** The differing calls, in the first recording's order. */
function* differing(a: Map<string, Digest>, b: Map<string, Digest>): Generator<[string, Digest, Digest]> {
  for (const [key, x] of a) if (x.differs) yield [key, x, b.get(key)!];
}

/** The values of the listed calls, one side (`a` gives the order), as diffBehaviour compares them. */
export function listedValues(a: Map<string, Digest>, side: Map<string, Digest>): Map<string, CallOutcome> {
  const out = new Map<string, CallOutcome>();
  for (const [key, x] of differing(a, side)) {
    const values = (a === side ? x : side.get(key))?.values;
    if (values) out.set(key, values);
  }
  return out;
}

/** The differing calls whose values the second pass keeps: the first ones, within the bounds. */
export function callsToList(a: Map<string, Digest>, b: Map<string, Digest>, bounds: DiffBounds): Set<string> {
  const listed = new Set<string>();
  let chars = 0;
  for (const [key, x, y] of differing(a, b)) {
    chars += x.chars + y.chars;
    if (listed.size >= bounds.listed || chars > bounds.listedChars) break;
    listed.add(key);
  }
  return listed;
}

/**
 * The differing calls not listed, classed as listed ones are, from their digests and hashes: an error or
 * isError that appeared and a status sequence that no longer completes are breaking; a result whose shape
 * differs is counted breaking too (a field may be removed or retyped: a listed one would say which).
 */
export function classUnlisted(a: Map<string, Digest>, b: Map<string, Digest>): { changes: number; breaking: number; varies: number } {
  const counts = { changes: 0, breaking: 0, varies: 0 };
  for (const [, x, y] of differing(a, b)) {
    if (x.values) continue;
    const classes: ("breaking" | "change" | "varies")[] = [];
    if (x.error !== y.error) classes.push(x.error === undefined ? "breaking" : "change");
    else if (x.result !== y.result) classes.push((y.failed && !x.failed) || x.shape !== y.shape ? "breaking" : x.masked === y.masked ? "varies" : "change");
    const [sx, sy] = [x.lists?.statuses ?? [], y.lists?.statuses ?? []];
    if (canonical(sx) !== canonical(sy)) classes.push(sameEnd(sx, sy, x.error === y.error && (x.result === y.result || x.masked === y.masked)) ? "varies" : sx.at(-1) === "completed" && sy.at(-1) !== "completed" && sy.length > 0 ? "breaking" : "change");
    if (canonical(inputsOf(x.lists)) !== canonical(inputsOf(y.lists))) classes.push("change");
    for (const c of classes) {
      if (c === "varies") counts.varies++;
      else counts.changes++;
      if (c === "breaking") counts.breaking++;
    }
  }
  return counts;
}

const inputsOf = (o: { inputs: string[]; related: string[] } | undefined) => (o ? [...o.inputs, ...o.related] : []);

const TERMINAL = new Set(["completed", "failed", "cancelled"]);

/**
 * Which statuses a client saw depends on when it polled: the same last status is the same behaviour, and so
 * is a run that fetched the same result before any poll saw the task's terminal status (its sequence ends
 * while the task still looked live).
 */
function sameEnd(x: string[], y: string[], sameOutcome: boolean): boolean {
  const [a, b] = [x.at(-1), y.at(-1)];
  return a === b || (sameOutcome && (!TERMINAL.has(a ?? "") || !TERMINAL.has(b ?? "")));
}

export function diffBehaviour(a: Map<string, CallOutcome>, b: Map<string, CallOutcome>): { changes: CallChange[]; varies: CallChange[] } {
  const changes: CallChange[] = [];
  const varies: CallChange[] = [];
  for (const [key, x] of a) {
    const y = b.get(key);
    if (!y) continue;
    const name = x.name;
    const add = (what: string, breaking: boolean, before: unknown, after: unknown) => changes.push({ area: "behaviour", subject: "call", name, what, breaking, before, after });
    const vary = (what: string, before: unknown, after: unknown) => varies.push({ area: "behaviour", subject: "call", name, what, breaking: false, before, after });
    if (canonical(x.error) !== canonical(y.error)) add(x.error === undefined ? "now fails" : y.error === undefined ? "no longer fails" : "error changed", x.error === undefined, x.error, y.error);
    else if (canonical(x.result) !== canonical(y.result)) {
      const failsNow = isObj(y.result) && y.result.isError === true && !(isObj(x.result) && x.result.isError === true);
      // A client that parses the result (structured content, JSON text) breaks on a field removed or retyped.
      const shape = failsNow ? undefined : shapeChange(x.result, y.result);
      if (failsNow) add("result is now an error (isError)", true, x.result, y.result);
      else if (shape) add(`result shape changed: ${shape}`, true, x.result, y.result);
      else if (canonical(masked(x.result)) === canonical(masked(y.result))) vary("result varies between runs (times, ids, durations)", x.result, y.result);
      else add("result changed", false, x.result, y.result);
    }
    if (canonical(x.statuses) !== canonical(y.statuses)) {
      // Which statuses a client saw depends on when it polled: the same end is the same behaviour.
      if (sameEnd(x.statuses, y.statuses, canonical(x.error) === canonical(y.error) && canonical(masked(x.result)) === canonical(masked(y.result)))) vary("task status sequence varies between runs (poll timing)", x.statuses, y.statuses);
      else add("task status sequence changed", x.statuses.at(-1) === "completed" && y.statuses.at(-1) !== "completed" && y.statuses.length > 0, x.statuses, y.statuses);
    }
    const [ia, ib] = [inputsOf(x), inputsOf(y)];
    if (canonical(ia) !== canonical(ib)) add("input requests changed", false, ia, ib);
  }
  return { changes, varies };
}

/** A value that differs on every run: an ISO time, a UUID, a long hex id, a duration in words. */
const VOLATILE_TEXT = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?|\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b|\b[0-9a-f]{16,}\b|\b\d+(?:\.\d+)?\s?(?:ms|milliseconds?|s|seconds?)\b/gi;
/** A number under such a key differs on every run too (a time, a duration, an id, a poll count). */
const VOLATILE_KEY = /(?:^|[a-z_-])(?:id|Id|ID|at|At|time|Time|timestamp|Timestamp|ms|Ms|duration|Duration|elapsed|Elapsed|polls?|Polls?|attempts?|Attempts?|nonce|Nonce|seed|Seed)$/;
const VARIES = "‹varies›";

/** The value with what varies between runs replaced by one marker (JSON text inside too), bounded in depth. */
function masked(value: unknown, key = "", depth = 0): unknown {
  if (depth > 30) return value;
  if (typeof value === "string") {
    const json = jsonInside(value);
    if (json !== undefined) return masked(json, key, depth + 1);
    return VOLATILE_KEY.test(key) ? VARIES : value.replace(VOLATILE_TEXT, VARIES);
  }
  if (typeof value === "number") return VOLATILE_KEY.test(key) ? VARIES : value;
  if (Array.isArray(value)) return value.map((v) => masked(v, key, depth + 1));
  if (isObj(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v, k, depth + 1)]));
  return value;
}

/** JSON a text holds (an object or array), or undefined. */
function jsonInside(text: string): unknown {
  const trimmed = text.trimStart();
  if (!(trimmed.startsWith("{") || trimmed.startsWith("[")) || text.length > 4 * 1024 * 1024) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The first field a client reading the first result would miss in the second: removed, or of another type,
 * in structured content or in JSON text content.
 */
function shapeChange(a: unknown, b: unknown): string | undefined {
  const [x, y] = [shapeOf(parsedParts(a)), shapeOf(parsedParts(b))];
  for (const [path, type] of x) {
    const other = y.get(path);
    if (other === undefined) return `field ${path} removed`;
    if (other !== type && type !== "null" && other !== "null") return `field ${path} changed from ${type} to ${other}`;
  }
  return undefined;
}

/** What a client parses in a result: its structured content, and each text content that is JSON. */
function parsedParts(result: unknown): Obj {
  const parts: Obj = {};
  if (!isObj(result)) return parts;
  if (result.structuredContent !== undefined) parts.structuredContent = result.structuredContent;
  if (Array.isArray(result.content))
    result.content.forEach((item, i) => {
      const json = isObj(item) && typeof item.text === "string" ? jsonInside(item.text) : undefined;
      if (json !== undefined) parts[`content[${i}].text`] = json;
    });
  return parts;
}

/** Path → JSON type, array items under `[]`, bounded (depth and paths): the shape, not the values. */
function shapeOf(value: unknown, path = "", into = new Map<string, string>(), depth = 0): Map<string, string> {
  if (depth > 20 || into.size > 10_000) return into;
  const type = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
  if (path) into.set(path, type);
  if (Array.isArray(value)) for (const item of value.slice(0, 100)) shapeOf(item, `${path}[]`, into, depth + 1);
  else if (isObj(value)) for (const [key, child] of Object.entries(value)) shapeOf(child, path ? `${path}.${key}` : key, into, depth + 1);
  return into;
}

export type PathSegment = string | number | "*";

/** `$.structuredContent.items[0].id`, `content[*].text`: names, indexes and `*`. */
export function parsePath(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  for (const part of path.replace(/^\$\.?/, "").match(/[^.[\]]+|\[[^\]]*\]/g) ?? []) {
    const inner = part.startsWith("[") ? part.slice(1, -1).replace(/^["']|["']$/g, "") : part;
    segments.push(inner === "*" ? "*" : part.startsWith("[") && /^\d+$/.test(inner) ? Number(inner) : inner);
  }
  return segments;
}

/** A result as compared: without what varies between runs of the same server, nor what --ignore names. */
function normalize(value: unknown, ignore: PathSegment[][]): unknown {
  let out = normalizedResult(value);
  for (const path of ignore) out = without(out, path);
  return out;
}

/** The value without what the path names (a copy; the recording's own objects are left as they are). */
function without(value: unknown, path: PathSegment[]): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    if (head === "*") return rest.length ? value.map((v) => without(v, rest)) : [];
    if (typeof head !== "number" || head >= value.length) return value;
    if (!rest.length) return value.filter((_, i) => i !== head);
    return value.map((v, i) => (i === head ? without(v, rest) : v));
  }
  if (!isObj(value)) return value;
  const keys = head === "*" ? Object.keys(value) : [String(head)];
  const copy: Obj = { ...value };
  for (const key of keys) {
    if (!(key in copy)) continue;
    if (rest.length) copy[key] = without(copy[key], rest);
    else delete copy[key];
  }
  return copy;
}

function pushStatus(statuses: string[], status: unknown): void {
  // Polls repeat a status as often as the client happened to ask: a sequence keeps each change once.
  if (typeof status === "string" && statuses.at(-1) !== status) push(statuses, [status.slice(0, 200)]);
}

/** Appended up to LIST_MAX: a hostile task flipping its status a million times keeps a hundred. */
function push(list: string[], items: string[]): void {
  for (const item of items) if (list.length < LIST_MAX) list.push(item);
}

function inputNames(result: Obj): string[] {
  const requests = isObj(result.inputRequests) ? result.inputRequests : {};
  return Object.entries(requests).slice(0, LIST_MAX).map(([key, request]) => `${key.slice(0, 200)}: ${isObj(request) && typeof request.method === "string" ? request.method.slice(0, 200) : "?"}`);
}

function errorShape(error: unknown): unknown {
  return isObj(error) ? { code: error.code, message: error.message } : error;
}

/** A result without what varies between runs of the same server: `_meta`, task ids and times. */
function normalizedResult(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((v) => normalizedResult(v, depth + 1));
  if (!isObj(value) || depth > 50) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !TASK_TIMES.has(k)).map(([k, v]) => [k, normalizedResult(v, depth + 1)]));
}

export function withoutMeta(params: Obj): Obj {
  const { _meta: _ignored, ...rest } = params;
  return rest;
}

/** A call's key as the passes keep it: 72 bits of its text, whatever its size. */
function hash(text: string): string {
  return digestOf("sha1", text, "base64").slice(0, 12);
}

/** A result as the passes keep it, only ever compared with the other side's for the same call: 48 bits. */
function hashNumber(text: string): number {
  return digestOf("sha1", text, "buffer").readUIntBE(0, 6);
}

export function isObj(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function canonical(value: unknown, depth = 0): string {
  if (depth > 100) return '"…"';
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v, depth + 1)).join(",")}]`;
  if (isObj(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k], depth + 1)}`).join(",")}}`;
  return JSON.stringify(value) ?? "null";
}
