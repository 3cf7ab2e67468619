// The command line of `mcp-task-inspector`: parsed into one plain object, or a UsageError with one line.
import { parseArgs } from "node:util";
import { EraSettingSchema, type EraSetting, type OAuthSettings } from "../../shared/types.js";
import { AUTH_OPTIONS, AUTH_USAGE, authSettings } from "./authFlags.js";
import { UsageError } from "./usageError.js";

export { UsageError };

export const COMMANDS = ["tools", "call", "resources", "read", "templates", "prompts", "get-prompt", "ping", "task", "servers", "skills", "skill", "check", "lint", "load"] as const;
export type CommandName = (typeof COMMANDS)[number];
export const TASK_ACTIONS = ["get", "cancel", "watch"] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

export interface CliArgs {
  command: CommandName;
  /** The tool (call), URI (read), prompt (get-prompt) or task id (task …). */
  target?: string;
  taskAction?: TaskAction;
  server?: string;
  serversFile?: string;
  configDir?: string;
  transport?: "streamableHttp" | "sse";
  era?: EraSetting;
  json: boolean;
  quiet: boolean;
  timeoutMs?: number;
  headers: Record<string, string>;
  args: Record<string, unknown>;
  asTask: boolean;
  ttl?: number;
  elicitation?: string;
  sampling?: string;
  acceptDefaults: boolean;
  roots: string[];
  /** OAuth (issue 14): a pre-registered client, a scope, a client ID metadata document; follow the page headlessly. */
  oauth: Partial<OAuthSettings>;
  authHeadless: boolean;
  /** Skills (SEP-2640): `skills --verify` reads and checks every file; `skill <name|uri> --file <path>` reads one. */
  verify: boolean;
  file?: string;
  /** Issue 22: write this run's recording (.mcprec) here. */
  record?: string;
  /** check (issue 23): `--call <tool>[=<json>]` (tools the check may call) and `--junit <file>`. */
  checkCalls: Map<string, Record<string, unknown> | undefined>;
  junit?: string;
  /** check: the whole run's time budget (ms; 0: none). */
  budgetMs?: number;
  /** check: SARIF 2.1.0 into this file. */
  sarif?: string;
  /** load: the tool, how many calls at once, at most how many a second, for how long. */
  load?: { tool: string; concurrency: number; rate?: number; durationMs: number };
  /** `--env KEY=VALUE` (repeatable): variables for a stdio server, over what it inherits. */
  env: Record<string, string>;
  /** check: also run the official conformance suite's server scenarios, with this expected-failures file. */
  conformance?: { expectedFailures?: string };
  help: boolean;
}

