import { resolve } from "node:path";
import { defineConfig } from "electron-vite";
import react from "@vitejs/plugin-react";

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
    plugins: [react()],
    build: {
      outDir: "out/renderer",
      // electron-vite leaves the renderer unminified by default; minified it loads in a third of the bytes.
      minify: true,
      rollupOptions: {
        input: { index: resolve(__dirname, "renderer/index.html") },
        output: {
          // The first tab's code in two files, not a dozen: the small modules the later tabs share with it
          // join it (their own code stays in their chunks), and the pattern engines get one file.
          codeSplitting: {
            groups: [
              { name: "patterns", test: /node_modules[\\/](re2js|@cfworker)[\\/]/, priority: 2 },
              // Edit as JSON's editor loads on first use: CodeMirror gets a chunk of its own, and the module that
              // imports it stays out of the start chunk (else the start chunk would import CodeMirror at once).
              { name: "json-editor", test: /node_modules[\\/](codemirror|@codemirror|@lezer|style-mod|w3c-keyname|crelt)[\\/]/, priority: 3 },
              // The dialogs (the command palette with cmdk, the drawers, Settings) stay out, and Radix with
              // them: each loads when it first opens.
              { name: "start", test: /renderer[\\/]src[\\/](app|components|store|util|forms|sidebar|alerts|hooks)[\\/](?!jsonEditorView|CommandPaletteDialog|DrawerDialog|SettingsDialogBody)|[\\/]shared[\\/]/, priority: 1 },
            ],
          },
        },
      },
    },
  },
});
