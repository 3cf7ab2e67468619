// What every CLI command writes through, and how it writes JSON. Its own module, so the commands (run,
// replay, diff) share it without importing each other.
export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  /** Called with a handler for Ctrl+C; returns the function that removes it. */
  onInterrupt(handler: () => void): () => void;
}

/**
 * The --json document: one line; the server's objects keep the order it sent them in. JSON.stringify leaves
 * DEL and the C1 controls (U+0080–U+009F, which some terminals obey as CSI) raw: they are escaped too.
 */
export function stableJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
