// Patterns a server chose (`pattern`, `patternProperties` in an elicitation's requestedSchema or a
// tool's outputSchema) run against strings in linear time: RE2 semantics through re2js. V8's own
// engine backtracks: `^(a+)+$` against 32 "a"s and a "!" froze the whole inspector for two minutes.
// A pattern RE2 cannot compile (backreferences, lookaround) is not run at all: it counts as matching,
// and the caller is told, so the UI can say it could not be checked.
import { Ajv, type Options } from "ajv";
import addFormats from "ajv-formats";
import { RE2JS } from "re2js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";

export interface LinearRegExp {
  test(text: string): boolean;
  /** False when RE2 could not compile the pattern: `test` then always says yes. */
  readonly checked: boolean;
  toString(): string;
}

export function linearRegExp(pattern: string): LinearRegExp {
  // toString names the pattern: Ajv caches compiled patterns under it, so it must differ per pattern.
  const toString = () => `re2:${pattern}`;
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(pattern);
  } catch {
    return { test: () => true, checked: false, toString };
  }
  // JSON Schema patterns are not anchored: a match anywhere counts, like RegExp.prototype.test.
  return { test: (text) => compiled.matcher(text).find(), checked: true, toString };
}

/** Ajv's hook for its regular expressions (`code` only matters for standalone code, which we never emit). */
const re2Engine = Object.assign((pattern: string) => linearRegExp(pattern), { code: "linearRegExp" });

/** An Ajv whose every server-supplied pattern runs in linear time. */
export function createLinearAjv(options: Options = {}): Ajv {
  return new Ajv({ ...options, code: { ...options.code, regExp: re2Engine } });
}

/**
 * The SDK client's validator (tool results' structuredContent against the tool's outputSchema): the
 * SDK's own default, ajv with ajv-formats, but on the linear engine.
 */
export function linearJsonSchemaValidator(): AjvJsonSchemaValidator {
  const ajv = createLinearAjv({ strict: false, validateFormats: true, validateSchema: false, allErrors: true });
  (addFormats as unknown as (ajv: Ajv) => void)(ajv);
  return new AjvJsonSchemaValidator(ajv);
}
