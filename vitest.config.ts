import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // The Electron runtime cannot be downloaded on build machines like this one, and importing the
    // real package outside Electron starts a download. Tests get a stub and mock what they need.
    alias: { electron: fileURLToPath(new URL("./test/stubs/electron.ts", import.meta.url)) },
  },
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    globalSetup: ["test/helpers/tempRoot.ts"],
    environment: "node",
    environmentOptions: {
      happyDOM: {
        settings: {
          // App frames point at a sandbox origin where nothing listens (the tests play the View through the
          // frame's window themselves). A frame takes its URL and loads nothing: no fetch, and none of the
          // "iframe page loading is disabled" errors happy-dom prints otherwise for every frame.
          enableIframePageLoading: true,
          navigation: { disableChildFrameNavigation: true },
        },
      },
    },
    // Generous: CI shares its two cores with other work, and a test that starts several servers (the CLI
    // tests start one per command) can take minutes there; a hang still fails, just later.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Integration tests spawn real servers; two cores, so keep parallelism modest.
    maxWorkers: 2,
  },
});
