import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig } from "electron-vite";
import react from "@vitejs/plugin-react";
import { firstFrame } from "./scripts/firstFrame";

/**
 * The contract's zod schemas (shared/*.ts that import zod, and the SDK's types): zod builds each schema
 * when its module loads, which cost the first tab about a third of its script time. The page needs them
 * only in later tabs (and the core, which validates the contract), so they are a chunk of their own.
 */
function buildsSchemas(id: string): boolean {
  if (/node_modules[\\/](zod|@modelcontextprotocol[\\/]sdk)[\\/]/.test(id)) return true;
  return /[\\/]shared[\\/][\w.-]+\.ts$/.test(id) && /from "(zod|@modelcontextprotocol\/sdk\/types\.js)"/.test(readFileSync(id, "utf8"));
}

/** The first tab's own code, and the small modules the later tabs share with it. */
const START = /renderer[\\/]src[\\/](app|components|store|util|forms|sidebar|alerts|hooks)[\\/](?!jsonEditorView|validate|patterns|CommandPaletteDialog|DrawerDialog|ModalDialog|SettingsDialogBody|ServerActionsMenu)|[\\/]shared[\\/]/;

const RADIX_DIALOG = /node_modules[\\/](@radix-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib)[\\/]/;
const RADIX_MENU = /node_modules[\\/](@radix-ui[\\/](react-dropdown-menu|react-menu|react-popper|react-roving-focus|react-collection|react-arrow|react-direction|react-use-size|react-use-rect|rect)|@floating-ui)[\\/]/;

export default defineConfig({
  main: {
    build: {
      outDir: "out/main",
      // `web` is browser mode (npm run web) and `cli` the command-line mode: plain Node, never import electron.
      rollupOptions: {
        input: { index: resolve(__dirname, "main/electron/index.ts"), web: resolve(__dirname, "main/web/cli.ts"), cli: resolve(__dirname, "main/cli/index.ts") },
      },
    },
  },
  preload: {
    build: {
      outDir: "out/preload",
      rollupOptions: { input: { index: resolve(__dirname, "main/electron/preload.ts") }, output: { format: "cjs" } },
    },
  },
  renderer: {
    root: "renderer",
    plugins: [react(), firstFrame(resolve(__dirname, "renderer"))],
    build: {
      outDir: "out/renderer",
      // electron-vite leaves the renderer unminified by default; minified it loads in a third of the bytes.
      minify: true,
      rollupOptions: {
        input: { index: resolve(__dirname, "renderer/index.html") },
        output: {
          // The first tab's code in two files, not a dozen: the small modules the later tabs share with it
          // join it (their own code stays in their chunks). Each group also takes what its modules import,
          // so the start chunk is matched first: the validators (forms/engines.ts loads them on first use)
          // and the contract's schemas then get a file each that holds only what the first tab does not load.
          codeSplitting: {
            groups: [
              // The dialogs (the command palette with cmdk, the drawers, Settings, the modals) and a server's
              // menu stay out, and Radix with them: each loads when it first opens, or once the window is idle.
              { name: "start", test: (id) => START.test(id) && !buildsSchemas(id), priority: 4 },
              // Edit as JSON's editor loads on first use: CodeMirror gets a chunk of its own, and the module that
              // imports it stays out of the start chunk (else the start chunk would import CodeMirror at once).
              { name: "json-editor", test: /node_modules[\\/](codemirror|@codemirror|@lezer|style-mod|w3c-keyname|crelt)[\\/]/, priority: 3 },
              { name: "patterns", test: /node_modules[\\/](re2js|@cfworker)[\\/]|renderer[\\/]src[\\/]forms[\\/](validate|patterns)\.ts$/, priority: 2 },
              { name: "schemas", test: buildsSchemas, priority: 2 },
              // Radix's dialog and what it brings (focus scope, scroll lock, aria-hidden), shared by the dialogs' chunks
              // and the menu's; matched before the menu's group, so that a dialog does not wait for the menu's code.
              { name: "dialog", test: (id) => RADIX_DIALOG.test(id) && !RADIX_MENU.test(id), priority: 3 },
              // Radix's menu and its positioning: a server's menu only.
              { name: "menu", test: RADIX_MENU, priority: 2 },
            ],
          },
        },
      },
    },
  },
});
