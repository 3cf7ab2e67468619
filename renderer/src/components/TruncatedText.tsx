// Server-sent text, shown as text (React escapes it; nothing here is ever parsed as markup).
// Past 100 KB only the start is drawn until the user asks for the rest: one huge payload must not
// freeze the window.
import { useMemo, useState } from "react";

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

export function TruncatedText({ text, className, label }: { text: string; className?: string; label?: string }) {
  const [showAll, setShowAll] = useState(false);
  const size = useMemo(() => utf8Length(text), [text]);
  const tooBig = size > TRUNCATE_BYTES;
  const shown = useMemo(() => (tooBig && !showAll ? cut(text) : text), [text, tooBig, showAll]);
  return (
    <div className={`payload ${className ?? ""}`}>
      <pre aria-label={label}>{shown}</pre>
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
