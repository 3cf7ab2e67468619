// A command that could not connect says, as its last stderr line, the doctor command that diagnoses it:
// the same --server value, quoted so that pasting the line into a shell gives back that value, word for
// word (a path with a space, a single quote, a control character).
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { doctorHint, shellQuote } from "../../main/cli/shellWords.js";
import { shellWords } from "../../shared/shellWords.js";
import { everythingStdio, fixture, fixtureStdio, runCli } from "./harness.js";

/** A port nothing listens on right now. */
function deadPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The hint line, read back the way a shell would: the --server word after "doctor". */
function hintedServer(stderr: string): { line: string; words: string[] } {
  const lines = stderr.trimEnd().split("\n");
  const line = lines[lines.length - 1]!;
  expect(line).toMatch(/^To diagnose it: mcp-task-inspector doctor --server /);
  return { line, words: shellWords(line.slice("To diagnose it: ".length)) };
}

describe("after a failed connect: the doctor command", () => {
  // A server command that exits at once (stderr message, exit code 3), with quotes inside the value.
  const server = fixtureStdio("doctor/stdio-server.mjs", "exits");

  it.each([
    [["tools"]],
    [["call", "echo", "--args", "{\"message\":\"hi\"}"]],
    [["ping"]],
    [["check"]],
  ])("%j: exit 2, the error, then one line with the same --server value, quoted safely", async (args) => {
    const ran = await runCli([...args, "--server", server, "--quiet"]);
    expect(ran.code).toBe(2);
    const { words } = hintedServer(ran.stderr);
    expect(words).toEqual(["mcp-task-inspector", "doctor", "--server", server]);
    expect(ran.stderr.match(/To diagnose it/g)).toHaveLength(1);
  }, 60_000);

  it("run <collection>: the same line after its could-not-connect error", async () => {
    const ran = await runCli(["run", fixture("collections/everything.collection.json"), "--server", server, "--quiet"]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain("mcp-task-inspector run: could not connect: ");
    expect(hintedServer(ran.stderr).words.slice(0, 4)).toEqual(["mcp-task-inspector", "doctor", "--server", server]);
  }, 60_000);

  it("the hinted command runs as printed: doctor finds the failed step (exit 1)", async () => {
    const ran = await runCli(["tools", "--server", server, "--quiet"]);
    const { words } = hintedServer(ran.stderr);
    const doctor = await runCli([...words.slice(1), "--quiet"]);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toMatch(/^FAIL {2}The process starts and stays up/m);
  }, 60_000);

  it("the way to reach the server goes along (--transport sse, --era), so the doctor tries the same; header values do not", async () => {
    const url = `http://127.0.0.1:${await deadPort()}/sse`;
    const ran = await runCli(["tools", "--server", url, "--transport", "sse", "--era", "2025-11-25", "--header", "Authorization: Bearer secret-token", "--quiet"]);
    expect(ran.code).toBe(2);
    const { words } = hintedServer(ran.stderr);
    expect(words).toEqual(["mcp-task-inspector", "doctor", "--server", url, "--transport", "sse", "--era", "2025-11-25"]);
    expect(ran.stderr).not.toContain("secret-token");
    const doctor = await runCli([...words.slice(1), "--json"]);
    expect((JSON.parse(doctor.stdout) as { transport: string }).transport).toBe("sse");
  }, 60_000);

  it("a connect that works says nothing of the doctor", async () => {
    const ran = await runCli(["ping", "--server", everythingStdio]);
    expect(ran.code).toBe(0);
    expect(ran.stderr).not.toContain("doctor");
  }, 60_000);
});

describe("shellQuote", () => {
  it.each(["plain-word_1.js", "/a b/c", "it's", "", "$HOME `x` \"q\"", "a\\b"])("%j reads back as itself", (word) => {
    expect(shellWords(shellQuote(word))).toEqual([word]);
  });

  it("a control character stays on one line, as a $'…' escape", () => {
    expect(shellQuote("a\nb'c")).toBe("$'a\\x0ab\\'c'");
    expect(doctorHint("x\ny", { configDir: "/tmp/c d" })).toBe("To diagnose it: mcp-task-inspector doctor --server $'x\\x0ay' --config-dir '/tmp/c d'");
  });
});
