// "Edit and run": a past run's arguments put back into its tool's form, as the form's draft holds typed
// values (the inverse of collectValue), so the user edits what was sent rather than starting from the
// defaults. Arguments the form has no field for keep the form in its JSON text where it has one.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { buildFormSpec, type FieldSpec, type FieldValue, type FormDraft } from "../../forms/schemaForm.js";
import { dict } from "../../util/dict.js";

export function draftOfArguments(tool: Pick<Tool, "inputSchema">, args: Record<string, unknown>): FormDraft {
  const spec = buildFormSpec(tool.inputSchema);
  const raw = JSON.stringify(args, null, 2);
  if (spec.kind === "raw") return { values: dict<FieldValue>(), raw };
  const values = dict<FieldValue>();
  for (const field of spec.fields) {
    const given = Object.prototype.hasOwnProperty.call(args, field.name) ? args[field.name] : undefined;
    values[field.name] = fieldValueOf(field, given);
  }
  return { values, raw };
}

function fieldValueOf(field: FieldSpec, value: unknown): FieldValue {
  switch (field.control) {
    case "checkbox":
      return value === true;
    case "select": {
      const i = value === undefined ? -1 : (field.options ?? []).findIndex((o) => Object.is(o.value, value));
      return i >= 0 ? String(i) : "";
    }
    case "multiselect":
      return Array.isArray(value) ? (field.options ?? []).flatMap((o, i) => (value.some((v) => Object.is(v, o.value)) ? [String(i)] : [])) : [];
    case "json":
      return value === undefined ? "" : JSON.stringify(value, null, 2);
    case "number":
    case "integer":
      return typeof value === "number" ? String(value) : "";
    default:
      return typeof value === "string" ? value : value === undefined || value === null ? "" : JSON.stringify(value);
  }
}
