#!/usr/bin/env node
// `npm run bench`: bundle bench/run.ts (TypeScript, importing main/ and shared/) with vite's build API,
// as an SSR bundle for Node that leaves node_modules external, then run it with --expose-gc so the
// scenarios can read the heap after full collections. Arguments pass through:
//   npm run bench                     every scenario; writes bench/results/ and the table in docs/benchmarks.md
//   npm run bench -- answer scale     only these scenarios (printed, not written)
//   BENCH_QUICK=1 npm run bench       small counts, for working on the bench itself (printed, not written)
//   BENCH_SOAK_SECONDS=3600 npm run bench -- soak   a longer soak (75 s by default, 20 s quick);
//                                     BENCH_SOAK_MIX=rounds or =tasks runs one half of its mix
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUT_DIR = join(ROOT, "node_modules/.cache/mcp-task-inspector-bench");

await build({
  configFile: false,
  root: ROOT,
  logLevel: "warn",
  build: {
    ssr: join(ROOT, "bench/run.ts"),
    outDir: OUT_DIR,
    emptyOutDir: true,
    target: "node20",
    minify: false,
    rollupOptions: { output: { entryFileNames: "run.js" } },
  },
});

const child = spawn(process.execPath, ["--expose-gc", join(OUT_DIR, "run.js"), ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, BENCH_ROOT: ROOT },
});
const stop = (signal) => child.kill(signal);
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
