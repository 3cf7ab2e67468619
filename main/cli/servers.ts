// --server: a saved entry's name (the same saved servers as browser mode), a name in --servers-file,
// an http(s) URL, or otherwise a command line run over stdio.
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { parseMcpServersJson } from "../core/savedServers.js";
import { RootSchema, ServerConfigSchema, type EraSetting, type Root, type SavedServer, type ServerConfig } from "../../shared/types.js";
import { UsageError } from "./args.js";
import { shellWords, ShellWordsError } from "../../shared/shellWords.js";

export interface ServerChoice {
  config: ServerConfig;
  /** The saved entry it came from (tasks and era are remembered per entry). */
  serverId?: string;
  source: "saved" | "file" | "url" | "command";
}

export interface ServerOverrides {
  transport?: "streamableHttp" | "sse";
  era?: EraSetting;
  headers: Record<string, string>;
  roots: string[];
  /** OAuth fields given on the command line, over the saved entry's. */
  oauth?: NonNullable<ServerConfig["oauth"]>;
  /** `--env KEY=VALUE`: a stdio server's variables, over the saved entry's. */
  env?: Record<string, string>;
}

export function readServersFile(path: string): ServerConfig[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(`--servers-file: cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    return parseMcpServersJson(text);
  } catch (error) {
    throw new UsageError(`--servers-file ${path}: ${(error as Error).message}`);
  }
}

export function chooseServer(spec: string, saved: SavedServer[], fromFile: ServerConfig[], overrides: ServerOverrides): ServerChoice {
  let choice: ServerChoice;
  const entry = saved.find((s) => s.name === spec) ?? saved.find((s) => s.id === spec);
  const imported = fromFile.find((s) => s.name === spec);
  if (imported) choice = { config: imported, source: "file" };
  else if (entry) {
    const { id, builtIn: _builtIn, ...config } = entry;
    choice = { config, serverId: id, source: "saved" };
  } else if (/^https?:\/\//i.test(spec)) {
    const parsed = ServerConfigSchema.safeParse({ name: spec, transport: { type: overrides.transport ?? "streamableHttp", url: spec } });
    if (!parsed.success) throw new UsageError(`--server ${spec}: ${parsed.error.issues[0]?.message ?? "not a URL"}`);
    choice = { config: parsed.data, source: "url" };
  } else {
    let words: string[];
    try {
      words = shellWords(spec);
    } catch (error) {
      if (error instanceof ShellWordsError) throw new UsageError(`--server: ${error.message}`);
      throw error;
    }
    if (!words.length) throw new UsageError("--server is empty");
    const [command, ...args] = words as [string, ...string[]];
    const name = [basename(command), ...args].join(" ").slice(0, 200);
    choice = { config: ServerConfigSchema.parse({ name, transport: { type: "stdio", command, args } }), source: "command" };
  }
  return { ...choice, config: applyOverrides(choice.config, overrides) };
}

function applyOverrides(config: ServerConfig, overrides: ServerOverrides): ServerConfig {
  let transport = config.transport;
  if (overrides.transport && transport.type !== "stdio") transport = { ...transport, type: overrides.transport };
  if (Object.keys(overrides.headers).length) {
    if (transport.type === "stdio") throw new UsageError("--header is for HTTP servers; this one runs over stdio");
    transport = { ...transport, headers: { ...transport.headers, ...overrides.headers } };
  }
  // roots/list is answered with the --root list, and nothing else: a script gets what it asked for.
  if (overrides.env && Object.keys(overrides.env).length) {
    if (transport.type !== "stdio") throw new UsageError("--env is for stdio servers; this one is reached over HTTP");
    transport = { ...transport, env: { ...transport.env, ...overrides.env } };
  }
  const roots: Root[] = overrides.roots.map((uri) => {
    const parsed = RootSchema.safeParse({ uri });
    if (!parsed.success) throw new UsageError(`--root ${uri}: ${parsed.error.issues[0]?.message ?? "not a file:// URI"}`);
    return parsed.data;
  });
  const oauth = overrides.oauth && Object.keys(overrides.oauth).length ? { ...config.oauth, ...overrides.oauth } : config.oauth;
  if (oauth !== config.oauth && transport.type === "stdio") throw new UsageError("the OAuth options are for HTTP servers; this one runs over stdio");
  return { ...config, transport, roots, ...(overrides.era ? { era: overrides.era } : {}), ...(oauth ? { oauth } : {}) };
}
