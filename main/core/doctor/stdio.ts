// The doctor's stdio steps, on a process of its own (never the user's session): the command is found, the
// process starts and stays up, its first stdout bytes are JSON-RPC, it answers the opening request in time,
// speaks an era and version we speak, and names its capabilities. stdout is read by lines of bounded
// length, so a server that writes one endless line ends the step on that bound.
import { spawn, type ChildProcess } from "node:child_process";
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import type { EraSetting } from "../../../shared/types.js";
import { LEGACY_VERSION, MODERN_VERSION, withEnvelope } from "../protocol/envelope.js";
import { readDiscoverAnswer } from "../modern/eraProbe.js";
import { resolveCommand } from "./resolveCommand.js";
import { failed, passed, quote, seconds, skipped, type StepLog, type StepOutcome } from "./steps.js";

export interface StdioTarget {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  era: EraSetting;
}

export interface StdioDoctorOptions {
  /** How long the opening answer may take. */
  timeoutMs: number;
  /** How long server/discover is given before falling back to initialize (Auto). */
  probeMs: number;
  /** The longest stdout line read before the step ends on that bound. */
  maxLineBytes: number;
  platform: NodeJS.Platform;
  now: () => number;
  clientInfo: { name: string; version: string };
}

const STDERR_TAIL_CHARS = 2000;
const WINDOWS_SCRIPT_NAMES = new Set(["npx", "npm", "pnpm", "yarn", "uvx", "bunx"]);

type Message = { id?: unknown; result?: Record<string, unknown>; error?: { code?: unknown; message?: unknown; data?: unknown }; method?: unknown };

