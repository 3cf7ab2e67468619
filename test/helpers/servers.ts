// Server configs for the real MCP peers the integration tests talk to, over real stdio.
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { ServerConfigInput } from "../../shared/types.js";

const require = createRequire(import.meta.url);

export function everythingServer(features: Partial<NonNullable<ServerConfigInput["features"]>> = {}): ServerConfigInput {
  const entry = require.resolve("@modelcontextprotocol/server-everything/dist/index.js");
  return {
    name: "Everything",
    transport: { type: "stdio", command: process.execPath, args: [entry, "stdio"] },
    features: { ...features },
  };
}

/** One of our fixture servers in test/fixtures/, run with tsx-free plain Node (they are .mjs). */
export function fixtureServer(file: string, args: string[] = [], features: Partial<NonNullable<ServerConfigInput["features"]>> = {}): ServerConfigInput {
  const path = fileURLToPath(new URL(`../fixtures/${file}`, import.meta.url));
  return {
    name: file.replace(/\.m?js$/, ""),
    transport: { type: "stdio", command: process.execPath, args: [path, ...args] },
    features: { ...features },
  };
}
