// How a task ended, in words: the Tasks table's Status cell and the Details both say it the same way.
// Only what the core recorded is said (the receiver task's `ending`, when you asked a client task to
// cancel, when a task was deleted); nothing is guessed.
import type { ClientTask, ReceiverTask, ReceiverTaskEnding } from "../../../../shared/types.js";
import { formatClock, formatMessageTime } from "../../util/time.js";

const ENDINGS: Record<ReceiverTaskEnding, string> = {
  answered: "answered",
  accepted: "answered (accepted)",
  declined: "declined",
  cancelled: "cancelled (answer)",
  rejected: "rejected",
  cancelledByServer: "cancelled by the server",
  cancelledByUser: "cancelled by you",
  expired: "expired",
  sessionEnded: "session ended",
};

/** What each ending means, for the Details (R6, R10, R12, S1). */
const ENDING_DETAILS: Record<ReceiverTaskEnding, string> = {
  answered: "The user answered; tasks/result gives the server that answer.",
  accepted: "The user accepted and answered the elicitation (action accept).",
  declined: "The user declined the elicitation (action decline): a normal answer, so the task is completed (R12).",
  cancelled: "The user dismissed the elicitation (action cancel): a normal answer, so the task is completed (R12).",
  rejected: "The user rejected the request: tasks/result gives the server that JSON-RPC error, so the task failed (R12).",
  cancelledByServer: "The server cancelled the task with tasks/cancel before the user answered (R10).",
  cancelledByUser: "You cancelled the task in the inspector before answering; the server sees it cancelled (R10).",
  expired: "Its ttl elapsed before anyone answered, so it was deleted (R6).",
  sessionEnded: "The session ended before the user answered (S1).",
};

export function receiverEndingLabel(ending: ReceiverTaskEnding): string {
  return ENDINGS[ending];
}

export function receiverEndingDetail(ending: ReceiverTaskEnding): string {
  return ENDING_DETAILS[ending];
}

/** A short note after a task's status: how it ended, who cancelled it. */
export function endingNote(client: ClientTask | undefined, receiver: ReceiverTask | undefined): string | undefined {
  if (receiver?.ending) return receiverEndingLabel(receiver.ending);
  if (client?.sessionEnded) return "session ended";
  if (client?.task.status === "cancelled") return client.cancelRequestedAt ? "by you" : undefined;
  return undefined;
}

/** "deleted at 10:31:02" for a task that left a trace. */
export function deletedNote(task: { deletedAt?: string } | undefined): string | undefined {
  return task?.deletedAt ? `deleted at ${formatClock(task.deletedAt)}` : undefined;
}

/**
 * A finished task's status message is what it last said while it ran ("Generating report…"), not how it
 * stands now: named as its last message, with the time of the task's last update that carried it.
 */
export function lastMessageLine(task: { statusMessage?: string | undefined; lastUpdatedAt?: string | undefined }, text = task.statusMessage ?? ""): string {
  return `Last message${task.lastUpdatedAt ? ` at ${formatMessageTime(task.lastUpdatedAt)}` : ""}: ${text}`;
}
