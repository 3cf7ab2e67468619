// JSON-Schema validation in the renderer. Not ajv: ajv compiles each schema to code with
// `new Function`, which the window's CSP (script-src 'self', no 'unsafe-eval') forbids, so it would
// throw in Electron and in the browser. @cfworker/json-schema is a maintained validator built for
// runtimes without eval (the MCP SDK offers it as its own alternative to ajv); main still validates
// elicitation answers with ajv before they reach the server.
import { Validator, type OutputUnit, type Schema, type SchemaDraft } from "@cfworker/json-schema";
import { dict, own } from "../util/dict.js";
import { checkPatterns, withoutPatterns } from "./patterns.js";

export { uncheckedPatterns } from "./patterns.js";

export interface ValidationOutcome {
  valid: boolean;
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
}

const validators = new WeakMap<object, Validator>();

function draftOf(schema: Record<string, unknown>): SchemaDraft {
  const declared = typeof schema.$schema === "string" ? schema.$schema : "";
  if (declared.includes("draft-04")) return "4";
  if (declared.includes("draft-07") || declared.includes("draft-06")) return "7";
  if (declared.includes("2019-09")) return "2019-09";
  return "2020-12";
}

function validatorFor(schema: Record<string, unknown>): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    // The validator annotates the schema it is given; hand it a copy, never the store's object. The copy
    // has no patterns: @cfworker/json-schema would run them in V8's backtracking engine (patterns.ts).
    validator = new Validator(withoutPatterns(schema) as Schema, draftOf(schema), false);
    validators.set(schema, validator);
  }
  return validator;
}

function pointerSegment(name: string): string {
  return encodeURI(name.replace(/~/g, "~0").replace(/\//g, "~1")).replace(/#/g, "%23");
}

export function validateAgainstSchema(schema: unknown, value: unknown, fieldNames: string[] = []): ValidationOutcome {
  const outcome: ValidationOutcome = { valid: true, fieldErrors: dict(), formErrors: [] };
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return outcome;
  let result: { valid: boolean; errors: OutputUnit[] };
  try {
    result = validatorFor(schema as Record<string, unknown>).validate(value);
  } catch (error) {
    return { valid: false, fieldErrors: dict(), formErrors: [`The schema cannot be used for validation: ${(error as Error).message}`] };
  }
  const patternProblems = checkPatterns(schema, value);
  if (result.valid && patternProblems.length === 0) return outcome;
  outcome.valid = false;
  const byPointer = new Map(fieldNames.map((name) => [`#/${pointerSegment(name)}`, name]));
  const rawPointer = new Map(fieldNames.map((name) => [`#/${name}`, name]));
  for (const problem of patternProblems) {
    const top = problem.at === "#" ? undefined : problem.at.slice(2).split("/")[0];
    const field = top === undefined ? undefined : rawPointer.get(`#/${top}`);
    if (field !== undefined) (own(outcome.fieldErrors, field) ?? (outcome.fieldErrors[field] = [])).push(problem.message);
    else outcome.formErrors.push(`${problem.at.slice(1) || "(value)"}: ${problem.message}`);
  }
  const add = (name: string, message: string) => {
    const list = own(outcome.fieldErrors, name) ?? (outcome.fieldErrors[name] = []);
    if (!list.includes(message)) list.push(message);
  };
  for (const error of result.errors) {
    if (error.instanceLocation === "#") {
      const missing = error.keyword === "required" ? /required property "(.*)"/.exec(error.error)?.[1] : undefined;
      if (missing !== undefined && fieldNames.includes(missing)) add(missing, "Required");
      else if (error.keyword !== "properties") outcome.formErrors.push(error.error);
      continue;
    }
    const top = /^#\/[^/]*/.exec(error.instanceLocation)?.[0] ?? "";
    const field = byPointer.get(top);
    // Wrapper errors ("Items did not match schema") repeat what the deeper error says.
    if (field !== undefined) {
      if (error.keyword !== "items" && error.keyword !== "properties") add(field, error.error);
    } else outcome.formErrors.push(`${error.instanceLocation.slice(1) || "(value)"}: ${error.error}`);
  }
  if (Object.keys(outcome.fieldErrors).length === 0 && outcome.formErrors.length === 0) outcome.formErrors.push("The value does not match the schema");
  return outcome;
}

/** Where each problem belongs: a control of the form (by its path key) or the form as a whole. */
export interface MappedOutcome {
  valid: boolean;
  /** By the draft path key of the control nearest to the problem. */
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
  /** Every problem with the JSON pointer of its value ("" for the whole value), for the JSON editor. */
  problems: { pointer: string; message: string }[];
}

function decodePointer(location: string): string {
  // "#/a%20b/0" → "/a b/0": the validator percent-encodes each segment.
  return location
    .slice(1)
    .split("/")
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    })
    .join("/");
}

