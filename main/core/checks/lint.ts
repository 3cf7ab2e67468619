// Lint: what makes a server hard to use from real hosts, beyond what the spec requires (warnings): input
// schemas that hosts refuse, missing descriptions, names that differ only by case or separator, and what
// the tool list costs a model's context (counted with gpt-tokenizer's cl100k_base, whose table is half the
// size of o200k_base's: the packaged app and the npm package carry it. Every current model's tokenizer
// gives figures of the same order, and the budgets below are orders of magnitude, not exact limits).
import { isObject, pass, plural, problems, quote, skip, type Check } from "./check.js";
import type { CheckContext } from "./context.js";
import { count } from "./text.js";

/** A tool list above this many tokens crowds a model's context (hosts warn at figures like it). */
export const TOOL_LIST_TOKEN_BUDGET = 10_000;
/** One tool above this is heavy on its own. */
export const TOOL_TOKEN_BUDGET = 2_000;
/** The most characters tokenized: past it the figure is an estimate, said as such. */
const MAX_TOKENIZED_CHARS = 4_000_000;

async function listedTools(ctx: CheckContext): Promise<Record<string, unknown>[]> {
  if (!isObject(ctx.capabilities.tools)) return [];
  return (await ctx.walk("tools/list", "tools")).items.filter(isObject);
}

/** How far one input schema is walked: a hostile schema costs the lint this much, and no more. */
const MAX_SCHEMA_DEPTH = 32;
const MAX_SCHEMA_ITEMS = 200;
const MAX_SCHEMA_KEYS = 500;

/**
 * JSON Schema features that major hosts refuse or drop in a tool's input schema, and the walk's bounds
 * this schema reached (what lies past them was not looked at, which the verdict must say).
 */
function hostProblems(schema: unknown): { found: string[]; bounds: string[] } {
  if (!isObject(schema)) return { found: [], bounds: [] };
  const found = new Set<string>();
  const bounds = new Set<string>();
  for (const key of ["oneOf", "anyOf", "allOf", "not", "if", "then", "else"]) if (key in schema) found.add(`"${key}" at the root (hosts such as OpenAI's function calling want a plain object)`);
  const visit = (node: unknown, depth: number): void => {
    if (found.size > 8) return;
    if (depth > MAX_SCHEMA_DEPTH) {
      if (isObject(node) || Array.isArray(node)) bounds.add(`checked to depth ${MAX_SCHEMA_DEPTH} only`);
      return;
    }
    if (Array.isArray(node)) {
      if (node.length > MAX_SCHEMA_ITEMS) bounds.add(`the first ${MAX_SCHEMA_ITEMS} of ${count(node.length)} items of a list checked`);
      for (const item of node.slice(0, MAX_SCHEMA_ITEMS)) visit(item, depth + 1);
      return;
    }
    if (!isObject(node)) return;
    const ref = node.$ref;
    if (typeof ref === "string" && !ref.startsWith("#")) found.add(`a remote $ref ${quote(ref, 80)} (hosts do not fetch schemas)`);
    if ("$dynamicRef" in node || "$recursiveRef" in node) found.add("$dynamicRef / $recursiveRef (not supported by hosts' validators)");
    if ("patternProperties" in node) found.add("patternProperties (dropped by some hosts)");
    const entries = Object.entries(node);
    if (entries.length > MAX_SCHEMA_KEYS) bounds.add(`the first ${MAX_SCHEMA_KEYS} of ${count(entries.length)} keys of an object checked`);
    for (const [key, value] of entries.slice(0, MAX_SCHEMA_KEYS)) if (key !== "default" && key !== "examples" && key !== "const" && key !== "enum") visit(value, depth + 1);
  };
  visit(schema, 0);
  return { found: [...found], bounds: [...bounds] };
}

/**
 * The bounds a check reached, said in its verdict (withMarks makes it at least a warning): the first few
 * by name, the rest counted: ten thousand bounded tools make four marks, not ten thousand.
 */
function markBounds(ctx: CheckContext, bounded: string[], what: string): void {
  for (const text of bounded.slice(0, 3)) ctx.mark({ kind: "limit", text });
  if (bounded.length > 3) ctx.mark({ kind: "limit", text: `${count(bounded.length - 3)} more ${what} past a bound` });
}

/** A name as hosts compare it loosely: case and separators left out. */
const loose = (name: string) => name.toLowerCase().replace(/[-_.\s]/g, "");

