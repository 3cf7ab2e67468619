// Copying text for the user: navigator.clipboard where the page may use it; where it is refused (no
// permission, an insecure origin), the text is kept as `fallback` for a read-only box, which `area` focuses
// and selects on each refused copy, ready for Ctrl+C. So copying never silently fails.
import { useEffect, useRef, useState } from "react";

export function useCopy() {
  const [said, setSaid] = useState<string>();
  const [fallback, setFallback] = useState<{ text: string; attempt: number }>();
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    area.current?.focus();
    area.current?.select();
  }, [fallback]);
  /** Copies `text`, then says `copied`, or `refused` with the text offered in the box. */
  const copy = async (text: string, copied: string, refused: string) => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(text);
      setFallback(undefined);
      setSaid(copied);
    } catch {
      setFallback((prev) => ({ text, attempt: (prev?.attempt ?? 0) + 1 }));
      setSaid(refused);
    }
  };
  return { said, setSaid, fallback, area, copy };
}
