// Issue 30: `diff` compares in bounded memory. Two generated recordings, each larger than the heap the
// CLI is given (NODE_OPTIONS=--max-old-space-size), every call's result differing by a time: the diff
// streams both (twice: the second time for the values of the first differences) and ends with its
// document; reading the files whole, as before, dies of an out-of-memory abort.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { jsonOf, runCli } from "./harness.js";
import { writeBigRecording } from "../helpers/bigRecording.js";

// Below the file's size, so reading it whole cannot fit; with room over the ~58 MB the streaming diff keeps
// live at its peak, which left a 64 MB heap aborting when the collector fell behind on a loaded machine.
const HEAP_MB = 72;
const FILE_MB = 80;
const folder = mkdtempSync(join(tmpdir(), "diff-memory-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("diff in bounded memory (issue 30)", () => {
  it(`two ${FILE_MB} MB recordings whose every result differs, under a ${HEAP_MB} MB heap: the first 1,000 listed as varying, the rest counted`, { timeout: 600_000 }, async () => {
    const [a, b] = [join(folder, "a.mcprec"), join(folder, "b.mcprec")];
    const calls = writeBigRecording(a, FILE_MB, "2026-11-01", 3000);
    expect(writeBigRecording(b, FILE_MB, "2026-11-02", 3000)).toBe(calls);
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
