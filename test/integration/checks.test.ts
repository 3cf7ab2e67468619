// Issue 23: the server checks against real servers over real stdio and HTTP. Every planted defect of the
// check-target fixture (test/fixtures/checks/check-target.mjs) is reported by the check that should
// report it, and by no other; the clean twins, both eras and both transports, give 0 failures.
import type { ChildProcess } from "node:child_process";
import { readFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../../main/cli/run.js";
import { everythingStdio, fixtureStdio } from "../cli/harness.js";
import { startListeningFixture } from "../helpers/servers.js";

interface CheckDoc {
  server: Record<string, unknown>;
  era: string;
  checks: { id: string; title: string; severity: "error" | "warning"; ok: boolean | null; detail: string; messages: number[] }[];
  passed: number;
  failed: number;
  skipped: number;
}

async function check(args: string[]): Promise<{ code: number; doc: CheckDoc; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(["check", "--json", "--quiet", "--config-dir", mkdtempSync(join(tmpdir(), "check-")), ...args], {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    onInterrupt: () => () => {},
  });
  return { code, doc: JSON.parse(stdout) as CheckDoc, stderr };
}

const target = (...args: string[]) => ["--server", fixtureStdio("checks/check-target.mjs", ...args)];
const LEGACY = ["--era", "2025-11-25"];
const MODERN = ["--era", "2026-07-28"];
const failedIds = (doc: CheckDoc) => doc.checks.filter((c) => c.ok === false).map((c) => c.id);

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill();
});

describe("the clean twins give 0 failures", () => {
  it.each([
    ["2025-11-25", LEGACY],
    ["2026-07-28", MODERN],
  ])("stdio %s: every check passes or is skipped, and the JSON document has exactly its keys", async (_era, era) => {
    const { code, doc } = await check([...target(), ...era]);
    expect(failedIds(doc)).toEqual([]);
    expect(code).toBe(0);
    expect(Object.keys(doc)).toEqual(["server", "era", "checks", "passed", "failed", "skipped"]);
    for (const c of doc.checks) expect(Object.keys(c)).toEqual(["id", "title", "severity", "ok", "detail", "messages"]);
    expect(doc.passed + doc.failed + doc.skipped).toBe(doc.checks.length);
    expect(doc.passed).toBeGreaterThan(20);
  });

  it("a server with resources but no resources/templates/list (templates are optional) is not faulted for it", async () => {
    const { code, doc } = await check([...target("--defect", "no-templates"), ...LEGACY]);
    expect(failedIds(doc)).toEqual([]);
    expect(doc.checks.find((c) => c.id === "resources.templates")).toMatchObject({ ok: null, detail: expect.stringMatching(/-32601/) });
    expect(code).toBe(0);
  });

  it.each([
    ["2025-11-25", LEGACY],
    ["2026-07-28", MODERN],
  ])("Streamable HTTP %s: the HTTP checks run and pass", async (_era, era) => {
    const url = await startListeningFixture("checks/check-target.mjs", ["--http"], children);
    const { code, doc } = await check(["--server", url, ...era]);
    expect(failedIds(doc)).toEqual([]);
    expect(code).toBe(0);
    const http = doc.checks.filter((c) => c.id.startsWith("http.") && c.ok === true).map((c) => c.id);
    expect(http).toEqual(era === LEGACY ? ["http.origin", "http.protocol-version", "http.session", "http.session-ended"] : ["http.origin", "http.protocol-version", "http.header-mismatch", "http.unknown-method"]);
  });
});

/** [the rule's id (TASKS-SPEC.md; "spec" for a rule of the MCP spec itself), defect, era, the check that must report it (and only it; more ids are failures that follow from the first)]. */
const PLANTED: [string, string, "legacy" | "modern", string, ...string[]][] = [
  ["spec", "ping", "legacy", "lifecycle.ping"],
  ["spec", "declared-missing", "legacy", "lifecycle.declared-capabilities"],
  ["spec", "declared-missing", "modern", "lifecycle.declared-capabilities"],
  ["spec", "undeclared-works", "legacy", "lifecycle.undeclared-capabilities"],
  ["spec", "pagination-repeat", "legacy", "listings.pagination"],
  ["spec", "duplicate-tool", "legacy", "listings.duplicates"],
  ["spec", "tool-name", "modern", "tools.name"],
  ["spec", "input-schema", "legacy", "tools.input-schema"],
  ["spec", "output-schema", "modern", "tools.output-schema"],
  ["spec", "template", "legacy", "resources.templates"],
  ["spec", "resource-uri", "modern", "resources.read"],
  ["spec", "structured", "legacy", "results.structured-content"],
  ["M4", "structured", "modern", "results.structured-content"],
  ["spec", "content", "legacy", "results.content"],
  ["R8", "task-unknown-id", "legacy", "tasks.unknown-id"],
  ["M3", "task-unknown-id", "modern", "tasks.unknown-id"],
  ["R9", "task-list-loop", "legacy", "tasks.list"],
  ["R5", "task-no-ttl", "legacy", "tasks.created"],
  ["M2", "task-no-ttl", "modern", "tasks.created"],
  ["M3", "task-no-poll-interval", "modern", "tasks.poll-interval"],
  ["R4", "task-terminal-changes", "legacy", "tasks.terminal"],
  ["M6", "task-terminal-changes", "modern", "tasks.terminal"],
  ["R7", "task-result-meta", "legacy", "tasks.result-meta"],
  ["R10", "task-cancel-terminal", "legacy", "tasks.cancel-terminal"],
  // The task never leaves input_required: followed to the poll bound, tasks.lifecycle is a warning that says so.
  ["M5", "task-update-stuck", "modern", "tasks.input-update", "tasks.lifecycle"],
  // A round with nothing in it cannot be answered: the server asks again and again, past the round limit.
  // The round bound (I3) reached: the results checks that looked at the call say it, as warnings.
  ["I1", "mrtr-empty", "modern", "mrtr.input-required", "mrtr.rounds", "results.content", "results.calls"],
  ["I3", "mrtr-loop", "modern", "mrtr.rounds", "results.content", "results.calls"],
  ["I1", "mrtr-missing", "modern", "mrtr.missing-response"],
  ["spec", "no-server-info", "modern", "lifecycle.server-info"],
  ["spec", "listen-early", "modern", "lifecycle.listen"],
  ["spec", "cache-hints", "modern", "lifecycle.cache-hints"],
];

