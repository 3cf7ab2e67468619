// The hidden file input of Open recording… and Compare… (issue 22): one recording file, read as text only
// when it is no larger than the app opens.
import type { RefObject } from "react";

/** What the app opens (and compares) at most; `mcp-task-inspector replay` and `diff` read larger ones. */
const MAX_OPEN_BYTES = 64 * 1024 * 1024;

/** `use` gets the file and a reader of its text, which refuses a file over the bound with `tooBig`'s words. */
export function RecordingFileInput({ inputRef, label, tooBig, use }: { inputRef: RefObject<HTMLInputElement | null>; label: string; tooBig: (file: File, mb: string) => string; use: (file: File, text: () => Promise<string>) => void }) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept=".mcprec,.jsonl,application/x-ndjson"
      hidden
      aria-label={label}
      onChange={(e) => {
        const file = e.target.files?.[0];
        e.target.value = "";
        if (!file) return;
        use(file, async () => {
          if (file.size > MAX_OPEN_BYTES) throw new Error(tooBig(file, (file.size / (1024 * 1024)).toFixed(1)));
          return file.text();
        });
      }}
    />
  );
}
