// Checks: the selected session's server judged against the protocol's rules (main/core/checks/): all areas
// or one, and the official conformance suite beside them (its verdicts under its own ids), each verdict with
// its rule's text, the detail and its evidence (CheckReport.tsx).
// Safe by default: only read-only tools whose arguments have defaults are called; the user ticks any other
// tool the checks may call and fills in its arguments with the Tools tab's schema form. Everything shown
// quotes the server: rendered as text.
import { useEffect, useMemo, useRef, useState } from "react";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { useBridge, useInspector, useInspectorStore } from "../../app/context.js";
import { useSelectTab } from "../../app/navigation.js";
import { useSelectedSession } from "../../app/useSelectedSession.js";
import { useStoredState } from "../../app/useStoredState.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { useAsyncAction } from "../../components/useAsyncAction.js";
import { draftKeys } from "../../store/draftsSlice.js";
import { SchemaFields } from "../../forms/SchemaFields.js";
import { useSchemaForm } from "../../forms/useSchemaForm.js";
import { readExpectedFailures, type CheckAreaName, type CheckProgressView, type CheckReportView } from "../../../../shared/checks.js";
import { CheckReport } from "./CheckReport.js";
import { LoadPanel } from "./LoadPanel.js";
import { AREAS, areaLabel } from "./areas.js";
import "../../styles/checks.css";
import { ServerName } from "../../components/ServerName.js";

const NO_TOOLS: Tool[] = [];
const NONE: string[] = [];

/** The checks call a read-only tool on their own when every required argument has a default, an example or a const. */
function callableOnItsOwn(tool: Tool): boolean {
  if (tool.annotations?.readOnlyHint !== true) return false;
  const schema = tool.inputSchema as { properties?: Record<string, unknown>; required?: unknown };
  const required = Array.isArray(schema.required) ? schema.required : [];
  return required.every((key) => {
    const property = typeof key === "string" && schema.properties && Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
    if (typeof property !== "object" || property === null) return false;
    const p = property as Record<string, unknown>;
    return "default" in p || "const" in p || (Array.isArray(p.examples) && p.examples.length > 0);
  });
}

