// Issue 21: `npm run build` printed Vite's "Some chunks are larger than 500 kB". The renderer is split
// (renderer/src/app/lazyTabs.tsx): checked on what `npm run build` wrote to out/renderer (npm test builds first).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

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

  it("each tab after the first, and the task timeline, is a chunk of its own that the entry only imports on demand", () => {
    const entry = built.find((f) => /^index-[\w-]+\.js$/.test(f));
    expect(entry).toBeDefined();
    const entryCode = readFileSync(join(ASSETS, entry!), "utf8");
    for (const tab of ["TasksTab", "SamplingTab", "ElicitationsTab", "ResourcesTab", "PromptsTab", "LogsTab", "TaskTimelineHost"]) {
      const chunk = built.find((f) => f.startsWith(`${tab}-`));
      expect(chunk, tab).toBeDefined();
      const name = chunk!.replace(/[.-]/g, "\\$&");
      expect(entryCode).toMatch(new RegExp(`import\\([\`"']\\./${name}[\`"']\\)`)); // a dynamic import()…
      expect(entryCode).not.toMatch(new RegExp(`from\\s*["']\\./${name}["']`)); // …and no static one
    }
  });
});
