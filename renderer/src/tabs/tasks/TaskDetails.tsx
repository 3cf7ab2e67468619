// One task in full: first how it stands (status, how it ended and when, deleted at), then what was asked
// (the tool and its arguments; the elicitation or the sampling messages), then what tasks/result gave
// (result or error), exactly as it came (Q4), and the task object. Server text is shown as text only.
import type { ReactNode } from "react";
import { cutNote, formatBytes, TOOL_RUN_RESULTS_BYTES } from "../../../../shared/byteBudget.js";
import type { ClientTask, ReceiverTask } from "../../../../shared/types.js";
import { CallToolResultView } from "../../components/CallToolResultView.js";
import { useTaskRemote } from "../../components/RemoteText.js";
import { useBridge, useInspector } from "../../app/context.js";
import { CopyButton } from "../../components/CopyButton.js";
import { JsonView } from "../../components/JsonView.js";
import { TruncatedText } from "../../components/TruncatedText.js";
import { useResultCheckProps } from "../../components/useOutputSchema.js";
import { formatInstant } from "../../util/time.js";
import { clientTaskEnding } from "../../../../shared/taskEnding.js";
import { ClientTaskStanding } from "./ClientTaskStanding.js";
import { indexPending, inputsOfTask, WaitingOnYou } from "../pending/waitingOn.js";

const TERMINAL_STATUSES = new Set(["completed", "failed", "cancelled"]);
import { lastMessageLine, receiverEndingDetail, receiverEndingLabel } from "./taskEnding.js";
import type { TaskRow } from "./taskRows.js";
import { ServerName } from "../../components/ServerName.js";

export function TaskDetails({ row, onClose }: { row: TaskRow; onClose(): void }) {
  const { client, receiver, task } = row;
  const pending = useInspector((s) => s.pendingInputs);
  return (
    <section className="task-details" aria-label={`Task ${task.taskId}`}>
      <header className="toolbar">
        <h3>
          {row.kind} task {task.taskId}
        </h3>
        <CopyButton text={task.taskId} what={`task id ${task.taskId}`} />
        <button type="button" onClick={onClose} aria-label="Close task details">
          Close
        </button>
      </header>
      <WaitingOnYou inputs={inputsOfTask(row, indexPending(pending))} what={`task ${task.taskId}`} />
      {client && <ClientTaskDetails client={client} />}
      {receiver && <ReceiverTaskDetails receiver={receiver} />}
      <h4>Task</h4>
      <JsonView value={task} />
    </section>
  );
}

const cut = (text: string) => (text.length > 2000 ? `${text.slice(0, 2000)}…` : text);

/** The lead line: the status, and when it got there (the task's lastUpdatedAt, as the server reported it). */
function StatusLine({ children, task }: { children: ReactNode; task: { status: string; statusMessage?: string | undefined; lastUpdatedAt?: string | undefined } }) {
  const { statusMessage } = task;
  const finished = TERMINAL_STATUSES.has(task.status);
  return (
    <>
      <p className="task-outcome" role="note" aria-label="How the task stands">
        {children}
      </p>
      {statusMessage &&
        (finished ? (
          <p className="note task-last-message">{lastMessageLine(task, cut(statusMessage))}</p>
        ) : (
          <p className="note">Status message: {cut(statusMessage)}</p>
        ))}
    </>
  );
}

