// Reading and writing collection files. Every problem with a file is a CollectionError that names the place
// (`calls[3].assert[0].matches`) and says what is wrong, before anything runs: bad JSON (with its line and
// column), another format version, a `__proto__` key, too many calls, a pattern RE2 cannot run, a variable
// used before a call captures it. Saving writes a temporary file beside the target and renames it over, so a
// failed save leaves the old file as it was.
import { randomBytes } from "node:crypto";
import * as nodeFs from "node:fs";
import { basename, dirname, join } from "node:path";
import { RE2JS } from "re2js";
import { COLLECTION_VERSION, CollectionSchema, MAX_COLLECTION_BYTES, MAX_COLLECTION_CALLS, type Collection, type CollectionInput } from "../../../shared/collection.js";
import { JsonPathError, parseJsonPath } from "./jsonPath.js";
import { jsonErrorAt } from "./jsonErrorAt.js";

export class CollectionError extends Error {
  constructor(
    /** Where in the file: `calls[3].assert[0]`, or "(file)". */
    readonly place: string,
    readonly problem: string,
  ) {
    super(`${place}: ${problem}`);
  }
}

export function placeOf(path: readonly PropertyKey[]): string {
  let out = "";
  for (const step of path) {
    if (typeof step === "number") out += `[${step}]`;
    else if (typeof step === "string" && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(step)) out += out ? `.${step}` : step;
    else out += `[${JSON.stringify(String(step))}]`;
  }
  return out || "(file)";
}

/** A variable reference in an argument or URI: {{name}}. */
export const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position);
  const line = before.split("\n").length;
  return `line ${line}, column ${position - before.lastIndexOf("\n")}`;
}

