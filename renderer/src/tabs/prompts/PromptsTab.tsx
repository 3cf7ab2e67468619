// Prompts: the selected session's prompts; fill a prompt's arguments and get its messages.
import { walkPages } from "../../../../shared/listWalk.js";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { Prompt } from "@modelcontextprotocol/sdk/types.js";
import { useBridge, useInspector, useInspectorStore } from "../../app/context.js";
import type { CacheHints } from "../../../../shared/types.js";
import { SplitPane } from "../../components/SplitPane.js";
import { submitOnModEnter } from "../../components/submitKeys.js";
import { CacheHintNote } from "../../components/CacheHintNote.js";
import { DESCRIPTION_LINES, FIELD_HELP_LINES, ServerProse } from "../../components/ServerProse.js";
import { useSelectedSession } from "../../app/useSelectedSession.js";
import { useStoredState } from "../../app/useStoredState.js";
import { CompletionInput } from "../../components/CompletionInput.js";
import { ContentBlock } from "../../components/ContentView.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { JsonView } from "../../components/JsonView.js";
import { useAsyncAction } from "../../components/useAsyncAction.js";
import { draftKeys } from "../../store/draftsSlice.js";
import { dict, own, withKey } from "../../util/dict.js";
import { JsonEditor } from "../../forms/JsonEditor.js";
import { JsonProblems } from "../../forms/SchemaFields.js";
import { validateMapped } from "../../forms/validate.js";
import "../../forms/forms.css";
import { VirtualList, type VirtualListHandle } from "../../components/VirtualList.js";
import { ListHead } from "../../components/ListHead.js";
import { clipText, useListFilter } from "../../components/useListFilter.js";
import { ItemLines, ServerName } from "../../components/ServerName.js";

const NO_VALUES: Record<string, string> = {};
const promptFields = (p: Prompt) => [p.name, p.title, p.description];
const promptName = (p: Prompt) => p.name;
const FORM_VIEW: { mode: "form" | "json"; text: string } = { mode: "form", text: "" };

/** Prompt arguments as a JSON Schema (every argument is a string), for the JSON editor's checks. */
function argumentsSchema(prompt: Prompt): Record<string, unknown> {
  const args = prompt.arguments ?? [];
  return {
    type: "object",
    properties: dict(args.map((a) => [a.name, { type: "string", ...(a.description ? { description: a.description } : {}) }] as const)),
    required: args.filter((a) => a.required).map((a) => a.name),
    additionalProperties: { type: "string" },
  };
}

function parseArguments(text: string, schema: Record<string, unknown>): { value?: Record<string, string>; error?: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { error: `The JSON does not parse (${(error as Error).message}); it stays here until it does.` };
  }
  const outcome = validateMapped(schema, parsed);
  if (!outcome.valid) return { error: outcome.problems.map((p) => `${p.pointer || "(value)"}: ${p.message}`).join("; ") || outcome.formErrors.join("; ") };
  return { value: parsed as Record<string, string> };
}

/** The filled values other than `name`'s: what `context.arguments` carries. */
function filledExcept(values: Record<string, string>, name: string): Record<string, string> {
  return dict(Object.entries(values).filter(([key, value]) => key !== name && value !== ""));
}

