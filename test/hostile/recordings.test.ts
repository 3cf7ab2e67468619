// Issue 22: opening a damaged or hostile recording is a clear RecordingError naming the line, never a
// crash: truncated, 1 GB (a sparse file: refused from its size before a byte is read), invalid JSON
// lines, lines the schema refuses, an unknown format version, and a server request to a client that
// never offered the capability (kept, and said).
import { closeSync, mkdtempSync, openSync, ftruncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseRecording, readRecording, RecordingError } from "../../main/core/recordings/reader.js";

const header = { mcprec: 1, inspector: { name: "mcp-task-inspector", version: "0.1.0" }, recordedAt: "2026-11-25T00:00:00.000Z", era: "legacy", server: { name: "s", transport: "stdio", command: "node" }, limits: { messageBytes: 262144 } };
const initialize = { t: 1, dir: "out", msg: { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: { roots: {} }, clientInfo: { name: "c", version: "1" } } } };
const jsonl = (...lines: unknown[]) => lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n";
const file = (text: string) => {
  const path = join(mkdtempSync(join(tmpdir(), "rec-hostile-")), "f.mcprec");
  writeFileSync(path, text);
  return path;
};

describe("hostile recordings (issue 22)", () => {
  it("a well-formed recording opens: header, lines, no warnings", () => {
    const opened = readRecording(file(jsonl(header, initialize, { t: 2, stderr: "hello" })));
    expect(opened.header.era).toBe("legacy");
    expect(opened.lines).toHaveLength(2);
    expect(opened.warnings).toEqual([]);
  });

  it("truncated: a last line cut off mid-message is said as truncated", () => {
    const text = jsonl(header, initialize);
    expect(() => readRecording(file(text.slice(0, text.length - 20)))).toThrow(new RecordingError("Line 2 is cut off: the recording is truncated"));
    expect(() => readRecording(file(""))).toThrow("The file is empty: a recording starts with its header line");
  });

  it("1 GB: refused from its size before reading (a sparse file, nothing written)", () => {
    const path = join(mkdtempSync(join(tmpdir(), "rec-huge-")), "huge.mcprec");
    const fd = openSync(path, "w");
    ftruncateSync(fd, 1024 * 1024 * 1024);
    closeSync(fd);
    expect(() => readRecording(path)).toThrow(/huge\.mcprec is 1024\.0 MB: over the 512\.0 MB a recording may be; it was not read/);
  });

  it("a line with no end (a 40 MB line) stops at the line bound instead of growing without limit", () => {
    const path = file(JSON.stringify(header) + "\n" + "x".repeat(40 * 1024 * 1024));
    expect(() => readRecording(path)).toThrow("Line 2 is over 16.0 MB: not a recording line");
  });

  it("invalid JSON lines, a header that is not one, a line the schema refuses, an unknown version: each a RecordingError naming the line", () => {
    expect(() => parseRecording(jsonl(header, initialize, "{not json"))).toThrow(/^Line 3 is not JSON \(/);
    expect(() => parseRecording(jsonl("GIF89a\u0000\u0001", initialize))).toThrow(/^Line 1 is not JSON .*: not a recording$/);
    expect(() => parseRecording(jsonl({ hello: "world" }))).toThrow(/^Line 1 is not a recording header: must have required property 'mcprec'/);
    expect(() => parseRecording(jsonl(header, { t: -5, dir: "sideways", msg: {} }))).toThrow(/^Line 2 is not a recording line:/);
    expect(() => parseRecording(jsonl({ ...header, mcprec: 7 }))).toThrow("The recording is format version 7; this inspector reads version 1");
    // A header that carries env values is refused: the format never holds them.
    expect(() => parseRecording(jsonl({ ...header, server: { ...header.server, env: { KEY: "v" } } }))).toThrow(/^Line 1 is not a recording header/);
    for (const bad of [jsonl(header, "[]"), jsonl(header, "null"), jsonl(header, '"x"'), jsonl(header, { t: 1, dir: "in" })]) {
      expect(() => parseRecording(bad)).toThrow(RecordingError);
    }
  });

  it("a message 100,000 levels deep is refused by its depth, naming the line, without overflowing the stack", () => {
    const deep = `{"t":1,"dir":"in","msg":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    expect(() => parseRecording(jsonl(header) + deep + "\n")).toThrow(RecordingError);
    expect(() => parseRecording(jsonl(header) + deep + "\n")).toThrow(/nested deeper than \d+ levels at line 2/);
  });

  it("a server request for a capability the client did not offer (sampling to a client offering only roots) is kept and said", () => {
    const sampling = { t: 3, dir: "in", msg: { jsonrpc: "2.0", id: 9, method: "sampling/createMessage", params: { messages: [], maxTokens: 1 } } };
    const roots = { t: 4, dir: "in", msg: { jsonrpc: "2.0", id: 10, method: "roots/list" } };
    const opened = parseRecording(jsonl(header, initialize, sampling, roots));
    expect(opened.lines).toHaveLength(3);
    expect(opened.warnings).toEqual(["Line 3: the server sent sampling/createMessage, but the client did not offer the sampling capability"]);
  });
});

describe("a hostile client of a replay (issue 22)", () => {
  it("not JSON, a 65 MB line with no end in sight, then a ping: parse errors, and the ping still answered", async () => {
    const { spawn } = await import("node:child_process");
    const { CLI } = await import("../cli/harness.js");
    const path = file(jsonl(header, { t: 1, dir: "out", msg: { jsonrpc: "2.0", id: 1, method: "ping" } }, { t: 2, dir: "in", msg: { jsonrpc: "2.0", id: 1, result: {} } }));
    const child = spawn(process.execPath, [CLI, "replay", path], { stdio: ["pipe", "pipe", "inherit"] });
    let out = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    const answers = () => out.split("\n").filter(Boolean).map((l) => JSON.parse(l) as { id?: unknown; error?: { message: string }; result?: unknown });
    child.stdin!.write("this is not json\n");
    const chunk = "x".repeat(1024 * 1024);
    for (let i = 0; i < 65; i++) child.stdin!.write(chunk);
    child.stdin!.write('\n{"jsonrpc":"2.0","id":"p","method":"ping"}\n');
    child.stdin!.end();
    await new Promise((resolve) => child.on("exit", resolve));
    expect(answers()).toEqual([
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error: Unexpected token/) } },
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: the message is over 64 MB" } },
      { jsonrpc: "2.0", id: "p", result: {} },
    ]);
  });
});
