// Two recordings compared (issue 22): (1) the surface the server showed (tools, resources, templates,
// prompts, their schemas and annotations, capabilities, era), each change classed breaking or not by
// what a client written against the first could no longer do; (2) the behaviour of the calls both
// recordings made (results, errors, task status sequences, input requests). Both are read line by line
// and only what is compared is kept (issue 30): a recording file of any size diffs in bounded memory.
import type { Recording, RecordingHeader, RecordingLine } from "./format.js";
import { RecordingStream } from "./reader.js";
import { CALL_METHODS, callsToList, canonical, classUnlisted, diffBehaviour, DIFF_BOUNDS, digestFollower, listedValues, markDiffering, ExchangeFollower, isObj, parsePath, detailFollower, withoutMeta, type DiffBounds, type Obj } from "./diffCalls.js";

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
  /**
   * Set when more calls differ than are listed (the first 1,000, within 8 MB of values) or the first
   * recording made more distinct calls than are compared (200,000): `breaking` and `other` count them too.
   */
  unlisted?: { changes: number; breaking: number; varies: number; notCompared: number };
}

export interface DiffOptions {
  /** JSON paths in call results left out of the comparison (`structuredContent.generatedAt`, `content[*].text`). */
  ignore?: string[];
  /** What is kept at most (tests make them small). */
  bounds?: DiffBounds;
}

export interface RecordingSummary {
  server?: { name?: unknown; version?: unknown };
  era?: string;
  protocolVersion?: string;
}

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

/** Two recordings in memory (a test, the app's Compare…), compared as the files are. */
export function diffRecordings(a: Recording, b: Recording, options: DiffOptions = {}): DiffDocument {
  const run = new DiffRun(options);
  for (const side of [0, 1] as const) run.feed(run.firstPass(side, [a, b][side]!.header), [a, b][side]!.lines);
  for (const side of run.secondPasses()) run.feed(run.secondPass(side), [a, b][side]!.lines);
  return run.document(a.warnings, b.warnings);
}

/**
 * Two recording files, each streamed (twice when calls differ: the second time for the values of the
 * first differences): what is kept does not grow with the files. A damaged file is a RecordingError.
 */
export async function diffRecordingFiles(a: string, b: string, options: DiffOptions = {}): Promise<DiffDocument> {
  const paths = [a, b] as const;
  const run = new DiffRun(options);
  const read = async (side: 0 | 1, pass: (header: RecordingHeader) => LineSink) => {
    const stream = RecordingStream.open(paths[side]);
    try {
      const sink = pass(stream.header);
      for await (const lines of stream.batches()) run.feed(sink, lines);
      return stream.warnings;
    } finally {
      stream.close();
    }
  };
  // One after the other: the first pass over B keeps only the calls A made.
  const warnings = [await read(0, (header) => run.firstPass(0, header)), await read(1, (header) => run.firstPass(1, header))];
  for (const side of run.secondPasses()) await read(side, () => run.secondPass(side));
  return run.document(warnings[0]!, warnings[1]!);
}

interface LineSink {
  line(line: RecordingLine): void;
}

/** One diff's passes over its two recordings and what they kept. */
class DiffRun {
  private readonly ignore: ReturnType<typeof parsePath>[];
  private readonly bounds: DiffBounds;
  private readonly surfaces: SurfaceCollector[] = [];
  private readonly digests: ReturnType<typeof digestFollower>[] = [];
  private listed = new Set<string>();

  private readonly headers: RecordingHeader[] = [];

  constructor(options: DiffOptions) {
    this.ignore = (options.ignore ?? []).map(parsePath);
    this.bounds = options.bounds ?? DIFF_BOUNDS;
  }

  feed(pass: LineSink, lines: RecordingLine[]): void {
    for (const line of lines) pass.line(line);
  }

  /** The surface and a digest of each call; the second side follows only the calls the first made. */
  firstPass(side: 0 | 1, header: RecordingHeader): LineSink {
    this.headers[side] = header;
    const surface = new SurfaceCollector(header);
    const digests = digestFollower(this.ignore, this.bounds, side === 1 ? this.digests[0]!.calls : undefined);
    this.surfaces[side] = surface;
    this.digests[side] = digests;
    return { line: (line) => (surface.line(line), digests.follower.line(line)) };
  }

  /** The sides to read again for the values of the differing calls listed: none when no call differs. */
  secondPasses(): (0 | 1)[] {
    const [a, b] = [this.digests[0]!.calls, this.digests[1]!.calls];
    if (!markDiffering(a, b)) return [];
    this.listed = callsToList(a, b, this.bounds);
    return [0, 1];
  }