describe("every planted defect is reported by the check that should (stdio)", () => {
  it.each(PLANTED)("%s: --defect %s (%s) fails %s, and only it", async (_rule, defect, era, id, ...follows) => {
    const { code, doc } = await check([...target("--defect", defect), ...(era === "legacy" ? LEGACY : MODERN)]);
    expect(failedIds(doc).sort()).toEqual([id, ...follows].sort());
    const verdict = doc.checks.find((c) => c.id === id)!;
    // Each failure points at the messages that prove it, except where the proof is the opening itself.
    expect(verdict.detail.length).toBeGreaterThan(0);
    // Exit 1 only when an error-level check failed; a warning alone exits 0.
    expect(code).toBe(verdict.severity === "error" ? 1 : 0);
  });
});

describe("HTTP defects (Streamable HTTP)", () => {
  it.each([
    ["origin", "legacy", "http.origin"],
    ["origin", "modern", "http.origin"],
    ["http-version", "legacy", "http.protocol-version"],
    ["http-version", "modern", "http.protocol-version"],
    ["http-session", "legacy", "http.session"],
    ["http-session-ended", "legacy", "http.session-ended"],
    ["header-mismatch", "modern", "http.header-mismatch"], // E4
    ["http-unknown-method", "modern", "http.unknown-method"],
  ] as const)("--defect %s (%s) fails %s, and only it", async (defect, era, id) => {
    const url = await startListeningFixture("checks/check-target.mjs", ["--http", "--defect", defect], children);
    const { doc } = await check(["--server", url, ...(era === "legacy" ? LEGACY : MODERN)]);
    expect(failedIds(doc)).toEqual([id]);
  });
});

