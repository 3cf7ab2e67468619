// "Waiting on you": every request a server is waiting on the user to answer, oldest first, each with a
// way to go and answer it (its tab, the request in focus). Shown in the docked panel beside any tab.
import type { PendingInput } from "../../../shared/types.js";
import { ServerText } from "../components/ServerName.js";
import { formatClock } from "../util/time.js";
import { useInspector } from "./context.js";

/** What a request asks, in a few words: the elicitation's message or the sampling's last text, cut. */
function gist(input: PendingInput): string {
  const params = input.params;
  let text: unknown;
  if (input.kind === "elicitation") text = params.message;
  else {
    const messages = Array.isArray(params.messages) ? params.messages : [];
    const last = messages.at(-1) as { content?: { text?: unknown } } | undefined;
    text = last?.content?.text;
  }
  if (typeof text !== "string") return "";
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

export function oldestFirst(inputs: readonly PendingInput[]): PendingInput[] {
  return [...inputs].sort((a, b) => Date.parse(a.receivedAt) - Date.parse(b.receivedAt));
}

export function WaitingOnYou({ onAnswer }: { onAnswer(input: PendingInput): void }) {
  const pending = useInspector((s) => s.pendingInputs);
  if (pending.length === 0) return <p className="empty">Nothing is waiting on you. A server's sampling or elicitation request shows here while it waits.</p>;
  return (
    <ol className="waiting-list" aria-label="Requests waiting on you">
      {oldestFirst(pending).map((input) => {
        const what = input.kind === "sampling" ? "Sampling" : "Elicitation";
        return (
          <li key={input.id} className="waiting-item">
            <span className="waiting-kind">{what}</span>
            <span className="waiting-server" title={input.serverName}>
              {input.serverName}
            </span>
            <span className="note waiting-since">since {formatClock(input.receivedAt)}</span>
            <span className="waiting-gist">
              <ServerText text={gist(input)} />
            </span>
            <button type="button" onClick={() => onAnswer(input)} aria-label={`Answer the ${what.toLowerCase()} request from ${input.serverName}`}>
              Answer
            </button>
          </li>
        );
      })}
    </ol>
  );
}
