// A replay any client can use, a week after it was recorded. Our CLI records server-everything's research
// task (simulate-research-query, ambiguous: true: it goes input_required and asks an elicitation through
// tasks/result) and the modern fixture; the file is then moved a week back in time (recordedAt and every
// task time rewritten, as if recorded seven days ago) and served by `replay` over stdio and over
// Streamable HTTP to the SDK client 1.32, the SDK v2 client and our own CLI. Each asks in its own way
// (listTools without params, logging/setLevel never recorded, the SDK's `task` in tasks/get, its own poll
// order) and gets the recorded answers, with task times moved to now and their intervals kept (Q2/Q3).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as Stdio1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as Http1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CallToolResultSchema, ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { Client as Client2, StreamableHTTPClientTransport as Http2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as Stdio2 } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, command, everythingStdio, fixtureStdio, jsonOf, runCli } from "./harness.js";

const folder = mkdtempSync(join(tmpdir(), "replay-clients-"));
const WEEK = 7 * 24 * 3600 * 1000;
const research = { name: "simulate-research-query", arguments: { topic: "python", ambiguous: true } };
const answer = { action: "accept" as const, content: { interpretation: "programming" } };
const TIMES = /"(recordedAt|createdAt|lastUpdatedAt)":"([^"]+)"/g;

/** The recording as if made a week earlier: every recorded time moved back seven days. */
function weekOld(file: string): string {
  const old = file.replace(/\.mcprec$/, "-week-old.mcprec");
  writeFileSync(old, readFileSync(file, "utf8").replace(TIMES, (_m, key: string, at: string) => `"${key}":"${new Date(Date.parse(at) - WEEK).toISOString()}"`));
  return old;
}

let legacy: { file: string; report: unknown; tools: unknown; task: { createdAt: string; lastUpdatedAt: string } };
let modern: { file: string; echo: unknown; tools: unknown };
const replays: { kill(): void }[] = [];
afterAll(() => replays.forEach((r) => r.kill()));

beforeAll(async () => {
  const recorded = join(folder, "research.mcprec");
  const live = await runCli(["call", research.name, "--args", JSON.stringify(research.arguments), "--task", "--json", "--elicitation", JSON.stringify(answer), "--server", everythingStdio, "--record", recorded]);
  expect(live.code, live.stderr).toBe(0);
  const tools = await runCli(["tools", "--json", "--server", everythingStdio]);
  const doc = jsonOf(live) as { result: { content: unknown }; task: { createdAt: string; lastUpdatedAt: string } };
  legacy = { file: weekOld(recorded), report: doc.result.content, tools: (jsonOf(tools) as { tools: unknown }).tools, task: doc.task };
  // The recording of the research call holds tools/list too (the CLI lists before it calls).
  const modernFile = join(folder, "modern.mcprec");
  const modernStdio = fixtureStdio("modern/modern-server.mjs", "--modern-only");
  // Pinned: under load the fixture may start slower than Auto's probe waits.
  const echo = await runCli(["call", "echo", "--args", '{"text":"hi"}', "--json", "--era", "2026-07-28", "--server", modernStdio, "--record", modernFile]);
  expect(echo.code, echo.stderr).toBe(0);
  const modernTools = await runCli(["tools", "--json", "--era", "2026-07-28", "--server", modernStdio]);
  expect(modernTools.code, modernTools.stderr).toBe(0);
  modern = { file: weekOld(modernFile), echo: jsonOf(echo), tools: (jsonOf(modernTools) as { tools: unknown }).tools };
}, 120_000);

async function replayHttp(file: string): Promise<URL> {
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
  return new URL(`http://127.0.0.1:${port}/mcp`);
}

/** Task times as replayed: moved to now (not a week back), the interval between them as recorded. */
function expectTimesMoved(task: { createdAt?: unknown; lastUpdatedAt?: unknown }, since: number) {
  const created = Date.parse(String(task.createdAt));
  expect(created).toBeGreaterThanOrEqual(since - 1000);
  const recordedInterval = Date.parse(legacy.task.lastUpdatedAt) - Date.parse(legacy.task.createdAt);
  expect(recordedInterval).toBeGreaterThan(0);
  if (task.lastUpdatedAt !== undefined) expect(Date.parse(String(task.lastUpdatedAt)) - created).toBeLessThanOrEqual(recordedInterval);
}

const permissive = { "~standard": { version: 1 as const, vendor: "test", validate: (value: unknown) => ({ value: value as Record<string, unknown> }) } };

