// Two recordings compared (issue 22): (1) the surface the server showed (tools, resources, templates,
// prompts, their schemas and annotations, capabilities, era), each change classed breaking or not by
// what a client written against the first could no longer do; (2) the behaviour of the calls both
// recordings made (results, errors, task status sequences, input requests).
import { isMessageLine, type Recording } from "./format.js";
import { idKey } from "../messageLog.js";

export type Area = "surface" | "behaviour";
export type Subject = "era" | "capability" | "tool" | "resource" | "template" | "prompt" | "call";

export interface Change {
  area: Area;
  subject: Subject;
  /** The tool, prompt, resource URI, template, capability path or call it is about. */
  name: string;
  /** What changed, in a few words ("required argument \"limit\" added"). */
  what: string;
  breaking: boolean;
  before?: unknown;
  after?: unknown;
}

export interface DiffDocument {
  /** The document's own version: fields are only ever added. */
  diff: 1;
  a: RecordingSummary;
  b: RecordingSummary;
  changes: Change[];
  breaking: number;
  other: number;
  /** Differences in values that differ on every run (times, UUIDs, ids, poll counts, durations): not changes. */
  varies?: Change[];
  /** What each reader noticed (a server request the client had not offered the capability for). */
  warnings?: { a: string[]; b: string[] };
}

export interface DiffOptions {
  /** JSON paths in call results left out of the comparison (`structuredContent.generatedAt`, `content[*].text`). */
  ignore?: string[];
}

export interface RecordingSummary {
  server?: { name?: unknown; version?: unknown };
  era?: string;
  protocolVersion?: string;
}

type Obj = Record<string, unknown>;

interface Surface {
  era?: string;
  capabilities: Obj;
  tools: Map<string, Obj>;
  resources: Map<string, Obj>;
  templates: Map<string, Obj>;
  prompts: Map<string, Obj>;
  /** The lists this recording asked for: a list one side never asked for is not compared (nothing was learnt). */
  listed: Set<string>;
}

interface CallOutcome {
  result?: unknown;
  error?: unknown;
  statuses: string[];
  inputs: string[];
}

export function diffRecordings(a: Recording, b: Recording, options: DiffOptions = {}): DiffDocument {
  const ignore = (options.ignore ?? []).map(parsePath);
  const behaviour = diffBehaviour(callsOf(a, ignore), callsOf(b, ignore));
  const changes: Change[] = [...diffSurface(surfaceOf(a), surfaceOf(b)), ...behaviour.changes];
  const breaking = changes.filter((c) => c.breaking).length;
  const warnings = a.warnings.length || b.warnings.length ? { warnings: { a: a.warnings, b: b.warnings } } : {};
  return { diff: 1, a: summaryOf(a), b: summaryOf(b), changes, breaking, other: changes.length - breaking, ...(behaviour.varies.length ? { varies: behaviour.varies } : {}), ...warnings };
}

function summaryOf(r: Recording): RecordingSummary {
  const info = r.header.serverInfo;
  return { ...(info ? { server: { name: info.name, version: info.version } } : {}), ...(r.header.era ? { era: r.header.era } : {}), ...(r.header.protocolVersion ? { protocolVersion: r.header.protocolVersion } : {}) };
}

/** What the app shows of one side of a diff, beside the other: names only, each list capped (a hostile server may list millions). */
export interface SurfaceSummary {
  era?: string;
  protocolVersion?: string;
  server?: { name?: string; version?: string };
  capabilities: NameList;
  /** A list is undefined when the recording never asked for it. */
  tools?: NameList;
  resources?: NameList;
  templates?: NameList;
  prompts?: NameList;
}

export interface NameList {
  names: string[];
  /** How many there were: more than `names` holds when capped. */
  count: number;
}

/** At most this many names a list, each at most NAME_CHARS long: the page shows the rest as a count. */
export const SUMMARY_NAMES = 500;
const NAME_CHARS = 300;

