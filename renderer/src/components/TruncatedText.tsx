// Server-sent text, shown as text (React escapes it; nothing here is ever parsed as markup).
// Past 100 KB only the start is drawn until the user asks for the rest: one huge payload must not
// freeze the window.
import { useMemo, useState, type ReactNode } from "react";

export const TRUNCATE_BYTES = 100 * 1024;

export function utf8Length(text: string): number {
  // A UTF-16 unit is at most 3 UTF-8 bytes, so short strings need no encoding to be sure.
  if (text.length * 3 <= TRUNCATE_BYTES) return text.length;
  return new TextEncoder().encode(text).length;
}

function cut(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return new TextDecoder().decode(bytes.subarray(0, TRUNCATE_BYTES)).replace(/\uFFFD$/, "");
}

/** At most this many matches are marked in one text: the rest still match, they are just not painted. */
const MARKS_SHOWN = 500;

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

export function TruncatedText({ text, className, label, highlight }: { text: string; className?: string; label?: string; highlight?: string }) {
  const [showAll, setShowAll] = useState(false);
  const size = useMemo(() => utf8Length(text), [text]);
  const tooBig = size > TRUNCATE_BYTES;
  const shown = useMemo(() => (tooBig && !showAll ? cut(text) : text), [text, tooBig, showAll]);
  const needle = highlight?.trim().toLowerCase() ?? "";
  const content = useMemo(() => (needle ? marked(shown, needle) : shown), [shown, needle]);
  return (
    <div className={`payload ${className ?? ""}`}>
      <pre aria-label={label}>{content}</pre>
      {tooBig && !showAll && (
        <p className="truncation-note">
          Showing the first 100 KB of {formatKb(size)}.{" "}
          <button type="button" onClick={() => setShowAll(true)}>
            Show all
          </button>
        </p>
      )}
    </div>
  );
}

function formatKb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}