export function PromptsTab() {
  const bridge = useBridge();
  const store = useInspectorStore();
  const session = useSelectedSession();
  const sessionId = session?.sessionId;
  const connected = session?.state === "connected";
  const offers = Boolean(session?.serverCapabilities?.prompts);
  const [prompts, setPrompts] = useState<Prompt[]>([]);
  const [cache, setCache] = useState<{ hints?: CacheHints; changesSeen: number }>();
  const changes = useInspector((s) => (sessionId ? (s.listChanges[sessionId]?.prompts ?? 0) : 0));
  // The picked prompt and its typed arguments outlive the tab (kept per session).
  const [selected, setSelected] = useStoredState<string | undefined>(draftKeys.view("prompts", "selected", sessionId ?? ""), undefined);
  const list = useAsyncAction();
  const runList = list.run;
  const listRef = useRef<VirtualListHandle>(null);
  const [filter, setFilter] = useStoredState(draftKeys.view("prompts", "filter", sessionId ?? ""), "");
  const { shown, needle } = useListFilter(prompts, promptFields, filter);
  const sections = useMemo(() => [{ items: shown }], [shown]);
  const prompt = useMemo(() => prompts.find((p) => p.name === selected), [prompts, selected]);

  const load = useCallback(
    () =>
      runList(async () => {
        if (!sessionId) return;
        const all: Prompt[] = [];
        const changesSeen = store.getState().listChanges[sessionId]?.prompts ?? 0;
        let hints: CacheHints | undefined;
        const stopped = await walkPages(
          "prompts/list",
          (cursor) => bridge.listPrompts({ sessionId, ...(cursor ? { cursor } : {}) }),
          (page) => {
            all.push(...page.prompts);
            hints ??= page.cache;
          },
        );
        setPrompts(all);
        setCache({ ...(hints ? { hints } : {}), changesSeen });
        // What the pages before held is shown; the walk's stop is said once, as the list's error.
        if (stopped) throw new Error(stopped);
      }),
    [bridge, store, sessionId, runList],
  );

  useEffect(() => {
    if (connected && offers) void load();
  }, [connected, offers, load]);

  if (!session) return <p className="empty">Connect a server to see its prompts.</p>;
  if (connected && !offers) return <p className="empty">{session.serverName} does not offer prompts.</p>;

  return (
    <SplitPane
      id="prompts"
      label="Resize the prompt list"
      detailKey={`${session.sessionId}/${prompt?.name ?? ""}`}
      list={
      <section className="list-pane" aria-label="Prompt list">
        <ListHead
          title="Prompts"
          count={prompts.length}
          onRefresh={() => void load()}
          refreshDisabled={!connected || list.busy}
          filter={filter}
          onFilter={setFilter}
          filterBy="name, title or description"
          needle={needle}
          matching={shown.length}
          list={listRef}
        >
          <ErrorAlert message={list.error} onDismiss={list.clearError} />
          {cache && changes > cache.changesSeen && <p className="note">The server says its prompts changed: refresh to see them.</p>}
          {cache && <CacheHintNote hints={cache.hints} what="prompt list" era={session.era} />}
        </ListHead>
        <VirtualList
          handle={listRef}
          total={prompts.length}
          sections={sections}
          itemKey={promptName}
          selectedKey={selected}
          filter={needle}
          renderItem={(p, { tabIndex }) => (
            <button type="button" tabIndex={tabIndex} className={p.name === selected ? "item selected" : "item"} aria-label={clipText(p.name)} aria-current={p.name === selected || undefined} onClick={() => setSelected(p.name)}>
              <span className="item-name">
                <ServerName text={clipText(p.name)} />
              </span>
              <ItemLines title={p.title} description={p.description} />
            </button>
          )}
        />
      </section>
      }
      detail={<div className="detail-pane">{prompt && sessionId && <PromptForm key={prompt.name} sessionId={sessionId} prompt={prompt} connected={connected} completions={Boolean(session.serverCapabilities?.completions)} />}</div>}
    />
  );
}

