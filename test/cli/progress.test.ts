// Long work from the command line: progress drawn on one redrawn line when stderr is a terminal (a real
// pseudo-terminal, through util-linux `script`), nothing extra when piped; Ctrl+C cancels what is in flight
// (notifications/cancelled, tasks/cancel) and exits 130 after disconnecting.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, command, everythingStdio, fixtureStdio, jsonOf, newConfigDir, runCli, startCli, startHttpFixture, type ServerProcess } from "./harness.js";

let legacy: ServerProcess;
let modernHttp: ServerProcess;
beforeAll(async () => {
  [legacy, modernHttp] = await Promise.all([startHttpFixture("cli-http-server.mjs"), startHttpFixture("modern/modern-http-server.mjs")]);
});
afterAll(async () => {
  await Promise.all([legacy?.stop(), modernHttp?.stop()]);
});

/** Runs the CLI with stdout and stderr on a pseudo-terminal; what the terminal showed comes back. */
function runOnTerminal(args: string[]): Promise<{ code: number | null; screen: string }> {
  const line = command(process.execPath, CLI, ...args);
  const child = spawn("script", ["-qec", line, "/dev/null"], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, MCP_TASK_INSPECTOR_CONFIG_DIR: newConfigDir(), COLUMNS: "80" } });
  let screen = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (screen += chunk));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, screen })));
}

const LONG = ["call", "trigger-long-running-operation", "--args", '{"duration":1,"steps":4}', "--server", everythingStdio];

describe("CLI progress", () => {
  it("on a terminal: notifications/progress redrawn on one line (carriage return, erase line), then erased before the result", async () => {
    const { code, screen } = await runOnTerminal(LONG);
    expect(code).toBe(0);
    for (const step of ["25% (1/4)", "50% (2/4)", "75% (3/4)", "100% (4/4)"]) expect(screen).toContain(`\r\x1b[2KProgress ${step}`);
    // The progress line never ends a line of its own: the next one draws over it, and the result starts clean.
    expect(screen).not.toMatch(/Progress[^\r]*\n/);
    expect(screen).toMatch(/\r\x1b\[2KLong running operation completed\. Duration: 1 seconds, Steps: 4\./);
  });

  it("piped: nothing extra on stderr (no progress, no control characters), the result alone on stdout", async () => {
    const ran = await runCli(LONG);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toBe("Long running operation completed. Duration: 1 seconds, Steps: 4.\n");
    expect(ran.stderr).not.toContain("Progress");
    expect(ran.stderr).not.toMatch(/[\r\x1b]/);
  });
});

describe("CLI Ctrl+C", () => {
  it("a tool call in flight: notifications/cancelled for its request reaches the server, then exit 130", async () => {
    const running = startCli(["call", "slow", "--server", legacy.url]);
    await legacy.nextLine(/^call slow$/);
    running.child.kill("SIGINT");
    const cancelled = await legacy.nextLine(/^cancelled /);
    expect(JSON.parse(cancelled.slice("cancelled ".length))).toEqual({ requestId: expect.anything(), reason: "Cancelled by the user" });
    const ran = await running.exited;
    expect(ran.code).toBe(130);
    expect(ran.stdout).toBe("");
    expect(ran.stderr).toMatch(/Cancelling the request in flight…\nInterrupted\n$/);
  });

  it("a legacy task this run started: tasks/cancel, so the server has it cancelled, then exit 130", async () => {
    const running = startCli(["call", "job", "--args", '{"workMs":-1}', "--task", "--server", legacy.url, "--json"]);
    const [, taskId] = (await running.stderrMatches(/Task (\S+) working/)) as [string, string];
    running.child.kill("SIGINT");
    const ran = await running.exited;
    expect(ran.code).toBe(130);
    // --json still gives its one document: the task as last seen, and why the run ended.
    expect(jsonOf(ran)).toEqual({ task: expect.objectContaining({ taskId, status: "cancelled" }), error: { message: "Interrupted (Ctrl+C)" } });
    const after = await runCli(["task", "get", taskId, "--server", legacy.url, "--json"]);
    expect(jsonOf(after)).toEqual({ task: expect.objectContaining({ taskId, status: "cancelled", statusMessage: "Cancelled by the client" }) });
  });

  it("M6: a 2026-07-28 task this run started: tasks/cancel the modern way, then exit 130", async () => {
    const running = startCli(["call", "task-hang", "--server", modernHttp.url]);
    const [, taskId] = (await running.stderrMatches(/Task (task-\d+-hang) working/)) as [string, string];
    running.child.kill("SIGINT");
    const ran = await running.exited;
    expect(ran.code).toBe(130);
    expect(ran.stderr).toContain(`Cancelling task ${taskId}…`);
    const after = await runCli(["task", "get", taskId, "--server", modernHttp.url, "--json"]);
    expect(jsonOf(after)).toEqual({ task: expect.objectContaining({ taskId, status: "cancelled", statusMessage: "cancelled on request" }) });
  });

  it("while the server is starting (stdio): the server is stopped and the CLI exits 130", async () => {
    const running = startCli(["call", "echo", "--args", '{"message":"x"}', "--server", fixtureStdio("modern/modern-server.mjs", "--modern-only")]);
    await running.stderrMatches(/Connecting to /);
    running.child.kill("SIGINT");
    expect((await running.exited).code).toBe(130);
  });
});
