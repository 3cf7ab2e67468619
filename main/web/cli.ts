// `npm run web` (and `npm start` without the Electron runtime): the inspector in a browser tab.
// Built to out/main/web.js and run with plain `node`, so nothing here may import electron.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { InspectorCore } from "../core/inspectorCore.js";
import { JsonFileStorage } from "../core/storage.js";
import { everythingDemoServer, resolveEverythingEntry } from "./builtInServers.js";
import { defaultConfigDir } from "./configDir.js";
import { startWebServer } from "./server.js";

const USAGE = `Usage: node out/main/web.js [--port <n>] [--config-dir <dir>] [--unsafe-bind-address <address>]

  --port <n>                        listen on this port (default: a free one)
  --config-dir <dir>                where saved servers and settings live (default: ${defaultConfigDir()}; env MCP_TASK_INSPECTOR_CONFIG_DIR)
  --unsafe-bind-address <address>   listen on an address other than 127.0.0.1. Anyone who can reach it and
                                    learns the printed URL can start programs as you.`;

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: "string" },
        "config-dir": { type: "string" },
        "unsafe-bind-address": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a port number, not ${JSON.stringify(values.port)}`);
    process.exit(2);
  }

  // This file is out/main/web.js; the renderer is built next to it.
  const rendererDir = fileURLToPath(new URL("../renderer/", import.meta.url));
  if (!existsSync(join(rendererDir, "index.html"))) {
    console.error(`The inspector UI is not built (no ${join(rendererDir, "index.html")}); run \`npm run build\` first.`);
    process.exit(1);
  }

  const everything = resolveEverythingEntry();
  if (!everything) console.error("The Everything demo server is not installed (npm install --include=dev adds it); the demo entry is left out.");
  const core = new InspectorCore({
    storage: new JsonFileStorage(values["config-dir"] ?? defaultConfigDir()),
    collectionsDir: join(values["config-dir"] ?? defaultConfigDir(), "collections"),
    builtInServers: everything ? [everythingDemoServer(everything)] : [],
    // No openExternal: a link is opened by the browser tab itself, after the user confirms.
  });
  await core.ready;

  let server;
  try {
    server = await startWebServer({
      core,
      rendererDir,
      port,
      unsafeBindAddress: values["unsafe-bind-address"],
      log: (line) => console.error(line),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const where = `${values["unsafe-bind-address"] ?? "127.0.0.1"}:${port}`;
    const why =
      code === "EADDRINUSE"
        ? `port ${port} is already in use on ${where.replace(/:\d+$/, "")}; choose another with --port, or leave --port out to use a free one`
        : code === "EACCES"
          ? `this user may not listen on ${where}; choose a port above 1023`
          : code === "EADDRNOTAVAIL"
            ? `${where.replace(/:\d+$/, "")} is not an address of this machine`
            : (error as Error).message;
    console.error(`Browser mode could not start: ${why}.`);
    await core.shutdown({ graceMs: 0 });
    process.exit(2);
  }
  if (values["unsafe-bind-address"]) {
    console.error(
      `WARNING: listening on ${values["unsafe-bind-address"]}, not only 127.0.0.1. Anyone who can reach this address and learns the URL below can start programs on this machine as you.`,
    );
  }
  console.log(`MCP Task Inspector is running in browser mode. Open this URL (it contains this run's secret token):\n${server.url}`);

  let stopping = false;
  const stop = async () => {
    if (stopping) process.exit(1); // a second Ctrl+C: do not wait
    stopping = true;
    // Within a second, servers included: 400 ms to exit on their own, then SIGTERM, then SIGKILL for a
    // server that ignores it (a process left behind would outlive the inspector).
    await server.close();
    await core.shutdown({ graceMs: 400 });
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

await main();
