// What the CLI answers when the server asks the user (elicitation, sampling): the same pending inputs the
// UI shows (legacy requests, MRTR rounds, modern task input requests), answered from the flags.
import { existsSync, readFileSync } from "node:fs";
import type { InspectorCore } from "../core/inspectorCore.js";
import type { PendingInput } from "../../shared/types.js";
import { UsageError } from "./args.js";

type ElicitResult = { action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> };
type SamplingResult = { role?: "assistant" | "user"; content: Record<string, unknown>; model: string; stopReason?: string };

export interface AnswerFlags {
  elicitation?: string;
  sampling?: string;
  acceptDefaults: boolean;
}

/** The flags read once, before connecting: a bad file is a usage error, not a surprise mid-call. */
export interface Answers {
  elicitation?: { all: ElicitResult } | { byMessage: Map<string, ElicitResult> };
  sampling?: SamplingResult;
  acceptDefaults: boolean;
}

/** A flag's value is JSON when it looks like JSON, otherwise the path of a JSON file. */
function readJsonFlag(flag: string, value: string): unknown {
  const trimmed = value.trim();
  let text = trimmed;
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) {
    if (!existsSync(value)) throw new UsageError(`${flag}: "${value}" is neither JSON nor a file`);
    try {
      text = readFileSync(value, "utf8");
    } catch (error) {
      throw new UsageError(`${flag}: cannot read ${value}: ${(error as Error).message}`);
    }
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${flag}: not valid JSON: ${(error as Error).message}`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function elicitResult(flag: string, value: unknown): ElicitResult {
  if (!isObject(value) || !["accept", "decline", "cancel"].includes(value.action as string)) {
    throw new UsageError(`${flag}: an ElicitResult needs "action": "accept", "decline" or "cancel"`);
  }
  if (value.content !== undefined && !isObject(value.content)) throw new UsageError(`${flag}: "content" must be a JSON object`);
  return { action: value.action as ElicitResult["action"], ...(value.content ? { content: value.content as Record<string, unknown> } : {}) };
}

export function readAnswers(flags: AnswerFlags): Answers {
  const answers: Answers = { acceptDefaults: flags.acceptDefaults };
  if (flags.elicitation !== undefined) {
    const value = readJsonFlag("--elicitation", flags.elicitation);
    if (isObject(value) && "action" in value) answers.elicitation = { all: elicitResult("--elicitation", value) };
    else if (isObject(value)) {
      const byMessage = new Map<string, ElicitResult>();
      for (const [message, result] of Object.entries(value)) byMessage.set(message, elicitResult(`--elicitation "${message.slice(0, 80)}"`, result));
      answers.elicitation = { byMessage };
    } else throw new UsageError("--elicitation must be an ElicitResult or a JSON map of them keyed by message");
  }
  if (flags.sampling !== undefined) {
    const value = readJsonFlag("--sampling", flags.sampling);
    if (!isObject(value) || typeof value.model !== "string" || !value.model || !isObject(value.content)) {
      throw new UsageError('--sampling must be a CreateMessageResult: {"model": "…", "role": "assistant", "content": {"type": "text", "text": "…"}}');
    }
    answers.sampling = value as SamplingResult;
  }
  return answers;
}

/** --accept-defaults: each property of the requested schema that has a `default`, with it. */
export function schemaDefaults(params: Record<string, unknown>): Record<string, unknown> {
  const schema = params.requestedSchema;
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  const content: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    if (isObject(property) && "default" in property) content[key] = property.default;
  }
  return content;
}

function missingRequired(params: Record<string, unknown>, content: Record<string, unknown>): string[] {
  const schema = params.requestedSchema;
  const required = isObject(schema) && Array.isArray(schema.required) ? schema.required : [];
  return required.filter((key): key is string => typeof key === "string" && !Object.hasOwn(content, key)).slice(0, 20);
}

/**
 * Answer one pending input from the flags. `say` writes a line on stderr: without a flag that answers it, the
 * request is declined (elicitation) or rejected (sampling), and the user is told which flag would answer it.
 */
export async function answerPendingInput(core: InspectorCore, input: PendingInput, answers: Answers, say: (line: string) => void): Promise<void> {
  const message = typeof input.params.message === "string" ? input.params.message : "";
  const quoted = JSON.stringify(message.length > 200 ? `${message.slice(0, 200)}…` : message);
  if (input.kind === "sampling") {
    if (answers.sampling) {
      await core.dispatch("approveSampling", { pendingInputId: input.id, result: answers.sampling });
      say("Sampling request answered with --sampling");
      return;
    }
    say("Sampling request rejected: pass --sampling <file|json> (a CreateMessageResult) to answer it");
    await core.dispatch("rejectSampling", { pendingInputId: input.id, reason: "No --sampling answer was given to the command-line inspector" });
    return;
  }
  const url = input.params.mode === "url";
  let result: ElicitResult | undefined;
  let from = "";
  if (answers.elicitation && "all" in answers.elicitation) {
    result = answers.elicitation.all;
    from = "--elicitation";
  } else if (answers.elicitation) {
    result = answers.elicitation.byMessage.get(message);
    from = "--elicitation (by message)";
  }
  if (answers.acceptDefaults && !url && (!result || result.action === "accept")) {
    // The schema's defaults, under whatever content --elicitation gave: a required field without a
    // default can be given that way, and the rest still comes from the defaults.
    result = { action: "accept", content: { ...schemaDefaults(input.params), ...result?.content } };
    from = from ? `${from} and --accept-defaults` : "--accept-defaults";
    const missing = missingRequired(input.params, result.content!);
    if (missing.length) {
      say(
        `Elicitation ${quoted} declined: its required ${missing.map((m) => JSON.stringify(m)).join(", ")} ${missing.length > 1 ? "have" : "has"} no default; ` +
          `give ${missing.length > 1 ? "them" : "it"} with --elicitation '{"action":"accept","content":{${missing.map((m) => `${JSON.stringify(m)}:…`).join(",")}}}' next to --accept-defaults`,
      );
      await core.dispatch("answerElicitation", { pendingInputId: input.id, action: "decline" });
      return;
    }
  }
  if (!result) {
    say(
      url
        ? `Elicitation ${quoted} asks to open a URL; declined: pass --elicitation '{"action":"accept"}' to accept it`
        : `Elicitation ${quoted} declined: pass --elicitation <file|json> or --accept-defaults to answer it`,
    );
    await core.dispatch("answerElicitation", { pendingInputId: input.id, action: "decline" });
    return;
  }
  try {
    if (result.action === "accept") await core.dispatch("answerElicitation", { pendingInputId: input.id, action: "accept", ...(result.content ? { content: result.content } : {}) });
    else await core.dispatch("answerElicitation", { pendingInputId: input.id, action: result.action });
    say(`Elicitation ${quoted}: ${result.action} (${from})`);
    // URL mode: accepting means the user goes there; the CLI opens nothing, it shows where.
    if (url && result.action === "accept" && typeof input.params.url === "string") say(`Open this URL to complete it: ${input.params.url.slice(0, 2000)}`);
  } catch (error) {
    // The content does not match the requested schema (a required field without a default): the server
    // gets a decline rather than a request left waiting forever.
    say(`Elicitation ${quoted} declined: the answer from ${from} was refused: ${(error as Error).message}`);
    await core.dispatch("answerElicitation", { pendingInputId: input.id, action: "decline" });
  }
}
