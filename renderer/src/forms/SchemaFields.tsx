// The controls of a schema form, drawn from the node tree (schemaForm.ts). Every control has an
// accessible name; descriptions and errors are linked with aria-describedby, so a screen reader reads them
// with the field; array items move and go with buttons named after the item. All server text renders as
// text. "Edit as JSON" swaps the controls for a JSON editor and back without losing what was typed.
import { useId, useMemo, type ReactNode } from "react";
import { useEngines } from "./engines.js";
import { key, newId, prefill, prefillBranch, type FieldSpec, type FormDraft, type FormNode, type Path } from "./schemaForm.js";
import type { SchemaFormState } from "./useSchemaForm.js";
import { JsonEditor } from "./JsonEditor.js";
import { FIELD_HELP_LINES, ServerProse } from "../components/ServerProse.js";
import { own } from "../util/dict.js";
import { ServerName } from "../components/ServerName.js";
import "./forms.css";

export function SchemaFields({ form, rawLabel = "Value (JSON)" }: { form: SchemaFormState; rawLabel?: string }) {
  const prefix = useId();
  const { node, errors, draft } = form;
  const json = draft.mode === "json";
  const jsonHelp = `${prefix}-json-help`;
  return (
    <div className="schema-form">
      <div className="schema-form-bar">
        <button
          type="button"
          className="secondary small"
          aria-pressed={json}
          onClick={() => {
            if (json) form.toForm();
            else form.toJson();
          }}
        >
          Edit as JSON
        </button>
      </div>
      {json ? (
        <div className="field">
          <label htmlFor={`${prefix}-json`}>{rawLabel}</label>
          <p className="field-help" id={jsonHelp}>
            Checked against the schema as you type. Switch “Edit as JSON” off to go back to the form.
          </p>
          <JsonEditor id={`${prefix}-json`} label={rawLabel} text={draft.jsonText} schema={form.schema} onChange={form.setJsonText} describedBy={`${jsonHelp} ${prefix}-json-problems`} />
          <JsonProblems id={`${prefix}-json-problems`} text={draft.jsonText} schema={form.schema} />
          {form.jsonError && (
            <p className="field-error" role="alert">
              {form.jsonError}
            </p>
          )}
        </div>
      ) : node.kind === "object" && !node.additional ? (
        node.fields.length === 0 ? (
          <p className="note">No arguments.</p>
        ) : (
          <Fields fields={node.fields} path={[]} form={form} />
        )
      ) : (
        <FieldView node={node} path={[]} name={rawLabel} required form={form} />
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
      {!json && Object.values(errors.fieldErrors).some((e) => e.length > 0) && (
        <p className="form-errors" role="alert">
          Some fields need attention; nothing was sent.
        </p>
      )}
    </div>
  );
}

/** What the JSON editor's lint says, also as text under it, so it is seen without hovering and read with the editor. */
export function JsonProblems({ id, text, schema }: { id: string; text: string; schema: unknown }) {
  const engines = useEngines();
  const problems = useMemo(() => {
    // Very large text is checked on send only: this runs on every keystroke.
    if (text.length > 256 * 1024) return [];
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return [`Invalid JSON: ${(error as Error).message}`];
    }
    return engines?.validateMapped(schema, value).problems.map((p) => `${p.pointer || "(value)"}: ${p.message}`);
  }, [engines, text, schema]);
  return (
    <ul className="json-problems" id={id} aria-label="Problems in the JSON">
      {problems === undefined ? (
        <li>Checking against the schema…</li>
      ) : problems.length === 0 ? (
        <li className="ok">Valid against the schema.</li>
      ) : (
        problems.slice(0, 20).map((p, i) => <li key={i}>{p}</li>)
      )}
    </ul>
  );
}

function Fields({ fields, path, form }: { fields: FieldSpec[]; path: Path; form: SchemaFormState }) {
  return (
    <>
      {fields.map((field) => (
        <FieldView key={field.name} node={field.node} path={[...path, field.name]} name={field.node.label} required={field.required} optional={!field.required} property form={form} />
      ))}
    </>
  );
}

function entry<T>(draft: FormDraft, path: Path, tag: Parameters<typeof key>[1]): T | undefined {
  return own(draft.values, key(path, tag)) as T | undefined;
}

/** One property (or the root, or an array item's value): its label, "send" and "null" switches, control, help and errors. */
function FieldView({
  node,
  path,
  name,
  required,
  optional = false,
  property = false,
  form,
  itemActions,
}: {
  node: FormNode;
  path: Path;
  name: string;
  required: boolean;
  optional?: boolean;
  /** An object's property (not an array item, map value or branch). */
  property?: boolean;
  form: SchemaFormState;
  itemActions?: ReactNode;
}) {
  const id = useId();
  const errors = own(form.errors.fieldErrors, JSON.stringify(path)) ?? [];
  const helpId = node.description ? `${id}-help` : undefined;
  const errorId = errors.length ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(" ") || undefined;
  const invalid = errors.length > 0 || undefined;
  const sent = !optional || entry<boolean>(form.draft, path, "set") === true;
  const isNull = node.nullable && entry<boolean>(form.draft, path, "null") === true;
  // Required is a property's trait: array items, map values and branches are always part of their parent.
  const requiredMark = required && property ? <span aria-hidden="true" className="required-mark"> *</span> : null;
  const help = node.description ? (
    <div className="field-help-block">
      <ServerProse text={node.description} className="field-help prose" id={helpId} clampLines={FIELD_HELP_LINES} of={name} />
    </div>
  ) : null;
  const errorText = errors.length ? (
    <p className="field-error" id={errorId}>
      {errors.join(" ")}
    </p>
  ) : null;
  // Whether an optional property is sent at all is the user's choice: an empty string is an answer, absent is another.
  const sendSwitch = optional ? (
    <label className="send-switch" title="Send this property (unchecked: left out of what is sent)">
      <input type="checkbox" aria-label={`Send ${name}`} checked={sent} onChange={(e) => form.set(path, "set", e.target.checked)} />
      send
    </label>
  ) : null;
  const nullSwitch = node.nullable ? (
    <label className="null-switch">
      <input type="checkbox" aria-label={`${name} is null`} checked={isNull} onChange={(e) => form.set(path, "null", e.target.checked)} />
      null
    </label>
  ) : null;
  const switches = (
    <span className="switches">
      {sendSwitch}
      {nullSwitch}
    </span>
  );
  const className = `field${sent ? "" : " unset"}${isNull ? " is-null" : ""}`;
  const control = (labelled: boolean) => (
    <Control node={node} path={path} id={id} name={name} labelled={labelled} describedBy={describedBy} invalid={invalid} required={required} form={form} disabled={isNull} />
  );

  if (node.kind === "boolean") {
    return (
      <div className={`${className} checkbox-field`}>
        {control(true)}
        <label htmlFor={id}>
          <ServerName text={name} />
        </label>
        {requiredMark}
        {switches}
        {itemActions}
        {help}
        {errorText}
      </div>
    );
  }

  if (node.kind === "object" || node.kind === "array" || node.kind === "multienum" || node.kind === "union") {
    return (
      // Named by the property alone (the legend also holds the send and null switches).
      <fieldset className={`${className} group-field group-${node.kind}`} aria-label={name} aria-describedby={describedBy} aria-invalid={invalid}>
        <legend>
          <span className="legend-name">
            <ServerName text={name} />
            {required && property ? <span className="required-mark"> (required)</span> : null}
          </span>
          {switches}
          {itemActions}
        </legend>
        {help}
        {!isNull && control(false)}
        {errorText}
      </fieldset>
    );
  }

  return (
    <div className={className}>
      <div className="label-row">
        <label htmlFor={id}>
          <ServerName text={name} />
          {node.kind === "json" ? " (JSON)" : ""}
        </label>
        {requiredMark}
        {switches}
        {itemActions}
      </div>
      {control(true)}
      {help}
      {errorText}
    </div>
  );
}

interface ControlProps {
  node: FormNode;
  path: Path;
  id: string;
  /** The accessible name; given by a <label for> when `labelled`, else by aria-label. */
  name: string;
  labelled: boolean;
  describedBy?: string | undefined;
  invalid?: true | undefined;
  required: boolean;
  disabled: boolean;
  form: SchemaFormState;
}

function Control(props: ControlProps) {
  const { node, path, id, name, labelled, describedBy, invalid, required, form, disabled } = props;
  const common = {
    id,
    ...(labelled ? {} : { "aria-label": name }),
    "aria-describedby": describedBy,
    "aria-invalid": invalid,
    "aria-required": (required && path.length > 0) || undefined,
    disabled,
  };
  const text = entry<string>(form.draft, path, "v");
  const setText = (value: string) => form.set(path, "v", value);

  switch (node.kind) {
    case "boolean":
      return <input {...common} type="checkbox" checked={entry<boolean>(form.draft, path, "v") === true} onChange={(e) => form.set(path, "v", e.target.checked)} />;
    case "enum":
      return (
        <select {...common} value={typeof text === "string" ? text : ""} onChange={(e) => setText(e.target.value)}>
          <option value="">{required ? "— choose —" : "— none —"}</option>
          {node.options.map((option, i) => (
            <option key={i} value={String(i)}>
              {option.label}
            </option>
          ))}
        </select>
      );
    case "multienum": {
      const selected = entry<string[]>(form.draft, path, "v") ?? [];
      return (
        <>
          {node.options.map((option, i) => (
            <div key={i} className="checkbox-field">
              <input
                id={`${id}-${i}`}
                type="checkbox"
                checked={selected.includes(String(i))}
                onChange={(e) => form.set(path, "v", e.target.checked ? [...selected, String(i)] : selected.filter((s) => s !== String(i)))}
              />
              <label htmlFor={`${id}-${i}`}>{option.label}</label>
            </div>
          ))}
        </>
      );
    }
    case "const":
      // A constant is part of the value but not the user's to change.
      return <input {...common} readOnly className="const-value" value={JSON.stringify(node.value)} />;
    case "json":
      return <textarea {...common} rows={4} spellCheck={false} value={text ?? ""} onChange={(e) => setText(e.target.value)} />;
    case "number":
    case "integer":
      return <NumberControl {...props} text={text ?? ""} />;
    case "string":
      return <StringControl {...props} text={text ?? ""} common={common} />;
    case "object":
      return (
        <>
          <Fields fields={node.fields} path={path} form={form} />
          {node.additional && <MapEntries node={node.additional} path={path} name={name} form={form} />}
        </>
      );
    case "array":
      return <ArrayItems node={node.item} path={path} name={name} form={form} />;
    case "union": {
      const branch = Number(entry<string>(form.draft, path, "branch") ?? 0);
      const chosen = node.branches[branch] ? branch : 0;
      const branchNode = node.branches[chosen];
      const branchPath = [...path, `|${chosen}`];
      return (
        <>
          <div className="label-row">
            <label htmlFor={`${id}-branch`}>Variant</label>
            <select id={`${id}-branch`} aria-label={`${name} variant`} value={String(chosen)} disabled={disabled} onChange={(e) => {
                const index = Number(e.target.value);
                form.update((d) => {
                  d.values[key(path, "branch")] = e.target.value;
                  prefillBranch(node, path, index, d);
                  for (let i = 1; i <= path.length; i++) d.values[key(path.slice(0, i), "set")] = true;
                });
              }}>
              {node.branches.map((b, i) => (
                <option key={i} value={String(i)}>
                  {b.label}
                </option>
              ))}
            </select>
          </div>
          {branchNode &&
            (branchNode.kind === "object" && !branchNode.additional ? (
              <Fields fields={branchNode.fields} path={branchPath} form={form} />
            ) : (
              <FieldView key={chosen} node={branchNode} path={branchPath} name={`${name} (${branchNode.label})`} required form={form} />
            ))}
        </>
      );
    }
  }
}

const DATE_TIME_IN_PICKER = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)Z$/;