function ClientTaskDetails({ client }: { client: ClientTask }) {
  const { task } = client;
  // structuredContent checked against the tool's outputSchema, as the Tools tab checks a run's result.
  const resultProps = useResultCheckProps(client.sessionId, client.toolName);
  // Issue 33: a big result came cut; the rest is read from the core a piece at a time.
  const remote = useTaskRemote(useBridge(), client);
  return (
    <>
      <StatusLine task={task}>
        <ClientTaskStanding client={client} />
      </StatusLine>
      <h4>
        Asked: tools/call <ServerName text={client.toolName} />
      </h4>
      <JsonView value={client.arguments} label={`Arguments of ${client.toolName}`} />
      {client.result && (
        <>
          <h4>Result</h4>
          {/* Issue 19: an older task's result past the session's budget is kept as a cut, and says so. */}
          {client.cut && <p className="note task-cut">{cutNote(client.cut, "result")}, to keep this session's task results within {formatBytes(TOOL_RUN_RESULTS_BYTES)}.</p>}
          <CallToolResultView result={client.result} remote={remote} {...resultProps} />
        </>
      )}
      {client.error && (
        <>
          {/* Q4: the server's own answer, as it sent it; for a cancelled task it is no outcome of the tool. */}
          <h4>{task.status === "cancelled" ? "What the server answered to tasks/result" : "Error"}</h4>
          <JsonView value={client.error} />
        </>
      )}
      {client.pollError && <p className="note">Polling stopped: {client.pollError}</p>}
      {!client.result && !client.error && <p className="note">{noResultNote(client)}</p>}
    </>
  );
}

function noResultNote(client: ClientTask): string {
  const status = client.task.status;
  // M3 / Q2 / S1: a task that went before it finished has no result to wait for.
  const ending = clientTaskEnding(client);
  if (ending === "deleted") return "No result: the server deleted the task before it finished.";
  if (ending === "expired") return "No result: the task expired before it finished.";
  if (ending === "sessionEnded" && !TERMINAL_STATUSES.has(status)) return "No result: the session ended before the task finished.";
  if (status === "cancelled") {
    return client.era === "modern" ? "No result: a cancelled task has none (2026-07-28 carries results inline with completed and failed only)." : "No result.";
  }
  if (status === "completed" || status === "failed") return client.era === "modern" ? "No result came with the task." : "No result yet: tasks/result was sent.";
  return client.era === "modern" ? "No result yet: it comes inline once the task is completed or failed." : "No result yet: tasks/result is fetched once the task is terminal.";
}

function ReceiverTaskDetails({ receiver }: { receiver: ReceiverTask }) {
  const { task, ending } = receiver;
  return (
    <>
      <StatusLine task={task}>
        <strong>{ending ? receiverEndingLabel(ending) : task.status}</strong>
        {ending === "expired" ? "" : ` at ${formatInstant(task.lastUpdatedAt)}`}
        {receiver.deletedAt ? `; deleted at ${formatInstant(receiver.deletedAt)}` : ""}. {ending ? receiverEndingDetail(ending) : ""}
      </StatusLine>
      <ReceiverAsked receiver={receiver} />
      {receiver.outcome?.kind === "result" && (
        <>
          <h4>Result (what the server gets from tasks/result)</h4>
          <JsonView value={receiver.outcome.result} />
        </>
      )}
      {receiver.outcome?.kind === "error" && (
        <>
          <h4>Error (what the server gets from tasks/result)</h4>
          <JsonView value={receiver.outcome.error} />
        </>
      )}
      {!receiver.outcome && <p className="note">{receiver.deletedAt ? "No outcome: nobody answered before it was deleted." : "No outcome yet: waiting for the user's answer."}</p>}
    </>
  );
}

/** What the server asked, as the core kept it (bounded); text only, never markup. */
function ReceiverAsked({ receiver }: { receiver: ReceiverTask }) {
  const { asked } = receiver;
  return (
    <section aria-label="What was asked">
      <h4>Asked: {receiver.method}</h4>
      {!asked && <p className="note">Not recorded.</p>}
      {asked?.message !== undefined && <TruncatedText text={asked.message} label="Elicitation message" />}
      {asked?.url !== undefined && <TruncatedText text={asked.url} label="Elicitation URL" />}
      {asked?.requestedSchema !== undefined && (
        <>
          <h5>Requested schema</h5>
          <TruncatedText text={asked.requestedSchema} className="json" label="Requested schema" />
        </>
      )}
      {asked?.systemPrompt !== undefined && (
        <>
          <h5>System prompt</h5>
          <TruncatedText text={asked.systemPrompt} label="System prompt" />
        </>
      )}
      {asked?.messages && (
        <ol className="asked-messages" aria-label="Sampling messages">
          {asked.messages.map((m, i) => (
            <li key={i}>
              <span className="note">{m.role}:</span> <TruncatedText text={m.text} />
            </li>
          ))}
        </ol>
      )}
      {asked?.messageCount !== undefined && asked.messages && asked.messageCount > asked.messages.length && (
        <p className="note">
          The first {asked.messages.length} of {asked.messageCount} messages.
        </p>
      )}
      {asked?.maxTokens !== undefined && <p className="note">maxTokens: {asked.maxTokens}</p>}
    </section>
  );
}
