// Sampling: each pending sampling/createMessage with what the server asked for, and an editable
// response. "Approve" sends it, "Reject" rejects the request.
import { useId } from "react";
import type { PendingInput } from "../../../../shared/types.js";
import { useFocusTarget } from "../../app/focusItem.js";
import { useBridge, useInspector, useInspectorStore } from "../../app/context.js";
import { ContentBlock } from "../../components/ContentView.js";
import { submitOnModEnter } from "../../components/submitKeys.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { JsonView } from "../../components/JsonView.js";
import { TruncatedText } from "../../components/TruncatedText.js";
import { useAsyncAction } from "../../components/useAsyncAction.js";
import { useNow } from "../../components/useNow.js";
import { draftKeys } from "../../store/draftsSlice.js";
import { PendingContext, pendingTitle } from "./PendingContext.js";
import { WithdrawnNotes } from "./WithdrawnNotes.js";
import { RequestHistory } from "./RequestHistory.js";
import { ErrorBoundary } from "../../components/ErrorBoundary.js";
import { FallbackAnswer } from "./FallbackAnswer.js";

interface SamplingDraft {
  role: "assistant" | "user";
  text: string;
  model: string;
  stopReason: string;
  rejectReason: string;
}

const SHOWN_PARAMS = new Set(["messages", "systemPrompt", "modelPreferences", "maxTokens", "task", "_meta"]);

export function SamplingTab() {
  const inputs = useInspector((s) => s.pendingInputs);
  const sampling = inputs.filter((p) => p.kind === "sampling");
  const now = useNow(1000);
  return (
    <div className="pending-tab">
      <h2>Sampling</h2>
      {sampling.some((p) => p.modern) && (
        // E6: still answered, but the era marks it deprecated.
        <p className="note deprecated">Sampling is deprecated in 2026-07-28; servers of that era still ask for it inside their results.</p>
      )}
      {sampling.length === 0 && <p className="empty">No sampling request is waiting.</p>}
      {sampling.map((input) => (
        <ErrorBoundary
          key={input.id}
          what={`the sampling request from ${input.serverName}`}
          fallbackActions={<FallbackAnswer label="Reject it" answer={(bridge) => bridge.rejectSampling({ pendingInputId: input.id, reason: "The inspector could not show this request" })} />}
        >
          <SamplingCard input={input} now={now} />
        </ErrorBoundary>
      ))}
      {/* Live requests first: notes of withdrawn ones must not push them below the fold. */}
      <WithdrawnNotes kind="sampling" />
      <RequestHistory kind="sampling" />
    </div>
  );
}

/** A sensible stub: says what it answers, so a server developer can tell it from a real model. */
export function stubResponse(input: PendingInput): SamplingDraft {
  const messages = Array.isArray(input.params.messages) ? (input.params.messages as { role?: string; content?: unknown }[]) : [];
  const lastUser = [...messages].reverse().find((m) => m.role === "user");
  const content = Array.isArray(lastUser?.content) ? lastUser?.content[0] : lastUser?.content;
  const text = content && typeof content === "object" && typeof (content as { text?: unknown }).text === "string" ? (content as { text: string }).text : "";
  const quoted = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  return {
    role: "assistant",
    text: quoted ? `Stub response from MCP Task Inspector to: "${quoted}"` : "Stub response from MCP Task Inspector.",
    model: "mcp-task-inspector-stub",
    stopReason: "endTurn",
    rejectReason: "",
  };
}

