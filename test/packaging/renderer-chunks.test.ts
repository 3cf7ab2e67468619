// Issue 21: `npm run build` printed Vite's "Some chunks are larger than 500 kB". The renderer is split
// (renderer/src/app/lazyTabs.tsx): checked on what `npm run build` wrote to out/renderer (npm test builds first).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { firstLoadScripts } from "../helpers/firstLoad.js";

const ASSETS = join(import.meta.dirname, "..", "..", "out", "renderer", "assets");
/** Vite's chunkSizeWarningLimit: 500 kB of minified code (kB = 1000 bytes, as Vite counts). */
const VITE_WARNING_LIMIT = 500 * 1000;

describe("the built renderer's chunks", () => {
  const built = existsSync(ASSETS) ? readdirSync(ASSETS).filter((f) => f.endsWith(".js")) : [];

  it("exists (run `npm run build` first)", () => {
    expect(built.length).toBeGreaterThan(0);
  });

  it("no chunk reaches Vite's 500 kB warning", () => {
    const sizes = Object.fromEntries(built.map((f) => [f, statSync(join(ASSETS, f)).size]));
    expect(Object.entries(sizes).filter(([, size]) => size > VITE_WARNING_LIMIT)).toEqual([]);
  });

  it("each tab after the first, and the task timeline, is a chunk of its own that the first tab's files only import on demand", () => {
    // What the page loads at start: the entry, the app it starts, and what they import.
    const eager = firstLoadScripts(join(ASSETS, ".."));
    expect(eager.some((f) => /^index-[\w-]+\.js$/.test(f))).toBe(true);
    const eagerCode = eager.map((f) => readFileSync(join(ASSETS, f), "utf8")).join("\n");
    for (const tab of ["TasksTab", "SamplingTab", "ElicitationsTab", "ResourcesTab", "PromptsTab", "LogsTab", "TaskTimelineHost"]) {
      // The tab's chunk, and maybe a re-export of it that the build puts before it.
      const chunks = built.filter((f) => f.startsWith(`${tab}-`));
      expect(chunks, tab).not.toEqual([]);
      const names = chunks.map((chunk) => chunk.replace(/[.-]/g, "\\$&"));
      for (const [i, chunk] of chunks.entries()) {
        expect(eager, tab).not.toContain(chunk);
        expect(eagerCode).not.toMatch(new RegExp(`from\\s*["']\\./${names[i]}["']`)); // no static import…
      }
      expect(names.some((name) => new RegExp(`import\\([\`"']\\./${name}[\`"']\\)`).test(eagerCode)), tab).toBe(true); // …but a dynamic one
    }
  });

  it("the first load holds no pattern engine, no JSON-Schema validator, no zod schema, no CodeMirror and no Radix (dialog or menu): each is a chunk fetched later", () => {
    const first = firstLoadScripts(join(ASSETS, ".."));
    expect(first.some((f) => /^start-[\w-]+\.js$/.test(f))).toBe(true);
    expect(first.filter((f) => /^(patterns|schemas|json-editor|dialog|menu|ServerActionsMenu)-/.test(f))).toEqual([]);
    // By their own strings, wherever a build might put them: re2js, @cfworker/json-schema, zod, CodeMirror, Radix's dialog and menu.
    const markers = { re2js: "missing closing", "@cfworker/json-schema": "Items did not match", zod: "$ZodType", codemirror: "cm-scroller", radix: "data-radix-focus-guard", "radix menu": "data-radix-menu-content" };
    for (const [what, marker] of Object.entries(markers)) {
      expect(built.some((f) => readFileSync(join(ASSETS, f), "utf8").includes(marker)), `${what} is in some chunk`).toBe(true);
      for (const file of first) expect(readFileSync(join(ASSETS, file), "utf8").includes(marker), `${what} in ${file}`).toBe(false);
    }
  });

  it("the first tab loads in a few files (issue 21: a dozen small requests cost the start ~25 ms)", () => {
    expect(firstLoadScripts(join(ASSETS, "..")).length).toBeLessThanOrEqual(5);
  });
});
