#!/usr/bin/env node
// Packaging check (`npm run check:package`, after `npm run build`). Installers need the Electron runtime
// and tools that this machine cannot download, so this proves what can be proven offline:
//   1. electron-builder.yml passes electron-builder's own validation, and the icons and entitlements
//      it names exist (icons match assets/icon.png);
//   2. `--linux dir` builds the unpacked app against a placeholder runtime, and the fuse wire it
//      writes into the placeholder holds the fuses we ask for;
//   3. app.asar holds the entry point, the bundles and the runtime dependencies, and no tests, sources,
//      source maps, dev dependencies or repository files, within the size budget;
//   4. every module the main and preload bundles load resolves inside the package, and every shipped
//      package's dependencies are shipped too;
//   5. a plain `node` starts the bundled Everything demo server from app.asar.unpacked and answers MCP.
// Set KEEP_PACKAGE_CHECK=1 to keep the temporary build for a look.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { extractAll } from "@electron/asar";
import {
  ALWAYS_REQUIRED,
  BUDGET,
  DEMO_SERVER_SCRIPT,
  devOnlyPackages,
  inspectAppContents,
  listAsar,
  missingDependencies,
} from "./packaging/asar-contents.mjs";
import { loadValidatedConfig } from "./packaging/builder-config.mjs";
import { checkRequests, classifySpecifier, findModuleRequests } from "./packaging/externals.mjs";
import { iconFileMatches, renderIconSet } from "./packaging/icons.mjs";
import { createPlaceholderRuntime, EXPECTED_FUSES, fuseProblems, readFuses } from "./packaging/placeholder-runtime.mjs";

const require = createRequire(import.meta.url);
const projectDir = join(dirname(fileURLToPath(import.meta.url)), "..");


const problems = [];
const facts = [];
const fail = (list) => problems.push(...list);
const mib = (n) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
const started = Date.now();
const step = (text) => console.log(`\n== ${text} [${((Date.now() - started) / 1000).toFixed(1)} s]`);

function filesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** Package directories (relative to root) under node_modules, with their package.json. */
function packagesUnder(root) {
  const found = new Map();
  const visitNodeModules = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
      const dirs = entry.name.startsWith("@")
        ? readdirSync(join(dir, entry.name), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(dir, entry.name, e.name))
        : [join(dir, entry.name)];
      for (const pkgDir of dirs) {
        const manifest = join(pkgDir, "package.json");
        if (existsSync(manifest)) found.set(relative(root, pkgDir).split("\\").join("/"), JSON.parse(readFileSync(manifest, "utf8")));
        visitNodeModules(join(pkgDir, "node_modules"));
      }
    }
  };
  visitNodeModules(join(root, "node_modules"));
  return found;
}

async function checkConfigAndResources() {
  step("1. configuration (electron-builder's own validation) and build resources");
  const config = await loadValidatedConfig(projectDir);
  console.log("electron-builder.yml is valid");
  const named = [config.mac?.entitlements, config.mac?.entitlementsInherit, config.mac?.icon, config.win?.icon, config.linux?.icon];
  for (const rel of named) {
    if (typeof rel !== "string" || !existsSync(join(projectDir, rel))) fail([`build resource ${rel} named in electron-builder.yml does not exist`]);
  }
  const expected = renderIconSet(readFileSync(join(projectDir, "assets", "icon.png")));
  const stale = [...expected].filter(([rel, contents]) => {
    const file = join(projectDir, "build", rel);
    return !existsSync(file) || !iconFileMatches(rel, readFileSync(file), contents);
  });
  if (stale.length > 0) {
    fail([`icons out of date with assets/icon.png: ${stale.map(([rel]) => `build/${rel}`).join(", ")} (run node scripts/packaging/make-icons.mjs)`]);
  } else {
    console.log(`${expected.size} icon files match assets/icon.png`);
  }
  return config;
}

async function buildUnpacked(config, workDir) {
  step("2. unpacked Linux app (electron-builder --linux dir)");
  if (!existsSync(join(projectDir, "out", "main", "index.js"))) {
    throw new Error("out/main/index.js is missing: run `npm run build` before the packaging check");
  }
  const runtimeDir = createPlaceholderRuntime(join(workDir, "placeholder-electron"));
  console.log(
    `NOTE: the Electron runtime cannot be downloaded here, so electron-builder packs against a placeholder\n` +
      `      (${runtimeDir}): one shell script named "electron" standing in for the runtime.\n` +
      `      The app built here cannot start, and fuses are not applied to a real Electron binary: they are\n` +
      `      written to a synthetic fuse wire inside the placeholder, which this check reads back.`,
  );
  const { build, Platform, Arch } = require("electron-builder");
  await build({
    projectDir,
    targets: Platform.LINUX.createTarget("dir", Arch[process.arch] ?? Arch.x64),
    publish: "never",
    config: { electronDist: runtimeDir, directories: { output: join(workDir, "dist") } },
  });
  const unpacked = readdirSync(join(workDir, "dist")).find((d) => /^linux.*-unpacked$/.test(d));
  if (!unpacked) throw new Error("electron-builder produced no linux-*-unpacked directory");
  const appOutDir = join(workDir, "dist", unpacked);

  const fuses = readFuses(join(appOutDir, config.linux.executableName));
  const wrong = fuseProblems(fuses);
  fail(wrong);
  if (wrong.length === 0) console.log(`fuse wire as configured: ${Object.keys(EXPECTED_FUSES).map((n) => `${n}=${fuses[n] ? "on" : "off"}`).join(", ")}`);
  return appOutDir;
}

