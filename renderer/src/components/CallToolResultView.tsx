// A CallToolResult exactly as the server sent it: isError, content, structuredContent (Q4); the
// structuredContent checked against the tool's outputSchema (pass, or which field and what was wrong);
// and the whole result as raw JSON, one click away. A big result was sent cut (issue 33, `remote`): what
// it lacks is read from the core a piece at a time (RemoteText.tsx).
import { useDeferredValue, useMemo, useState, type ComponentProps } from "react";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { formatBytes } from "../../../shared/byteBudget.js";
import { useEngines } from "../forms/engines.js";
import { ContentList } from "./ContentView.js";
import { CopyButton } from "./CopyButton.js";
import { JsonView, toJsonText } from "./JsonView.js";
import { readWhole, RemoteResultContext, RemoteText } from "./RemoteText.js";

type Remote = NonNullable<ComponentProps<typeof RemoteResultContext.Provider>["value"]>;

/** `what` names the result in its Copy buttons' names ("Run 3"), so each is told from the others. */
export function CallToolResultView({ remote, result, ...props }: { result: CallToolResult; sessionId?: string; outputSchema?: unknown; what?: string; remote?: Remote | undefined }) {
  // A big result (sent cut) is drawn after the card that says it came, in a transition React draws a few
  // ms at a time between frames: its 100 KB of text blocks would otherwise be one long task with the card's.
  // (null, not undefined: React reads an undefined initial value as none, and would draw it all at mount.)
  const drawn = useDeferredValue<CallToolResult | null>(result, remote ? null : result);
  if (!remote) return <ResultView result={result} {...props} />;
  if (drawn !== result) {
    return (
      <p className="note" role="status">
        Drawing the result ({formatBytes(remote.pieces.bytes)})…
      </p>
    );
  }
  return (
    <RemoteResultContext.Provider value={remote}>
      <ResultView result={result} {...props} remote={remote} />
    </RemoteResultContext.Provider>
  );
}

function ResultView({ result, sessionId, outputSchema, what, remote }: { result: CallToolResult; sessionId?: string; outputSchema?: unknown; what?: string; remote?: Remote }) {
  const of = what ? ` of ${what}` : "";
  const heldBack = remote?.pieces.structuredContent;
  return (
    <div className={result.isError ? "tool-result is-error" : "tool-result"}>
      {result.isError && <p className="status-error">The tool reported an error (isError: true)</p>}
      <ContentList content={result.content} {...(sessionId ? { sessionId } : {})} copyName={`the result${of}`} />
      {heldBack && remote && (
        <div>
          <div className="block-head">
            <h4>Structured content</h4>
            <CopyButton text={() => readWhole(remote.read, { part: "structuredContent" })} what={`the structured content${of}`} />
          </div>
          <RemoteText part={{ part: "structuredContent" }} first="" className="json" copyWhat={`all of the structured content${of}`} />
        </div>
      )}
      {heldBack && outputSchema !== undefined && !result.isError && (
        <p className="schema-check note" role="status">
          structuredContent not checked against the tool's outputSchema here: at {formatBytes(heldBack.bytes)} it was not sent to the page whole.
        </p>
      )}
      {!heldBack && result.structuredContent !== undefined && (
        <div>
          <div className="block-head">
            <h4>Structured content</h4>
            <CopyButton text={() => toJsonText(result.structuredContent)} what={`the structured content${of}`} />
          </div>
          <JsonView value={result.structuredContent} />
        </div>
      )}
      {!heldBack && outputSchema !== undefined && !result.isError && <OutputSchemaCheck schema={outputSchema} structuredContent={result.structuredContent} />}
      <div className="block-head">
        {remote ? <RemoteRawJson of={of} /> : <RawJson value={result} />}
        <CopyButton text={() => (remote ? readWhole(remote.read, { part: "result" }) : toJsonText(result))} what={`the whole result${of} as JSON`} />
      </div>
    </div>
  );
}

const PROBLEMS_SHOWN = 5;

/** The spec: a tool with an outputSchema MUST return structuredContent that conforms to it. */
function OutputSchemaCheck({ schema, structuredContent }: { schema: unknown; structuredContent: unknown }) {
  const engines = useEngines();
  const problems = useMemo(() => {
    if (structuredContent === undefined) return ["the result has no structuredContent, and the tool declares an outputSchema"];
    if (!engines) return undefined;
    // validate.ts keeps the server's patterns out of V8's backtracking engine (they are hostile).
    const outcome = engines.validateAgainstSchema(schema, structuredContent, isObject(structuredContent) ? Object.keys(structuredContent) : []);
    if (outcome.valid) return [];
    return [...Object.entries(outcome.fieldErrors).flatMap(([field, messages]) => messages.map((m) => `${field}: ${m}`)), ...outcome.formErrors];
  }, [engines, schema, structuredContent]);
  if (problems === undefined) {
    return (
      <p className="schema-check note" role="status">
        Checking structuredContent against the tool's outputSchema…
      </p>
    );
  }
  if (problems.length === 0) {
    return (
      <p className="schema-check schema-pass" role="status">
        ✓ structuredContent matches the tool's outputSchema
      </p>
    );
  }
  return (
    <div className="schema-check schema-fail" role="status">
      <p className="status-error">✗ structuredContent does not match the tool's outputSchema:</p>
      <ul>
        {problems.slice(0, PROBLEMS_SHOWN).map((p, i) => (
          <li key={i}>{p.slice(0, 500)}</li>
        ))}
        {problems.length > PROBLEMS_SHOWN && <li>and {problems.length - PROBLEMS_SHOWN} more</li>}
      </ul>
    </div>
  );
}

/** The result as the core passed it on; drawn only while open (a 50 MB result costs nothing closed). */
export function RawJson({ value, what = "result" }: { value: unknown; what?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="raw-json" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Raw JSON</summary>
      {open && <JsonView value={value} label={`Raw JSON of the ${what}`} />}
    </details>
  );
}

/** A cut result's Raw JSON: the whole result as the core holds it, read a piece at a time once opened. */
function RemoteRawJson({ of }: { of: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="raw-json" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Raw JSON</summary>
      {open && <RemoteText part={{ part: "result" }} first="" className="json" label="Raw JSON of the result" copyWhat={`all of the raw JSON${of}`} />}
    </details>
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
