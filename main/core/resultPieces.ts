// Issue 33: the rest of a big result, read by the page a piece at a time: a text block's text, or the
// structuredContent or the whole result as indented JSON. The JSON is printed once and held while the page
// reads it, within RESULT_PRINTED_BYTES for all results together (the oldest let go first, printed again
// if read again). Tool runs (toolRuns.ts) and client task results (taskResults.ts) read through here.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { formatBytes, RESULT_PRINTED_BYTES } from "../../shared/byteBudget.js";
import type { ResultPart } from "../../shared/types.js";
import { pieceOf } from "./cutResult.js";

/** The result a page read asks for is no longer held (its run or task was let go, or its result cut since). */
export class ResultGoneError extends Error {
  override name = "ResultGoneError";
}

/** What the page is told when the result it reads is gone: what happened, and what to do. */
export function goneMessage(what: string, why: string): string {
  return `${what}: this result is no longer held (${why}); run the tool again to read it whole`;
}

export class PrintedResults {
  /** Key → the JSON text printed of `of` (the result it came from), oldest first. */
  private readonly held = new Map<string, { of: CallToolResult; text: string }>();
  private total = 0;

  constructor(private readonly bytes = RESULT_PRINTED_BYTES) {}

  /** The indented JSON of `value` (a part of `of`), printed once and held while within the budget. */
  text(key: string, of: CallToolResult, value: unknown): string {
    const known = this.held.get(key);
    if (known) this.drop(key);
    const text = known?.of === of ? known.text : printJson(value);
    if (text.length > this.bytes) {
      throw new Error(`At ${formatBytes(text.length)} as JSON this is more than the inspector prints for reading (${formatBytes(this.bytes)}); its text blocks can still be read`);
    }
    this.held.set(key, { of, text });
    this.total += text.length;
    for (const [other] of this.held) {
      if (this.total <= this.bytes) break;
      this.drop(other);
    }
    return text;
  }

  /** Let go of every text whose key starts so (a run or task that went). */
  forget(prefix: string): void {
    for (const key of [...this.held.keys()]) if (key.startsWith(prefix)) this.drop(key);
  }

  /** Characters held, for tests. */
  get size(): number {
    return this.total;
  }

  private drop(key: string): void {
    this.total -= this.held.get(key)?.text.length ?? 0;
    this.held.delete(key);
  }
}

/**
 * At most `maxBytes` of UTF-8 from `offset` of a part of `result`, and that part's whole length. `key`
 * names the result among those printed; `what` names it in errors ("Run 3").
 */
export function readResultPart(printed: PrintedResults, key: string, what: string, result: CallToolResult, part: ResultPart, offset: number, maxBytes: number): { text: string; chars: number } {
  let text: string;
  if (part.part === "content") {
    const block = Array.isArray(result.content) ? result.content[part.index] : undefined;
    if (block?.type !== "text" || typeof block.text !== "string") throw new Error(`Item ${part.index + 1} of ${what}'s result is not a text block`);
    text = block.text;
  } else text = printed.text(`${key}:${part.part}`, result, part.part === "result" ? result : result.structuredContent);
  return { text: pieceOf(text, Math.min(offset, text.length), maxBytes), chars: text.length };
}

function printJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? "null";
  } catch (error) {
    return `(cannot show as JSON: ${error instanceof Error ? error.message : String(error)})`;
  }
}
