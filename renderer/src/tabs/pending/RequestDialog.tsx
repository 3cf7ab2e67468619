// The request dialog: a request that waits on the user (sampling, elicitation form or URL, whatever the era
// or task) opens over the current tab with the same answer card as its tab. Enter sends (the card's own
// Approve / Accept, so its checks run); Escape or "Later" leaves the request pending and sets it aside:
// it is never declined by a key. Several waiting: the oldest first, and the dialog says which of how many.
import * as Dialog from "@radix-ui/react-dialog";
import type { KeyboardEvent } from "react";
import type { PendingInput } from "../../../../shared/types.js";
import { useBridge, useInspectorStore } from "../../app/context.js";
import { ErrorBoundary } from "../../components/ErrorBoundary.js";
import { useNow } from "../../components/useNow.js";
import { ElicitationCard } from "./ElicitationsTab.js";
import { SamplingCard } from "./SamplingTab.js";
import { dialogStateOf, REQUEST_DIALOG_KEY } from "./requestDialogState.js";
import { FallbackAnswer } from "./FallbackAnswer.js";
import { waitingKind } from "./waitingOn.js";

export interface RequestDialogProps {
  input: PendingInput;
  /** The requests waiting, oldest first (the shown one among them). */
  waiting: readonly PendingInput[];
}

export function RequestDialog({ input, waiting }: RequestDialogProps) {
  const store = useInspectorStore();
  const bridge = useBridge();
  const now = useNow(1000);
  const index = waiting.findIndex((p) => p.id === input.id);
  const kind = waitingKind(input);

  const setState = (patch: (ids: Set<string>) => { asked?: string; setAside: string[] }) => {
    const now = dialogStateOf(store.getState().drafts[REQUEST_DIALOG_KEY]);
    // Only requests still waiting are remembered: the list cannot grow with answered ones.
    const live = new Set(waiting.map((p) => p.id));
    store.getState().setDraft(REQUEST_DIALOG_KEY, patch(new Set(now.setAside.filter((id) => live.has(id)))));
  };
  const setAside = () => setState((aside) => ({ setAside: [...aside, input.id] }));
  const show = (other: PendingInput | undefined) => other && setState((aside) => ({ asked: other.id, setAside: [...aside].filter((id) => id !== other.id) }));

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== "Enter" || e.shiftKey || e.altKey || e.nativeEvent.isComposing) return;
    const target = e.target as HTMLElement;
    // Buttons, links and menus keep their own Enter; in a text area Enter is a new line, Ctrl+Enter sends.
    if (target.closest("button, a, summary, select, [role=button]")) return;
    if (target.tagName === "TEXTAREA" && !(e.ctrlKey || e.metaKey)) return;
    const send = e.currentTarget.querySelector<HTMLButtonElement>("[data-send]");
    if (!send || send.disabled) return;
    e.preventDefault();
    send.click();
  };

  return (
    <Dialog.Root key={input.id} open onOpenChange={(open) => !open && setAside()}>
      <Dialog.Portal>
        <Dialog.Overlay className="request-dialog-overlay" />
        <Dialog.Content
          className="request-dialog"
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onOpenAutoFocus={(e) => {
            // An elicitation form: its first field. Sampling (a stub response is ready) and URL mode: the send
            // button. Enter then sends at once. Without scrolling: the dialog opens on what the server asked
            // (and the trust warning), not on the buttons at the end of a long request.
            const root = e.currentTarget as HTMLElement;
            const field = input.kind === "elicitation" ? root.querySelector<HTMLElement>("form input:not([type=hidden]), form textarea, form select") : null;
            const first = field ?? root.querySelector<HTMLElement>("[data-send]");
            if (first) {
              e.preventDefault();
              first.focus({ preventScroll: true });
            }
          }}
        >
          <header className="request-dialog-head">
            <Dialog.Title>Waiting on you: {kind}</Dialog.Title>
            <span className="request-dialog-count" aria-label={`Request ${index + 1} of ${waiting.length} waiting`}>
              {index + 1} of {waiting.length}
            </span>
            {waiting.length > 1 && (
              <span className="row request-dialog-nav">
                <button type="button" disabled={index <= 0} onClick={() => show(waiting[index - 1])}>
                  Previous
                </button>
                <button type="button" disabled={index >= waiting.length - 1} onClick={() => show(waiting[index + 1])}>
                  Next
                </button>
              </span>
            )}
            <Dialog.Close className="request-dialog-later" aria-label="Later: leave this request waiting (Escape)">
              Later
            </Dialog.Close>
          </header>
          <p className="note request-dialog-keys">Enter sends (Ctrl+Enter in a text area). Escape leaves the request waiting; it is not declined.</p>
          <div className="request-dialog-body">
            <ErrorBoundary
              key={input.id}
              what={`the ${input.kind} request from ${input.serverName}`}
              fallbackActions={
                input.kind === "sampling" ? (
                  <FallbackAnswer label="Reject it" answer={() => bridge.rejectSampling({ pendingInputId: input.id, reason: "The inspector could not show this request" })} />
                ) : (
                  <FallbackAnswer label="Decline it" answer={() => bridge.answerElicitation({ pendingInputId: input.id, action: "decline" })} />
                )
              }
            >
              {input.kind === "sampling" ? <SamplingCard input={input} now={now} /> : <ElicitationCard input={input} now={now} />}
            </ErrorBoundary>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
