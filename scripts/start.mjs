// `npm start`: build, then launch the desktop app, downloading Electron's runtime on first use
// (launcher/electronRuntime.mjs). Only when that cannot work does it say why in one sentence and open
// the same UI in browser mode instead, so the first command always shows the app.
// Arguments after `--` go to the app: `npm start -- --smoke`.
// MCP_TASK_INSPECTOR_SKIP_BUILD=1 skips the build (the tests run it once, before).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { APP_MIN_NODE, nodeAtLeast, obtainRuntime } from "./launcher/electronRuntime.mjs";

if (!nodeAtLeast(process.versions.node, APP_MIN_NODE)) {
  console.error(`MCP Task Inspector needs Node ${APP_MIN_NODE} or newer (Node 22.12 or newer for the desktop app); this is Node ${process.versions.node}.`);
  process.exit(1);
}

if (process.env.MCP_TASK_INSPECTOR_SKIP_BUILD !== "1") {
  const { build } = await import("electron-vite");
  await build({ logLevel: "warn" });
}

const appDir = fileURLToPath(new URL("..", import.meta.url));
const runtime = await obtainRuntime();
const appArgs = process.argv.slice(2);
if ("problem" in runtime && appArgs.includes("--smoke")) {
  // A smoke run is of the desktop app; browser mode would prove nothing about it.
  console.error(`smoke failed: the Electron runtime is not available (${runtime.problem})`);
  process.exit(1);
} else if ("problem" in runtime) {
  console.error(
    `The Electron runtime is not available (${runtime.problem}), so MCP Task Inspector falls back to browser mode: open the URL below.`,
  );
  process.argv.splice(2); // the app's arguments are not browser mode's
  await import("../out/main/web.js");
} else {
  const child = spawn(runtime.binary, [appDir, ...appArgs], { stdio: "inherit" });
  // Ctrl+C reaches the app through the terminal; a signal sent to this process alone is passed on.
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("error", (error) => {
    console.error(`Could not start the Electron runtime at ${runtime.binary} (${error.message}).`);
    process.exit(1);
  });
  child.on("close", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