export const lintChecks: Check[] = [
  {
    id: "lint.input-schema-hosts",
    area: "lint",
    title: "Input schemas use only what major hosts accept",
    severity: "warning",
    rule: "Host compatibility (not a spec rule): hosts turn inputSchema into a model's function parameters; OpenAI's function calling and others want a root `type: object` without root combinators, do not fetch a remote $ref, and drop or refuse $dynamicRef and patternProperties. (A root that is not `type: object` is a MUST of the spec: tools.input-schema.)",
    async run(ctx) {
      const tools = await listedTools(ctx);
      if (!tools.length) return skip("lists no tools");
      const found: string[] = [];
      const bounded: string[] = [];
      for (const tool of tools) {
        const schema = hostProblems(tool.inputSchema);
        found.push(...schema.found.map((p) => `${quote(tool.name, 60)}: ${p}`));
        if (schema.bounds.length) bounded.push(`schema of tool ${quote(tool.name, 60)}: ${schema.bounds.join(", ")}`);
      }
      markBounds(ctx, bounded, "input schemas");
      return problems(found, `${plural(tools.length, "input schema")} use only what hosts accept`, []);
    },
  },
  {
    id: "lint.descriptions",
    area: "lint",
    title: "Tools, their parameters and prompts are described",
    severity: "warning",
    rule: "Tools and prompts (2025-11-25, 2026-07-28): `description` is how a model learns what a tool or prompt does and what each parameter means; a missing one, or one that only repeats the name, leaves the model guessing.",
    async run(ctx) {
      const tools = await listedTools(ctx);
      const prompts = isObject(ctx.capabilities.prompts) ? (await ctx.walk("prompts/list", "prompts")).items.filter(isObject) : [];
      if (!tools.length && !prompts.length) return skip("lists no tools and no prompts");
      const found: string[] = [];
      const bounded: string[] = [];
      const useless = (text: unknown, name: unknown) => typeof text !== "string" || text.trim().length < 3 || loose(text) === loose(String(name));
      for (const tool of tools) {
        if (useless(tool.description, tool.name)) found.push(`tool ${quote(tool.name, 60)} has no useful description`);
        const properties = isObject(tool.inputSchema) && isObject(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
        const parameters = Object.entries(properties);
        if (parameters.length > 100) bounded.push(`tool ${quote(tool.name, 60)}: the first 100 of ${count(parameters.length)} parameters checked`);
        const bare = parameters.slice(0, 100).filter(([key, p]) => !isObject(p) || useless(p.description, key)).map(([key]) => quote(key, 40));
        if (bare.length) found.push(`tool ${quote(tool.name, 60)}: parameter${bare.length === 1 ? "" : "s"} ${bare.slice(0, 5).join(", ")} without a description`);
      }
      for (const prompt of prompts) if (useless(prompt.description, prompt.name)) found.push(`prompt ${quote(prompt.name, 60)} has no useful description`);
      markBounds(ctx, bounded, "tools");
      return problems(found, `${plural(tools.length, "tool")} and ${plural(prompts.length, "prompt")} are described, with their parameters`, []);
    },
  },
  {
    id: "lint.similar-names",
    area: "lint",
    title: "No two names differ only by case or separator",
    severity: "warning",
    rule: "Tool names (SEP-986) are case-sensitive, but models and people read `get_user`, `getUser` and `get-user` as one: two such tools (or prompts) are easily confused, and some hosts fold them together.",
    async run(ctx) {
      const tools = await listedTools(ctx);
      const prompts = isObject(ctx.capabilities.prompts) ? (await ctx.walk("prompts/list", "prompts")).items.filter(isObject) : [];
      if (!tools.length && !prompts.length) return skip("lists no tools and no prompts");
      const found: string[] = [];
      for (const [what, items] of [
        ["tools", tools],
        ["prompts", prompts],
      ] as const) {
        const groups = new Map<string, Set<string>>();
        for (const item of items) {
          if (typeof item.name !== "string") continue;
          const key = loose(item.name);
          const group = groups.get(key) ?? new Set<string>();
          group.add(item.name);
          groups.set(key, group);
        }
        for (const group of groups.values()) if (group.size > 1) found.push(`${what} ${[...group].slice(0, 4).map((n) => quote(n, 60)).join(", ")} differ only by case or separator`);
      }
      return problems(found, "every name is distinct beyond case and separators", []);
    },
  },
  {
    id: "lint.token-cost",
    area: "lint",
    title: "The tool list fits a model's context",
    severity: "warning",
    rule: `Context cost (not a spec rule): a host sends every tool's name, description and input schema to the model with each request. Above ${count(TOOL_LIST_TOKEN_BUDGET)} tokens for the list, or ${count(TOOL_TOKEN_BUDGET)} for one tool, the tools crowd out the conversation (counted with gpt-tokenizer, cl100k_base).`,
    async run(ctx) {
      const tools = await listedTools(ctx);
      if (!tools.length) return skip("lists no tools");
      // Loaded here, not at start: its encoding tables cost every other command a second to load.
      const { countTokens } = await import("gpt-tokenizer/encoding/cl100k_base");
      let chars = 0;
      let counted = 0;
      const costs: { name: unknown; tokens: number }[] = [];
      for (const tool of tools) {
        const text = JSON.stringify({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }) ?? "";
        if (chars + text.length > MAX_TOKENIZED_CHARS) break;
        chars += text.length;
        counted++;
        costs.push({ name: tool.name, tokens: countTokens(text) });
      }
      if (counted < tools.length) ctx.mark({ kind: "limit", text: `tokens counted for the first ${count(counted)} of ${count(tools.length)} tools (${count(MAX_TOKENIZED_CHARS)} characters at most)` });
      const total = costs.reduce((sum, c) => sum + c.tokens, 0);
      const heaviest = [...costs].sort((a, b) => b.tokens - a.tokens).slice(0, 3).map((c) => `${quote(c.name, 60)} ${count(c.tokens)}`);
      const summary = `the tool list costs ${count(total)} tokens for ${plural(counted, "tool")}; the heaviest: ${heaviest.join(", ")}`;
      const heavy = costs.filter((c) => c.tokens > TOOL_TOKEN_BUDGET);
      const found: string[] = [];
      if (total > TOOL_LIST_TOKEN_BUDGET) found.push(`${summary}: over ${count(TOOL_LIST_TOKEN_BUDGET)}`);
      if (heavy.length) found.push(`${plural(heavy.length, "tool")} over ${count(TOOL_TOKEN_BUDGET)} tokens each: ${heavy.slice(0, 5).map((c) => quote(c.name, 60)).join(", ")}`);
      return found.length ? problems(found, summary, []) : pass(summary);
    },
  },
];