/** A `__proto__` key anywhere: refused, since copying such an object can change what every object inherits. */
function findProtoKey(value: unknown, path: (string | number)[], depth = 0): (string | number)[] | undefined {
  if (depth > 200) throw new CollectionError(placeOf(path), "nested more than 200 levels deep");
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findProtoKey(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    for (const key of Object.keys(value)) {
      if (key === "__proto__") return [...path, key];
      const found = findProtoKey((value as Record<string, unknown>)[key], [...path, key], depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

export function parseCollection(text: string): Collection {
  if (text.length > MAX_COLLECTION_BYTES) throw new CollectionError("(file)", `${text.length} characters: a collection file is read up to ${MAX_COLLECTION_BYTES}`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message.replace(/ in JSON at position \d+.*$/s, "").replace(/, \.\.\.?".*$/s, "").replace(/, ".*$/s, "");
    const position = jsonErrorAt(text);
    throw new CollectionError("(file)", `not valid JSON: ${message.slice(0, 200)}${position >= 0 ? ` (${lineAndColumn(text, position)})` : ""}`);
  }
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new CollectionError("(file)", "a collection is a JSON object");
  const top = raw as Record<string, unknown>;
  if (!Object.hasOwn(top, "collection")) throw new CollectionError("collection", `missing: a collection file starts with "collection": ${COLLECTION_VERSION} (is this a collection?)`);
  if (top.collection !== COLLECTION_VERSION) throw new CollectionError("collection", `format version ${JSON.stringify(top.collection)?.slice(0, 40)} is not one this inspector reads (it reads ${COLLECTION_VERSION})`);
  if (Array.isArray(top.calls) && top.calls.length > MAX_COLLECTION_CALLS) throw new CollectionError("calls", `${top.calls.length} calls: a collection holds at most ${MAX_COLLECTION_CALLS}`);
  const proto = findProtoKey(raw, []);
  if (proto) throw new CollectionError(placeOf(proto), "a key named __proto__ is refused (it could change what every object inherits)");

  const parsed = CollectionSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    // A record key refused by its own schema (a variable name) says the key schema's words.
    const keyIssue = issue.code === "invalid_key" ? issue.issues[0] : undefined;
    if (keyIssue) throw new CollectionError(placeOf(issue.path), keyIssue.message);
    throw new CollectionError(placeOf(issue.path), issue.code === "invalid_union" ? `not an assertion this inspector knows (${describeAssertionKeys(valueAt(raw, issue.path))})` : issue.message);
  }
  const collection = parsed.data;
  checkMeaning(collection);
  return collection;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((v, step) => (v && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[step] : undefined), value);
}

function describeAssertionKeys(value: unknown): string {
  const keys = value && typeof value === "object" && !Array.isArray(value) ? Object.keys(value).slice(0, 5) : [];
  return `${keys.length ? `keys ${keys.map((k) => JSON.stringify(k.slice(0, 40))).join(", ")}` : "not an object"}; one of notError, path with equals / matches / exists, outputSchema, latencyUnderMs, snapshot, taskStatus`;
}

/** What the schema cannot say: paths parse, patterns run on RE2, variables are captured before they are used. */
function checkMeaning(collection: Collection): void {
  const captured = new Set<string>();
  collection.calls.forEach((call, i) => {
    const at = (...rest: (string | number)[]) => placeOf(["calls", i, ...rest]);
    const usesIn = (value: unknown, path: (string | number)[]) => {
      const walk = (v: unknown, p: (string | number)[]) => {
        if (typeof v === "string") {
          for (const match of v.matchAll(VARIABLE)) if (!captured.has(match[1]!)) throw new CollectionError(at(...p), `the variable {{${match[1]}}} is used before any call captures it`);
        } else if (Array.isArray(v)) v.forEach((item, j) => walk(item, [...p, j]));
        else if (v && typeof v === "object") for (const [k, item] of Object.entries(v)) walk(item, [...p, k]);
      };
      walk(value, path);
    };
    usesIn(call.arguments, ["arguments"]);
    if (call.uri) usesIn(call.uri, ["uri"]);
    call.assert.forEach((assertion, j) => {
      const paths = "path" in assertion ? [["path", assertion.path] as const] : "snapshot" in assertion ? assertion.snapshot.ignore.map((p, k) => [`snapshot.ignore[${k}]`, p] as const) : [];
      for (const [where, path] of paths) {
        try {
          parseJsonPath(path);
        } catch (error) {
          if (error instanceof JsonPathError) throw new CollectionError(`${at("assert", j)}.${where}`, error.message);
          throw error;
        }
      }
      if ("matches" in assertion) {
        try {
          RE2JS.compile(assertion.matches);
        } catch (error) {
          throw new CollectionError(at("assert", j, "matches"), `this pattern cannot run on RE2 (patterns run in linear time, so backreferences and lookaround are not available): ${(error as Error).message.slice(0, 200)}`);
        }
      }
    });
    for (const [name, path] of Object.entries(call.capture ?? {})) {
      try {
        parseJsonPath(path);
      } catch (error) {
        throw new CollectionError(at("capture", name), (error as Error).message);
      }
      captured.add(name);
    }
  });
}

export function readCollectionFile(path: string, fs: Pick<typeof nodeFs, "readFileSync" | "statSync"> = nodeFs): Collection {
  let text: string;
  try {
    if (fs.statSync(path).size > MAX_COLLECTION_BYTES) throw new CollectionError("(file)", `larger than ${MAX_COLLECTION_BYTES} bytes`);
    text = fs.readFileSync(path, "utf8");
  } catch (error) {
    if (error instanceof CollectionError) throw new CollectionError(`${path}`, error.problem);
    throw new CollectionError(path, `cannot read it: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    return parseCollection(text);
  } catch (error) {
    if (error instanceof CollectionError) throw new CollectionError(`${path}: ${error.place}`, error.problem);
    throw error;
  }
}

export type SaveFs = Pick<typeof nodeFs, "writeFileSync" | "renameSync" | "rmSync" | "openSync" | "fsyncSync" | "closeSync">;

/**
 * Validate, then write `path.<random>.tmp` beside the target, flush it, and rename it over the target: the
 * old file is replaced whole or not at all. A collection that does not validate is never written.
 */
export function saveCollectionFile(path: string, collection: CollectionInput, fs: SaveFs = nodeFs): Collection {
  const checked = parseCollection(JSON.stringify(collection));
  const text = `${JSON.stringify(checked, null, 2)}\n`;
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    fs.writeFileSync(temp, text, { encoding: "utf8", flag: "wx", mode: 0o644 });
    const fd = fs.openSync(temp, "r+");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, path);
  } catch (error) {
    try {
      fs.rmSync(temp, { force: true });
    } catch {
      // the temporary file may not exist; the target is untouched either way
    }
    throw new CollectionError(path, `could not save: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; the file on disk is as it was`);
  }
  return checked;
}
