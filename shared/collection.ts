// A collection: a named, ordered list of saved calls (a tool call, a prompt get, a resource read) with their
// arguments, the assertions each must hold, the values taken from a result for later calls (variables), and
// the answers to give when the server asks the user during a call. One JSON file; shared/collection.schema.json
// is generated from these schemas (a test keeps the two equal), so editors and other tools can check a file.
import { z } from "zod";

export const COLLECTION_VERSION = 1;
/** The most calls one collection holds, and the most assertions one call holds: a file past them is refused. */
export const MAX_COLLECTION_CALLS = 1000;
export const MAX_ASSERTIONS = 100;
/** A collection file is read up to this size. */
export const MAX_COLLECTION_BYTES = 16 * 1024 * 1024;

/** A JSON path in the small dialect collections use: `$`, `.name`, `[0]`, `["any name"]`. */
export const JsonPathSchema = z.string().min(1).max(1000).regex(/^\$/, "a JSON path starts with $");
const VariableNameSchema = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, "a variable name is letters, digits and _ (not starting with a digit), at most 64")
  .refine((name) => !["constructor", "prototype", "__proto__"].includes(name), "constructor, prototype and __proto__ are not variable names");

export const AssertionSchema = z.union([
  z.object({ notError: z.literal(true).describe("the call succeeded: no JSON-RPC error, no isError result, a task that completed") }).strict(),
  z.object({ path: JsonPathSchema, equals: z.unknown().describe("the value at the path, compared as JSON") }).strict(),
  z.object({ path: JsonPathSchema, matches: z.string().max(1000).describe("a pattern (RE2 syntax: linear time; no backreferences or lookaround) the string at the path must contain a match of") }).strict(),
  z.object({ path: JsonPathSchema, exists: z.boolean() }).strict(),
  z.object({ outputSchema: z.literal(true).describe("structuredContent is valid against the tool's outputSchema") }).strict(),
  z.object({ latencyUnderMs: z.number().int().positive().max(3_600_000) }).strict(),
  z.object({ snapshot: z.object({ ignore: z.array(JsonPathSchema).max(100).default([]).describe("paths left out of the comparison (ids, timestamps)") }).strict() }).strict(),
  z.object({ taskStatus: z.enum(["completed", "failed", "cancelled"]).describe("the status the call's task must end in") }).strict(),
]);
export type Assertion = z.output<typeof AssertionSchema>;

const ElicitAnswerSchema = z
  .object({
    /** Answer only an elicitation whose message contains this text; absent: any. */
    messageContains: z.string().max(2000).optional(),
    action: z.enum(["accept", "decline", "cancel"]),
    content: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
const SamplingAnswerSchema = z
  .object({
    model: z.string().min(1).max(200),
    role: z.enum(["assistant", "user"]).default("assistant"),
    content: z.object({ type: z.literal("text"), text: z.string().max(1_000_000) }).strict(),
    stopReason: z.string().max(100).optional(),
  })
  .strict();

export const SavedCallSchema = z
  .object({
    name: z.string().min(1).max(200),
    kind: z.enum(["tool", "prompt", "resource"]),
    /** The tool (tool), the prompt (prompt). */
    target: z.string().min(1).max(1000).optional(),
    /** The resource's URI (resource); may hold {{variables}}. */
    uri: z.string().min(1).max(10_000).optional(),
    /** Arguments; a string "{{name}}" is the variable's value, "{{name}}" inside a longer string its text. */
    arguments: z.record(z.string(), z.unknown()).default({}),
    /** 2025-11-25: run the tool as a task (on 2026-07-28 the server decides). */
    asTask: z.boolean().optional(),
    /** Values taken from this call's result (by JSON path) for the calls after it. */
    capture: z.record(VariableNameSchema, JsonPathSchema).optional(),
    /** The answers to the server's questions during this call; a question none answers fails the call. */
    answers: z.object({ elicitation: z.array(ElicitAnswerSchema).max(20).optional(), sampling: SamplingAnswerSchema.optional() }).strict().optional(),
    assert: z.array(AssertionSchema).max(MAX_ASSERTIONS).default([]),
    /** The last accepted snapshot of the result (what a snapshot assertion compares with). */
    snapshot: z.unknown().optional(),
  })
  .strict()
  .superRefine((call, ctx) => {
    if ((call.kind === "tool" || call.kind === "prompt") && !call.target) ctx.addIssue({ code: "custom", path: ["target"], message: `a ${call.kind} call names its ${call.kind} in "target"` });
    if (call.kind === "resource" && !call.uri) ctx.addIssue({ code: "custom", path: ["uri"], message: 'a resource read names its URI in "uri"' });
  });
export type SavedCall = z.output<typeof SavedCallSchema>;
export type SavedCallInput = z.input<typeof SavedCallSchema>;

export const CollectionSchema = z
  .object({
    collection: z.literal(COLLECTION_VERSION).describe("the format version"),
    name: z.string().min(1).max(200),
    description: z.string().max(10_000).optional(),
    /** The server it was made against, as words (any server may be given when it runs). */
    server: z.string().max(2000).optional(),
    calls: z.array(SavedCallSchema).max(MAX_COLLECTION_CALLS),
  })
  .strict();
export type Collection = z.output<typeof CollectionSchema>;
export type CollectionInput = z.input<typeof CollectionSchema>;

/** One assertion's outcome. */
export const AssertionResultSchema = z.object({
  assertion: z.string(),
  ok: z.boolean(),
  detail: z.string(),
  /** A failed snapshot: the accepted and the new value (after the ignored paths are left out). */
  diff: z.object({ accepted: z.unknown(), received: z.unknown() }).optional(),
});
export type AssertionResult = z.output<typeof AssertionResultSchema>;

export const CallResultSchema = z.object({
  name: z.string(),
  kind: z.enum(["tool", "prompt", "resource"]),
  ok: z.boolean(),
  /** Why the call could not be judged (no answer for a question, an unknown variable, an error). */
  error: z.string().optional(),
  durationMs: z.number().nonnegative(),
  assertions: z.array(AssertionResultSchema),
  /** The result as judged (a task's final result, with its status under `task`). */
  result: z.unknown().optional(),
  /** The new snapshot, when a snapshot assertion ran. */
  snapshot: z.unknown().optional(),
});
export type CallResult = z.output<typeof CallResultSchema>;

export const CollectionRunSchema = z.object({
  collection: z.string(),
  server: z.string(),
  calls: z.array(CallResultSchema),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type CollectionRun = z.output<typeof CollectionRunSchema>;

const short = (value: unknown, max = 200): string => {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > max ? `${text.slice(0, max)}…` : text;
};

/** An assertion in words, as the CLI, JUnit and the Collections view show it. */
export function describeAssertion(a: Assertion): string {
  if ("notError" in a) return "not an error";
  if ("equals" in a) return `${a.path} equals ${short(a.equals, 100)}`;
  if ("matches" in a) return `${a.path} matches /${a.matches.slice(0, 100)}/`;
  if ("exists" in a) return `${a.path} ${a.exists ? "exists" : "does not exist"}`;
  if ("outputSchema" in a) return "structuredContent matches the tool's outputSchema";
  if ("latencyUnderMs" in a) return `answered in under ${a.latencyUnderMs} ms`;
  if ("snapshot" in a) return `matches the accepted snapshot${a.snapshot.ignore.length ? ` (ignoring ${a.snapshot.ignore.join(", ")})` : ""}`;
  return `the task ends ${a.taskStatus}`;
}

