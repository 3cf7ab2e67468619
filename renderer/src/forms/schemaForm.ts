// The form generator: a JSON Schema becomes a tree of nodes (strings, numbers, booleans, enums,
// constants, nested objects, arrays, maps, oneOf/anyOf branches, nullable values), and the form's draft
// is a flat, prototype-free record of what the user typed, keyed by each node's path. Why a flat record:
// array items and branches keep stable ids in their paths, so reordering items or switching branches
// moves nothing and loses nothing, and the store keeps the draft across tab switches as plain data.
//
// What the user typed is kept as typed (a half-written number stays "1e" until fixed); whether an
// optional property is sent at all is a choice of its own (`#set`), so an empty string and an absent
// property are different answers. Anything the generator cannot draw (allOf it cannot merge, a cyclic
// $ref, a free-form object) is a JSON text field for that value alone.

import { dict, own } from "../util/dict.js";

export type JsonSchema = Record<string, unknown>;

export interface EnumOption {
  value: unknown;
  label: string;
}

interface NodeBase {
  label: string;
  description?: string;
  schema: JsonSchema;
  /** `null` is allowed besides the node's own kind (type ["string","null"], anyOf with {type:"null"}). */
  nullable: boolean;
}

export type StringFormat = "date" | "date-time" | "email" | "uri";

export type FormNode =
  | (NodeBase & { kind: "string"; format?: StringFormat })
  | (NodeBase & { kind: "number" | "integer"; minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number; step: number; multipleOf?: number })
  | (NodeBase & { kind: "boolean" })
  | (NodeBase & { kind: "enum"; options: EnumOption[] })
  | (NodeBase & { kind: "multienum"; options: EnumOption[] })
  | (NodeBase & { kind: "const"; value: unknown })
  | (NodeBase & { kind: "object"; fields: FieldSpec[]; additional?: FormNode })
  | (NodeBase & { kind: "array"; item: FormNode })
  | (NodeBase & { kind: "union"; branches: FormNode[] })
  | (NodeBase & { kind: "json" });

export interface FieldSpec {
  name: string;
  required: boolean;
  node: FormNode;
}

export type DraftEntry = string | boolean | string[];

/** What the user typed, kept as typed. `values` is keyed by `key(path, tag)`. */
export interface FormDraft {
  v: 2;
  values: Record<string, DraftEntry>;
  /** Ids for array items and map entries, never reused within a draft. */
  nextId: number;
  mode: "form" | "json";
  /** The JSON editor's text, kept exactly as typed (also when it does not parse). */
  jsonText: string;
}

export type Path = readonly string[];

/** Tags of a path's entries: its value, whether it is sent, whether it is null, item ids, the chosen branch, a map entry's name. */
export type Tag = "v" | "set" | "null" | "ids" | "branch" | "key" | "init";

export function key(path: Path, tag: Tag): string {
  return `${JSON.stringify(path)}#${tag}`;
}

const MAX_DEPTH = 12;

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Titled (oneOf/anyOf of {const, title}), legacy (enum + enumNames) or plain enum options. */
export function enumOptions(schema: JsonSchema): EnumOption[] | undefined {
  for (const k of ["oneOf", "anyOf"] as const) {
    const list = schema[k];
    if (Array.isArray(list) && list.length > 0 && list.every((o) => isObject(o) && "const" in o && Object.keys(o).every((p) => p === "const" || p === "title" || p === "description" || p === "type"))) {
      return labelled(list.map((o) => ({ value: (o as JsonSchema).const, title: (o as JsonSchema).title })));
    }
  }
  if (Array.isArray(schema.enum)) {
    const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
    return labelled(schema.enum.map((value, i) => ({ value, title: names[i] })));
  }
  return undefined;
}

/** A string shows as itself and any other value as JSON, unless two labels would read the same (then all as JSON). */
function labelled(items: { value: unknown; title: unknown }[]): EnumOption[] {
  const plain = items.map(({ value, title }) => (typeof title === "string" && title ? title : typeof value === "string" ? value : JSON.stringify(value)));
  const clash = new Set(plain).size !== plain.length;
  return items.map(({ value }, i) => ({ value, label: clash ? `${plain[i]} (${JSON.stringify(value)})` : (plain[i] ?? "") }));
}

function resolveRef(ref: string, root: JsonSchema): unknown {
  if (!ref.startsWith("#")) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(1).split("/").slice(1)) {
    const segment = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isObject(at)) return undefined;
    at = own(at, segment);
  }
  return at;
}

