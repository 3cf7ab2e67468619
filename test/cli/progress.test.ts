// Long work from the command line: progress drawn on one redrawn line when stderr is a terminal (a real
// pseudo-terminal, through util-linux `script`), nothing extra when piped; Ctrl+C cancels what is in flight
// (notifications/cancelled, tasks/cancel) and exits 130 after disconnecting.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSIX_SIGNALS, UTIL_LINUX_SCRIPT } from "../helpers/platform.js";
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
  it.runIf(UTIL_LINUX_SCRIPT)("on a terminal: notifications/progress redrawn on one line (carriage return, erase line), then erased before the result", async () => {
    const { code, screen } = await runOnTerminal(LONG);
    expect(code).toBe(0);
    for (const step of ["25% (1/4)", "50% (2/4)", "75% (3/4)", "100% (4/4)"]) expect(screen).toContain(`\r\x1b[2KProgress ${step}`);
    // The progress line never ends a line of its own: the next one draws over it, and the result starts clean.
    expect(screen).not.toMatch(/Progress[^\r]*\n/);
    expect(screen).toMatch(/\r\x1b\[2KLong running operation completed\. Duration: 1 seconds, Steps: 4\./);
  });

  it.runIf(UTIL_LINUX_SCRIPT)("Q7: a legacy task's progress (it keeps coming after the CreateTaskResult) is drawn on the same line, with the server's message", async () => {
    const { code, screen } = await runOnTerminal(["call", "maybe-task", "--task", "--args", '{"progress":3,"workMs":600}', "--server", fixtureStdio("tool-tasks-server.mjs")]);
    expect(code).toBe(0);
    for (const step of ["33% (1/3) step 1 of 3", "67% (2/3) step 2 of 3", "100% (3/3) step 3 of 3"]) expect(screen).toContain(`\r\x1b[2KProgress ${step}`);
    expect(screen).toMatch(/\r\x1b\[2KTask \S+ completed\r\ndone\r\n$/);
  });

  it("piped: nothing extra on stderr (no progress, no control characters), the result alone on stdout", async () => {
    const ran = await runCli(LONG);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toBe("Long running operation completed. Duration: 1 seconds, Steps: 4.\n");
    expect(ran.stderr).not.toContain("Progress");
    expect(ran.stderr).not.toMatch(/[\r\x1b]/);
  });
});

// Ctrl+C is a POSIX signal (SIGINT); Windows has none to send to a child process.
describe.runIf(POSIX_SIGNALS)("CLI Ctrl+C", () => {
  it.runIf(UTIL_LINUX_SCRIPT)("a real Ctrl+C typed on the terminal, 2026-07-28 over HTTP: the request's response stream is closed (the modern way), exit 130", async () => {
    const server = await startHttpFixture("modern/progress-server.mjs", ["--http"]);
    try {
      const line = command(process.execPath, CLI, "call", "slow", "--args", '{"steps":400,"intervalMs":50}', "--server", server.url);
      const child = spawn("script", ["-qec", line, "/dev/null"], { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, MCP_TASK_INSPECTOR_CONFIG_DIR: newConfigDir() } });
      let screen = "";
      let typed = false;
      child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
        screen += chunk;
        // Once the progress line shows, the user presses Ctrl+C: the terminal sends SIGINT to the CLI.
        if (!typed && screen.includes("Progress")) {
          typed = true;
          child.stdin!.write("\x03");
        }
      });
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      expect(code).toBe(130);
      expect(screen).toMatch(/Cancelling the request in flight…\r\nInterrupted\r\n$/);
      const cancelled = await runCli(["call", "cancellations", "--server", server.url, "--json"]);
      const list = JSON.parse((jsonOf(cancelled).content as { text: string }[])[0]!.text) as { step: number }[];
      expect(list).toHaveLength(1);
      expect(list[0]!.step).toBeLessThan(400);
    } finally {
      await server.stop();
    }
  });

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

  it("Ctrl+C right after the 'Connecting to' line (stdio): the CLI still exits 130, with no result", async () => {
    const running = startCli(["call", "echo", "--args", '{"message":"x"}', "--server", fixtureStdio("modern/modern-server.mjs", "--modern-only")]);
    await running.stderrMatches(/Connecting to /);
    running.child.kill("SIGINT");
    const ran = await running.exited;
    expect(ran.code).toBe(130);
    expect(ran.stdout).toBe("");
  });
});
