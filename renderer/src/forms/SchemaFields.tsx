// The controls of a schema form. Every control has a label; descriptions and errors are linked with
// aria-describedby, so a screen reader reads them with the field. All server text renders as text.
import { useId } from "react";
import type { FieldSpec } from "./schemaForm.js";
import type { SchemaFormState } from "./useSchemaForm.js";
import { own } from "../util/dict.js";

export function SchemaFields({ form, rawLabel = "Value (JSON)" }: { form: SchemaFormState; rawLabel?: string }) {
  const prefix = useId();
  const { spec, errors } = form;
  return (
    <div className="schema-form">
      {spec.kind === "raw" ? (
        <RawField form={form} id={`${prefix}-raw`} label={rawLabel} note={spec.reason} />
      ) : spec.fields.length === 0 ? (
        <p className="note">No arguments.</p>
      ) : (
        spec.fields.map((field) => (
          <Field key={field.name} field={field} id={`${prefix}-${field.name}`} form={form} errors={own(errors.fieldErrors, field.name) ?? []} />
        ))
      )}
      {form.uncheckedPatterns.length > 0 && (
        <p className="note" role="note">
          Not checked here: the pattern{form.uncheckedPatterns.length > 1 ? "s" : ""} {form.uncheckedPatterns.map((p) => JSON.stringify(p.slice(0, 200))).join(", ")} (
          {"this inspector runs server patterns in linear time, which rules out backreferences, lookaround and patterns under anyOf/oneOf; the server still checks them"}).
        </p>
      )}
      {errors.formErrors.length > 0 && (
        <div className="form-errors" role="alert">
          {errors.formErrors.map((e, i) => (
            <p key={i}>{e}</p>
          ))}
        </div>
      )}
      {spec.kind === "fields" && Object.values(errors.fieldErrors).some((e) => e.length > 0) && (
        <p className="form-errors" role="alert">
          Some fields need attention; nothing was sent.
        </p>
      )}
    </div>
  );
}

function RawField({ form, id, label, note }: { form: SchemaFormState; id: string; label: string; note: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <p className="field-help" id={`${id}-help`}>
        {note}, so it is edited as JSON.
      </p>
      <textarea
        id={id}
        rows={6}
        spellCheck={false}
        value={form.draft.raw}
        aria-describedby={`${id}-help`}
        aria-invalid={form.errors.formErrors.length > 0 || undefined}
        onChange={(e) => form.setRaw(e.target.value)}
      />
    </div>
  );
}

function Field({ field, id, form, errors }: { field: FieldSpec; id: string; form: SchemaFormState; errors: string[] }) {
  const value = own(form.draft.values, field.name);
  const helpId = field.description ? `${id}-help` : undefined;
  const errorId = errors.length ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(" ") || undefined;
  const invalid = errors.length > 0 || undefined;
  const requiredMark = field.required ? <span aria-hidden="true" className="required-mark"> *</span> : null;
  const help = field.description ? (
    <p className="field-help" id={helpId}>
      {field.description}
    </p>
  ) : null;
  const errorText = errors.length ? (
    <p className="field-error" id={errorId}>
      {errors.join(" ")}
    </p>
  ) : null;

  if (field.control === "checkbox") {
    return (
      <div className="field checkbox-field">
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onChange={(e) => form.setField(field.name, e.target.checked)}
        />
        <label htmlFor={id}>{field.label}</label>
        {requiredMark}
        {help}
        {errorText}
      </div>
    );
  }

  if (field.control === "multiselect") {
    const selected = Array.isArray(value) ? value : [];
    return (
      <fieldset className="field" aria-describedby={describedBy} aria-invalid={invalid}>
        <legend>
          {field.label}
          {field.required ? <span className="required-mark"> (required)</span> : null}
        </legend>
        {help}
        {(field.options ?? []).map((option, i) => {
          const optionId = `${id}-${i}`;
          const checked = selected.includes(String(i));
          return (
            <div key={i} className="checkbox-field">
              <input
                id={optionId}
                type="checkbox"
                checked={checked}
                onChange={(e) =>
                  form.setField(field.name, e.target.checked ? [...selected, String(i)] : selected.filter((s) => s !== String(i)))
                }
              />
              <label htmlFor={optionId}>{option.label}</label>
            </div>
          );
        })}
        {errorText}
      </fieldset>
    );
  }

  // The mark sits outside the label so the field's accessible name is exactly its title.
  const label = (
    <div className="label-row">
      <label htmlFor={id}>
        {field.label}
        {field.control === "json" ? " (JSON)" : ""}
      </label>
      {requiredMark}
    </div>
  );
  const common = {
    id,
    "aria-describedby": describedBy,
    "aria-invalid": invalid,
    "aria-required": field.required || undefined,
  };

  if (field.control === "select") {
    return (
      <div className="field">
        {label}
        <select {...common} value={typeof value === "string" ? value : ""} onChange={(e) => form.setField(field.name, e.target.value)}>
          <option value="">{field.required ? "— choose —" : "— none —"}</option>
          {(field.options ?? []).map((option, i) => (
            <option key={i} value={String(i)}>
              {option.label}
            </option>
          ))}
        </select>
        {help}
        {errorText}
      </div>
    );
  }

  if (field.control === "json") {
    return (
      <div className="field">
        {label}
        <textarea {...common} rows={4} spellCheck={false} value={typeof value === "string" ? value : ""} onChange={(e) => form.setField(field.name, e.target.value)} />
        {help}
        {errorText}
      </div>
    );
  }

  const numeric = field.control === "number" || field.control === "integer";
  return (
    <div className="field">
      {label}
      <input
        {...common}
        // Numbers are typed as text so a half-written value is kept as typed and gets our own error.
        type={numeric ? "text" : (field.inputType ?? "text")}
        inputMode={field.control === "integer" ? "numeric" : numeric ? "decimal" : undefined}
        value={typeof value === "string" ? value : ""}
        onChange={(e) => form.setField(field.name, e.target.value)}
      />
      {help}
      {errorText}
    </div>
  );
}