export async function diagnoseStdio(target: StdioTarget, options: StdioDoctorOptions, log: StepLog): Promise<void> {
  const env = { ...getDefaultEnvironment(), ...target.env };
  const cwd = target.cwd ?? process.cwd();
  const later = ["stdio.start", "stdio.stdout", "stdio.handshake", "stdio.era", "stdio.capabilities"] as const;
  const titles: Record<(typeof later)[number], string> = {
    "stdio.start": "The process starts and stays up",
    "stdio.stdout": "The first bytes on stdout are JSON-RPC",
    "stdio.handshake": "The opening request is answered in time",
    "stdio.era": "An era and protocol version both sides speak",
    "stdio.capabilities": "The server's capabilities are read",
  };
  const skipRest = (from: number, why: string) => later.slice(from).forEach((id) => log.skip(id, titles[id], why));

  const resolution = resolveCommand(target.command, { env, cwd, platform: options.platform });
  const bare = target.command.replace(/\.(cmd|bat|exe)$/i, "").toLowerCase();
  const resolved = await log.run("stdio.command", "The command resolves", (): StepOutcome => {
    if (!resolution.found) {
      const where = target.command.includes("/") || target.command.includes("\\") ? `no such executable file: ${resolution.tried[0]}` : `"${quote(target.command, 200)}" is on none of the ${resolution.tried.length} PATH folders (${quote(resolution.tried.join(options.platform === "win32" ? ";" : ":"), 600)})`;
      const windowsHint = options.platform === "win32" && WINDOWS_SCRIPT_NAMES.has(bare) ? ` On Windows, ${bare} is ${bare}.cmd: use "${bare}.cmd" or "cmd /c ${bare} …" in clients that start programs without a shell.` : "";
      return failed(where, `Install the program, or give its full path. The desktop app runs servers with the PATH your login shell sets up; the command line and browser mode, with the PATH they were started with.${windowsHint}`);
    }
    if (resolution.cmdScript) {
      return passed(`found ${resolution.found} (a .cmd script)`, `On Windows ${bare} is a .cmd script: the inspector starts it through cmd; a client that starts programs without a shell needs "${bare}.cmd" or "cmd /c ${bare} …".`);
    }
    return passed(`found ${resolution.found}`);
  });
  if (resolved.status !== "passed") return skipRest(0, "the command was not found");

  const started = options.now();
  const found = resolution.found!;
  let child: ChildProcess;
  try {
    child = /\.(cmd|bat)$/i.test(found)
      ? spawn(process.env.ComSpec ?? "cmd.exe", ["/d", "/s", "/c", `"${[found, ...target.args].map((a) => `"${a}"`).join(" ")}"`], { env, cwd, stdio: "pipe", windowsVerbatimArguments: true, windowsHide: true })
      : spawn(found, target.args, { env, cwd, stdio: "pipe", windowsHide: true });
  } catch (error) {
    log.add("stdio.start", titles["stdio.start"], failed(`could not start: ${quote((error as Error).message)}`, "Check the command and its working folder."));
    return skipRest(1, "the process did not start");
  }
  const watch = new ChildWatch(child, options.maxLineBytes, options.now);
  try {
    const spawnError = await watch.spawned;
    if (spawnError) {
      log.add("stdio.start", titles["stdio.start"], failed(`could not start: ${quote(spawnError.message)}`, spawnError.code === "EACCES" ? "The file is not executable: chmod +x it, or run it through its interpreter (node, python…)." : spawnError.code === "ENOENT" && target.cwd ? `Check the working folder ${target.cwd} exists.` : "Check the command and its working folder."), options.now() - started);
      return skipRest(1, "the process did not start");
    }

    const deadline = started + options.timeoutMs;
    let modern: { version: string; discover: Record<string, unknown>; said: string } | undefined;
    let probeSaid: string | undefined;
    let answer: Message | undefined;
    let answeredAt = 0;
    if (target.era !== "2025-11-25") {
      const envelope = { protocolVersion: MODERN_VERSION, clientInfo: options.clientInfo, clientCapabilities: {} };
      watch.send({ jsonrpc: "2.0", id: "doctor-discover", method: "server/discover", params: withEnvelope(undefined, envelope) });
      const reply = await watch.answer("doctor-discover", Math.min(deadline, options.now() + (target.era === "2026-07-28" ? options.timeoutMs : options.probeMs)));
      if (reply) {
        const reading = readDiscoverAnswer(reply.error ? { error: { code: Number(reply.error.code), message: String(reply.error.message ?? ""), data: reply.error.data } } : { result: reply.result ?? {} }, MODERN_VERSION, "", false);
        if (reading && "era" in reading && reading.era === "modern") {
          modern = reading;
          answer = reply;
          answeredAt = options.now();
        } else probeSaid = reading && "said" in reading ? reading.said : `server/discover answered error ${String(reply.error?.code)}: 2025-11-25 (initialize)`;
      } else if (!watch.ended) probeSaid = `server/discover: no answer in ${seconds(options.probeMs)}, so 2025-11-25 (initialize)`;
    }
    if (!modern && target.era !== "2026-07-28" && !watch.ended) {
      watch.send({ jsonrpc: "2.0", id: "doctor-initialize", method: "initialize", params: { protocolVersion: LEGACY_VERSION, capabilities: {}, clientInfo: options.clientInfo } });
      answer = await watch.answer("doctor-initialize", deadline);
      answeredAt = options.now();
    }
    const exchangeMs = (answeredAt || options.now()) - started;

    // stays up: a moment after the answer is not asked for; an exit before it is what matters
    log.add(
      "stdio.start",
      titles["stdio.start"],
      watch.exit
        ? failed(`started (pid ${child.pid ?? "?"}), then exited with ${watch.exit.signal ? `signal ${watch.exit.signal}` : `code ${watch.exit.code}`} after ${seconds(watch.exit.at - started)}${watch.stderrTail() ? `; stderr ends: ${quote(watch.stderrTail(), 1200)}` : "; nothing on stderr"}`, "Run the command in a terminal to see why it stops; a server must keep running and read requests from stdin.")
        : passed(`started (pid ${child.pid ?? "?"}) and still running after ${seconds(options.now() - started)}`),
      watch.spawnedAt - started,
    );

    log.add("stdio.stdout", titles["stdio.stdout"], stdoutOutcome(watch, options), watch.firstLineAt ? watch.firstLineAt - started : 0);

    if (!answer) {
      const why = watch.overlong ? `stdout gave one line of more than ${options.maxLineBytes} bytes, so no answer could be read` : watch.exit ? "the process ended before answering" : `no answer within ${seconds(options.timeoutMs)}`;
      log.add("stdio.handshake", titles["stdio.handshake"], failed(`${target.era === "2026-07-28" ? "server/discover" : "initialize"}: ${why}${probeSaid ? ` (${probeSaid})` : ""}`, watch.exit ? "See the stderr above." : "A server must answer initialize on stdout, one JSON-RPC message per line; check that it reads stdin and is not waiting for something else (a login, a network call).", !watch.exit && !watch.overlong), exchangeMs);
      return skipRest(3, "no opening answer");
    }
    if (answer.error) {
      log.add("stdio.handshake", titles["stdio.handshake"], failed(`initialize answered error ${String(answer.error.code)}: ${quote(String(answer.error.message ?? ""))}`, "The server refused the opening request: see its message."), exchangeMs);
      return skipRest(3, "the opening request was refused");
    }
    const result = answer.result ?? {};
    const info = (modern ? (result.serverInfo ?? (result._meta as Record<string, unknown> | undefined)?.["io.modelcontextprotocol/serverInfo"]) : result.serverInfo) as { name?: unknown; version?: unknown } | undefined;
    log.add("stdio.handshake", titles["stdio.handshake"], passed(`${modern ? "server/discover" : "initialize"} answered in ${seconds(exchangeMs)}${info?.name ? ` by ${quote(String(info.name), 100)}${info.version ? ` ${quote(String(info.version), 50)}` : ""}` : ""}`), exchangeMs);

    log.add("stdio.era", titles["stdio.era"], eraOutcome(modern, result, probeSaid));
    log.add("stdio.capabilities", titles["stdio.capabilities"], capabilitiesOutcome(result.capabilities));
  } finally {
    await watch.stop();
  }
}

