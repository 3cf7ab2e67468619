#!/usr/bin/env node
// The vitest suite on a machine that is busy with other work, as CI's shared runners are: one busy-loop
// process per core runs beside the suite for its whole length, then is stopped.
//
//   npm run test:loaded                         the whole suite (build first: the e2e tests run out/)
//   npm run test:loaded -- test/unit/x.test.ts  only these files (anything after -- goes to vitest)
//   BUSY_LOOPS=4 npm run test:loaded            another number of busy loops (default: one per core)
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const loops = Number.parseInt(process.env.BUSY_LOOPS ?? "", 10) || availableParallelism();

// A loop that never yields the core it runs on; it ends when its parent's pipe closes, so a killed
// script leaves no loop behind either.
const busySource = `process.stdin.on("close", () => process.exit(0)); process.stdin.resume(); const spin = () => { const end = Date.now() + 50; while (Date.now() < end); setImmediate(spin); }; spin();`;
const busy = Array.from({ length: loops }, () => spawn(process.execPath, ["-e", busySource], { stdio: ["pipe", "ignore", "inherit"] }));

function stopBusy() {
  for (const child of busy) {
    child.stdin?.end();
    if (child.exitCode === null) child.kill();
  }
}

const started = performance.now();
console.log(`test:loaded: ${loops} busy loop${loops === 1 ? "" : "s"} started beside the suite`);
const vitest = spawn(process.execPath, [fileURLToPath(new URL("../node_modules/vitest/vitest.mjs", import.meta.url)), "run", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    vitest.kill(signal);
    stopBusy();
  });
}
vitest.on("exit", (code, signal) => {
  stopBusy();
  const minutes = (performance.now() - started) / 60_000;
  console.log(`test:loaded: vitest ${signal ? `ended by ${signal}` : `exited with ${code}`} after ${minutes.toFixed(1)} min with ${loops} busy loop${loops === 1 ? "" : "s"} beside it`);
  process.exit(code ?? 1);
});
