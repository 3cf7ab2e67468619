// `mcp-task-inspector load` against server-everything's echo over stdio: the figures it prints (latency
// percentiles, throughput, errors by kind, how the server held up), its bounds, and its flags.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { parseCli } from "../../main/cli/args.js";
import { runCli } from "../../main/cli/run.js";

const EVERYTHING = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/dist/index.js");
const server = `${JSON.stringify(process.execPath)} ${JSON.stringify(EVERYTHING)} stdio`;

async function load(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(["load", "--server", server, ...args], { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, onInterrupt: () => () => {} });
  return { code, stdout, stderr };
}

describe("load", () => {
  it("echo, 4 at once for 1 s: every call answered, with p50 ≤ p95 ≤ p99 ≤ max and a throughput", { timeout: 30_000 }, async () => {
    const { code, stdout } = await load("--tool", "echo", "--args", '{"message":"hi"}', "--concurrency", "4", "--duration", "1s", "--json");
    const report = JSON.parse(stdout) as { calls: number; ok: number; throughput: number; latencyMs: Record<string, number>; errors: Record<string, number>; server: { state: string }; concurrency: number };
    expect(report.calls).toBeGreaterThan(0);
    expect(report.ok).toBe(report.calls);
    expect(report.errors).toEqual({});
    expect(report.throughput).toBeGreaterThan(0);
    const { p50, p95, p99, max } = report.latencyMs;
    expect(p50!).toBeLessThanOrEqual(p95!);
    expect(p95!).toBeLessThanOrEqual(p99!);
    expect(p99!).toBeLessThanOrEqual(max!);
    expect(report.server.state).toBe("connected");
    expect(report.concurrency).toBe(4);
    expect(code).toBe(0);
  });

  it("errors are counted by kind: an unknown tool (server-everything answers it with isError) counts as isError, exit 1; the human figures name it", { timeout: 30_000 }, async () => {
    const { code, stdout } = await load("--tool", "no-such-tool", "--duration", "300ms", "--rate", "20");
    expect(stdout).toMatch(/^no-such-tool: \d+ calls in [\d.]+ (ms|s), 1 at once, at most 20\/s$/m);
    expect(stdout).toMatch(/^errors {6}isError \d+$/m);
    expect(stdout).toMatch(/^latency {5}p50 [\d.]+ ms, p95 [\d.]+ ms, p99 [\d.]+ ms/m);
    expect(code).toBe(1);
  });

  it.each([
    [["load", "--server", "s"], /load needs --tool/],
    [["load", "--server", "s", "--tool", "t", "--concurrency", "65"], /--concurrency must be a number above 0 and at most 64/],
    [["load", "--server", "s", "--tool", "t", "--rate", "5000"], /--rate must be/],
    [["load", "--server", "s", "--tool", "t", "--duration", "11m"], /--duration must be 100ms to 10m/],
    [["tools", "--server", "s", "--concurrency", "2"], /are for load, not tools/],
  ])("%j is a usage error", (argv, message) => {
    expect(() => parseCli(argv)).toThrow(message);
  });
});
