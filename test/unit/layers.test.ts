// The core's floors, read from the import lines of main/core (issue 19, "the seam"): every import points
// down a floor, the two eras' parts never import each other, nothing above the era drivers reaches the
// modern or legacy parts, session.ts stays era-agnostic and under 500 lines, and neither the core nor the
// renderer's store has an import loop. A move that breaks a floor fails here with the import named.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const CORE = "main/core";

/** Lowest first. A module may import its own floor or lower; `part` marks the era-specific folders. */
const FLOORS: { name: string; floor: number; part?: "legacy" | "modern"; matches: (path: string) => boolean }[] = [
  { name: "foundation (main/core/*.ts)", floor: 0, matches: (p) => /^main\/core\/[^/]+\.ts$/.test(p) && !/^main\/core\/(session|inspectorCore|index)\.ts$/.test(p) },
  { name: "protocol words, auth, timeline", floor: 1, matches: (p) => /^main\/core\/(protocol|auth|timeline)\//.test(p) },
  { name: "transport", floor: 2, matches: (p) => p.startsWith("main/core/transport/") },
  { name: "legacy parts (client, receiver)", floor: 3, part: "legacy", matches: (p) => /^main\/core\/(client|receiver)\//.test(p) },
  { name: "modern parts", floor: 3, part: "modern", matches: (p) => p.startsWith("main/core/modern/") },
  { name: "eras (drivers, negotiation)", floor: 4, matches: (p) => p.startsWith("main/core/eras/") },
  // The connection doctor probes the wire on connections of its own, reading the era probe's answers as negotiation does.
  { name: "doctor", floor: 4, matches: (p) => p.startsWith("main/core/doctor/") },
  { name: "session", floor: 5, matches: (p) => p === "main/core/session.ts" },
  // Extensions above the session (DESIGN.md): MCP Apps read Views and proxy a View's calls on its session.
  { name: "extensions (apps)", floor: 5, matches: (p) => p.startsWith("main/core/apps/") },
  // Skills (SEP-2640) list, get and read on a session.
  { name: "extensions (skills)", floor: 5, matches: (p) => p.startsWith("main/core/skills/") },
  // Issue 22: recordings are written from the session's log and read, replayed and compared above it.
  { name: "extensions (recordings)", floor: 5, matches: (p) => p.startsWith("main/core/recordings/") },
  // Issue 23: the server checks judge a session's raw answers.
  { name: "extensions (checks)", floor: 5, matches: (p) => p.startsWith("main/core/checks/") },
  // Collections: saved calls run through the core's API, like the user's own.
  { name: "extensions (collections)", floor: 5, matches: (p) => p.startsWith("main/core/collections/") },
  { name: "core", floor: 6, matches: (p) => p === "main/core/inspectorCore.ts" || p === "main/core/index.ts" },
];

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The relative modules a file imports (type-only imports too: they are dependencies of the design). */
function importsOf(path: string): string[] {
  const text = readFileSync(join(ROOT, path), "utf8");
  const specifiers = [...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+["'](\.[^"']+)["']/gms), ...text.matchAll(/\bimport\(\s*["'](\.[^"']+)["']\s*\)/g)].map((m) => m[1]!);
  return specifiers.map((s) => relative(ROOT, resolve(ROOT, dirname(path), s)).replace(/\.js$/, ".ts"));
}

function floorOf(path: string) {
  const floor = FLOORS.find((f) => f.matches(path));
  if (!floor) throw new Error(`${path} is on no floor: add its folder to FLOORS`);
  return floor;
}

function cycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, importsOf(f).filter((i) => files.includes(i))]));
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

describe("the core's floors (issue 19: the seam)", () => {
  const files = filesUnder(CORE);

  it("every file of main/core is on a floor, and every import within the core points to its own floor or lower", () => {
    const upward: string[] = [];
    for (const file of files) {
      const from = floorOf(file);
      for (const target of importsOf(file)) {
        if (!target.startsWith(`${CORE}/`)) continue;
        const to = floorOf(target);
        if (to.floor > from.floor) upward.push(`${file} (${from.name}) imports ${target} (${to.name})`);
      }
    }
    expect(upward).toEqual([]);
  });

  it("the legacy parts and the modern parts never import each other: what both eras read is in protocol/", () => {
    const across: string[] = [];
    for (const file of files) {
      const from = floorOf(file);
      for (const target of importsOf(file)) {
        const to = target.startsWith(`${CORE}/`) ? floorOf(target) : undefined;
        if (from.part && to?.part && from.part !== to.part) across.push(`${file} imports ${target}`);
      }
    }
    expect(across).toEqual([]);
  });

  it("nothing above the era drivers imports the modern or legacy parts directly", () => {
    const direct = files
      .filter((file) => floorOf(file).floor > 4)
      .flatMap((file) => importsOf(file).filter((target) => /^main\/core\/(modern|client|receiver)\//.test(target)).map((target) => `${file} imports ${target}`));
    expect(direct).toEqual([]);
  });

  it("session.ts has no branch on the era, names no era's module, and is at most 500 lines", () => {
    const text = readFileSync(join(ROOT, CORE, "session.ts"), "utf8");
    const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
    expect(code.match(/\bmodern\b|\blegacy\b|"2025-11-25"|"2026-07-28"|\bModern[A-Z]\w*|\bClientTasks\b|\bReceiverTaskStore\(|new Client\(/g) ?? []).toEqual([]);
    expect(text.split("\n").length).toBeLessThanOrEqual(500);
  });

  it("main/core has no import loop", () => {
    expect(cycles(files)).toEqual([]);
  });

  it("the renderer's store has no import loop (forgetSession.ts reads the slices' types, not the store's)", () => {
    expect(cycles(filesUnder("renderer/src/store"))).toEqual([]);
  });
});
