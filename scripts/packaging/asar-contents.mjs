// Rules for what the packaged app may and must contain, as pure functions over an asar listing so
// tests can feed them made-up listings.
import { getRawHeader } from "@electron/asar";

/** @typedef {{ path: string, size: number, unpacked: boolean }} AsarFile  path: relative, "/"-separated */

/** Every file in an asar, from its header (unpacked files are listed there too, flagged). */
export function listAsar(archivePath) {
  /** @type {AsarFile[]} */
  const files = [];
  const walk = (node, prefix) => {
    for (const [name, entry] of Object.entries(node.files ?? {})) {
      const path = prefix ? `${prefix}/${name}` : name;
      if (entry.files) walk(entry, path);
      else if (!entry.link) files.push({ path, size: Number(entry.size ?? 0), unpacked: entry.unpacked === true });
    }
  };
  walk(getRawHeader(archivePath).header, "");
  return files;
}

/** Names of packages the lockfile installs only for development (`dev` or `devOptional`). */
export function devOnlyPackages(packageLock) {
  const byName = new Map();
  for (const [location, entry] of Object.entries(packageLock.packages ?? {})) {
    if (!location.includes("node_modules/")) continue;
    const name = entry.name ?? location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length);
    const devOnly = entry.dev === true || entry.devOptional === true;
    byName.set(name, (byName.get(name) ?? true) && devOnly);
  }
  return new Set([...byName].filter(([, devOnly]) => devOnly).map(([name]) => name));
}

/** Package directory of a path inside node_modules ("node_modules/a/node_modules/@s/b/x.js" -> "@s/b"). */
export function packageNameOf(path) {
  const i = path.lastIndexOf("node_modules/");
  if (i < 0) return null;
  const parts = path.slice(i + "node_modules/".length).split("/");
  if (parts.length < 2) return null;
  return parts[0].startsWith("@") ? (parts.length > 2 ? `${parts[0]}/${parts[1]}` : null) : parts[0];
}

/**
 * Size budget for the packaged app (docs/installers.md, "The packaging check"). The asar grew past 4 MiB
 * with lint's token table (1.2 MB), the connection doctor and collections: 6 MiB leaves room, still small.
 */
export const BUDGET = { asarBytes: 6 * 1024 * 1024, unpackedBytes: 24 * 1024 * 1024 };
/** Needed at run time whatever the bundles import: the MCP client, and the demo server run over stdio. */
export const ALWAYS_REQUIRED = ["@modelcontextprotocol/sdk", "@modelcontextprotocol/server-everything"];
/** Where main/electron/demoServer.ts starts the demo server from, relative to app.asar.unpacked. */
export const DEMO_SERVER_SCRIPT = "node_modules/@modelcontextprotocol/server-everything/dist/index.js";

const ROOT_ALLOWED = new Set(["package.json", "out", "node_modules"]);
const OUT_ALLOWED = new Set(["main", "preload", "renderer"]);
/** Tooling that must never ship whatever the lockfile says (belt and braces for the dev-only rule). */
export const NEVER_SHIP = ["electron", "electron-builder", "app-builder-lib", "vitest", "vite", "typescript", "playwright-core"];