export const USAGE = `Usage: mcp-task-inspector <command> [args] --server <name|command|url> [options]

Commands:
  tools                          list the server's tools
  call <tool> [--args <json>] [--task]
                                 call a tool (--task: run it as a task on 2025-11-25) and print its result
  resources | templates | prompts
                                 list resources, resource templates or prompts
  read <uri>                     read a resource
  get-prompt <name> [--args <json>]
                                 get a prompt (arguments are strings)
  ping                           ping the server
  task get|cancel|watch <taskId> a task's status; cancel it; watch it to the end and print its result
  skills [--verify]              list the server's skills (Skills extension); --verify reads every file
                                 and checks its size and SHA-256 digest against the skill's manifest
  skill <name|uri> [--file <path>]
                                 load a skill (its SKILL.md, verified) or read one of its files, verified
  servers                        list saved servers (and those of --servers-file)
  replay <file.mcprec> [--http <port>] [--speed <factor>|max]
                                 serve a recording as an MCP server (stdio, or Streamable HTTP)
  diff <a.mcprec> <b.mcprec> [--json] [--ignore <json-path>]
                                 what changed between two recordings; exit 1 when something breaking did
  check [--call <tool>[=<json>]] [--junit <file>] [--sarif <file>] [--budget <ms>]
                                 check the server against the protocol's rules (see docs/checks.md);
                                 exit 1 when an error-level check fails; --budget bounds the whole run
                                 (default 120000): checks not finished by then are "not run: budget"
        [--conformance [--expected-failures <file.yml>]]
                                 also run the official conformance suite's server scenarios
                                 (within the same budget, then by default 600000)
  load --tool <name> [--args <json>] [--concurrency N] [--rate R] [--duration D]
                                 call one tool under load (N at once, default 1, at most 64; at most R
                                 calls/s; D such as 30s, default 10s, at most 10m): latency p50/p95/p99,
                                 throughput, errors by kind; exit 1 when a call failed
  lint [--junit <file>] [--sarif <file>]
                                 only the lint area of check (warnings: schemas hosts refuse, missing
                                 descriptions, look-alike names, the tool list's token cost)
  doctor [--json]                diagnose why a server does or does not connect, step by step (see
                                 docs/doctor.md); exit 1 when a step failed
  run <collection.json> [--junit <file>] [--update-snapshots]
                                 run a collection of saved calls and judge their assertions (see
                                 docs/collections.md); exit 1 when an assertion failed
  web [--port <n>]               browser mode: serve the inspector's UI on 127.0.0.1 and print its URL

Options:
  --server <name|command|url>    a saved server's name, a name in --servers-file, an http(s) URL, or a
                                 command line to run over stdio ("node server.js --flag")
  --servers-file <path>          a Claude / VS Code file with an "mcpServers" (or "servers") map
  --config-dir <dir>             where saved servers live (default: env MCP_TASK_INSPECTOR_CONFIG_DIR or the
                                 browser mode's folder)
  --transport sse                an http(s) URL speaks the deprecated HTTP+SSE transport
  --era auto|2025-11-25|2026-07-28
                                 the protocol era (default: the saved entry's, else auto)
  --json                         one JSON document on stdout (see README, "Command-line mode")
  --timeout <ms>                 how long one request may go without an answer or progress (default 60000)
  --header 'Name: value'         an HTTP header for the server (repeatable)
  --env KEY=VALUE                an environment variable for a stdio server (repeatable); otherwise it gets
                                 only HOME, LOGNAME, PATH, SHELL, TERM and USER (Windows: its usual set)
                                 and a saved entry's own variables
  --elicitation <file|json>      the ElicitResult that answers every elicitation, or a JSON map of them keyed
                                 by the elicitation's message
  --sampling <file|json>         the CreateMessageResult that answers every sampling request
  --accept-defaults              accept every elicitation with its requested schema's defaults (under the
                                 content of --elicitation, which can give required fields that have none)
  --root <file://uri>            a root offered to the server on roots/list (repeatable; none otherwise)
  --ttl <ms>                     the ttl asked for a task (call --task)
  --client-id <id> [--client-secret <secret>]
                                 OAuth: a client registered with the server's authorization server
  --client-metadata-url <https url>
                                 OAuth: a client ID metadata document to use where it is supported
  --scope <scope>                OAuth: the scope to ask for when the server names none
${AUTH_USAGE}
  --auth-headless                OAuth: follow the authorization page without a browser (servers that
                                 approve at once: CI, test authorization servers); otherwise it is printed
                                 on stderr and opened with the system's opener
  --record <file>                write this run's recording (.mcprec, see docs/recordings.md); every command
                                 that connects to a server (not servers, replay or diff)
  --quiet                        no status or progress lines on stderr

Exit codes: 0 success; 1 the server said error (a tool result with isError, or a JSON-RPC error), or a
skill failed verification;
2 usage or connection problems; 130 interrupted (Ctrl+C).`;