function StringControl({ node, path, form, text, common, name }: ControlProps & { text: string; common: Record<string, unknown> }) {
  const setText = (value: string) => form.set(path, "v", value);
  const format = node.kind === "string" ? node.format : undefined;
  // An <input> cannot hold a line break: text with one (typed in the JSON editor) gets a textarea, so it round-trips.
  if (text.includes("\n") || text.includes("\r")) {
    return <textarea {...common} rows={3} spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} />;
  }
  if (format === "date-time") {
    // The picker writes local wall time without a zone; it is sent as UTC ("Z"). A value the picker cannot
    // show exactly (an offset, more digits) stays in a text box, exactly as written.
    const local = text === "" ? "" : DATE_TIME_IN_PICKER.exec(text)?.[1];
    if (local !== undefined) {
      return (
        <span className="date-time">
          <input {...common} type="datetime-local" step={1} value={local} onChange={(e) => setText(e.target.value === "" ? "" : `${e.target.value}${e.target.value.length === 16 ? ":00" : ""}Z`)} />
          <span className="unit" aria-hidden="true">
            UTC
          </span>
        </span>
      );
    }
    return <input {...common} type="text" value={text} placeholder="2026-01-31T12:00:00Z" onChange={(e) => setText(e.target.value)} title={`${name}: an RFC 3339 date-time`} />;
  }
  const type = format === "email" ? "email" : format === "uri" ? "url" : format === "date" ? "date" : "text";
  return <input {...common} type={type} spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} />;
}

