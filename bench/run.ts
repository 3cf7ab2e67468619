// The bench runner. Each scenario runs in a fresh Node process (its own heap, so one scenario's garbage
// never shows up in another's memory figures, and a crash costs one row, not the table). The runner
// collects their figures and writes bench/results/latest.{json,md} and the table in docs/benchmarks.md.
//
// Started by bench/run.mjs (which bundles this file); `--scenario <id> --out <file>` is the child mode.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { QUICK, ROOT, now } from "./lib/env.js";
import { ensureRendererBuilt } from "./lib/build.js";
import { markdownNotes, markdownTable, misses, type Scenario, type ScenarioResult } from "./lib/results.js";

interface Entry {
  id: string;
  title: string;
  /** Opens the built UI in Chromium: the runner builds it first when it is missing or stale. */
  needsUi?: boolean;
  /** Loaded only in the scenario's own process, so no process carries another scenario's modules (Playwright is ~25 MB of heap). */
  load(): Promise<Scenario>;
  /** A scenario whose length is chosen (the soak) needs its own limit. */
  timeLimitMs?: number;
}

const SCENARIOS: Entry[] = [
  { id: "answer", title: "1. Answer → result", load: async () => (await import("./scenarios/answerToResult.js")).answerToResult },
  { id: "create", title: "2. Request → CreateTaskResult", load: async () => (await import("./scenarios/requestToCreateTask.js")).requestToCreateTask },
  { id: "scale", title: "3. Scale: 10,000 live receiver tasks", load: async () => (await import("./scenarios/scale.js")).scale },
  { id: "flood", title: "4. Event flood: 10,000 status changes/s", needsUi: true, load: async () => (await import("./scenarios/eventFlood.js")).eventFlood },
  { id: "log", title: "5. Log: 100,000 protocol messages", load: async () => (await import("./scenarios/log.js")).log },
  { id: "start", title: "6. Start", needsUi: true, load: async () => (await import("./scenarios/start.js")).start },
  { id: "modern", title: "7. 2026-07-28: answers, rounds, probe, 1,000 tasks", needsUi: true, load: async () => (await import("./scenarios/modern.js")).modern },
  { id: "timeline", title: "8. Task timeline: 1,000 events", needsUi: true, load: async () => (await import("./scenarios/timeline.js")).timeline },
  { id: "bytes", title: "9. Memory: 1,000 × 4 MB log notifications", load: async () => (await import("./scenarios/bytes.js")).bytes },
  { id: "apps", title: "10. MCP Apps: run → App initialized, bridge tools/call", needsUi: true, load: async () => (await import("./scenarios/apps.js")).apps },
  { id: "recordings", title: "11. Recordings: cost, open 100,000, replay", load: async () => (await import("./scenarios/recordings.js")).recordings },
  { id: "dialog", title: "12. Request dialog: event in the page → dialog shown", needsUi: true, load: async () => (await import("./scenarios/requestDialog.js")).requestDialog },
  { id: "load", title: "13. Load: echo throughput vs a bare SDK client", load: async () => (await import("./scenarios/load.js")).load },
  { id: "soak", title: "14. Soak: a long session under a steady mix", needsUi: true, timeLimitMs: (Number(process.env.BENCH_SOAK_SECONDS) || 75) * 1000 + 300_000, load: async () => (await import("./scenarios/soak.js")).soak },
  { id: "biglists", title: "15. Big lists: 100,000 tools, filter per keystroke", needsUi: true, load: async () => (await import("./scenarios/bigLists.js")).bigLists },
  { id: "bigresult", title: "16. A 10 MB tool result with a 1 MB string field", needsUi: true, load: async () => (await import("./scenarios/bigResult.js")).bigResult },
  { id: "logsearch", title: "17. Log search: 5,000 messages of 256 KB", needsUi: true, load: async () => (await import("./scenarios/logSearch.js")).logSearch },
  { id: "bigDiff", title: "18. Recordings: diff of two 250 MB recordings", timeLimitMs: 600_000, load: async () => (await import("./scenarios/bigDiff.js")).bigDiff },
];
const SCENARIO_TIME_LIMIT_MS = 240_000;
const TABLE_START = "<!-- bench:start -->";
const TABLE_END = "<!-- bench:end -->";

interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  platform: string;
  date: string;
  quick: boolean;
}

async function runChild(): Promise<void> {
  const { values } = parseArgs({ options: { scenario: { type: "string" }, out: { type: "string" } }, strict: false });
  const entry = SCENARIOS.find((s) => s.id === values.scenario);
  if (!entry) throw new Error(`Unknown scenario ${String(values.scenario)}`);
  const started = now();
  let result: ScenarioResult;
  try {
    const scenario = await entry.load();
    result = { id: entry.id, title: scenario.title, ...(await scenario.run()) };
  } catch (error) {
    result = { id: entry.id, title: entry.title, figures: [], notes: [], error: (error as Error).stack ?? String(error) };
  }
  result.durationMs = now() - started;
  await writeFile(String(values.out), JSON.stringify(result));
  // Servers, sockets and browsers are closed by the scenario; do not wait on anything left over.
  process.exit(0);
}

