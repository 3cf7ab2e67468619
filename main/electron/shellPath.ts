// A desktop app started from the Dock, Finder or a Linux launcher does not get the PATH the user's shell
// sets up (Homebrew's /opt/homebrew/bin, nvm, volta, ~/.local/bin): "npx" and "uvx" are then on none of
// its folders, and every stdio server started with them fails with ENOENT. So at start the app asks the
// user's login shell for its PATH once, bounded in time, and runs servers with that PATH.
import { spawn } from "node:child_process";

/** Around the value, so whatever the shell's startup files print (a greeting, a prompt) is left out. */
const MARK = "__MCP_TASK_INSPECTOR_PATH__";
/** An interactive login shell whose startup files take longer is given up on: the app keeps its own PATH. */
export const SHELL_PATH_TIMEOUT_MS = 3000;
const MAX_OUTPUT_BYTES = 1024 * 1024;

export interface LoginShellOptions {
  /** The user's shell ($SHELL); none, or Windows: nothing is asked. */
  shell: string | undefined;
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/**
 * Whether to ask at all: not when the app was started from a terminal, whose PATH is already the user's
 * (with what that terminal alone added, a virtualenv or a project's bin, in its order), nor on Windows.
 */
export function wantsLoginShellPath(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, onTerminal: boolean): boolean {
  return platform !== "win32" && !onTerminal && !env.TERM;
}

/** The PATH the user's interactive login shell sets up, or undefined when it could not be read in time. */
export function loginShellPath({ shell, platform, env, timeoutMs = SHELL_PATH_TIMEOUT_MS }: LoginShellOptions): Promise<string | undefined> {
  if (platform === "win32" || !shell) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let output = "";
    let settled = false;
    const done = (path: string | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(path);
    };
    let child: ReturnType<typeof spawn>;
    try {
      // -i and -l: the files a terminal's shell reads (.zprofile and .zshrc, .bash_profile…). Its own process
      // group (detached), so an interactive shell never takes the terminal the app may have been started from.
      // DISABLE_AUTO_UPDATE: oh-my-zsh would otherwise stop to ask about updating.
      child = spawn(shell, ["-ilc", `printf '%s%s%s' '${MARK}' "$PATH" '${MARK}'`], {
        env: { ...env, DISABLE_AUTO_UPDATE: "true" },
        stdio: ["ignore", "pipe", "ignore"],
        detached: true,
      });
    } catch {
      return resolve(undefined);
    }
    const timer = setTimeout(() => {
      stop(child);
      done(undefined);
    }, timeoutMs);
    timer.unref?.();
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      if (output.length > MAX_OUTPUT_BYTES) {
        stop(child);
        done(undefined);
      }
    });
    child.on("error", () => done(undefined));
    child.on("close", () => done(between(output)));
  });
}

/** The shell's PATH first (as in the user's terminal), then the folders of the app's own it lacks. */
export function mergePath(shellPath: string, ownPath: string | undefined): string {
  const folders: string[] = [];
  for (const folder of [...shellPath.split(":"), ...(ownPath ?? "").split(":")]) if (folder && !folders.includes(folder)) folders.push(folder);
  return folders.join(":");
}

function between(output: string): string | undefined {
  const start = output.indexOf(MARK);
  const end = start === -1 ? -1 : output.indexOf(MARK, start + MARK.length);
  if (end === -1) return undefined;
  const path = output.slice(start + MARK.length, end).trim();
  return path && !/[\n\0]/.test(path) ? path : undefined;
}

function stop(child: ReturnType<typeof spawn>): void {
  try {
    // The whole group: an rc file's own children (a slow "nvm use") go too.
    if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
  } catch {
    child.kill("SIGKILL");
  }
}
