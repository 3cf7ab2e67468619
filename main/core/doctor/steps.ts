// Step bookkeeping for the doctor: each step is timed, ends within its bound, and a step that throws is a
// failed step (with the error's words), never a crashed report.
import type { DoctorReport, DoctorStep, DoctorStepStatus, DoctorUse } from "../../../shared/doctor.js";

export interface StepOutcome {
  status: DoctorStepStatus;
  seen: string;
  fix?: string;
  bounded?: boolean;
  use?: DoctorUse;
}

/** A step that cannot go on, with the fix to say. */
export class StepFailure extends Error {
  constructor(
    message: string,
    readonly fix: string,
    readonly bounded = false,
  ) {
    super(message);
  }
}

/** A step that ran past its bound: the step fails and says which bound it was. */
export class BoundReached extends Error {
  constructor(message: string) {
    super(message);
  }
}

export const passed = (seen: string, fix?: string): StepOutcome => ({ status: "passed", seen, ...(fix ? { fix } : {}) });
export const failed = (seen: string, fix: string, bounded?: boolean): StepOutcome => ({ status: "failed", seen, fix, ...(bounded ? { bounded } : {}) });
/** A failed step whose fix is a change to the entry the doctor can name exactly. */
export const failedUse = (seen: string, fix: string, use: DoctorUse): StepOutcome => ({ status: "failed", seen, fix, use });
export const skipped = (seen: string): StepOutcome => ({ status: "skipped", seen });

/** Server text in a step: one line, printable, cut. */
export function quote(text: string, max = 300): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f\u2028\u2029]/g, "?").replace(/\s+/g, " ").trim();
  return clean.length > max ? `${clean.slice(0, max)}… (${clean.length} characters)` : clean;
}

export function seconds(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(ms % 1000 ? 1 : 0)} s` : `${Math.round(ms)} ms`;
}

export class StepLog {
  readonly steps: DoctorStep[] = [];

  constructor(
    private readonly now: () => number,
    private readonly onStep?: (step: DoctorStep) => void,
  ) {}

  /** Run one step: what it returns, or what it throws (a StepFailure, a BoundReached), is its outcome. */
  async run(id: string, title: string, body: () => Promise<StepOutcome> | StepOutcome): Promise<StepOutcome> {
    const started = this.now();
    let outcome: StepOutcome;
    try {
      outcome = await body();
    } catch (error) {
      outcome =
        error instanceof StepFailure
          ? failed(error.message, error.fix, error.bounded)
          : error instanceof BoundReached
          ? failed(error.message, "the step ended on its bound: see what was seen, and check the server's network and load", true)
          : failed(`unexpected error: ${quote(error instanceof Error ? error.message : String(error))}`, "report this: the doctor should have said what went wrong");
    }
    this.add(id, title, outcome, this.now() - started);
    return outcome;
  }

  add(id: string, title: string, outcome: StepOutcome, durationMs = 0): void {
    const step: DoctorStep = { id, title, status: outcome.status, seen: outcome.seen.slice(0, 8000), durationMs: Math.max(0, Math.round(durationMs)) };
    if (outcome.fix) step.fix = outcome.fix.slice(0, 2000);
    if (outcome.bounded) step.bounded = true;
    if (outcome.use) step.use = outcome.use;
    this.steps.push(step);
    this.onStep?.(step);
  }

  skip(id: string, title: string, why: string): void {
    this.add(id, title, skipped(why));
  }

  report(server: string, transport: DoctorReport["transport"]): DoctorReport {
    const count = (status: DoctorStepStatus) => this.steps.filter((s) => s.status === status).length;
    return { server, transport, steps: this.steps, passed: count("passed"), failed: count("failed"), skipped: count("skipped") };
  }
}

/** Race a promise against a deadline; the loser's timer never keeps the process alive. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BoundReached(`${what}: nothing within ${seconds(ms)}`)), ms);
    timer.unref?.();
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