export function surfaceSummary(r: Recording): SurfaceSummary {
  const surface = surfaceOf(r);
  const names = (keys: Iterable<string>): NameList => {
    const all = [...keys];
    return { names: all.slice(0, SUMMARY_NAMES).map((k) => (k.length > NAME_CHARS ? `${k.slice(0, NAME_CHARS)}…` : k)), count: all.length };
  };
  const text = (v: unknown) => (typeof v === "string" ? v.slice(0, NAME_CHARS) : undefined);
  const info = r.header.serverInfo;
  const server = info ? { ...(text(info.name) !== undefined ? { name: text(info.name) } : {}), ...(text(info.version) !== undefined ? { version: text(info.version) } : {}) } : undefined;
  const listed = (list: "tools" | "resources" | "templates" | "prompts") => (surface.listed.has(list) ? { [list]: names(surface[list].keys()) } : {});
  return {
    ...(surface.era ? { era: surface.era } : {}),
    ...(r.header.protocolVersion ? { protocolVersion: r.header.protocolVersion.slice(0, NAME_CHARS) } : {}),
    ...(server ? { server } : {}),
    capabilities: names(flatten(surface.capabilities)),
    ...listed("tools"),
    ...listed("resources"),
    ...listed("templates"),
    ...listed("prompts"),
  };
}

/** Each response with the request it answers (by id), in wire order. */
function exchanges(r: Recording): { method: string; params: Obj; response: Obj }[] {
  const requests = new Map<string | number, { method: string; params: Obj }>();
  const out: { method: string; params: Obj; response: Obj }[] = [];
  for (const line of r.lines) {
    if (!isMessageLine(line) || line.note !== undefined || !isObj(line.msg)) continue;
    const m = line.msg;
    if (line.dir === "out" && typeof m.method === "string" && m.id !== undefined) requests.set(idKey(m.id), { method: m.method, params: isObj(m.params) ? m.params : {} });
    if (line.dir === "in" && m.method === undefined && m.id !== undefined) {
      const request = requests.get(idKey(m.id));
      if (request) out.push({ ...request, response: m });
    }
  }
  return out;
}

function surfaceOf(r: Recording): Surface {
  const surface: Surface = { era: r.header.era, capabilities: r.header.serverCapabilities ?? {}, tools: new Map(), resources: new Map(), templates: new Map(), prompts: new Map(), listed: new Set() };
  const lists: Record<string, [keyof Surface, string, string]> = {
    "tools/list": ["tools", "tools", "name"],
    "resources/list": ["resources", "resources", "uri"],
    "resources/templates/list": ["templates", "resourceTemplates", "uriTemplate"],
    "prompts/list": ["prompts", "prompts", "name"],
  };
  for (const { method, response } of exchanges(r)) {
    const result = isObj(response.result) ? response.result : undefined;
    if ((method === "initialize" || method === "server/discover") && isObj(result?.capabilities) && !r.header.serverCapabilities) surface.capabilities = result.capabilities;
    const list = lists[method];
    if (!list || !result || !Array.isArray(result[list[1]])) continue;
    const into = surface[list[0]] as Map<string, Obj>;
    surface.listed.add(list[0]);
    // Pages add up; a later list (after list_changed) says the same item again, newest wins.
    for (const item of result[list[1]] as unknown[]) if (isObj(item) && typeof item[list[2]] === "string") into.set(item[list[2]] as string, item);
  }
  return surface;
}

function diffSurface(a: Surface, b: Surface): Change[] {
  const changes: Change[] = [];
  const add = (subject: Subject, name: string, what: string, breaking: boolean, before?: unknown, after?: unknown) =>
    changes.push({ area: "surface", subject, name, what, breaking, ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) });
  if (a.era && b.era && a.era !== b.era) add("era", "era", `era changed from ${a.era} to ${b.era}`, true, a.era, b.era);
  const before = flatten(a.capabilities);
  const after = flatten(b.capabilities);
  for (const path of before) if (!after.has(path)) add("capability", path, "capability removed", true);
  for (const path of after) if (!before.has(path)) add("capability", path, "capability added", false);

  const both = (list: string) => a.listed.has(list) && b.listed.has(list);
  if (both("tools")) diffTools(a, b, add);
  for (const [subject, list] of [["resource", "resources"], ["template", "templates"]] as const) {
    if (!both(list)) continue;
    const [x, y] = [a[list], b[list]];
    for (const [key, item] of x) {
      const next = y.get(key);
      if (!next) add(subject, key, `${subject} removed`, true);
      else {
        if (item.mimeType !== next.mimeType) add(subject, key, "MIME type changed", true, item.mimeType, next.mimeType);
        if (item.description !== next.description || item.name !== next.name) add(subject, key, "name or description changed", false);
      }
    }
    for (const key of y.keys()) if (!x.has(key)) add(subject, key, `${subject} added`, false);
  }
  if (both("prompts")) diffPrompts(a, b, add);
  return changes;
}

