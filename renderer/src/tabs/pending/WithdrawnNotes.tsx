// Inputs that left without the user's answer (task cancelled or expired, request cancelled, session
// ended) stay listed with the reason main gave, below the live ones, until the user dismisses the note
// (or all of this tab's notes at once). The core keeps the notes as well, and forgets the dismissed ones,
// so a reload shows exactly what was not dismissed (issue 13).
import type { PendingInputKind } from "../../../../shared/types.js";
import { useBridge, useInspector } from "../../app/context.js";
import { pendingTitle } from "./PendingContext.js";

export function WithdrawnNotes({ kind }: { kind: PendingInputKind }) {
  const notes = useInspector((s) => s.withdrawnNotes);
  const bridge = useBridge();
  const dismissHere = useInspector((s) => s.dismissWithdrawnNote);
  const dismissAllHere = useInspector((s) => s.dismissWithdrawnNotes);
  const mine = notes.filter((n) => n.input.kind === kind);
  // Gone from this window at once; the core is told so a reload does not bring them back.
  const forget = (pendingInputIds: string[]) => void bridge.dismissWithdrawnNotes({ pendingInputIds }).catch(() => {});
  const dismiss = (id: string) => {
    dismissHere(id);
    forget([id]);
  };
  const dismissAll = (which: PendingInputKind) => {
    dismissAllHere(which);
    forget(mine.map((n) => n.input.id));
  };
  return (
    <div aria-live="polite" className="withdrawn-notes">
      {mine.length > 1 && (
        <div className="toolbar">
          <h3>Withdrawn ({mine.length})</h3>
          <button type="button" onClick={() => dismissAll(kind)}>
            Dismiss all {mine.length} notes
          </button>
        </div>
      )}
      {mine.map((note) => {
        const title = `${pendingTitle(note.input)} (withdrawn)`;
        return (
          <article key={note.input.id} className="card withdrawn" aria-label={title}>
            <h3>{title}</h3>
            <p className="withdrawn-message">
              Withdrawn: {note.message}
            </p>
            {typeof note.input.params.message === "string" && <p className="note">It asked: {note.input.params.message}</p>}
            <button type="button" aria-label={`Dismiss note: ${title}`} onClick={() => dismiss(note.input.id)}>
              Dismiss
            </button>
          </article>
        );
      })}
    </div>
  );
}
