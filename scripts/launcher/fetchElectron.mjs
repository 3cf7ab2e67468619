// Child process of `npm start` (electronRuntime.mjs): put the Electron archive for this machine into
// @electron/get's cache, with the same version, checksums, cache root, platform and arch as Electron's
// own install.js, so that install.js then finds it there and only checks and extracts it.
// stdout: `progress <bytes> <total|?>` lines. On failure: one line on stderr, exit 1.
// Argument: the electron package's folder.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** A download that delivers no byte for this long is given up: a dead network must not hang `npm start`. */
const STALL_MS = Number(process.env.MCP_TASK_INSPECTOR_DOWNLOAD_STALL_MS) || 30_000;

const pkgDir = resolve(process.argv[2] ?? ".");
const fail = (message) => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

try {
  const electronRequire = createRequire(join(pkgDir, "package.json"));
  const { version } = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
  const checksums = JSON.parse(readFileSync(join(pkgDir, "checksums.json"), "utf8"));
  const { downloadArtifact } = await import(pathToFileURL(electronRequire.resolve("@electron/get")).href);

  const stall = new AbortController();
  let timer;
  const alive = () => {
    clearTimeout(timer);
    timer = setTimeout(() => stall.abort(new Error(`no data for ${STALL_MS / 1000} s`)), STALL_MS);
  };
  alive();
  let lastReported = -1;
  await downloadArtifact({
    version,
    artifactName: "electron",
    cacheRoot: process.env.electron_config_cache,
    checksums: process.env.electron_use_remote_checksums || process.env.npm_config_electron_use_remote_checksums ? undefined : checksums,
    platform: process.env.ELECTRON_INSTALL_PLATFORM || process.env.npm_config_platform || process.platform,
    arch: process.env.ELECTRON_INSTALL_ARCH || process.env.npm_config_arch || process.arch,
    downloadOptions: {
      quiet: true,
      signal: stall.signal,
      getProgressCallback: ({ transferred, total }) => {
        alive();
        // A line per whole percent (per MB when the size is unknown): about a hundred lines in all.
        const mark = total ? Math.floor((transferred / total) * 100) : Math.floor(transferred / 1_048_576);
        if (mark !== lastReported) {
          lastReported = mark;
          process.stdout.write(`progress ${transferred} ${total ?? "?"}\n`);
        }
      },
    },
  });
  clearTimeout(timer);
} catch (error) {
  const cause = error?.cause?.message ? `: ${error.cause.message}` : "";
  fail(`could not download it (${String(error?.message ?? error).split("\n")[0]}${cause})`);
}
