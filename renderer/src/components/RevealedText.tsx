// Server text shown with its invisible bidi control characters made visible (util/bidi.ts): each
// becomes a distinct marker such as ⟨U+202E⟩, named in its tooltip (past the first few dozen, plain text).
// Text only, never markup.
import { markerTitle, type BidiSegment } from "../util/bidi.js";

export function RevealedText({ segments }: { segments: readonly BidiSegment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.kind !== "control" ? (
          s.text
        ) : (
          <span key={i} className="bidi-marker" title={markerTitle(s)}>
            {s.marker}
          </span>
        ),
      )}
    </>
  );
}
