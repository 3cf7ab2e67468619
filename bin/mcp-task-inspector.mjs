#!/usr/bin/env node
// The installed command. `mcp-task-inspector web …` is browser mode (out/main/web.js); everything else is
// the command-line inspector (out/main/cli.js). Both are built by `npm run build`, and `npm pack` builds
// them first (the "prepack" script), so an installed package runs with no build step and no Electron.
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const browserMode = process.argv[2] === "web";
const entry = fileURLToPath(new URL(browserMode ? "../out/main/web.js" : "../out/main/cli.js", import.meta.url));
if (!existsSync(entry)) {
  console.error(`mcp-task-inspector: the ${browserMode ? "browser mode" : "CLI"} is not built (no ${entry}): run npm run build first`);
  process.exit(2);
}
// Browser mode reads its own options from process.argv: it must not see the word "web".
if (browserMode) process.argv.splice(2, 1);
await import(pathToFileURL(entry).href);
