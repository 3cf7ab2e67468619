// A name or URI a server chose, shown so that it cannot pass for another: each hidden character
// (controls, zero-width and text-direction characters) as a visible marker, and the whole in a bidi
// isolate (app.css), so right-to-left text in it cannot reorder our words beside it. Text only.
import { revealHidden } from "../util/bidi.js";
import { RevealedText } from "./RevealedText.js";

export function ServerName({ text }: { text: string }) {
  return (
    <span className="shown-name">
      <RevealedText segments={revealHidden(text)} />
    </span>
  );
}
