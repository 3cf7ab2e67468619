// A tool under load, as it crosses the contract: the Load panel's request, its report (the CLI's
// `load --json` document) and the figures of each second while it runs (the live chart).
import { z } from "zod";

export { LOAD_CEILINGS } from "./loadCeilings.js";

/** One second of a load: totals so far, and that second's own figures. */
export const LoadSecondSchema = z.object({
  elapsedMs: z.number().nonnegative(),
  calls: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  /** The calls that ended in this second: how many, how many failed, their latency percentiles (null: none ended). */
  second: z.object({ calls: z.number().int().nonnegative(), errors: z.number().int().nonnegative(), p50: z.number().nullable(), p95: z.number().nullable() }),
});
export type LoadSecond = z.output<typeof LoadSecondSchema>;

export const LoadReportSchema = z.object({
  tool: z.string(),
  concurrency: z.number().int(),
  rate: z.number().nullable(),
  durationMs: z.number(),
  calls: z.number().int(),
  ok: z.number().int(),
  throughput: z.number(),
  latencyMs: z.object({ p50: z.number().nullable(), p95: z.number().nullable(), p99: z.number().nullable(), max: z.number().nullable() }),
  /** "timeout", "isError", "jsonrpc -32602", "connection closed"… with how many. */
  errors: z.record(z.string(), z.number().int()),
  server: z.object({ state: z.string(), stderrLines: z.number().int(), reason: z.string().optional() }),
  bounded: z.string().optional(),
  /** The user stopped the run before its duration. */
  stopped: z.boolean().optional(),
  /** Each second's figures (the app's chart), so a page that missed the live events still draws the run. */
  seconds: z.array(LoadSecondSchema).max(700).optional(),
});
export type LoadReportView = z.output<typeof LoadReportSchema>;

/** A running load's second, as the `loadProgress` event. */
export const LoadTickSchema = LoadSecondSchema.extend({ sessionId: z.string() });
export type LoadTick = z.output<typeof LoadTickSchema>;
