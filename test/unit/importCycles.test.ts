// Import loops and upward imports outside the core (test/unit/layers.test.ts has the core's floors): the
// renderer, the CLI and shared/ have no import circle, and the renderer's lower folders (components, forms,
// sidebar, hooks, store, util) never import the app shell above them. Read from the files' import lines,
// type-only imports included (they tie the modules' designs together just the same).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** A specifier's file: `./x.js` is `x.ts` or `x.tsx`; an extensionless one too. */
function resolveModule(from: string, specifier: string): string | undefined {
  const base = relative(ROOT, resolve(ROOT, dirname(from), specifier)).replace(/\.js$/, "");
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base]) {
    if (/\.tsx?$/.test(candidate) && existsSync(join(ROOT, candidate))) return candidate;
  }
  return undefined;
}

function importsOf(path: string): string[] {
  const text = readFileSync(join(ROOT, path), "utf8");
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+["'](\.[^"']+)["']/gms),
    ...text.matchAll(/^\s*import\s+["'](\.[^"']+)["']/gm),
    ...text.matchAll(/\bimport\(\s*["'](\.[^"']+)["']\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers.flatMap((s) => resolveModule(path, s) ?? []);
}

/** Every import circle among `files`, each as the path around it. */
function cycles(files: string[]): string[][] {
  const inside = new Set(files);
  const graph = new Map(files.map((f) => [f, importsOf(f).filter((i) => inside.has(i))]));
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const walk = (file: string, path: string[]) => {
    if (state.get(file) === "done") return;
    if (state.get(file) === "open") return void found.push([...path.slice(path.indexOf(file)), file]);
    state.set(file, "open");
    for (const next of graph.get(file) ?? []) walk(next, [...path, file]);
    state.set(file, "done");
  };
  for (const file of files) walk(file, []);
  return found;
}

describe("no import circles, no upward imports (renderer, CLI, shared)", () => {
  for (const tree of ["renderer/src", "main/cli", "shared"]) {
    it(`${tree} has no import circle`, () => {
      expect(cycles(filesUnder(tree)).map((c) => c.join(" → "))).toEqual([]);
    });
  }

  it("the renderer's lower folders (components, forms, sidebar, hooks, store, util, api) never import the app shell (renderer/src/app)", () => {
    const upward: string[] = [];
    for (const floor of ["components", "forms", "sidebar", "hooks", "store", "util", "api"]) {
      for (const file of filesUnder(`renderer/src/${floor}`)) {
        for (const target of importsOf(file)) if (target.startsWith("renderer/src/app/")) upward.push(`${file} imports ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it("finds a circle when there is one, through a dynamic import too, and names its path", () => {
    const dir = "test-artifacts/import-cycle-check";
    mkdirSync(join(ROOT, dir), { recursive: true });
    writeFileSync(join(ROOT, dir, "a.ts"), 'import { b } from "./b.js";\nexport const a = () => b;\n');
    writeFileSync(join(ROOT, dir, "b.ts"), 'export const b = () => import("./a.js");\n');
    writeFileSync(join(ROOT, dir, "c.ts"), 'import type { a } from "./a.js";\nexport type C = typeof a;\n');
    try {
      expect(cycles([`${dir}/a.ts`, `${dir}/b.ts`, `${dir}/c.ts`]).map((c) => c.join(" → "))).toEqual([`${dir}/a.ts → ${dir}/b.ts → ${dir}/a.ts`]);
    } finally {
      rmSync(join(ROOT, dir), { recursive: true, force: true });
    }
  });
});
