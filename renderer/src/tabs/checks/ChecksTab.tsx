// Checks (issue 23): the selected session's server judged against the protocol's rules (main/core/checks/):
// all areas or one, each verdict with its rule's text, the detail, and links to the exact messages in the
// Logs tab. Safe by default: only read-only tools whose arguments have defaults are called; the user ticks
// any other tool the checks may call. Everything shown quotes the server: rendered as text.
import { useMemo } from "react";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { useBridge, useInspector, useInspectorStore } from "../../app/context.js";
import { useSelectTab } from "../../app/navigation.js";
import { useSelectedSession } from "../../app/useSelectedSession.js";
import { useStoredState } from "../../app/useStoredState.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { useAsyncAction } from "../../components/useAsyncAction.js";
import { draftKeys } from "../../store/draftsSlice.js";
import type { CheckAreaName, CheckReportView, CheckVerdict } from "../../../../shared/checks.js";
import "../../styles/checks.css";

const AREAS: { id: CheckAreaName; label: string }[] = [
  { id: "lifecycle", label: "Lifecycle" },
  { id: "transport", label: "Transport" },
  { id: "listings", label: "Listings" },
  { id: "results", label: "Results" },
  { id: "tasks", label: "Tasks" },
  { id: "mrtr", label: "Multi round-trip" },
  { id: "http", label: "HTTP" },
];
const NO_TOOLS: Tool[] = [];
const NONE: string[] = [];

function verdictWord(v: CheckVerdict): { word: string; className: string } {
  if (v.ok === null) return { word: "Skipped", className: "check-skipped" };
  if (v.ok) return { word: "Passed", className: "check-passed" };
  return v.severity === "error" ? { word: "Failed", className: "check-failed" } : { word: "Warning", className: "check-warning" };
}

export function ChecksTab() {
  const bridge = useBridge();
  const store = useInspectorStore();
  const selectTab = useSelectTab();
  const session = useSelectedSession();
  const sessionId = session?.sessionId ?? "";
  const connected = session?.state === "connected";
  const [area, setArea] = useStoredState<CheckAreaName | "all">(draftKeys.view("checks", "area", sessionId), "all");
  const [allowed, setAllowed] = useStoredState<string[]>(draftKeys.view("checks", "allowed", sessionId), NONE);
  const [report, setReport] = useStoredState<CheckReportView | undefined>(draftKeys.view("checks", "report", sessionId), undefined);
  const tools = useInspector((s) => s.toolsBySession[sessionId]?.tools) ?? NO_TOOLS;
  // The tools the checks would not call on their own: those not annotated read-only.
  const askable = useMemo(() => tools.filter((t) => t.annotations?.readOnlyHint !== true).slice(0, 200), [tools]);
  const action = useAsyncAction();

  if (!session) return <p className="empty">Connect a server to check it.</p>;

  const run = () =>
    action.run(async () => {
      const result = await bridge.runChecks({ sessionId, ...(area === "all" ? {} : { areas: [area] }), ...(allowed.length ? { calls: allowed.map((tool) => ({ tool })) } : {}) });
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
        <button type="button" onClick={() => void run()} disabled={!connected || action.busy}>
          {action.busy ? "Checking…" : area === "all" ? "Run all checks" : `Run ${AREAS.find((a) => a.id === area)?.label ?? area} checks`}
        </button>
      </div>
      <p className="note">
        Judges this server against the rules of {session.era === "modern" ? "2026-07-28" : "2025-11-25"}: errors where the spec says MUST, warnings where it says SHOULD. Safe by default: only tools annotated read-only whose required arguments have defaults or examples are called; input the server asks for is answered with its defaults or declined.
      </p>
      {!connected && <p className="note">The session is {session.state}: connect it to run the checks.</p>}
      {askable.length > 0 && (
        <details className="checks-allow">
          <summary>Also allow the checks to call… ({allowed.filter((n) => askable.some((t) => t.name === n)).length} of {askable.length} ticked)</summary>
          <p className="note">These tools are not annotated read-only: the checks call one only if you tick it (with arguments from its schema's defaults and examples).</p>
          <ul className="checks-tools">
            {askable.map((tool) => (
              <li key={tool.name} className="checkbox-field">
                <input type="checkbox" id={`check-allow-${tool.name}`} checked={allowed.includes(tool.name)} onChange={() => toggle(tool.name)} />
                <label htmlFor={`check-allow-${tool.name}`} className="item-name">
                  {tool.name}
                </label>
              </li>
            ))}
          </ul>
        </details>
      )}
      <ErrorAlert message={action.error} sessionId={sessionId} />
      {action.busy && (
        <p className="note" role="status">
          Running the checks… (a slow tool or a task can take up to its time-out)
        </p>
      )}
      {report && <Report report={report} onMessage={showMessage} />}
      {!report && !action.busy && <p className="empty">No checks run yet for this session.</p>}
    </div>
  );
}

function Report({ report, onMessage }: { report: CheckReportView; onMessage: (seq: number) => void }) {
  // The report's `failed` counts warnings too; here an error and a warning are told apart.
  const errors = report.checks.filter((c) => c.ok === false && c.severity === "error").length;
  const warnings = report.failed - errors;
  return (
    <section aria-label="Check results">
      <p className="checks-summary" role="status">
        <strong>{report.server.name}</strong> ({report.era}, {report.server.transport}):{" "}
        <span className={errors ? "check-failed" : warnings ? "check-warning" : "check-passed"}>
          {report.passed} passed, {errors} failed, {warnings} {warnings === 1 ? "warning" : "warnings"}, {report.skipped} skipped
        </span>
      </p>
      {report.ended && (
        <p className="alert error" role="alert">
          The connection ended during the checks ({report.ended}): the checks after it were not run.
        </p>
      )}
      <ol className="checks-list">
        {report.checks.map((v) => {
          const { word, className } = verdictWord(v);
          return (
            <li key={v.id} className={`check ${className}`}>
              <div className="check-head">
                <span className={`check-verdict ${className}`}>{word}</span>
                <code className="check-id">{v.id}</code>
                <span className="check-title">{v.title}</span>
                <span className="note check-severity">{v.severity}</span>
              </div>
              <p className="check-detail">{v.detail}</p>
              <details className="check-rule">
                <summary>Rule</summary>
                <p>{v.rule}</p>
              </details>
              {v.messages.length > 0 && (
                <p className="check-messages">
                  Messages:{" "}
                  {v.messages.map((seq) => (
                    <button key={seq} type="button" className="link" aria-label={`Show message ${seq} in the Logs tab`} onClick={() => onMessage(seq)}>
                      #{seq}
                    </button>
                  ))}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {report.notes.length > 0 && (
        <section aria-label="What the checks did on your behalf">
          <h3>What the checks did on your behalf</h3>
          <ul className="checks-notes">
            {report.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
