// One tool: its description (as text), its input form, and "Run" / "Run as task" as Q1 allows.
// Several runs may be in flight at once (Q6): a run never disables the buttons. A run is the core's
// (issue 13): Run asks the core to start one and it appears in the Runs list through events.
import { useId, useState } from "react";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { SessionInfo } from "../../../../shared/types.js";
import { useBridge } from "../../app/context.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { DESCRIPTION_LINES, ServerProse } from "../../components/ServerProse.js";
import { SUBMIT_KEYS, submitOnModEnter } from "../../components/submitKeys.js";
import { JsonView } from "../../components/JsonView.js";
import { SchemaFields } from "../../forms/SchemaFields.js";
import { useSchemaForm } from "../../forms/useSchemaForm.js";
import { draftKeys } from "../../store/draftsSlice.js";
import { errorMessage } from "../../util/errors.js";
import { runModes } from "./taskModes.js";
import { revealRun } from "./revealRun.js";
import "../../styles/content.css";
import { offeredToUser } from "../../../../shared/apps.js";
import { AppToolFacts } from "../../apps/AppToolMark.js";
import { LoadPanel } from "../checks/LoadPanel.js";
import { ServerName, ServerText } from "../../components/ServerName.js";

export function ToolDetail({ session, tool }: { session: SessionInfo; tool: Tool }) {
  return (
    <section className="tool-detail" aria-label={`Tool ${tool.name}`}>
      <h2>
        <ServerName text={tool.name} />
      </h2>
      {tool.title && (
        <p className="item-title">
          <ServerText text={tool.title} />
        </p>
      )}
      {typeof tool.description === "string" && tool.description && <ServerProse key={tool.name} text={tool.description} clampLines={DESCRIPTION_LINES} />}
      <ToolAnnotations tool={tool} />
      <AppToolFacts tool={tool} />
      {offeredToUser(tool) ? (
        <ToolForm session={session} tool={tool} />
      ) : (
        // AP2: a tool whose visibility leaves out "model" is not offered as an ordinary tool.
        <p className="note" role="note">
          Called by its App: this tool's visibility leaves out the model, so it is not offered as an ordinary tool. Its App calls it through the bridge.
        </p>
      )}
      <details>
        <summary>Input schema</summary>
        <JsonView value={tool.inputSchema} />
      </details>
      {tool.outputSchema && (
        <details>
          <summary>Output schema</summary>
          <JsonView value={tool.outputSchema} />
        </details>
      )}
    </section>
  );
}

