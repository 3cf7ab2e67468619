// Tasks from the command line: a tool run as a task is watched to the end (legacy SEP-1686 or the
// 2026-07-28 tasks extension), status changes on stderr, the result on stdout; `task get|cancel|watch`
// follow a task by its id from a fresh session of the same server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { everythingStdio, fixtureStdio, jsonOf, runCli, startCli, startHttpFixture, type ServerProcess } from "./harness.js";

let legacy: ServerProcess;
let modernHttp: ServerProcess;
beforeAll(async () => {
  [legacy, modernHttp] = await Promise.all([startHttpFixture("cli-http-server.mjs"), startHttpFixture("modern/modern-http-server.mjs")]);
});
afterAll(async () => {
  await Promise.all([legacy?.stop(), modernHttp?.stop()]);
});

const modernStdio = fixtureStdio("modern/modern-server.mjs", "--modern-only");

describe("CLI legacy tasks (2025-11-25)", () => {
  it("Q2/Q4: call --task on simulate-research-query is watched to the end: each status change on stderr, the result on stdout", async () => {
    const ran = await runCli(["call", "simulate-research-query", "--args", '{"topic":"otters"}', "--task", "--server", everythingStdio]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^# Research Report: otters/);
    const statuses = ran.stderr.split("\n").filter((l) => l.startsWith("Task "));
    expect(statuses[0]).toMatch(/^Task [0-9a-f]+ working/);
    expect(statuses).toContainEqual(expect.stringMatching(/ working: Analyzing content\.\.\.$/));
    expect(statuses.at(-1)).toMatch(/^Task [0-9a-f]+ completed/);
    // Each change once: a poll that sees nothing new prints nothing.
    expect(new Set(statuses).size).toBe(statuses.length);

    const json = await runCli(["call", "simulate-research-query", "--args", '{"topic":"otters"}', "--task", "--server", everythingStdio, "--json"]);
    expect(json.code).toBe(0);
    expect(jsonOf(json)).toEqual({ task: expect.objectContaining({ status: "completed", taskId: expect.any(String) }), result: expect.objectContaining({ content: [expect.objectContaining({ type: "text" })] }) });
  });

  it("Q3: a task gone input_required gets its related-task elicitation answered from --elicitation; without it, a decline", async () => {
    const args = ["call", "simulate-research-query", "--args", '{"topic":"python","ambiguous":true}', "--task", "--server", everythingStdio];
    const answered = await runCli([...args, "--elicitation", '{"action":"accept","content":{"interpretation":"programming"}}']);
    expect(answered.code).toBe(0);
    expect(answered.stdout).toMatch(/^# Research Report: python \(programming\)/);
    expect(answered.stderr).toMatch(/Task \S+ input_required: Found multiple interpretations[^\n]*\nElicitation "The research query[^\n]*": accept \(--elicitation\)\nTask \S+ working: Continuing with interpretation: "programming"/);
    const declined = await runCli(args);
    expect(declined.code).toBe(0);
    expect(declined.stdout).toMatch(/^# Research Report: python \(User declined/);
  });

  it("Q1: --task is refused for a tool whose taskSupport is forbidden, and a task-required tool asks for --task (exit 2)", async () => {
    const forbidden = await runCli(["call", "echo", "--args", '{"message":"x"}', "--task", "--server", everythingStdio]);
    expect(forbidden.code).toBe(2);
    expect(forbidden.stderr).toMatch(/^mcp-task-inspector: Tool "echo" does not support task execution \(taskSupport: forbidden\): leave out --task$/m);
    const required = await runCli(["call", "simulate-research-query", "--args", '{"topic":"x"}', "--server", everythingStdio]);
    expect(required.code).toBe(2);
    expect(required.stderr).toMatch(/^mcp-task-inspector: Tool "simulate-research-query" requires task execution \(taskSupport: required\): add --task$/m);
  });

  it("task get, task cancel and task watch follow a task by its id from a fresh session; the run that started it sees the cancel", async () => {
    const started = startCli(["call", "job", "--args", '{"workMs":-1}', "--task", "--server", legacy.url]);
    const [, taskId] = (await started.stderrMatches(/Task (\S+) working: started/)) as [string, string];

    const got = await runCli(["task", "get", taskId, "--server", legacy.url, "--json"]);
    expect(got.code).toBe(0);
    expect(jsonOf(got)).toEqual({ task: expect.objectContaining({ taskId, status: "working", statusMessage: "started" }) });

    const cancelled = await runCli(["task", "cancel", taskId, "--server", legacy.url, "--json"]);
    expect(cancelled.code).toBe(0);
    expect(jsonOf(cancelled)).toEqual({ task: expect.objectContaining({ taskId, status: "cancelled" }) });

    const first = await started.exited;
    expect(first.code).toBe(1);
    expect(first.stderr).toContain(`Task ${taskId} cancelled: Cancelled by the client`);

    const done = await runCli(["call", "job", "--args", '{"workMs":0,"text":"the job is done"}', "--task", "--server", legacy.url, "--json"]);
    const doneId = (jsonOf(done).task as { taskId: string }).taskId;
    const watched = await runCli(["task", "watch", doneId, "--server", legacy.url, "--json"]);
    expect(watched.code).toBe(0);
    // The result as tasks/result returned it, its related-task _meta included (R7).
    expect(jsonOf(watched)).toEqual({
      task: expect.objectContaining({ taskId: doneId, status: "completed" }),
      result: { content: [{ type: "text", text: "the job is done" }], _meta: { "io.modelcontextprotocol/related-task": { taskId: doneId } } },
    });
    const human = await runCli(["task", "watch", doneId, "--server", legacy.url]);
    expect(human).toMatchObject({ code: 0, stdout: "the job is done\n" });
  });

  it("Q4: a task that failed with a JSON-RPC error exits 1 with that error; an unknown task id exits 1 with the server's -32602", async () => {
    const failed = await runCli(["call", "job", "--args", '{"workMs":10,"outcome":"rpc-error","text":"no luck"}', "--task", "--server", legacy.url, "--json"]);
    expect(failed.code).toBe(1);
    expect(jsonOf(failed)).toEqual({ task: expect.objectContaining({ status: "failed" }), error: { code: -32050, message: "no luck" } });
    const unknown = await runCli(["task", "get", "no-such-task", "--server", legacy.url, "--json"]);
    expect(unknown.code).toBe(1);
    expect(jsonOf(unknown)).toEqual({ error: { code: -32602, message: "Unknown task: no-such-task" } });
  });
});

describe("CLI legacy tasks that never finish", () => {
  it("R6/R8: a task deleted when its ttl passes (tasks/get answers -32602) ends the watch with exit 1, not a hang", async () => {
    const ran = await runCli(["call", "job", "--args", '{"workMs":-1}', "--task", "--ttl", "300", "--server", legacy.url, "--json"]);
    expect(ran.code).toBe(1);
    const doc = jsonOf(ran) as { task: { status: string; ttl: number }; error: { message: string } };
    expect(doc.task).toMatchObject({ status: "working", ttl: 300 });
    expect(doc.error.message).toMatch(/^the server no longer knows task \S+ \(tasks\/get failed: MCP error -32602: Unknown task: /);
  });

  it("R6: a task that outlives its ttl on a server that keeps answering is given up with exit 1 (the watch is bounded by the ttl)", async () => {
    const forever = await startHttpFixture("cli-http-server.mjs", ["--keep-expired"]);
    try {
      const ran = await runCli(["call", "job", "--args", '{"workMs":-1}', "--task", "--ttl", "200", "--timeout", "1000", "--server", forever.url, "--json"]);
      expect(ran.code).toBe(1);
      expect(jsonOf(ran)).toEqual({ task: expect.objectContaining({ status: "working", ttl: 200 }), error: { message: expect.stringMatching(/^task \S+ passed its ttl \(200 ms\) without finishing$/) } });
    } finally {
      await forever.stop();
    }
  });
});

describe("CLI modern tasks (2026-07-28, io.modelcontextprotocol/tasks)", () => {
  it("M2/M4: a call the server turns into a task is watched to the end: statuses on stderr, the inline result on stdout", async () => {
    const ran = await runCli(["call", "task-simple", "--server", modernStdio]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toBe("simple done\n");
    expect(ran.stderr).toMatch(/Connected to modern-fixture 2\.0\.0 \(2026-07-28\)\nTask task-1-simple working\nTask task-1-simple completed\n/);
  });

  it("M4: a failed task exits 1 with its error; --task is refused on 2026-07-28 (the server decides)", async () => {
    const failed = await runCli(["call", "task-fail", "--server", modernStdio, "--json"]);
    expect(failed.code).toBe(1);
    expect(jsonOf(failed)).toEqual({ task: expect.objectContaining({ taskId: "task-1-fail", status: "failed" }), error: { code: -32050, message: "the work failed", data: { step: 3 } } });
    const refused = await runCli(["call", "task-simple", "--task", "--server", modernStdio]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--task is for 2025-11-25 servers: on 2026-07-28 the server decides/);
  });

  it("M5: a task's input requests (elicitation, sampling, roots) reach the CLI and are answered from the flags", async () => {
    const ran = await runCli([
      "call", "task-input", "--server", modernStdio, "--json",
      "--elicitation", '{"action":"accept","content":{"name":"Ada"}}',
      "--sampling", '{"model":"m1","content":{"type":"text","text":"a summary"}}',
      "--root", "file:///work/project",
    ]);
    expect(ran.code).toBe(0);
    const doc = jsonOf(ran) as { task: { status: string }; result: { content: { text: string }[] } };
    expect(doc.task.status).toBe("completed");
    expect(JSON.parse(doc.result.content[0]!.text)).toEqual({
      name: { action: "accept", content: { name: "Ada" } },
      summary: expect.objectContaining({ model: "m1", content: { type: "text", text: "a summary" } }),
      roots: { roots: [{ uri: "file:///work/project" }] },
    });
    expect(ran.stderr).toMatch(/Task task-1-input input_required: waiting for input/);
  });

  it("M6: over HTTP, task get and task cancel from other runs (tasks/get on a fresh connection); the run watching it ends with the cancel (exit 1)", async () => {
    const watching = startCli(["call", "task-hang", "--server", modernHttp.url]);
    const [, taskId] = (await watching.stderrMatches(/Task (task-\d+-hang) working/)) as [string, string];
    const got = await runCli(["task", "get", taskId, "--server", modernHttp.url, "--json"]);
    expect(got.code).toBe(0);
    expect(jsonOf(got)).toEqual({ task: expect.objectContaining({ taskId, status: "working" }) });
    const cancel = await runCli(["task", "cancel", taskId, "--server", modernHttp.url, "--json"]);
    expect(cancel.code).toBe(0);
    // M6: a request only; the status moves when the server says so.
    expect(jsonOf(cancel)).toEqual({ task: expect.objectContaining({ taskId }), cancelRequested: true });
    const ended = await watching.exited;
    expect(ended.code).toBe(1);
    expect(ended.stderr).toContain(`Task ${taskId} cancelled: cancelled on request`);
    expect(ended.stderr).toMatch(new RegExp(`mcp-task-inspector: task ${taskId} was cancelled: cancelled on request\\n$`));
    const unknown = await runCli(["task", "watch", "task-999-none", "--server", modernHttp.url]);
    expect(unknown.code).toBe(1);
  });
});
