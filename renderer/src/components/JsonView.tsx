// A JSON payload pretty-printed as text, truncated past 100 KB like any server text.
import { useMemo } from "react";
import { TruncatedText } from "./TruncatedText.js";

export function toJsonText(value: unknown): string {
  try {
    const text = JSON.stringify(value, null, 2);
    return text === undefined ? String(value) : text;
  } catch (error) {
    return `(cannot show as JSON: ${(error as Error).message})`;
  }
}

export function JsonView({ value, label, highlight }: { value: unknown; label?: string; highlight?: string }) {
  const text = useMemo(() => toJsonText(value), [value]);
  return <TruncatedText text={text} className="json" {...(label ? { label } : {})} {...(highlight ? { highlight } : {})} />;
}