/** The arguments form and Run / Run as task (Q1, Q6). */
function ToolForm({ session, tool }: { session: SessionInfo; tool: Tool }) {
  const bridge = useBridge();
  const form = useSchemaForm(tool.inputSchema, draftKeys.tool(session.sessionId, tool.name));
  const modes = runModes(session, tool);
  const ttlId = useId();
  const [ttl, setTtl] = useState("");
  const [ttlError, setTtlError] = useState<string>();
  /** Why the core could not start a run at all (a run that started and failed says so itself). */
  const [startError, setStartError] = useState<string>();
  // Issue 31: the Checks tab's Load pane for this tool, mounted only while open (it listens for the load's seconds).
  const [loadOpen, setLoadOpen] = useState(false);
  const connected = session.state === "connected";

  const start = async (asTask: boolean) => {
    const args = await form.submit();
    if (!args) return;
    let ttlMs: number | undefined;
    if (asTask && ttl.trim()) {
      ttlMs = Number(ttl.trim());
      if (!Number.isInteger(ttlMs) || ttlMs <= 0) {
        setTtlError("The ttl must be a whole number of milliseconds above 0");
        return;
      }
    }
    setTtlError(undefined);
    setStartError(undefined);
    bridge
      .startToolRun({ sessionId: session.sessionId, name: tool.name, arguments: args, asTask, ...(ttlMs ? { ttl: ttlMs } : {}) })
      .then(({ runId }) => revealRun(runId))
      .catch((error) => setStartError(`The run could not start: ${errorMessage(error)}`));
  };

  return (
    <>
      {session.era === "modern" ? (
        <p className="note">2026-07-28: the server decides whether a call runs as a task; if it does, the task appears in the Tasks tab.</p>
      ) : (
        <p className="note">
          Task support: {tool.execution?.taskSupport ?? "absent"}
          {!session.serverCapabilities?.tasks?.requests?.tools?.call && " · the server does not advertise tasks for tools/call"}
        </p>
      )}
      <form
        noValidate
        aria-label={`Arguments for ${tool.name}`}
        onKeyDownCapture={(e) => {
          // The ttl is Run as task's own field: Enter there runs as a task, whichever button comes first.
          if (e.key === "Enter" && !e.altKey && !e.shiftKey && (e.target as HTMLElement).id === ttlId) {
            e.preventDefault();
            e.stopPropagation();
            if (connected) void start(true);
            return;
          }
          submitOnModEnter(e);
        }}
        onSubmit={(e) => {
          e.preventDefault();
          void start(!modes.run);
        }}
      >
        <SchemaFields form={form} rawLabel="Arguments (JSON)" />
        {modes.runAsTask && (
          <div className="field">
            <label htmlFor={ttlId}>Task ttl (ms, optional)</label>
            <input
              id={ttlId}
              inputMode="numeric"
              value={ttl}
              aria-invalid={ttlError ? true : undefined}
              aria-describedby={ttlError ? `${ttlId}-error` : undefined}
              onChange={(e) => setTtl(e.target.value)}
            />
            {ttlError && (
              <p className="field-error" id={`${ttlId}-error`}>
                {ttlError}
              </p>
            )}
          </div>
        )}
        <div className="row">
          {/* The first of them is the form's submit: Enter in a field, or Ctrl+Enter anywhere, presses it. */}
          {modes.run && (
            <button type="submit" disabled={!connected} title="Run (Enter in a field, Ctrl+Enter anywhere in the form)" {...SUBMIT_KEYS}>
              Run
            </button>
          )}
          {modes.runAsTask && (
            <button
              type={modes.run ? "button" : "submit"}
              disabled={!connected}
              onClick={modes.run ? () => void start(true) : undefined}
              {...(modes.run ? {} : { title: "Run as task (Enter in a field, Ctrl+Enter anywhere in the form)", ...SUBMIT_KEYS })}
            >
              Run as task
            </button>
          )}
          <button type="button" className="secondary" onClick={form.reset}>
            Reset form
          </button>
        </div>
        {!connected && <ErrorAlert message={`The session is ${session.state}; connect to run tools.`} />}
        <ErrorAlert message={startError} />
      </form>
      <div className="tool-load">
        <button type="button" className="secondary" aria-expanded={loadOpen} aria-controls={`${ttlId}-load`} onClick={() => setLoadOpen(!loadOpen)}>
          Load this tool…
        </button>
        <div id={`${ttlId}-load`}>{loadOpen && <LoadPanel sessionId={session.sessionId} connected={connected} fixed={{ tool, arguments: form.submit }} />}</div>
      </div>
    </>
  );
}

/** Each hint and what the spec says it means when absent. */
const HINTS = [
  ["readOnlyHint", false],
  ["destructiveHint", true],
  ["idempotentHint", false],
  ["openWorldHint", true],
] as const;

/**
 * The tool's annotations, as the server declared them: hints, not guarantees (the spec says a client
 * must not trust them from an untrusted server), so they are shown as what the server says.
 */
function ToolAnnotations({ tool }: { tool: Tool }) {
  const a = tool.annotations;
  if (!a || typeof a !== "object") return null;
  const hint = (value: unknown, yes: string, no: string) => (value === true ? yes : value === false ? no : undefined);
  const said = [
    hint(a.readOnlyHint, "read-only", "may modify its environment"),
    a.readOnlyHint !== true ? hint(a.destructiveHint, "destructive", "not destructive") : undefined,
    a.readOnlyHint !== true ? hint(a.idempotentHint, "idempotent", "not idempotent") : undefined,
    hint(a.openWorldHint, "open world (reaches outside entities)", "closed world"),
  ].filter((x): x is string => x !== undefined);
  const title = typeof a.title === "string" ? a.title.slice(0, 500) : undefined;
  if (!title && said.length === 0) return null;
  return (
    <dl className="tool-annotations" aria-label="Tool annotations">
      {title && (
        <>
          <dt>Title (annotation)</dt>
          <dd>{title}</dd>
        </>
      )}
      {said.length > 0 && (
        <>
          <dt>The server says it is</dt>
          <dd>
            {said.map((s) => (
              <span key={s} className={`hint${s === "destructive" ? " hint-destructive" : ""}`}>
                {s}
              </span>
            ))}
          </dd>
        </>
      )}
      <dd className="note">
        {HINTS.map(([key, fallback]) => `${key}: ${typeof a[key] === "boolean" ? String(a[key]) : `absent (the spec's default: ${fallback})`}`).join(" · ")}
      </dd>
    </dl>
  );
}
