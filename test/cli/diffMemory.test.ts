// Issue 30: `diff` compares in bounded memory. Two generated recordings, each larger than the heap the
// CLI is given (NODE_OPTIONS=--max-old-space-size), every call's result differing by a time: the diff
// streams both (twice: the second time for the values of the first differences) and ends with its
// document; reading the files whole, as before, dies of an out-of-memory abort.
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { jsonOf, runCli } from "./harness.js";

const HEAP_MB = 48;
const FILE_MB = 64;
const folder = mkdtempSync(join(tmpdir(), "diff-memory-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A recording of tools/call echo, ~6 KB a call, each answer stamped with `day`'s date; written a few MB at a time. */
function generate(path: string, day: string): number {
  const fd = openSync(path, "w");
  const filler = "x".repeat(3000);
  const header = { mcprec: 1, inspector: { name: "test", version: "0" }, recordedAt: `${day}T10:00:00.000Z`, era: "legacy", protocolVersion: "2025-11-25", server: { name: "big", transport: "stdio" }, limits: { messageBytes: 262144 } };
  let written = writeSync(fd, `${JSON.stringify(header)}\n`);
  let calls = 0;
  try {
    while (written < FILE_MB * 1024 * 1024) {
      const lines: string[] = [];
      for (let i = 0; i < 1000; i++, calls++) {
        lines.push(JSON.stringify({ t: calls, dir: "out", msg: { jsonrpc: "2.0", id: calls, method: "tools/call", params: { name: "echo", arguments: { message: `call ${calls}` } } } }));
        lines.push(JSON.stringify({ t: calls, dir: "in", msg: { jsonrpc: "2.0", id: calls, result: { content: [{ type: "text", text: `Echo at ${day}T10:00:00Z: call ${calls} ${filler}` }] } } }));
      }
      written += writeSync(fd, `${lines.join("\n")}\n`);
    }
  } finally {
    closeSync(fd);
  }
  return calls;
}

describe("diff in bounded memory (issue 30)", () => {
  it(`two ${FILE_MB} MB recordings whose every result differs, under a ${HEAP_MB} MB heap: the first 1,000 listed as varying, the rest counted`, { timeout: 600_000 }, async () => {
    const [a, b] = [join(folder, "a.mcprec"), join(folder, "b.mcprec")];
    const calls = generate(a, "2026-11-01");
    expect(generate(b, "2026-11-02")).toBe(calls);
    expect(statSync(a).size).toBeGreaterThan(FILE_MB * 1024 * 1024);
    const ran = await runCli(["diff", a, b, "--json"], { env: { NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` } });
    expect(ran.signal, ran.stderr.slice(0, 2000)).toBeNull();
    expect(ran.code, ran.stderr.slice(0, 2000)).toBe(0);
    const doc = jsonOf(ran) as { changes: unknown[]; varies: { name: string; what: string }[]; unlisted: unknown; breaking: number };
    expect(doc.changes).toEqual([]);
    expect(doc.varies).toHaveLength(1000);
    expect(doc.varies[0]).toMatchObject({ name: 'tools/call {"arguments":{"message":"call 0"},"name":"echo"}', what: "result varies between runs (times, ids, durations)" });
    expect(doc.unlisted).toEqual({ changes: 0, breaking: 0, varies: calls - 1000, notCompared: 0 });
  });
});
