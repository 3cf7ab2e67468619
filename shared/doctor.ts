// The connection doctor's report: an ordered list of steps, each passed, failed or skipped, with what was
// seen, how long it took and, when it did not pass, the fix in plain words. Read the same way by the CLI's
// --json document and the app's Diagnose view.
import { z } from "zod";

export const DoctorStepStatusSchema = z.enum(["passed", "failed", "skipped"]);
export type DoctorStepStatus = z.output<typeof DoctorStepStatusSchema>;

/**
 * A change to the server's entry that the doctor found would fix a failed step: the transport and URL that
 * answered where the entry's did not. The app offers it as one button; the CLI prints it in the fix's words.
 */
export const DoctorUseSchema = z
  .object({
    transport: z.enum(["streamableHttp", "sse"]),
    url: z.string().max(2000),
  })
  .strict();
export type DoctorUse = z.output<typeof DoctorUseSchema>;

export const DoctorStepSchema = z.object({
  /** Stable id, e.g. "stdio.command", "http.tls", "auth.registration". */
  id: z.string().max(100),
  title: z.string().max(200),
  status: DoctorStepStatusSchema,
  /** What was seen, in one or a few lines (server text is quoted, cut, never markup). */
  seen: z.string().max(8000),
  /** What to do about it, in plain words (also on a passed step that deserves a word of advice). */
  fix: z.string().max(2000).optional(),
  use: DoctorUseSchema.optional(),
  durationMs: z.number().nonnegative(),
  /** The step ended on its own bound (time, bytes, redirects), not on an answer. */
  bounded: z.boolean().optional(),
});
export type DoctorStep = z.output<typeof DoctorStepSchema>;

export const DoctorReportSchema = z.object({
  server: z.string().max(2000),
  transport: z.enum(["stdio", "streamableHttp", "sse"]),
  steps: z.array(DoctorStepSchema).max(100),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});
export type DoctorReport = z.output<typeof DoctorReportSchema>;
