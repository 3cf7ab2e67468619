// The npm package (`npm pack`): what its runtime dependencies must be, and how to install the packed tarball
// with no network. The package runs out/main/cli.js (the CLI) and out/main/web.js (browser mode) under plain
// Node, so "dependencies" must be exactly the packages those bundles load, plus the Everything demo server
// they start as a child process; the UI libraries are bundled into out/renderer and are devDependencies.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { classifySpecifier, findModuleRequests } from "./externals.mjs";

/** Started as a child `node` process (not imported), so no bundle names it in an import. */
export const SPAWNED_PACKAGES = ["@modelcontextprotocol/server-everything"];

const packageOf = (specifier) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

/**
 * The packages the given bundles load, following their relative imports into shared chunks.
 * @param {string[]} entries absolute paths of the entry bundles (ES modules)
 * @returns {{ packages: string[], unanalysable: string[] }}
 */
export function packagesLoadedBy(entries) {
  const seen = new Set();
  const packages = new Set();
  const unanalysable = [];
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const found = findModuleRequests(readFileSync(file, "utf8"), { module: true });
    for (const u of found.unanalysable) unanalysable.push(`${file}:${u.line}: ${u.kind} with a computed name`);
    for (const r of found.requests) {
      const kind = classifySpecifier(r.specifier);
      if (kind === "relative") visit(resolve(dirname(file), r.specifier));
      else if (kind === "bare" || kind === "electron") packages.add(packageOf(r.specifier));
    }
  };
  for (const entry of entries) visit(entry);
  return { packages: [...packages].sort(), unanalysable };
}

/**
 * A package-lock.json for a scratch project whose only dependency is the packed tarball, pinned to the
 * versions (and integrity hashes) of this project's own lockfile. With it, `npm ci --offline` takes every
 * tarball from npm's cache by its hash and never asks the registry for metadata, which plain
 * `npm install <tarball> --offline` must do.
 * @param {{ lock: any, pkg: any, tarballName: string, tarballIntegrity: string }} options
 */
export function scratchLockfile({ lock, pkg, tarballName, tarballIntegrity }) {
  const packages = {
    "": { name: "scratch", dependencies: { [pkg.name]: `file:${tarballName}` } },
    [`node_modules/${pkg.name}`]: {
      version: pkg.version,
      resolved: `file:${tarballName}`,
      integrity: tarballIntegrity,
      license: pkg.license,
      dependencies: pkg.dependencies,
      ...(pkg.bin ? { bin: pkg.bin } : {}),
      ...(pkg.engines ? { engines: pkg.engines } : {}),
    },
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === "" || !path.startsWith("node_modules/") || entry.dev || entry.devOptional || entry.link) continue;
    packages[path] = entry;
  }
  return { name: "scratch", lockfileVersion: 3, requires: true, packages };
}

/**
 * The packed tarball's budget: the bundles and the built UI, nothing else. About half of it is lint's
 * token table (gpt-tokenizer's cl100k_base, bundled so the package needs no 30 MB tokenizer install).
 */
export const TARBALL_BUDGET = { packedBytes: 1536 * 1024, files: 80 };

const ALLOWED_ROOTS = [/^bin\/mcp-task-inspector\.mjs$/, /^out\/(main|preload|renderer)\//, /^(package\.json|README\.md|LICENSE(\.md)?)$/i];

/**
 * What must not be in the tarball: anything but the launcher, the built app and the package's paperwork;
 * source maps and TypeScript sources anywhere; more than the budget.
 * @param {{ files: Array<{ path: string }>, size: number }} packed  `npm pack --json`'s entry for the tarball
 * @returns {string[]} problems
 */
export function packedFileProblems(packed, budget = TARBALL_BUDGET) {
  const problems = [];
  for (const { path } of packed.files) {
    if (/\.map$/.test(path)) problems.push(`source map ${path} is in the tarball`);
    else if (/\.(ts|tsx|mts|cts)$/.test(path)) problems.push(`source file ${path} is in the tarball`);
    else if (!ALLOWED_ROOTS.some((re) => re.test(path))) problems.push(`${path} is in the tarball (only bin/, out/ and package paperwork belong there)`);
  }
  if (packed.size > budget.packedBytes) problems.push(`the tarball is ${packed.size} bytes, over its budget of ${budget.packedBytes}`);
  if (packed.files.length > budget.files) problems.push(`the tarball holds ${packed.files.length} files, over its budget of ${budget.files}`);
  return problems;
}
