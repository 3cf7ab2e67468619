// Nothing silent: every bound the checks keep (items, pages, calls, time) is said in the verdicts it limits
// and makes them at least a warning; a time-out is never read as an answer or a refusal; the time budget
// ends a run with a partial report. Also the transport's framing and every declared capability, tried.
// Real stdio servers (test/fixtures/checks/check-target.mjs), through the CLI in-process.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../../main/cli/run.js";
import { fixtureStdio } from "../cli/harness.js";
import { startListeningFixture } from "../helpers/servers.js";

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill();
});

interface CheckDoc {
  checks: { id: string; severity: "error" | "warning"; ok: boolean | null; detail: string; messages: number[] }[];
  incomplete?: string;
}

async function check(args: string[]): Promise<{ code: number; doc: CheckDoc; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(["check", "--json", "--config-dir", mkdtempSync(join(tmpdir(), "check-")), ...args], {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    onInterrupt: () => () => {},
  });
  return { code, doc: JSON.parse(stdout) as CheckDoc, stderr };
}

const target = (...args: string[]) => ["--server", fixtureStdio("checks/check-target.mjs", ...args), "--era", "2025-11-25"];
const verdict = (doc: CheckDoc, id: string) => doc.checks.find((c) => c.id === id)!;

describe("the 10,000-item bound is said, and never a pass", () => {
  it("12,000 tools with a duplicate name and a broken input schema past the 10,000th: the verdicts that judged the tools are warnings that say the first 10,000 of 12,004 were checked", { timeout: 60_000 }, async () => {
    const { code, doc } = await check(target("--tools", "12000"));
    for (const id of ["listings.duplicates", "tools.input-schema", "tools.name"]) {
      expect(verdict(doc, id)).toMatchObject({ ok: false, severity: "warning", detail: expect.stringContaining("the first 10,000 of 12,004 tools checked") });
    }
    // Counts read as the bounds do, with thousands separated.
    expect(verdict(doc, "tools.input-schema").detail).toMatch(/^all 10,000 input schemas are valid, with root type object, but only so far/);
    // The walk itself read every page: its verdict counts them all and passes.
    expect(verdict(doc, "listings.pagination")).toMatchObject({ ok: true, detail: expect.stringContaining("tools/list 12,004 in 2 pages") });
    expect(doc.checks.filter((c) => c.ok === false && c.severity === "error")).toEqual([]);
    // Only those: whether a list method answers, or tasks/list pages to an end, does not rest on the tools kept.
    expect(doc.checks.filter((c) => c.ok === false).map((c) => c.id)).toEqual(["listings.duplicates", "tools.name", "tools.input-schema"]);
    expect(code).toBe(0);
  });

  it("100,000 tools in one page are counted as 100,004, not as the 10,000 kept", { timeout: 120_000 }, async () => {
    const { doc } = await check(target("--tools", "100000"));
    expect(verdict(doc, "listings.pagination").detail).toContain("tools/list 100,004 in 2 pages");
    expect(verdict(doc, "tools.input-schema")).toMatchObject({ ok: false, severity: "warning", detail: expect.stringContaining("the first 10,000 of 100,004 tools checked") });
  });
});

describe("the task poll bound is said, and never a pass", () => {
  it("R4: a task still input_required after 60 polls: tasks.lifecycle is a warning that says the bound, its statuses said once with their count", { timeout: 60_000 }, async () => {
    const { doc } = await check(["--server", fixtureStdio("checks/check-target.mjs", "--defect", "task-update-stuck"), "--era", "2026-07-28"]);
    const lifecycle = verdict(doc, "tasks.lifecycle");
    expect(lifecycle).toMatchObject({ ok: false, severity: "warning" });
    expect(lifecycle.detail).toMatch(/^went working → input_required \(×\d+\), but only so far: still "input_required" after 60 polls in \d+ s: the checks follow a task for at most 60 polls or 30 s$/);
    expect(verdict(doc, "tasks.terminal")).toMatchObject({ ok: null, detail: expect.stringContaining("after 60 polls") });
  });
});

