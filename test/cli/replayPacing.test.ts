// A replay starts as the recorded server did and keeps its pace: the era probe (server/discover) is
// answered from the recording's first lines while the rest is still read; progress notifications come
// paced as recorded, so a client sees each before the result (the SDK client drops progress that arrives
// with its result); `--era 2026-07-28` connects to a modern replay with server/discover as the handshake.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { CLI, command, fixtureStdio, jsonOf, runCli } from "./harness.js";

const folder = mkdtempSync(join(tmpdir(), "replay-pacing-"));

describe("replay pacing and start", () => {
  it("the SDK client over stdio sees 3 of 3 progress notifications, each before the result", async () => {
    const file = join(folder, "progress.mcprec");
    const live = await runCli(["call", "slow", "--args", '{"steps":3,"intervalMs":100}', "--json", "--server", fixtureStdio("progress-server.mjs"), "--record", file]);
    expect(live.code, live.stderr).toBe(0);
    const client = new Client({ name: "sdk", version: "1" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, "replay", file], stderr: "ignore" }));
    try {
      const seen: number[] = [];
      const result = await client.callTool({ name: "slow", arguments: { steps: 3, intervalMs: 100 } }, undefined, { onprogress: (p) => seen.push(p.progress) });
      expect(seen).toEqual([1, 2, 3]);
      expect(result.content).toEqual((jsonOf(live) as { content: unknown }).content);
    } finally {
      await client.close();
    }
  });

  it("server/discover is answered from the first lines while a long recording is still read; --era 2026-07-28 connects to the replay", async () => {
    const file = join(folder, "modern.mcprec");
    const live = await runCli(["call", "echo", "--args", '{"text":"hi"}', "--json", "--era", "2026-07-28", "--server", fixtureStdio("modern/modern-server.mjs", "--modern-only"), "--record", file]);
    expect(live.code, live.stderr).toBe(0);
    const pinned = await runCli(["call", "echo", "--args", '{"text":"hi"}', "--json", "--era", "2026-07-28", "--server", command(process.execPath, CLI, "replay", file)]);
    expect(pinned.code, pinned.stderr).toBe(0);
    expect(jsonOf(pinned)).toEqual(jsonOf(live));

    // The same recording with 40 MB of the server's stderr after it, and marked incomplete: the replay says
    // so once it has read the whole file, which is how the test knows where the reading is.
    const long = join(folder, "modern-long.mcprec");
    const [header, ...rest] = readFileSync(file, "utf8").trimEnd().split("\n");
    const marked = { ...(JSON.parse(header!) as Record<string, unknown>), incomplete: { droppedLines: 1, reason: "a test" } };
    writeFileSync(long, `${JSON.stringify(marked)}\n${rest.join("\n")}\n`);
    const last = (JSON.parse(rest.at(-1)!) as { t: number }).t;
    const padding = `${JSON.stringify({ t: last, stderr: "x".repeat(1000) })}\n`.repeat(1000);
    for (let i = 0; i < 40; i++) appendFileSync(long, padding);

    const discover = rest.map((l) => JSON.parse(l) as { dir?: string; msg?: { method?: string; params?: unknown } }).find((l) => l.dir === "out" && l.msg?.method === "server/discover")!;
    const child = spawn(process.execPath, [CLI, "replay", long, "--speed", "max"], { stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const first = new Promise<{ line: string; stderrThen: string }>((resolve) => {
      let out = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        out += chunk;
        if (out.includes("\n")) resolve({ line: out.split("\n")[0]!, stderrThen: stderr });
      });
    });
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: "probe", method: "server/discover", params: discover.msg!.params })}\n`);
    const answered = await first;
    expect(JSON.parse(answered.line)).toMatchObject({ id: "probe", result: { supportedVersions: expect.arrayContaining(["2026-07-28"]) } });
    expect(answered.stderrThen).not.toContain("the recording is incomplete");
    child.stdin.end();
    await new Promise((resolve) => child.on("close", resolve));
  });
});
