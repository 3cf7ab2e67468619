// A resource template as a form: one field per RFC 6570 variable of its `uriTemplate` (with the server's
// suggestions when it offers completions), the URI those values build, and Read. A template that cannot
// be parsed, or is too large to offer as a form, falls back to typing the URI by hand, and says why.
import { Fragment, useId, useMemo, type ReactNode } from "react";
import type { ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import { useBridge } from "../../app/context.js";
import { useStoredState } from "../../app/useStoredState.js";
import { CompletionInput } from "../../components/CompletionInput.js";
import { FIELD_HELP_LINES, ServerProse } from "../../components/ServerProse.js";
import { draftKeys } from "../../store/draftsSlice.js";
import { dict, own, withKey } from "../../util/dict.js";
import { expandUriTemplate, parseUriTemplate, requiredVariables } from "../../../../shared/uriTemplate.js";
import { ServerName } from "../../components/ServerName.js";

const NO_VALUES: Record<string, string> = {};

interface TemplateFormProps {
  sessionId: string;
  template: ResourceTemplate;
  /** The server advertises `completions`, and the session is connected. */
  completions: boolean;
  disabled: boolean;
  onRead(uri: string): void;
}

export function TemplateForm(props: TemplateFormProps) {
  const parsed = useMemo(() => parseUriTemplate(props.template.uriTemplate), [props.template.uriTemplate]);
  if (!parsed.ok) return <RawTemplateReader {...props} problem={parsed.problem} />;
  return <VariablesForm {...props} parsed={parsed} />;
}

function VariablesForm({ sessionId, template, completions, disabled, onRead, parsed }: TemplateFormProps & { parsed: Extract<ReturnType<typeof parseUriTemplate>, { ok: true }> }) {
  const bridge = useBridge();
  const id = useId();
  // What the user typed outlives the tab (kept per session and template).
  const [values, setValues] = useStoredState(draftKeys.view("resources", "template-values", sessionId, template.uriTemplate), NO_VALUES);
  // An empty field leaves its variable undefined: RFC 6570 then adds nothing for it.
  const filled = (except?: string) => dict(parsed.variables.flatMap((name) => (name !== except && own(values, name) ? [[name, own(values, name)!] as const] : [])));
  const uri = expandUriTemplate(parsed, new Map(Object.entries(filled())));
  // Issue 21: Read waits for the variables the URI cannot do without, and says which.
  const required = useMemo(() => requiredVariables(parsed.parts), [parsed]);
  const missing = required.filter((name) => !own(values, name));
  const blocked = missing.length > 0 ? `Fill in ${missing.join(", ")} to read` : undefined;
  const completeFor = (name: string) =>
    completions
      ? (value: string) =>
          bridge.complete({ sessionId, ref: { type: "ref/resource", uri: template.uriTemplate }, argument: { name, value }, context: { arguments: filled(name) } })
      : undefined;
  return (
    <TemplateShell template={template} onSubmit={() => (blocked ? undefined : onRead(uri))}>
      <h4>{template.name}</h4>
      {typeof template.description === "string" && template.description && <ServerProse text={template.description} className="field-help prose" clampLines={FIELD_HELP_LINES} of={String(template.name)} />}
      <p className="note template-source">
        <TemplateText template={template.uriTemplate} />
      </p>
      {parsed.variables.map((name) => (
        <div className="field" key={name}>
          <div className="label-row">
            <label htmlFor={`${id}-${name}`}>{name}</label>
            {/* As the Prompts tab marks a required argument; aria-required says it to a screen reader. */}
            {required.includes(name) && (
              <span aria-hidden="true" className="required-mark" title="Required: the URI has no shape without it">
                *
              </span>
            )}
          </div>
          <CompletionInput
            id={`${id}-${name}`}
            label={name}
            value={own(values, name) ?? ""}
            onChange={(value) => setValues(withKey(values, name, value))}
            complete={completeFor(name)}
            {...(required.includes(name) ? { "aria-required": true } : {})}
          />
        </div>
      ))}
      <div className="row">
        <output className="template-uri" aria-label={`URI from template ${template.name}`} htmlFor={parsed.variables.map((name) => `${id}-${name}`).join(" ")}>
          {uri}
        </output>
        <button type="submit" disabled={disabled || uri === "" || blocked !== undefined} aria-label={`Read from template ${template.name}`} aria-describedby={blocked ? `${id}-why` : undefined}>
          Read
        </button>
      </div>
      {blocked && (
        <p className="note" id={`${id}-why`}>
          {blocked}
        </p>
      )}
    </TemplateShell>
  );
}

function RawTemplateReader({ sessionId, template, onRead, disabled, problem }: TemplateFormProps & { problem: string }) {
  const id = useId();
  const [uri, setUri] = useStoredState(draftKeys.view("resources", "template", sessionId, template.uriTemplate), template.uriTemplate);
  return (
    <TemplateShell template={template} onSubmit={() => onRead(uri)}>
      <label htmlFor={id}>{template.name}</label>
      {typeof template.description === "string" && template.description && <ServerProse text={template.description} className="field-help prose" clampLines={FIELD_HELP_LINES} of={String(template.name)} />}
      <p className="note">Not offered as a form: {problem}. Type the URI to read.</p>
      <div className="row">
        <input id={id} value={uri} spellCheck={false} onChange={(e) => setUri(e.target.value)} />
        <button type="submit" disabled={disabled} aria-label={`Read from template ${template.name}`}>
          Read
        </button>
      </div>
    </TemplateShell>
  );
}

/** A template's card: one form, named for the template, that reads its URI on submit (Enter or Read). */
function TemplateShell({ template, onSubmit, children }: { template: ResourceTemplate; onSubmit(): void; children: ReactNode }) {
  return (
    <form
      className="template"
      aria-label={`Template ${template.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/**
 * A URI template as text that breaks only between its parts: after a "/" of its literal text, never
 * inside an expression, so `{resourceId}` never reads as `{resourceId` + `}` on the next line.
 */
export function TemplateText({ template }: { template: string }) {
  const parts = template.split(/(\{[^{}]*\})/);
  return (
    <code className="template-text">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <span key={i} className="uri-expr">
            <ServerName text={part} />
          </span>
        ) : (
          part.split("/").map((piece, j, all) => (
            <Fragment key={`${i}.${j}`}>
              <ServerName text={piece} />
              {j < all.length - 1 && (
                <>
                  /<wbr />
                </>
              )}
            </Fragment>
          ))
        ),
      )}
    </code>
  );
}
