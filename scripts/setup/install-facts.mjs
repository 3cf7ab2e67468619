// What a fresh clone's `npm install` / `npm ci` would do, read from package.json and package-lock.json
// (issue 21, "Setup"): the tracked lockfile must not change, no dependency may have an install script
// nobody reviewed (package.json "allowScripts"), and every installed package must accept the Nodes
// the project supports (no EBADENGINE on a supported Node). Pure functions; check-install.mjs runs them.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const semver = createRequire(import.meta.url)("semver");

const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/** The package name of a lockfile key ("node_modules/a/node_modules/@s/b" → "@s/b"). */
export function nameOfLockKey(key) {
  return key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
}

/**
 * Lines that differ between the tracked lockfile and the one npm writes for this package.json
 * (`npm install --package-lock-only --ignore-scripts --offline` in a scratch copy: no network, no
 * node_modules touched). Empty when a fresh clone stays clean after `npm install`.
 */
export function lockfileDrift(projectDir, npm = "npm") {
  const scratch = mkdtempSync(join(tmpdir(), "lockfile-check-"));
  try {
    for (const file of ["package.json", "package-lock.json", ".npmrc"]) {
      if (existsSync(join(projectDir, file))) copyFileSync(join(projectDir, file), join(scratch, file));
    }
    const tracked = readFileSync(join(scratch, "package-lock.json"), "utf8");
    try {
      execFileSync(npm, ["install", "--package-lock-only", "--ignore-scripts", "--offline", "--no-audit", "--no-fund", "--loglevel=error"], {
        cwd: scratch,
        stdio: ["ignore", "pipe", "pipe"],
        shell: process.platform === "win32", // npm is npm.cmd there
      });
    } catch (error) {
      // --offline: a dependency the lockfile does not have yet cannot be resolved, which is drift too.
      return [`npm could not update the lockfile offline: ${String(error.stderr ?? error.message).trim().split("\n")[0]}`];
    }
    return diffLines(tracked, readFileSync(join(scratch, "package-lock.json"), "utf8"));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** A small line diff: "- old" / "+ new" for the lines only one side has, in order. */
export function diffLines(before, after) {
  const a = before.split("\n");
  const b = after.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  return [...a.slice(start, endA).map((l) => `- ${l}`), ...b.slice(start, endB).map((l) => `+ ${l}`)];
}

/** Packages in the lockfile with install scripts that package.json's "allowScripts" neither approves nor denies. */
export function unreviewedInstallScripts(pkg, lock) {
  const policy = pkg.allowScripts ?? {};
  const covered = (name, version) =>
    Object.keys(policy).some((key) => {
      const at = key.lastIndexOf("@");
      if (at <= 0) return key === name; // name only (a scoped name's "@" is at 0)
      return key.slice(0, at) === name && semver.satisfies(version, key.slice(at + 1));
    });
  return Object.entries(lock.packages)
    .filter(([key, entry]) => key !== "" && entry.hasInstallScript)
    .map(([key, entry]) => ({ name: nameOfLockKey(key), version: entry.version }))
    .filter(({ name, version }) => !covered(name, version))
    .map(({ name, version }) => `${name}@${version}`);
}

/**
 * Packages whose "engines.node" rejects one of the given Node versions (npm's EBADENGINE). Optional
 * packages for another platform are never installed, so npm does not check them: `installed(key)` says
 * which lockfile entries are on disk.
 */
export function engineMismatches(lock, nodeVersions, installed = () => true) {
  const out = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    const range = entry.engines?.node;
    if (key === "" || !range || (entry.optional && !installed(key))) continue;
    for (const version of nodeVersions) {
      if (!semver.satisfies(version, range)) out.push(`${nameOfLockKey(key)}@${entry.version} wants node ${range}, not ${version}`);
    }
  }
  return out;
}

/** The Nodes the project supports, as concrete versions to test: the lowest its "engines" allows, and the scripts' own. */
export function supportedNodes(pkg) {
  const lowest = semver.minVersion(pkg.engines.node).version;
  const scripts = pkg.devDependencies?.node; // npm scripts run on the `node` devDependency
  return scripts && semver.valid(scripts) ? [lowest, scripts] : [lowest];
}

export function installFacts(projectDir) {
  const pkg = readJson(join(projectDir, "package.json"));
  const lock = readJson(join(projectDir, "package-lock.json"));
  return {
    drift: lockfileDrift(projectDir),
    unreviewed: unreviewedInstallScripts(pkg, lock),
    engines: engineMismatches(lock, supportedNodes(pkg), (key) => existsSync(join(projectDir, key))),
  };
}
