// The doctor's report as plain text, one step to a line with what was seen and the fix under it: what the
// CLI prints and what the app's Copy report puts on the clipboard, so a report pasted into an issue reads
// the same from either. No zod here: the page's first load must not pull the schemas in.
import type { DoctorReport, DoctorStep } from "./doctor.js";

/** A step's word in four letters: pass, FAIL (to stand out), skip. */
export function doctorMark(step: DoctorStep): string {
  return step.status === "passed" ? "pass" : step.status === "failed" ? "FAIL" : "skip";
}

export function doctorReportText(report: DoctorReport): string {
  const lines = [`Diagnosing ${report.server} (${report.transport})`];
  for (const step of report.steps) {
    lines.push(`${doctorMark(step).padEnd(4)}  ${step.title}${step.status === "skipped" ? "" : ` (${step.durationMs} ms)`}${step.bounded ? " [ended on its bound]" : ""}`);
    lines.push(`      ${step.seen}`);
    if (step.fix) lines.push(`      ${step.status === "failed" ? "Fix" : "Note"}: ${step.fix}`);
  }
  lines.push(`${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped`);
  return `${lines.join("\n")}\n`;
}