/** allOf of plain object schemas, merged; undefined when the members are not all objects. */
function mergeAllOf(schema: JsonSchema, root: JsonSchema, refs: string[]): JsonSchema | undefined {
  const members = (schema.allOf as unknown[]).map((m) => (isObject(m) && typeof m.$ref === "string" && !refs.includes(m.$ref) ? resolveRef(m.$ref, root) : m));
  if (!members.every(isObject)) return undefined;
  const { allOf: _, ...rest } = schema;
  const merged: JsonSchema = { ...rest };
  const properties = dict<unknown>(Object.entries(isObject(rest.properties) ? rest.properties : {}));
  const required = new Set(Array.isArray(rest.required) ? rest.required : []);
  for (const m of members) {
    for (const [k, v] of Object.entries(m)) {
      if (k === "properties" && isObject(v)) Object.entries(v).forEach(([name, s]) => (properties[name] = s));
      else if (k === "required" && Array.isArray(v)) v.forEach((r) => required.add(r));
      else if (!(k in merged)) merged[k] = v;
    }
  }
  if (Object.keys(properties).length) merged.properties = properties;
  if (required.size) merged.required = [...required];
  if (merged.type === undefined && merged.properties) merged.type = "object";
  return merged;
}

function labelOf(schema: JsonSchema, fallback: string): string {
  return typeof schema.title === "string" && schema.title.trim() ? schema.title : fallback;
}

const FORMATS: Record<string, StringFormat> = { date: "date", "date-time": "date-time", email: "email", uri: "uri", url: "uri" };

