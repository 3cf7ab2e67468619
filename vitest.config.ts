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
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Integration tests spawn real servers; two cores, so keep parallelism modest.
    maxWorkers: 2,
  },
});
