// The history of requests that no longer wait: answered, rejected, declined, cancelled or withdrawn, newest
// first, each with what the server asked, what was sent back and how long the user took. The core keeps it
// bounded by bytes (RequestHistory); what it dropped is said here.
import { useState } from "react";
import { cutNote, formatBytes, REQUEST_HISTORY_BYTES } from "../../../../shared/byteBudget.js";
import type { PendingInputKind, RequestHistoryEntry, RequestOutcome } from "../../../../shared/types.js";
import { useInspector } from "../../app/context.js";
import { CopyButton } from "../../components/CopyButton.js";
import { JsonView, toJsonText } from "../../components/JsonView.js";
import { formatClock } from "../../util/time.js";

const OUTCOME_WORDS: Record<RequestOutcome, string> = {
  answered: "Approved",
  rejected: "Rejected",
  accepted: "Accepted",
  declined: "Declined",
  cancelled: "Cancelled",
  withdrawn: "Withdrawn",
};

/** Shown at first; the rest on request, so a long history costs nothing until asked for. */
const SHOWN_AT_FIRST = 50;

export function RequestHistory({ kind }: { kind: PendingInputKind }) {
  const entries = useInspector((s) => s.requestHistory);
  const dropped = useInspector((s) => s.requestHistoryDropped);
  const [shown, setShown] = useState(SHOWN_AT_FIRST);
  const mine = entries.filter((e) => e.input.kind === kind).reverse();
  const what = kind === "sampling" ? "sampling" : "elicitation";
  return (
    <section className="request-history" aria-label={`${kind === "sampling" ? "Sampling" : "Elicitation"} history`}>
      <h3>History ({mine.length})</h3>
      {dropped.entries > 0 && (
        <p className="note history-dropped">
          {dropped.entries} older {dropped.entries === 1 ? "request" : "requests"} ({formatBytes(dropped.bytes)}, sampling and elicitation together) left the history to keep it within{" "}
          {formatBytes(REQUEST_HISTORY_BYTES)}.
        </p>
      )}
      {mine.length === 0 && <p className="empty">No {what} request has been answered or withdrawn yet.</p>}
      <ol className="history-list">
        {mine.slice(0, shown).map((entry) => (
          <HistoryEntry key={entry.input.id} entry={entry} />
        ))}
      </ol>
      {mine.length > shown && (
        <button type="button" onClick={() => setShown(shown + SHOWN_AT_FIRST)}>
          Show {Math.min(SHOWN_AT_FIRST, mine.length - shown)} older
        </button>
      )}
    </section>
  );
}

function HistoryEntry({ entry }: { entry: RequestHistoryEntry }) {
  const { input } = entry;
  const outcome = OUTCOME_WORDS[entry.outcome];
  const asked = askedLine(entry);
  const title = `${outcome}: ${input.kind === "sampling" ? "sampling request" : "elicitation"} from ${input.serverName} at ${formatClock(input.receivedAt)}`;
  return (
    <li className="history-entry">
      <details>
        <summary aria-label={title}>
          <span className={`history-outcome outcome-${entry.outcome}`}>{outcome}</span> · {input.serverName} · asked {formatClock(input.receivedAt)} · {entry.outcome === "withdrawn" ? "waited" : "you took"}{" "}
          {duration(entry.tookMs)}
          {asked ? ` · ${asked}` : ""}
        </summary>
        {/* What was sent back first: it is short, and it is what the user came to check. */}
        {entry.withdrawn ? (
          <p className="withdrawn-message">Withdrawn: {entry.withdrawn.message}</p>
        ) : (
          <>
            <div className="block-head">
              <h4>What was sent back</h4>
              <CopyButton text={() => toJsonText(entry.sent)} what={`what was sent back (${title})`} />
            </div>
            {entry.sentCut && <p className="note">{cutNote(entry.sentCut, "answer")}.</p>}
            <JsonView value={entry.sent} label={`What was sent back (${title})`} />
          </>
        )}
        <div className="block-head">
          <h4>What the server asked</h4>
          <CopyButton text={() => toJsonText(input.params)} what={`what the server asked (${title})`} />
        </div>
        {input.cut && <p className="note">{cutNote(input.cut, "request")}.</p>}
        <JsonView value={input.params} label={`What the server asked (${title})`} />
      </details>
    </li>
  );
}

/** The request in a few words: an elicitation's message, or a sampling request's last message. */
function askedLine(entry: RequestHistoryEntry): string {
  const p = entry.input.params;
  let text = typeof p.message === "string" ? p.message : "";
  if (!text && Array.isArray(p.messages)) {
    const last = p.messages[p.messages.length - 1] as { content?: unknown } | undefined;
    const content = Array.isArray(last?.content) ? last?.content[0] : last?.content;
    if (content && typeof content === "object" && typeof (content as { text?: unknown }).text === "string") text = (content as { text: string }).text;
  }
  return text.length > 120 ? `“${text.slice(0, 120)}…”` : text ? `“${text}”` : "";
}

function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}
