// `npm run check:electron-security`: electronegativity (Doyensec's Electron static analyser) over
// main/ and renderer/, against the installed Electron version. The tool exits 0 whatever it finds,
// so this script reads its CSV and fails on any HIGH or MEDIUM finding, on any file the tool could not
// parse (an unparsed file is an unchecked file), and on a reviewed exception that does not say why.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL("..", import.meta.url));

export const SCANNED = ["main", "renderer"];

/**
 * A finding a person reviewed is marked where it stands, with the tool's own exception comment on the
 * flagged line: `// eng-disable <CHECK_ID>: reviewed: <why>`. The tool then leaves it out, so any new
 * occurrence elsewhere is still reported. Every such comment must say why; they are listed on each run.
 */
export const MIN_REASON_CHARS = 30;

/** The eng-disable comments in the scanned folders, with the reason each gives. */
export function reviewedInSource(sourceRoot, folders = SCANNED) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules") continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(m?[jt]sx?|html)$/.test(entry.name)) {
        readFileSync(path, "utf8").split(/\r?\n/).forEach((line, i) => {
          const m = line.match(/eng-disable[ \t]+([\w \t]+?)(?::(.*?))?(?:-->)?$/);
          if (m) found.push({ file: relative(sourceRoot, path).split(sep).join("/"), line: i + 1, checks: m[1].trim(), reason: (m[2] ?? "").trim() });
        });
      }
    }
  };
  for (const folder of folders) if (existsSync(join(sourceRoot, folder))) walk(join(sourceRoot, folder));
  return found;
}

const FAILING = new Set(["HIGH", "MEDIUM"]);

/** RFC 4180-style CSV: quoted fields may hold commas, newlines and doubled quotes. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      if (row.some((f) => f.trim() !== "")) rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f.trim() !== "")) rows.push(row);
  return rows;
}

/** The tool's CSV as findings, with file paths relative to the project (as scanned). */
export function readFindings(csv) {
  const [header, ...rows] = parseCsv(csv);
  if (!header || header[0]?.trim() !== "issue") throw new Error("electronegativity wrote no CSV header; did it run?");
  const names = header.map((h) => h.trim());
  return rows.map((cells) => {
    const f = Object.fromEntries(names.map((name, i) => [name, (cells[i] ?? "").trim()]));
    return { check: f.issue, severity: f.severity, confidence: f.confidence, file: f.filename, location: f.location, sample: f.sample, description: f.description };
  });
}

/** Split findings into failing ones (every HIGH and MEDIUM) and the rest (LOW/INFORMATIONAL, shown only). */
export function judge(findings) {
  return {
    failing: findings.filter((f) => FAILING.has(f.severity)),
    other: findings.filter((f) => !FAILING.has(f.severity)),
  };
}