/**
 * Validate and place each error on the nearest control: `pointers` maps the validator's instance
 * locations (and `rawPointers` the pattern checker's) to the controls' path keys.
 */
export function validateMapped(schema: unknown, value: unknown, pointers: Map<string, string> = new Map(), rawPointers: Map<string, string> = new Map()): MappedOutcome {
  const outcome: MappedOutcome = { valid: true, fieldErrors: dict(), formErrors: [], problems: [] };
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return outcome;
  let result: { valid: boolean; errors: OutputUnit[] };
  try {
    result = validatorFor(schema as Record<string, unknown>).validate(value);
  } catch (error) {
    return { valid: false, fieldErrors: dict(), formErrors: [`The schema cannot be used for validation: ${(error as Error).message}`], problems: [] };
  }
  const patternProblems = checkPatterns(schema, value);
  if (result.valid && patternProblems.length === 0) return outcome;
  outcome.valid = false;
  const place = (location: string, map: Map<string, string>, message: string, shown: string) => {
    // The nearest enclosing location a control shows; the root's own problems go to the form.
    let at = location;
    while (at !== "#" && at.includes("/") && !map.has(at)) at = at.slice(0, at.lastIndexOf("/"));
    const target = at === "#" ? undefined : map.get(at);
    if (target !== undefined) {
      const list = own(outcome.fieldErrors, target) ?? (outcome.fieldErrors[target] = []);
      if (!list.includes(message)) list.push(message);
    } else if (!outcome.formErrors.includes(shown)) outcome.formErrors.push(shown);
  };
  for (const problem of patternProblems) {
    outcome.problems.push({ pointer: problem.at.slice(1), message: problem.message });
    place(problem.at, rawPointers, problem.message, `${problem.at.slice(1) || "(value)"}: ${problem.message}`);
  }
  // Wrapper errors ("Items did not match schema", "Property … does not match schema") repeat what the deeper error says.
  const deeper = (e: OutputUnit) => result.errors.some((o) => o !== e && o.instanceLocation.startsWith(`${e.instanceLocation}/`));
  for (const error of result.errors) {
    if (["properties", "items", "prefixItems", "additionalProperties", "$ref", "allOf"].includes(error.keyword) && deeper(error)) continue;
    const missing = error.keyword === "required" ? /required property "(.*)"/.exec(error.error)?.[1] : undefined;
    if (missing !== undefined) {
      const location = `${error.instanceLocation}/${pointerSegment(missing)}`;
      outcome.problems.push({ pointer: decodePointer(error.instanceLocation), message: error.error });
      if (pointers.has(location)) place(location, pointers, "Required", error.error);
      else place(error.instanceLocation, pointers, error.error, error.error);
      continue;
    }
    const pointer = decodePointer(error.instanceLocation);
    outcome.problems.push({ pointer, message: error.error });
    place(error.instanceLocation, pointers, error.error, `${pointer || "(value)"}: ${error.error}`);
  }
  if (Object.keys(outcome.fieldErrors).length === 0 && outcome.formErrors.length === 0) outcome.formErrors.push("The value does not match the schema");
  return outcome;
}
