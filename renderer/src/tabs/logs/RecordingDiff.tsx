// Issue 22, "Compare…": the opened recording beside a second one (a file) or the live session, the
// core's diff (the document `diff --json` prints) drawn as two surfaces side by side, each change marked
// breaking or not in words and colour, then the behaviour changes of the calls both made, then what
// varies between runs (times, ids, durations, poll timing: not a change, issue 30) with its values, and
// what the readers noticed. Everything a server sent is shown as text, each list capped with its count said.
import { useRef, useState } from "react";
import { useBridge } from "../../app/context.js";
import { useStoredState } from "../../app/useStoredState.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { useAsyncAction } from "../../components/useAsyncAction.js";
import { DIFF_CALLS_COMPARED, type RecordingChange, type RecordingDiff, type SurfaceSummaryView } from "../../../../shared/recordingDiff.js";
import { COMPARISON_KEY, type OpenedRecording } from "./recordingState.js";
import { RecordingFileInput } from "./RecordingFileInput.js";

export interface Comparison {
  diff: RecordingDiff;
  /** What each side is: a file name, or "the live session (server)". */
  aName: string;
  bName: string;
}

export { COMPARISON_KEY } from "./recordingState.js";

/** Changes listed at most per area: the rest are counted. */
const MAX_CHANGES = 300;
const TEXT_CHARS = 300;

