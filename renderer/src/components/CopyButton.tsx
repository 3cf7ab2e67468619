// A small Copy button for a block of text (a result, structured content, a message's JSON, an id).
// navigator.clipboard where the page may use it; where it is refused (no permission, an insecure origin),
// the text is shown selected in a read-only box for Ctrl+C, so copying never silently fails.
import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import "../styles/copy.css";

/** `text` may be read when pressed, even from the core (a big result's whole, issue 33). */
export function CopyButton({ text, what, className }: { text: string | (() => string | Promise<string>); what: string; className?: string }) {
  const [said, setSaid] = useState<string>();
  const [fallback, setFallback] = useState<{ text: string; attempt: number }>();
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    area.current?.focus();
    area.current?.select();
  }, [fallback]);
  const copy = async () => {
    let value: string;
    try {
      value = typeof text === "function" ? await text() : text;
    } catch (error) {
      setSaid(`Could not copy: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(value);
      setFallback(undefined);
      setSaid("Copied");
    } catch {
      setFallback((prev) => ({ text: value, attempt: (prev?.attempt ?? 0) + 1 }));
      setSaid("Copying is not allowed here: the text is selected below; press Ctrl+C (⌘C).");
    }
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