describe("any client replays a week-old recording", () => {
  for (const wire of ["stdio", "http"] as const) {
    it(`SDK client 1.32 over ${wire}: listTools without params, setLevel, ping, the research task with its elicitation answered, tasks/list`, async () => {
      const since = Date.now();
      const transport = wire === "stdio" ? new Stdio1({ command: process.execPath, args: [CLI, "replay", legacy.file], stderr: "ignore" }) : new Http1(await replayHttp(legacy.file));
      const client = new Client1({ name: "sdk-1.32", version: "1" }, { capabilities: { elicitation: { form: {} } } });
      const asked: string[] = [];
      client.setRequestHandler(ElicitRequestSchema, async (request) => {
        asked.push(request.params.message);
        return answer;
      });
      await client.connect(transport);
      try {
        expect((await client.listTools()).tools).toEqual(legacy.tools);
        expect(await client.setLoggingLevel("debug")).toEqual({});
        expect(await client.ping()).toEqual({});
        const seen: { type: string; task?: { taskId: string; status: string; createdAt?: string; lastUpdatedAt?: string }; result?: { content: unknown } }[] = [];
        for await (const message of client.experimental.tasks.callToolStream(research, CallToolResultSchema, { task: { ttl: 60_000 } })) seen.push(message as (typeof seen)[number]);
        expect(seen.map((m) => m.type)).toEqual(expect.arrayContaining(["taskCreated", "taskStatus", "result"]));
        expect(seen.filter((m) => m.type === "taskStatus").map((m) => m.task!.status)).toContain("input_required");
        expect(asked).toHaveLength(1);
        expect(seen.at(-1)!.result!.content).toEqual(legacy.report);
        for (const m of seen) if (m.task) expectTimesMoved(m.task, since);
        const { tasks } = await client.experimental.tasks.listTasks();
        expect(tasks.map((t) => t.taskId)).toEqual([seen[0]!.task!.taskId]);
      } finally {
        await client.close();
      }
    }, 120_000);

    // Our CLI recorded tasks/result before the poll that brought the elicitation; this client sends tasks/result
    // only after answering it, so the recorded result is held until asked (a loaded machine once lost it).
    it(`SDK v2 client over ${wire}: legacy research task by raw requests (tasks/get polled, tasks/result with the elicitation), and the 2026-07-28 fixture pinned`, { timeout: 120_000 }, async () => {
      const since = Date.now();
      const transport = wire === "stdio" ? new Stdio2({ command: process.execPath, args: [CLI, "replay", legacy.file], stderr: "ignore" }) : new Http2(await replayHttp(legacy.file));
      const client = new Client2({ name: "sdk-v2", version: "2" }, { capabilities: { elicitation: { form: {} } } });
      client.setRequestHandler("elicitation/create", async () => answer);
      await client.connect(transport);
      try {
        expect((await client.listTools()).tools).toEqual(legacy.tools);
        expect(await client.setLoggingLevel("info")).toEqual({});
        const created = (await client.request({ method: "tools/call", params: { ...research, task: { ttl: 60_000 } } }, permissive)) as { task: { taskId: string; createdAt: string } };
        expectTimesMoved(created.task, since);
        let status = "working";
        while (status !== "input_required" && status !== "completed") status = ((await client.request({ method: "tasks/get", params: { taskId: created.task.taskId } }, permissive)) as { status: string }).status;
        const result = (await client.request({ method: "tasks/result", params: { taskId: created.task.taskId } }, permissive)) as { content: unknown };
        expect(result.content).toEqual(legacy.report);
      } finally {
        await client.close();
      }

      const modernTransport = wire === "stdio" ? new Stdio2({ command: process.execPath, args: [CLI, "replay", modern.file], stderr: "ignore" }) : new Http2(await replayHttp(modern.file));
      const pinned = new Client2({ name: "sdk-v2", version: "2" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
      await pinned.connect(modernTransport);
      try {
        expect((await pinned.listTools()).tools).toEqual(modern.tools);
        const echo = await pinned.callTool({ name: "echo", arguments: { text: "hi" } });
        expect(echo.content).toEqual((modern.echo as { content: unknown }).content);
      } finally {
        await pinned.close();
      }
    });
  }

  it("our CLI, over stdio and HTTP: the week-old research task runs to its report (its ttl counted from now); a week-old 2026-07-28 task with input requests too (M5)", async () => {
    const args = ["call", research.name, "--args", JSON.stringify(research.arguments), "--task", "--json", "--elicitation", JSON.stringify(answer)];
    for (const server of [command(process.execPath, CLI, "replay", legacy.file), (await replayHttp(legacy.file)).href]) {
      const since = Date.now();
      const ran = await runCli([...args, "--server", server]);
      expect(ran.code, ran.stderr).toBe(0);
      const doc = jsonOf(ran) as { result: { content: unknown }; task: { createdAt: string; lastUpdatedAt: string } };
      expect(doc.result.content).toEqual(legacy.report);
      expectTimesMoved(doc.task, since);
    }
    const modernArgs = ["call", "task-input", "--json", "--elicitation", '{"action":"accept","content":{"name":"Ada"}}', "--sampling", '{"model":"m1","content":{"type":"text","text":"a summary"}}', "--root", "file:///work/project"];
    const recorded = join(folder, "modern-task.mcprec");
    const live = await runCli([...modernArgs, "--era", "2026-07-28", "--server", fixtureStdio("modern/modern-server.mjs", "--modern-only"), "--record", recorded]);
    expect(live.code, live.stderr).toBe(0);
    const since = Date.now();
    const replayed = await runCli([...modernArgs, "--era", "2026-07-28", "--server", command(process.execPath, CLI, "replay", weekOld(recorded))]);
    expect(replayed.code, replayed.stderr).toBe(0);
    const doc = jsonOf(replayed) as { task: { status: string; createdAt: string }; result: unknown };
    expect(doc.task.status).toBe("completed");
    expect(Date.parse(doc.task.createdAt)).toBeGreaterThanOrEqual(since - 1000);
    expect(doc.result).toEqual((jsonOf(live) as { result: unknown }).result);
  }, 180_000);
});
