// The task timeline (issue 13): what happened to one task, in order, with precise times. The core records
// it where the facts happen (the wire, the task's status, the user's inputs); the page draws it.
import { z } from "zod";
import { EraSchema, SessionIdSchema, TaskEndingSchema, TaskIdSchema, TaskStatusSchema } from "./types.js";

/**
 * What one mark on the timeline is. Requests and their replies are separate marks so the gap between them
 * shows: `poll` / `pollReply` is a `tasks/get`, `result` / `resultReply` a `tasks/result`, `update` /
 * `updateAck` a 2026-07-28 `tasks/update`, `inputRequest` / `inputAnswer` a server's request for input on
 * the wire and our response to it; `inputRequested` / `inputAnswered` / `inputWithdrawn` are the user's
 * side of a pending input (shown, clicked, gone). `ended` is a task leaving without a status of its own:
 * deleted by the server, expired, or cut off by the session's end (its `ending` says which).
 */
export const TimelineKindSchema = z.enum([
  "created",
  "createReply",
  "status",
  "poll",
  "pollReply",
  "result",
  "resultReply",
  "list",
  "listReply",
  "cancel",
  "cancelReply",
  "update",
  "updateAck",
  "notification",
  "inputRequest",
  "inputAnswer",
  "inputRequested",
  "inputAnswered",
  "inputWithdrawn",
  "ended",
]);
export type TimelineKind = z.output<typeof TimelineKindSchema>;

/** Who did it: the inspector ("us"), the server, or the person at the keyboard. */
export const TimelineActorSchema = z.enum(["us", "server", "user"]);
export type TimelineActor = z.output<typeof TimelineActorSchema>;

export const TimelineEventSchema = z.object({
  /** Order of recording within the task; the page merges fetched and streamed events by it. */
  seq: z.number().int().nonnegative(),
  /** Milliseconds on the core's monotonic clock (performance.now): gaps are precise to a microsecond. */
  at: z.number(),
  /** Milliseconds since the epoch, for the reader's wall clock. */
  wall: z.number(),
  kind: TimelineKindSchema,
  from: TimelineActorSchema,
  method: z.string().max(200).optional(),
  /** The task status this mark carries (a status change, a poll's answer, a notification). */
  status: TaskStatusSchema.optional(),
  /** One short line: a status message, an error, the user's action. Server text: shown as text. */
  detail: z.string().max(300).optional(),
  /** A reply names the `seq` of its request, so the round trip can be measured. */
  replyTo: z.number().int().nonnegative().optional(),
  /** The reply was a JSON-RPC error. */
  error: z.boolean().optional(),
  /** On an `ended` mark: how the task went (M3 purged / expired, Q2 deleted, R6 expired, S1 session ended). */
  ending: TaskEndingSchema.optional(),
});
export type TimelineEvent = z.output<typeof TimelineEventSchema>;

export const TimelineRoleSchema = z.enum(["client", "receiver"]);

export const TaskTimelineSchema = z.object({
  sessionId: SessionIdSchema,
  taskId: TaskIdSchema,
  /** Client task (we are the requestor) or receiver task (the server polls us); unknown until a fact says. */
  role: TimelineRoleSchema.optional(),
  era: EraSchema.optional(),
  /** Events not kept (the oldest go first past the per-task limit). */
  dropped: z.number().int().nonnegative(),
  events: z.array(TimelineEventSchema),
});
export type TaskTimeline = z.output<typeof TaskTimelineSchema>;

/** The streamed form: new events of one task, in recording order. */
export const TimelineEventsSchema = z.object({
  sessionId: SessionIdSchema,
  taskId: TaskIdSchema,
  role: TimelineRoleSchema.optional(),
  era: EraSchema.optional(),
  events: z.array(TimelineEventSchema),
});
export type TimelineEvents = z.output<typeof TimelineEventsSchema>;
