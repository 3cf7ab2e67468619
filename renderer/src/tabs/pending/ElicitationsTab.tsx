// Elicitations: each pending elicitation/create. Form mode: a form from requestedSchema, validated
// before anything is sent. URL mode: the URL as text, opened only after the user confirms.
// "Accept", "Decline", "Cancel" are the three ElicitResult actions.
import { useId } from "react";
import type { PendingInput } from "../../../../shared/types.js";
import { useFocusTarget } from "../../app/focusItem.js";
import { useBridge, useInspector } from "../../app/context.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { MESSAGE_LINES, ServerProse } from "../../components/ServerProse.js";
import { submitOnModEnter } from "../../components/submitKeys.js";
import { OpenLink } from "../../components/OpenLinkConfirm.js";
import { useAsyncAction } from "../../components/useAsyncAction.js";
import { useNow } from "../../components/useNow.js";
import { SchemaFields } from "../../forms/SchemaFields.js";
import { useSchemaForm } from "../../forms/useSchemaForm.js";
import { draftKeys } from "../../store/draftsSlice.js";
import { PendingContext, pendingTitle } from "./PendingContext.js";
import { WithdrawnNotes } from "./WithdrawnNotes.js";
import { RequestHistory } from "./RequestHistory.js";
import { ErrorBoundary } from "../../components/ErrorBoundary.js";
import { FallbackAnswer } from "./FallbackAnswer.js";

export function ElicitationsTab() {
  const inputs = useInspector((s) => s.pendingInputs);
  const elicitations = inputs.filter((p) => p.kind === "elicitation");
  const now = useNow(1000);
  return (
    <div className="pending-tab">
      <h2>Elicitations</h2>
      {elicitations.length === 0 && <p className="empty">No elicitation is waiting.</p>}
      {elicitations.map((input) => (
        <ErrorBoundary
          key={input.id}
          what={`the elicitation from ${input.serverName}`}
          fallbackActions={<FallbackAnswer label="Decline it" answer={(bridge) => bridge.answerElicitation({ pendingInputId: input.id, action: "decline" })} />}
        >
          <ElicitationCard input={input} now={now} />
        </ErrorBoundary>
      ))}
      {/* Live requests first: notes of withdrawn ones must not push them below the fold. */}
      <WithdrawnNotes kind="elicitation" />
      <RequestHistory kind="elicitation" />
    </div>
  );
}

/** One elicitation and its answer; the Elicitations tab lists them, the request dialog shows one. */
export function ElicitationCard({ input, now }: { input: PendingInput; now: number }) {
  const bridge = useBridge();
  const id = useId();
  const action = useAsyncAction();
  const title = pendingTitle(input);
  const cardRef = useFocusTarget<HTMLElement>(input.id);
  const isUrl = input.params.mode === "url";
  const message = typeof input.params.message === "string" ? input.params.message : "";

  const answer = (which: "decline" | "cancel") => action.run(() => bridge.answerElicitation({ pendingInputId: input.id, action: which }));

  return (
    <article className="card" aria-labelledby={`${id}-title`} ref={cardRef} tabIndex={-1}>
      <h3 id={`${id}-title`}>{title}</h3>
      <PendingContext input={input} now={now} />
      {message && <ServerProse text={message} className="elicitation-message" clampLines={MESSAGE_LINES} noun="message" />}
      <p className="note trust-warning">Only share what you trust this server with.</p>
      {isUrl ? (
        <UrlMode input={input} busy={action.busy} onAccept={() => void action.run(() => bridge.answerElicitation({ pendingInputId: input.id, action: "accept" }))} onAnswer={answer} />
      ) : (
        <FormMode input={input} title={title} busy={action.busy} run={action.run} onAnswer={answer} />
      )}
      <ErrorAlert message={action.error} onDismiss={action.clearError} />
    </article>
  );
}

function Buttons({ busy, onAnswer, acceptIsSubmit, onAccept }: { busy: boolean; onAnswer(a: "decline" | "cancel"): void; acceptIsSubmit: boolean; onAccept?(): void }) {
  return (
    <div className="row answer-actions">
      {/* data-send: the button Enter presses in the request dialog. */}
      <button type={acceptIsSubmit ? "submit" : "button"} data-send="" disabled={busy} onClick={acceptIsSubmit ? undefined : onAccept}>
        Accept
      </button>
      <button type="button" disabled={busy} onClick={() => onAnswer("decline")}>
        Decline
      </button>
      <button type="button" disabled={busy} onClick={() => onAnswer("cancel")}>
        Cancel
      </button>
    </div>
  );
}

function FormMode({
  input,
  title,
  busy,
  run,
  onAnswer,
}: {
  input: PendingInput;
  title: string;
  busy: boolean;
  run: <T>(action: () => Promise<T>) => Promise<T | undefined>;
  onAnswer(a: "decline" | "cancel"): void;
}) {
  const bridge = useBridge();
  const form = useSchemaForm(input.params.requestedSchema ?? { type: "object", properties: {} }, draftKeys.pendingInput(input.id));
  return (
    <form
      noValidate
      aria-label={`Answer to ${title}`}
      onKeyDownCapture={submitOnModEnter}
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit().then((content) => content && run(() => bridge.answerElicitation({ pendingInputId: input.id, action: "accept", content })));
      }}
    >
      <SchemaFields form={form} rawLabel="Response content (JSON)" />
      <Buttons busy={busy} onAnswer={onAnswer} acceptIsSubmit />
    </form>
  );
}

function UrlMode({ input, busy, onAccept, onAnswer }: { input: PendingInput; busy: boolean; onAccept(): void; onAnswer(a: "decline" | "cancel"): void }) {
  const bridge = useBridge();
  const url = typeof input.params.url === "string" ? input.params.url : "";
  return (
    <div className="url-mode">
      <p className="note">The server asks you to complete a step in your browser:</p>
      <OpenLink bridge={bridge} url={url} />
      {typeof input.params.elicitationId === "string" && <p className="note">Elicitation id: {input.params.elicitationId}</p>}
      <p className="note">Accept once you have opened it (the server hears about completion on its own).</p>
      <Buttons busy={busy} onAnswer={onAnswer} acceptIsSubmit={false} onAccept={onAccept} />
    </div>
  );
}
