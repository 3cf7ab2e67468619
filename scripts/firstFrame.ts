// Build step: the window's first frame, rendered by the app's own components at build time, goes into
// index.html with the stylesheets it is drawn with, inline, and a small classic script after it that fits it
// to the layout the window stored. The browser paints it as soon as the page is parsed, while the scripts
// load; main.tsx then starts the app, whose first commit replaces it (createRoot clears what the container
// holds). Until then it is inert and hidden from assistive technology: a click or a screen reader never
// meets a frame that cannot answer.
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import type { OutputAsset, OutputBundle, OutputChunk } from "rolldown";
import { runnerImport, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

const ROOT_DIV = '<div id="root"></div>';

/** Styles are the page's stylesheet's business: a server render only needs the markup. */
const noStyles: Plugin = {
  name: "first-frame:no-styles",
  enforce: "pre",
  resolveId: (id) => (/\.css($|\?)/.test(id) ? "\0first-frame:no-styles" : undefined),
  load: (id) => (id === "\0first-frame:no-styles" ? "export default {}" : undefined),
};

export interface FirstFrame {
  /** The frame's markup. */
  html: string;
  /** The classic script that fits it to the layout the window stored (renderer/src/firstFrameFit.ts). */
  fit: string;
}

/** The first frame, as renderer/src/firstFrame.tsx renders it. */
export async function renderFirstFrame(rendererRoot: string): Promise<FirstFrame> {
  const { module } = await runnerImport<{ renderFirstFrame(): string; fitFirstFrameScript(): string }>(resolve(rendererRoot, "src/firstFrame.tsx"), {
    configFile: false,
    root: rendererRoot,
    logLevel: "warn",
    plugins: [noStyles, react()],
  });
  return { html: module.renderFirstFrame(), fit: module.fitFirstFrameScript() };
}

/** Where the fitting script goes: named by its content, as the bundle's files are. */
export function fitFileName(fit: string): string {
  return `assets/first-frame-${createHash("sha256").update(fit).digest("base64url").slice(0, 8)}.js`;
}

/**
 * The page with its first frame inside the root element, in a wrapper that draws as if it were not there,
 * and the script that fits it right after it: it runs before the first paint, the module scripts after.
 */
export function withFirstFrame(index: string, frame: FirstFrame, base = "./"): string {
  if (!index.includes(ROOT_DIV)) throw new Error(`index.html has no ${ROOT_DIV} to put the first frame in`);
  return index.replace(ROOT_DIV, `<div id="root"><div class="first-frame" inert aria-hidden="true">${frame.html}</div></div><script src="${base}${fitFileName(frame.fit)}"></script>`);
}

function chunksOf(bundle: OutputBundle): Map<string, OutputChunk> {
  return new Map(Object.values(bundle).flatMap((file) => (file.type === "chunk" ? [[file.fileName, file] as const] : [])));
}

/**
 * The chunks the page runs before the app draws: the entry, the app's own chunk, and all they import, each
 * after what it imports (the order vite links their stylesheets in, which is their order in the cascade).
 */
export function startChunks(bundle: OutputBundle, appModule: string): OutputChunk[] {
  const chunks = chunksOf(bundle);
  const starts = [...chunks.values()].filter((chunk) => chunk.isEntry || chunk.facadeModuleId === appModule);
  if (!starts.some((chunk) => chunk.facadeModuleId === appModule)) throw new Error(`first-frame: no chunk starts with ${appModule}`);
  const seen = new Map<string, OutputChunk>();
  const ordered: OutputChunk[] = [];
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = chunks.get(name);
      if (imported) visit(imported);
    }
    ordered.push(chunk);
  };
  starts.forEach(visit);
  return ordered;
}

/** The stylesheets the first frame is drawn with: every one the start chunks import, in their order. */
export function startStyles(bundle: OutputBundle, appModule: string): string[] {
  return [...new Set(startChunks(bundle, appModule).flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))];
}

export interface InlineStyle {
  name: string;
  css: string;
}

/**
 * Takes the start stylesheets out of the bundle, to be inlined in the page: no chunk lists them any more, so
 * a lazy chunk's import does not fetch them again (a second copy would come later in the cascade than the
 * rules it shares a specificity with).
 */
export function takeStartStyles(bundle: OutputBundle, appModule: string): InlineStyle[] {
  const names = startStyles(bundle, appModule);
  const styles = names.map((name) => {
    const asset = bundle[name] as OutputAsset | undefined;
    if (asset?.type !== "asset") throw new Error(`first-frame: the stylesheet ${name} is not in the bundle`);
    // vite marks a stylesheet it has not finished with; the mark is not CSS the page needs.
    const css = String(asset.source).replace(/\s*\/\*\$vite\$:\d+\*\/\s*$/, "");
    if (/<\/style/i.test(css)) throw new Error(`first-frame: ${name} holds "</style", which would end an inline stylesheet`);
    return { name, css };
  });
  for (const chunk of chunksOf(bundle).values()) for (const name of names) chunk.viteMetadata?.importedCss.delete(name);
  for (const name of names) delete bundle[name];
  return styles;
}

/**
 * The page's head for a start that paints first: the start stylesheets inline (a linked one would hold the
 * paint until it is fetched).
 */
export function startHead(index: string, styles: InlineStyle[], base = "./"): string {
  const inlined = new Set(styles.map((style) => `${base}${style.name}`));
  const page = index.replace(/\s*<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (tag, href: string) => (inlined.has(href) ? "" : tag));
  const inline = styles.map((style) => `<style data-from="${style.name}">${style.css}</style>`);
  return page.replace("</head>", `  ${inline.join("\n    ")}\n  </head>`);
}

/** The vite plugin: renders the first frame once per build and writes it into index.html with the start head. */
export function firstFrame(rendererRoot: string): Plugin {
  const appModule = resolve(rendererRoot, "src/startApp.tsx");
  let frame: Promise<FirstFrame> | undefined;
  let styles: InlineStyle[] | undefined;
  return {
    name: "first-frame",
    apply: "build",
    // The page preloads no script: fetched and compiled beside the first frame's layout, they slowed its
    // paint by a third on two cores, and started the app no sooner (a lazy chunk's imports still preload).
    config: () => ({
      build: { modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === "html" ? [] : deps) } },
    }),
    // Started with the build and awaited when the page is written, so the two run side by side.
    buildStart() {
      frame = renderFirstFrame(rendererRoot);
      frame.catch(() => {}); // reported where it is awaited
    },
    // Before vite writes the chunks' preload lists, which would name the stylesheets.
    generateBundle: {
      order: "pre",
      async handler(_options, bundle) {
        styles = takeStartStyles(bundle, appModule);
        if (!frame) throw new Error("first-frame: the build did not start");
        const { fit } = await frame;
        this.emitFile({ type: "asset", fileName: fitFileName(fit), source: fit });
      },
    },
    transformIndexHtml: {
      order: "post",
      async handler(index) {
        if (!frame) throw new Error("first-frame: the build did not start");
        if (!styles) throw new Error("first-frame: the page was written before the bundle was complete");
        return startHead(withFirstFrame(index, await frame), styles);
      },
    },
  };
}