type Add = (subject: Subject, name: string, what: string, breaking: boolean, before?: unknown, after?: unknown) => void;

function diffTools(a: Surface, b: Surface, add: Add): void {
  for (const [name, tool] of a.tools) {
    const next = b.tools.get(name);
    if (!next) {
      add("tool", name, "tool removed", true);
      continue;
    }
    if (tool.description !== next.description) add("tool", name, "description changed", false, tool.description, next.description);
    if (tool.title !== next.title) add("tool", name, "title changed", false, tool.title, next.title);
    for (const c of diffSchema(tool.inputSchema, next.inputSchema, "input", "argument")) add("tool", name, c.what, c.breaking, c.before, c.after);
    if (isObj(tool.outputSchema) && !isObj(next.outputSchema)) add("tool", name, "output schema removed", true);
    else if (!isObj(tool.outputSchema) && isObj(next.outputSchema)) add("tool", name, "output schema added", false);
    else for (const c of diffSchema(tool.outputSchema, next.outputSchema, "output", "output field")) add("tool", name, c.what, c.breaking, c.before, c.after);
    if (canonical(tool.annotations) !== canonical(next.annotations)) add("tool", name, "annotations changed", false, tool.annotations, next.annotations);
    const modes = (t: Obj) => ({ required: ["task"], optional: ["task", "plain"] })[String((t.execution as Obj | undefined)?.taskSupport)] ?? ["plain"];
    const [was, now] = [modes(tool), modes(next)];
    if (canonical(was) !== canonical(now)) add("tool", name, `task support changed (${was.join("+")} → ${now.join("+")})`, was.some((m) => !now.includes(m)), (tool.execution as Obj | undefined)?.taskSupport, (next.execution as Obj | undefined)?.taskSupport);
  }
  for (const name of b.tools.keys()) if (!a.tools.has(name)) add("tool", name, "tool added", false);
}

function diffPrompts(a: Surface, b: Surface, add: Add): void {
  for (const [name, prompt] of a.prompts) {
    const next = b.prompts.get(name);
    if (!next) {
      add("prompt", name, "prompt removed", true);
      continue;
    }
    if (prompt.description !== next.description) add("prompt", name, "description changed", false, prompt.description, next.description);
    const args = (p: Obj) => new Map((Array.isArray(p.arguments) ? p.arguments : []).filter(isObj).map((arg) => [String(arg.name), arg.required === true]));
    const [was, now] = [args(prompt), args(next)];
    for (const [arg, required] of was) {
      if (!now.has(arg)) add("prompt", name, `argument "${arg}" removed`, true);
      else if (!required && now.get(arg)) add("prompt", name, `argument "${arg}" became required`, true);
    }
    for (const [arg, required] of now) if (!was.has(arg)) add("prompt", name, `${required ? "required" : "optional"} argument "${arg}" added`, required);
  }
  for (const name of b.prompts.keys()) if (!a.prompts.has(name)) add("prompt", name, "prompt added", false);
}

/**
 * Two JSON Schemas of one tool's input or output, property by property (nested objects too). Input: what
 * callers send must stay accepted (a new required argument, a removed one, a narrowed type break them).
 * Output: what callers read must stay there (a removed field, one no longer required, a widened type break them).
 */
