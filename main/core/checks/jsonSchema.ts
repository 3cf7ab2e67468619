// JSON Schema as the spec asks of tools (2025-11-25 and 2026-07-28): 2020-12 when no `$schema` is given,
// the dialect `$schema` names otherwise. Every pattern a server wrote runs on the linear engine
// (linearRegExp.ts), and the Ajv instances are per check run, so no schema of one server stays cached.
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { linearRegExp } from "../linearRegExp.js";
import { isObject, quote } from "./check.js";

const DIALECTS = {
  "2020-12": /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/,
  "2019-09": /^https?:\/\/json-schema\.org\/draft\/2019-09\/schema#?$/,
  "draft-07": /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/,
} as const;
type Dialect = keyof typeof DIALECTS;

const re2 = Object.assign((pattern: string) => linearRegExp(pattern), { code: "linearRegExp" });
/** The most characters of one schema compiled: a bigger one is judged by its shape only. */
const MAX_SCHEMA_CHARS = 512 * 1024;

export type SchemaVerdict = { ok: true; validate?: ValidateFunction; dialect: Dialect } | { ok: false; problem: string };

export class SchemaJudge {
  private readonly ajv = new Map<Dialect, Ajv>();

  private ajvFor(dialect: Dialect): Ajv {
    let ajv = this.ajv.get(dialect);
    if (!ajv) {
      const options = { strict: false, allErrors: true, logger: false as const, validateFormats: true, code: { regExp: re2 } };
      ajv = dialect === "2020-12" ? new Ajv2020(options) : dialect === "2019-09" ? new Ajv2019(options) : new Ajv(options);
      (addFormats as unknown as (ajv: Ajv) => void)(ajv);
      this.ajv.set(dialect, ajv);
    }
    return ajv;
  }

  /** Is this a valid JSON Schema object whose root is `type: "object"`? Compiled when it is. */
  judge(schema: unknown): SchemaVerdict {
    if (!isObject(schema)) return { ok: false, problem: `is ${schema === null ? "null" : Array.isArray(schema) ? "an array" : typeof schema}, not a JSON Schema object` };
    if (schema.type !== "object") return { ok: false, problem: `has root type ${quote(schema.type, 40)}, not "object"` };
    let dialect: Dialect = "2020-12";
    if (schema.$schema !== undefined) {
      const named = typeof schema.$schema === "string" ? (Object.keys(DIALECTS) as Dialect[]).find((d) => DIALECTS[d].test(schema.$schema as string)) : undefined;
      if (!named) return { ok: false, problem: `names the dialect ${quote(schema.$schema, 80)}, which the checks do not know (2020-12, 2019-09 and draft-07 are)` };
      dialect = named;
    }
    let size = 0;
    try {
      size = JSON.stringify(schema).length;
    } catch {
      return { ok: false, problem: "cannot be written as JSON" };
    }
    if (size > MAX_SCHEMA_CHARS) return { ok: true, dialect };
    const ajv = this.ajvFor(dialect);
    try {
      const copy = { ...schema };
      // Ajv would register an $id globally; two tools with the same $id are not our failure to report here.
      delete copy.$id;
      const validate = ajv.compile(copy);
      return { ok: true, validate, dialect };
    } catch (error) {
      return { ok: false, problem: `is not a valid ${dialect} schema: ${quote((error as Error).message, 200)}` };
    }
  }
}

export function schemaErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || "(root)"} ${e.message ?? "is invalid"}`)
    .join("; ");
}
