// A small form generator for the flat schemas MCP uses: elicitation's requestedSchema may only hold
// primitive properties (string, number/integer, boolean, single- and multi-select enums), and most
// tool inputSchemas are the same shape. A full JSON-Schema form library would bring its own widget
// kit, styling and a much larger bundle for that; anything nested falls back to a JSON textarea per
// field (or for the whole value when the root is not a plain object schema).

import { dict, own } from "../util/dict.js";

export type JsonSchema = Record<string, unknown>;

export type FieldControl = "text" | "number" | "integer" | "checkbox" | "select" | "multiselect" | "json";

export interface EnumOption {
  value: unknown;
  label: string;
}

export interface FieldSpec {
  name: string;
  label: string;
  description?: string;
  required: boolean;
  control: FieldControl;
  /** For text: the HTML input type its format maps to. */
  inputType?: "text" | "email" | "url" | "date";
  options?: EnumOption[];
  schema: JsonSchema;
}

export type FormSpec = { kind: "fields"; fields: FieldSpec[] } | { kind: "raw"; reason: string };

export type FieldValue = string | boolean | string[];

/** What the user typed, kept as typed (a half-written number stays "1e" until fixed). */
export interface FormDraft {
  values: Record<string, FieldValue>;
  raw: string;
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function typeOf(schema: JsonSchema): string | undefined {
  const t = schema.type;
  if (typeof t === "string") return t;
  // ["string", "null"]: an optional value; the form treats it as its non-null type.
  if (Array.isArray(t)) {
    const nonNull = t.filter((x) => x !== "null");
    return nonNull.length === 1 && typeof nonNull[0] === "string" ? nonNull[0] : undefined;
  }
  return undefined;
}

/** Titled (oneOf/anyOf of {const, title}), legacy (enum + enumNames) or plain enum options. */
export function enumOptions(schema: JsonSchema): EnumOption[] | undefined {
  for (const key of ["oneOf", "anyOf"] as const) {
    const list = schema[key];
    if (Array.isArray(list) && list.length > 0 && list.every((o) => isObject(o) && "const" in o)) {
      return list.map((o) => ({ value: o.const, label: typeof o.title === "string" ? o.title : String(o.const) }));
    }
  }
  if (Array.isArray(schema.enum)) {
    const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
    return schema.enum.map((value, i) => ({ value, label: typeof names[i] === "string" ? (names[i] as string) : String(value) }));
  }
  return undefined;
}

function fieldFor(name: string, schema: JsonSchema, required: boolean): FieldSpec {
  const base = {
    name,
    label: typeof schema.title === "string" && schema.title.trim() ? schema.title : name,
    ...(typeof schema.description === "string" ? { description: schema.description } : {}),
    required,
    schema,
  };
  const options = enumOptions(schema);
  if (options) return { ...base, control: "select", options };
  const type = typeOf(schema);
  if (type === "array" && isObject(schema.items)) {
    const itemOptions = enumOptions(schema.items);
    if (itemOptions) return { ...base, control: "multiselect", options: itemOptions };
  }
  if (type === "string") {
    const format = schema.format;
    const inputType = format === "email" ? "email" : format === "uri" ? "url" : format === "date" ? "date" : "text";
    return { ...base, control: "text", inputType };
  }
  if (type === "number") return { ...base, control: "number" };
  if (type === "integer") return { ...base, control: "integer" };
  if (type === "boolean") return { ...base, control: "checkbox" };
  return { ...base, control: "json" };
}

export function buildFormSpec(schema: unknown): FormSpec {
  if (!isObject(schema)) return { kind: "raw", reason: "The schema is not an object schema" };
  for (const combinator of ["anyOf", "oneOf", "allOf", "$ref", "if"]) {
    if (combinator in schema) return { kind: "raw", reason: `The schema uses ${combinator}` };
  }
  const type = typeOf(schema);
  if (type !== undefined && type !== "object") return { kind: "raw", reason: `The schema's type is ${type}` };
  const properties = isObject(schema.properties) ? schema.properties : {};
  // Object.entries lists own keys only, "__proto__" included when JSON.parse made it one.
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : []);
  const fields = Object.entries(properties).map(([name, prop]) => fieldFor(name, isObject(prop) ? prop : {}, required.has(name)));
  return { kind: "fields", fields };
}

/** Defaults from the schema, as the controls hold them. */
export function initialDraft(spec: FormSpec, schema: unknown): FormDraft {
  const values = dict<FieldValue>();
  if (spec.kind === "fields") {
    for (const field of spec.fields) values[field.name] = initialValue(field);
  }
  return { values, raw: spec.kind === "raw" ? rawDefault(schema) : "{}" };
}

function initialValue(field: FieldSpec): FieldValue {
  const d = field.schema.default;
  switch (field.control) {
    case "checkbox":
      return d === true;
    case "select": {
      const i = field.options?.findIndex((o) => Object.is(o.value, d)) ?? -1;
      return i >= 0 ? String(i) : "";
    }
    case "multiselect":
      return Array.isArray(d)
        ? (field.options ?? []).flatMap((o, i) => (d.some((v) => Object.is(v, o.value)) ? [String(i)] : []))
        : [];
    case "json":
      return d === undefined ? "" : JSON.stringify(d, null, 2);
    default:
      return d === undefined || d === null ? "" : String(d);
  }
}

function rawDefault(schema: unknown): string {
  if (isObject(schema) && schema.default !== undefined) return JSON.stringify(schema.default, null, 2);
  return "{}";
}

export interface CollectResult {
  value: Record<string, unknown>;
  /** Problems found before schema validation (a number that is not one, JSON that does not parse). */
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
}

/** Turn the draft into the value to send. Empty text means "not given", so `required` can catch it. */
export function collectValue(spec: FormSpec, draft: FormDraft): CollectResult {
  const fieldErrors = dict<string[]>();
  const formErrors: string[] = [];
  if (spec.kind === "raw") {
    try {
      const parsed: unknown = JSON.parse(draft.raw || "{}");
      if (!isObject(parsed)) return { value: {}, fieldErrors, formErrors: ["The value must be a JSON object"] };
      return { value: parsed, fieldErrors, formErrors };
    } catch (error) {
      return { value: {}, fieldErrors, formErrors: [`Invalid JSON: ${(error as Error).message}`] };
    }
  }
  const value = dict<unknown>();
  for (const field of spec.fields) {
    const raw = own(draft.values, field.name);
    switch (field.control) {
      case "checkbox":
        value[field.name] = raw === true;
        break;
      case "select":
        if (typeof raw === "string" && raw !== "") value[field.name] = field.options?.[Number(raw)]?.value;
        break;
      case "multiselect":
        if (Array.isArray(raw) && (raw.length > 0 || field.required)) value[field.name] = raw.map((i) => field.options?.[Number(i)]?.value);
        break;
      case "number":
      case "integer": {
        const text = typeof raw === "string" ? raw.trim() : "";
        if (text === "") break;
        const n = Number(text);
        if (!Number.isFinite(n)) fieldErrors[field.name] = ["Enter a number"];
        else value[field.name] = n;
        break;
      }
      case "json": {
        const text = typeof raw === "string" ? raw.trim() : "";
        if (text === "") break;
        try {
          value[field.name] = JSON.parse(text);
        } catch (error) {
          fieldErrors[field.name] = [`Invalid JSON: ${(error as Error).message}`];
        }
        break;
      }
      default:
        if (typeof raw === "string" && raw !== "") value[field.name] = raw;
    }
  }
  return { value, fieldErrors, formErrors };
}
