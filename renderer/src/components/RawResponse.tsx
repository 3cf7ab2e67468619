// The raw response an error line points at ("Raw response: message #57 in the Logs tab."), one click
// away: a disclosure that shows that log entry's JSON. The page's log may be trimmed or not loaded yet
// (a reloaded window), so the core's log is asked when the page does not hold it.
import { useState } from "react";
import { cutNote } from "../../../shared/byteBudget.js";
import { rawResponseSeqOf } from "../../../shared/rawResponse.js";
import type { LogEntry } from "../../../shared/types.js";
import { useBridge, useInspectorStore } from "../hooks/context.js";
import { errorMessage } from "../util/errors.js";
import { JsonView } from "./JsonView.js";
import "../styles/content.css";

export function RawResponse({ sessionId, message }: { sessionId: string; message: string }) {
  const seq = rawResponseSeqOf(message);
  const bridge = useBridge();
  const store = useInspectorStore();
  const [found, setFound] = useState<{ entry?: LogEntry; problem?: string }>();
  if (seq === undefined) return null;
  const load = () => {
    if (found) return;
    const held = store.getState().logs[sessionId]?.entries.find((e) => e.seq === seq);
    if (held) return setFound({ entry: held });
    bridge.getLog({ sessionId }).then(
      (log) => setFound({ entry: log.entries.find((e) => e.seq === seq), problem: "That message is no longer in the log (it keeps the newest messages only)." }),
      (error) => setFound({ problem: `The log could not be read: ${errorMessage(error)}` }),
    );
  };
  return (
    <details className="raw-response" onToggle={(e) => (e.currentTarget.open ? load() : undefined)}>
      <summary>Raw response (message #{seq})</summary>
      {found?.entry ? (
        <>
          {found.entry.cut && <p className="note">{cutNote(found.entry.cut, "response")}</p>}
          <JsonView value={found.entry.payload} label={`Raw response, message #${seq}`} />
        </>
      ) : found ? (
        <p className="note">{found.problem}</p>
      ) : (
        <p className="note">Loading…</p>
      )}
    </details>
  );
}