function num(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** Compile one schema into a node. `label` is the property name (or the context) when the schema has no title. */
/** A schema's compilation: its root (for $ref) and how many nodes may still be made. */
export interface CompileContext {
  root: JsonSchema;
  budget: number;
}

/**
 * The most nodes one form is made of. A server's schema can fan out through $refs (each definition naming
 * the next twice doubles the tree at every level); past this, the rest of the value is a JSON field.
 */
const MAX_NODES = 3000;

export function compile(schemaIn: unknown, label: string, ctx: CompileContext, depth = 0, refs: string[] = []): FormNode {
  const root = ctx.root;
  ctx.budget -= 1;
  const json = (schema: JsonSchema): FormNode => ({ kind: "json", label: labelOf(schema, label), ...describe(schema), schema, nullable: false });
  if (!isObject(schemaIn) || depth > MAX_DEPTH || ctx.budget < 0) return json(isObject(schemaIn) ? schemaIn : {});
  let schema = schemaIn;
  if (typeof schema.$ref === "string") {
    if (refs.includes(schema.$ref)) return json(schema);
    const target = resolveRef(schema.$ref, root);
    if (!isObject(target)) return json(schema);
    const { $ref, ...rest } = schema;
    // The referring schema's own title, description and default win over the target's.
    return compile({ ...target, ...rest }, label, ctx, depth + 1, [...refs, $ref as string]);
  }
  if (Array.isArray(schema.allOf)) {
    const merged = mergeAllOf(schema, root, refs);
    if (!merged) return json(schema);
    schema = merged;
  }
  const base = { label: labelOf(schema, label), ...describe(schema), schema };
  if ("const" in schema) return { ...base, kind: "const", value: schema.const, nullable: false };

  const types = Array.isArray(schema.type) ? schema.type.filter((t): t is string => typeof t === "string") : typeof schema.type === "string" ? [schema.type] : [];
  let nullable = types.includes("null");
  const options = enumOptions(schema);
  if (options) {
    // null among the options is an option like any other, not a separate switch.
    const hasNull = options.some((o) => o.value === null);
    return { ...base, kind: "enum", options: nullable && !hasNull ? [...options, { value: null, label: "null" }] : options, nullable: false };
  }
  for (const k of ["oneOf", "anyOf"] as const) {
    const list = schema[k];
    if (!Array.isArray(list) || list.length === 0) continue;
    const { [k]: _, ...outer } = schema;
    const branches = list.filter((b) => !(isObject(b) && b.type === "null" && Object.keys(b).length <= 2));
    if (branches.length < list.length) nullable = true;
    if (branches.length === 1) {
      const only = branches[0];
      const node = compile(isObject(only) ? { ...only, ...pick(outer, ["title", "description", "default"]) } : only, label, ctx, depth + 1, refs);
      return { ...node, nullable: nullable || node.nullable };
    }
    const compiled = branches.map((b, i) => {
      const node = compile(b, branchLabel(b, i), ctx, depth + 1, refs);
      return node;
    });
    return { ...base, kind: "union", branches: compiled, nullable };
  }
  const nonNull = types.filter((t) => t !== "null");
  if (nonNull.length > 1) {
    return { ...base, kind: "union", branches: nonNull.map((t) => compile({ ...pick(schema, ["format", "items", "properties", "required", "additionalProperties"]), type: t }, t, ctx, depth + 1, refs)), nullable };
  }
  const type = nonNull[0] ?? (isObject(schema.properties) ? "object" : isObject(schema.items) ? "array" : types.length ? "null" : undefined);
  switch (type) {
    case "null":
      return { ...base, kind: "const", value: null, nullable: false };
    case "string": {
      const format = typeof schema.format === "string" ? own(FORMATS, schema.format) : undefined;
      return { ...base, kind: "string", ...(format ? { format } : {}), nullable };
    }
    case "number":
    case "integer": {
      const multipleOf = num(schema.multipleOf) && (schema.multipleOf as number) > 0 ? (schema.multipleOf as number) : undefined;
      // draft-04 writes exclusive bounds as booleans beside minimum/maximum.
      const exclusiveMinimum = num(schema.exclusiveMinimum) ?? (schema.exclusiveMinimum === true ? num(schema.minimum) : undefined);
      const exclusiveMaximum = num(schema.exclusiveMaximum) ?? (schema.exclusiveMaximum === true ? num(schema.maximum) : undefined);
      const minimum = schema.exclusiveMinimum === true ? undefined : num(schema.minimum);
      const maximum = schema.exclusiveMaximum === true ? undefined : num(schema.maximum);
      const step = type === "integer" ? Math.max(1, Math.round(multipleOf ?? 1)) : (multipleOf ?? 1);
      return {
        ...base,
        kind: type,
        step,
        ...(multipleOf !== undefined ? { multipleOf } : {}),
        ...(minimum !== undefined ? { minimum } : {}),
        ...(maximum !== undefined ? { maximum } : {}),
        ...(exclusiveMinimum !== undefined ? { exclusiveMinimum } : {}),
        ...(exclusiveMaximum !== undefined ? { exclusiveMaximum } : {}),
        nullable,
      };
    }
    case "boolean":
      return { ...base, kind: "boolean", nullable };
    case "array": {
      const items = schema.items;
      const itemSchema = isObject(items) && typeof items.$ref === "string" && !refs.includes(items.$ref) ? resolveRef(items.$ref, root) : items;
      const itemOptions = isObject(itemSchema) ? enumOptions(itemSchema) : undefined;
      if (itemOptions && schema.uniqueItems !== false) return { ...base, kind: "multienum", options: itemOptions, nullable };
      return { ...base, kind: "array", item: compile(items ?? {}, "Item", ctx, depth + 1, refs), nullable };
    }
    case "object": {
      const properties = isObject(schema.properties) ? schema.properties : {};
      const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : []);
      // Object.entries lists own keys only, "__proto__" included when JSON.parse made it one.
      const fields = Object.entries(properties).map(([name, prop]) => ({ name, required: required.has(name), node: compile(prop, name, ctx, depth + 1, refs) }));
      const ap = schema.additionalProperties;
      const hasPatterns = isObject(schema.patternProperties);
      if (isObject(ap) && !hasPatterns) return { ...base, kind: "object", fields, additional: compile(ap, "Value", ctx, depth + 1, refs), nullable };
      // A free-form object nested inside a form: its keys are the user's to write, as JSON.
      if (fields.length === 0 && depth > 0 && ap !== false) return { ...json(schema), nullable };
      return { ...base, kind: "object", fields, nullable };
    }
    default:
      return { ...json(schema), nullable };
  }
}

function describe(schema: JsonSchema): { description?: string } {
  return typeof schema.description === "string" ? { description: schema.description } : {};
}

function pick(schema: JsonSchema, keys: string[]): JsonSchema {
  return dict(keys.filter((k) => k in schema).map((k) => [k, schema[k]] as const));
}

function branchLabel(branch: unknown, i: number): string {
  if (!isObject(branch)) return `Option ${i + 1}`;
  if (typeof branch.title === "string" && branch.title.trim()) return branch.title;
  // A discriminated union reads best by its discriminator's constant.
  if (isObject(branch.properties)) {
    for (const prop of Object.values(branch.properties)) if (isObject(prop) && typeof prop.const === "string") return prop.const;
  }
  if (typeof branch.type === "string") return branch.type;
  if (typeof branch.$ref === "string") return branch.$ref.split("/").pop() || `Option ${i + 1}`;
  return `Option ${i + 1}`;
}

