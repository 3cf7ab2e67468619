// A schema form's state: the draft lives in the store (so a tab switch or a failed call keeps what
// the user typed, in the form or in the JSON editor), errors live here until the next submit.
import { useCallback, useMemo, useState } from "react";
import { useInspector, useInspectorStore } from "../hooks/context.js";
import { buildForm, collect, decompose, initialDraft, key, prefixes, type DraftEntry, type FormDraft, type FormNode, type Path, type Tag } from "./schemaForm.js";
import { loadEngines, useEngines, type Engines } from "./engines.js";
import { dict } from "../util/dict.js";

export interface FormErrors {
  /** By the draft path key of the control (JSON.stringify(path)). */
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
}

export interface SchemaFormState {
  schema: unknown;
  node: FormNode;
  /** Patterns of the schema this form cannot check (patterns.ts): the form says so. Empty while the validators load. */
  uncheckedPatterns: string[];
  draft: FormDraft;
  errors: FormErrors;
  /** Why the JSON could not go back into the form (the editor stays open with the text as typed). */
  jsonError?: string;
  /** Sets one entry; a value edit also marks the property and every enclosing one as sent. */
  set(path: Path, tag: Tag, value: DraftEntry): void;
  /** Any other change to the draft (add, remove, reorder items), made on a copy. */
  update(change: (draft: FormDraft) => void): void;
  setJsonText(text: string): void;
  /** Form → JSON: the editor opens with the form's value, half-typed text included. */
  toJson(): void;
  /** JSON → form; false (and `jsonError`) when the text does not parse or does not fit the form. */
  toForm(): boolean;
  /** Collect and validate (once the validators are in): the value to send, or undefined (errors shown, nothing sent). */
  submit(): Promise<Record<string, unknown> | undefined>;
  reset(): void;
}

const NO_ERRORS: FormErrors = { fieldErrors: dict(), formErrors: [] };

function copy(draft: FormDraft): FormDraft {
  return { ...draft, values: dict(Object.entries(draft.values)) };
}

function isDraft(value: unknown): value is FormDraft {
  return typeof value === "object" && value !== null && (value as FormDraft).v === 2;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function useSchemaForm(schema: unknown, draftKey: string): SchemaFormState {
  const store = useInspectorStore();
  const node = useMemo(() => buildForm(schema), [schema]);
  const engines = useEngines();
  const unchecked = useMemo(() => engines?.uncheckedPatterns(schema) ?? [], [engines, schema]);
  const stored = useInspector((s) => s.drafts[draftKey]);
  const fallback = useMemo(() => initialDraft(node), [node]);
  const draft = isDraft(stored) ? stored : fallback;
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [jsonError, setJsonError] = useState<string>();

  const current = useCallback(() => {
    const s = store.getState().drafts[draftKey];
    return isDraft(s) ? s : fallback;
  }, [store, draftKey, fallback]);
  const save = useCallback((next: FormDraft) => store.getState().setDraft(draftKey, next), [store, draftKey]);

  const update = useCallback(
    (change: (draft: FormDraft) => void) => {
      const next = copy(current());
      change(next);
      save(next);
    },
    [current, save],
  );

  const set = useCallback(
    (path: Path, tag: Tag, value: DraftEntry) => {
      update((d) => {
        d.values[key(path, tag)] = value;
        if (tag !== "set" || value === true) for (const p of prefixes(path)) d.values[key(p, "set")] = true;
      });
      // An edited field's old error no longer describes it.
      const k = JSON.stringify(path);
      setErrors((e) => (Object.prototype.hasOwnProperty.call(e.fieldErrors, k) ? { ...e, fieldErrors: dict(Object.entries(e.fieldErrors).filter(([n]) => n !== k)) } : e));
    },
    [update],
  );

  const setJsonText = useCallback((text: string) => update((d) => void (d.jsonText = text)), [update]);

  const toJson = useCallback(() => {
    const d = current();
    const collected = collect(node, d, true);
    if (Object.keys(collected.fieldErrors).length) {
      setErrors({ fieldErrors: collected.fieldErrors, formErrors: ["The JSON view cannot hold these fields as they are: fix them, then switch again."] });
      return;
    }
    save({ ...copy(d), mode: "json", jsonText: JSON.stringify(collected.value ?? {}, null, 2) });
    setJsonError(undefined);
    setErrors(NO_ERRORS);
  }, [current, node, save]);

  const toForm = useCallback(() => {
    const d = current();
    let parsed: unknown;
    try {
      parsed = JSON.parse(d.jsonText);
    } catch (error) {
      setJsonError(`The JSON does not parse (${(error as Error).message}); it stays here until it does.`);
      return false;
    }
    // Decomposed onto a copy of the current draft: fields the JSON leaves out keep what they held, unsent.
    const next = copy(d);
    const misfits = decompose(node, parsed, [], next, true);
    if (misfits.length) {
      setJsonError(`The form cannot show ${misfits.slice(0, 5).map((p) => (p === "/" ? "the whole value" : p)).join(", ")}${misfits.length > 5 ? "…" : ""}: keep editing as JSON, or change it to fit the schema.`);
      return false;
    }
    save({ ...next, mode: "form" });
    setJsonError(undefined);
    setErrors(NO_ERRORS);
    return true;
  }, [current, node, save]);

  const submit = useCallback(async () => {
    // What the form held when it was submitted; what is typed while the validators load stays in the draft.
    const d = current();
    let validateMapped: Engines["validateMapped"];
    try {
      ({ validateMapped } = await loadEngines());
    } catch (error) {
      setErrors({ fieldErrors: dict(), formErrors: [`The validator could not load (${(error as Error).message}); nothing was sent. Try again.`] });
      return undefined;
    }
    if (d.mode === "json") {
      let parsed: unknown;
      try {
        parsed = JSON.parse(d.jsonText);
      } catch (error) {
        setErrors({ fieldErrors: dict(), formErrors: [`Invalid JSON: ${(error as Error).message}`] });
        return undefined;
      }
      if (!isPlainObject(parsed)) {
        setErrors({ fieldErrors: dict(), formErrors: ["The value must be a JSON object"] });
        return undefined;
      }
      const outcome = validateMapped(schema, parsed);
      if (!outcome.valid) {
        setErrors({ fieldErrors: dict(), formErrors: outcome.problems.length ? outcome.problems.map((p) => `${p.pointer || "(value)"}: ${p.message}`) : outcome.formErrors });
        return undefined;
      }
      setErrors(NO_ERRORS);
      return parsed;
    }
    const collected = collect(node, d, false);
    if (Object.keys(collected.fieldErrors).length) {
      setErrors({ fieldErrors: collected.fieldErrors, formErrors: [] });
      return undefined;
    }
    const value = collected.value ?? {};
    if (!isPlainObject(value)) {
      setErrors({ fieldErrors: dict(), formErrors: ["The value must be a JSON object"] });
      return undefined;
    }
    const outcome = validateMapped(schema, value, collected.pointers, collected.rawPointers);
    if (!outcome.valid) {
      setErrors({ fieldErrors: outcome.fieldErrors, formErrors: outcome.formErrors });
      return undefined;
    }
    setErrors(NO_ERRORS);
    return value;
  }, [current, node, schema]);

  const reset = useCallback(() => {
    store.getState().clearDraft(draftKey);
    setErrors(NO_ERRORS);
    setJsonError(undefined);
  }, [store, draftKey]);

  return { schema, node, uncheckedPatterns: unchecked, draft, errors, ...(jsonError ? { jsonError } : {}), set, update, setJsonText, toJson, toForm, submit, reset };
}
