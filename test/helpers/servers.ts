// Server configs for the real MCP peers the integration tests talk to, over real stdio.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { ServerConfigInput } from "../../shared/types.js";

const require = createRequire(import.meta.url);

export function everythingServer(features: Partial<NonNullable<ServerConfigInput["features"]>> = {}): ServerConfigInput {
  const entry = require.resolve("@modelcontextprotocol/server-everything/dist/index.js");
  return {
    name: "Everything",
    transport: { type: "stdio", command: process.execPath, args: [entry, "stdio"] },
    features: { ...features },
  };
}

/** One of our fixture servers in test/fixtures/, run with tsx-free plain Node (they are .mjs). */
export function fixtureServer(file: string, args: string[] = [], features: Partial<NonNullable<ServerConfigInput["features"]>> = {}): ServerConfigInput {
  const path = fileURLToPath(new URL(`../fixtures/${file}`, import.meta.url));
  return {
    name: file.replace(/\.m?js$/, ""),
    transport: { type: "stdio", command: process.execPath, args: [path, ...args] },
    features: { ...features },
  };
}

/**
 * Starts one of our HTTP fixtures (`node <file> …args`) and resolves with its origin once it prints
 * "listening <port>"; rejects if it exits first. The child goes into `children`, for the caller to stop.
 */
export function startListeningFixture(file: string, args: string[], children: ChildProcess[]): Promise<string> {
  const path = fileURLToPath(new URL(`../fixtures/${file}`, import.meta.url));
  const child = spawn(process.execPath, [path, ...args], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const port = /listening (\d+)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    child.once("exit", (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}
