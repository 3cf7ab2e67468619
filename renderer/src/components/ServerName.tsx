// A name or URI a server chose, shown so that it cannot pass for another: each hidden character
// (controls, zero-width and text-direction characters) as a visible marker, and the whole in a bidi
// isolate (app.css), so right-to-left text in it cannot reorder our words beside it. A line of its prose
// shows as a marker only what could reorder the text after it. Text only.
import { revealHidden, revealReordering } from "../util/bidi.js";
import { RevealedText } from "./RevealedText.js";
import { clipText } from "./useListFilter.js";

export function ServerName({ text }: { text: string }) {
  return (
    <span className="shown-name">
      {/* String(): a server's list is not trusted to hold a string where the spec says so. */}
      <RevealedText segments={revealHidden(String(text))} />
    </span>
  );
}

/** A line of a server's prose (a list item's title or description): only what can reorder it is a marker, as in ServerProse. */
export function ServerText({ text }: { text: string }) {
  return <RevealedText segments={revealReordering(text)} />;
}

/** A list item's title and description lines (a tool's, a prompt's), each cut to clipText's length; absent ones draw nothing. */
export function ItemLines({ title, description }: { title: unknown; description: unknown }) {
  return (
    <>
      {typeof title === "string" && title && (
        <span className="item-title">
          <ServerText text={clipText(title)} />
        </span>
      )}
      {typeof description === "string" && description && (
        <span className="item-description">
          <ServerText text={clipText(description)} />
        </span>
      )}
    </>
  );
}