/** One sampling request and its response; the Sampling tab lists them, the request dialog shows one. */
export function SamplingCard({ input, now }: { input: PendingInput; now: number }) {
  const bridge = useBridge();
  const store = useInspectorStore();
  const id = useId();
  const key = draftKeys.pendingInput(input.id);
  const draft = (useInspector((s) => s.drafts[key]) as SamplingDraft | undefined) ?? stubResponse(input);
  const update = (patch: Partial<SamplingDraft>) => store.getState().setDraft(key, { ...draft, ...patch });
  const action = useAsyncAction();
  const title = pendingTitle(input);
  const cardRef = useFocusTarget<HTMLElement>(input.id);
  const p = input.params;
  const messages = Array.isArray(p.messages) ? (p.messages as { role?: unknown; content?: unknown }[]) : [];
  const others = Object.fromEntries(Object.entries(p).filter(([k]) => !SHOWN_PARAMS.has(k)));

  const approve = () =>
    action.run(async () => {
      if (!draft.model.trim()) throw new Error("Give the response a model name");
      await bridge.approveSampling({
        pendingInputId: input.id,
        result: {
          role: draft.role,
          content: { type: "text", text: draft.text },
          model: draft.model.trim(),
          ...(draft.stopReason.trim() ? { stopReason: draft.stopReason.trim() } : {}),
        },
      });
    });
  const reject = () =>
    action.run(() => bridge.rejectSampling({ pendingInputId: input.id, ...(draft.rejectReason.trim() ? { reason: draft.rejectReason.trim() } : {}) }));

  return (
    <article className="card" aria-labelledby={`${id}-title`} ref={cardRef} tabIndex={-1}>
      <h3 id={`${id}-title`}>{title}</h3>
      <PendingContext input={input} now={now} />
      <h4>Messages</h4>
      <ol className="messages">
        {messages.map((m, i) => (
          <li key={i} className="message">
            <span className="message-role">{String(m.role ?? "?")}</span>
            {Array.isArray(m.content) ? m.content.map((c, j) => <ContentBlock key={j} block={c} />) : <ContentBlock block={m.content} />}
          </li>
        ))}
      </ol>
      {typeof p.systemPrompt === "string" && (
        <>
          <h4>System prompt</h4>
          <TruncatedText text={p.systemPrompt} />
        </>
      )}
      <dl className="pending-context">
        <dt>maxTokens</dt>
        <dd>{String(p.maxTokens ?? "—")}</dd>
      </dl>
      {p.modelPreferences !== undefined && (
        <>
          <h4>Model preferences</h4>
          <JsonView value={p.modelPreferences} />
        </>
      )}
      {Object.keys(others).length > 0 && (
        <details>
          <summary>Other parameters</summary>
          <JsonView value={others} />
        </details>
      )}
      <form
        className="response"
        aria-label={`Response to ${title}`}
        onKeyDownCapture={submitOnModEnter}
        onSubmit={(e) => {
          e.preventDefault();
          void approve();
        }}
      >
        <h4>Response</h4>
        <div className="field">
          <label htmlFor={`${id}-role`}>Role</label>
          <select id={`${id}-role`} value={draft.role} onChange={(e) => update({ role: e.target.value as SamplingDraft["role"] })}>
            <option value="assistant">assistant</option>
            <option value="user">user</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-text`}>Response text</label>
          <textarea id={`${id}-text`} rows={4} value={draft.text} onChange={(e) => update({ text: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-model`}>Model</label>
          <input id={`${id}-model`} value={draft.model} onChange={(e) => update({ model: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-stop`}>Stop reason</label>
          <input id={`${id}-stop`} list={`${id}-stop-reasons`} value={draft.stopReason} onChange={(e) => update({ stopReason: e.target.value })} />
          <datalist id={`${id}-stop-reasons`}>
            <option value="endTurn" />
            <option value="stopSequence" />
            <option value="maxTokens" />
          </datalist>
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Rejection reason (optional)</label>
          <input id={`${id}-reason`} value={draft.rejectReason} onChange={(e) => update({ rejectReason: e.target.value })} />
        </div>
        <ErrorAlert message={action.error} onDismiss={action.clearError} />
        <div className="row answer-actions">
          {/* data-send: the button Enter presses in the request dialog. */}
          <button type="submit" data-send="" disabled={action.busy}>
            Approve
          </button>
          <button type="button" disabled={action.busy} onClick={() => void reject()}>
            Reject
          </button>
        </div>
      </form>
    </article>
  );
}
