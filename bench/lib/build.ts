// The UI scenarios measure the built renderer in out/renderer, as `npm run build` leaves it.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./env.js";

export const RENDERER_DIR = join(ROOT, "out/renderer");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (/\.(ts|tsx|css|html)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Build (electron-vite, as `npm run build`) when out/renderer is missing or older than its sources; BENCH_NO_BUILD=1 takes it as it is. */
export async function ensureRendererBuilt(): Promise<void> {
  const index = join(RENDERER_DIR, "index.html");
  if (process.env.BENCH_NO_BUILD === "1" && existsSync(index)) return;
  const sources = Math.max(...["renderer", "shared"].map((dir) => newestMtime(join(ROOT, dir))));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  process.stderr.write("bench: building the app (electron-vite build, as npm run build)…\n");
  const { build } = await import("electron-vite");
  await build({ root: ROOT, logLevel: "warn" });
}
