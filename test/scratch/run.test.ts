import { it } from "vitest";
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { runCli } from "../../main/cli/run.js";
import { fixtureStdio, everythingStdio, EVERYTHING } from "../cli/harness.js";
import { startListeningFixture } from "../helpers/servers.js";

async function run(args: string[]) {
  let stdout = "", stderr = "";
  const code = await runCli(args, { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, onInterrupt: () => () => {} });
  console.log(`### ${args.join(" ").slice(0, 200)}\nexit ${code}\n${stdout}`);
}
const children: ChildProcess[] = [];
it("runs", async () => {
  const which = process.env.WHICH ?? "";
  if (which.includes("e")) await run(["check", "--server", everythingStdio, "--quiet"]);
  if (which.includes("t")) await run(["check", "--server", everythingStdio, "--quiet", "--call", 'simulate-research-query={"topic":"checks","ambiguous":true}', "--call", "trigger-elicitation-request"]);
  if (which.includes("h")) {
    const child = spawn(process.execPath, [EVERYTHING, "streamableHttp"], { env: { ...process.env, PORT: "39917" }, stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    await new Promise((r) => child.stdout!.once("data", r));
    await new Promise((r) => setTimeout(r, 500));
    await run(["check", "--server", "http://127.0.0.1:39917/mcp", "--quiet"]);
  }
  if (which.includes("m")) await run(["check", "--server", fixtureStdio("modern/modern-server.mjs"), "--quiet", ...(process.env.CALLS ? process.env.CALLS.split(" ").flatMap((c) => ["--call", c]) : [])]);
  if (which.includes("M")) {
    const url = await startListeningFixture("modern/modern-http-server.mjs", [], children);
    await run(["check", "--server", url, "--quiet", "--era", "2026-07-28"]);
  }
  for (const c of children) c.kill();
}, 300_000);
it("hostile", async () => {
  for (const scenario of ["plain", "noisy-stdout", "hang-tasks-get", "hostile-content", "malformed"]) {
    const started = Date.now();
    await run(["check", "--server", fixtureStdio("hostile-server.mjs", scenario), "--quiet", "--era", "2025-11-25", "--timeout", "3000"]);
    console.log(`took ${Date.now() - started} ms`);
  }
  const started = Date.now();
  await run(["check", "--server", fixtureStdio("modern/malformed-server.mjs"), "--quiet", "--timeout", "3000"]);
  console.log(`took ${Date.now() - started} ms`);
}, 600_000);
