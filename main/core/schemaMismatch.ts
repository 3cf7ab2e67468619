// A response the SDK's schema (zod) rejects used to reach the page as the zod dump: a JSON array of
// issues, often pages long, that replaced the whole tool list. Here it becomes one readable line: which
// field, what was wrong, and where the raw response is in the log (shared/rawResponse.ts).
import { ListToolsResultSchema, ToolSchema, type ListToolsResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { rawResponseReference } from "../../shared/rawResponse.js";
import type { LogEntry } from "../../shared/types.js";
import { describeIssues } from "./invalidParams.js";

type Issues = Parameters<typeof describeIssues>[0];

export class SchemaMismatchError extends Error {
  override name = "SchemaMismatchError";
}

/** Duck-typed: the SDK parses with its own zod build, so `instanceof` across copies is not reliable. */
export function zodIssuesOf(error: unknown): Issues | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const issues = (error as { issues?: unknown }).issues;
  const name = (error as { name?: unknown }).name;
  return Array.isArray(issues) && (name === "ZodError" || name === "$ZodError") ? (issues as Issues) : undefined;
}

/** The newest response to `method` in the log (the one that just failed to parse). */
export function lastResponseTo(entries: readonly LogEntry[], method: string): LogEntry | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.direction === "in" && entry.method === method && typeof entry.payload === "object" && entry.payload !== null && "result" in entry.payload) return entry;
  }
  return undefined;
}

/** `error` again, or a SchemaMismatchError in words when it is the SDK's schema rejecting the server's result. */
export function readableSchemaError(error: unknown, method: string, raw: LogEntry | undefined, note?: string): unknown {
  const issues = zodIssuesOf(error);
  if (!issues) return error;
  const where = raw ? ` ${rawResponseReference(raw.seq)}` : "";
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  return new SchemaMismatchError(`The server's ${method} response does not fit the MCP schema: ${describeIssues(issues.slice(0, 1)).slice(0, 500)}${more}.${note ? ` ${note}` : ""}${where}`);
}

/**
 * The tools of a rejected tools/list that do fit the schema, so one broken tool does not hide the rest.
 * Undefined when the raw response is not in the log as it came (too big, trimmed) or the page itself
 * is broken (its cursor, its `tools` not a list).
 */
export function toolsThatFit(raw: LogEntry | undefined): { result: ListToolsResult; left: number; total: number } | undefined {
  // A cut entry (over the log's per-entry cap) holds tools with cut text and a marker for those left out: not the list sent.
  if (raw?.cut) return undefined;
  const result = (raw?.payload as { result?: unknown } | undefined)?.result;
  if (typeof result !== "object" || result === null || !Array.isArray((result as { tools?: unknown }).tools)) return undefined;
  const all = (result as { tools: unknown[] }).tools;
  const fit: Tool[] = [];
  for (const tool of all) {
    const parsed = ToolSchema.safeParse(tool);
    if (parsed.success) fit.push(parsed.data);
  }
  const page = ListToolsResultSchema.safeParse({ ...result, tools: fit });
  return page.success ? { result: page.data, left: all.length - fit.length, total: all.length } : undefined;
}
