// Where `npm start` gets the Electron runtime. Electron 45 has no install script: its runtime is
// downloaded the first time `require("electron")` or its `install-electron` bin runs, and recorded in
// node_modules/electron/path.txt. We use that same mechanism (Electron's install.js does the checksum,
// the extraction and path.txt), but fetch the archive first into @electron/get's cache ourselves, because
// @electron/get only shows a progress bar after 30 s and only on a terminal: about 100 MB must never be
// minutes of silence. Every failure comes back as one sentence, never a stack trace.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

/** What Electron 45's installer (and @electron/get) declare they need. */
export const INSTALLER_MIN_NODE = "22.12.0";
/** What the inspector itself needs: browser mode, the build and the tests run on it. */
export const APP_MIN_NODE = "20.19.0";

export function nodeAtLeast(version, minimum) {
  const have = version.replace(/^v/, "").split(".").map(Number);
  const need = minimum.split(".").map(Number);
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) !== need[i]) return (have[i] ?? 0) > need[i];
  }
  return true;
}

/** The executable's path inside a runtime folder, as Electron's own installer names it. */
export function executableIn(platform) {
  if (platform === "darwin" || platform === "mas") return "Electron.app/Contents/MacOS/Electron";
  if (platform === "win32") return "electron.exe";
  if (platform === "linux" || platform === "freebsd" || platform === "openbsd") return "electron";
  return undefined;
}

export function electronPackageDir() {
  try {
    return dirname(require.resolve("electron/package.json"));
  } catch {
    return undefined;
  }
}

/**
 * A runtime already on disk, without downloading anything: ELECTRON_OVERRIDE_DIST_PATH (Electron's own
 * variable, resolved the way its index.js does), else what its installer recorded in path.txt.
 * @returns {{ binary: string } | { problem: string } | undefined} undefined when there is none yet
 */
export function installedRuntime({ env = process.env, platform = process.platform, pkgDir = electronPackageDir() } = {}) {
  const recorded = pkgDir && existsSync(join(pkgDir, "path.txt")) ? readFileSync(join(pkgDir, "path.txt"), "utf8").trim() : undefined;
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const binary = join(env.ELECTRON_OVERRIDE_DIST_PATH, recorded || executableIn(platform) || "electron");
    return existsSync(binary) ? { binary } : { problem: `ELECTRON_OVERRIDE_DIST_PATH points at ${env.ELECTRON_OVERRIDE_DIST_PATH}, which has no ${binary}` };
  }
  if (!pkgDir) return { problem: "the electron package is not installed (run npm install)" };
  if (!recorded) return undefined;
  const binary = join(pkgDir, "dist", recorded);
  return existsSync(binary) ? { binary } : undefined;
}

/**
 * Find the runtime, downloading it when needed.
 * @returns {Promise<{ binary: string } | { problem: string }>}
 */
export async function obtainRuntime({
  env = process.env,
  platform = process.platform,
  nodeVersion = process.versions.node,
  pkgDir = electronPackageDir(),
  progress = printProgress(process.stderr),
} = {}) {
  const installed = installedRuntime({ env, platform, pkgDir });
  if (installed) return installed;
  if (!executableIn(platform)) return { problem: `Electron has no build for this platform (${platform})` };
  if (!nodeAtLeast(nodeVersion, INSTALLER_MIN_NODE)) {
    return { problem: `Electron's installer needs Node ${INSTALLER_MIN_NODE} or newer and this is Node ${nodeVersion}` };
  }
  const fetched = await runChild(process.execPath, [fileURLToPath(new URL("fetchElectron.mjs", import.meta.url)), pkgDir], env, progress);
  if (fetched.problem) return fetched;
  // Electron's own installer: finds the archive in the cache, checks it, extracts it, writes path.txt.
  const installedNow = await runChild(process.execPath, [join(pkgDir, "install.js")], env, () => {});
  if (installedNow.problem) return { problem: `Electron's installer failed (${installedNow.problem})` };
  return installedRuntime({ env, platform, pkgDir }) ?? { problem: "Electron's installer finished but left no runtime in node_modules/electron/dist" };
}

/**
 * Turns the fetcher's `progress <bytes> <total>` lines into what a person sees: one line redrawn in
 * place on a terminal, a line per 10 % when piped (a CI log must not get thousands of lines).
 */
export function printProgress(stream) {
  let lastStep = -1;
  let pending = "";
  return (text) => {
    pending += text;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      const match = /^progress (\d+) (\d+|\?)$/.exec(line.trim());
      if (!match) continue;
      const done = Number(match[1]);
      const total = match[2] === "?" ? undefined : Number(match[2]);
      const mb = (n) => (n / 1_048_576).toFixed(1);
      const percent = total ? Math.floor((done / total) * 100) : undefined;
      const words = `Downloading the Electron runtime: ${mb(done)}${total ? ` of ${mb(total)}` : ""} MB${percent === undefined ? "" : ` (${percent}%)`}`;
      if (stream.isTTY) {
        stream.write(`\r${words}${done === total ? "\n" : ""}`);
      } else {
        const step = percent === undefined ? Math.floor(done / 10_485_760) : Math.floor(percent / 10);
        if (step !== lastStep) stream.write(`${words}\n`);
        lastStep = step;
      }
    }
  };
}

/** Run a helper; its stdout lines are progress, its last stderr line is the reason it failed. */
function runChild(command, args, env, progress) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let lastError = "";
    child.stdout.setEncoding("utf8").on("data", (text) => progress(text));
    child.stderr.setEncoding("utf8").on("data", (text) => {
      const lines = text.split(/\r?\n/).filter((l) => l.trim());
      if (lines.length) lastError = lines[lines.length - 1];
    });
    child.on("error", (error) => resolve({ problem: error.message }));
    child.on("close", (code, signal) => {
      if (code === 0) resolve({});
      else resolve({ problem: lastError || (signal ? `stopped by ${signal}` : `exit code ${code}`) });
    });
  });
}

