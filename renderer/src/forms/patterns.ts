// Server-chosen `pattern` / `patternProperties` are checked here in linear time (re2js: RE2 semantics),
// never by the browser's backtracking engine: `^(a+)+$` with 32 "a"s and a "!" froze the page for 26 s.
// @cfworker/json-schema runs every pattern with `new RegExp`, so patterns are taken out of the schema it
// sees and checked by this walker instead. A pattern RE2 cannot compile (backreferences, lookaround) is
// not run at all; the form says so.
import { RE2JS } from "re2js";
import { dict, own } from "../util/dict.js";

type Schema = Record<string, unknown>;
type Matcher = { test(text: string): boolean } | undefined;

const PATTERN_KEYWORDS = new Set(["pattern", "patternProperties"]);
const compiled = new Map<string, Matcher>();

function isObject(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** undefined: RE2 cannot compile it. Not anchored, like RegExp.prototype.test. */
function matcher(pattern: string): Matcher {
  if (!compiled.has(pattern)) {
    let entry: Matcher;
    try {
      const re = RE2JS.compile(pattern);
      entry = { test: (text) => re.matcher(text).find() };
    } catch {
      entry = undefined;
    }
    if (compiled.size > 500) compiled.clear();
    compiled.set(pattern, entry);
  }
  return compiled.get(pattern);
}

/** A deep copy of the schema without any pattern keyword, for the validator that would run them in V8. */
export function withoutPatterns(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutPatterns);
  if (!isObject(schema)) return schema;
  return dict(Object.entries(schema).filter(([key]) => !PATTERN_KEYWORDS.has(key)).map(([key, value]) => [key, withoutPatterns(value)] as const));
}

export interface PatternProblem {
  /** JSON pointer of the value, "#/name". */
  at: string;
  message: string;
}

/**
 * Check the patterns that apply to `value` along `properties`, `items` and `patternProperties` (what
 * forms are made of). Patterns under combinators (anyOf…) are not run: whether they apply depends on the
 * branch, and they are listed by `uncheckedPatterns`.
 */
export function checkPatterns(schema: unknown, value: unknown, at = "#"): PatternProblem[] {
  if (!isObject(schema)) return [];
  const problems: PatternProblem[] = [];
  if (typeof schema.pattern === "string" && typeof value === "string") {
    const m = matcher(schema.pattern);
    if (m && !m.test(value)) problems.push({ at, message: `must match the pattern ${schema.pattern}` });
  }
  if (isObject(value)) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    for (const key of Object.keys(value)) {
      const child = `${at}/${key}`;
      const sub = own(properties as Record<string, unknown>, key);
      if (sub !== undefined) problems.push(...checkPatterns(sub, value[key], child));
      if (isObject(schema.patternProperties)) {
        for (const [pattern, subSchema] of Object.entries(schema.patternProperties)) {
          if (matcher(pattern)?.test(key)) problems.push(...checkPatterns(subSchema, value[key], child));
        }
      }
    }
  }
  if (Array.isArray(value) && isObject(schema.items)) value.forEach((item, i) => problems.push(...checkPatterns(schema.items, item, `${at}/${i}`)));
  return problems;
}

/** Patterns in the schema this form cannot check: RE2 cannot compile them, or they sit under a combinator. */
export function uncheckedPatterns(schema: unknown, underCombinator = false): string[] {
  if (Array.isArray(schema)) return schema.flatMap((s) => uncheckedPatterns(s, underCombinator));
  if (!isObject(schema)) return [];
  const found: string[] = [];
  const add = (pattern: unknown) => {
    if (typeof pattern === "string" && (underCombinator || !matcher(pattern))) found.push(pattern);
  };
  add(schema.pattern);
  if (isObject(schema.patternProperties)) Object.keys(schema.patternProperties).forEach(add);
  for (const [key, sub] of Object.entries(schema)) {
    if (PATTERN_KEYWORDS.has(key) && key === "pattern") continue;
    const combinator = underCombinator || ["anyOf", "oneOf", "allOf", "not", "if", "then", "else"].includes(key);
    found.push(...uncheckedPatterns(key === "patternProperties" && isObject(sub) ? Object.values(sub) : sub, combinator));
  }
  return [...new Set(found)];
}