function PromptForm({ sessionId, prompt, connected, completions }: { sessionId: string; prompt: Prompt; connected: boolean; completions: boolean }) {
  const bridge = useBridge();
  const id = useId();
  const [values, setValues] = useStoredState(draftKeys.view("prompts", "arguments", sessionId, prompt.name), NO_VALUES);
  const [missing, setMissing] = useState<string[]>([]);
  // The last result outlives the tab (one per session: getting another prompt replaces it).
  const [got, setGot] = useStoredState<{ prompt: string; result: Record<string, unknown> } | undefined>(draftKeys.view("prompts", "result", sessionId), undefined);
  const result = got?.prompt === prompt.name ? got.result : undefined;
  const action = useAsyncAction();
  const args = prompt.arguments ?? [];
  // Edit as JSON: the text is kept as typed (also when it does not parse) for as long as the window lives.
  const [view, setView] = useStoredState(draftKeys.view("prompts", "json", sessionId, prompt.name), FORM_VIEW);
  const [jsonError, setJsonError] = useState<string>();
  const schema = useMemo(() => argumentsSchema(prompt), [prompt]);
  const json = view.mode === "json";
  const toggleJson = () => {
    if (!json) {
      setView({ mode: "json", text: JSON.stringify(dict(Object.entries(values).filter(([, v]) => v !== "")), null, 2) });
      setJsonError(undefined);
      return;
    }
    const { value, error } = parseArguments(view.text, schema);
    const unknown = value ? Object.keys(value).filter((k) => !args.some((a) => a.name === k)) : [];
    if (error || !value) return setJsonError(error);
    if (unknown.length) return setJsonError(`The form has no field for ${unknown.map((k) => JSON.stringify(k)).join(", ")}: keep editing as JSON, or remove it.`);
    setValues(dict(Object.entries(value)));
    setView({ mode: "form", text: view.text });
    setJsonError(undefined);
  };
  // completion/complete for one argument; the others already filled go in context.arguments.
  const completeFor = (name: string) =>
    completions && connected
      ? (value: string) =>
          bridge.complete({ sessionId, ref: { type: "ref/prompt", name: prompt.name }, argument: { name, value }, context: { arguments: filledExcept(values, name) } })
      : undefined;
  return (
    <section aria-label={`Prompt ${prompt.name}`}>
      <h2>
        <ServerName text={prompt.name} />
      </h2>
      {typeof prompt.description === "string" && prompt.description && <ServerProse key={prompt.name} text={prompt.description} clampLines={DESCRIPTION_LINES} />}
      <form
        noValidate
        className="schema-form"
        aria-label={`Arguments for prompt ${prompt.name}`}
        onKeyDownCapture={submitOnModEnter}
        onSubmit={(e) => {
          e.preventDefault();
          if (json) {
            const { value, error } = parseArguments(view.text, schema);
            setJsonError(error);
            if (value) void action.run(async () => setGot({ prompt: prompt.name, result: await bridge.getPrompt({ sessionId, name: prompt.name, arguments: value }) }));
            return;
          }
          const absent = args.filter((a) => a.required && !own(values, a.name)?.trim()).map((a) => a.name);
          setMissing(absent);
          if (absent.length) return;
          const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ""));
          void action.run(async () => setGot({ prompt: prompt.name, result: await bridge.getPrompt({ sessionId, name: prompt.name, arguments: filled }) }));
        }}
      >
        <div className="schema-form-bar">
          <button type="button" className="secondary small" aria-pressed={json} onClick={toggleJson}>
            Edit as JSON
          </button>
        </div>
        {json && (
          <div className="field">
            <label htmlFor={`${id}-json`}>Prompt arguments (JSON)</label>
            <JsonEditor id={`${id}-json`} label="Prompt arguments (JSON)" text={view.text} schema={schema} onChange={(text) => setView({ mode: "json", text })} describedBy={`${id}-json-problems`} />
            <JsonProblems id={`${id}-json-problems`} text={view.text} schema={schema} />
          </div>
        )}
        {jsonError && (
          <p className="field-error" role="alert">
            {jsonError}
          </p>
        )}
        {!json && args.map((a, index) => {
          // Numbered, not named: an argument's name may hold a space, which aria-describedby would split.
          // A server's list is not trusted to hold strings where the spec says so.
          const description = typeof a.description === "string" && a.description ? a.description : undefined;
          const helpId = description ? `${id}-arg-${index}-help` : undefined;
          const errorId = missing.includes(a.name) ? `${id}-arg-${index}-error` : undefined;
          return (
            <div className="field" key={a.name}>
              <div className="label-row">
                <label htmlFor={`${id}-${a.name}`}>
                  <ServerName text={a.name} />
                </label>
                {a.required ? <span aria-hidden="true" className="required-mark">*</span> : null}
              </div>
              <CompletionInput
                id={`${id}-${a.name}`}
                label={a.name}
                value={own(values, a.name) ?? ""}
                aria-required={a.required || undefined}
                aria-invalid={missing.includes(a.name) || undefined}
                aria-describedby={[helpId, errorId].filter(Boolean).join(" ") || undefined}
                onChange={(value) => setValues(withKey(values, a.name, value))}
                complete={completeFor(a.name)}
              />
              {description && <ServerProse text={description} className="field-help prose" id={helpId} clampLines={FIELD_HELP_LINES} of={String(a.name)} />}
              {errorId && (
                <p className="field-error" id={errorId}>
                  Required
                </p>
              )}
            </div>
          );
        })}
        <button type="submit" disabled={!connected || action.busy}>
          Get prompt
        </button>
      </form>
      <ErrorAlert message={action.error} onDismiss={action.clearError} />
      {result && (
        <div className="prompt-result">
          {typeof result.description === "string" && <p className="note">{result.description}</p>}
          {Array.isArray(result.messages) &&
            (result.messages as { role?: unknown; content?: unknown }[]).map((m, i) => (
              <div key={i} className="message">
                <span className="message-role">{String(m.role ?? "?")}</span>
                <ContentBlock block={m.content} />
              </div>
            ))}
          <details>
            <summary>Raw result</summary>
            <JsonView value={result} />
          </details>
        </div>
      )}
    </section>
  );
}
