// A server's own prose shown with its line breaks: a tool's or prompt's description, a field's, an
// elicitation's message. Drawn without the indent its lines share (util/dedent.ts), worked out once per
// text. A long description or message can be held to its first lines, so the form below it is in sight;
// one button shows the rest. The whole text stays in the page either way, so a screen reader reads all of it.
// A character that can reorder the text after it (an override, an embedding, an isolate) is shown as a
// marker: the user reads the words in the order the server sent them, as a model would.
import { useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { revealReordering } from "../util/bidi.js";
import { dedent } from "../util/dedent.js";
import { RevealedText } from "./RevealedText.js";

/** How many lines of a tool's or prompt's description show before "Show the whole description". */
export const DESCRIPTION_LINES = 10;
/** A field's description is held shorter: a form of several fields should still read as a form. */
export const FIELD_HELP_LINES = 4;
/** An elicitation's message: its form and its Accept should be in sight when the request opens. */
export const MESSAGE_LINES = 8;

export function ServerProse({
  text,
  className = "description",
  clampLines,
  id: givenId,
  of,
  noun = "description",
}: {
  text: string;
  className?: string;
  clampLines?: number;
  /** The paragraph's id, when a control names it in aria-describedby. */
  id?: string;
  /** Whose description it is, when a page has several ("pipeline"): the button's accessible name says it. */
  of?: string;
  /** What the text is, for the button: "Show the whole description" (or "message"). */
  noun?: string;
}) {
  const shown = useMemo(() => revealReordering(dedent(text)), [text]);
  const ref = useRef<HTMLParagraphElement>(null);
  const ownId = useId();
  const id = givenId ?? ownId;
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const clamped = clampLines !== undefined && !open;

  // Whether the held text hides any of it, now and whenever the paragraph's width changes.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!clamped || !element) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [clamped, shown]);

  return (
    <>
      <p ref={ref} id={id} className={clamped ? `${className} clamped` : className} style={clamped ? { WebkitLineClamp: clampLines } : undefined}>
        <RevealedText segments={shown} />
      </p>
      {clampLines !== undefined && (overflows || open) && (
        <button
          type="button"
          className="link show-more"
          aria-expanded={open}
          aria-controls={id}
          aria-label={of === undefined ? undefined : `${open ? "Show less" : `Show the whole ${noun}`} of ${of}`}
          onClick={() => setOpen(!open)}
        >
          {open ? "Show less" : `Show the whole ${noun}`}
        </button>
      )}
    </>
  );
}
