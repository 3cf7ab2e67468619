// A schema form's state: the draft lives in the store (so a tab switch or a failed call keeps what
// the user typed), errors live here until the next submit.
import { useCallback, useMemo, useState } from "react";
import { useInspector, useInspectorStore } from "../hooks/context.js";
import { buildFormSpec, collectValue, initialDraft, type FieldValue, type FormDraft, type FormSpec } from "./schemaForm.js";
import { uncheckedPatterns } from "./patterns.js";
import { validateAgainstSchema } from "./validate.js";
import { dict, own, withKey } from "../util/dict.js";

export interface FormErrors {
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
}

export interface SchemaFormState {
  spec: FormSpec;
  /** Patterns of the schema this form cannot check (patterns.ts): the form says so. */
  uncheckedPatterns: string[];
  draft: FormDraft;
  errors: FormErrors;
  setField(name: string, value: FieldValue): void;
  setRaw(text: string): void;
  /** Collect and validate: the value to send, or undefined (errors shown, nothing sent). */
  submit(): Record<string, unknown> | undefined;
  reset(): void;
}

const NO_ERRORS: FormErrors = { fieldErrors: dict(), formErrors: [] };

export function useSchemaForm(schema: unknown, draftKey: string): SchemaFormState {
  const store = useInspectorStore();
  const spec = useMemo(() => buildFormSpec(schema), [schema]);
  const unchecked = useMemo(() => uncheckedPatterns(schema), [schema]);
  const stored = useInspector((s) => s.drafts[draftKey]) as FormDraft | undefined;
  const fallback = useMemo(() => initialDraft(spec, schema), [spec, schema]);
  const draft = stored ?? fallback;
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  const setField = useCallback(
    (name: string, value: FieldValue) => {
      const current = (store.getState().drafts[draftKey] as FormDraft | undefined) ?? fallback;
      store.getState().setDraft(draftKey, { ...current, values: withKey(current.values, name, value) });
      // An edited field's old error no longer describes it.
      setErrors((e) => (own(e.fieldErrors, name) ? { ...e, fieldErrors: withKey<string[]>(e.fieldErrors, name, []) } : e));
    },
    [store, draftKey, fallback],
  );

  const setRaw = useCallback(
    (text: string) => {
      const current = (store.getState().drafts[draftKey] as FormDraft | undefined) ?? fallback;
      store.getState().setDraft(draftKey, { ...current, raw: text });
    },
    [store, draftKey, fallback],
  );

  const submit = useCallback(() => {
    const collected = collectValue(spec, draft);
    const fieldNames = spec.kind === "fields" ? spec.fields.map((f) => f.name) : [];
    if (collected.formErrors.length || Object.keys(collected.fieldErrors).length) {
      setErrors({ fieldErrors: collected.fieldErrors, formErrors: collected.formErrors });
      return undefined;
    }
    const outcome = validateAgainstSchema(schema, collected.value, fieldNames);
    if (!outcome.valid) {
      setErrors({ fieldErrors: outcome.fieldErrors, formErrors: outcome.formErrors });
      return undefined;
    }
    setErrors(NO_ERRORS);
    return collected.value;
  }, [spec, draft, schema]);

  const reset = useCallback(() => {
    store.getState().clearDraft(draftKey);
    setErrors(NO_ERRORS);
  }, [store, draftKey]);

  return { spec, uncheckedPatterns: unchecked, draft, errors, setField, setRaw, submit, reset };
}