export function parseCli(argv: string[]): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        server: { type: "string", short: "s" },
        "servers-file": { type: "string" },
        "config-dir": { type: "string" },
        transport: { type: "string" },
        era: { type: "string" },
        json: { type: "boolean", default: false },
        quiet: { type: "boolean", short: "q", default: false },
        timeout: { type: "string" },
        header: { type: "string", multiple: true, default: [] },
        args: { type: "string" },
        task: { type: "boolean", default: false },
        ttl: { type: "string" },
        elicitation: { type: "string" },
        sampling: { type: "string" },
        "accept-defaults": { type: "boolean", default: false },
        root: { type: "string", multiple: true, default: [] },
        "client-id": { type: "string" },
        "client-secret": { type: "string" },
        "client-metadata-url": { type: "string" },
        scope: { type: "string" },
        "auth-headless": { type: "boolean", default: false },
        ...AUTH_OPTIONS,
        verify: { type: "boolean", default: false },
        file: { type: "string" },
        record: { type: "string" },
        call: { type: "string", multiple: true, default: [] },
        junit: { type: "string" },
        budget: { type: "string" },
        sarif: { type: "string" },
        tool: { type: "string" },
        concurrency: { type: "string" },
        rate: { type: "string" },
        duration: { type: "string" },
        env: { type: "string", multiple: true, default: [] },
        conformance: { type: "boolean", default: false },
        "expected-failures": { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    // node's messages are one line already ("Unknown option '--foo'…"); only the first sentence is kept.
    throw new UsageError((error as Error).message.split(". To specify")[0]!);
  }
  const { values, positionals } = parsed;
  const help = values.help === true;
  const [command, ...rest] = positionals;
  if (help && !command) return { ...emptyArgs("servers"), help };
  if (!command) throw new UsageError("no command given: try `mcp-task-inspector tools --server <name|command|url>`, or --help");
  if (!(COMMANDS as readonly string[]).includes(command)) throw new UsageError(`unknown command "${command}": the commands are ${COMMANDS.join(", ")}`);
  const name = command as CommandName;

  let target: string | undefined;
  let taskAction: TaskAction | undefined;
  const takesTarget: Partial<Record<CommandName, string>> = { call: "<tool>", read: "<uri>", "get-prompt": "<name>", skill: "<name|uri>" };
  if (name === "task") {
    const [action, id, ...extra] = rest;
    if (!action || !(TASK_ACTIONS as readonly string[]).includes(action)) throw new UsageError(`task needs get, cancel or watch: \`task ${TASK_ACTIONS.join("|")} <taskId>\``);
    if (!id) throw new UsageError(`task ${action} needs a task id`);
    if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}" after the task id`);
    taskAction = action as TaskAction;
    target = id;
  } else if (takesTarget[name]) {
    if (!rest[0]) throw new UsageError(`${name} needs ${takesTarget[name]}`);
    if (rest.length > 1) throw new UsageError(`unexpected argument "${rest[1]}" after ${takesTarget[name]} (quote a --server command line as one argument)`);
    target = rest[0];
  } else if (rest.length) {
    throw new UsageError(`${name} takes no argument, but "${rest[0]}" was given (quote a --server command line as one argument)`);
  }

  if (values.args !== undefined && name !== "call" && name !== "get-prompt" && name !== "load") throw new UsageError(`--args is for call, get-prompt and load, not ${name}`);
  let load: CliArgs["load"];
  if (name === "load") {
    if (!values.tool) throw new UsageError("load needs --tool <name>");
    const whole = (flag: string, text: string | undefined, fallback: number, max: number) => {
      if (text === undefined) return fallback;
      const n = Number(text);
      if (!/^\d+(\.\d+)?$/.test(text) || !(n > 0) || n > max) throw new UsageError(`${flag} must be a number above 0 and at most ${max}, not "${text}"`);
      return n;
    };
    const concurrency = whole("--concurrency", values.concurrency, 1, 64);
    if (!Number.isInteger(concurrency)) throw new UsageError("--concurrency must be a whole number");
    load = {
      tool: values.tool,
      concurrency,
      ...(values.rate !== undefined ? { rate: whole("--rate", values.rate, 0, 2000) } : {}),
      durationMs: duration(values.duration ?? "10s"),
    };
  } else if (values.tool !== undefined || values.concurrency !== undefined || values.rate !== undefined || values.duration !== undefined) {
    throw new UsageError(`--tool, --concurrency, --rate and --duration are for load, not ${name}`);
  }
  if ((values.task || values.ttl !== undefined) && name !== "call") throw new UsageError(`--task and --ttl are for call, not ${name}`);
  if (values.ttl !== undefined && !values.task) throw new UsageError("--ttl needs --task");
  if (values.verify && name !== "skills") throw new UsageError(`--verify is for skills, not ${name}`);
  if (values.file !== undefined && name !== "skill") throw new UsageError(`--file is for skill, not ${name}`);
  if (name === "servers" && values.record !== undefined) throw new UsageError("--record needs a server: servers connects to none");
  const checkCalls = parseCheckCalls(values.call as string[]);
  const checking = name === "check" || name === "lint";
  if ((checkCalls.size || values.junit !== undefined) && !checking) throw new UsageError(`--call and --junit are for check, not ${name}`);
  if (values.budget !== undefined && !checking) throw new UsageError(`--budget is for check, not ${name}`);
  if (values.sarif !== undefined && !checking) throw new UsageError(`--sarif is for check, not ${name}`);
  if ((values.conformance || values["expected-failures"] !== undefined) && name !== "check") throw new UsageError(`--conformance is for check, not ${name}`);
  if (values["expected-failures"] !== undefined && !values.conformance) throw new UsageError("--expected-failures needs --conformance");
  const env: Record<string, string> = {};
  for (const item of values.env as string[]) {
    const at = item.indexOf("=");
    const key = at > 0 ? item.slice(0, at) : "";
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new UsageError(`--env must be KEY=VALUE, not ${JSON.stringify(item.slice(0, 100))}`);
    env[key] = item.slice(at + 1);
  }
  if (name !== "servers" && !values.server) throw new UsageError(`${name} needs --server <name|command|url>`);

  let args: Record<string, unknown> = {};
  if (values.args !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(values.args);
    } catch (error) {
      throw new UsageError(`--args is not valid JSON: ${(error as Error).message}`);
    }
    if (!json || typeof json !== "object" || Array.isArray(json)) throw new UsageError("--args must be a JSON object, such as '{\"message\": \"hi\"}'");
    if (name === "get-prompt") {
      const bad = Object.entries(json).find(([, v]) => typeof v !== "string");
      if (bad) throw new UsageError(`prompt arguments are strings: "${bad[0]}" is not`);
    }
    args = json as Record<string, unknown>;
  }

  const era = values.era === undefined ? undefined : EraSettingSchema.safeParse(values.era);
  if (era && !era.success) throw new UsageError(`--era must be auto, 2025-11-25 or 2026-07-28, not "${values.era}"`);
  let transport: CliArgs["transport"];
  if (values.transport !== undefined) {
    if (values.transport === "sse") transport = "sse";
    else if (values.transport === "streamableHttp" || values.transport === "http") transport = "streamableHttp";
    else throw new UsageError(`--transport must be sse or streamableHttp (stdio is chosen by giving a command), not "${values.transport}"`);
  }

  if (values["client-secret"] !== undefined && values["client-id"] === undefined) throw new UsageError("--client-secret needs --client-id");
  if (values["client-metadata-url"] !== undefined && !/^https:\/\/\S+$/i.test(values["client-metadata-url"])) {
    throw new UsageError("--client-metadata-url must be an https URL (a client ID metadata document)");
  }
  const oauth: CliArgs["oauth"] = {
    ...(values["client-id"] !== undefined ? { clientId: values["client-id"] } : {}),
    ...(values["client-secret"] !== undefined ? { clientSecret: values["client-secret"] } : {}),
    ...(values["client-metadata-url"] !== undefined ? { clientMetadataUrl: values["client-metadata-url"] } : {}),
    ...(values.scope !== undefined ? { scope: values.scope } : {}),
  };
  Object.assign(oauth, authSettings(values, oauth));

  const headers: Record<string, string> = {};
  for (const header of values.header as string[]) {
    const colon = header.indexOf(":");
    const key = colon > 0 ? header.slice(0, colon).trim() : "";
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(key)) throw new UsageError(`--header must be 'Name: value', not ${JSON.stringify(header)}`);
    headers[key] = header.slice(colon + 1).trim();
  }

  return {
    command: name,
    ...(target !== undefined ? { target } : {}),
    ...(taskAction ? { taskAction } : {}),
    ...(values.server !== undefined ? { server: values.server } : {}),
    ...(values["servers-file"] !== undefined ? { serversFile: values["servers-file"] } : {}),
    ...(values["config-dir"] !== undefined ? { configDir: values["config-dir"] } : {}),
    ...(transport ? { transport } : {}),
    ...(era?.success ? { era: era.data } : {}),
    json: values.json === true,
    quiet: values.quiet === true,
    ...(values.timeout !== undefined ? { timeoutMs: positiveInt("--timeout", values.timeout, 100, 3_600_000) } : {}),
    headers,
    args,
    asTask: values.task === true,
    ...(values.ttl !== undefined ? { ttl: positiveInt("--ttl", values.ttl, 1, Number.MAX_SAFE_INTEGER) } : {}),
    ...(values.elicitation !== undefined ? { elicitation: values.elicitation } : {}),
    ...(values.sampling !== undefined ? { sampling: values.sampling } : {}),
    acceptDefaults: values["accept-defaults"] === true,
    roots: values.root as string[],
    oauth,
    authHeadless: values["auth-headless"] === true,
    verify: values.verify === true,
    ...(values.file !== undefined ? { file: values.file } : {}),
    ...(values.record !== undefined ? { record: values.record } : {}),
    checkCalls,
    ...(values.junit !== undefined ? { junit: values.junit } : {}),
    ...(values.sarif !== undefined ? { sarif: values.sarif } : {}),
    ...(load ? { load } : {}),
    ...(values.budget !== undefined ? { budgetMs: values.budget === "0" ? 0 : positiveInt("--budget", values.budget, 100, 86_400_000) } : {}),
    env,
    ...(values.conformance ? { conformance: values["expected-failures"] !== undefined ? { expectedFailures: values["expected-failures"] } : {} } : {}),
    help,
  };
}