function inspectAsar(appOutDir, workDir) {
  step("3. app.asar contents");
  const archive = join(appOutDir, "resources", "app.asar");
  const files = listAsar(archive);
  const extracted = join(workDir, "app");
  // extractAll also copies the files that live in app.asar.unpacked, so this tree is what the app sees.
  extractAll(archive, extracted);
  const appPackageJson = JSON.parse(readFileSync(join(extracted, "package.json"), "utf8"));
  const unpackedDir = `${archive}.unpacked`;
  const sizes = {
    asarBytes: statSync(archive).size,
    unpackedBytes: existsSync(unpackedDir) ? filesUnder(unpackedDir).reduce((n, f) => n + statSync(f).size, 0) : 0,
  };
  console.log(`${files.length} files (${files.filter((f) => f.unpacked).length} of them in app.asar.unpacked)`);
  const rendererHtmlPath = join(extracted, "out", "renderer", "index.html");
  const lock = JSON.parse(readFileSync(join(projectDir, "package-lock.json"), "utf8"));
  return { archive, files, extracted, appPackageJson, sizes, lock, rendererHtml: existsSync(rendererHtmlPath) ? readFileSync(rendererHtmlPath, "utf8") : undefined };
}

function walkBundles(extracted, appPackageJson) {
  step("4. modules the bundles load at run time");
  const needed = new Set();
  let count = 0;
  for (const area of ["main", "preload"]) {
    const dir = join(extracted, "out", area);
    if (!existsSync(dir)) continue;
    for (const file of filesUnder(dir).filter((f) => /\.(c?js|mjs)$/.test(f))) {
      const isModule = file.endsWith(".mjs") || (file.endsWith(".js") && appPackageJson.type === "module");
      const { requests, unanalysable } = findModuleRequests(readFileSync(file, "utf8"), { module: isModule });
      const rel = relative(extracted, file);
      const { problems: found, resolved } = checkRequests(file, requests, { preload: area === "preload", appRoot: extracted });
      fail(found.map((p) => `${rel}: ${p}`));
      for (const u of unanalysable) console.log(`  ${rel}:${u.line}: ${u.kind} with a computed name, cannot be checked`);
      for (const r of requests) if (classifySpecifier(r.specifier) === "bare") needed.add(r.specifier.startsWith("@") ? r.specifier.split("/").slice(0, 2).join("/") : r.specifier.split("/")[0]);
      count += requests.length;
      console.log(`  ${rel}: ${requests.length} imports, ${[...resolved.keys()].length} resolved from node_modules`);
    }
  }
  facts.push(`${count} module requests in the main and preload bundles; packages they load: ${[...needed].sort().join(", ") || "none"}`);
  return needed;
}

async function startDemoServer(appOutDir) {
  step("5. Everything demo server, run by a plain node from app.asar.unpacked");
  const script = join(appOutDir, "resources", "app.asar.unpacked", DEMO_SERVER_SCRIPT);
  if (!existsSync(script)) {
    fail([`${DEMO_SERVER_SCRIPT} is not unpacked; a child node process cannot read it from inside the asar`]);
    return;
  }
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
  const transport = new StdioClientTransport({ command: process.execPath, args: [script, "stdio"], cwd: tmpdir(), stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (d) => (stderr += d));
  const client = new Client({ name: "check-package", version: "0" });
  const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("no answer within 20 s")), 20_000).unref());
  try {
    await Promise.race([client.connect(transport), timeout]);
    const { tools } = await Promise.race([client.listTools(), timeout]);
    const server = client.getServerVersion();
    console.log(`${server?.name} ${server?.version} answered: ${tools.length} tools`);
    if (tools.length === 0) fail(["the demo server listed no tools"]);
  } catch (e) {
    fail([`the demo server did not start from the package: ${e.message}${stderr ? `\n${stderr.slice(-2000)}` : ""}`]);
  } finally {
    await client.close().catch(() => {});
  }
}

async function main() {
  const workDir = mkdtempSync(join(tmpdir(), "check-package-"));
  try {
    const config = await checkConfigAndResources();
    const appOutDir = await buildUnpacked(config, workDir);
    const content = inspectAsar(appOutDir, workDir);
    const needed = walkBundles(content.extracted, content.appPackageJson);
    fail(
      inspectAppContents({
        files: content.files,
        appPackageJson: content.appPackageJson,
        requiredPackages: [...new Set([...ALWAYS_REQUIRED, ...needed])],
        devOnly: devOnlyPackages(content.lock),
        rendererHtml: content.rendererHtml,
        sizes: content.sizes,
        budget: BUDGET,
      }),
    );
    const packages = packagesUnder(content.extracted);
    fail(missingDependencies(packages));
    facts.push(
      `app.asar ${mib(content.sizes.asarBytes)} (budget ${mib(BUDGET.asarBytes)}), app.asar.unpacked ${mib(content.sizes.unpackedBytes)} ` +
        `(budget ${mib(BUDGET.unpackedBytes)}); ${content.files.length} files, ${packages.size} packages`,
    );
    await startDemoServer(appOutDir);
  } finally {
    if (process.env.KEEP_PACKAGE_CHECK) console.log(`\nkept ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  }

  step("summary");
  for (const fact of facts) console.log(fact);
  console.log(`took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (problems.length > 0) {
    console.error(`\npackaging check FAILED (${problems.length}):`);
    for (const p of problems) console.error(`  - ${p}`);
    return 1;
  }
  console.log("packaging check passed (unpacked Linux app against a placeholder runtime; installers not built here)");
  return 0;
}

// Exit explicitly: electron-builder's temp-file cleanup hooks `beforeExit` and calls process.exit(0),
// which would turn a failed check into a passing exit status.
const exit = (code) => process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
main().then(exit, (e) => {
  console.error(`\npackaging check FAILED: ${e?.stack ?? e}`);
  exit(1);
});
