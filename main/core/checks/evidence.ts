// The report's own copy of the messages its verdicts cite. The session's log is bounded (DESIGN 6): a
// chatty server, or the user's own calls after the run, push the oldest entries out, and a verdict's
// "#5691" would then open nothing. So each verdict's messages are copied out of the log as soon as the
// verdict is reached, each cut to a cap and all within a budget, and what could not be kept is counted.
import type { LogEntry } from "../../../shared/types.js";
import { cutToFit } from "../../../shared/byteBudget.js";

/** One copied message holds at most this much of its payload. */
export const EVIDENCE_ENTRY_BYTES = 32 * 1024;
/** A report's copies hold at most this much in all, and at most this many messages. */
export const EVIDENCE_BYTES = 4 * 1024 * 1024;
export const EVIDENCE_ENTRIES = 2000;

export class EvidenceKeeper {
  private readonly kept = new Map<number, LogEntry>();
  private bytes = 0;
  /** Cited messages not copied: gone from the log before the verdict was reached, or past the budget. */
  lost = 0;

  /** Copies the cited entries still in `log` (oldest first, as the session keeps it). */
  keep(seqs: readonly number[], log: () => LogEntry[]): void {
    const wanted = seqs.filter((seq) => !this.kept.has(seq));
    if (!wanted.length) return;
    const bySeq = new Map<number, LogEntry>();
    const want = new Set(wanted);
    for (const entry of log()) if (want.has(entry.seq)) bySeq.set(entry.seq, entry);
    for (const seq of wanted) {
      const entry = bySeq.get(seq);
      if (!entry || this.kept.size >= EVIDENCE_ENTRIES) {
        this.lost++;
        continue;
      }
      const fitted = cutToFit(entry.payload, EVIDENCE_ENTRY_BYTES);
      if (this.bytes + fitted.size > EVIDENCE_BYTES) {
        this.lost++;
        continue;
      }
      this.bytes += fitted.size;
      // The full size is the one the log said (the wire's), when it had cut the message already.
      const cut = fitted.cut ? { bytes: entry.cut?.bytes ?? fitted.cut.bytes, kept: fitted.cut.kept } : entry.cut;
      this.kept.set(seq, { ...entry, payload: fitted.value, ...(cut ? { cut } : {}) });
    }
  }

  entries(): LogEntry[] {
    return [...this.kept.values()].sort((a, b) => a.seq - b.seq);
  }
}
