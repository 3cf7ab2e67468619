// The connection doctor in the app: Diagnose (in every server entry's actions, and beside a failed
// connect's reason) opens a dialog listing the doctor's steps, each with what was seen and the fix.
// Everything in a step quotes the server, so it is rendered as text.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import type { DoctorReport, DoctorStep } from "../../../../shared/doctor.js";
import type { ServerConfigInput } from "../../../../shared/types.js";
import { useBridge } from "../../app/context.js";
import { CopyButton } from "../../components/CopyButton.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { doctorReportText } from "../../../../shared/doctorText.js";
import { Modal } from "../../components/Modal.js";
import { useAsyncAction } from "../../components/useAsyncAction.js";
import "./doctor.css";

const STATUS_WORD: Record<DoctorStep["status"], string> = { passed: "Passed", failed: "Failed", skipped: "Skipped" };

/**
 * The doctor's dialog for one server, mounted only while open (a sidebar of hundreds of entries holds none).
 * `open()` shows it and runs the doctor; closed, it gives the focus back to `opener`.
 */
export function useDoctorDialog(server: ServerConfigInput, serverName: string, opener: RefObject<HTMLElement | null>, onClosed?: () => void): { open(): void; dialog: ReactNode } {
  const bridge = useBridge();
  const [isOpen, setOpen] = useState(false);
  const [report, setReport] = useState<DoctorReport>();
  const action = useAsyncAction();
  const run = () =>
    action.run(async () => {
      setReport(undefined);
      setReport(await bridge.diagnoseServer({ server }));
    });
  const open = () => {
    setOpen(true);
    run();
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
      {report && <DoctorSteps report={report} />}
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
export function DiagnoseNow({ server, serverName, opener, onClosed }: { server: ServerConfigInput; serverName: string; opener: RefObject<HTMLElement | null>; onClosed(): void }) {
  const doctor = useDoctorDialog(server, serverName, opener, onClosed);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // once, also where an effect runs twice (React's strict mode)
    started.current = true;
    doctor.open();
  });
  return doctor.dialog;
}

export function DoctorSteps({ report }: { report: DoctorReport }) {
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
          </li>
        ))}
      </ol>
    </>
  );
}