function runScenario(scenario: Entry, dir: string): Promise<ScenarioResult> {
  const out = join(dir, `${scenario.id}.json`);
  const started = now();
  return new Promise((resolve) => {
    // A group of its own, so a scenario stopped at its limit takes its browser and servers with it: left
    // running, they would weigh on every scenario after it.
    const child = spawn(process.execPath, ["--expose-gc", process.argv[1] as string, "--scenario", scenario.id, "--out", out], {
      stdio: ["ignore", "inherit", "inherit"],
      env: process.env,
      detached: true,
    });
    const limitMs = scenario.timeLimitMs ?? SCENARIO_TIME_LIMIT_MS;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    };
    const timer = setTimeout(killGroup, limitMs);
    // Ctrl+C on the bench stops the scenario's group too (it is no longer in the terminal's), then the bench.
    const onInterrupt = () => {
      killGroup();
      process.exit(130);
    };
    process.once("SIGINT", onInterrupt);
    child.on("exit", async (code, signal) => {
      clearTimeout(timer);
      process.off("SIGINT", onInterrupt);
      try {
        resolve(JSON.parse(await readFile(out, "utf8")) as ScenarioResult);
      } catch {
        const why = signal === "SIGKILL" ? `killed after ${limitMs / 1000} s` : `exited with ${code ?? signal} before reporting`;
        resolve({ id: scenario.id, title: scenario.title, figures: [], notes: [], error: why, durationMs: now() - started });
      }
    });
  });
}

function machine(): Machine {
  return {
    cpu: cpus()[0]?.model.trim() ?? "unknown",
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    date: new Date().toISOString(),
    quick: QUICK,
  };
}

function missesLine(results: ScenarioResult[]): string {
  const missed = misses(results);
  return missed.length === 0 ? "Every target was met." : `Missed: ${missed.map((x) => `${x.scenario.replace(/:.*$/, "")}: ${x.figure.name}`).join("; ")}.`;
}

function report(m: Machine, results: ScenarioResult[]): string {
  const errors = results.filter((r) => r.error);
  return [
    "# Benchmark results",
    "",
    `Measured ${m.date.slice(0, 16).replace("T", " ")} UTC on ${m.cpu} (${m.cores} cores, ${m.memoryGb} GB), Node ${m.node}, ${m.platform}${m.quick ? " — QUICK MODE, small counts" : ""}.`,
    "",
    markdownTable(results),
    "",
    missesLine(results),
    ...(errors.length ? ["", `Did not complete: ${errors.map((r) => `${r.title} (${r.error?.split("\n")[0]})`).join("; ")}.`] : []),
    "",
    "How each figure was measured:",
    "",
    markdownNotes(results),
    "",
  ].join("\n");
}

/** The table between the markers in docs/benchmarks.md (the README links there). */
async function updateBenchmarksPage(m: Machine, results: ScenarioResult[]): Promise<void> {
  const path = join(ROOT, "docs/benchmarks.md");
  const page = await readFile(path, "utf8");
  const body = [
    TABLE_START,
    `Measured ${m.date.slice(0, 10)} with \`npm run bench\` on ${m.cpu} (${m.cores} cores), Node ${m.node}. Figures from a shared or busy machine are noisy; `
      + "the notes under the table in [bench/results/latest.md](../bench/results/latest.md) say how each was taken.",
    "",
    markdownTable(results),
    "",
    missesLine(results),
    TABLE_END,
  ].join("\n");
  const startAt = page.indexOf(TABLE_START);
  const endAt = page.indexOf(TABLE_END);
  const next =
    startAt >= 0 && endAt > startAt
      ? page.slice(0, startAt) + body + page.slice(endAt + TABLE_END.length)
      : `${page.replace(/\s*$/, "")}\n\n${body}\n`;
  await writeFile(path, next);
}

async function runAll(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true, strict: false });
  const chosen = positionals.length ? SCENARIOS.filter((s) => positionals.includes(s.id)) : SCENARIOS;
  if (chosen.length === 0) throw new Error(`No such scenario; choose from ${SCENARIOS.map((s) => s.id).join(", ")}`);
  const publish = !QUICK && chosen.length === SCENARIOS.length;
  const started = now();
  if (chosen.some((s) => s.needsUi)) await ensureRendererBuilt();

  const dir = await mkdtemp(join(tmpdir(), "inspector-bench-"));
  const results: ScenarioResult[] = [];
  for (const scenario of chosen) {
    process.stderr.write(`bench: ${scenario.title}…\n`);
    const result = await runScenario(scenario, dir);
    process.stderr.write(`bench: ${scenario.title} ${result.error ? "FAILED" : "done"} in ${((result.durationMs ?? 0) / 1000).toFixed(1)} s\n`);
    results.push(result);
  }
  await rm(dir, { recursive: true, force: true });

  const m = machine();
  const text = report(m, results);
  process.stdout.write(`\n${text}\n`);
  for (const r of results.filter((x) => x.error)) process.stderr.write(`\n${r.title} failed:\n${r.error}\n`);
  if (publish) {
    await mkdir(join(ROOT, "bench/results"), { recursive: true });
    await writeFile(join(ROOT, "bench/results/latest.json"), `${JSON.stringify({ machine: m, totalMs: now() - started, results }, null, 2)}\n`);
    await writeFile(join(ROOT, "bench/results/latest.md"), text);
    await updateBenchmarksPage(m, results);
    process.stderr.write(`bench: wrote bench/results/latest.{json,md} and the table in docs/benchmarks.md in ${((now() - started) / 1000).toFixed(0)} s\n`);
  } else {
    process.stderr.write("bench: quick mode or a subset of scenarios: results printed, not written\n");
  }
}

const isChild = process.argv.includes("--scenario");
(isChild ? runChild() : runAll()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