/** "Error parsing <file> - <message>" lines from the tool's output: files it could not check. */
export function parseErrors(output) {
  return output.split(/\r?\n/).filter((line) => /^\s*Error parsing /.test(line.replace(/\u001b\[[0-9;]*m/g, "")));
}

// Loaded with --require into the tool's process. (1) The tool's @typescript-eslint/typescript-estree
// is hoisted next to our TypeScript 7, which has no JavaScript API; point its `typescript` at the
// TypeScript 4 the tool ships. (2) The tool fetches translations and Electron's release list with
// `got` (no timeout on the latter, and it rewrites files in node_modules): make every fetch fail at
// once, so the run is offline and the same everywhere. (3) With -o the CLI drops the list of files
// it could not parse; print it, so an unparsed (so unchecked) file fails the check. (4) The tool writes
// its CSV header and then its rows with two fs.writeFile calls it does not wait for (the header call
// truncates, the rows call appends); on a busy machine they interleave and the CSV comes out torn.
// Writes to one file are chained, so they land in the order they were made.
const HOOK = `
const fs = require("node:fs");
const writeFile = fs.writeFile;
const writes = new Map();
fs.writeFile = function (file, data, options, callback) {
  if (typeof options === "function") { callback = options; options = {}; }
  const key = String(file);
  const next = (writes.get(key) || Promise.resolve()).then(() => new Promise((done) => {
    writeFile.call(fs, file, data, options || {}, (error) => { done(); if (callback) callback(error); });
  }));
  writes.set(key, next);
};
const Module = require("node:module");
const path = require("node:path");
const toolDir = ${JSON.stringify(join(root, "node_modules", "@doyensec", "electronegativity"))};
const bundledTypescript = path.join(toolDir, "node_modules", "typescript");
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (request === "typescript" && parent && /[\\\\/]node_modules[\\\\/](@typescript-eslint|tsutils)[\\\\/]/.test(parent.filename)) {
    return resolve.call(this, bundledTypescript, parent, ...rest);
  }
  return resolve.call(this, request, parent, ...rest);
};
const load = Module._load;
const offline = () => Promise.reject(new Error("offline: electronegativity fetches nothing in this check"));
offline.head = offline;
offline.get = offline;
Module._load = function (request, parent, ...rest) {
  if (request === "got" && parent && parent.filename.startsWith(toolDir)) return offline;
  const loaded = load.call(this, request, parent, ...rest);
  if (request === "./runner.js" && parent && parent.filename === path.join(toolDir, "dist", "index.js")) {
    return async (...args) => {
      const result = await loaded(...args);
      for (const error of (result && result.errors) || []) {
        console.error((error.tolerable ? "Tolerable error parsing " : "Error parsing ") + error.file + " - " + error.message);
      }
      return result;
    };
  }
  return loaded;
};
`;

function electronVersion() {
  return JSON.parse(readFileSync(require.resolve("electron/package.json"), "utf8")).version;
}

/** Copy the scanned folders into one tree, so global checks see the app whole (CSP in renderer/, policies in main/). */
function stage(from, into, folders) {
  for (const folder of folders) {
    cpSync(join(from, folder), join(into, folder), { recursive: true, filter: (src) => !/[\\/]node_modules([\\/]|$)/.test(src) });
  }
}

/** `sourceRoot` is the project whose main/ and renderer/ are scanned (tests point it at a fixture). */
export function run({ sourceRoot = root, folders = SCANNED, log = console.log } = {}) {
  const version = electronVersion();
  const work = mkdtempSync(join(tmpdir(), "electronegativity-"));
  try {
    const app = join(work, "app");
    stage(sourceRoot, app, folders);
    const hook = join(work, "hook.cjs");
    writeFileSync(hook, HOOK);
    const csv = join(work, "findings.csv");
    const cli = join(root, "node_modules", "@doyensec", "electronegativity", "dist", "index.js");
    const result = spawnSync(process.execPath, ["--require", hook, cli, "-i", app, "-e", version, "-o", csv, "-r"], {
      cwd: work,
      encoding: "utf8",
      env: { ...process.env, LANG: "en-US", FORCE_COLOR: "0" },
      timeout: 300_000,
    });
    const output = `${result.stdout ?? ""}\n${result.stderr ?? ""}`;
    if (result.status !== 0 || !existsSync(csv)) {
      log(output.trim());
      log(`electronegativity did not run to the end (exit ${result.status ?? result.signal}); no findings to judge.`);
      return 2;
    }
    const findings = readFindings(readFileSync(csv, "utf8"));
    const { failing, other } = judge(findings);
    const reviewed = reviewedInSource(sourceRoot, folders);
    const unexplained = reviewed.filter((r) => r.reason.length < MIN_REASON_CHARS);
    const unparsed = parseErrors(output).map((line) => line.split(`${app}${sep}`).join(""));
    const bySeverity = (list, s) => list.filter((f) => f.severity === s).length;

    log(`electronegativity over ${folders.map((f) => `${f}/`).join(" and ")} with Electron ${version}: ${findings.length} finding(s):`);
    log(`  HIGH ${bySeverity(findings, "HIGH")}, MEDIUM ${bySeverity(findings, "MEDIUM")}, LOW ${bySeverity(findings, "LOW")}, INFORMATIONAL ${bySeverity(findings, "INFORMATIONAL")}`);
    for (const r of reviewed) log(`  reviewed  ${r.checks} ${r.file}:${r.line}: ${r.reason || "(no reason given)"}`);
    for (const f of other) log(`  noted     ${f.severity} ${f.check} ${f.file}:${f.location} ${f.description}`);
    for (const f of failing) log(`  FAILING   ${f.severity} ${f.check} ${f.file}:${f.location} ${f.description}${f.sample && f.sample !== "N/A" ? `\n            ${f.sample}` : ""}`);
    for (const line of unparsed) log(`  UNCHECKED ${line.trim()}`);

    for (const r of unexplained) log(`  FAILING   eng-disable without a reason at ${r.file}:${r.line}: write "// eng-disable ${r.checks}: reviewed: <why>"`);

    if (failing.length || unparsed.length || unexplained.length) {
      log(`Failed: ${failing.length} HIGH/MEDIUM finding(s), ${unparsed.length} file(s) the tool could not parse, ${unexplained.length} exception(s) without a reason.`);
      return 1;
    }
    log(`Passed: no HIGH or MEDIUM finding (${reviewed.length} reviewed exception(s) in the source, listed above).`);
    return 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf("--root");
  process.exit(run(at > 0 && process.argv[at + 1] ? { sourceRoot: process.argv[at + 1] } : {}));
}
