// JSON-Schema validation in the renderer. Not ajv: ajv compiles each schema to code with
// `new Function`, which the window's CSP (script-src 'self', no 'unsafe-eval') forbids, so it would
// throw in Electron and in the browser. @cfworker/json-schema is a maintained validator built for
// runtimes without eval (the MCP SDK offers it as its own alternative to ajv); main still validates
// elicitation answers with ajv before they reach the server.
import { Validator, type OutputUnit, type Schema, type SchemaDraft } from "@cfworker/json-schema";
import { dict, own } from "../util/dict.js";
import { checkPatterns, withoutPatterns } from "./patterns.js";

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
