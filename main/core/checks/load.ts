// Load: one tool called over and over on a connected session, by N workers at once and at most R calls a
// second, for a duration: latency percentiles, throughput, errors by kind, and how the server held up.
// Bounded so it cannot hurt the machine running it: workers, rate, duration and the number of calls
// (and so the latencies kept) all have a ceiling.
import type { Session } from "../session.js";
import { isObject } from "./text.js";

export const LOAD_LIMITS = { concurrency: 64, rate: 2_000, durationMs: 600_000, calls: 200_000 };

export interface LoadOptions {
  tool: string;
  arguments: Record<string, unknown>;
  concurrency: number;
  /** Calls a second, all workers together (undefined: as fast as the server answers). */
  rate?: number;
  durationMs: number;
  /** One call's time-out. */
  timeoutMs: number;
  /** Each second, the figures so far and those of the calls that ended in that second (the live chart). */
  onTick?: (tick: LoadTickFigures) => void;
  /** Ends the run early (the Load panel's Stop): no new call starts, the calls in flight are awaited. */
  signal?: AbortSignal;
}

export interface LoadTickFigures {
  elapsedMs: number;
  calls: number;
  errors: number;
  second: { calls: number; errors: number; p50: number | null; p95: number | null };
}

export interface LoadReport {
  tool: string;
  concurrency: number;
  rate: number | null;
  durationMs: number;
  calls: number;
  ok: number;
  /** Calls a second over the whole run. */
  throughput: number;
  latencyMs: { p50: number | null; p95: number | null; p99: number | null; max: number | null };
  /** "timeout", "isError", "jsonrpc -32602", "closed"… with how many. */
  errors: Record<string, number>;
  server: { state: string; stderrLines: number; reason?: string };
  /** A bound the run reached (the call ceiling), said rather than hidden. */
  bounded?: string;
  /** Stopped by the user before its duration. */
  stopped?: boolean;
}

function percentile(sorted: number[], p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The most error kinds a report names: a server answering a new error code each call must not grow it without end. */
export const MAX_ERROR_KINDS = 20;
export const OTHER_KINDS = "other kinds";

/** One more error of `kind`; past MAX_ERROR_KINDS kinds, a new kind is counted under OTHER_KINDS. */
export function countError(errors: Record<string, number>, kind: string): void {
  const key = Object.hasOwn(errors, kind) || Object.keys(errors).length < MAX_ERROR_KINDS ? kind : OTHER_KINDS;
  errors[key] = (errors[key] ?? 0) + 1;
}

const round = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

export async function runLoad(session: Session, options: LoadOptions): Promise<LoadReport> {
  const concurrency = Math.max(1, Math.min(LOAD_LIMITS.concurrency, Math.floor(options.concurrency)));
  const rate = options.rate === undefined ? undefined : Math.max(0.1, Math.min(LOAD_LIMITS.rate, options.rate));
  const durationMs = Math.max(1, Math.min(LOAD_LIMITS.durationMs, options.durationMs));
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  const stderrBefore = session.logSnapshot().stderr.length;
  let issued = 0;
  let ok = 0;
  let bounded: string | undefined;
  const started = performance.now();
  const deadline = started + durationMs;
  // The calls that ended since the last tick: one second's throughput, errors and latencies.
  let second: number[] = [];
  let secondErrors = 0;
  const tick = () => {
    const sorted = second.sort((a, b) => a - b);
    const figures = { calls: sorted.length, errors: secondErrors, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)) };
    second = [];
    secondErrors = 0;
    options.onTick!({ elapsedMs: Math.round(performance.now() - started), calls: latencies.length, errors: Object.values(errors).reduce((a, b) => a + b, 0), second: figures });
  };
  const ticker = options.onTick ? setInterval(tick, 1000) : undefined;
  const fail = (kind: string) => {
    countError(errors, kind);
    secondErrors++;
  };
  const ended = (ms: number) => {
    latencies.push(ms);
    if (ticker) second.push(ms);
  };
  const stopped = () => options.signal?.aborted === true;
  /** Waits `ms`, or less when the run is stopped meanwhile. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", done);
        resolve();
      }
      options.signal?.addEventListener("abort", done, { once: true });
    });

  const worker = async () => {
    for (;;) {
      if (performance.now() >= deadline || session.state.state !== "connected" || stopped()) return;
      if (issued >= LOAD_LIMITS.calls) {
        bounded = `stopped at ${LOAD_LIMITS.calls.toLocaleString("en-US")} calls (the load's ceiling)`;
        return;
      }
      const slot = issued++;
      if (rate !== undefined) {
        // Call `slot` starts no sooner than slot / rate seconds into the run.
        const wait = started + (slot * 1000) / rate - performance.now();
        if (wait > 0) await pause(wait);
        if (performance.now() >= deadline || stopped()) return;
      }
      const t0 = performance.now();
      try {
        const result = await session.rawRequest("tools/call", { name: options.tool, arguments: options.arguments }, options.timeoutMs);
        ended(performance.now() - t0);
        if (isObject(result) && result.isError === true) fail("isError");
        else ok++;
      } catch (error) {
        ended(performance.now() - t0);
        const e = error as { code?: unknown; data?: unknown };
        if (e.code === -32001 && isObject(e.data) && typeof e.data.timeout === "number") fail("timeout");
        else if (session.state.state !== "connected") fail("connection closed");
        else fail(typeof e.code === "number" ? `jsonrpc ${e.code}` : "other");
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    clearInterval(ticker);
  }
  // The calls that ended after the last whole second: the seconds add up to the run's calls.
  if (ticker && second.length) tick();
  const elapsed = performance.now() - started;
  const sorted = [...latencies].sort((a, b) => a - b);
  const info = session.state;
  return {
    tool: options.tool,
    concurrency,
    rate: rate ?? null,
    durationMs,
    calls: latencies.length,
    ok,
    throughput: Math.round((latencies.length / (elapsed / 1000)) * 10) / 10,
    latencyMs: { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted.length ? sorted[sorted.length - 1]! : null) },
    errors,
    server: { state: info.state, stderrLines: Math.max(0, session.logSnapshot().stderr.length - stderrBefore), ...(info.reason ? { reason: info.reason.slice(0, 500) } : {}) },
    ...(bounded ? { bounded } : {}),
    ...(stopped() ? { stopped: true } : {}),
  };
}
