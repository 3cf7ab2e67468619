// A checks report: our verdicts, then the official conformance suite's as an area of their own, each with
// its verdict word, rule id, the detail and its evidence. The evidence is the report's own copy of the
// messages a verdict cites (the session's log is bounded and may have dropped them since), or, for the
// suite, what the suite itself saw. Everything shown quotes the server: rendered as text.
import { useMemo, useState } from "react";
import { useInspector } from "../../app/context.js";
import { JsonView } from "../../components/JsonView.js";
import type { CheckReportView, CheckVerdict } from "../../../../shared/checks.js";
import type { LogEntry } from "../../../../shared/types.js";
import { areaLabel, byArea } from "./areas.js";

const NO_ENTRIES: LogEntry[] = [];

function verdictWord(v: CheckVerdict): { word: string; className: string } {
  if (v.ok === null) return { word: "Skipped", className: "check-skipped" };
  if (v.ok) return { word: "Passed", className: "check-passed" };
  return v.severity === "error" ? { word: "Failed", className: "check-failed" } : { word: "Warning", className: "check-warning" };
}

/**
 * "3 passed, 1 failed, 2 warnings, 0 skipped": an error and a warning told apart (the report's `failed` counts
 * both). `brief` says only the counts that are not 0 ("4 passed, 1 failed"), for an area's heading.
 */
function counts(checks: CheckVerdict[], brief = false): { text: string; className: string; skipped: number } {
  const passed = checks.filter((c) => c.ok === true).length;
  const errors = checks.filter((c) => c.ok === false && c.severity === "error").length;
  const warnings = checks.filter((c) => c.ok === false && c.severity === "warning").length;
  const skipped = checks.filter((c) => c.ok === null).length;
  const parts: [number, string][] = [
    [passed, `${passed} passed`],
    [errors, `${errors} failed`],
    [warnings, `${warnings} ${warnings === 1 ? "warning" : "warnings"}`],
    [skipped, `${skipped} skipped`],
  ];
  return {
    text: parts
      .filter(([n]) => !brief || n > 0)
      .map(([, words]) => words)
      .join(", "),
    // Nothing passed and nothing failed: all skipped, which is not a green result.
    className: errors ? "check-failed" : warnings ? "check-warning" : passed ? "check-passed" : "check-skipped",
    skipped,
  };
}

