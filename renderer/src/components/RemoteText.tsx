// Issue 33: a big result reaches the page cut (ToolRun.pieces): a text block as its first piece, a big
// structuredContent and the whole result's JSON not at all. This draws such a text and reads the rest
// from the core a piece at a time, only when asked: "Show the next 100 KB", "Show all" (up to 1 MB), and
// Copy, which reads the whole in 1 MB pieces. One 10 MB message would freeze the page; 100 KB ones do not.
import { createContext, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { InspectorBridge } from "../../../shared/contract.js";
import { RESULT_PIECE_BYTES, RESULT_READ_BYTES } from "../../../shared/byteBudget.js";
import type { ClientTask, ResultPart, ResultPieces, ToolRun } from "../../../shared/types.js";
import { errorMessage } from "../util/errors.js";
import { CopyButton } from "./CopyButton.js";
import { formatKb, Piece, SHOW_ALL_BYTES } from "./TruncatedText.js";
import { utf8Length } from "./textPieces.js";

/** Reads a piece of the result: at most `maxBytes` of UTF-8 from `offset`, and the part's whole length. */
export type ReadPiece = (part: ResultPart, offset: number, maxBytes: number) => Promise<{ text: string; chars: number }>;

/** How a tool run's cut result is read: through the core's readResultPiece. */
export function readPieceOf(bridge: InspectorBridge, runId: number): ReadPiece {
  return (part, offset, maxBytes) => bridge.readResultPiece({ runId, ...part, offset, maxBytes });
}

/** A client task's cut result (its `pieces`), read the same way; undefined when it came whole. */
export function useTaskRemote(bridge: InspectorBridge, task: ClientTask | undefined): { pieces: ResultPieces; read: ReadPiece } | undefined {
  const pieces = task?.pieces;
  const sessionId = task?.sessionId;
  const taskId = task?.task.taskId;
  return useMemo(
    () => (pieces && sessionId !== undefined && taskId !== undefined ? { pieces, read: (part, offset, maxBytes) => bridge.readResultPiece({ sessionId, taskId, ...part, offset, maxBytes }) } : undefined),
    [pieces, sessionId, taskId, bridge],
  );
}

/**
 * A run's whole result, for what needs it all (an MCP App's View is sent the result as the server gave
 * it): read in pieces when the page was sent it cut; the cut one if that read fails.
 */
export function useWholeResult(bridge: InspectorBridge, run: ToolRun, wanted: boolean): ToolRun["result"] {
  const [whole, setWhole] = useState<{ runId: number; result: ToolRun["result"] }>();
  const cut = run.pieces !== undefined;
  const { runId, result } = run;
  useEffect(() => {
    if (!wanted || !cut) return;
    let live = true;
    readWhole(readPieceOf(bridge, runId), { part: "result" })
      .then((text) => JSON.parse(text) as ToolRun["result"])
      .catch(() => result)
      .then((read) => live && setWhole({ runId, result: read }));
    return () => {
      live = false;
    };
  }, [wanted, cut, runId, bridge]);
  if (!cut) return result;
  return whole?.runId === runId ? whole.result : undefined;
}

/** The result being drawn was sent cut: what it lacks, and how to read it. */
export const RemoteResultContext = createContext<{ pieces: ResultPieces; read: ReadPiece } | undefined>(undefined);

export function useRemoteResult() {
  return useContext(RemoteResultContext);
}

/** The whole of a part, read a piece at a time (for Copy). */
export async function readWhole(read: ReadPiece, part: ResultPart): Promise<string> {
  const parts: string[] = [];
  let at = 0;
  for (;;) {
    const { text, chars } = await read(part, at, RESULT_READ_BYTES);
    parts.push(text);
    at += text.length;
    if (at >= chars || text.length === 0) return parts.join("");
  }
}

interface Props {
  part: ResultPart;
  /** What the page was sent of it ("" when nothing: the first piece is read at once). */
  first: string;
  /** Its whole size in bytes, when known (a text block's; a JSON text's is known once read). */
  bytes?: number | undefined;
  className?: string | undefined;
  label?: string | undefined;
  /** Names its Copy button: "Copy <copyWhat>". */
  copyWhat: string;
}

export function RemoteText({ part, first, bytes, className, label, copyWhat }: Props) {
  const remote = useRemoteResult();
  // Each piece's UTF-8 size is measured once, as it comes.
  const [shown, setShown] = useState<{ pieces: string[]; bytes: number; chars?: number; all: boolean }>(() => ({ pieces: first ? [first] : [], bytes: utf8Length(first), all: false }));
  // Pieces asked for: a click while one is being read is not lost.
  const [wanted, setWanted] = useState(1);
  const [problem, setProblem] = useState<string>();
  const reading = useRef(false);
  const loaded = shown.pieces.reduce((sum, p) => sum + p.length, 0);
  const more = shown.chars === undefined || loaded < shown.chars;
  const next = () => {
    if (!remote || reading.current || !more) return;
    reading.current = true;
    remote.read(part, loaded, RESULT_PIECE_BYTES).then(
      ({ text, chars }) => {
        reading.current = false;
        setShown((s) => (text ? { ...s, pieces: [...s.pieces, text], bytes: s.bytes + utf8Length(text), chars } : { ...s, chars: loaded }));
      },
      (error: unknown) => {
        reading.current = false;
        setProblem(`The rest could not be read: ${errorMessage(error)}`);
        setShown((s) => ({ ...s, all: false }));
      },
    );
  };
  // The pieces asked for (the first, when nothing was sent: JSON text), one after another; Show all: the
  // next piece once the last is drawn.
  const drawnPieces = shown.pieces.length;
  useEffect(() => {
    if (!problem && more && (drawnPieces < wanted || shown.all)) next();
  }, [drawnPieces, wanted, shown.all, problem]);
  // A JSON text's size is its length once read (its characters are mostly ASCII).
  const size = bytes ?? shown.chars;
  const what = label ? ` of ${label}` : "";
  return (
    <div className={`payload ${className ?? ""}`}>
      {drawnPieces > 0 ? (
        <pre aria-label={label}>
          {shown.pieces.map((piece, i) => (
            <span key={i} className="piece">
              <Piece text={piece} needle="" />
            </span>
          ))}
        </pre>
      ) : (
        !problem && <p className="note">Reading the first {formatKb(RESULT_PIECE_BYTES)}…</p>
      )}
      {problem && <p className="status-error">{problem}</p>}
      {more && drawnPieces > 0 && (
        <p className="truncation-note">
          Showing the first {formatKb(shown.bytes)}
          {size !== undefined ? ` of ${formatKb(size)}` : ""}.{" "}
          <button type="button" aria-label={`Show the next ${formatKb(RESULT_PIECE_BYTES)}${what}`} onClick={() => setWanted((w) => Math.max(w, drawnPieces) + 1)}>
            Show the next {formatKb(RESULT_PIECE_BYTES)}
          </button>{" "}
          {size !== undefined && size <= SHOW_ALL_BYTES && !shown.all && (
            <button type="button" aria-label={`Show all${what}`} onClick={() => setShown((s) => ({ ...s, all: true }))}>
              Show all
            </button>
          )}{" "}
          {remote && <CopyButton text={() => readWhole(remote.read, part)} what={copyWhat} />}
        </p>
      )}
    </div>
  );
}
