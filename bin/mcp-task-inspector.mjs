#!/usr/bin/env node
// The command-line inspector's launcher: the CLI itself is built to out/main/cli.js by `npm run build`.
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const cli = fileURLToPath(new URL("../out/main/cli.js", import.meta.url));
if (!existsSync(cli)) {
  console.error(`mcp-task-inspector: the CLI is not built (no ${cli}): run npm run build first`);
  process.exit(2);
}
await import(pathToFileURL(cli).href);
