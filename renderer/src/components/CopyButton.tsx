// A small Copy button for a block of text (a result, structured content, a message's JSON, an id); where the
// clipboard is refused, the text is shown selected in a read-only box for Ctrl+C (useCopy).
import { Check, Copy } from "lucide-react";
import { useCopy } from "./useCopy.js";
import "../styles/copy.css";

/** `text` may be read when pressed, even from the core (a big result's whole, issue 33). */
export function CopyButton({ text, what, className }: { text: string | (() => string | Promise<string>); what: string; className?: string }) {
  const { said, setSaid, fallback, area, copy: copyText } = useCopy();
  const copy = async () => {
    let value: string;
    try {
      value = typeof text === "function" ? await text() : text;
    } catch (error) {
      setSaid(`Could not copy: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    await copyText(value, "Copied", "Copying is not allowed here: the text is selected below; press Ctrl+C (⌘C).");
  };
  return (
    <span className={className ? `copy ${className}` : "copy"}>
      <button type="button" className="copy-button" aria-label={`Copy ${what}`} onClick={() => void copy()}>
        {said === "Copied" ? <Check aria-hidden="true" className="icon" /> : <Copy aria-hidden="true" className="icon" />}
        Copy
      </button>
      <span className="note copy-said" role="status">
        {said ?? ""}
      </span>
      {fallback !== undefined && <textarea ref={area} className="copy-fallback" readOnly value={fallback.text} aria-label={`${what}, to copy`} rows={4} />}
    </span>
  );
}
