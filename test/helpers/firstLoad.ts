// The first load of the built renderer: the scripts index.html loads and preloads, and every file they
// import statically, transitively (`import{a}from"./x.js"`, `import"./x.js"`; an `import("./x.js")` is
// fetched on demand). Read by test/packaging/renderer-chunks.test.ts and the start benchmark.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** File names in `<rendererDir>/assets`, the entry first. */
export function firstLoadScripts(rendererDir: string): string[] {
  const files: string[] = [];
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    for (const m of readFileSync(join(rendererDir, "assets", file), "utf8").matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)) visit(m[1]!);
  };
  for (const m of readFileSync(join(rendererDir, "index.html"), "utf8").matchAll(/(?:src|href)="\.\/assets\/([\w.-]+\.js)"/g)) visit(m[1]!);
  return files;
}