export function CompareRecording({ opened, live }: { opened: (OpenedRecording & { text?: string }) | undefined; live: { sessionId: string; serverName: string } | undefined }) {
  const bridge = useBridge();
  const [, setComparison] = useStoredState<Comparison | undefined>(COMPARISON_KEY, undefined);
  const [choosing, setChoosing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const action = useAsyncAction();
  const text = opened?.text;
  const compare = (b: string | { sessionId: string }, bName: string) =>
    void action.run(async () => {
      if (text === undefined || !opened) return;
      const diff = await bridge.diffRecordings({ a: text, b });
      setComparison({ diff, aName: opened.fileName, bName });
      setChoosing(false);
    });
  return (
    <>
      <button type="button" className="secondary" disabled={text === undefined || action.busy} aria-expanded={choosing} title={text === undefined ? "Open a recording first: it is the first side of the comparison" : "Compare the opened recording with another one or the live session"} onClick={() => setChoosing(!choosing)}>
        Compare…
      </button>
      {choosing && (
        <span role="group" aria-label="Compare the opened recording with" className="compare-choice">
          <span className="note">with</span>
          <button type="button" className="secondary" disabled={action.busy} onClick={() => input.current?.click()}>
            A recording file…
          </button>
          {live && (
            <button type="button" className="secondary" disabled={action.busy} onClick={() => compare({ sessionId: live.sessionId }, `the live session (${clip(live.serverName)})`)}>
              The live session ({clip(live.serverName, 60)})
            </button>
          )}
        </span>
      )}
      <RecordingFileInput
        inputRef={input}
        label="Recording to compare with"
        tooBig={(file, mb) => `${file.name} is ${mb} MB: the app compares recordings up to 64 MB (mcp-task-inspector diff reads larger ones)`}
        use={(file, read) =>
          void action.run(async () => {
            if (text === undefined || !opened) return;
            const b = await read();
            try {
              const diff = await bridge.diffRecordings({ a: text, b });
              setComparison({ diff, aName: opened.fileName, bName: file.name });
              setChoosing(false);
            } catch (error) {
              throw new Error(`${file.name} could not be compared: ${error instanceof Error ? error.message : String(error)}`);
            }
          })
        }
      />
      <ErrorAlert message={action.error} onDismiss={action.clearError} />
    </>
  );
}

type ListKey = "capabilities" | "tools" | "resources" | "templates" | "prompts";
const LISTS: { key: ListKey; title: string; subject: RecordingChange["subject"] }[] = [
  { key: "tools", title: "Tools", subject: "tool" },
  { key: "resources", title: "Resources", subject: "resource" },
  { key: "templates", title: "Resource templates", subject: "template" },
  { key: "prompts", title: "Prompts", subject: "prompt" },
  { key: "capabilities", title: "Capabilities", subject: "capability" },
];

/** The comparison drawn: both surfaces side by side, the marks from the diff's changes, then the behaviour changes. */
export function RecordingDiffView({ comparison, onClose }: { comparison: Comparison; onClose: () => void }) {
  const { document: doc, surfaces } = comparison.diff;
  const marks = new Map<string, RecordingChange[]>();
  for (const c of doc.changes) {
    const key = `${c.subject} ${c.name}`;
    marks.set(key, [...(marks.get(key) ?? []), c]);
  }
  const surface = doc.changes.filter((c) => c.area === "surface");
  const behaviour = doc.changes.filter((c) => c.area === "behaviour");
  // breaking and other count the calls past those listed too (a diff of big recordings lists the first ones).
  const summary = doc.breaking + doc.other === 0 ? "No changes" : `${doc.breaking} breaking ${doc.breaking === 1 ? "change" : "changes"}, ${doc.other} not breaking`;
  const unlisted = doc.unlisted;
  const varies = doc.varies ?? [];
  const warnings = [...(doc.warnings?.a ?? []).map((w) => `${clip(comparison.aName)}: ${w}`), ...(doc.warnings?.b ?? []).map((w) => `${clip(comparison.bName)}: ${w}`)];
  return (
    <section className="recording-diff" aria-label="Comparison">
      <div className="toolbar">
        <h2>
          Comparison: {clip(comparison.aName)} → {clip(comparison.bName)}
        </h2>
        <span role="status" className={doc.breaking ? "diff-count breaking" : "diff-count"}>
          {summary}
        </span>
        <button type="button" className="secondary" onClick={onClose}>
          Close comparison
        </button>
      </div>
      <div className="diff-sides">
        <DiffSide label="Before" name={comparison.aName} side={surfaces.a} marks={marks} before />
        <DiffSide label="After" name={comparison.bName} side={surfaces.b} marks={marks} before={false} />
      </div>
      <ChangeList title="Surface changes" changes={surface} empty="The surface did not change." />
      <ChangeList title="Behaviour of the calls both made" changes={behaviour} empty="No call both sides made behaved differently." showValues unlisted={unlisted?.changes ? `…and ${unlisted.changes} more in calls not listed (${unlisted.breaking} breaking)` : undefined} extra={unlisted?.changes} />
      <ChangeList title="Varies between runs (not a change)" changes={varies} empty="Nothing differed only in times, ids, durations or poll timing." showValues varies unlisted={unlisted?.varies ? `…and ${unlisted.varies} more in calls not listed` : undefined} extra={unlisted?.varies} />
      {unlisted?.notCompared ? <p className="note">{unlisted.notCompared} calls of {clip(comparison.aName)} past its first {DIFF_CALLS_COMPARED.toLocaleString("en-US")} distinct ones were not compared.</p> : null}
      {warnings.length > 0 && (
        <section aria-label="Warnings" className="diff-changes">
          <h3>Warnings ({warnings.length})</h3>
          <ul tabIndex={0} aria-label="Warnings">
            {warnings.slice(0, MAX_CHANGES).map((w, i) => (
              <li key={i} className="diff-item">
                {clip(w)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

function DiffSide({ label, name, side, marks, before }: { label: string; name: string; side: SurfaceSummaryView; marks: Map<string, RecordingChange[]>; before: boolean }) {
  const server = [side.server?.name, side.server?.version].filter(Boolean).join(" ") || "unknown server";
  const eraChange = marks.get("era era")?.[0];
  return (
    <section className="diff-side" aria-label={`${label}: ${clip(name)}`}>
      <h3>
        {label}: {clip(name)}
      </h3>
      <p className="diff-facts">
        {clip(server)} · {side.era === "modern" ? "2026-07-28 era" : side.era === "legacy" ? "2025-11-25 era" : "era unknown"}
        {side.protocolVersion ? ` (${clip(side.protocolVersion)})` : ""}
        {eraChange && <Mark change={eraChange} />}
      </p>
      {LISTS.map(({ key, title, subject }) => {
        const list = side[key];
        if (!list) return (
          <p key={key} className="note">
            {title}: not asked for
          </p>
        );
        return (
          <div key={key} className="diff-list">
            <h4>
              {title} ({list.count})
            </h4>
            {list.count === 0 ? (
              <p className="note">None.</p>
            ) : (
              <ul tabIndex={0} aria-label={`${title}, ${label.toLowerCase()}`}>
                {list.names.map((item, index) => {
                  const changes = (marks.get(`${subject} ${item}`) ?? []).filter((c) => (before ? !isAddition(c) : !isRemoval(c)));
                  return (
                    // Names cut to their first 300 characters may repeat: the index keeps keys apart.
                    <li key={`${index}:${item}`} className={changes.some((c) => c.breaking) ? "diff-item breaking" : changes.length ? "diff-item changed" : "diff-item"}>
                      <span className="diff-name">{item}</span>
                      {changes.slice(0, 5).map((c, i) => (
                        <Mark key={i} change={c} />
                      ))}
                      {changes.length > 5 && <span className="note"> …and {changes.length - 5} more</span>}
                    </li>
                  );
                })}
                {list.count > list.names.length && <li className="note">…and {list.count - list.names.length} more not shown</li>}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}

/** "tool removed" belongs to the side that had it; "tool added" to the side that has it. */
const isRemoval = (c: RecordingChange) => / removed$/.test(c.what) && c.what.split(" ").length <= 2;
const isAddition = (c: RecordingChange) => / added$/.test(c.what) && c.what.split(" ").length <= 2;

function Mark({ change }: { change: RecordingChange }) {
  return (
    <span className={change.breaking ? "diff-mark breaking" : "diff-mark"}>
      {" "}
      <strong>{change.breaking ? "Breaking" : "Not breaking"}</strong>: {clip(change.what)}
    </span>
  );
}

function ChangeList({ title, changes, empty, showValues = false, varies = false, unlisted, extra = 0 }: { title: string; changes: RecordingChange[]; empty: string; showValues?: boolean; varies?: boolean; unlisted?: string | undefined; extra?: number | undefined }) {
  return (
    <section aria-label={title} className="diff-changes">
      <h3>
        {title} ({changes.length + extra})
      </h3>
      {changes.length === 0 && !extra ? (
        <p className="note">{empty}</p>
      ) : (
        <ol tabIndex={0} aria-label={title}>
          {changes.slice(0, MAX_CHANGES).map((c, i) => (
            <li key={i} className={varies ? "diff-item varies" : c.breaking ? "diff-item breaking" : "diff-item changed"}>
              <strong className="diff-class">{varies ? "Varies" : c.breaking ? "Breaking" : "Not breaking"}</strong> {c.subject} <span className="diff-name">{clip(c.name)}</span>: {clip(c.what)}
              {showValues && (c.before !== undefined || c.after !== undefined) && (
                <span className="diff-values">
                  <span className="note">before</span> <code>{jsonText(c.before)}</code> <span className="note">after</span> <code>{jsonText(c.after)}</code>
                </span>
              )}
            </li>
          ))}
          {changes.length > MAX_CHANGES && <li className="note">…and {changes.length - MAX_CHANGES} more</li>}
          {unlisted && <li className="note">{unlisted}</li>}
        </ol>
      )}
    </section>
  );
}

function clip(value: unknown, chars = TEXT_CHARS): string {
  const text = typeof value === "string" ? value : String(value ?? "");
  return text.length > chars ? `${text.slice(0, chars)}…` : text;
}

function jsonText(value: unknown): string {
  if (value === undefined) return "(none)";
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return clip(text);
}
