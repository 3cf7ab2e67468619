// `npm run smoke:desktop`: run the desktop app once with `--smoke` and pass on its verdict.
//   npm run smoke:desktop                       the built app (out/) on the development runtime (downloaded if needed)
//   npm run smoke:desktop -- --app <executable> a packaged app (dist/linux-unpacked/mcp-task-inspector, …)
// On Linux without a display it runs under `xvfb-run -a`.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { obtainRuntime } from "./launcher/electronRuntime.mjs";

const { values } = parseArgs({ options: { app: { type: "string" } } });
const appDir = fileURLToPath(new URL("..", import.meta.url));

let command;
let args;
if (values.app) {
  if (!existsSync(values.app)) {
    console.error(`smoke failed: there is no packaged app at ${values.app}`);
    process.exit(1);
  }
  [command, args] = [values.app, ["--smoke"]];
} else {
  if (!existsSync(new URL("../out/main/index.js", import.meta.url))) {
    console.error("smoke failed: the app is not built (run `npm run build` first)");
    process.exit(1);
  }
  const runtime = await obtainRuntime();
  if ("problem" in runtime) {
    console.error(`smoke failed: the Electron runtime is not available (${runtime.problem})`);
    process.exit(1);
  }
  [command, args] = [runtime.binary, [appDir, "--smoke"]];
}

if (process.platform === "linux" && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
  if (spawnSync("xvfb-run", ["--help"], { stdio: "ignore" }).error) {
    console.error("smoke failed: there is no display and no xvfb-run (install the xvfb package)");
    process.exit(1);
  }
  [command, args] = ["xvfb-run", ["-a", command, ...args]];
}

const child = spawn(command, args, { stdio: "inherit" });
child.on("error", (error) => {
  console.error(`smoke failed: could not start ${command} (${error.message})`);
  process.exit(1);
});
child.on("close", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