function decimals(n: number): number {
  const s = String(n);
  const e = /e-(\d+)$/.exec(s);
  if (e) return Number(e[1]);
  const dot = s.indexOf(".");
  return dot < 0 ? 0 : s.length - dot - 1;
}

/** One step up or down from `text`, kept inside the schema's bounds and on its multipleOf grid. */
export function stepValue(node: Extract<FormNode, { kind: "number" | "integer" }>, text: string, direction: 1 | -1): string {
  const current = Number(text.trim());
  const lowest = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + node.step : undefined);
  const highest = node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - node.step : undefined);
  let next: number;
  if (text.trim() === "" || !Number.isFinite(current)) next = Math.min(Math.max(0, lowest ?? 0), highest ?? Infinity);
  else {
    next = current + direction * node.step;
    if (node.multipleOf) next = Math.round(next / node.multipleOf) * node.multipleOf;
    if (lowest !== undefined && next < lowest) next = direction < 0 ? current : lowest;
    if (highest !== undefined && next > highest) next = direction > 0 ? current : highest;
  }
  const places = Math.min(12, Math.max(decimals(node.step), Number.isFinite(current) ? decimals(current) : 0));
  return String(Number(next.toFixed(places)));
}

/**
 * Whether a bound is worth saying beside the field. Zod's int() and other generators write ±(2^53 − 1) for
 * "any integer", which says nothing and would crowd the field ("≥ -9007199254740991"); it is still checked.
 */
