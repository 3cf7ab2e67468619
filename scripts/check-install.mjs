#!/usr/bin/env node
// Install check (`npm run check:install`, first step of `npm test`; issue 21 "Setup"): a fresh clone stays
// clean after `npm install` (the lockfile npm would write is the tracked one), every install script is
// approved or denied in package.json "allowScripts", and no installed package rejects a supported Node.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { installFacts } from "./setup/install-facts.mjs";

const projectDir = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), "..");
const { drift, unreviewed, engines } = installFacts(projectDir);
const report = (title, lines, fix) => {
  if (lines.length === 0) return 0;
  console.error(`\n${title}\n${lines.slice(0, 40).map((l) => `  ${l}`).join("\n")}\n${fix}`);
  return 1;
};
const failures =
  report("package-lock.json is not what `npm install` writes:", drift, "Run `npm install --package-lock-only` and commit the lockfile.") +
  report("Install scripts not covered by package.json \"allowScripts\":", unreviewed, "Review them, then `npm install-scripts approve <pkg>` or `deny <pkg>`.") +
  report("Installed packages that reject a supported Node (EBADENGINE):", engines, "Raise \"engines\" in package.json or change the dependency.");
if (failures > 0) process.exit(1);
console.log("install check: lockfile unchanged by npm install, every install script reviewed, engines agree");
