// What every pending input shows besides its own content: who asked, when, and for a task-augmented
// request its receiver task (id, live status from the tasks slice, deadline), or the server task it
// belongs to (related-task _meta, Q3).
import { cutNote } from "../../../../shared/byteBudget.js";
import type { PendingInput } from "../../../../shared/types.js";
import { useInspector } from "../../app/context.js";
import { taskKey } from "../../store/keys.js";
import { formatClock, formatTimeLeft } from "../../util/time.js";
import { TimelineButton } from "../timeline/TimelineButton.js";
import { CopyButton } from "../../components/CopyButton.js";
import { toJsonText } from "../../components/JsonView.js";

export function PendingContext({ input, now }: { input: PendingInput; now: number }) {
  const receiverTask = useInspector((s) => (input.receiverTaskId ? s.receiverTasks[taskKey(input.sessionId, input.receiverTaskId)] : undefined));
  const deadline = input.deadline ? Date.parse(input.deadline) : undefined;
  return (
    <dl className="pending-context">
      <dt>Server</dt>
      <dd>{input.serverName}</dd>
      <dt>Received</dt>
      <dd>{formatClock(input.receivedAt)}</dd>
      {input.cut && (
        <>
          {/* Issue 19: past the session's budget for pending requests, a request is kept as a cut. */}
          <dt>Kept</dt>
          <dd className="note pending-cut">{cutNote(input.cut, "request")}: this session's pending requests already held their budget.</dd>
        </>
      )}
      {input.receiverTaskId && (
        <>
          <dt>Receiver task</dt>
          <dd>
            <code>{input.receiverTaskId}</code> <CopyButton text={input.receiverTaskId} what={`receiver task id ${input.receiverTaskId}`} />{" "}
            <span className={`status status-${receiverTask?.task.status ?? "gone"}`}>{receiverTask?.task.status ?? "removed"}</span>
            {receiverTask?.task.statusMessage ? <span className="note"> {receiverTask.task.statusMessage}</span> : null}{" "}
            <TimelineButton sessionId={input.sessionId} taskId={input.receiverTaskId} />
          </dd>
        </>
      )}
      {input.deadline && deadline !== undefined && (
        <>
          <dt>Deadline</dt>
          <dd>
            {formatClock(input.deadline)} ({formatTimeLeft(deadline - now)} left)
          </dd>
        </>
      )}
      {input.modern && (
        <>
          {/* I1, I3, M5: where a 2026-07-28 input request came from; the key is what the server will receive. */}
          <dt>Asked by</dt>
          <dd>
            {input.modern.via === "mrtr" ? `a multi round-trip request, round ${input.modern.round ?? 1}` : "a 2026-07-28 task (answered with tasks/update)"} · key{" "}
            <code>{input.modern.key}</code>
          </dd>
        </>
      )}
      {input.relatedTaskId && (
        <>
          <dt>For server task</dt>
          <dd>
            <code>{input.relatedTaskId}</code> <CopyButton text={input.relatedTaskId} what={`server task id ${input.relatedTaskId}`} /> <TimelineButton sessionId={input.sessionId} taskId={input.relatedTaskId} />
          </dd>
        </>
      )}
      <dt>Request</dt>
      <dd>
        {/* The params as the server sent them (as kept), for a bug report or a fixture. */}
        <CopyButton text={() => toJsonText(input.params)} what={`the params of ${pendingTitle(input)} as JSON`} />
      </dd>
    </dl>
  );
}

export function pendingTitle(input: PendingInput): string {
  const what = input.kind === "sampling" ? "Sampling request" : "Elicitation request";
  return `${what} from ${input.serverName} at ${formatClock(input.receivedAt)}`;
}
