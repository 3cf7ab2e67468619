// Issue 22, "Compare…": the document `mcp-task-inspector diff --json` prints, and what the app shows of
// each side's surface beside it (names only, capped: the page never holds a hostile server's millions).
import { z } from "zod";

/** One side of a comparison: a recording's text (the app opens up to 64 MB), or a live session's kept log. */
/** Distinct calls of the first recording a diff compares at most: past them, calls are counted, not compared. */
export const DIFF_CALLS_COMPARED = 200_000;

export const DiffSideSchema = z.union([z.string().max(64 * 1024 * 1024), z.object({ sessionId: z.string().min(1).max(200) }).strict()]);

export const RecordingChangeSchema = z.object({
  area: z.enum(["surface", "behaviour"]),
  subject: z.enum(["era", "capability", "tool", "resource", "template", "prompt", "call"]),
  name: z.string(),
  what: z.string(),
  breaking: z.boolean(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});

const SummarySchema = z.object({ server: z.object({ name: z.unknown().optional(), version: z.unknown().optional() }).optional(), era: z.string().optional(), protocolVersion: z.string().optional() });

export const DiffDocumentSchema = z.object({
  diff: z.literal(1),
  a: SummarySchema,
  b: SummarySchema,
  changes: z.array(RecordingChangeSchema),
  breaking: z.number().int(),
  other: z.number().int(),
  /** Values that differ on every run (times, UUIDs, ids, durations, poll timing): listed apart, not counted. */
  varies: z.array(RecordingChangeSchema).optional(),
  warnings: z.object({ a: z.array(z.string()), b: z.array(z.string()) }).optional(),
  /** Differing calls past what is listed, counted (breaking and other include them), and calls not compared. */
  unlisted: z.object({ changes: z.number().int(), breaking: z.number().int(), varies: z.number().int(), notCompared: z.number().int() }).optional(),
});

const NameListSchema = z.object({ names: z.array(z.string()), count: z.number().int() });

export const SurfaceSummarySchema = z.object({
  era: z.string().optional(),
  protocolVersion: z.string().optional(),
  server: z.object({ name: z.string().optional(), version: z.string().optional() }).optional(),
  capabilities: NameListSchema,
  tools: NameListSchema.optional(),
  resources: NameListSchema.optional(),
  templates: NameListSchema.optional(),
  prompts: NameListSchema.optional(),
});

export const RecordingDiffSchema = z.object({ document: DiffDocumentSchema, surfaces: z.object({ a: SurfaceSummarySchema, b: SurfaceSummarySchema }) });

export type RecordingChange = z.infer<typeof RecordingChangeSchema>;
export type SurfaceSummaryView = z.infer<typeof SurfaceSummarySchema>;
export type RecordingDiff = z.infer<typeof RecordingDiffSchema>;
