// The official inspector's CLI (@modelcontextprotocol/inspector 2.12) against a replay of server-everything,
// over stdio and Streamable HTTP: it lists tools without params and calls echo, and gets the recorded
// answers; and, pinned to 2026-07-28, a replay of the modern fixture: it waits for its listen to be
// acknowledged before it asks anything, then lists, echoes and runs a task to its result. (Its CLI has no
// way to answer an elicitation or to call a tool as a 2025-11-25 task, so server-everything's research task
// is replayed by the SDK clients and ours in replayClients.test.ts.) The inspector needs Node >= 22.19 and the project's engines (>= 22.12) keep it out of the
// devDependencies, so the test installs it from the npm registry into a scratch folder (as CI can) and runs
// it with the Node 22 of node_modules/node.
import { execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, everythingStdio, fixtureStdio, jsonOf, runCli } from "./harness.js";

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const NODE22 = join(require.resolve("node/package.json"), "..", "bin", "node");
const folder = mkdtempSync(join(tmpdir(), "replay-inspector-"));
const recording = join(folder, "echo.mcprec");
const modernRecording = join(folder, "modern.mcprec");
let inspector: string;
let live: { tools: unknown; echo: unknown };
let modern: { tools: unknown; echo: unknown; task: unknown };
const replays: { kill(): void }[] = [];
afterAll(() => replays.forEach((r) => r.kill()));

beforeAll(async () => {
  const scratch = join(folder, "inspector");
  mkdirSync(scratch);
  writeFileSync(join(scratch, "package.json"), '{"name":"scratch","version":"1.0.0","private":true}');
  await run("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", "@modelcontextprotocol/inspector@2.12"], { cwd: scratch, env: { ...process.env, PATH: `${join(NODE22, "..")}:${process.env.PATH}` } });
  inspector = join(scratch, "node_modules", "@modelcontextprotocol", "inspector", "clients", "launcher", "build", "index.js");
  const echo = await runCli(["call", "echo", "--args", '{"message":"recorded"}', "--json", "--server", everythingStdio, "--record", recording]);
  expect(echo.code, echo.stderr).toBe(0);
  const tools = await runCli(["tools", "--json", "--server", everythingStdio]);
  live = { tools: (jsonOf(tools) as { tools: unknown }).tools, echo: jsonOf(echo) };
  // One recording of the modern fixture holds the listen, tools/list, the echo and the task.
  const modernServer = ["--json", "--era", "2026-07-28", "--server", fixtureStdio("modern/modern-server.mjs", "--modern-only")];
  const modernEcho = await runCli(["call", "echo", "--args", '{"text":"hi"}', ...modernServer, "--record", modernRecording]);
  expect(modernEcho.code, modernEcho.stderr).toBe(0);
  const modernTask = await runCli(["call", "task-simple", ...modernServer, "--record", `${modernRecording}.task`]);
  expect(modernTask.code, modernTask.stderr).toBe(0);
  const modernTools = await runCli(["tools", ...modernServer]);
  modern = { tools: (jsonOf(modernTools) as { tools: unknown }).tools, echo: jsonOf(modernEcho), task: (jsonOf(modernTask) as { result: unknown }).result };
}, 300_000);

async function inspect(target: string[], ...args: string[]): Promise<unknown> {
  // Bounded: a replay that never answers fails the test with the CLI's own words, not vitest's time-out.
  const { stdout } = await run(NODE22, [inspector, "--cli", ...target, ...args], { timeout: 60_000, env: { ...process.env, HOME: folder, PATH: `${join(NODE22, "..")}:${process.env.PATH}` } });
  return JSON.parse(stdout) as unknown;
}

async function replayHttp(file = recording): Promise<string> {
  const child = spawn(process.execPath, [CLI, "replay", file, "--http", "0"], { stdio: ["ignore", "ignore", "pipe"] });
  replays.push(child);
  let err = "";
  const port = await new Promise<string>((resolve, reject) => {
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      err += chunk;
      const match = /^listening (\d+)$/m.exec(err);
      if (match) resolve(match[1]!);
    });
    child.on("exit", () => reject(new Error(`replay exited: ${err}`)));
  });
  return `http://127.0.0.1:${port}/mcp`;
}

describe("the official inspector's CLI replays a recording", () => {
  it("over stdio and HTTP: tools/list (no params) and tools/call echo give the recorded answers", async () => {
    for (const target of [[NODE22, CLI, "replay", recording], [await replayHttp()]]) {
      expect((await inspect(target, "--method", "tools/list")) as { tools: unknown }).toEqual({ tools: live.tools });
      expect(await inspect(target, "--method", "tools/call", "--tool-name", "echo", "--tool-arg", "message=recorded")).toEqual(live.echo);
    }
  }, 120_000);

  it("pinned to 2026-07-28, over stdio and HTTP: the listen acknowledged under its own id, tools/list, echo, and a task polled to its result", async () => {
    const modernArgs = ["--protocol-era", "modern"];
    for (const file of [modernRecording, `${modernRecording}.task`]) {
      for (const target of [[NODE22, CLI, "replay", file], [await replayHttp(file)]]) {
        expect((await inspect(target, ...modernArgs, "--method", "tools/list")) as { tools: unknown }).toEqual({ tools: modern.tools });
        if (file === modernRecording) expect(await inspect(target, ...modernArgs, "--method", "tools/call", "--tool-name", "echo", "--tool-args-json", '{"text":"hi"}')).toMatchObject(modern.echo as object);
        else expect(await inspect(target, ...modernArgs, "--method", "tools/call", "--tool-name", "task-simple")).toMatchObject(modern.task as object);
      }
    }
  }, 180_000);
});