  secondPass(side: 0 | 1): LineSink {
    return detailFollower(this.ignore, this.bounds, this.digests[side]!.calls, this.listed);
  }

  document(warningsA: string[], warningsB: string[]): DiffDocument {
    const [a, b] = [this.digests[0]!.calls, this.digests[1]!.calls];
    const behaviour = diffBehaviour(listedValues(a, a), listedValues(a, b));
    const unlisted = classUnlisted(a, b);
    const notCompared = this.digests[0]!.notCompared();
    const changes: Change[] = [...diffSurface(this.surfaces[0]!.surface, this.surfaces[1]!.surface), ...behaviour.changes];
    const breaking = changes.filter((c) => c.breaking).length + unlisted.breaking;
    const other = changes.length + unlisted.changes - breaking;
    const warnings = warningsA.length || warningsB.length ? { warnings: { a: warningsA, b: warningsB } } : {};
    const more = unlisted.changes || unlisted.varies || notCompared ? { unlisted: { ...unlisted, notCompared } } : {};
    return { diff: 1, a: summaryOf(this.headers[0]!), b: summaryOf(this.headers[1]!), changes, breaking, other, ...(behaviour.varies.length ? { varies: behaviour.varies } : {}), ...warnings, ...more };
  }
}

function summaryOf(header: RecordingHeader): RecordingSummary {
  const info = header.serverInfo;
  return { ...(info ? { server: { name: info.name, version: info.version } } : {}), ...(header.era ? { era: header.era } : {}), ...(header.protocolVersion ? { protocolVersion: header.protocolVersion } : {}) };
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
  const collector = new SurfaceCollector(r.header);
  for (const line of r.lines) collector.line(line);
  const surface = collector.surface;
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

/** At most this many items a list, and characters of them all, kept of one recording's surface. */
const SURFACE_ITEMS = 20_000;
const SURFACE_CHARS = 64 * 1024 * 1024;

/** A recording's surface, line by line: the capabilities and the newest of each listed item, bounded. */
class SurfaceCollector {
  readonly surface: Surface;
  /** The kept items' JSON length, in all, and each (a replaced item gives its own back). */
  private chars = 0;
  private readonly sizes = new Map<string, number>();
  private readonly follower = new ExchangeFollower((request, response) => this.exchange(request.method, response), () => {}, DIFF_BOUNDS.pending, undefined, false);

  constructor(private readonly header: RecordingHeader) {
    this.surface = { era: header.era, capabilities: header.serverCapabilities ?? {}, tools: new Map(), resources: new Map(), templates: new Map(), prompts: new Map(), listed: new Set() };
  }

  line(line: RecordingLine): void {
    this.follower.line(line);
  }

  private exchange(method: string, response: Obj): void {
    const surface = this.surface;
    const result = isObj(response.result) ? response.result : undefined;
    if ((method === "initialize" || method === "server/discover") && isObj(result?.capabilities) && !this.header.serverCapabilities) surface.capabilities = result.capabilities;
    const list = LISTS[method];
    if (!list || !result || !Array.isArray(result[list[1]])) return;
    const into = surface[list[0]] as Map<string, Obj>;
    surface.listed.add(list[0]);
    // Pages add up; a later list (after list_changed) says the same item again, newest wins.
    for (const item of result[list[1]] as unknown[]) {
      if (!isObj(item) || typeof item[list[2]] !== "string") continue;
      const name = item[list[2]] as string;
      // A hostile server listing millions, or huge schemas: the first ones are kept; a newer copy of one kept replaces it.
      const key = `${list[0]} ${name}`;
      const size = JSON.stringify(item).length;
      if (!into.has(name) && (into.size >= SURFACE_ITEMS || this.chars + size > SURFACE_CHARS)) continue;
      this.chars += size - (this.sizes.get(key) ?? 0);
      this.sizes.set(key, size);
      into.set(name, item);
    }
  }
}

const LISTS: Record<string, [keyof Surface, string, string]> = {
  "tools/list": ["tools", "tools", "name"],
  "resources/list": ["resources", "resources", "uri"],
  "resources/templates/list": ["templates", "resourceTemplates", "uriTemplate"],
  "prompts/list": ["prompts", "prompts", "name"],
};

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
  const follower = new ExchangeFollower(
    ({ method, key, task, params }) => {
      if (key === undefined || task || calls.length >= max || seen.has(key)) return;
      seen.add(key);
      calls.push({ method, params: withoutMeta(params ?? {}) });
    },
    () => {},
    DIFF_BOUNDS.pending,
    (method) => CALL_METHODS.has(method),
  );
  for (const line of r.lines) follower.line(line);
  return calls;
}

