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
