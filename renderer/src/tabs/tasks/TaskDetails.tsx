// One task in full: the task object, and once terminal what tasks/result gave (result or error),
// exactly as it came (Q4).
import { CallToolResultView } from "../../components/CallToolResultView.js";
import { JsonView } from "../../components/JsonView.js";
import type { TaskRow } from "./taskRows.js";

export function TaskDetails({ row, onClose }: { row: TaskRow; onClose(): void }) {
  const { client, receiver, task } = row;
  return (
    <section className="task-details" aria-label={`Task ${task.taskId}`}>
      <header className="toolbar">
        <h3>
          {row.kind} task {task.taskId}
        </h3>
        <button type="button" onClick={onClose} aria-label="Close task details">
          Close
        </button>
      </header>
      {client && (
        <>
          <h4>Arguments of {client.toolName}</h4>
          <JsonView value={client.arguments} />
          {client.result && (
            <>
              <h4>Result</h4>
              <CallToolResultView result={client.result} sessionId={client.sessionId} />
            </>
          )}
          {client.error && (
            <>
              <h4>Error</h4>
              <JsonView value={client.error} />
            </>
          )}
          {client.pollError && <p className="note">Polling stopped: {client.pollError}</p>}
          {!client.result && !client.error && <p className="note">No result yet: tasks/result is fetched once the task is terminal.</p>}
        </>
      )}
      {receiver && (
        <>
          <p className="note">Request: {receiver.method}</p>
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
          {!receiver.outcome && <p className="note">No outcome yet: waiting for the user's answer.</p>}
        </>
      )}
      <h4>Task</h4>
      <JsonView value={task} />
    </section>
  );
}
