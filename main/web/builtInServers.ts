// The entry every user gets: the bundled server-everything over stdio, so one click shows tasks,
// sampling and elicitation. Browser mode runs under plain Node, so `process.execPath` runs it.
import { createRequire } from "node:module";
import { SavedServerSchema, type SavedServer } from "../../shared/types.js";

export const EVERYTHING_DEMO_ID = "everything-demo";

export function everythingDemoServer(entry: string, node: string = process.execPath): SavedServer {
  return SavedServerSchema.parse({
    id: EVERYTHING_DEMO_ID,
    name: "Everything (demo)",
    builtIn: true,
    transport: { type: "stdio", command: node, args: [entry, "stdio"] },
  });
}

/** The demo's script, or undefined where it is not installed (it is a devDependency). */
export function resolveEverythingEntry(from: string | URL = import.meta.url): string | undefined {
  try {
    return createRequire(from).resolve("@modelcontextprotocol/server-everything/dist/index.js");
  } catch {
    return undefined;
  }
}
