// The name a server entry gets when the user leaves Name empty: what a launcher runs ("npx -y
// @scope/server-x@1.2" → "server-x", "python -m weather" → "weather", "docker run … mcp/time" → "time"),
// else the program's own name; for a URL, its host.

/** Programs that run the server named in their arguments rather than being it. */
const LAUNCHERS = new Set(["npx", "npm", "pnpm", "pnpx", "yarn", "bunx", "bun", "uvx", "uv", "pipx", "node", "deno", "python", "python3", "py", "tsx", "ts-node", "docker", "podman"]);
/** A launcher's own verbs, before what it runs ("npm exec", "pnpm dlx", "uv tool run", "docker run"). */
const VERBS = new Set(["exec", "dlx", "run", "x", "tool", "--"]);
/** Options of a launcher that take the next word as their value, so that word is not the server. */
const VALUED_OPTIONS = new Set(["-e", "--env", "--env-file", "-v", "--volume", "--mount", "--name", "-p", "--publish", "--network", "-w", "--workdir", "-u", "--user", "--from", "--with", "-c", "--package", "--directory", "--project"]);
/** Names that say nothing about a server ("node build/index.js"): the folder above says more. */
const GENERIC = new Set(["index", "main", "server", "cli", "app", "build", "dist", "out", "lib", "src", "bin", "__main__"]);

const MAX_NAME = 100;
const WORD_TAIL = 1_000;

/**
 * A word's last telling path segment, without a version or tag and without a script's extension:
 * "@scope/server-x@1.2" → "server-x", "mcp/time:latest" → "time", "~/weather/build/index.js" → "weather".
 */
function shortName(word: string): string {
  // Its end is what names it; a pasted megabyte is not scanned (the version pattern would be quadratic on it).
  const unversioned = word.slice(-WORD_TAIL).replace(/(?!^)@[^/]*$/, "");
  const segments = unversioned
    .split(/[\\/]/)
    .filter((segment) => segment && segment !== "." && segment !== "..")
    .map((segment) => segment.replace(/:[\w.-]+$/, "").replace(/\.(m?[jt]s|cjs|py|exe|cmd)$/i, ""));
  for (let i = segments.length - 1; i >= 0; i--) if (segments[i] && !GENERIC.has(segments[i]!.toLowerCase())) return segments[i]!;
  return segments[segments.length - 1] ?? "";
}

export function suggestedStdioName(command: string, args: readonly string[]): string {
  const program = shortName(command.trim());
  if (!LAUNCHERS.has(program.toLowerCase())) return program.slice(0, MAX_NAME);
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word === "-m" && args[i + 1]) return shortName(args[i + 1]!).slice(0, MAX_NAME); // python -m module
    if (VALUED_OPTIONS.has(word)) {
      i++;
      continue;
    }
    if (word.startsWith("-") || VERBS.has(word)) continue;
    const name = shortName(word);
    if (name) return name.slice(0, MAX_NAME);
  }
  return program.slice(0, MAX_NAME);
}

export function suggestedUrlName(url: string): string {
  try {
    return new URL(url.trim()).host.slice(0, MAX_NAME);
  } catch {
    return "";
  }
}
