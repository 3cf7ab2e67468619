// `mcp-task-inspector load` beyond stdio on 2025-11-25: the check fixture over stdio on 2026-07-28 and over
// Streamable HTTP in both eras (the calls go through each era's driver), and how a server that holds up
// badly is reported: calls that time out are counted as `timeout`, never as answers, and a server that dies
// mid-run is `disconnected` with its stderr counted. Real servers (test/fixtures/checks/check-target.mjs).
import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../../main/cli/run.js";
import { startListeningFixture } from "../helpers/servers.js";
import { fixtureStdio } from "./harness.js";

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill();
});

interface LoadDoc {
  calls: number;
  ok: number;
  errors: Record<string, number>;
  latencyMs: Record<string, number>;
  server: { state: string; reason?: string; stderrLines: number };
}

async function load(server: string, ...args: string[]): Promise<{ code: number; doc: LoadDoc }> {
  let stdout = "";
  const code = await runCli(["load", "--server", server, "--tool", "echo", "--args", '{"text":"x"}', "--json", "--quiet", "--config-dir", mkdtempSync(join(tmpdir(), "load-")), ...args], {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: () => {} },
    onInterrupt: () => () => {},
  });
  return { code, doc: JSON.parse(stdout) as LoadDoc };
}

function everyCallAnswered({ code, doc }: { code: number; doc: LoadDoc }): void {
  expect(doc.calls).toBeGreaterThan(0);
  expect(doc.ok).toBe(doc.calls);
  expect(doc.errors).toEqual({});
  expect(doc.server.state).toBe("connected");
  expect(code).toBe(0);
}

describe("load in both eras, over stdio and Streamable HTTP", () => {
  it("stdio, 2026-07-28: every call answered", { timeout: 60_000 }, async () => {
    everyCallAnswered(await load(fixtureStdio("checks/check-target.mjs"), "--era", "2026-07-28", "--concurrency", "4", "--duration", "500ms"));
  });

  for (const era of ["2025-11-25", "2026-07-28"]) {
    it(`Streamable HTTP, ${era}: every call answered`, { timeout: 60_000 }, async () => {
      const url = await startListeningFixture("checks/check-target.mjs", ["--http"], children);
      everyCallAnswered(await load(url, "--era", era, "--concurrency", "4", "--duration", "500ms"));
    });
  }
});

describe("how the server held up", () => {
  // --timeout is every request's, the opening's too: long enough for a busy machine to start the server.
  it("a tool that never answers: each call ends at the time-out and counts as `timeout`, none as an answer; exit 1", { timeout: 60_000 }, async () => {
    const { code, doc } = await load(fixtureStdio("checks/check-target.mjs", "--defect", "call-hangs"), "--era", "2025-11-25", "--concurrency", "2", "--duration", "500ms", "--timeout", "3000");
    expect(doc.calls).toBeGreaterThan(0);
    expect(doc.ok).toBe(0);
    expect(doc.errors).toEqual({ timeout: doc.calls });
    expect(doc.server.state).toBe("connected");
    expect(code).toBe(1);
  });

  it("a server that exits at the first call: the calls count as `connection closed`, the server is disconnected with why, its stderr counted; exit 1", { timeout: 60_000 }, async () => {
    const { code, doc } = await load(fixtureStdio("checks/check-target.mjs", "--defect", "crash"), "--era", "2025-11-25", "--concurrency", "2", "--duration", "500ms");
    expect(doc.ok).toBe(0);
    expect(Object.keys(doc.errors)).toEqual(["connection closed"]);
    expect(doc.server).toMatchObject({ state: "disconnected", reason: expect.stringContaining("exited with code 3") });
    expect(code).toBe(1);
  });

  it("a server that exits at the first call, asked for 30 s: the human figures give the time actually run, not the 30 s, and say it stopped early and why; --json has it as elapsedMs", { timeout: 60_000 }, async () => {
    let stdout = "";
    const code = await runCli(["load", "--server", fixtureStdio("checks/check-target.mjs", "--defect", "crash"), "--tool", "echo", "--args", '{"text":"x"}', "--era", "2025-11-25", "--concurrency", "2", "--duration", "30s", "--quiet", "--config-dir", mkdtempSync(join(tmpdir(), "load-"))], {
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: () => {} },
      onInterrupt: () => () => {},
    });
    const first = stdout.split("\n")[0]!;
    expect(first).toMatch(/^echo: \d+ calls in [\d.]+ (ms|s) of the 30 s asked, stopped early: the server is disconnected \(.*exited with code 3.*\), 2 at once$/);
    expect(first).not.toMatch(/calls in 30 s/);
    expect(code).toBe(1);
    const { doc } = await load(fixtureStdio("checks/check-target.mjs", "--defect", "crash"), "--era", "2025-11-25", "--duration", "30s");
    const ran = doc as LoadDoc & { durationMs: number; elapsedMs: number };
    expect(ran.durationMs).toBe(30_000);
    // What ended it is the server going away, said beside the time run (no bound on the time itself).
    expect(ran.elapsedMs).toEqual(expect.any(Number));
    expect(ran.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(doc.server).toMatchObject({ state: "disconnected", reason: expect.stringContaining("exited with code 3") });
  });
});
