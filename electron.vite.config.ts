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
      rollupOptions: { input: { index: resolve(__dirname, "renderer/index.html") } },
    },
  },
});
