// Issue 22, "Open recording…" in more tabs than Logs: what the core derives from a recording's messages
// (tool runs, task timelines, the server's input requests with the answers sent), shown read-only.
import { z } from "zod";
import { ToolRunSchema } from "./types.js";
import { TaskTimelineSchema } from "./timeline.js";

export const RecordedInputSchema = z.object({
  /** The log entry (message number) that asked. */
  seq: z.number().int().nonnegative(),
  method: z.string().max(200),
  kind: z.enum(["elicitation", "sampling", "other"]),
  /** 2026-07-28: the key of the request inside an input_required result; 2025-11-25 requests have none. */
  key: z.string().max(300).optional(),
  /** The task it was asked for (a related-task request, or a 2026-07-28 task's input request). */
  taskId: z.string().max(1000).optional(),
  /** What the server asked, as sent (a recording keeps messages to its bound). */
  params: z.unknown(),
  /** The entry that answered, and the answer as sent; absent when the recording holds no answer. */
  answerSeq: z.number().int().nonnegative().optional(),
  answer: z.unknown().optional(),
  /** The answer was a JSON-RPC error. */
  answerError: z.boolean().optional(),
  askedAt: z.number(),
  answeredAt: z.number().optional(),
});
export type RecordedInput = z.output<typeof RecordedInputSchema>;

export const RecordedViewsSchema = z.object({
  toolRuns: z.array(ToolRunSchema),
  timelines: z.array(TaskTimelineSchema),
  inputs: z.array(RecordedInputSchema),
  /** How many runs or inputs were past the caps and not derived. */
  dropped: z.object({ toolRuns: z.number().int().nonnegative(), inputs: z.number().int().nonnegative() }),
});
export type RecordedViews = z.output<typeof RecordedViewsSchema>;
