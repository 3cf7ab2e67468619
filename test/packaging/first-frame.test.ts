// Issue 28: the window's first frame is in index.html (scripts/firstFrame.ts), drawn by the app's own
// components at build time, with the stylesheets it needs inline. The build step's parts on made-up
// bundles, then what `npm run build` wrote to out/renderer (npm test builds first).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { OutputAsset, OutputBundle, OutputChunk } from "rolldown";
import { describe, expect, it } from "vitest";
import { fitFileName, renderFirstFrame, startChunks, startHead, startStyles, takeStartStyles, withFirstFrame } from "../../scripts/firstFrame.js";

const ROOT = join(import.meta.dirname, "..", "..");
const RENDERER = join(ROOT, "out", "renderer");
const APP = "/src/startApp.tsx";

function chunk(fileName: string, imports: string[], css: string[] = [], extra: Partial<OutputChunk> = {}): OutputChunk {
  return { type: "chunk", fileName, imports, isEntry: false, facadeModuleId: null, viteMetadata: { importedCss: new Set(css), importedAssets: new Set() }, ...extra } as unknown as OutputChunk;
}
function asset(fileName: string, source: string): OutputAsset {
  return { type: "asset", fileName, source } as unknown as OutputAsset;
}
/** An entry that imports a shared chunk and starts the app, whose chunk imports the shared one and React; a lazy tab beside them. */
function bundle(): OutputBundle {
  const files = [
    chunk("assets/index.js", ["assets/shared.js"], ["assets/index.css"], { isEntry: true }),
    chunk("assets/shared.js", ["assets/runtime.js"], ["assets/shared.css"]),
    chunk("assets/runtime.js", []),
    chunk("assets/startApp.js", ["assets/shared.js", "assets/react.js"], [], { facadeModuleId: APP }),
    chunk("assets/react.js", []),
    chunk("assets/LogsTab.js", ["assets/shared.js"], ["assets/LogsTab.css", "assets/shared.css"]),
    asset("assets/index.css", ".app{height:100vh}\n/*$vite$:1*/"),
    asset("assets/shared.css", ".tab{padding:0}"),
    asset("assets/LogsTab.css", ".logs{flex:1}"),
  ];
  return Object.fromEntries(files.map((file) => [file.fileName, file]));
}

describe("the first frame's build step", () => {
  it("puts the frame in the root element, inert and hidden from assistive technology, its fitting script after it, and refuses a page without one", () => {
    const frame = { html: "<main>frame</main>", fit: "fit();" };
    const page = withFirstFrame('<body><div id="root"></div></body>', frame);
    expect(fitFileName("fit();")).toMatch(/^assets\/first-frame-[\w-]{8}\.js$/);
    expect(fitFileName("fit(1);")).not.toBe(fitFileName("fit();"));
    expect(page).toBe(`<body><div id="root"><div class="first-frame" inert aria-hidden="true"><main>frame</main></div></div><script src="./${fitFileName("fit();")}"></script></body>`);
    expect(() => withFirstFrame('<body><div id="app"></div></body>', frame)).toThrow(/no <div id="root"><\/div>/);
  });

  it("the start chunks are the entry, the app and what they import, each after its imports; a lazy tab is not one", () => {
    expect(startChunks(bundle(), APP).map((c) => c.fileName)).toEqual(["assets/runtime.js", "assets/shared.js", "assets/index.js", "assets/react.js", "assets/startApp.js"]);
    // Their stylesheets in the order vite links them: an imported chunk's before the importer's.
    expect(startStyles(bundle(), APP)).toEqual(["assets/shared.css", "assets/index.css"]);
    const noApp = bundle();
    delete noApp["assets/startApp.js"];
    expect(() => startChunks(noApp, APP)).toThrow(/no chunk starts with/);
  });

  it("takes the start stylesheets out of the bundle and out of every chunk's list, so a lazy tab never fetches them again", () => {
    const files = bundle();
    const styles = takeStartStyles(files, APP);
    expect(styles).toEqual([
      { name: "assets/shared.css", css: ".tab{padding:0}" },
      { name: "assets/index.css", css: ".app{height:100vh}" }, // vite's unfinished-stylesheet mark is dropped
    ]);
    expect(Object.keys(files)).not.toContain("assets/shared.css");
    expect(Object.keys(files)).not.toContain("assets/index.css");
    expect([...(files["assets/LogsTab.js"] as OutputChunk).viteMetadata!.importedCss]).toEqual(["assets/LogsTab.css"]);
    expect(files["assets/LogsTab.css"]).toBeDefined();
  });

  it("refuses a stylesheet that would end its inline <style> early, or one that is missing", () => {
    const closing = bundle();
    closing["assets/shared.css"] = asset("assets/shared.css", '.x::after{content:"</style><script>"}');
    expect(() => takeStartStyles(closing, APP)).toThrow(/holds "<\/style"/);
    const missing = bundle();
    delete missing["assets/index.css"];
    expect(() => takeStartStyles(missing, APP)).toThrow(/assets\/index.css is not in the bundle/);
  });

  it("inlines the start stylesheets in the head in their order and leaves any other link as it was", () => {
    const page =
      '<head>\n    <link rel="stylesheet" crossorigin href="./assets/shared.css">\n    <link rel="stylesheet" crossorigin href="./assets/index.css">\n    <link rel="stylesheet" href="./assets/other.css">\n  </head>';
    const head = startHead(page, [
      { name: "assets/shared.css", css: ".tab{}" },
      { name: "assets/index.css", css: ".app{}" },
    ]);
    expect(head).not.toContain('href="./assets/shared.css"');
    expect(head).not.toContain('href="./assets/index.css"');
    expect(head).toContain('<link rel="stylesheet" href="./assets/other.css">');
    expect(head.indexOf('<style data-from="assets/shared.css">.tab{}</style>')).toBeLessThan(head.indexOf('<style data-from="assets/index.css">.app{}</style>'));
  });
});

