// A machine busy with other work, as CI's shared runners are (issue 33): one busy-loop child process per
// core beside a measurement, as `npm run test:loaded` runs beside the suite. Each ends when its stdin
// closes, so a bench that dies leaves no loop behind.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

const BUSY = `process.stdin.on("close", () => process.exit(0)); process.stdin.resume(); const spin = () => { const end = Date.now() + 50; while (Date.now() < end); setImmediate(spin); }; spin();`;

/** Runs `measure` with `loops` busy loops beside it (default: one per core), stopping them after. */
export async function withBusyCores<T>(measure: () => Promise<T>, loops = availableParallelism()): Promise<T> {
  const busy = Array.from({ length: loops }, () => spawn(process.execPath, ["-e", BUSY], { stdio: ["pipe", "ignore", "inherit"] }));
  try {
    return await measure();
  } finally {
    for (const child of busy) {
      child.stdin?.end();
      if (child.exitCode === null) child.kill();
    }
  }
}
