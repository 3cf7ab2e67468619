// Finds what the built bundles load at run time and checks that each of it exists in the packaged app.
// Bundles are parsed (acorn), not grepped: a comment or string that merely looks like an import must
// not count, and one that is real must not be missed.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import { dirname, isAbsolute, relative, resolve as resolvePath } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "acorn";

/** @typedef {"import" | "dynamic-import" | "require"} RequestKind */
/** @typedef {{ specifier: string, kind: RequestKind, line: number }} ModuleRequest */

function staticString(node) {
  if (node?.type === "Literal" && typeof node.value === "string") return node.value;
  if (node?.type === "TemplateLiteral" && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
}

/**
 * Every module a bundle asks for: static import/export-from, import(), require().
 * @param {string} source
 * @param {{ module: boolean }} options  module: parse as an ES module (else as a CommonJS script)
 * @returns {{ requests: ModuleRequest[], unanalysable: Array<{ kind: RequestKind, line: number }> }}
 */
export function findModuleRequests(source, { module }) {
  const ast = parse(source, {
    ecmaVersion: "latest",
    sourceType: module ? "module" : "script",
    allowHashBang: true,
    allowReturnOutsideFunction: !module,
    locations: true,
  });
  const requests = [];
  const unanalysable = [];
  const add = (kind, node, sourceNode) => {
    const specifier = staticString(sourceNode);
    if (specifier == null) unanalysable.push({ kind, line: node.loc.start.line });
    else requests.push({ specifier, kind, line: node.loc.start.line });
  };
  const visit = (node) => {
    if (node == null || typeof node.type !== "string") return;
    switch (node.type) {
      case "ImportDeclaration":
      case "ExportAllDeclaration":
        add("import", node, node.source);
        break;
      case "ExportNamedDeclaration":
        if (node.source) add("import", node, node.source);
        break;
      case "ImportExpression":
        add("dynamic-import", node, node.source);
        break;
      case "CallExpression":
        // require("x") and the bundler's createRequire result, which is also called `require`.
        if (node.callee.type === "Identifier" && node.callee.name === "require" && node.arguments.length >= 1) {
          add("require", node, node.arguments[0]);
        }
        break;
    }
    for (const key of Object.keys(node)) {
      if (key === "loc") continue;
      const child = node[key];
      if (Array.isArray(child)) child.forEach(visit);
      else if (child && typeof child.type === "string") visit(child);
    }
  };
  visit(ast);
  return { requests, unanalysable };
}

/** @returns {"relative" | "builtin" | "electron" | "url" | "bare"} */
export function classifySpecifier(specifier) {
  if (specifier.startsWith("./") || specifier.startsWith("../") || specifier.startsWith("/")) return "relative";
  if (specifier === "electron" || specifier.startsWith("electron/")) return "electron";
  if (isBuiltin(specifier)) return "builtin";
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier)) return "url";
  return "bare";
}

/**
 * Resolves ES-module specifiers with Node's own resolver (exports maps, conditions), from `fromDir`.
 * import.meta.resolve only takes a parent module behind a flag, so a child Node evaluates it with its
 * working directory set to the bundle's directory, which is where an eval'd module's URL points.
 * @returns {Map<string, { url?: string, error?: string }>}
 */
function esmResolveAll(fromDir, specifiers) {
  const code = `
    const out = {};
    for (const s of JSON.parse(process.argv[1])) {
      try { out[s] = { url: import.meta.resolve(s) }; } catch (e) { out[s] = { error: e.code || e.message }; }
    }
    process.stdout.write(JSON.stringify(out));`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", code, JSON.stringify(specifiers)], {
    cwd: fromDir,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "" },
  });
  if (result.status !== 0) throw new Error(`resolver process failed: ${result.stderr || result.error}`);
  return new Map(Object.entries(JSON.parse(result.stdout)));
}

/**
 * Checks every request of one bundle against the tree it will run in.
 * @param {string} bundlePath absolute path of the bundle inside the (extracted) app
 * @param {ModuleRequest[]} requests
 * @param {{ preload: boolean, appRoot: string }} options  preload: the bundle is a sandboxed preload
 *   script; appRoot: the app's root, which every resolved file must be inside
 * @returns {{ problems: string[], resolved: Map<string, string> }} resolved: bare specifier -> file
 */
export function checkRequests(bundlePath, requests, { preload, appRoot }) {
  const problems = [];
  const resolved = new Map();
  const where = (r) => `${r.kind} "${r.specifier}" (line ${r.line})`;
  // Resolution walks up past the app (and require() also reads NODE_PATH); a hit out there would
  // pass here and fail on a user's machine.
  const inside = (file) => !relative(appRoot, file).startsWith("..") && !isAbsolute(relative(appRoot, file));
  const esmBare = [];
  const requireFrom = createRequire(bundlePath);
  for (const r of requests) {
    const kind = classifySpecifier(r.specifier);
    if (preload) {
      // A sandboxed preload gets a require() that only knows `electron`: no files, no node_modules.
      if (kind !== "electron") problems.push(`${where(r)}: a sandboxed preload can only require "electron"; bundle it instead`);
      continue;
    }
    if (kind === "electron" || kind === "builtin") continue;
    if (kind === "url") {
      problems.push(`${where(r)}: URL specifiers are not loaded from the package`);
    } else if (kind === "relative" && r.kind !== "require") {
      // ES modules name files exactly: no extension or index.js is added.
      const target = resolvePath(dirname(bundlePath), r.specifier);
      if (!inside(target) || !existsSync(target) || !statSync(target).isFile()) {
        problems.push(`${where(r)}: ${target} is not in the package`);
      }
    } else if (r.kind === "require") {
      try {
        const file = requireFrom.resolve(r.specifier);
        if (inside(file)) resolved.set(r.specifier, file);
        else problems.push(`${where(r)}: resolves to ${file}, outside the package`);
      } catch (e) {
        problems.push(`${where(r)}: not resolvable inside the package (${e.code ?? e.message})`);
      }
    } else {
      esmBare.push(r);
    }
  }
  if (esmBare.length > 0) {
    const answers = esmResolveAll(dirname(bundlePath), [...new Set(esmBare.map((r) => r.specifier))]);
    for (const r of esmBare) {
      const answer = answers.get(r.specifier);
      if (answer?.url == null) {
        problems.push(`${where(r)}: not resolvable inside the package (${answer?.error ?? "no answer"})`);
        continue;
      }
      // Node's import.meta.resolve maps the name without checking that the file is there; loading would.
      const file = fileURLToPath(answer.url);
      if (!inside(file)) {
        problems.push(`${where(r)}: resolves to ${file}, outside the package`);
      } else if (!existsSync(file) || !statSync(file).isFile()) {
        problems.push(`${where(r)}: resolves to ${file}, which is not in the package`);
      } else {
        resolved.set(r.specifier, file);
      }
    }
  }
  return { problems, resolved };
}
