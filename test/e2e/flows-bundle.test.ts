// What the browser downloads before any flow can start: the renderer bundle. shared/contract.ts and
// shared/types.ts hold zod schemas (and pull in the SDK's); the renderer needs only their types, and
// method names come from shared/channels.ts. One runtime import would add ~250 KB of schemas the
// page never uses, so both the sources and the built bundle are checked.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { requireBuild } from "./app.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const RENDERER_SRC = join(ROOT, "renderer/src");
const SCHEMA_MODULES = /\/shared\/(contract|types)(\.js|\.ts)?$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Imports and re-exports of the schema modules that bring runtime values along. */
function runtimeSchemaImports(code: string): string[] {
  const found: string[] = [];
  const statement = /\b(import|export)\s+([^;]*?)\s*from\s*["']([^"']+)["']/g;
  for (const match of code.matchAll(statement)) {
    const [text, , clause = "", from = ""] = match;
    if (!SCHEMA_MODULES.test(from)) continue;
    const trimmed = clause.trim();
    if (trimmed.startsWith("type ")) continue;
    const named = /^\{([^}]*)\}$/s.exec(trimmed);
    if (named && named[1]!.split(",").every((s) => !s.trim() || s.trim().startsWith("type "))) continue;
    found.push(text.replace(/\s+/g, " "));
  }
  for (const match of code.matchAll(/\bimport\s*(?:\(\s*)?["']([^"']+)["']/g)) {
    if (SCHEMA_MODULES.test(match[1]!)) found.push(match[0]);
  }
  return found;
}

describe("the renderer bundle", () => {
  it("the check below recognises runtime and type-only imports", () => {
    expect(runtimeSchemaImports(`import { API_METHODS, type ApiMethod } from "../../../shared/contract.js";`)).toHaveLength(1);
    expect(runtimeSchemaImports(`import {\n  DEFAULT_SETTINGS,\n} from "../shared/types.js";`)).toHaveLength(1);
    expect(runtimeSchemaImports(`export { TaskStatusSchema } from "../shared/types.js";`)).toHaveLength(1);
    expect(runtimeSchemaImports(`const m = await import("../shared/contract.js");`)).toHaveLength(1);
    expect(runtimeSchemaImports(`import type { ApiMethod } from "../../../shared/contract.js";`)).toEqual([]);
    expect(runtimeSchemaImports(`import { type ApiMethod, type InspectorEvent } from "../../../shared/contract.js";`)).toEqual([]);
    expect(runtimeSchemaImports(`import { API_METHOD_NAMES } from "../../../shared/channels.js";`)).toEqual([]);
  });

  it("no renderer module imports runtime values from shared/contract.ts or shared/types.ts", () => {
    const offenders = sources(RENDERER_SRC).flatMap((file) =>
      runtimeSchemaImports(readFileSync(file, "utf8")).map((line) => `${relative(ROOT, file)}: ${line}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the built bundle carries no zod", () => {
    requireBuild();
    const dir = join(ROOT, "out/renderer/assets");
    const scripts = readdirSync(dir).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) expect(readFileSync(join(dir, name), "utf8").includes('"$ZodType"'), name).toBe(false);
  });
});
