// A stand-in for the Electron runtime directory, so `electron-builder --linux dir` can run on a machine
// that cannot download Electron. It is one file named `electron` (what electron-builder renames to the
// app's executable): a shell script that refuses to run, carrying a synthetic fuse wire in Electron's
// format. The wire lets the check read back what electron-builder's electronFuses step wrote; it says
// nothing about whether a real Electron binary honours those fuses.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// From @electron/fuses: the marker Electron embeds before its fuse wire, and the wire version.
const SENTINEL = "dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX";
const WIRE_VERSION = 1;

/** Fuse order in a V1 wire (index = position), as in @electron/fuses' FuseV1Options. */
export const FUSE_NAMES = [
  "RunAsNode",
  "EnableCookieEncryption",
  "EnableNodeOptionsEnvironmentVariable",
  "EnableNodeCliInspectArguments",
  "EnableEmbeddedAsarIntegrityValidation",
  "OnlyLoadAppFromAsar",
  "LoadBrowserProcessSpecificV8Snapshot",
  "GrantFileProtocolExtraPrivileges",
];
/** What electron-builder.yml asks for. */
export const EXPECTED_FUSES = {
  RunAsNode: false,
  EnableCookieEncryption: true,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
};
// Electron's shipped defaults are the opposite of every fuse we set, so a flip that did not happen shows.
const DEFAULTS = "10110001";

/** @returns {string} the directory to pass as electronDist */
export function createPlaceholderRuntime(dir) {
  mkdirSync(dir, { recursive: true });
  const script =
    "#!/bin/sh\n" +
    "echo 'This is a placeholder for the Electron runtime (packaging check); it cannot run the app.' >&2\n" +
    "exit 1\n";
  const wire = Buffer.concat([
    Buffer.from(script),
    Buffer.from(`# ${SENTINEL}`),
    Buffer.from([WIRE_VERSION, DEFAULTS.length]),
    Buffer.from(`${DEFAULTS}\n`),
  ]);
  const file = join(dir, "electron");
  writeFileSync(file, wire);
  chmodSync(file, 0o755);
  return dir;
}

/** @returns {Record<string, boolean | "removed">} fuse name -> state, read from a binary's fuse wire */
export function readFuses(binaryPath) {
  const bytes = readFileSync(binaryPath);
  const at = bytes.indexOf(SENTINEL);
  if (at < 0) throw new Error(`${binaryPath} has no fuse wire`);
  const start = at + SENTINEL.length;
  if (bytes[start] !== WIRE_VERSION) throw new Error(`unknown fuse wire version ${bytes[start]}`);
  const length = bytes[start + 1];
  const fuses = {};
  for (let i = 0; i < length; i++) {
    const state = String.fromCharCode(bytes[start + 2 + i]);
    fuses[FUSE_NAMES[i] ?? `fuse${i}`] = state === "1" ? true : state === "0" ? false : "removed";
  }
  return fuses;
}

/** @returns {string[]} problems: fuses whose state differs from EXPECTED_FUSES */
export function fuseProblems(fuses) {
  return Object.entries(EXPECTED_FUSES)
    .filter(([name, want]) => fuses[name] !== want)
    .map(([name, want]) => `fuse ${name} is ${fuses[name] ?? "absent"}, expected ${want ? "on" : "off"}`);
}
