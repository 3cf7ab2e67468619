// `npm run web`'s process as a user runs it (out/main/web.js, built by `npm test` first): a busy port is
// one sentence and exit code 2; Ctrl+C ends it within a second and takes the servers' processes along.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { POSIX_SIGNALS, PROC_FS } from "../helpers/platform.js";

const webEntry = fileURLToPath(new URL("../../out/main/web.js", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "web-cli-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function startCli(args: string[]): { child: ChildProcess; output: { stdout: string; stderr: string }; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> } {
  const child = spawn(process.execPath, [webEntry, "--config-dir", mkdtempSync(join(scratch, "config-")), ...args], { stdio: ["ignore", "pipe", "pipe"] });
  const output = { stdout: "", stderr: "" };
  child.stdout!.on("data", (chunk) => (output.stdout += chunk));
  child.stderr!.on("data", (chunk) => (output.stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("close", (code, signal) => resolve({ code, signal })));
  return { child, output, exited };
}

/**
 * Whether the process still runs. A killed process whose parent has exited stays a zombie until pid 1 reaps
 * it, and some containers' pid 1 never does: on Linux a zombie counts as gone (it runs nothing, holds nothing).
 */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (!PROC_FS) return true;
  try {
    const state = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /s, "")[0];
    return state !== "Z" && state !== "X";
  } catch {
    return false;
  }
}

describe("npm run web: starting and stopping", () => {
  it("a port already in use: one sentence, exit code 2, no stack trace", async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    const { port } = busy.address() as AddressInfo;
    try {
      const cli = startCli(["--port", String(port)]);
      expect(await cli.exited).toEqual({ code: 2, signal: null });
      expect(cli.output.stderr.trim()).toBe(
        `Browser mode could not start: port ${port} is already in use on 127.0.0.1; choose another with --port, or leave --port out to use a free one.`,
      );
    } finally {
      busy.close();
    }
  });

  it.runIf(POSIX_SIGNALS)("Ctrl+C with a connected server that ignores the end of its input and SIGTERM: exits without waiting on it, and the server's process is gone", async () => {
    const cli = startCli([]);
    const url = await new Promise<string>((resolve) => {
      cli.child.stdout!.on("data", () => {
        const match = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(cli.output.stdout);
        if (match) resolve(match[0]);
      });
    });
    const page = new URL(url);
    const socket = new WebSocket(`ws://${page.host}/api?token=${page.searchParams.get("token")}`, { origin: page.origin });
    await new Promise((resolve) => socket.on("open", resolve));
    // A server that writes its pid, never answers, and stays alive when its stdin closes and on SIGTERM.
    const pidFile = join(scratch, "server.pid");
    const stubborn = `require("fs").writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); process.on("SIGTERM", () => {}); process.stdin.resume(); process.stdin.on("end", () => {}); setInterval(() => {}, 1000);`;
    const started = new Promise<void>((resolve) => {
      socket.on("message", (data) => {
        if (String(data).includes('"state":"connecting"')) resolve();
      });
    });
    socket.send(JSON.stringify({ type: "call", id: 1, method: "connect", params: { server: { name: "stubborn", transport: { type: "stdio", command: process.execPath, args: ["-e", stubborn] } } } }));
    await started;
    const pid = await new Promise<number>((resolve) => {
      const check = () => {
        // The file can exist before its pid is written in it: an empty read is read again.
        let pid = 0;
        try {
          pid = Number(readFileSync(pidFile, "utf8"));
        } catch {}
        if (Number.isInteger(pid) && pid > 0) resolve(pid);
        else setTimeout(check, 20);
      };
      check();
    });
    expect(alive(pid)).toBe(true);

    const before = performance.now();
    cli.child.kill("SIGINT");
    expect(await cli.exited).toEqual({ code: 0, signal: null });
    const tookMs = performance.now() - before;
    // SIGTERM, then SIGKILL, were sent before the exit; the kernel takes a moment to reap it.
    const deadline = performance.now() + 2000;
    while (alive(pid) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(alive(pid)).toBe(false);
    writeFileSync(join(scratch, "ctrl-c-ms.txt"), tookMs.toFixed(0));
  });
});