describe("the round bound is said, and never a pass", () => {
  it("I3: a call still asking for input after 10 rounds: results.calls and results.content are warnings that say so; a fault repeated each round is said once", { timeout: 60_000 }, async () => {
    const { code, doc } = await check(["--server", fixtureStdio("checks/check-target.mjs", "--defect", "mrtr-empty"), "--era", "2026-07-28"]);
    for (const id of ["results.calls", "results.content"]) {
      expect(verdict(doc, id)).toMatchObject({ ok: false, severity: "warning", detail: expect.stringContaining('but only so far: "ask" still asked for input after 10 rounds (the checks answer at most 10)') });
    }
    expect(verdict(doc, "results.calls").detail).toContain('"ask" → input_required');
    expect(verdict(doc, "mrtr.input-required").detail).toBe('"ask": a round with neither inputRequests nor requestState');
    expect(code).toBe(1);
  });

  it("I3: a resources/read still asking for input after 10 rounds is not judged as a read without contents: resources.read is a warning that says the bound", { timeout: 60_000 }, async () => {
    const { doc } = await check(["--server", fixtureStdio("checks/check-target.mjs", "--defect", "read-loop"), "--era", "2026-07-28"]);
    expect(verdict(doc, "resources.read")).toMatchObject({ ok: false, severity: "warning", detail: '0 resources read, each with its own URI, but only so far: resources/read of "mem://one" still asked for input after 10 rounds (the checks answer at most 10)' });
  });
});

describe("time-outs and the time budget", () => {
  it("a server that hangs after initialize: time-outs fail the checks that waited (never 'answers' or 'refused'), the budget ends the run, and the JSON and JUnit hold every verdict, the rest 'not run: budget'", { timeout: 60_000 }, async () => {
    const junit = join(mkdtempSync(join(tmpdir(), "junit-")), "checks.xml");
    const { code, doc, stderr } = await check([...target("--defect", "hang-after-initialize"), "--timeout", "1000", "--budget", "8000", "--junit", junit]);
    const declared = verdict(doc, "lifecycle.declared-capabilities");
    expect(declared).toMatchObject({ ok: false, severity: "error", detail: expect.stringContaining("tools/list got no answer within 1 s (no answer is not a pass)") });
    expect(verdict(doc, "lifecycle.undeclared-capabilities")).toMatchObject({ ok: false, detail: expect.stringContaining("prompts/list got no answer within 1 s") });
    expect(verdict(doc, "lifecycle.ping")).toMatchObject({ ok: false, detail: expect.stringContaining("no answer") });
    expect(doc.incomplete).toMatch(/time budget of 8 s ran out/);
    const notRun = doc.checks.filter((c) => c.detail.startsWith("not run: budget"));
    expect(notRun.length).toBeGreaterThan(0);
    for (const c of notRun) expect(c.ok).toBeNull();
    // Every check of the catalogue is in the report, finished or not.
    expect(doc.checks.length).toBeGreaterThan(30);
    const xml = readFileSync(junit, "utf8");
    expect(xml.match(/<testcase /g)).toHaveLength(doc.checks.length);
    expect(xml).toContain("not run: budget");
    // Progress on stderr while it runs, and why it stopped.
    expect(stderr).toMatch(/\[1\/\d+\] pass lifecycle\.handshake/);
    expect(stderr).toContain("The checks stopped: the time budget of 8 s ran out");
    expect(code).toBe(1);
  });
});

describe("the budget is the whole run's, the connect included", () => {
  it("a server that never answers its opening: the run ends when the budget does, not after the opening's 30 s time-out; exit 2, said why", async () => {
    let stdout = "";
    let stderr = "";
    const code = await runCli(["check", "--json", "--budget", "2000", "--config-dir", mkdtempSync(join(tmpdir(), "check-")), "--server", `${process.execPath} -e "setInterval(() => {}, 1000)"`, "--era", "2025-11-25"], {
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: (t: string) => (stderr += t) },
      onInterrupt: () => () => {},
    });
    expect(JSON.parse(stdout)).toEqual({ error: { message: "the server did not finish its opening within the time budget of 2 s (--budget)" } });
    expect(stderr).toContain("mcp-task-inspector doctor --server");
    expect(code).toBe(2);
  });
});