/** The form of a whole schema: the root node. */
export function buildForm(schema: unknown): FormNode {
  const root = isObject(schema) ? schema : {};
  return compile(root, "Value", { root, budget: MAX_NODES });
}

// ---------------------------------------------------------------------------------------------------
// Drafts

export function emptyDraft(): FormDraft {
  return { v: 2, values: dict(), nextId: 1, mode: "form", jsonText: "" };
}

function hasDefault(node: FormNode): boolean {
  return node.schema.default !== undefined;
}

/** Sent without the user touching it: containers, booleans and constants hold a value from the start. */
function presentFromStart(node: FormNode): boolean {
  return node.kind === "object" || node.kind === "array" || node.kind === "multienum" || node.kind === "boolean" || node.kind === "const";
}

/** Writes the schema's defaults (and empty controls) for a node into `draft`. */
export function prefill(node: FormNode, path: Path, draft: FormDraft): void {
  if (hasDefault(node) && decompose(node, node.schema.default, path, draft, false).length === 0) return;
  switch (node.kind) {
    case "object":
      for (const field of node.fields) {
        const child = [...path, field.name];
        prefill(field.node, child, draft);
        draft.values[key(child, "set")] = field.required ? hasDefault(field.node) || presentFromStart(field.node) : hasDefault(field.node);
      }
      if (node.additional) draft.values[key(path, "ids")] = [];
      return;
    case "array":
      draft.values[key(path, "ids")] = [];
      return;
    case "union":
      // Only the first branch now: the others when picked (prefillBranch), so nested unions cannot multiply.
      draft.values[key(path, "branch")] = "0";
      prefillBranch(node, path, 0, draft);
      return;
    case "boolean":
      draft.values[key(path, "v")] = false;
      return;
    case "multienum":
      draft.values[key(path, "v")] = [];
      return;
    case "const":
      return;
    default:
      draft.values[key(path, "v")] = "";
  }
}

/** Prefills a union's branch the first time it is shown. */
export function prefillBranch(node: Extract<FormNode, { kind: "union" }>, path: Path, index: number, draft: FormDraft): void {
  const branch = node.branches[index];
  const at = [...path, `|${index}`];
  if (!branch || own(draft.values, key(at, "init")) === true) return;
  draft.values[key(at, "init")] = true;
  prefill(branch, at, draft);
}

export function initialDraft(node: FormNode): FormDraft {
  const draft = emptyDraft();
  prefill(node, [], draft);
  return draft;
}

export function newId(draft: FormDraft): string {
  return `@${draft.nextId++}`;
}

function sameJson(a: unknown, b: unknown): boolean {
  return Object.is(a, b) || JSON.stringify(a) === JSON.stringify(b);
}

/** A number as JSON writes one: "0x10", "1." or " Infinity" are not, though Number() would take them. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function isFiniteNumberText(text: string): boolean {
  return JSON_NUMBER.test(text.trim()) && Number.isFinite(Number(text));
}

/**
 * Writes `value` into `draft` at `path` as the controls hold it. Returns the JSON pointers of the parts
 * the form cannot show (a value of another type, a key no property or map allows): empty means it fits.
 * `lenient` also takes what the JSON view writes for a half-typed control (a number field's text as a string).
 */