export function ChecksTab() {
  const bridge = useBridge();
  const store = useInspectorStore();
  const selectTab = useSelectTab();
  const session = useSelectedSession();
  const sessionId = session?.sessionId ?? "";
  const connected = session?.state === "connected";
  // The tab's two panes: the checks, and a tool under load (LoadPanel).
  const [pane, setPane] = useStoredState<"checks" | "load">(draftKeys.view("checks", "pane", sessionId), "checks");
  const [area, setArea] = useStoredState<CheckAreaName | "all">(draftKeys.view("checks", "area", sessionId), "all");
  const [allowed, setAllowed] = useStoredState<string[]>(draftKeys.view("checks", "allowed", sessionId), NONE);
  // The official suite beside our checks (the Conformance area alone runs only the suite).
  const [withSuite, setWithSuite] = useStoredState<boolean>(draftKeys.view("checks", "conformance", sessionId), false);
  // What the suite is known to fail on this server (the YAML of --expected-failures), typed or pasted.
  const [expected, setExpected] = useStoredState<string>(draftKeys.view("checks", "expectedFailures", sessionId), "");
  const [report, setReport] = useStoredState<CheckReportView | undefined>(draftKeys.view("checks", "report", sessionId), undefined);
  const tools = useInspector((s) => s.toolsBySession[sessionId]?.tools) ?? NO_TOOLS;
  // The tools the checks would not call on their own: not annotated read-only, or a required argument without a default.
  const askable = useMemo(() => tools.filter((t) => !callableOnItsOwn(t)).slice(0, 200), [tools]);
  const action = useAsyncAction();
  // Each ticked tool's form hands over its arguments (validated against the tool's inputSchema) at Run.
  const argumentsOf = useRef(new Map<string, () => Promise<Record<string, unknown> | undefined>>());
  const [progress, setProgress] = useState<CheckProgressView>();
  useEffect(
    () =>
      bridge.onEvents((events) => {
        for (const event of events) if (event.type === "checkProgress" && event.payload.sessionId === sessionId) setProgress(event.payload);
      }),
    [bridge, sessionId],
  );

  if (!session) return <p className="empty">Connect a server to check it.</p>;

  const suite = withSuite || area === "conformance";
  const run = () =>
    action.run(async () => {
      const ticked = allowed.filter((name) => askable.some((t) => t.name === name));
      const calls: { tool: string; arguments?: Record<string, unknown> }[] = [];
      for (const tool of ticked) {
        const args = await argumentsOf.current.get(tool)?.();
        if (!args) throw new Error(`The arguments for ${tool} are not valid yet: see its form under "Also allow the checks to call…".`);
        calls.push({ tool, arguments: args });
      }
      setProgress(undefined);
      const result = await bridge.runChecks({ sessionId, ...(area === "all" ? {} : { areas: [area] }), ...(calls.length ? { calls } : {}), ...(withSuite && area !== "conformance" ? { conformance: true } : {}), ...(suite && expected.trim() ? { expectedFailures: expected } : {}) });
      setReport(result);
    });

  /** A message link: the Logs tab opens with that message shown (its filter cleared, so it is in the list). */
  const showMessage = (seq: number) => {
    const state = store.getState();
    state.clearDraft(draftKeys.view("logs", "filter", sessionId));
    state.setDraft(draftKeys.view("logs", "shown", sessionId), seq);
    selectTab("logs");
  };

  const toggle = (name: string) => setAllowed(allowed.includes(name) ? allowed.filter((n) => n !== name) : [...allowed, name]);

  return (
    <div className="checks-tab">
      <div className="checks-panes" role="group" aria-label="Pane">
        <button type="button" aria-pressed={pane === "checks"} onClick={() => setPane("checks")}>
          Checks
        </button>
        <button type="button" aria-pressed={pane === "load"} onClick={() => setPane("load")}>
          Load
        </button>
      </div>
      {pane === "load" ? (
        <LoadPanel sessionId={sessionId} connected={connected} />
      ) : (
        <>
          <div className="toolbar">
            <h2>Server checks</h2>
            <label className="inline">
              Area{" "}
              <select value={area} onChange={(e) => setArea(e.target.value as CheckAreaName | "all")}>
                <option value="all">All areas</option>
                {AREAS.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.label}
                  </option>
                ))}
              </select>
            </label>
            {area !== "conformance" && (
              <label className="checkbox-field">
                <input type="checkbox" checked={withSuite} onChange={(e) => setWithSuite(e.target.checked)} />
                With the official conformance suite
              </label>
            )}
            <button type="button" onClick={() => void run()} disabled={!connected || action.busy}>
              {action.busy ? "Checking…" : area === "all" ? "Run all checks" : area === "conformance" ? "Run the conformance suite" : `Run ${areaLabel(area)} checks`}
            </button>
          </div>
          <p className="note">
            Judges this server against the rules of {session.era === "modern" ? "2026-07-28" : "2025-11-25"}: errors where the spec says MUST, warnings where it says SHOULD. Safe by default: only tools annotated read-only whose required arguments have defaults or examples are called; input the server asks for is answered with its defaults or declined.
          </p>
          {suite && (
            <>
              <p className="note">
                The official suite (@modelcontextprotocol/conformance, when installed) sends its own requests: a stdio server's command is started again for each scenario, behind a loopback HTTP bridge; an HTTP server gets them at its URL, without this session's headers. It takes a minute or more.
              </p>
              <details className="checks-allow">
                <summary>Expected failures ({readExpectedFailures(expected).size} listed)</summary>
                <label className="field">
                  The suite's scenarios this server is known to fail, as the YAML of <code>--expected-failures</code>: a <code>server:</code> list, the reason after <code>#</code>. Their failures stay in the report, as warnings that say so.
                  <textarea className="checks-expected" rows={5} spellCheck={false} value={expected} maxLength={100_000} onChange={(e) => setExpected(e.target.value)} placeholder={"server:\n  - tools-call-image # the suite's own tool test_image_content"} />
                </label>
              </details>
            </>
          )}
          {!connected && <p className="note">The session is {session.state}: connect it to run the checks.</p>}
          {askable.length > 0 && (
            <details className="checks-allow">
              <summary>Also allow the checks to call… ({allowed.filter((n) => askable.some((t) => t.name === n)).length} of {askable.length} ticked)</summary>
              <p className="note">These tools are not annotated read-only, or need arguments the checks cannot guess: the checks call one only if you tick it, with the arguments you give in its form.</p>
              <ul className="checks-tools">
                {askable.map((tool) => (
                  <li key={tool.name}>
                    <div className="checkbox-field">
                      <input type="checkbox" id={`check-allow-${tool.name}`} checked={allowed.includes(tool.name)} onChange={() => toggle(tool.name)} />
                      <label htmlFor={`check-allow-${tool.name}`} className="item-name">
                        <ServerName text={tool.name} />
                      </label>
                    </div>
                    {allowed.includes(tool.name) && <ToolArguments tool={tool} sessionId={sessionId} register={(submit) => (submit ? argumentsOf.current.set(tool.name, submit) : argumentsOf.current.delete(tool.name))} />}
                  </li>
                ))}
              </ul>
            </details>
          )}
          <ErrorAlert message={action.error} sessionId={sessionId} />
          {action.busy && (
            <p className="note checks-progress" role="status">
              {progressText(progress)} (a slow tool or a task can take up to its time-out)
              {progress && progress.total > 0 && <progress max={progress.total} value={progress.done} aria-label="Checks done" />}
            </p>
          )}
          {report && <CheckReport report={report} sessionId={sessionId} onMessage={showMessage} />}
          {!report && !action.busy && <p className="empty">No checks run yet for this session.</p>}
        </>
      )}
    </div>
  );
}

/** Where the run is: our checks one by one, then the suite scenario by scenario (its count is not known ahead). */
function progressText(progress: CheckProgressView | undefined): string {
  if (!progress?.running) return "Running the checks…";
  if (progress.done === progress.total) return progress.total > 0 ? `Our checks are done; now ${progress.running}` : `Now ${progress.running}`;
  return `Checking: ${progress.done} of ${progress.total} done, now ${progress.running}`;
}

/** A ticked tool's arguments: the Tools tab's schema form, its draft kept per session and tool. */
function ToolArguments({ tool, sessionId, register }: { tool: Tool; sessionId: string; register: (submit: (() => Promise<Record<string, unknown> | undefined>) | undefined) => void }) {
  const form = useSchemaForm(tool.inputSchema, draftKeys.view("checks", "arguments", sessionId, tool.name));
  const submit = form.submit;
  useEffect(() => {
    register(submit);
    return () => register(undefined);
  }, [register, submit]);
  return (
    <fieldset className="checks-tool-arguments">
      <legend>Arguments for {tool.name}</legend>
      <SchemaFields form={form} rawLabel={`Arguments for ${tool.name} (JSON)`} />
    </fieldset>
  );
}
