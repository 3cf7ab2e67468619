// Issue 22: `replay <file>` answers as the recorded server did. Each test records a real server with the
// CLI (--record), replays the file as a server (stdio, or Streamable HTTP with --http), and drives the
// replay with the same CLI command: the same documents and the same task status lines come back.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, command, everythingStdio, fixtureStdio, jsonOf, runCli, startEverythingHttp, startHttpFixture, type Ran } from "./harness.js";

const folder = mkdtempSync(join(tmpdir(), "replay-"));
// At full speed: these tests are about what is answered, not when (replayPacing.test.ts is about when).
const replayOf = (file: string) => command(process.execPath, BIN, "replay", file, "--speed", "max");
const modernStdio = fixtureStdio("modern/modern-server.mjs", "--modern-only");
/** Task status lines and answered inputs on stderr: what the user saw happen, in order. */
const story = (ran: Ran) => ran.stderr.split("\n").filter((l) => /^(Task |Elicitation |Sampling )/.test(l));

/** A replay moves task times to its own clock, keeping their intervals: compared as the interval. */
function timesAsInterval(doc: Record<string, unknown>): Record<string, unknown> {
  const task = doc.task as { createdAt?: string; lastUpdatedAt?: string } | undefined;
  if (!task?.createdAt) return doc;
  return { ...doc, task: { ...task, createdAt: "moved", lastUpdatedAt: Date.parse(task.lastUpdatedAt!) - Date.parse(task.createdAt) } };
}

async function recordThenReplay(args: string[], server: string, name: string): Promise<{ live: Ran; replayed: Ran; file: string }> {
  const file = join(folder, `${name}.mcprec`);
  const live = await runCli([...args, "--server", server, "--record", file]);
  expect(live.code, live.stderr).toBe(0);
  const replayed = await runCli([...args, "--server", replayOf(file)]);
  return { live, replayed, file };
}

/** A replay over Streamable HTTP on a free port, until the test ends. */
const replays: { kill(): void }[] = [];
afterAll(() => replays.forEach((r) => r.kill()));
async function replayHttp(file: string): Promise<string> {
  const child = spawn(process.execPath, [BIN, "replay", file, "--http", "0", "--speed", "max"], { stdio: ["ignore", "ignore", "pipe"] });
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
  return `http://127.0.0.1:${port}`;
}

