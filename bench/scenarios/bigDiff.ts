// Scenario 15 (issue 30): `diff` of two big recordings in bounded memory. Two recordings of 250 MB each
// (tools/call echo, ~2 KB answers, every answer stamped with its own day so every call differs: both of
// diff's passes run) are generated into a temp folder and given to the built CLI, run with --trace-gc:
// the heap it keeps (the largest reading after a full collection), its peak, and how long it took.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, now, ROOT } from "../lib/env.js";
import { atMost, figure, type Scenario } from "../lib/results.js";
import { writeBigRecording } from "../../test/helpers/bigRecording.js";

/** The CLI's diff with V8's GC trace: each collection's heap before and after, in MB. */
function tracedDiff(cli: string, a: string, b: string): Promise<{ ms: number; code: number | null; peakMb: number; keptMb: number; unlisted: unknown }> {
  return new Promise((resolve, reject) => {
    const started = now();
    const child = spawn(process.execPath, ["--trace-gc", cli, "diff", a, b, "--json"], { stdio: ["ignore", "pipe", "pipe"] });
    let [out, stderr] = ["", ""];
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`diff exited ${code}: ${stderr.slice(0, 500)}`));
      // The GC trace shares stdout with the document, and V8 may write a trace line in the middle of it:
      // "[pid:0x…]   1234 ms: Mark-Compact 120.3 (141.3) -> 41.8 (…) MB, …" up to its newline.
      const trace = /\[\d+:0x[0-9a-f]+\][^\n]*(\n|$)/g;
      let [peakMb, keptMb] = [0, 0];
      for (const [line] of out.matchAll(trace)) {
        const gc = /: (Scavenge|Mark-Compact)[^\d]*([\d.]+) \([\d.]+\) -> ([\d.]+)/.exec(line);
        if (!gc) continue;
        peakMb = Math.max(peakMb, Number(gc[2]));
        if (gc[1] === "Mark-Compact") keptMb = Math.max(keptMb, Number(gc[3]));
      }
      const document = out.replace(trace, "").trim();
      resolve({ ms: now() - started, code, peakMb, keptMb, unlisted: (JSON.parse(document) as { unlisted?: unknown }).unlisted });
    });
  });
}

export const bigDiff: Scenario = {
  id: "bigDiff",
  title: "18. Recordings: diff of two 250 MB recordings",
  async run() {
    const cli = join(ROOT, "out/main/cli.js");
    if (!existsSync(cli)) throw new Error("out/main/cli.js is missing: run npm run build first");
    const mb = count(250, 25);
    const folder = mkdtempSync(join(tmpdir(), "bench-diff-"));
    try {
      const [a, b] = [join(folder, "a.mcprec"), join(folder, "b.mcprec")];
      const calls = writeBigRecording(a, mb, "2026-11-01");
      writeBigRecording(b, mb, "2026-11-02");
      const run = await tracedDiff(cli, a, b);
      return {
        figures: [
          atMost(`diff ${mb} MB: heap kept (largest after a full GC)`, run.keptMb, "MB", 128, "≤ 128 MB", `two ${mb} MB recordings, ${calls.toLocaleString("en-US")} calls each, every result differing; before issue 30's streaming diff: 1,849 MB peak heap, 3.1 GB RSS`),
          figure(`diff ${mb} MB: peak heap used (before a collection)`, run.peakMb, "MB", { note: "what V8 let accumulate between collections, with its default limits" }),
          figure(`diff ${mb} MB: time`, run.ms, "ms", { note: "both passes over both files (the second for the values of the 1,000 calls listed)" }),
        ],
        notes: ["diff --json of two generated recordings by the built CLI, run with node --trace-gc; the heap figures are read from its GC trace (used heap before and after each collection)."],
        details: { calls, ...run },
      };
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
