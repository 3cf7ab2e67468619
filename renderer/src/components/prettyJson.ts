// JSON.stringify(value, null, 2), its hidden characters escaped (util/bidi.ts), written lazily: `read`
// returns the next few KB of the same text without printing the rest, so a 10 MB result costs one piece until
// the user asks for more. An explicit stack (no recursion) keeps a hostile deeply nested value from
// overflowing the call stack.
import { escapeHiddenInJson } from "../util/bidi.js";
import { utf8Prefix } from "./textPieces.js";

type Frame = { container: object; keys: string[] | undefined; items: readonly unknown[]; i: number; indent: string; close: string } | { text: string; at: number };

/** A string longer than this is escaped a part at a time: a 10 MB string costs what is read of it. */
const STRING_PART = 32 * 1024;

const SKIPPED = new Set(["undefined", "function", "symbol"]);

export class PrettyJson {
  private readonly stack: Frame[] = [];
  private readonly open = new Set<object>();
  private buffer = "";
  private started = false;
  private failed: string | undefined;

  constructor(private readonly value: unknown) {}

  get done(): boolean {
    return this.started && this.stack.length === 0 && this.buffer === "";
  }

  /** The next text, at most `maxBytes` of UTF-8 (at least one character); "" once done. */
  read(maxBytes: number): string {
    if (!this.started) {
      this.started = true;
      this.emit(this.value, "", "");
    }
    // A character is at most 3 bytes: enough text is buffered once it has maxBytes characters.
    while (this.buffer.length < maxBytes && this.stack.length > 0 && this.failed === undefined) this.step();
    if (this.failed !== undefined) {
      this.stack.length = 0;
      this.buffer = this.failed;
      this.failed = undefined;
    }
    const piece = utf8Prefix(this.buffer, maxBytes);
    this.buffer = this.buffer.slice(piece.length);
    return piece;
  }

  private step(): void {
    const frame = this.stack[this.stack.length - 1]!;
    if ("text" in frame) {
      let end = Math.min(frame.text.length, frame.at + STRING_PART);
      const last = frame.text.charCodeAt(end - 1);
      if (end < frame.text.length && last >= 0xd800 && last <= 0xdbff) end--; // a surrogate pair stays whole
      // JSON escapes character by character, so a part's escaping is the whole's, quotes aside.
      this.buffer += escapeHiddenInJson(JSON.stringify(frame.text.slice(frame.at, end)).slice(1, -1));
      frame.at = end;
      if (end >= frame.text.length) {
        this.stack.pop();
        this.buffer += '"';
      }
      return;
    }
    if (frame.i >= frame.items.length) {
      this.stack.pop();
      this.open.delete(frame.container);
      this.buffer += `\n${frame.indent}${frame.close}`;
      return;
    }
    const i = frame.i++;
    const indent = `${frame.indent}  `;
    const key = frame.keys ? frame.keys[i]! : String(i);
    this.buffer += `${i > 0 ? "," : ""}\n${indent}${frame.keys ? `${escapeHiddenInJson(JSON.stringify(key))}: ` : ""}`;
    this.emit(frame.items[i], indent, key);
  }

  private emit(raw: unknown, indent: string, key: string): void {
    try {
      let value = raw;
      if (typeof value === "object" && value !== null && typeof (value as { toJSON?: unknown }).toJSON === "function") value = (value as { toJSON: (key: string) => unknown }).toJSON(key);
      if (typeof value === "string" && value.length > STRING_PART) {
        this.buffer += '"';
        this.stack.push({ text: value, at: 0 });
        return;
      }
      if (typeof value !== "object" || value === null) {
        // In an array JSON.stringify writes null for what it cannot; at the top, toJsonText shows it as a string.
        const text = JSON.stringify(value);
        this.buffer += text === undefined ? (this.stack.length > 0 ? "null" : String(value)) : escapeHiddenInJson(text);
        return;
      }
      if (this.open.has(value)) throw new TypeError("Converting circular structure to JSON");
      const obj = value as Record<string, unknown>;
      const keys = Array.isArray(value) ? undefined : Object.keys(obj).filter((k) => !SKIPPED.has(typeof obj[k]));
      const items = keys ? keys.map((k) => obj[k]) : (value as unknown[]);
      const [start, close] = keys ? ["{", "}"] : ["[", "]"];
      if (items.length === 0) {
        this.buffer += `${start}${close}`;
        return;
      }
      this.buffer += start;
      this.open.add(value);
      this.stack.push({ container: value, keys, items, i: 0, indent, close });
    } catch (error) {
      this.failed = `(cannot show as JSON: ${(error as Error).message})`;
    }
  }
}
