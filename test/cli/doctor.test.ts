// `doctor` from the command line, the built CLI as a child process: exit 0 when no step failed (server-everything
// over stdio and Streamable HTTP), 1 when one did (with the fix printed), 2 on usage.
import { afterEach, describe, expect, it } from "vitest";
import type { DoctorReport } from "../../shared/doctor.js";
import { everythingStdio, fixtureStdio, jsonOf, runCli, startEverythingHttp, type ServerProcess } from "./harness.js";

const started: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop()));
});

describe("CLI doctor", () => {
  it("server-everything over stdio: exit 0, one JSON document, every step passed", async () => {
    const ran = await runCli(["doctor", "--server", everythingStdio, "--json"]);
    expect(ran.code).toBe(0);
    const report = jsonOf(ran) as unknown as DoctorReport;
    expect(report).toMatchObject({ transport: "stdio", passed: 6, failed: 0, skipped: 0 });
    expect(ran.stderr).toContain("pass stdio.handshake");
  });

  it("server-everything over Streamable HTTP: exit 0", async () => {
    const everything = await startEverythingHttp();
    started.push(everything);
    const ran = await runCli(["doctor", "--server", everything.url, "--quiet"]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^pass {2}The endpoint answers a POST \(\d+ ms\)$/m);
    expect(ran.stderr).toBe("");
  });

  it("a server that exits: exit 1, the failed step with what was seen and the fix", async () => {
    const ran = await runCli(["doctor", "--server", fixtureStdio("doctor/stdio-server.mjs", "exits"), "--quiet"]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(/^FAIL {2}The process starts and stays up \(\d+ ms\)\n {6}started \(pid \d+\), then exited with code 3 .*API_KEY is not set/m);
    expect(ran.stdout).toContain("      Fix: Run the command in a terminal to see why it stops");
    expect(ran.stdout).toMatch(/\d passed, 2 failed, 3 skipped\n$/);
  });

  it.each([
    [["doctor"], "doctor needs --server <name|command|url>"],
    [["doctor", "--server", "x", "--bogus"], "Unknown option '--bogus'"],
    [["doctor", "--server", "x", "--era", "1999"], '--era must be auto, 2025-11-25 or 2026-07-28, not "1999"'],
  ])("usage errors exit 2: %j", async (args, says) => {
    const ran = await runCli([...args, "--json"]);
    expect(ran.code).toBe(2);
    expect(jsonOf(ran)).toEqual({ error: { message: expect.stringContaining(says) } });
  });
});
