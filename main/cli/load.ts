// `mcp-task-inspector load`: one tool under load (main/core/checks/load.ts), its figures on stdout (human
// lines or --json); exit 1 when a call failed or the server did not stay connected, else 0.
import type { InspectorCore } from "../core/inspectorCore.js";
import { runLoad, type LoadReport } from "../core/checks/load.js";
import type { CliArgs } from "./args.js";
import { printable } from "./human.js";

/** The report, with the time the run actually took (the asked duration is `durationMs`). */
export type LoadOutcome = { report: LoadReport & { elapsedMs: number }; exitCode: number };

export async function runLoadCommand(core: InspectorCore, sessionId: string, args: CliArgs, status: (line: string, always?: boolean) => void): Promise<LoadOutcome> {
  const load = args.load!;
  const started = performance.now();
  status(`Calling ${load.tool} with ${load.concurrency} at once${load.rate ? `, at most ${load.rate}/s` : ""}, for ${load.durationMs / 1000} s…`);
  const report = await runLoad(core.session(sessionId), {
    tool: load.tool,
    arguments: args.args,
    concurrency: load.concurrency,
    ...(load.rate !== undefined ? { rate: load.rate } : {}),
    durationMs: load.durationMs,
    timeoutMs: args.timeoutMs ?? 30_000,
    onTick: (t) => status(`${(t.elapsedMs / 1000).toFixed(0)} s: ${t.calls} calls, ${t.errors} errors`),
  });
  const elapsedMs = Math.round(performance.now() - started);
  const failed = Object.values(report.errors).reduce((a, b) => a + b, 0);
  return { report: { ...report, elapsedMs }, exitCode: failed || report.server.state !== "connected" ? 1 : 0 };
}

/** Why a run ended before its duration, or undefined when it ran it all. */
function stoppedEarly(report: LoadReport): string | undefined {
  if (report.server.state !== "connected") return `the server is ${printable(report.server.state)}${report.server.reason ? ` (${printable(report.server.reason)})` : ""}`;
  if (report.stopped) return "stopped by the user";
  return report.bounded ? printable(report.bounded) : undefined;
}

const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`);

export function printLoadHuman(report: LoadOutcome["report"], write: (text: string) => void): void {
  const l = report.latencyMs;
  // The time actually run, which the throughput is over; a run that ended early says why.
  const early = stoppedEarly(report);
  write(`${printable(report.tool)}: ${report.calls} calls in ${duration(report.elapsedMs)}${early ? ` of the ${duration(report.durationMs)} asked, stopped early: ${early}` : ""}, ${report.concurrency} at once${report.rate ? `, at most ${report.rate}/s` : ""}\n`);
  write(`throughput  ${report.throughput} calls/s\n`);
  write(`latency     p50 ${l.p50} ms, p95 ${l.p95} ms, p99 ${l.p99} ms, max ${l.max} ms\n`);
  const errors = Object.entries(report.errors);
  write(`errors      ${errors.length ? errors.map(([k, n]) => `${printable(k)} ${n}`).join(", ") : "none"}\n`);
  write(`server      ${report.server.state}${report.server.reason ? ` (${printable(report.server.reason)})` : ""}, ${report.server.stderrLines} stderr lines during the run\n`);
  if (report.bounded) write(`bounded     ${report.bounded}\n`);
}
