// Where the bench runs and how big it runs: the repository root (the launcher passes it), quick mode
// for development (BENCH_QUICK=1: small counts, figures not worth publishing), and the shared clock.
import { join } from "node:path";

export const ROOT = process.env.BENCH_ROOT ?? process.cwd();
export const BENCH_SERVER = join(ROOT, "bench/server.mjs");
export const QUICK = process.env.BENCH_QUICK === "1";

/** The full count, or the small one in quick mode. */
export function count(full: number, quick: number): number {
  return QUICK ? quick : full;
}

/**
 * Milliseconds on the monotonic clock. process.hrtime reads CLOCK_MONOTONIC, which every process on the
 * machine shares, so a moment seen here compares directly with one the benchmark server saw.
 */
export function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolve after pending I/O callbacks and microtasks of this turn have run. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Poll `check` every `everyMs` until it is true; throws after `timeoutMs`. */
export async function waitUntil(check: () => boolean, what: string, timeoutMs = 120_000, everyMs = 20): Promise<void> {
  const deadline = now() + timeoutMs;
  while (!check()) {
    if (now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}
