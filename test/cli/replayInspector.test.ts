// The official inspector's CLI (@modelcontextprotocol/inspector 2.12) against a replay of server-everything,
// over stdio and Streamable HTTP: it lists tools without params and calls echo, and gets the recorded
// answers. The inspector needs Node >= 22.19 and the project's engines (>= 22.12) keep it out of the
// devDependencies, so the test installs it from the npm registry into a scratch folder (as CI can) and runs
// it with the Node 22 of node_modules/node.
import { execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, everythingStdio, jsonOf, runCli } from "./harness.js";

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const NODE22 = join(require.resolve("node/package.json"), "..", "bin", "node");
const folder = mkdtempSync(join(tmpdir(), "replay-inspector-"));
const recording = join(folder, "echo.mcprec");
let inspector: string;
let live: { tools: unknown; echo: unknown };
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
}, 300_000);

async function inspect(target: string[], ...args: string[]): Promise<unknown> {
  const { stdout } = await run(NODE22, [inspector, "--cli", ...target, ...args], { env: { ...process.env, HOME: folder, PATH: `${join(NODE22, "..")}:${process.env.PATH}` } });
  return JSON.parse(stdout) as unknown;
}

async function replayHttp(): Promise<string> {
  const child = spawn(process.execPath, [CLI, "replay", recording, "--http", "0"], { stdio: ["ignore", "ignore", "pipe"] });
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
});