export function decompose(node: FormNode, value: unknown, path: Path, draft: FormDraft, lenient: boolean, pointer = ""): string[] {
  const v = draft.values;
  const at = pointer || "/";
  if (node.nullable) {
    v[key(path, "null")] = value === null;
    if (value === null) return [];
  }
  switch (node.kind) {
    case "string":
      if (typeof value !== "string") return [at];
      v[key(path, "v")] = value;
      return [];
    case "number":
    case "integer":
      if (typeof value === "number") v[key(path, "v")] = String(value);
      else if (lenient && typeof value === "string" && !isFiniteNumberText(value)) v[key(path, "v")] = value;
      else if (lenient && value === null) v[key(path, "v")] = "";
      else return [at];
      return [];
    case "boolean":
      if (typeof value !== "boolean") return [at];
      v[key(path, "v")] = value;
      return [];
    case "enum": {
      const i = node.options.findIndex((o) => sameJson(o.value, value));
      if (i < 0) return lenient && value === null ? ((v[key(path, "v")] = ""), []) : [at];
      v[key(path, "v")] = String(i);
      return [];
    }
    case "multienum": {
      if (!Array.isArray(value)) return [at];
      const indices = value.map((item) => node.options.findIndex((o) => sameJson(o.value, item)));
      if (indices.some((i) => i < 0) || new Set(indices).size !== indices.length) return [at];
      // The order the user picked them in is kept.
      v[key(path, "v")] = indices.map(String);
      return [];
    }
    case "const":
      return sameJson(node.value, value) ? [] : [at];
    case "json":
      v[key(path, "v")] = JSON.stringify(value, null, 2);
      return [];
    case "array": {
      if (!Array.isArray(value)) return [at];
      const ids = value.map(() => newId(draft));
      v[key(path, "ids")] = ids;
      return value.flatMap((item, i) => {
        prefill(node.item, [...path, ids[i] as string], draft);
        return decompose(node.item, item, [...path, ids[i] as string], draft, lenient, `${pointer}/${i}`);
      });
    }
    case "union": {
      const current = Number(own(v, key(path, "branch")) ?? 0);
      const order = [current, ...node.branches.map((_, i) => i).filter((i) => i !== current)];
      // Strictly first (so "abc" never lands in an integer branch), leniently only if no branch takes it.
      for (const strict of lenient ? [true, false] : [true]) {
        for (const i of order) {
          const branch = node.branches[i];
          if (!branch) continue;
          const scratch: FormDraft = { ...draft, values: dict(Object.entries(v)) };
          prefillBranch(node, path, i, scratch);
          if (decompose(branch, value, [...path, `|${i}`], scratch, !strict, pointer).length === 0) {
            Object.assign(v, scratch.values);
            draft.nextId = scratch.nextId;
            v[key(path, "branch")] = String(i);
            return [];
          }
        }
      }
      return [at];
    }
    case "object": {
      if (!isObject(value)) return [at];
      const misfits: string[] = [];
      const names = new Set(node.fields.map((f) => f.name));
      for (const field of node.fields) {
        const child = [...path, field.name];
        const given = Object.prototype.hasOwnProperty.call(value, field.name) ? value[field.name] : undefined;
        // Absent: not sent, but whatever the field held stays in the draft for when it is sent again.
        v[key(child, "set")] = given !== undefined;
        if (given !== undefined) misfits.push(...decompose(field.node, given, child, draft, lenient, `${pointer}/${field.name}`));
      }
      const extra = Object.keys(value).filter((k) => !names.has(k));
      if (node.additional) {
        const ids = extra.map(() => newId(draft));
        v[key(path, "ids")] = ids;
        extra.forEach((name, i) => {
          const entry = [...path, ids[i] as string];
          v[key(entry, "key")] = name;
          prefill(node.additional as FormNode, entry, draft);
          misfits.push(...decompose(node.additional as FormNode, value[name], entry, draft, lenient, `${pointer}/${name}`));
        });
      } else misfits.push(...extra.map((name) => `${pointer}/${name}`));
      return misfits;
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Collecting the value to send

export interface Collected {
  value: unknown;
  /** Problems found before schema validation (a number that is not one, JSON that does not parse), by draft path key. */
  fieldErrors: Record<string, string[]>;
  /** JSON pointer (as the validator writes it) → the path key of the control that shows it. */
  pointers: Map<string, string>;
  /** The same, keyed by raw pointer (unencoded property names), for the pattern checker. */
  rawPointers: Map<string, string>;
}

/** A JSON-pointer segment as @cfworker/json-schema writes it in `instanceLocation`. */
export function pointerSegment(name: string): string {
  return encodeURI(name.replace(/~/g, "~0").replace(/\//g, "~1")).replace(/#/g, "%23");
}

const ABSENT = Symbol("absent");

/**
 * The value the draft stands for. `lenient` (for the JSON view) keeps half-typed text as strings instead of
 * reporting it, so switching to JSON never drops what was typed; what JSON cannot hold at all (a field's text
 * that is not JSON, a key used twice) is still reported, and the switch waits until it is fixed.
 */
export function collect(node: FormNode, draft: FormDraft, lenient = false): Collected {
  const out: Collected = { value: undefined, fieldErrors: dict(), pointers: new Map(), rawPointers: new Map() };
  const value = collectNode(node, [], draft, lenient, out, "#", "#", true);
  out.value = value === ABSENT ? undefined : value;
  return out;
}

function addError(out: Collected, path: Path, message: string) {
  const k = JSON.stringify(path);
  (own(out.fieldErrors, k) ?? (out.fieldErrors[k] = [])).push(message);
}

function collectNode(node: FormNode, path: Path, draft: FormDraft, lenient: boolean, out: Collected, pointer: string, raw: string, inArray: boolean): unknown {
  const v = draft.values;
  out.pointers.set(pointer, JSON.stringify(path));
  out.rawPointers.set(raw, JSON.stringify(path));
  if (node.nullable && own(v, key(path, "null")) === true) return null;
  const text = own(v, key(path, "v"));
  switch (node.kind) {
    case "string":
      return typeof text === "string" ? text : "";
    case "number":
    case "integer": {
      const t = typeof text === "string" ? text.trim() : "";
      if (t === "") {
        if (!inArray) return ABSENT;
        if (lenient) return null;
        addError(out, path, "Enter a number");
        return ABSENT;
      }
      if (isFiniteNumberText(t)) return Number(t);
      if (lenient) return text;
      addError(out, path, "Enter a number");
      return ABSENT;
    }
    case "boolean":
      return text === true;
    case "enum": {
      const option = typeof text === "string" && text !== "" ? node.options[Number(text)] : undefined;
      if (option) return option.value;
      if (!inArray) return ABSENT;
      if (lenient) return null;
      addError(out, path, "Choose one");
      return ABSENT;
    }
    case "multienum":
      return (Array.isArray(text) ? text : []).map((i) => node.options[Number(i)]?.value);
    case "const":
      return node.value;
    case "json": {
      const t = typeof text === "string" ? text.trim() : "";
      if (t === "") {
        if (!inArray) return ABSENT;
        if (lenient) return null;
        addError(out, path, "Enter a JSON value");
        return ABSENT;
      }
      try {
        return JSON.parse(t) as unknown;
      } catch (error) {
        // Also when lenient: the JSON view has no way to hold text that is not JSON as this field's value.
        addError(out, path, `Invalid JSON: ${(error as Error).message}`);
        return ABSENT;
      }
    }
    case "array": {
      const ids = own(v, key(path, "ids"));
      const list = Array.isArray(ids) ? ids : [];
      return list.map((id, i) => {
        const item = collectNode(node.item, [...path, id], draft, lenient, out, `${pointer}/${i}`, `${raw}/${i}`, true);
        return item === ABSENT ? null : item;
      });
    }
    case "union": {
      const i = Number(own(v, key(path, "branch")) ?? 0);
      const branch = node.branches[i] ?? node.branches[0];
      if (!branch) return ABSENT;
      return collectNode(branch, [...path, `|${node.branches[i] ? i : 0}`], draft, lenient, out, pointer, raw, inArray);
    }
    case "object": {
      const result = dict<unknown>();
      for (const field of node.fields) {
        const child = [...path, field.name];
        const childPointer = `${pointer}/${pointerSegment(field.name)}`;
        const childRaw = `${raw}/${field.name}`;
        // Known even when absent: a "required" error points at it.
        out.pointers.set(childPointer, JSON.stringify(child));
        out.rawPointers.set(childRaw, JSON.stringify(child));
        if (own(v, key(child, "set")) !== true) continue;
        const value = collectNode(field.node, child, draft, lenient, out, childPointer, childRaw, false);
        if (value !== ABSENT) result[field.name] = value;
      }
      if (node.additional) {
        const ids = own(v, key(path, "ids"));
        const seen = new Set<string>(node.fields.map((f) => f.name));
        for (const id of Array.isArray(ids) ? ids : []) {
          const entry = [...path, id];
          const name = own(v, key(entry, "key"));
          const entryName = typeof name === "string" ? name : "";
          if (seen.has(entryName)) {
            addError(out, entry, `The key ${JSON.stringify(entryName)} is used twice`);
            continue;
          }
          seen.add(entryName);
          const value = collectNode(node.additional, entry, draft, lenient, out, `${pointer}/${pointerSegment(entryName)}`, `${raw}/${entryName}`, true);
          if (value !== ABSENT) result[entryName] = value;
        }
      }
      return result;
    }
  }
}

/** Every prefix of `path`, for marking a nested edit's ancestors as sent. */
export function prefixes(path: Path): Path[] {
  return path.map((_, i) => path.slice(0, i + 1));
}
