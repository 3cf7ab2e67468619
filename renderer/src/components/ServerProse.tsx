// A server's own prose shown with its line breaks: a tool's or prompt's description, an elicitation's
// message. Drawn without the indent its lines share (util/dedent.ts), worked out once per text.
import { useMemo } from "react";
import { dedent } from "../util/dedent.js";

export function ServerProse({ text, className = "description" }: { text: string; className?: string }) {
  const shown = useMemo(() => dedent(text), [text]);
  return <p className={className}>{shown}</p>;
}
