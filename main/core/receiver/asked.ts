// What a server asked of a receiver task, kept with the task so its Details can show it after the pending
// input is gone. Everything here is the server's (untrusted) text, cut to fixed bounds: a task costs the
// same few kilobytes whatever the server sent.
import {
  ASKED_MESSAGES_KEPT,
  ASKED_SCHEMA_CHARS,
  ASKED_TEXT_CHARS,
  type ReceiverTaskAsked,
  type ReceiverTaskMethod,
} from "../../../shared/types.js";
import { fresh } from "../../../shared/byteBudget.js";

function cut(text: string, max: number): string {
  // fresh(): a slice would keep the server's whole string alive with the task (issue 19).
  return text.length > max ? `${fresh(text.slice(0, max))}… (${text.length} characters)` : text;
}

const textOf = (value: unknown): string | undefined => (typeof value === "string" ? cut(value, ASKED_TEXT_CHARS) : undefined);

/** One content block as a line of text: its text, or what it is (`[image image/png]`). */
function contentText(content: unknown): string {
  if (Array.isArray(content)) return content.slice(0, 20).map(contentText).join("\n");
  const block = (content && typeof content === "object" ? content : {}) as Record<string, unknown>;
  if (block.type === "text" && typeof block.text === "string") return block.text.slice(0, ASKED_TEXT_CHARS + 1);
  const type = typeof block.type === "string" ? block.type.slice(0, 50) : "content";
  const mime = typeof block.mimeType === "string" ? ` ${block.mimeType.slice(0, 100)}` : "";
  return `[${type}${mime}]`;
}

function schemaText(schema: unknown): string | undefined {
  if (schema === undefined) return undefined;
  let text: string | undefined;
  try {
    text = JSON.stringify(schema, null, 2);
  } catch {
    text = "(the schema could not be shown as JSON)";
  }
  return text === undefined ? undefined : cut(text, ASKED_SCHEMA_CHARS);
}

export function askedOf(method: ReceiverTaskMethod, params: Record<string, unknown>): ReceiverTaskAsked {
  const asked: ReceiverTaskAsked = {};
  if (method === "elicitation/create") {
    const message = textOf(params.message);
    if (message !== undefined) asked.message = message;
    const url = textOf(params.url);
    if (url !== undefined) asked.url = url;
    const schema = schemaText(params.requestedSchema);
    if (schema !== undefined) asked.requestedSchema = schema;
    return asked;
  }
  const systemPrompt = textOf(params.systemPrompt);
  if (systemPrompt !== undefined) asked.systemPrompt = systemPrompt;
  if (typeof params.maxTokens === "number" && Number.isFinite(params.maxTokens)) asked.maxTokens = params.maxTokens;
  if (Array.isArray(params.messages)) {
    asked.messageCount = params.messages.length;
    asked.messages = params.messages.slice(0, ASKED_MESSAGES_KEPT).map((m) => {
      const message = (m && typeof m === "object" ? m : {}) as Record<string, unknown>;
      return {
        role: typeof message.role === "string" ? message.role.slice(0, 100) : "?",
        text: cut(contentText(message.content), ASKED_TEXT_CHARS),
      };
    });
  }
  return asked;
}