/** The page's log holds this entry (its entries are in `seq` order: a binary search, not a scan per render). */
function holds(entries: LogEntry[], seq: number): boolean {
  let lo = 0;
  let hi = entries.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = entries[mid]!.seq;
    if (at === seq) return true;
    if (at < seq) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

export function CheckReport({ report, sessionId, onMessage }: { report: CheckReportView; sessionId: string; onMessage: (seq: number) => void }) {
  const [failuresOnly, setFailuresOnly] = useState(false);
  // On most servers most checks are skipped (no tasks, no resources…): hidden, the verdicts that say something are together.
  const [hideSkipped, setHideSkipped] = useState(false);
  const logEntries = useInspector((s) => s.logs[sessionId]?.entries) ?? NO_ENTRIES;
  const copies = useMemo(() => new Map((report.evidence ?? []).map((e) => [e.seq, e])), [report.evidence]);
  const ours = report.checks.filter((c) => c.area !== "conformance");
  const suite = report.checks.filter((c) => c.area === "conformance");
  const shown = (list: CheckVerdict[]) => (failuresOnly ? list.filter((c) => c.ok === false) : hideSkipped ? list.filter((c) => c.ok !== null) : list);
  const all = counts(report.checks);
  const card = (v: CheckVerdict) => <VerdictCard key={v.id} verdict={v} copies={copies} inLog={(seq) => holds(logEntries, seq)} onMessage={onMessage} />;
  return (
    <section aria-label="Check results">
      <p className="checks-summary" role="status">
        <strong>{report.server.name}</strong> ({report.era}, {report.server.transport}): <span className={all.className}>{all.text}</span>
      </p>
      {report.ended && (
        <p className="alert error" role="alert">
          The connection ended during the checks ({report.ended}): the checks after it were not run.
        </p>
      )}
      {report.budgetReached && (
        <p className="alert error" role="alert">
          The checks stopped: {report.budgetReached}. Those not finished by then say “not run: budget”.
        </p>
      )}
      {report.evidenceLost ? (
        <p className="note">
          {report.evidenceLost} cited {report.evidenceLost === 1 ? "message was" : "messages were"} not copied with the report (gone from the session's log before the verdict, or past the report's 4 MB of evidence).
        </p>
      ) : null}
      <div className="checks-filters">
        <label className="checkbox-field checks-filter">
          <input type="checkbox" checked={failuresOnly} onChange={(e) => setFailuresOnly(e.target.checked)} />
          Failures only ({report.failed})
        </label>
        <label className="checkbox-field checks-filter">
          <input type="checkbox" checked={hideSkipped || failuresOnly} disabled={failuresOnly} onChange={(e) => setHideSkipped(e.target.checked)} />
          Hide skipped ({all.skipped})
        </label>
      </div>
      {/* Ours by area, each under a heading with its own counts, so a long report reads part by part. */}
      {byArea(ours).map(({ area, items }) => {
        const visible = shown(items);
        if (visible.length === 0) return null;
        const tally = counts(items, true);
        return (
          <section key={area} className="checks-area" aria-label={`${areaLabel(area)} checks`}>
            <h3>
              {areaLabel(area)} <span className={`checks-area-counts ${tally.className}`}>{tally.text}</span>
            </h3>
            <ol className="checks-list">{visible.map(card)}</ol>
          </section>
        );
      })}
      {suite.length > 0 && (
        <section aria-label="Official conformance suite" className="checks-suite">
          <h3>Official conformance suite</h3>
          <p className="note">
            The verdicts of @modelcontextprotocol/conformance's server scenarios, under the suite's own scenario and check ids: <span className={counts(suite).className}>{counts(suite).text}</span>.
          </p>
          <ol className="checks-list">{shown(suite).map(card)}</ol>
        </section>
      )}
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

function VerdictCard({ verdict: v, copies, inLog, onMessage }: { verdict: CheckVerdict; copies: Map<number, LogEntry>; inLog: (seq: number) => boolean; onMessage: (seq: number) => void }) {
  const { word, className } = verdictWord(v);
  const [evidenceOpen, setEvidenceOpen] = useState(false);
  const [focused, setFocused] = useState<number>();
  const copied = v.messages.filter((seq) => copies.has(seq));
  /** A message the log no longer holds opens the report's copy, here. */
  const showCopy = (seq: number) => {
    setEvidenceOpen(true);
    setFocused(seq);
    requestAnimationFrame(() => document.getElementById(`check-evidence-${v.id}-${seq}`)?.focus());
  };
  return (
    <li className={`check ${className}`}>
      <div className="check-head">
        <span className={`check-verdict ${className}`}>{word}</span>
        <code className="check-id">{v.id}</code>
        <span className="check-title">{v.title}</span>
        {/* A severity says how much a failure matters; on a pass or a skip it says nothing. */}
        {v.ok === false && <span className="note check-severity">{v.severity}</span>}
      </div>
      <p className="check-detail">{v.detail}</p>
      {/* Rule, messages and evidence share one line while closed; an opened one takes the line's whole width. */}
      <div className="check-foot">
        <details className="check-rule">
          <summary>Rule</summary>
          <p>{v.rule}</p>
        </details>
        {v.messages.length > 0 && (
          <p className="check-messages">
            Messages:{" "}
            {v.messages.map((seq) =>
              inLog(seq) ? (
                <button key={seq} type="button" className="link" aria-label={`Show message ${seq} in the Logs tab`} onClick={() => onMessage(seq)}>
                  #{seq}
                </button>
              ) : copies.has(seq) ? (
                <button key={seq} type="button" className="link" aria-label={`Show message ${seq}: the log no longer holds it, the report's copy`} onClick={() => showCopy(seq)}>
                  #{seq}
                </button>
              ) : (
                <span key={seq} className="note" title="Neither the log nor the report holds this message any more">
                  #{seq} (not kept)
                </span>
              ),
            )}
          </p>
        )}
        {copied.length > 0 && (
          <details className="check-evidence" open={evidenceOpen} onToggle={(e) => setEvidenceOpen(e.currentTarget.open)}>
            <summary>Evidence: {copied.length === 1 ? "the message" : `the ${copied.length} messages`} as the verdict saw them</summary>
            {evidenceOpen && (
              <ol className="check-evidence-list">
                {copied.map((seq) => (
                  <EvidenceMessage key={seq} id={`check-evidence-${v.id}-${seq}`} entry={copies.get(seq)!} focused={focused === seq} inLog={inLog(seq)} onMessage={onMessage} />
                ))}
              </ol>
            )}
          </details>
        )}
        {v.evidence !== undefined && (
          <details className="check-evidence">
            <summary>Evidence: what the suite saw</summary>
            <pre className="json">{v.evidence}</pre>
          </details>
        )}
      </div>
    </li>
  );
}

function EvidenceMessage({ id, entry, focused, inLog, onMessage }: { id: string; entry: LogEntry; focused: boolean; inLog: boolean; onMessage: (seq: number) => void }) {
  return (
    <li id={id} tabIndex={-1} className={focused ? "check-evidence-entry focused" : "check-evidence-entry"} aria-label={`Message ${entry.seq}`}>
      <div className="check-evidence-head">
        <code>#{entry.seq}</code> <span>{entry.direction === "in" ? "← in" : "→ out"}</span> {entry.method && <code>{entry.method}</code>} <span className="note">{entry.time}</span>
        {entry.cut && <span className="note"> (cut: {entry.cut.kept} of {entry.cut.bytes} bytes kept)</span>}
        {inLog ? (
          <button type="button" className="link" aria-label={`Show message ${entry.seq} in the Logs tab (from its evidence)`} onClick={() => onMessage(entry.seq)}>
            Show in the Logs tab
          </button>
        ) : (
          <span className="note"> no longer in the session's log: this is the report's copy</span>
        )}
      </div>
      {entry.remark && <p className="note">{entry.remark}</p>}
      <JsonView value={entry.payload} label={`Message ${entry.seq}`} />
    </li>
  );
}
