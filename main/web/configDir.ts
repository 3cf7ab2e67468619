// Where browser mode keeps saved servers and settings between runs.
import { homedir } from "node:os";
import { join } from "node:path";

export const CONFIG_DIR_ENV = "MCP_TASK_INSPECTOR_CONFIG_DIR";

export function defaultConfigDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  const override = env[CONFIG_DIR_ENV];
  if (override) return override;
  const base =
    platform === "win32"
      ? (env.APPDATA ?? join(home, "AppData", "Roaming"))
      : platform === "darwin"
        ? join(home, "Library", "Application Support")
        : (env.XDG_CONFIG_HOME || join(home, ".config"));
  return join(base, "mcp-task-inspector");
}
