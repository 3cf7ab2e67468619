// SEP-2640 "Frontmatter" and the Agent Skills field rules (agentskills.io/specification): an entry's
// frontmatter is shown verbatim and then checked field by field; a SKILL.md's own frontmatter is parsed (YAML
// core schema: no dates, no custom tags) and compared with the entry's, any difference a verification failure.
// A server's keys are data: "__proto__" and "constructor" are own keys like any other, never inherited ones.
import { CORE_SCHEMA, load } from "js-yaml";

/** The frontmatter block of a SKILL.md is read up to this many characters (a larger one is refused). */
export const MAX_FRONTMATTER_CHARS = 64 * 1024;
/** Nodes a comparison walks before it gives up (YAML aliases can make a small text a huge tree). */
const MAX_COMPARE_NODES = 100_000;

const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The Agent Skills rules for `name`, `description` and the optional fields, one sentence per breach. */
export function frontmatterProblems(frontmatter: Record<string, unknown>, uriName: string): string[] {
  const problems: string[] = [];
  const own = (key: string) => (Object.hasOwn(frontmatter, key) ? frontmatter[key] : undefined);
  const name = own("name");
  if (typeof name !== "string" || name.length === 0) problems.push("frontmatter has no name (required)");
  else {
    if (name.length > 64) problems.push(`name is ${name.length} characters; at most 64`);
    if (!NAME.test(name)) problems.push("name must be lowercase letters, digits and single hyphens, not starting or ending with one");
    if (uriName && name !== uriName) problems.push(`name "${name.slice(0, 100)}" differs from the URI's final segment "${uriName.slice(0, 100)}"`);
  }
  const description = own("description");
  if (typeof description !== "string" || description.trim().length === 0) problems.push("frontmatter has no description (required)");
  else if (description.length > 1024) problems.push(`description is ${description.length} characters; at most 1024`);
  const license = own("license");
  if (license !== undefined && typeof license !== "string") problems.push("license must be a string");
  const compatibility = own("compatibility");
  if (compatibility !== undefined && (typeof compatibility !== "string" || compatibility.length > 500)) problems.push("compatibility must be a string of at most 500 characters");
  const metadata = own("metadata");
  if (metadata !== undefined) {
    if (!isRecord(metadata)) problems.push("metadata must be a map of strings");
    else if (Object.values(metadata).some((v) => typeof v !== "string")) problems.push("metadata values must be strings");
  }
  const allowedTools = own("allowed-tools");
  if (allowedTools !== undefined && typeof allowedTools !== "string") problems.push("allowed-tools must be a space-separated string");
  // SEP-2640 security: a remote skill's allowed-tools is a request, never a grant.
  if (allowedTools !== undefined) problems.push("allowed-tools is ignored for a skill served over MCP (it asks for permissions; it grants none)");
  return problems;
}

/** The YAML frontmatter at the start of a SKILL.md, or why there is none to compare. */
export function parseFrontmatter(text: string): { frontmatter: Record<string, unknown> } | { problem: string } {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const open = /^---[ \t]*\r?\n/.exec(body);
  if (!open) return { problem: "SKILL.md does not begin with a --- frontmatter block" };
  const rest = body.slice(open[0].length, open[0].length + MAX_FRONTMATTER_CHARS + 8);
  const close = /(^|\r?\n)---[ \t]*(\r?\n|$)/.exec(rest);
  if (!close) return { problem: `SKILL.md's frontmatter block has no closing --- within ${MAX_FRONTMATTER_CHARS} characters` };
  let parsed: unknown;
  try {
    parsed = load(rest.slice(0, close.index), { schema: CORE_SCHEMA });
  } catch (error) {
    return { problem: `SKILL.md's frontmatter is not valid YAML: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}` };
  }
  if (!isRecord(parsed)) return { problem: "SKILL.md's frontmatter is not a YAML mapping" };
  return { frontmatter: parsed };
}

/** Field by field: the keys that differ between the file's frontmatter and the entry's (empty when identical). */
export function frontmatterDifferences(file: Record<string, unknown>, entry: Record<string, unknown>): string[] {
  const budget = { nodes: 0 };
  const keys = new Set([...Object.keys(file), ...Object.keys(entry)]);
  const differing: string[] = [];
  for (const key of keys) {
    const a = Object.hasOwn(file, key) ? file[key] : undefined;
    const b = Object.hasOwn(entry, key) ? entry[key] : undefined;
    if (!sameJson(a, b, budget)) differing.push(key.slice(0, 100));
    if (budget.nodes > MAX_COMPARE_NODES) return [...differing, "(the frontmatter is too large to compare)"];
  }
  return differing;
}

function sameJson(a: unknown, b: unknown, budget: { nodes: number }): boolean {
  if (++budget.nodes > MAX_COMPARE_NODES) return false;
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameJson(item, b[i], budget));
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key], budget));
  }
  return false;
}
