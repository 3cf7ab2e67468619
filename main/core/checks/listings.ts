// Listings: every list walks to an end; tools' names and schemas; resource templates; listed resources.
import { parseUriTemplate } from "../../../shared/uriTemplate.js";
import { isObject, plural, problems, quote, skip, type Check } from "./check.js";
import { count } from "./text.js";
import type { CheckContext, Walk } from "./context.js";
import { SchemaJudge } from "./jsonSchema.js";

const LISTS = [
  { capability: "tools", method: "tools/list", key: "tools" },
  { capability: "resources", method: "resources/list", key: "resources" },
  { capability: "resources", method: "resources/templates/list", key: "resourceTemplates" },
  { capability: "prompts", method: "prompts/list", key: "prompts" },
] as const;

/** The lists the server declares, walked. */
async function declaredWalks(ctx: CheckContext): Promise<Walk[]> {
  const walks: Walk[] = [];
  for (const list of LISTS) if (isObject(ctx.capabilities[list.capability])) walks.push(await ctx.walk(list.method, list.key));
  return walks;
}

/** SEP-986 (2025-11-25 and 2026-07-28 tools): 1–128 characters of A–Z a–z 0–9 _ - . */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

export function duplicates(values: unknown[]): string[] {
  const seen = new Set<unknown>();
  const twice = new Set<unknown>();
  for (const value of values) (seen.has(value) ? twice : seen).add(value);
  return [...twice].map((v) => quote(v, 80));
}