function stdoutOutcome(watch: ChildWatch, options: StdioDoctorOptions): StepOutcome {
  const logFix = "The server writes logs to stdout; MCP needs stdout for messages: log to stderr (console.error in Node, print(..., file=sys.stderr) in Python).";
  if (watch.firstLine === undefined) {
    if (watch.overlong) return failed(`one line of more than ${options.maxLineBytes} bytes with no newline; reading stopped there (it began: ${quote(watch.overlongStart, 120)})`, `Each message is one line ending in a newline; a line this long is not a message. ${logFix}`, true);
    // Nothing to judge: the step that explains it (the exit, the silence) fails instead.
    return skipped(watch.exit ? "nothing on stdout before the process ended (see the step above)" : "nothing on stdout (see the next step)");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(watch.firstLine);
  } catch {
    return failed(`the first line is not JSON: ${quote(watch.firstLine, 200)}${watch.nonJsonLines > 1 ? ` (${watch.nonJsonLines} such lines)` : ""}`, logFix);
  }
  if (!parsed || typeof parsed !== "object" || (parsed as { jsonrpc?: unknown }).jsonrpc !== "2.0") return failed(`the first line is JSON but not a JSON-RPC 2.0 message: ${quote(watch.firstLine, 200)}`, logFix);
  if (watch.nonJsonLines) return failed(`JSON-RPC first, then ${watch.nonJsonLines} line(s) that are not JSON, such as: ${quote(watch.firstNonJson ?? "", 200)}`, logFix);
  return passed(`a JSON-RPC message (${watch.messages} message(s) read, every line JSON)`);
}

function eraOutcome(modern: { version: string; said: string } | undefined, result: Record<string, unknown>, probeSaid: string | undefined): StepOutcome {
  if (modern) return passed(modern.said);
  const version = typeof result.protocolVersion === "string" ? result.protocolVersion : undefined;
  if (!version) return failed("the initialize result names no protocolVersion", "The server must name the protocol version it speaks in its initialize result.");
  const spoken = [LEGACY_VERSION, ...SUPPORTED_PROTOCOL_VERSIONS];
  if (!spoken.includes(version)) return failed(`the server answered with version ${quote(version, 60)}, which we do not speak (we offered ${LEGACY_VERSION})`, `Update the server's MCP SDK: it should answer ${LEGACY_VERSION} or an earlier version it supports.`);
  return passed(`2025-11-25 era, protocol version ${version}${version !== LEGACY_VERSION ? ` (older than the ${LEGACY_VERSION} we offered: some features are missing)` : ""}${probeSaid ? `; ${probeSaid}` : ""}`);
}

export function capabilitiesOutcome(capabilities: unknown): StepOutcome {
  if (!capabilities || typeof capabilities !== "object" || Array.isArray(capabilities)) return failed("no capabilities object in the answer", "The server must list its capabilities (an empty object when it has none).");
  const names = Object.keys(capabilities).slice(0, 30).map((k) => quote(k, 60));
  return names.length ? passed(`capabilities: ${names.join(", ")}`) : passed("capabilities: none declared (no tools, resources or prompts will be listed)");
}

