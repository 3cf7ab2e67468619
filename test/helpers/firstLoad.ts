// The first load of the built renderer: the scripts index.html loads and preloads, the app the entry imports
// once the first frame is painted (renderer/src/main.tsx's one `import()`), and every file they import
// statically, transitively (`import{a}from"./x.js"`, `import"./x.js"`; another chunk's `import("./x.js")` is
// fetched on demand). Read by test/packaging/renderer-chunks.test.ts and the start benchmark.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*[`"']\.\/([\w.-]+\.js)[`"']\s*\)/g;

/** File names in `<rendererDir>/assets`, the entry first. */
export function firstLoadScripts(rendererDir: string): string[] {
  const files: string[] = [];
  const read = (file: string) => readFileSync(join(rendererDir, "assets", file), "utf8");
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    for (const m of read(file).matchAll(STATIC_IMPORT)) visit(m[1]!);
  };
  const loaded = [...readFileSync(join(rendererDir, "index.html"), "utf8").matchAll(/(?:src|href)="\.\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]!);
  loaded.forEach(visit);
  const entry = loaded[0];
  if (entry) for (const m of read(entry).matchAll(DYNAMIC_IMPORT)) visit(m[1]!);
  return files;
}
