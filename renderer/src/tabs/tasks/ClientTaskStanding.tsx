// How a client task stands, in one sentence: its status and when (whose clock), who cancelled it, whether
// the session ended under it, whether the server deleted it. Shared by the task Details and the tool run
// that became the task, so both say it the same way.
import { clientTaskEnding } from "../../../../shared/taskEnding.js";
import type { ClientTask } from "../../../../shared/types.js";
import { formatInstant, formatMs } from "../../util/time.js";

export function ClientTaskStanding({ client }: { client: ClientTask }) {
  const { task } = client;
  const at = formatInstant(task.lastUpdatedAt);
  const ending = clientTaskEnding(client);
  const status = task.status.replace("_", " ");
  return (
    <>
      {ending === "deleted" ? (
        <>
          {/* M3 / Q2: the server answered -32602 to tasks/get: it no longer knows the task. */}
          <strong>Deleted by the server</strong>
          {client.deletedAt ? ` at ${formatInstant(client.deletedAt)} (when its tasks/get answered "unknown task")` : ""} while {status}; no
          result will come.
        </>
      ) : ending === "expired" ? (
        <>
          {/* M3: createdAt + ttl passed without a terminal status. */}
          <strong>Expired</strong>: its ttl of {formatMs(task.ttl)} from {formatInstant(task.createdAt)} passed while {status}; no result will come.
        </>
      ) : client.sessionEnded ? (
        <>
          {/* S1: the inspector stopped following it; what the server did next is not known. */}
          <strong>Session ended</strong> while the task was {task.status === "cancelled" ? "live" : task.status}
          {task.status === "cancelled" ? `; marked cancelled at ${at} (the inspector's time, not the server's)` : ""}. The server's own status is unknown.
        </>
      ) : task.status === "cancelled" ? (
        <>
          {/* Two clocks: the server's lastUpdatedAt and ours, so neither is said to come "after" the other. */}
          <strong>Cancelled</strong> at {at} (the server's time)
          {client.cancelRequestedAt ? `; you asked to cancel at ${formatInstant(client.cancelRequestedAt)}` : ""}.
        </>
      ) : task.status === "completed" || task.status === "failed" ? (
        <>
          <strong>{task.status === "completed" ? "Completed" : "Failed"}</strong> at {at}.
        </>
      ) : (
        <>
          <strong>{task.status}</strong> since {at}
          {client.cancelRequested ? "; cancel requested" : ""}.
        </>
      )}
      {client.deletedAt && ending !== "deleted" && <> Deleted by the server: it no longer knew the task at {formatInstant(client.deletedAt)}.</>}
    </>
  );
}