describe("the verdicts point at the log, and the report is safe to read", () => {
  it("a failed list walk names the log entries of its pages (a bounded walk: an endless cursor stops at the page limit)", async () => {
    const { doc } = await check([...target("--defect", "pagination-endless"), ...LEGACY]);
    const verdict = doc.checks.find((c) => c.id === "listings.pagination")!;
    expect(verdict.detail).toMatch(/never ends/);
    expect(verdict.messages.length).toBeGreaterThan(2);
  });

  it("an opening answer the SDK refuses is judged from the log: a version the client never offered fails lifecycle.version, a serverInfo without its name fails lifecycle.handshake (exit 1, the refusal said)", async () => {
    const version = await check([...target("--defect", "version"), ...LEGACY]);
    expect(version.code).toBe(1);
    expect(version.doc.checks.map((c) => [c.id, c.ok])).toEqual([["lifecycle.handshake", true], ["lifecycle.version", false]]);
    expect(version.doc.checks[1]!.detail).toMatch(/answered "1999-01-01" to "2025-11-25"/);
    expect(version.doc.checks[1]!.messages.length).toBe(2);
    expect(version.stderr).toMatch(/opening answer \(.*protocol version is not supported: 1999-01-01\)/);
    const handshake = await check([...target("--defect", "handshake"), ...LEGACY]);
    expect(handshake.code).toBe(1);
    expect(handshake.doc.checks.find((c) => c.id === "lifecycle.handshake")).toMatchObject({ ok: false, detail: expect.stringMatching(/serverInfo is .*not \{ name, version \} strings/) });
  });

  it("a server that never answers its opening is a connection problem: exit 2, no verdict made up", async () => {
    let stderr = "";
    const code = await runCli(["check", "--quiet", "--timeout", "1000", "--server", `${process.execPath} -e "setInterval(() => {}, 1000)"`, ...LEGACY], { stdout: { write: () => true }, stderr: { write: (t: string) => (stderr += t) }, onInterrupt: () => () => {} });
    expect(code).toBe(2);
    expect(stderr).not.toMatch(/judged from the log/);
  });

  it("R7: server-everything's research task, allowed with --call, asks for input through tasks/result: the check declines it, says so, and follows the task to its end", { timeout: 90_000 }, async () => {
    const { code, doc, stderr } = await check(["--server", everythingStdio, "--call", 'simulate-research-query={"topic":"checks","ambiguous":true}']);
    expect(code).toBe(0);
    expect(doc.checks.find((c) => c.id === "tasks.lifecycle")!.detail).toMatch(/ → input_required( \(×\d+\))?( → \w+( \(×\d+\))?)* → completed$/);
    for (const id of ["tasks.created", "tasks.terminal", "tasks.result-meta", "tasks.cancel-terminal"]) expect(doc.checks.find((c) => c.id === id)!.ok).toBe(true);
    expect(stderr).toMatch(/The server asked for input during the checks: elicitation declined/);
  });

  it("a flood of 5,000 tools with long descriptions and catastrophic patterns: every schema judged, at most 20 tools called, and the call bound said as a warning", { timeout: 60_000 }, async () => {
    const { code, doc } = await check([...target("--defect", "flood"), ...LEGACY]);
    expect(doc.checks.filter((c) => c.ok === false && c.severity === "error")).toEqual([]);
    expect(doc.checks.find((c) => c.id === "tools.input-schema")!.detail).toBe("all 5,004 input schemas are valid, with root type object");
    const calls = doc.checks.find((c) => c.id === "results.calls")!;
    expect(calls.detail.match(/→/g)).toHaveLength(20);
    // A bound reached is never a pass: what lay past it was not judged.
    expect(calls).toMatchObject({ ok: false, severity: "warning", detail: expect.stringContaining("the first 20 of 53 tools the checks may call were called") });
    expect(code).toBe(0);
  });

  it("an endless cursor fails listings.pagination; every verdict that judged the listed tools says it read only the first 100 pages (a warning)", async () => {
    const { code, doc } = await check([...target("--defect", "pagination-endless"), ...MODERN]);
    expect(doc.checks.filter((c) => c.ok === false && c.severity === "error").map((c) => c.id)).toEqual(["listings.pagination"]);
    const warned = doc.checks.filter((c) => c.ok === false && c.severity === "warning");
    expect(warned.map((c) => c.id)).toEqual(expect.arrayContaining(["listings.duplicates", "tools.input-schema", "results.calls"]));
    for (const c of warned) expect(c.detail).toContain("only the first 100 pages of tools/list were read");
    expect(code).toBe(1);
  });

  it("a tool that never answers: results.calls fails after the check's own time-out, results.content (which had no content to judge) fails saying so, and the run goes on", async () => {
    const { code, doc } = await check([...target("--defect", "call-hangs"), ...LEGACY, "--timeout", "1500"]);
    expect(failedIds(doc)).toEqual(["results.content", "results.calls"]);
    expect(doc.checks.find((c) => c.id === "results.calls")!.detail).toMatch(/"echo": no answer/);
    expect(doc.checks.find((c) => c.id === "results.content")!.detail).toContain("tools/call got no answer within 1.5 s (no answer is not a pass)");
    expect(doc.checks.find((c) => c.id === "tasks.terminal")!.ok).toBe(true);
    expect(code).toBe(1);
  });

  it("a server that exits in the middle of the checks: exit 2, and the checks after it say they were not run", async () => {
    const { code, doc, stderr } = await check([...target("--defect", "crash"), ...LEGACY]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/The connection ended during the checks/);
    expect(doc.checks.find((c) => c.id === "lifecycle.ping")!.ok).toBe(true);
    expect(doc.checks.find((c) => c.id === "tasks.unknown-id")).toMatchObject({ ok: null, detail: expect.stringMatching(/^not run: the session is disconnected/) });
  });

  it("JUnit XML escapes everything the server sent (a tool name with markup and control characters)", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "junit-")), "checks.xml");
    await check([...target("--defect", "tool-name"), ...LEGACY, "--junit", file]);
    const xml = readFileSync(file, "utf8");
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('<testcase classname="mcp.listings" name="tools.name: Tool names keep the spec&apos;s character rules">');
    // A warning does not fail a build: it passes, with WARNING in its output.
    expect(xml).not.toContain("<failure");
    expect(xml).toMatch(/<system-out>WARNING: &quot;bad name, &lt;b&gt;&amp;/);
    expect(xml).toContain('failures="0"');
    expect(xml).not.toContain("<b>");
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect((xml.match(/<testcase /g) ?? []).length).toBe((xml.match(/<\/testcase>/g) ?? []).length);
  });

  it("safe by default: a tool that is not readOnlyHint is never called, unless named with --call", async () => {
    const plain = await check([...target(), ...LEGACY]);
    const said = plain.doc.checks.find((c) => c.id === "results.calls")!.detail;
    expect(said).not.toContain("write-file");
    const allowed = await check([...target(), ...LEGACY, "--call", 'write-file={"path":"/tmp/x"}']);
    expect(allowed.doc.checks.find((c) => c.id === "results.calls")!.detail).toContain('"write-file" → result');
  });
});
