// Server-sent text, shown as text (React escapes it; nothing here is ever parsed as markup), with what
// could reorder it shown as markers (util/bidi.ts).
// Past 100 KB only the start is drawn; each "Show the next 100 KB" adds one piece (its own block, so the
// page lays out that piece only), "Show all" (up to 1 MB) adds the rest a piece per frame, and Copy takes
// the whole: one huge payload must never freeze the window.
import { memo, useEffect, useMemo, useState, type ReactNode } from "react";
import { hasReordering, revealReordering } from "../util/bidi.js";
import { CopyButton } from "./CopyButton.js";
import { RevealedText } from "./RevealedText.js";
import { blocksOf, StringSource, TextPieces, utf8Length } from "./textPieces.js";

export { utf8Length };
/** The first piece, and each one added after it. */
export const TRUNCATE_BYTES = 100 * 1024;
/** "Show all" is offered up to this size: past it the pieces come one click at a time. */
export const SHOW_ALL_BYTES = 1024 * 1024;

/** At most this many matches are marked in one block: the rest still match, they are just not painted. */
const MARKS_SHOWN = 100;
/**
 * A piece is drawn as blocks of this many characters, each with `content-visibility: auto`: the browser lays
 * out only the blocks in view (laying out 100 KB of wrapped text at once takes tens of ms on a slow machine).
 */
const BLOCK_CHARS = 4096;
/** A highlighted match past the first piece is drawn too, if it is within this many pieces (a log entry is cut at 256 KB). */
const FIND_PIECES = 4;

/** `text` with each case-insensitive occurrence of `needle` in a <mark>: plain indexOf, no RegExp. */
function marked(text: string, needle: string): ReactNode[] {
  const lower = text.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  // Lower-casing can change a string's length (a few letters outside ASCII): then marks would drift.
  if (lower.length !== text.length) return [text];
  for (let at = lower.indexOf(needle); at !== -1 && parts.length < MARKS_SHOWN * 2; at = lower.indexOf(needle, from)) {
    parts.push(text.slice(from, at), <mark key={at}>{text.slice(at, at + needle.length)}</mark>);
    from = at + needle.length;
  }
  parts.push(text.slice(from));
  return parts;
}

interface ShownProps {
  className?: string | undefined;
  label?: string | undefined;
  highlight?: string | undefined;
}

export function TruncatedText({ text, ...rest }: { text: string } & ShownProps) {
  const size = useMemo(() => utf8Length(text), [text]);
  const pieces = useMemo(() => new TextPieces(new StringSource(text), TRUNCATE_BYTES), [text]);
  return <PiecedText pieces={pieces} size={size} whole={() => text} {...rest} />;
}

/**
 * Text read from `pieces` a piece at a time. `size` (bytes) when known; `whole` for the Copy all button,
 * which a cut text offers (a lazily printed JSON is only printed whole when copied).
 */
export function PiecedText({ pieces, size, whole, className, label, highlight }: { pieces: TextPieces; size?: number; whole: () => string } & ShownProps) {
  const [wanted, setWanted] = useState({ pieces, count: 1, all: false });
  const needle = highlight?.trim().toLowerCase() ?? "";
  // What a search found is in sight: as many pieces as it takes to reach the first match.
  const reach = useMemo(() => (needle ? pieces.countTo(needle, FIND_PIECES) : 1), [pieces, needle]);
  const asked = wanted.pieces === pieces ? wanted : { pieces, count: 1, all: false };
  const want = { ...asked, count: Math.max(asked.count, reach) };
  const shown = pieces.upTo(want.count);
  const more = pieces.hasMore(want.count);
  // Show all: one more piece per frame, so the page paints between them.
  useEffect(() => {
    if (!want.all || !more) return;
    const id = requestAnimationFrame(() => setWanted({ ...want, count: want.count + 1 }));
    return () => cancelAnimationFrame(id);
  }, [want.all, want.count, more]);
  const shownBytes = pieces.bytesOf(shown.length);
  const what = label ? ` of ${label}` : "";
  return (
    <div className={`payload ${className ?? ""}`}>
      <pre aria-label={label}>
        {shown.length === 1 ? (
          <Piece text={shown[0]!} needle={needle} />
        ) : (
          shown.map((piece, i) => (
            <span key={i} className="piece">
              <Piece text={piece} needle={needle} />
            </span>
          ))
        )}
      </pre>
      {more && (
        <p className="truncation-note">
          Showing the first {formatKb(shownBytes)}
          {size !== undefined ? ` of ${formatKb(size)}` : ""}.{" "}
          <button type="button" aria-label={`Show the next ${formatKb(TRUNCATE_BYTES)}${what}`} onClick={() => setWanted({ ...want, count: want.count + 1 })}>
            Show the next {formatKb(TRUNCATE_BYTES)}
          </button>{" "}
          {size !== undefined && size <= SHOW_ALL_BYTES && !want.all && (
            <button type="button" aria-label={`Show all${what}`} onClick={() => setWanted({ ...want, count: want.count + 1, all: true })}>
              Show all
            </button>
          )}{" "}
          <CopyButton text={whole} what={`all${what || " of this text"}`} />
        </p>
      )}
    </div>
  );
}

/**
 * One piece: as it is when short, else as blocks the browser may skip laying out while out of view. Memoised:
 * adding a piece does not redraw the ones before it.
 */
export const Piece = memo(function Piece({ text, needle }: { text: string; needle: string }) {
  if (text.length <= BLOCK_CHARS) return <>{needle ? marked(text, needle) : shown(text)}</>;
  return blocksOf(text, BLOCK_CHARS).map((block, i) => (
    // Until drawn, a block is as tall as its lines (each wrapped line adds to it once it is drawn).
    <span key={i} className="block" style={{ containIntrinsicBlockSize: `auto ${countLines(block) * 1.4}em` }}>
      {needle ? marked(block, needle) : shown(block)}
    </span>
  ));
});

/** Server text in the order it was sent: what could reorder it (an override, an embedding, an isolate) is a marker. */
function shown(text: string): ReactNode {
  return hasReordering(text) ? <RevealedText segments={revealReordering(text)} /> : text;
}

function countLines(text: string): number {
  let lines = 1;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lines++;
  return Math.max(lines, Math.ceil(text.length / 120));
}

export function formatKb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}