describe("every declared capability is tried", () => {
  it("the clean server's logging, completions and resource subscriptions pass", async () => {
    const { code, doc } = await check(target());
    expect(verdict(doc, "lifecycle.logging")).toMatchObject({ ok: true, detail: "logging/setLevel (info) answered" });
    expect(verdict(doc, "lifecycle.completions")).toMatchObject({ ok: true, detail: expect.stringContaining('completion/complete of "mem://item/{id}" "id" answered 2 values') });
    expect(verdict(doc, "lifecycle.subscribe")).toMatchObject({ ok: true });
    expect(verdict(doc, "transport.framing")).toMatchObject({ ok: true });
    expect(code).toBe(0);
  });

  it("a declared logging whose logging/setLevel fails: lifecycle.logging fails (error), exit 1", async () => {
    const { code, doc } = await check(target("--defect", "logging-fails"));
    expect(doc.checks.filter((c) => c.ok === false).map((c) => c.id)).toEqual(["lifecycle.logging"]);
    expect(verdict(doc, "lifecycle.logging")).toMatchObject({ severity: "error", detail: 'logging/setLevel answered error -32603 "logging is broken"' });
    expect(verdict(doc, "lifecycle.logging").messages.length).toBe(2);
    expect(code).toBe(1);
  });
});

describe("transport.framing", () => {
  it("a log line on stdout, a batch and a notification with an id: transport.framing fails with the log lines, exit 1", async () => {
    const { code, doc } = await check(target("--defect", "garbage"));
    const framing = verdict(doc, "transport.framing");
    expect(framing).toMatchObject({ ok: false, severity: "error" });
    expect(framing.detail).toMatch(/#\d+: Not JSON-RPC: the server wrote a line to stdout that is not valid JSON/);
    expect(framing.detail).toMatch(/#\d+: a JSON-RPC batch \(MCP has none\)/);
    expect(framing.detail).toMatch(/#\d+: the notification "notifications\/progress" carries an id \("note-1"\)/);
    expect(framing.messages).toHaveLength(3);
    expect(code).toBe(1);
  });

  it("a response to an id never sent and a second response to ping: transport.framing fails naming both", async () => {
    const { code, doc } = await check(target("--defect", "stray-id"));
    const framing = verdict(doc, "transport.framing");
    expect(framing.ok).toBe(false);
    expect(framing.detail).toMatch(/#\d+: a response to id 987654, which the client never sent/);
    expect(framing.detail).toMatch(/#\d+: a second response to id \d+/);
    expect(framing.messages).toHaveLength(2);
    expect(code).toBe(1);
  });
});

describe("the checks tidy up after themselves", () => {
  it("a tool listed twice is called once (listings.duplicates reports the listing)", async () => {
    const { doc } = await check(target("--defect", "duplicate-tool"));
    expect(verdict(doc, "listings.duplicates")).toMatchObject({ ok: false, detail: expect.stringContaining('"echo"') });
    const calls = verdict(doc, "results.calls");
    expect(calls.ok).toBe(true);
    expect(calls.detail.match(/"echo" →/g)).toHaveLength(1);
  });

  it("M5: a task the checks started that never ends is cancelled at the end, and the report says so", { timeout: 60_000 }, async () => {
    const { stderr } = await check(["--server", fixtureStdio("checks/check-target.mjs", "--defect", "task-update-stuck"), "--era", "2026-07-28"]);
    expect(stderr).toMatch(/The task "task-\d+" the checks started \("slow-task"\) had not ended: cancelled with tasks\/cancel/);
  });

  it("over Streamable HTTP (2025-11-25), the check's own session is ended with DELETE, and the report says so", async () => {
    const url = await startListeningFixture("checks/check-target.mjs", ["--http"], children);
    const { code, stderr } = await check(["--server", url, "--era", "2025-11-25"]);
    expect(stderr).toMatch(/The HTTP session "s-\d+" was ended with DELETE/);
    expect(code).toBe(0);
  });
});