function said(bound: number | undefined): bound is number {
  return bound !== undefined && Math.abs(bound) < Number.MAX_SAFE_INTEGER;
}

function NumberControl({ node, path, id, name, labelled, describedBy, invalid, required, form, disabled, text }: ControlProps & { text: string }) {
  if (node.kind !== "number" && node.kind !== "integer") return null;
  const step = (direction: 1 | -1) => form.set(path, "v", stepValue(node, text, direction));
  const bounds = [
    said(node.minimum) ? `≥ ${node.minimum}` : said(node.exclusiveMinimum) ? `> ${node.exclusiveMinimum}` : "",
    said(node.maximum) ? `≤ ${node.maximum}` : said(node.exclusiveMaximum) ? `< ${node.exclusiveMaximum}` : "",
    node.multipleOf !== undefined ? `step ${node.multipleOf}` : "",
  ].filter(Boolean);
  return (
    <span className="stepper">
      <button type="button" className="secondary small" aria-label={`Decrease ${name}`} disabled={disabled} onClick={() => step(-1)}>
        −
      </button>
      <input
        id={id}
        {...(labelled ? {} : { "aria-label": name })}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        aria-required={(required && path.length > 0) || undefined}
        disabled={disabled}
        // Numbers are typed as text so a half-written value is kept as typed and gets our own error.
        type="text"
        inputMode={node.kind === "integer" ? "numeric" : "decimal"}
        value={text}
        onChange={(e) => form.set(path, "v", e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "ArrowUp" || e.key === "ArrowDown") {
            e.preventDefault();
            step(e.key === "ArrowUp" ? 1 : -1);
          }
        }}
      />
      <button type="button" className="secondary small" aria-label={`Increase ${name}`} disabled={disabled} onClick={() => step(1)}>
        +
      </button>
      {bounds.length > 0 && <span className="unit">{bounds.join(", ")}</span>}
    </span>
  );
}

/**
 * Focus an element by id once React has drawn the change (a moved item's button, a new item's first field),
 * unless the user has moved on meanwhile (a quick Tab): focus is taken only from where it was, or if lost.
 */
function refocus(id: string, selector?: string) {
  const from = document.activeElement;
  requestAnimationFrame(() => {
    const now = document.activeElement;
    if (now !== from && now !== null && now !== document.body) return;
    const at = document.getElementById(id);
    const target = selector ? at?.querySelector<HTMLElement>(selector) : at;
    target?.focus();
  });
}

const FIRST_FIELD = "input:not(.switches input), select, textarea";