const RULES = [
  [/(^|\/)(test|tests|__tests__|__mocks__|e2e)\//, "test directory"],
  [/\.(test|spec)\.[cm]?[jt]sx?$/, "test file"],
  [/\.map$/, "source map"],
  [/\.(ts|tsx|mts|cts)$/, "TypeScript source or declaration"],
  [/(^|\/)\.(git|github|ci|vscode|idea)(\/|$)/, "repository or editor file"],
];

/**
 * @param {{
 *   files: AsarFile[],
 *   appPackageJson: { main?: string },
 *   requiredPackages: string[],
 *   devOnly: Set<string>,
 *   rendererHtml?: string,
 *   sizes: { asarBytes: number, unpackedBytes: number },
 *   budget: { asarBytes: number, unpackedBytes: number },
 * }} input
 * @returns {string[]} problems; empty when the package is as it should be
 */
export function inspectAppContents({ files, appPackageJson, requiredPackages, devOnly, rendererHtml, sizes, budget }) {
  const problems = [];
  const paths = new Set(files.map((f) => f.path));

  for (const root of new Set(files.map((f) => f.path.split("/")[0]))) {
    if (!ROOT_ALLOWED.has(root)) problems.push(`unexpected top-level entry "${root}" (only ${[...ROOT_ALLOWED].join(", ")} belong in the app)`);
  }
  for (const dir of new Set(files.filter((f) => f.path.startsWith("out/")).map((f) => f.path.split("/")[1]))) {
    if (!OUT_ALLOWED.has(dir)) problems.push(`unexpected build output "out/${dir}"`);
  }

  const main = (appPackageJson.main ?? "index.js").replace(/^\.\//, "");
  if (!paths.has(main)) problems.push(`package.json "main" is ${main}, which is not in the asar`);
  if (!paths.has("out/main/index.js")) problems.push("main bundle out/main/index.js is missing");
  if (!files.some((f) => /^out\/preload\/[^/]+\.(c?js|mjs)$/.test(f.path))) problems.push("no preload bundle in out/preload/");
  if (!paths.has("out/renderer/index.html")) problems.push("renderer out/renderer/index.html is missing");
  if (!files.some((f) => /^out\/renderer\/.+\.js$/.test(f.path))) problems.push("no renderer script in out/renderer/");
  for (const f of files) {
    // OnlyLoadAppFromAsar and integrity validation only protect what is inside the archive itself.
    if (f.unpacked && !f.path.startsWith("node_modules/")) problems.push(`${f.path} is unpacked; the app's own code must stay in the asar`);
  }
  if (rendererHtml != null) {
    for (const [, ref] of rendererHtml.matchAll(/\b(?:src|href)="([^"]+)"/g)) {
      if (/^[a-z]+:|^\/\/|^#/i.test(ref)) continue;
      const target = `out/renderer/${ref.replace(/^\.?\//, "")}`;
      if (!paths.has(target)) problems.push(`renderer index.html refers to ${ref}, which is not in the asar`);
    }
  }

  for (const name of requiredPackages) {
    if (!paths.has(`node_modules/${name}/package.json`)) problems.push(`runtime dependency ${name} is missing from node_modules`);
  }

  const shipped = new Set(files.map((f) => packageNameOf(f.path)).filter((n) => n != null));
  for (const name of shipped) {
    if (NEVER_SHIP.includes(name)) problems.push(`build tooling ${name} is in the package`);
    else if (devOnly.has(name)) problems.push(`dev-only dependency ${name} is in the package`);
  }

  const offenders = new Map();
  for (const f of files) {
    for (const [pattern, what] of RULES) {
      if (pattern.test(f.path)) offenders.set(what, [...(offenders.get(what) ?? []), f.path]);
    }
  }
  for (const [what, list] of offenders) {
    problems.push(`${list.length} ${what}${list.length === 1 ? "" : "s"} in the package, e.g. ${list.slice(0, 3).join(", ")}`);
  }

  const mib = (n) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
  if (sizes.asarBytes > budget.asarBytes) problems.push(`app.asar is ${mib(sizes.asarBytes)}, over its ${mib(budget.asarBytes)} budget`);
  if (sizes.unpackedBytes > budget.unpackedBytes) {
    problems.push(`app.asar.unpacked is ${mib(sizes.unpackedBytes)}, over its ${mib(budget.unpackedBytes)} budget`);
  }
  return problems;
}

/**
 * Dependencies that a shipped package declares but that Node would not find from it (it looks in
 * node_modules folders from the package's own directory upwards). Optional ones may be absent.
 * @param {Map<string, { name?: string, dependencies?: Record<string, string>, optionalDependencies?: Record<string, string> }>} packages
 *   package directory relative to the app root ("node_modules/a/node_modules/b") -> its package.json
 * @returns {string[]} problems
 */
export function missingDependencies(packages) {
  const problems = [];
  for (const [dir, pkg] of packages) {
    const optional = new Set(Object.keys(pkg.optionalDependencies ?? {}));
    for (const dep of Object.keys(pkg.dependencies ?? {})) {
      if (optional.has(dep)) continue;
      let found = false;
      // dir itself, then each enclosing node_modules folder: a/node_modules/b -> a -> (root)
      for (let base = dir; ; ) {
        if (packages.has(`${base}/node_modules/${dep}`)) {
          found = true;
          break;
        }
        const i = base.lastIndexOf("/node_modules/");
        if (i < 0) {
          found = packages.has(`node_modules/${dep}`);
          break;
        }
        base = base.slice(0, i);
      }
      if (!found) problems.push(`${pkg.name ?? dir} depends on ${dep}, which is not in the package`);
    }
  }
  return problems;
}
