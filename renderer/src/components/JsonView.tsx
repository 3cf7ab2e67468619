// A JSON payload pretty-printed as text. Printed lazily a piece at a time (prettyJson.ts): a 10 MB value
// costs its first 100 KB until the user asks for more, and is printed whole only when copied.
import { useMemo } from "react";
import { PrettyJson } from "./prettyJson.js";
import { TextPieces } from "./textPieces.js";
import { PiecedText, TRUNCATE_BYTES } from "./TruncatedText.js";

export function toJsonText(value: unknown): string {
  try {
    const text = JSON.stringify(value, null, 2);
    return text === undefined ? String(value) : text;
  } catch (error) {
    return `(cannot show as JSON: ${(error as Error).message})`;
  }
}

export function JsonView({ value, label, highlight }: { value: unknown; label?: string; highlight?: string }) {
  const pieces = useMemo(() => new TextPieces(new PrettyJson(value), TRUNCATE_BYTES), [value]);
  return <PiecedText pieces={pieces} whole={() => toJsonText(value)} className="json" label={label} highlight={highlight} />;
}
