// `npm start`: build, then launch the desktop app. Where the Electron runtime is missing (it is
// downloaded at install time, which needs internet access), say so in one sentence, not a stack
// trace, and open the same UI in browser mode instead, so the first command always shows the app.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { build } from "electron-vite";

const require = createRequire(import.meta.url);

export function electronBinary() {
  try {
    const pkgDir = dirname(require.resolve("electron/package.json"));
    const relative = readFileSync(join(pkgDir, "path.txt"), "utf8").trim();
    const binary = join(pkgDir, "dist", relative);
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

await build({ logLevel: "warn" });

const binary = electronBinary();
if (!binary) {
  console.error(
    "The Electron runtime is not installed (npm could not download it, e.g. without internet access), so MCP Task Inspector falls back to browser mode: open the URL below.",
  );
  await import("../out/main/web.js");
} else {
  const run = spawnSync(binary, ["."], { stdio: "inherit" });
  process.exit(run.status ?? 0);
}