describe("the built page (out/renderer)", () => {
  const html = existsSync(join(RENDERER, "index.html")) ? readFileSync(join(RENDERER, "index.html"), "utf8") : "";

  it("holds the first frame the app's own components render with no word from the core yet", async () => {
    expect(html, "run `npm run build` first").not.toBe("");
    const { html: frame, fit } = await renderFirstFrame(join(ROOT, "renderer"));
    expect(html).toContain(`<div id="root"><div class="first-frame" inert aria-hidden="true">${frame}</div></div><script src="./${fitFileName(fit)}"></script>`);
    expect(readFileSync(join(RENDERER, fitFileName(fit)), "utf8")).toBe(fit);
    // The frame the window opens on: the servers sidebar still loading, the Tools tab selected and its panel.
    expect(frame).toContain("Loading servers…");
    expect(frame).toMatch(/<button[^>]*role="tab"[^>]*aria-selected="true"[^>]*>Tools<\/button>/);
    expect(frame).toMatch(/role="tabpanel" id="inspector-panel-tools"/);
  });

  it("links no stylesheet and preloads no script: the first frame's styles are inline, and the app comes after the paint", () => {
    expect([...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual([expect.stringMatching(/^<script type="module" crossorigin src="\.\/assets\/index-[\w-]+\.js">$/), expect.stringMatching(/^<script src="\.\/assets\/first-frame-[\w-]+\.js">$/)]);
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html).not.toMatch(/rel="modulepreload"/);
    expect(html).toMatch(/<style data-from="assets\/index-[\w-]+\.css">/);
    expect(html).toContain(".first-frame{display:contents}");
  });

  it("every stylesheet a chunk asks for is in the assets, and none is one the page already holds inline", () => {
    const assets = join(RENDERER, "assets");
    const files = readdirSync(assets);
    const inline = [...html.matchAll(/<style data-from="assets\/([^"]+)">/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0);
    for (const file of files.filter((f) => f.endsWith(".js"))) {
      for (const m of readFileSync(join(assets, file), "utf8").matchAll(/["'`]\.\/([\w.-]+\.css)["'`]/g)) {
        expect(files, `${file} asks for ${m[1]}`).toContain(m[1]);
        expect(inline, `${file} asks for ${m[1]}`).not.toContain(m[1]);
      }
    }
  });
});
