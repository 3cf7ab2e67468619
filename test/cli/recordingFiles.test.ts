// Hostile recording files given to the real CLI (replay and diff): a value nested 100,000 deep in a
// request, a response or the header is exit 2 with one sentence naming the line and the depth (never a
// stack trace); a named pipe is refused at once (the CLI would hang forever if it opened it for a blocking
// read: no writer ever comes); a live message nested too deep gets a JSON-RPC parse error, and the replay
// goes on answering.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HOSTILE_RECORDINGS, nested, PLAIN_RECORDING } from "../fixtures/recordings/hostile.js";
import { CLI, runCli } from "./harness.js";

const folder = mkdtempSync(join(tmpdir(), "rec-files-"));

describe("recording files the CLI refuses", () => {
  for (const [where, { line, text }] of Object.entries(HOSTILE_RECORDINGS)) {
    it(`replay and diff: 100,000 levels deep in a ${where} is exit 2, naming line ${line} and the depth`, async () => {
      const file = join(folder, `${where}.mcprec`);
      writeFileSync(file, text());
      const plain = join(folder, "plain.mcprec");
      writeFileSync(plain, PLAIN_RECORDING);
      const said = `The recording is nested deeper than 128 levels at line ${line}; it was not read`;
      const replayed = await runCli(["replay", file]);
      expect(replayed.code).toBe(2);
      expect(replayed.stderr).toBe(`mcp-task-inspector replay: ${said}\n`);
      const diffed = await runCli(["diff", plain, file]);
      expect(diffed.code).toBe(2);
      expect(diffed.stderr).toContain(said);
      expect(diffed.stderr).not.toMatch(/RangeError|\n\s+at /);
    });
  }

  it("diff prints the warnings its readers found, naming the file", async () => {
    const file = join(folder, "sampling.mcprec");
    writeFileSync(file, `${PLAIN_RECORDING}{"t":9,"dir":"in","msg":{"jsonrpc":"2.0","id":5,"method":"sampling/createMessage","params":{"messages":[],"maxTokens":1}}}\n`);
    const plain = join(folder, "plain-for-warnings.mcprec");
    writeFileSync(plain, PLAIN_RECORDING);
    const ran = await runCli(["diff", file, plain]);
    expect(ran.code).toBe(0);
    expect(ran.stderr).toBe(`mcp-task-inspector diff: ${file}: Line 5: the server sent sampling/createMessage, but the client did not offer the sampling capability\n`);
  });

  it("a named pipe is refused at once by replay and by diff", async () => {
    const fifo = join(folder, "pipe.mcprec");
    execFileSync("mkfifo", [fifo]);
    const replayed = await runCli(["replay", fifo]);
    expect(replayed.code).toBe(2);
    expect(replayed.stderr).toBe(`mcp-task-inspector replay: ${fifo} is a named pipe, not a recording file; it was not read\n`);
    const diffed = await runCli(["diff", fifo, fifo]);
    expect(diffed.code).toBe(2);
    expect(diffed.stderr).toContain(`${fifo} is a named pipe, not a recording file`);
  });

  it("a live message nested 100,000 deep gets a parse error naming the depth; the replay answers the next request", async () => {
    const file = join(folder, "plain-live.mcprec");
    writeFileSync(file, PLAIN_RECORDING);
    const child = spawn(process.execPath, [CLI, "replay", file], { stdio: ["pipe", "pipe", "pipe"] });
    const lines: Record<string, unknown>[] = [];
    let buffer = "";
    const answered = new Promise<void>((resolve) =>
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        buffer += chunk;
        const parts = buffer.split("\n");
        buffer = parts.pop()!;
        for (const part of parts) lines.push(JSON.parse(part) as Record<string, unknown>);
        if (lines.some((l) => l.id === 7)) resolve();
      }),
    );
    child.stdin.write(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"deep":${nested()}}}}\n`);
    child.stdin.write('{"jsonrpc":"2.0","id":7,"method":"ping"}\n');
    await answered;
    child.stdin.end();
    expect(lines[0]).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: the message is nested deeper than 128 levels" } });
    expect(lines[1]).toEqual({ jsonrpc: "2.0", id: 7, result: {} });
  });
});