function diffSchema(a: unknown, b: unknown, side: "input" | "output", word: string, path = "", depth = 0): { what: string; breaking: boolean; before?: unknown; after?: unknown }[] {
  if (!isObj(a) || !isObj(b) || depth > 20) return [];
  const out: { what: string; breaking: boolean; before?: unknown; after?: unknown }[] = [];
  const props = (s: Obj) => (isObj(s.properties) ? s.properties : {});
  const required = (s: Obj) => new Set(Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === "string") : []);
  const [pa, pb, ra, rb] = [props(a), props(b), required(a), required(b)];
  const named = (key: string) => `${word} "${path}${key}"`;
  for (const key of Object.keys(pa)) {
    if (!(key in pb)) {
      out.push({ what: `${named(key)} removed`, breaking: true });
      continue;
    }
    if (side === "input" && !ra.has(key) && rb.has(key)) out.push({ what: `${named(key)} became required`, breaking: true });
    if (side === "output" && ra.has(key) && !rb.has(key)) out.push({ what: `${named(key)} no longer always present`, breaking: true });
    const [ta, tb] = [typesOf(pa[key]), typesOf(pb[key])];
    if (ta && tb && canonical(ta) !== canonical(tb)) {
      const narrowed = ta.some((t) => !tb.includes(t) && !(t === "integer" && tb.includes("number")));
      const widened = tb.some((t) => !ta.includes(t) && !(t === "integer" && ta.includes("number")));
      const breaking = side === "input" ? narrowed : widened;
      // number → string is neither narrowed nor widened: another type altogether.
      const how = narrowed && widened ? " (another type)" : side === "input" ? " (narrowed)" : " (widened)";
      out.push({ what: `${named(key)} type changed from ${ta.join("|")} to ${tb.join("|")}${breaking ? how : ""}`, breaking, before: ta, after: tb });
    }
    const [ea, eb] = [enumOf(pa[key]), enumOf(pb[key])];
    if (ea && eb && canonical(ea) !== canonical(eb)) {
      const lost = ea.filter((v) => !eb.some((w) => canonical(w) === canonical(v)));
      const gained = eb.filter((v) => !ea.some((w) => canonical(w) === canonical(v)));
      out.push({ what: `${named(key)} allowed values changed`, breaking: side === "input" ? lost.length > 0 : gained.length > 0, before: ea, after: eb });
    }
    out.push(...diffSchema(pa[key], pb[key], side, word, `${path}${key}.`, depth + 1));
  }
  for (const key of Object.keys(pb)) {
    if (key in pa) continue;
    if (side === "input") out.push({ what: `${rb.has(key) ? "required" : "optional"} ${named(key)} added`, breaking: rb.has(key) });
    else out.push({ what: `${named(key)} added`, breaking: false });
  }
  return out;
}

function typesOf(schema: unknown): string[] | undefined {
  if (!isObj(schema)) return undefined;
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === "string").sort();
  return undefined;
}

function enumOf(schema: unknown): unknown[] | undefined {
  return isObj(schema) && Array.isArray(schema.enum) ? schema.enum : undefined;
}

/** Capability paths ("tools.listChanged", "tasks.requests.tools.call"): a removed path is something a client may have relied on. */
function flatten(value: Obj, prefix = "", depth = 0, into = new Set<string>()): Set<string> {
  for (const [key, child] of Object.entries(value)) {
    const path = `${prefix}${key}`;
    if (isObj(child) && Object.keys(child).length && depth < 6) flatten(child, `${path}.`, depth + 1, into);
    else if (child !== false && child !== undefined) into.add(path);
  }
  return into;
}

/**
 * The calls a recording made that a live side can be asked again for `diff --server`: plain ones (not
 * run as 2025-11-25 tasks), each once, in recorded order, at most `max`.
 */
export function callsToRepeat(r: Recording, max = 100): { method: string; params: Obj }[] {
  const seen = new Set<string>();
  const calls: { method: string; params: Obj }[] = [];
  for (const { method, params } of exchanges(r)) {
    if (!CALL_METHODS.has(method) || "task" in params || calls.length >= max) continue;
    const key = `${method} ${canonical(withoutMeta(params))}`;
    if (seen.has(key)) continue;
    seen.add(key);
    calls.push({ method, params: withoutMeta(params) });
  }
  return calls;
}

const CALL_METHODS = new Set(["tools/call", "resources/read", "prompts/get", "completion/complete"]);
const TASK_TIMES = new Set(["createdAt", "lastUpdatedAt", "taskId", "_meta", "pollInterval", "pollIntervalMs", "ttl", "ttlMs"]);

