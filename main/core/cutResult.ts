// A CallToolResult cut to a byte cap (issue 19), still a CallToolResult the page can show: text items
// keep their start, marked "… (N characters)"; an image, audio or embedded resource too big for what is
// left becomes a text item saying what it was and its size; items past the cap are counted in one last
// text item; structuredContent and _meta keep their shape (shared/byteBudget.ts cutToFit).
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { cutToFit, formatBytes, fresh, jsonSize, type Cut } from "../../shared/byteBudget.js";

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
  if (block.type === "image" || block.type === "audio") return notKept(`${block.type} ${String(block.mimeType).slice(0, 100)}`, jsonSize(block));
  if (block.type === "resource") return notKept(`embedded resource ${String(block.resource.uri).slice(0, 300)}`, jsonSize(block));
  return notKept(String((block as { type?: unknown }).type).slice(0, 50), jsonSize(block));
}

function notKept(what: string, bytes: number): Block {
  return { type: "text", text: `[${what}, ${formatBytes(bytes)}: not kept]` };
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