describe("replay as a server (issue 22)", () => {
  it("server-everything over stdio: the same tools/list and the same echo result; an unmatched call gets an error naming the closest recorded one", async () => {
    const echo = ["call", "echo", "--args", '{"message":"recorded"}', "--json"];
    const { live, replayed, file } = await recordThenReplay(echo, everythingStdio, "echo");
    expect(replayed.code).toBe(0);
    expect(timesAsInterval(jsonOf(replayed))).toEqual(timesAsInterval(jsonOf(live)));
    expect(replayed.stderr).toMatch(/Connected to mcp-servers\/everything 2\.0\.0 \(2025-11-25\)/);

    const tools = await runCli(["tools", "--json", "--server", replayOf(file)]);
    const liveTools = await runCli(["tools", "--json", "--server", everythingStdio]);
    expect(jsonOf(tools)).toEqual(jsonOf(liveTools));

    const other = await runCli(["call", "echo", "--args", '{"message":"never recorded"}', "--json", "--server", replayOf(file)]);
    expect(other.code).toBe(1);
    expect(jsonOf(other).error).toMatchObject({ code: -32602, message: 'No recorded tools/call request has these params; the closest recorded request: tools/call {"name":"echo","arguments":{"message":"recorded"}}' });
    const unknown = await runCli(["read", "demo://nothing", "--json", "--server", replayOf(file)]);
    expect(jsonOf(unknown).error).toMatchObject({ code: -32601, message: expect.stringMatching(/^No resources\/read request was recorded; the closest recorded request: /) });
  }, 90_000); // six CLI runs one after another: on a loaded machine, over the default 30 s

  it("Q2/Q3 legacy task: simulate-research-query going input_required, its related-task elicitation answered, replayed end to end with the same status sequence and report", async () => {
    const args = ["call", "simulate-research-query", "--args", '{"topic":"python","ambiguous":true}', "--task", "--json", "--elicitation", '{"action":"accept","content":{"interpretation":"programming"}}'];
    const { live, replayed } = await recordThenReplay(args, everythingStdio, "research");
    expect(replayed.code).toBe(0);
    expect(timesAsInterval(jsonOf(replayed))).toEqual(timesAsInterval(jsonOf(live)));
    expect(story(replayed)).toEqual(story(live));
    expect(story(replayed)).toContainEqual(expect.stringMatching(/input_required: Found multiple interpretations/));
  });

  it("R4 receiver task: trigger-elicitation-request-async (the server polls the client's task) replayed, the client's task id remapped so every poll is answered", async () => {
    const args = ["call", "trigger-elicitation-request-async", "--json", "--elicitation", '{"action":"accept","content":{"name":"Ada"}}'];
    const { live, replayed } = await recordThenReplay(args, everythingStdio, "receiver");
    expect(replayed.code).toBe(0);
    expect(timesAsInterval(jsonOf(replayed))).toEqual(timesAsInterval(jsonOf(live)));
    expect(JSON.stringify(jsonOf(replayed))).toContain("Name: Ada");
    // The replay's own run, recorded: the server's tasks/get and tasks/result name the live client's
    // task (which has a fresh id), and the client answers each with a result, never an error.
    const again = join(folder, "receiver-again.mcprec");
    expect((await runCli([...args, "--server", replayOf(join(folder, "receiver.mcprec")), "--record", again])).code).toBe(0);
    const lines = readFileSync(again, "utf8").trim().split("\n").slice(1).map((l) => JSON.parse(l) as { dir?: string; msg?: { id?: unknown; method?: string; result?: unknown; error?: unknown } });
    const polls = lines.filter((l) => l.dir === "in" && (l.msg?.method === "tasks/get" || l.msg?.method === "tasks/result"));
    expect(polls.length).toBeGreaterThan(0);
    for (const poll of polls) {
      const answer = lines.find((l) => l.dir === "out" && l.msg?.id === poll.msg!.id && l.msg?.method === undefined);
      expect(answer?.msg, JSON.stringify(poll.msg)).toHaveProperty("result");
    }
  });

  it("M5 modern task with input requests (elicitation, sampling, roots) over stdio, replayed end to end", async () => {
    const args = ["call", "task-input", "--json", "--elicitation", '{"action":"accept","content":{"name":"Ada"}}', "--sampling", '{"model":"m1","content":{"type":"text","text":"a summary"}}', "--root", "file:///work/project"];
    const { live, replayed } = await recordThenReplay(args, modernStdio, "modern-task");
    expect(replayed.code).toBe(0);
    expect(timesAsInterval(jsonOf(replayed))).toEqual(timesAsInterval(jsonOf(live)));
    expect((jsonOf(replayed) as { task: { status: string } }).task.status).toBe("completed");
    expect(story(replayed)).toEqual(story(live));
    expect(replayed.stderr).toMatch(/Connected to modern-fixture .* \(2026-07-28\)/);
  });

  it("I1 over Streamable HTTP: the modern fixture's multi round-trip tool recorded over HTTP, replayed with --http, driven over HTTP", async () => {
    const server = await startHttpFixture("modern/modern-http-server.mjs");
    try {
      const args = ["call", "task-input", "--json", "--elicitation", '{"action":"accept","content":{"name":"Ada"}}', "--sampling", '{"model":"m1","content":{"type":"text","text":"a summary"}}', "--root", "file:///work/project"];
      const file = join(folder, "modern-http.mcprec");
      const live = await runCli([...args, "--server", server.url, "--record", file]);
      expect(live.code, live.stderr).toBe(0);
      const replayed = await runCli([...args, "--server", `${await replayHttp(file)}/`]);
      expect(replayed.code, replayed.stderr).toBe(0);
      expect(timesAsInterval(jsonOf(replayed))).toEqual(timesAsInterval(jsonOf(live)));
      expect(story(replayed)).toEqual(story(live));
    } finally {
      await server.stop();
    }
  });

  it("legacy over Streamable HTTP: server-everything's research task recorded over HTTP and replayed with --http (SSE streams, sessions)", async () => {
    const server = await startEverythingHttp();
    try {
      const args = ["call", "simulate-research-query", "--args", '{"topic":"python","ambiguous":true}', "--task", "--json", "--elicitation", '{"action":"accept","content":{"interpretation":"programming"}}'];
      const file = join(folder, "everything-http.mcprec");
      const live = await runCli([...args, "--server", server.url, "--record", file]);
      expect(live.code, live.stderr).toBe(0);
      const replayed = await runCli([...args, "--server", `${await replayHttp(file)}/mcp`]);
      expect(replayed.code, replayed.stderr).toBe(0);
      expect(timesAsInterval(jsonOf(replayed))).toEqual(timesAsInterval(jsonOf(live)));
      expect(story(replayed)).toEqual(story(live));
    } finally {
      await server.stop();
    }
  });

  it("a recording with a cut message says so when the replay starts, and serves the message as kept", async () => {
    const file = join(folder, "cut.mcprec");
    expect((await runCli(["tools", "--server", fixtureStdio("hostile-server.mjs", "hostile-content"), "--record", file, "--quiet"])).code).toBe(0);
    const started = await runCli(["replay", file]); // stdin closed at once: the replay ends after its warnings
    expect(started.code).toBe(0);
    expect(started.stderr).toMatch(/^mcp-task-inspector replay: 1 recorded message was over 262144 bytes and is replayed as kept \(cut, marked "…"\)$/m);
    const tools = await runCli(["tools", "--json", "--server", replayOf(file)]);
    expect(tools.code).toBe(0);
    expect(JSON.stringify(jsonOf(tools))).toMatch(/… \(1,0\d\d,\d\d\d characters\)/);
  });

  it("a damaged recording is a clear error and exit 2, not a server that starts", async () => {
    const ran = await runCli(["replay", join(folder, "missing.mcprec")]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/^mcp-task-inspector replay: Cannot open .*missing\.mcprec: there is no such file \(ENOENT\)$/m);
    const usage = await runCli(["replay"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/replay needs a recording/);
  });
});
