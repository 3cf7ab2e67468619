// The server editor shows lists and maps as lines of text: one argument per line, KEY=value for
// the environment, "Name: value" for headers. These turn them back and forth.
import type { SavedServer, ServerConfigInput } from "../../../shared/types.js";

export function linesOf(text: string): string[] {
  return text.split("\n").map((l) => l.trim()).filter((l) => l !== "");
}

export function parsePairs(text: string, separator: "=" | ":"): { map: Record<string, string>; errors: string[] } {
  const map: Record<string, string> = {};
  const errors: string[] = [];
  for (const line of linesOf(text)) {
    const at = line.indexOf(separator);
    if (at <= 0) {
      errors.push(`"${line}" is not ${separator === "=" ? "KEY=value" : "Name: value"}`);
      continue;
    }
    map[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { map, errors };
}

export function pairsText(map: Record<string, string> | undefined, separator: "=" | ":"): string {
  return Object.entries(map ?? {})
    .map(([k, v]) => (separator === "=" ? `${k}=${v}` : `${k}: ${v}`))
    .join("\n");
}

/** The config connect() takes: the saved entry without its id and built-in flag (its roots go along). */
export function configOf(server: SavedServer): ServerConfigInput {
  return {
    name: server.name,
    era: server.era,
    transport: server.transport,
    features: server.features,
    ...(server.roots ? { roots: server.roots } : {}),
    // Issue 14: the entry's OAuth client (pre-registered id and secret, scope, metadata document URL).
    ...(server.oauth ? { oauth: server.oauth } : {}),
  };
}

export function describeTransport(server: SavedServer): string {
  const t = server.transport;
  if (t.type === "stdio") return [t.command, ...t.args].join(" ");
  return `${t.type === "sse" ? "SSE" : "Streamable HTTP"} ${t.url}`;
}

/** A long path shows only its last this many parts in the sidebar ("…/server/dist/index.js"). */
const PATH_TAIL = 3;
const SEPARATOR = /[\\/]/;
const isAbsolute = (word: string) => /^([a-zA-Z]:)?[\\/]/.test(word);

/**
 * The sidebar's line for a server: the command's own name and each absolute path's last parts, so a stdio
 * entry fits on a line or two; the whole command is on hover and in the editor.
 */
export function shortTransport(server: SavedServer): string {
  const t = server.transport;
  if (t.type !== "stdio") return describeTransport(server);
  const command = isAbsolute(t.command) ? (t.command.split(SEPARATOR).pop() ?? t.command) : t.command;
  const args = t.args.map((arg) => {
    const parts = arg.split(SEPARATOR);
    return isAbsolute(arg) && parts.length > PATH_TAIL + 1 ? `…/${parts.slice(-PATH_TAIL).join("/")}` : arg;
  });
  return [command, ...args].join(" ");
}