/** `--call <tool>[=<json object>]`: a tool name has no "=" (SEP-986), so the first one starts the arguments. */
function parseCheckCalls(given: string[]): Map<string, Record<string, unknown> | undefined> {
  const calls = new Map<string, Record<string, unknown> | undefined>();
  for (const item of given) {
    const at = item.indexOf("=");
    const tool = at < 0 ? item : item.slice(0, at);
    if (!tool) throw new UsageError(`--call needs a tool name: --call <tool>[=<json>], not ${JSON.stringify(item)}`);
    let args: unknown;
    if (at >= 0) {
      try {
        args = JSON.parse(item.slice(at + 1));
      } catch (error) {
        throw new UsageError(`--call ${tool}: the arguments are not valid JSON: ${(error as Error).message}`);
      }
      if (!args || typeof args !== "object" || Array.isArray(args)) throw new UsageError(`--call ${tool}: the arguments must be a JSON object`);
    }
    calls.set(tool, args as Record<string, unknown> | undefined);
  }
  return calls;
}

/** `10s`, `500ms`, `2m` or plain milliseconds; at most 10 minutes. */
function duration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  const ms = match ? Number(match[1]) * (match[2] === "m" ? 60_000 : match[2] === "s" ? 1000 : 1) : NaN;
  if (!(ms >= 100 && ms <= 600_000)) throw new UsageError(`--duration must be 100ms to 10m (such as 30s), not "${text}"`);
  return Math.round(ms);
}

function positiveInt(flag: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < min || n > max) throw new UsageError(`${flag} must be a whole number of milliseconds from ${min} to ${max}, not "${text}"`);
  return n;
}

function emptyArgs(command: CommandName): CliArgs {
  return { command, json: false, quiet: false, headers: {}, args: {}, asTask: false, acceptDefaults: false, roots: [], oauth: {}, authHeadless: false, verify: false, checkCalls: new Map(), env: {}, help: false };
}