export const listingsChecks: Check[] = [
  {
    id: "listings.pagination",
    area: "listings",
    title: "Every list paginates to an end",
    severity: "error",
    rule: "Pagination (2025-11-25 and 2026-07-28): a nextCursor is an opaque token for the next page; its absence ends the results. A cursor answered twice, or a walk that never ends, leaves a client in a loop.",
    // Every page is read whatever the item bound: the walk's end is judged in full.
    judgesAllItems: true,
    async run(ctx) {
      const walks = await declaredWalks(ctx);
      if (!walks.length) return skip("declares no listable capability");
      const found: string[] = [];
      for (const walk of walks) {
        if (walk.problem) found.push(`${walk.method}: ${walk.problem}`);
        else if (walk.noAnswer) found.push(`${walk.method}: no answer on page ${walk.pages} (${quote(walk.noAnswer, 100)})`);
        else if (walk.error && walk.error.code !== -32601) found.push(`${walk.method}: page ${walk.pages} answered error ${walk.error.code} ${quote(walk.error.message, 100)}`);
      }
      const summary = walks.map((w) => `${w.method} ${count(w.total)} in ${plural(w.pages, "page")}`).join(", ");
      return problems(found, `each list ended: ${summary}`, walks.flatMap((w) => w.messages.slice(0, 10)));
    },
  },
  {
    id: "listings.duplicates",
    area: "listings",
    title: "No name or URI is listed twice",
    severity: "error",
    rule: "Tools (2025-11-25, 2026-07-28): a tool is called by its name, so names are unique within a server; the same holds for prompts, and for resources by URI. A name that comes back on a later page means the pages overlap.",
    async run(ctx) {
      const found: string[] = [];
      const messages: number[] = [];
      for (const [method, key, field] of [
        ["tools/list", "tools", "name"],
        ["prompts/list", "prompts", "name"],
        ["resources/list", "resources", "uri"],
      ] as const) {
        if (!isObject(ctx.capabilities[method.split("/")[0]!])) continue;
        const walk = await ctx.walk(method, key);
        const twice = duplicates(walk.items.filter(isObject).map((item) => item[field]));
        if (twice.length) {
          found.push(`${method} lists ${field} ${twice.slice(0, 5).join(", ")} more than once`);
          messages.push(...walk.messages);
        }
      }
      return problems(found, "every tool and prompt name, and every resource URI, is listed once", messages);
    },
  },
  {
    id: "tools.name",
    area: "listings",
    title: "Tool names keep the spec's character rules",
    severity: "warning",
    rule: "Tool names (2025-11-25, 2026-07-28): SHOULD be 1 to 128 characters; SHOULD use only A-Z, a-z, 0-9, underscore, hyphen and dot; SHOULD NOT contain spaces, commas or other special characters.",
    async run(ctx) {
      const walk = await ctx.walk("tools/list", "tools");
      if (!isObject(ctx.capabilities.tools) && !walk.items.length) return skip("declares no tools");
      const bad = walk.items.filter(isObject).map((t) => t.name).filter((name) => typeof name !== "string" || !TOOL_NAME.test(name));
      return problems(bad.slice(0, 20).map((name) => `${quote(name, 80)} is not 1–128 characters of A-Z a-z 0-9 _ - .`), walk.items.length === 1 ? "the tool name keeps the rules" : `all ${count(walk.items.length)} tool names keep the rules`, bad.length ? walk.messages : []);
    },
  },
  {
    id: "tools.input-schema",
    area: "listings",
    title: "Every inputSchema is a JSON Schema object",
    severity: "error",
    rule: "Tools (2025-11-25, 2026-07-28): inputSchema is a JSON Schema object (2020-12 when it has no $schema) whose root type is \"object\"; a tool without parameters uses { \"type\": \"object\" }.",
    async run(ctx) {
      const walk = await ctx.walk("tools/list", "tools");
      const tools = walk.items.filter(isObject);
      if (!tools.length) return skip("lists no tools");
      const judge = new SchemaJudge();
      const found: string[] = [];
      for (const tool of tools) {
        const verdict = judge.judge(tool.inputSchema);
        if (!verdict.ok) found.push(`${quote(tool.name, 60)}: inputSchema ${verdict.problem}`);
      }
      return problems(found, `${tools.length === 1 ? "the input schema is" : `all ${count(tools.length)} input schemas are`} valid, with root type object`, found.length ? walk.messages : []);
    },
  },
  {
    id: "tools.output-schema",
    area: "listings",
    title: "Every outputSchema is a JSON Schema object",
    severity: "error",
    rule: "Tools (2025-11-25, 2026-07-28): outputSchema, when given, is a JSON Schema object (2020-12 when it has no $schema) whose root type is \"object\".",
    async run(ctx) {
      const walk = await ctx.walk("tools/list", "tools");
      const tools = walk.items.filter(isObject).filter((t) => t.outputSchema !== undefined);
      if (!tools.length) return skip("no tool declares an outputSchema");
      const judge = new SchemaJudge();
      const found: string[] = [];
      for (const tool of tools) {
        const verdict = judge.judge(tool.outputSchema);
        if (!verdict.ok) found.push(`${quote(tool.name, 60)}: outputSchema ${verdict.problem}`);
      }
      return problems(found, `${tools.length === 1 ? "the output schema is" : `all ${count(tools.length)} output schemas are`} valid, with root type object`, found.length ? walk.messages : []);
    },
  },
  {
    id: "resources.templates",
    area: "listings",
    title: "Resource templates are valid RFC 6570",
    severity: "error",
    rule: "Resources (2025-11-25, 2026-07-28): a resource template's uriTemplate is an RFC 6570 URI template.",
    async run(ctx) {
      if (!isObject(ctx.capabilities.resources)) return skip("declares no resources");
      const walk = await ctx.walk("resources/templates/list", "resourceTemplates");
      if (walk.error) return skip(`resources/templates/list answered error ${walk.error.code}`, walk.messages);
      const templates = walk.items.filter(isObject);
      if (!templates.length) return skip("lists no resource templates", walk.messages);
      const found: string[] = [];
      for (const template of templates) {
        const text = template.uriTemplate;
        if (typeof text !== "string") {
          found.push(`uriTemplate ${quote(text, 60)} is not a string`);
          continue;
        }
        const parsed = parseUriTemplate(text);
        if (!parsed.ok) found.push(`${quote(text, 100)}: ${parsed.problem}`);
      }
      return problems(found, `${templates.length === 1 ? "the template parses" : `all ${count(templates.length)} templates parse`} as RFC 6570`, walk.messages);
    },
  },
  {
    id: "resources.read",
    area: "listings",
    title: "Listed resources can be read and come back with their own URI",
    severity: "error",
    rule: "Resources (2025-11-25, 2026-07-28): resources/read of a listed URI returns contents, each item with its uri and text or blob; the contents of the resource asked for carry its URI.",
    async run(ctx) {
      if (!isObject(ctx.capabilities.resources)) return skip("declares no resources");
      const walk = await ctx.walk("resources/list", "resources");
      const uris = walk.items.filter(isObject).map((r) => r.uri).filter((u): u is string => typeof u === "string");
      if (!uris.length) return skip("lists no resources", walk.messages);
      const found: string[] = [];
      const messages: number[] = [];
      const some = uris.slice(0, ctx.maxCalls);
      let unjudged = 0;
      if (uris.length > some.length) ctx.mark({ kind: "limit", text: `the first ${some.length} of ${count(uris.length)} listed resources were read` });
      for (const uri of some) {
        // A 2026-07-28 read may ask for input first (I1): its rounds are followed, answered safely.
        const read = await ctx.roundTrip("resources/read", { uri }, uri);
        const reply = read.reply;
        messages.push(...read.messages);
        if (read.roundsExceeded) {
          // Its contents never came within the round bound (I3): not judged, and said.
          ctx.mark({ kind: "limit", text: `resources/read of ${quote(uri, 80)} still asked for input after ${ctx.maxRounds} rounds (the checks answer at most ${ctx.maxRounds})` });
          unjudged++;
          continue;
        }
        if (!reply.result) {
          found.push(`${quote(uri, 80)}: ${reply.error ? `error ${reply.error.code} ${quote(reply.error.message, 100)}` : `no answer (${reply.noAnswer})`}`);
          continue;
        }
        const contents = reply.result.contents;
        if (!Array.isArray(contents) || !contents.length) found.push(`${quote(uri, 80)}: contents is ${quote(contents, 60)}, not a non-empty list`);
        else if (!contents.some((c) => isObject(c) && c.uri === uri)) found.push(`${quote(uri, 80)}: came back as ${quote(contents.filter(isObject).map((c) => c.uri).slice(0, 3), 120)}`);
        else if (!contents.every((c) => isObject(c) && (typeof c.text === "string" || typeof c.blob === "string"))) found.push(`${quote(uri, 80)}: a content item has neither text nor blob`);
      }
      const more = uris.length > some.length ? ` (the first ${some.length} of ${uris.length})` : "";
      return problems(found, `${plural(some.length - unjudged, "resource")} read${more}, each with its own URI`, messages);
    },
  },
];