/** The child's stdout read line by line (bounded), its stderr tail, its exit. */
class ChildWatch {
  readonly spawned: Promise<NodeJS.ErrnoException | undefined>;
  spawnedAt = 0;
  exit?: { code: number | null; signal: NodeJS.Signals | null; at: number };
  ended = false;
  firstLine?: string;
  firstLineAt = 0;
  firstNonJson?: string;
  nonJsonLines = 0;
  messages = 0;
  overlong = false;
  overlongStart = "";
  private buffer: Buffer[] = [];
  private bufferBytes = 0;
  private stderr = "";
  private readonly answers = new Map<string, Message>();
  private readonly wake = new Set<() => void>();

  constructor(
    private readonly child: ChildProcess,
    private readonly maxLineBytes: number,
    private readonly now: () => number,
  ) {
    this.spawned = new Promise((resolve) => {
      child.once("spawn", () => {
        this.spawnedAt = now();
        resolve(undefined);
      });
      child.once("error", (error: NodeJS.ErrnoException) => {
        this.ended = true;
        resolve(error);
        this.notify();
      });
    });
    child.once("exit", (code, signal) => {
      this.exit = { code, signal, at: now() };
      this.ended = true;
      this.notify();
    });
    child.stdin?.on("error", () => {});
    child.stdout?.on("data", (chunk: Buffer) => this.onStdout(chunk));
    child.stderr?.setEncoding("utf8").on("data", (text: string) => {
      this.stderr = (this.stderr + text).slice(-STDERR_TAIL_CHARS * 2);
    });
  }

  stderrTail(): string {
    return this.stderr.trim().slice(-STDERR_TAIL_CHARS);
  }

  send(message: unknown): void {
    if (this.ended) return;
    this.child.stdin?.write(`${JSON.stringify(message)}\n`);
  }

  /** The answer to `id`, or undefined at the deadline, an exit, or an overlong line. */
  answer(id: string, deadline: number): Promise<Message | undefined> {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const check = () => {
        const found = this.answers.get(id);
        clearTimeout(timer);
        if (found || this.ended || this.overlong || this.now() >= deadline) {
          this.wake.delete(check);
          resolve(found);
        } else {
          // A timer may fire a moment before the clock says the deadline came: it is armed again.
          timer = setTimeout(check, Math.max(0, deadline - this.now()) + 1);
        }
      };
      this.wake.add(check);
      check();
    });
  }

  private notify(): void {
    for (const wake of [...this.wake]) wake();
  }

  private onStdout(chunk: Buffer): void {
    if (this.overlong) return;
    if (this.firstLineAt === 0) this.firstLineAt = this.now();
    let start = 0;
    for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, start)) {
      this.buffer.push(chunk.subarray(start, at));
      this.line(Buffer.concat(this.buffer).toString("utf8").replace(/\r$/, ""));
      this.buffer = [];
      this.bufferBytes = 0;
      start = at + 1;
    }
    const rest = chunk.subarray(start);
    this.buffer.push(rest);
    this.bufferBytes += rest.length;
    if (this.bufferBytes > this.maxLineBytes) {
      // Bounded: the rest of this line is never held; the process is stopped by stop().
      this.overlong = true;
      this.overlongStart = Buffer.concat(this.buffer).subarray(0, 200).toString("utf8");
      this.buffer = [];
      this.child.stdout?.pause();
      this.notify();
    }
  }

  private line(text: string): void {
    if (!text.trim()) return;
    if (this.firstLine === undefined) this.firstLine = text;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.nonJsonLines++;
      this.firstNonJson ??= text.slice(0, 1000);
      return;
    }
    this.messages++;
    const m = message as Message;
    if (m && typeof m === "object" && typeof m.id === "string" && m.method === undefined) {
      this.answers.set(m.id, m);
      this.notify();
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.ended = true;
    child.stdin?.end();
    child.stdout?.destroy();
    child.stderr?.destroy();
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const wait = (ms: number) => Promise.race([gone.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref())]);
    child.kill("SIGTERM");
    if (await wait(500)) return;
    child.kill("SIGKILL");
    await wait(500);
  }
}

