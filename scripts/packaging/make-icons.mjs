#!/usr/bin/env node
// Regenerates build/icons/*.png, build/icon.ico and build/icon.icns from assets/icon.png, the one
// source image. Run it after changing assets/icon.png; `npm run check:package` fails while they differ.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderIconSet } from "./icons.mjs";

const projectDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const sourceIcon = join(projectDir, "assets", "icon.png");
const buildDir = join(projectDir, "build");

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = renderIconSet(readFileSync(sourceIcon));
  for (const [rel, contents] of files) {
    const target = join(buildDir, rel);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, contents);
  }
  console.log(`wrote ${files.size} icon files to build/ from assets/icon.png`);
}
