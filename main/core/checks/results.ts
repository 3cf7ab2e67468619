// Results of the tool calls the checks were allowed to make (safe by default, context.ts): structured
// content against the tool's outputSchema, and every content item well formed.
import { isObject, pass, plural, problems, quote, skip, type Check } from "./check.js";
import type { CheckContext, ToolCall } from "./context.js";
import { SchemaJudge, schemaErrors } from "./jsonSchema.js";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** type/subtype, RFC 6838 (parameters allowed). */
const MIME = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}(\s*;.*)?$/;

/** A complete CallToolResult of a call (a task or a refusal is judged elsewhere). */
function completed(call: ToolCall): Record<string, unknown> | undefined {
  const result = call.reply.result;
  if (!result || result.resultType === "task" || result.resultType === "input_required" || isObject(result.task)) return undefined;
  return result;
}

function base64Problem(data: unknown): string | undefined {
  if (typeof data !== "string") return `data is ${quote(data, 40)}, not a string`;
  if (data.length % 4 !== 0 || !BASE64.test(data)) return "data is not base64";
  return undefined;
}

/** What is wrong with one content block, if anything (ContentBlock, 2025-11-25 and 2026-07-28 schema). */
export function contentProblem(block: unknown): string | undefined {
  if (!isObject(block)) return `${quote(block, 40)} is not an object`;
  switch (block.type) {
    case "text":
      return typeof block.text === "string" ? undefined : "a text block without a string text";
    case "image":
    case "audio": {
      if (typeof block.mimeType !== "string" || !MIME.test(block.mimeType)) return `an ${block.type} block with mimeType ${quote(block.mimeType, 60)}`;
      const bad = base64Problem(block.data);
      return bad ? `an ${block.type} block whose ${bad}` : undefined;
    }
    case "resource_link":
      return typeof block.uri === "string" && typeof block.name === "string" ? undefined : "a resource_link without a string uri and name";
    case "resource": {
      const r = block.resource;
      if (!isObject(r) || typeof r.uri !== "string") return "an embedded resource without a uri";
      if (typeof r.text === "string") return undefined;
      if (typeof r.blob !== "string") return "an embedded resource with neither text nor blob";
      return base64Problem(r.blob) ? "an embedded resource whose blob is not base64" : undefined;
    }
    default:
      return `a block of unknown type ${quote(block.type, 40)}`;
  }
}

/**
 * The calls the checks made. A call still asking for input at the round bound (I3) never came back complete:
 * what it would have answered was not judged, so each results check that looks at it says the bound.
 */
async function calls(ctx: CheckContext, looksAt: (call: ToolCall) => boolean = () => true): Promise<ToolCall[]> {
  const made = await ctx.plainCalls();
  for (const call of made) {
    if (call.roundsExceeded && looksAt(call)) ctx.mark({ kind: "limit", text: `${quote(call.tool, 60)} still asked for input after ${ctx.maxRounds} rounds (the checks answer at most ${ctx.maxRounds})` });
  }
  return made;
}

export const resultsChecks: Check[] = [
  {
    id: "results.structured-content",
    area: "results",
    title: "structuredContent matches the tool's outputSchema",
    severity: "error",
    rule: "Tools, output schema (2025-11-25, 2026-07-28): if an output schema is provided, servers MUST provide structured results that conform to this schema.",
    async run(ctx) {
      const tools = new Map((await ctx.tools()).map((t) => [t.name, t]));
      const made = await calls(ctx, (call) => tools.get(call.tool)?.outputSchema !== undefined);
      const judge = new SchemaJudge();
      const found: string[] = [];
      const messages: number[] = [];
      let judged = 0;
      for (const call of made) {
        const schema = tools.get(call.tool)?.outputSchema;
        const result = completed(call);
        if (!schema || !result || result.isError === true) continue;
        const verdict = judge.judge(schema);
        if (!verdict.ok || !verdict.validate) continue;
        judged++;
        messages.push(...call.messages);
        if (!isObject(result.structuredContent)) found.push(`${quote(call.tool, 60)} has an outputSchema but answered no structuredContent object`);
        else if (!verdict.validate(result.structuredContent)) found.push(`${quote(call.tool, 60)}: structuredContent does not match its outputSchema (${schemaErrors(verdict.validate.errors)})`);
      }
      if (!judged) return skip(made.length ? "no call the checks made was of a tool with an outputSchema (and a complete, successful result)" : "no tool was called (see the notes)");
      return problems(found, judged === 1 ? "the structured result matches its output schema" : `${judged} structured results match their output schemas`, messages);
    },
  },
  {
    id: "results.content",
    area: "results",
    title: "Content items are well formed",
    severity: "error",
    rule: "CallToolResult (2025-11-25, 2026-07-28): content is a list of content blocks: text (text), image and audio (base64 data, mimeType), resource_link (uri, name), embedded resource (uri with text or base64 blob).",
    async run(ctx) {
      const made = await calls(ctx);
      const found: string[] = [];
      const messages: number[] = [];
      let judged = 0;
      for (const call of made) {
        const result = completed(call);
        if (!result) continue;
        judged++;
        messages.push(...call.messages);
        if (!Array.isArray(result.content)) {
          found.push(`${quote(call.tool, 60)}: content is ${quote(result.content, 40)}, not a list`);
          continue;
        }
        for (const block of result.content.slice(0, 1000)) {
          const problem = contentProblem(block);
          if (problem) {
            found.push(`${quote(call.tool, 60)}: ${problem}`);
            break;
          }
        }
      }
      if (!judged) return skip(made.length ? "no call the checks made came back complete" : "no tool was called (see the notes)");
      return problems(found, `${plural(judged, "tool result")} with well-formed content`, messages);
    },
  },
  {
    id: "results.calls",
    area: "results",
    title: "The tools called answer",
    severity: "error",
    rule: "Tools (2025-11-25, 2026-07-28): a tools/call answers a result (a tool's own failure is a result with isError: true) or a JSON-RPC error; it never goes unanswered.",
    async run(ctx) {
      const made = await calls(ctx);
      if (!made.length) return skip("no tool was called: only tools annotated readOnlyHint whose required arguments have defaults or examples are, and those named with --call");
      const found = made.filter((c) => c.reply.noAnswer).map((c) => `${quote(c.tool, 60)}: no answer (${c.reply.noAnswer})`);
      const said = made.map((c) => `${quote(c.tool, 60)} → ${c.reply.error ? `error ${c.reply.error.code}` : c.reply.result?.isError === true ? "isError" : c.roundsExceeded ? "input_required" : c.reply.result ? "result" : "no answer"}`);
      return found.length ? problems(found, "", made.flatMap((c) => c.messages)) : pass(`called ${said.join(", ")}`, made.flatMap((c) => c.messages));
    },
  },
];