/** The calls a recording made, by method and params, with what came of each (the first time it was made). */
function callsOf(r: Recording, ignore: PathSegment[][] = []): Map<string, CallOutcome> {
  const normalized = (value: unknown) => withoutPaths(normalizedResult(value), ignore);
  const calls = new Map<string, CallOutcome>();
  const byTask = new Map<string, CallOutcome>();
  for (const { method, params, response } of exchanges(r)) {
    if (CALL_METHODS.has(method)) {
      const key = `${method} ${canonical(withoutMeta(params))}`;
      if (calls.has(key)) continue;
      const outcome: CallOutcome = { statuses: [], inputs: [] };
      calls.set(key, outcome);
      const result = isObj(response.result) ? response.result : undefined;
      if (response.error !== undefined) outcome.error = errorShape(response.error);
      // A task (2025-11-25 CreateTaskResult, or a 2026-07-28 resultType "task"): its statuses and end follow.
      const task = isObj(result?.task) ? result.task : result?.resultType === "task" ? result : undefined;
      if (task && typeof task.taskId === "string") {
        byTask.set(task.taskId, outcome);
        pushStatus(outcome, task.status);
      } else if (result?.resultType === "input_required") {
        outcome.inputs.push(...inputNames(result));
      } else if (result) outcome.result = normalized(result);
      continue;
    }
    const taskId = typeof params.taskId === "string" ? params.taskId : undefined;
    const outcome = taskId !== undefined ? byTask.get(taskId) : undefined;
    if (!outcome) continue;
    const result = isObj(response.result) ? response.result : undefined;
    if (method === "tasks/get" && result) {
      pushStatus(outcome, result.status);
      if (isObj(result.inputRequests)) outcome.inputs.push(...inputNames(result));
      if (result.result !== undefined) outcome.result = normalized(result.result);
      if (result.error !== undefined) outcome.error = errorShape(result.error);
    } else if (method === "tasks/result") {
      if (response.error !== undefined) outcome.error = errorShape(response.error);
      else if (result) outcome.result = normalized(result);
    }
  }
  // 2025-11-25: the server's own requests tied to a task (a related-task elicitation) are its input requests.
  for (const line of r.lines) {
    if (!isMessageLine(line) || line.dir !== "in" || !isObj(line.msg) || typeof line.msg.method !== "string" || line.msg.id === undefined) continue;
    const related = (isObj(line.msg.params) && isObj(line.msg.params._meta) ? line.msg.params._meta["io.modelcontextprotocol/related-task"] : undefined) as Obj | undefined;
    const outcome = typeof related?.taskId === "string" ? byTask.get(related.taskId) : undefined;
    if (outcome) outcome.inputs.push(line.msg.method);
  }
  return calls;
}

function diffBehaviour(a: Map<string, CallOutcome>, b: Map<string, CallOutcome>): { changes: Change[]; varies: Change[] } {
  const changes: Change[] = [];
  const varies: Change[] = [];
  for (const [key, x] of a) {
    const y = b.get(key);
    if (!y) continue;
    const name = key.length > 300 ? `${key.slice(0, 300)}…` : key;
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
      if (x.statuses.at(-1) === y.statuses.at(-1)) vary("task status sequence varies between runs (poll timing)", x.statuses, y.statuses);
      else add("task status sequence changed", x.statuses.at(-1) === "completed" && y.statuses.at(-1) !== "completed" && y.statuses.length > 0, x.statuses, y.statuses);
    }
    if (canonical(x.inputs) !== canonical(y.inputs)) add("input requests changed", false, x.inputs, y.inputs);
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

type PathSegment = string | number | "*";

/** `$.structuredContent.items[0].id`, `content[*].text`: names, indexes and `*`. */
function parsePath(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  for (const part of path.replace(/^\$\.?/, "").match(/[^.[\]]+|\[[^\]]*\]/g) ?? []) {
    const inner = part.startsWith("[") ? part.slice(1, -1).replace(/^["']|["']$/g, "") : part;
    segments.push(inner === "*" ? "*" : part.startsWith("[") && /^\d+$/.test(inner) ? Number(inner) : inner);
  }
  return segments;
}

/** The value without what the paths name (a copy; the recording's own objects are left as they are). */
function withoutPaths(value: unknown, paths: PathSegment[][]): unknown {
  if (!paths.length) return value;
  let out = value;
  for (const path of paths) out = without(out, path);
  return out;
}

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

function pushStatus(outcome: CallOutcome, status: unknown): void {
  // Polls repeat a status as often as the client happened to ask: a sequence keeps each change once.
  if (typeof status === "string" && outcome.statuses.at(-1) !== status) outcome.statuses.push(status);
}

function inputNames(result: Obj): string[] {
  const requests = isObj(result.inputRequests) ? result.inputRequests : {};
  return Object.entries(requests).map(([key, request]) => `${key}: ${isObj(request) && typeof request.method === "string" ? request.method : "?"}`);
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

function withoutMeta(params: Obj): Obj {
  const { _meta: _ignored, ...rest } = params;
  return rest;
}

function isObj(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function canonical(value: unknown, depth = 0): string {
  if (depth > 100) return '"…"';
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v, depth + 1)).join(",")}]`;
  if (isObj(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k], depth + 1)}`).join(",")}}`;
  return JSON.stringify(value) ?? "null";
}
