// Runs the built command-line inspector (out/main/cli.js, built by `npm run build`) as a user would, as a
// child process, and starts the real servers it talks to: server-everything (stdio or Streamable HTTP),
// our legacy fixtures and the 2026-07-28 fixture.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
export const CLI = fileURLToPath(new URL("../../out/main/cli.js", import.meta.url));
export const BIN = fileURLToPath(new URL("../../bin/mcp-task-inspector.mjs", import.meta.url));
export const EVERYTHING = require.resolve("@modelcontextprotocol/server-everything/dist/index.js");

/** A word for --server's command line: quoted, so a path with spaces stays one word. */
const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
export const command = (...words: string[]) => words.map(quote).join(" ");
export const fixture = (file: string) => fileURLToPath(new URL(`../fixtures/${file}`, import.meta.url));

/** server-everything over stdio, as --server's command line. */
export const everythingStdio = command(process.execPath, EVERYTHING, "stdio");
export const fixtureStdio = (file: string, ...args: string[]) => command(process.execPath, fixture(file), ...args);

export interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Running {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  exited: Promise<Ran>;
  /** Resolves with the stderr text once it matches (the CLI's status lines are events a test can await). */
  stderrMatches(pattern: RegExp): Promise<RegExpMatchArray>;
}

/**
 * A server started on a loaded machine can take longer than the default 2 s era probe to read its first
 * line, and a 2026-07-28 server would then be taken for a silent legacy one: the test config gives it 15 s.
 */
export const TEST_SETTINGS = { eraProbeTimeoutMs: 15_000 };

/** A fresh config folder for each run unless one is given: saved servers and task memory are per test. */
export function newConfigDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "cli-config-"));
  writeFileSync(join(dir, "settings.json"), JSON.stringify(TEST_SETTINGS));
  return dir;
}

export function startCli(args: string[], options: { configDir?: string; env?: NodeJS.ProcessEnv; entry?: string } = {}): Running {
  const env = { ...process.env, MCP_TASK_INSPECTOR_CONFIG_DIR: options.configDir ?? newConfigDir(), ...options.env };
  const child = spawn(process.execPath, [options.entry ?? CLI, ...args], { stdio: ["ignore", "pipe", "pipe"], env });
  const output = { stdout: "", stderr: "" };
  const watchers = new Set<() => void>();
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output.stdout += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    output.stderr += chunk;
    for (const watcher of [...watchers]) watcher();
  });
  const exited = new Promise<Ran>((resolve) => child.on("close", (code, signal) => resolve({ code, signal, ...output })));
  const stderrMatches = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = output.stderr.match(pattern);
        if (match) {
          watchers.delete(check);
          resolve(match);
        }
      };
      watchers.add(check);
      check();
      void exited.then(() => {
        if (watchers.has(check)) reject(new Error(`the CLI exited before its stderr matched ${pattern}: ${output.stderr}`));
      });
    });
  return { child, output, exited, stderrMatches };
}

export function runCli(args: string[], options: { configDir?: string; env?: NodeJS.ProcessEnv; entry?: string } = {}): Promise<Ran> {
  return startCli(args, options).exited;
}

/** The one JSON document of a --json run. */
export function jsonOf(ran: Ran): Record<string, unknown> {
  const lines = ran.stdout.trim().split("\n");
  if (lines.length !== 1) throw new Error(`expected one JSON document on stdout, got: ${ran.stdout}`);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Every stdout line the server printed so far. */
  lines: string[];
  nextLine(pattern: RegExp): Promise<string>;
  stop(): Promise<void>;
}

function watchLines(child: ChildProcess, stream: NodeJS.ReadableStream) {
  const lines: string[] = [];
  const watchers = new Set<(line: string) => void>();
  let buffer = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    buffer += chunk;
    let at;
    while ((at = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      lines.push(line);
      for (const watcher of [...watchers]) watcher(line);
    }
  });
  /** The first line matching from the ones not seen by an earlier call, or the next one to come. */
  let consumed = 0;
  const nextLine = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const found = lines.slice(consumed).findIndex((l) => pattern.test(l));
      if (found >= 0) {
        consumed += found + 1;
        return resolve(lines[consumed - 1]!);
      }
      const watcher = (line: string) => {
        if (!pattern.test(line)) return;
        watchers.delete(watcher);
        consumed = lines.length;
        resolve(line);
      };
      watchers.add(watcher);
      child.once("exit", () => watchers.has(watcher) && reject(new Error(`the server exited before printing ${pattern}`)));
    });
  return { lines, nextLine };
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGKILL");
    });
}

/** test/fixtures/cli-http-server.mjs or modern/modern-http-server.mjs: they print "listening <port>". */
export async function startHttpFixture(file: string, args: string[] = []): Promise<ServerProcess> {
  const child = spawn(process.execPath, [fixture(file), ...args], { stdio: ["ignore", "pipe", "inherit"] });
  const { lines, nextLine } = watchLines(child, child.stdout!);
  const port = (await nextLine(/^listening \d+$/)).split(" ")[1]!;
  const path = file.includes("modern") ? "/" : "/mcp";
  return { url: `http://127.0.0.1:${port}${path}`, child, lines, nextLine, stop: stopper(child) };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * server-everything in its `streamableHttp` (or deprecated `sse`) mode, on a free port; it says when it
 * listens, on stderr.
 */
export async function startEverythingHttp(mode: "streamableHttp" | "sse" = "streamableHttp"): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING, mode], { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, PORT: String(port) } });
  const { lines, nextLine } = watchLines(child, child.stderr!);
  await nextLine(mode === "sse" ? /Server is running on port/ : /listening on port/);
  return { url: `http://127.0.0.1:${port}/${mode === "sse" ? "sse" : "mcp"}`, child, lines, nextLine, stop: stopper(child) };
}
