// A CallToolResult cut to a byte cap (issue 19), still a CallToolResult the page can show: text items
// keep their start, marked "… (N characters)"; an image, audio or embedded resource too big for what is
// left becomes a text item saying what it was and its size; items past the cap are counted in one last
// text item; structuredContent and _meta keep their shape (shared/byteBudget.ts cutToFit).
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { cutToFit, formatBytes, fresh, jsonSize, utf8Length, utf8Prefix, type Cut } from "../../shared/byteBudget.js";
import { RESULT_PIECE_BYTES, type ResultPieces } from "../../shared/types.js";

type Block = CallToolResult["content"][number];

/** Kept for the note items and the envelope, so the cut result stays within its cap. */
const ROOM = 512;

export function cutToolResult(result: CallToolResult, maxBytes: number): { result: CallToolResult; cut?: Cut } {
  const bytes = jsonSize(result, maxBytes);
  if (bytes <= maxBytes) return { result };
  let left = Math.max(0, maxBytes - ROOM);
  const content: Block[] = [];
  const blocks = Array.isArray(result.content) ? result.content : [];
  let index = 0;
  for (; index < blocks.length && left > 0; index++) {
    const block = cutBlock(blocks[index]!, left);
    left -= jsonSize(block);
    content.push(block);
  }
  if (index < blocks.length) content.push({ type: "text", text: `… ${blocks.length - index} more content ${blocks.length - index === 1 ? "item" : "items"} not kept` });
  const { content: _content, structuredContent, _meta, ...rest } = result;
  const out: CallToolResult = { ...rest, content };
  for (const [key, value] of [["structuredContent", structuredContent], ["_meta", _meta]] as const) {
    if (value === undefined) continue;
    const fitted = cutToFit(value, Math.max(left, 1024));
    left -= fitted.size;
    (out as Record<string, unknown>)[key] = fitted.value;
  }
  return { result: out, cut: { bytes: jsonSize(result), kept: jsonSize(out) } };
}

function cutBlock(block: Block, left: number): Block {
  if (jsonSize(block, left) <= left) return block;
  if (block.type === "text") {
    const room = Math.max(0, left - 100);
    return { ...block, text: `${fresh(block.text.slice(0, room))}… (${block.text.length.toLocaleString("en-US")} characters)` };
  }
  return notKept(whatBlock(block), jsonSize(block));
}

function whatBlock(block: Block): string {
  if (block.type === "image" || block.type === "audio") return `${block.type} ${String(block.mimeType).slice(0, 100)}`;
  if (block.type === "resource") return `embedded resource ${String(block.resource.uri).slice(0, 300)}`;
  return String((block as { type?: unknown }).type).slice(0, 50);
}

function notKept(what: string, bytes: number): Block {
  return { type: "text", text: `[${what}, ${formatBytes(bytes)}: not kept]` };
}

/**
 * Issue 33: a result as the page is sent it. Within `maxBytes` it goes whole; past it, each text block
 * that does not fit goes as its first piece (RESULT_PIECE_BYTES, less once the budget runs low) and a
 * structuredContent that does not fit is held back: `pieces` says what is missing and how big it is, and
 * the page reads the rest with readResultPiece. Blocks past the budget are counted in one note (the whole
 * result can still be read, as JSON).
 */
export function cutForPage(result: CallToolResult, maxBytes: number): { result: CallToolResult; pieces?: ResultPieces } {
  const bytes = jsonSize(result, maxBytes);
  if (bytes <= maxBytes) return { result };
  let left = Math.max(0, maxBytes - ROOM);
  const { content: blocks, structuredContent, _meta, ...rest } = result;
  const texts: ResultPieces["texts"] = [];
  const content: Block[] = [];
  const list = Array.isArray(blocks) ? blocks : [];
  let index = 0;
  for (; index < list.length && left > 0 && texts.length < 1000; index++) {
    const block = list[index]!;
    let shown: Block = block;
    if (jsonSize(block, left) > Math.min(left, RESULT_PIECE_BYTES + 1024)) {
      if (block.type === "text" && typeof block.text === "string") {
        shown = { ...block, text: fresh(pieceOf(block.text, 0, Math.min(RESULT_PIECE_BYTES, left))) };
        texts.push({ index, chars: block.text.length, bytes: utf8Length(block.text) });
      } else shown = { type: "text", text: `[${whatBlock(block)}, ${formatBytes(jsonSize(block))}: too big to send to the page; Raw JSON and Copy read it whole]` };
    }
    left -= jsonSize(shown) + 1; // and its comma
    content.push(shown);
  }
  if (index < list.length) content.push({ type: "text", text: `… ${list.length - index} more content ${list.length - index === 1 ? "item" : "items"}: open Raw JSON to read them` });
  const out: CallToolResult = { ...rest, content };
  const pieces: ResultPieces = { bytes: jsonSize(result), texts };
  if (structuredContent !== undefined) {
    const size = jsonSize(structuredContent, left);
    if (size <= left) {
      out.structuredContent = structuredContent;
      left -= size;
    } else pieces.structuredContent = { bytes: jsonSize(structuredContent) };
  }
  if (_meta !== undefined) out._meta = cutToFit(_meta, Math.max(left, 1024)).value as CallToolResult["_meta"];
  return { result: out, pieces };
}

/**
 * At most `maxBytes` of UTF-8 of `text` from `offset`, never splitting a character, and ending on a line
 * break when one is in its last quarter (so a line is not split between two pieces the page draws).
 */
export function pieceOf(text: string, offset: number, maxBytes: number): string {
  let piece = utf8Prefix(text.slice(offset, offset + maxBytes), maxBytes);
  if (offset + piece.length < text.length) {
    const cut = piece.lastIndexOf("\n");
    if (cut >= 0 && piece.length - cut <= maxBytes / 4) piece = piece.slice(0, cut + 1);
  }
  return piece;
}

/**
 * Results held whole while together they are at most `bytes`; past it, the oldest are cut (by `cutOne`,
 * which reports the size left, or undefined when it could not cut) and the newest stays whole. For the
 * results of a session's client tasks (issue 19), which a tasks/list can make thousands of.
 */
export class ResultBudget {
  /** Size of each result held, oldest first. */
  private readonly sizes = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly bytes: number,
    private readonly cutOne: (key: string) => number | undefined,
  ) {}

  add(key: string, size: number): void {
    this.forget(key);
    this.sizes.set(key, size);
    this.total += size;
    for (const [other, held] of this.sizes) {
      if (this.total <= this.bytes) return;
      if (other === key) continue;
      const left = this.cutOne(other);
      if (left === undefined) continue;
      this.total -= held - left;
      this.sizes.set(other, left);
    }
  }

  forget(key: string): void {
    this.total -= this.sizes.get(key) ?? 0;
    this.sizes.delete(key);
  }
}
