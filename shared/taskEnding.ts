// How a task left, from what the core recorded on it: one reading for the core (the run that became the
// task, the timeline) and the page (run card, Tasks row, Details, timeline), so every view says it alike.
import type { ClientTask, ReceiverTask, TaskEnding, TaskStatus } from "./types.js";

const TERMINAL = new Set<TaskStatus>(["completed", "failed", "cancelled"]);

export function isTerminalStatus(status: TaskStatus): boolean {
  return TERMINAL.has(status);
}

/**
 * A client task that went without a terminal status of its own: purged (M3) or deleted while live (Q2) is
 * `deleted`, expired (M3) is `expired`, a session that ended under it (S1) is `sessionEnded`. A task that
 * finished and was deleted later ended with its status: its deletion is a trace, not its ending.
 */
export function clientTaskEnding(client: Pick<ClientTask, "task" | "gone" | "deletedAt" | "sessionEnded">): TaskEnding | undefined {
  if (client.sessionEnded) return "sessionEnded";
  if (client.gone === "expired") return "expired";
  if (client.gone === "purged") return "deleted";
  if (client.deletedAt && !TERMINAL.has(client.task.status)) return "deleted";
  return undefined;
}

/** A receiver task's trace: R6 expired unanswered, S1 the session ended; a task deleted after its answer ended with it. */
export function receiverTaskEnding(receiver: Pick<ReceiverTask, "ending">): TaskEnding | undefined {
  if (receiver.ending === "expired") return "expired";
  if (receiver.ending === "sessionEnded") return "sessionEnded";
  return undefined;
}

/** The words for an ending, as the status of a task that has one: "deleted by the server", "expired", "session ended". */
export function taskEndingWords(ending: TaskEnding): string {
  switch (ending) {
    case "deleted":
      return "deleted by the server";
    case "expired":
      return "expired";
    case "sessionEnded":
      return "session ended";
  }
}