function ArrayItems({ node, path, name, form }: { node: FormNode; path: Path; name: string; form: SchemaFormState }) {
  const prefix = useId();
  const ids = entry<string[]>(form.draft, path, "ids") ?? [];
  const mark = (d: FormDraft) => {
    for (let i = 1; i <= path.length; i++) d.values[key(path.slice(0, i), "set")] = true;
  };
  const move = (from: number, to: number, focusId: string) => {
    form.update((d) => {
      const list = [...ids];
      const [moved] = list.splice(from, 1);
      list.splice(to, 0, moved as string);
      d.values[key(path, "ids")] = list;
      mark(d);
    });
    refocus(focusId);
  };
  return (
    <>
      {ids.length === 0 && <p className="note">No items.</p>}
      <ol className="array-items">
        {ids.map((itemId, i) => {
          const itemName = `${name} item ${i + 1}`;
          const up = `${prefix}-${itemId}-up`;
          const down = `${prefix}-${itemId}-down`;
          const actions = (
            <span className="item-actions">
              <button type="button" id={up} className="secondary small" aria-label={`Move ${itemName} up`} disabled={i === 0} onClick={() => move(i, i - 1, up)}>
                ↑
              </button>
              <button type="button" id={down} className="secondary small" aria-label={`Move ${itemName} down`} disabled={i === ids.length - 1} onClick={() => move(i, i + 1, down)}>
                ↓
              </button>
              <button
                type="button"
                id={`${prefix}-${itemId}-remove`}
                className="secondary small"
                aria-label={`Remove ${itemName}`}
                onClick={() => {
                  form.update((d) => {
                    d.values[key(path, "ids")] = ids.filter((x) => x !== itemId);
                    mark(d);
                  });
                  // Focus stays in the list: on the item that took this one's place, else on Add.
                  const next = ids[i + 1];
                  refocus(next ? `${prefix}-${next}-remove` : `${prefix}-add`);
                }}
              >
                ✕
              </button>
            </span>
          );
          return (
            <li key={itemId} id={`${prefix}-${itemId}`}>
              <FieldView node={node} path={[...path, itemId]} name={itemName} required form={form} itemActions={actions} />
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        id={`${prefix}-add`}
        className="secondary small"
        onClick={() => {
          let added = "";
          form.update((d) => {
            added = newId(d);
            prefill(node, [...path, added], d);
            d.values[key(path, "ids")] = [...ids, added];
            mark(d);
          });
          // Straight into the new item's first field, so adding and typing need no pointer.
          refocus(`${prefix}-${added}`, FIRST_FIELD);
        }}
      >
        Add {name} item
      </button>
    </>
  );
}

function MapEntries({ node, path, name, form }: { node: FormNode; path: Path; name: string; form: SchemaFormState }) {
  const prefix = useId();
  const ids = entry<string[]>(form.draft, path, "ids") ?? [];
  const mark = (d: FormDraft) => {
    for (let i = 1; i <= path.length; i++) d.values[key(path.slice(0, i), "set")] = true;
  };
  return (
    <>
      <ol className="array-items map-entries">
        {ids.map((entryId, i) => {
          const entryPath = [...path, entryId];
          const keyText = entry<string>(form.draft, entryPath, "key") ?? "";
          const keyErrors = own(form.errors.fieldErrors, JSON.stringify(entryPath)) ?? [];
          return (
            <li key={entryId} className="map-entry">
              <div className="label-row">
                <label htmlFor={`${prefix}-${entryId}-key`}>Key</label>
                <input
                  id={`${prefix}-${entryId}-key`}
                  aria-label={`${name} key ${i + 1}`}
                  spellCheck={false}
                  value={keyText}
                  aria-invalid={keyErrors.length > 0 || undefined}
                  onChange={(e) => form.set(entryPath, "key", e.target.value)}
                />
                <button
                  type="button"
                  className="secondary small"
                  aria-label={`Remove ${name} entry ${i + 1}`}
                  onClick={() =>
                    form.update((d) => {
                      d.values[key(path, "ids")] = ids.filter((x) => x !== entryId);
                      mark(d);
                    })
                  }
                >
                  ✕
                </button>
              </div>
              <FieldView node={node} path={entryPath} name={`${name} value ${i + 1}`} required form={form} />
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="secondary small"
        onClick={() =>
          form.update((d) => {
            const entryId = newId(d);
            prefill(node, [...path, entryId], d);
            d.values[key([...path, entryId], "key")] = "";
            d.values[key(path, "ids")] = [...ids, entryId];
            mark(d);
          })
        }
      >
        Add {name} entry
      </button>
    </>
  );
}
