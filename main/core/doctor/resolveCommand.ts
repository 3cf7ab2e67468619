// Where a stdio server's command is found, the way a program started without a shell finds it: a path is
// taken as it is (from the working folder), a bare name is looked up on PATH (and PATHEXT on Windows).
import { accessSync, constants, statSync } from "node:fs";
import { isAbsolute, resolve as resolvePath, win32, posix } from "node:path";

export interface CommandResolution {
  /** The file that will run, when one was found. */
  found?: string;
  /** Where it was looked for (folders, or the one path). */
  tried: string[];
  /** Windows: a bare npx/npm-style name that exists only as a .cmd script. */
  cmdScript?: boolean;
}

export interface ResolveOptions {
  env: Record<string, string | undefined>;
  cwd: string;
  platform: NodeJS.Platform;
  /** Injected so a test can use a fake file system; the real one by default. */
  isExecutable?: (path: string) => boolean;
}

function executable(path: string, windows: boolean): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    if (!windows) accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function envValue(env: Record<string, string | undefined>, name: string, windows: boolean): string | undefined {
  if (!windows) return env[name];
  const key = Object.keys(env).find((k) => k.toUpperCase() === name);
  return key ? env[key] : undefined;
}

export function resolveCommand(command: string, options: ResolveOptions): CommandResolution {
  const windows = options.platform === "win32";
  const path = windows ? win32 : posix;
  const check = options.isExecutable ?? ((p: string) => executable(p, windows));
  const extensions = windows ? (envValue(options.env, "PATHEXT", true) ?? ".COM;.EXE;.BAT;.CMD").split(";").filter(Boolean) : [""];
  const hasExtension = windows && /\.[^\\/.]+$/.test(command);
  const candidates = (base: string) => (windows && !hasExtension ? extensions.map((e) => base + e.toLowerCase()) : [base]);

  if (command.includes("/") || (windows && command.includes("\\"))) {
    const full = isAbsolute(command) || path.isAbsolute(command) ? command : resolvePath(options.cwd, command);
    const found = candidates(full).find(check);
    return { ...(found ? { found } : {}), tried: [full], ...(found && windows && /\.(cmd|bat)$/i.test(found) && !hasExtension ? { cmdScript: true } : {}) };
  }
  const folders = (envValue(options.env, "PATH", windows) ?? "").split(windows ? ";" : ":").filter(Boolean);
  for (const folder of folders) {
    const found = candidates(path.join(folder, command)).find(check);
    if (found) return { found, tried: folders, ...(windows && !hasExtension && /\.(cmd|bat)$/i.test(found) ? { cmdScript: true } : {}) };
  }
  return { tried: folders };
}
