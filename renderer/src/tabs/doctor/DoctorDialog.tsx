// The connection doctor in the app: Diagnose (in every server entry's actions, and beside a failed
// connect's reason) opens a dialog listing the doctor's steps, each with what was seen and the fix.
// Everything in a step quotes the server, so it is rendered as text.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import type { DoctorReport, DoctorStep, DoctorUse } from "../../../../shared/doctor.js";
import type { ServerConfigInput } from "../../../../shared/types.js";
import { useBridge } from "../../app/context.js";
import { CopyButton } from "../../components/CopyButton.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { doctorReportText } from "../../../../shared/doctorText.js";
import { Modal } from "../../components/Modal.js";
import { useAsyncAction } from "../../components/useAsyncAction.js";
import "./doctor.css";

const STATUS_WORD: Record<DoctorStep["status"], string> = { passed: "Passed", failed: "Failed", skipped: "Skipped" };

export interface DoctorTarget {
  server: ServerConfigInput;
  serverName: string;
  /** The saved entry's id: a fix the doctor can name exactly (another URL, the SSE transport) is then one button. */
  savedId?: string | undefined;
}

/**
 * The doctor's dialog for one server, mounted only while open (a sidebar of hundreds of entries holds none).
 * `open()` shows it and runs the doctor; closed, it gives the focus back to `opener`.
 */
export function useDoctorDialog({ server, serverName, savedId }: DoctorTarget, opener: RefObject<HTMLElement | null>, onClosed?: () => void): { open(): void; dialog: ReactNode } {
  const bridge = useBridge();
  const [isOpen, setOpen] = useState(false);
  const [report, setReport] = useState<DoctorReport>();
  const [applied, setApplied] = useState<{ said: string; server: ServerConfigInput }>();
  const action = useAsyncAction();
  const diagnose = async (target: ServerConfigInput) => {
    setReport(undefined);
    setReport(await bridge.diagnoseServer({ server: target }));
  };
  // Run again diagnoses the entry as last saved here: the opener's copy may not have caught up with it yet.
  const run = () => action.run(() => diagnose(applied?.server ?? server));
  // The entry is saved with the transport and URL that answered, then diagnosed again as saved.
  const apply = (use: DoctorUse) =>
    action.run(async () => {
      const saved = applied?.server ?? server;
      if (savedId === undefined || saved.transport.type === "stdio") return;
      const changed: ServerConfigInput = { ...saved, transport: { ...saved.transport, type: use.transport, url: use.url } };
      await bridge.saveServer({ id: savedId, server: changed });
      setApplied({ said: `Saved: ${serverName} now uses ${use.transport === "sse" ? "the SSE transport at " : ""}${use.url}. Diagnosed again:`, server: changed });
      await diagnose(changed);
    });
  const open = () => {
    setOpen(true);
    setApplied(undefined);
    action.run(() => diagnose(server));
  };
  const close = () => {
    setOpen(false);
    onClosed?.();
  };
  const dialog = isOpen && (
    <Modal onClose={close} title={`Diagnose ${serverName}`} className="doctor-dialog" overlayClassName="doctor-overlay" opener={opener}>
      {report && <p className="doctor-target">{report.server} ({report.transport})</p>}
      {action.busy && (
        <p role="status" className="doctor-summary">
          Diagnosing… each step ends within its bound.
        </p>
      )}
      <ErrorAlert message={action.error} onDismiss={action.clearError} />
      {applied && !action.busy && (
        <p role="status" className="doctor-applied">
          {applied.said}
        </p>
      )}
      {report && <DoctorSteps report={report} onUse={savedId !== undefined && !action.busy ? apply : undefined} />}
      <div className="doctor-actions">
        {/* The same text the CLI prints, for an issue or a chat. */}
        {report && <CopyButton text={() => doctorReportText(report)} what="the doctor's report" />}
        <button type="button" onClick={run} disabled={action.busy}>
          Run again
        </button>
        <button type="button" onClick={close}>
          Close
        </button>
      </div>
    </Modal>
  );
  return { open, dialog };
}

/** The doctor's dialog opened at once, for a place with no button of its own (the command palette). */
export function DiagnoseNow({ target, opener, onClosed }: { target: DoctorTarget; opener: RefObject<HTMLElement | null>; onClosed(): void }) {
  const doctor = useDoctorDialog(target, opener, onClosed);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // once, also where an effect runs twice (React's strict mode)
    started.current = true;
    doctor.open();
  });
  return doctor.dialog;
}

/** The words of a fix's button: what the entry will use. */
function wordsFor(use: DoctorUse): string {
  return use.transport === "sse" ? "Use the SSE transport" : `Use ${use.url}`;
}

export function DoctorSteps({ report, onUse }: { report: DoctorReport; /** Offered where a step names the change that fixes it. */ onUse?: ((use: DoctorUse) => void) | undefined }) {
  return (
    <>
      <p className="doctor-summary" role="status">
        {report.failed ? `${report.failed} ${report.failed === 1 ? "step" : "steps"} failed` : "No step failed"}: {report.passed} passed, {report.failed} failed, {report.skipped} skipped
      </p>
      <ol className="doctor-steps" aria-label="Doctor steps">
        {report.steps.map((step) => (
          <li key={step.id} className={`doctor-step doctor-${step.status}`} aria-label={`${STATUS_WORD[step.status]}: ${step.title}`}>
            <div className="doctor-step-head">
              <span className="doctor-status">{STATUS_WORD[step.status]}</span>
              <span className="doctor-title">{step.title}</span>
              <span className="doctor-meta">
                {step.id}
                {step.status !== "skipped" ? ` · ${step.durationMs} ms` : ""}
                {step.bounded ? " · ended on its bound" : ""}
              </span>
            </div>
            <p className="doctor-seen">{step.seen}</p>
            {step.fix && (
              <p className="doctor-fix">
                <strong>{step.status === "failed" ? "Fix: " : "Note: "}</strong>
                {step.fix}
              </p>
            )}
            {step.use && onUse && (
              <button type="button" className="doctor-use" title="Save this in the server's entry, then diagnose again" onClick={() => onUse(step.use!)}>
                {wordsFor(step.use)}
              </button>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
