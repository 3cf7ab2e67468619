// `npm start` as a new user meets it: a runtime already on disk is launched; a first start downloads
// the runtime through Electron's own installer with visible progress; anything that cannot work ends in
// one sentence and browser mode. Runs scripts/start.mjs for real (after the build, as `npm test` does).
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  electronPackageDir,
  executableIn,
  installedRuntime,
  nodeAtLeast,
  obtainRuntime,
  printProgress,
} from "../../scripts/launcher/electronRuntime.mjs";
import { SHEBANG_EXECUTABLES } from "../helpers/platform.js";

const projectRoot = fileURLToPath(new URL("../../", import.meta.url));
const startScript = join(projectRoot, "scripts", "start.mjs");
const scratch = mkdtempSync(join(tmpdir(), "start-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * A stand-in runtime folder: its executable (where Electron's installer puts it on this OS) is a shell
 * script that records its arguments and exits with the code it is told.
 */
function placeholderRuntime(dir: string, exitCode: number): { dir: string; argsFile: string } {
  const argsFile = join(dir, "args.txt");
  const binary = join(dir, executableIn(process.platform)!);
  mkdirSync(dirname(binary), { recursive: true });
  writeFileSync(binary, `#!/bin/sh\nprintf '%s\\n' "$@" > '${argsFile}'\nexit ${exitCode}\n`);
  chmodSync(binary, 0o755);
  return { dir, argsFile };
}

/** Environment for a child that has no runtime and no network: an empty cache and a mirror nobody listens on. */
function offlineEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, MCP_TASK_INSPECTOR_SKIP_BUILD: "1", electron_config_cache: join(scratch, "empty-cache"), ...extra };
  delete env.ELECTRON_OVERRIDE_DIST_PATH;
  return env;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("npm start with a runtime on disk", () => {
  it.runIf(SHEBANG_EXECUTABLES)("ELECTRON_OVERRIDE_DIST_PATH: launches that runtime with the built app, and exits with its code", async () => {
    const runtime = placeholderRuntime(join(scratch, "override"), 7);
    const child = spawn(process.execPath, [startScript, "--smoke"], {
      env: { ...offlineEnv(), ELECTRON_OVERRIDE_DIST_PATH: runtime.dir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code, stderr).toBe(7);
    expect(readFileSync(runtime.argsFile, "utf8").trim().split("\n")).toEqual([projectRoot, "--smoke"]);
    expect(stderr).not.toMatch(/browser mode|Downloading/);
  });

  it("an override that holds no binary is named, not silently replaced by a download", () => {
    const empty = join(scratch, "empty-override");
    mkdirSync(empty, { recursive: true });
    const found = installedRuntime({ env: { ELECTRON_OVERRIDE_DIST_PATH: empty }, platform: "linux" });
    expect(found).toEqual({ problem: `ELECTRON_OVERRIDE_DIST_PATH points at ${empty}, which has no ${join(empty, "electron")}` });
  });
});

describe("npm start without a runtime", () => {
  it("no runtime and no network: one sentence within 60 s, then browser mode serves the UI", async () => {
    const child = spawn(process.execPath, [startScript], { env: offlineEnv({ ELECTRON_MIRROR: `http://127.0.0.1:${await closedPort()}/` }), stdio: ["ignore", "pipe", "pipe"] });
    try {
      let stdout = "";
      let stderr = "";
      child.stderr.on("data", (chunk) => (stderr += chunk));
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL within 60 s; stderr: ${stderr}`)), 60_000);
        child.stdout.on("data", (chunk) => {
          stdout += chunk;
          const match = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(stdout);
          if (match) {
            clearTimeout(timer);
            resolve(match[0]);
          }
        });
        child.on("close", (code) => reject(new Error(`exited ${code}; stderr: ${stderr}`)));
      });
      // Exactly one line of explanation: no stack trace.
      const explanation = stderr.split("\n").filter((line) => line.includes("Electron runtime"));
      expect(explanation).toHaveLength(1);
      expect(explanation[0]).toMatch(/^The Electron runtime is not available \(.+\), so MCP Task Inspector falls back to browser mode: open the URL below\.$/);
      expect(stderr).not.toMatch(/\n\s+at /);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.on("close", resolve));
    }
  });

  it("a Node older than Electron's installer needs: one sentence naming both versions, nothing downloaded", async () => {
    const result = await obtainRuntime({ env: offlineEnv(), platform: "linux", nodeVersion: "20.19.0", progress: () => {} });
    expect(result).toEqual({ problem: "Electron's installer needs Node 22.12.0 or newer and this is Node 20.19.0" });
  });

  it("no network: the download fails fast, in one sentence", async () => {
    const result = await obtainRuntime({
      env: offlineEnv({ ELECTRON_MIRROR: `http://127.0.0.1:${await closedPort()}/` }),
      platform: "linux",
      nodeVersion: "22.12.0",
      progress: () => {},
    });
    expect(result).toMatchObject({ problem: expect.stringMatching(/^could not download it \(fetch failed.*ECONNREFUSED/) });
  });

  it("an unsupported platform says so", async () => {
    expect(await obtainRuntime({ env: offlineEnv(), platform: "aix", nodeVersion: "22.12.0", pkgDir: electronPackageDir() })).toEqual({
      problem: "Electron has no build for this platform (aix)",
    });
  });
});

describe("download progress", () => {
  let mirror: Server | undefined;
  afterAll(() => mirror?.close());

  it("a download shows progress as it goes (a line per 10 % when piped), then a bad archive is one sentence", async () => {
    const size = 4 * 1024 * 1024;
    const requests: string[] = [];
    mirror = createServer((request, response) => {
      requests.push(request.url ?? "");
      response.writeHead(200, { "content-length": String(size) });
      // Sent in pieces, so progress is reported while the body arrives.
      let sent = 0;
      const piece = Buffer.alloc(256 * 1024, 1);
      const next = () => {
        if (sent >= size) return response.end();
        sent += piece.length;
        response.write(piece, () => setImmediate(next));
      };
      next();
    });
    await new Promise<void>((resolve) => mirror!.listen(0, "127.0.0.1", resolve));
    const { port } = mirror.address() as AddressInfo;
    const lines: string[] = [];
    const sink = { isTTY: false, write: (text: string) => lines.push(text) };
    const result = await obtainRuntime({
      env: offlineEnv({ ELECTRON_MIRROR: `http://127.0.0.1:${port}/`, electron_config_cache: mkdtempSync(join(scratch, "cache-")) }),
      platform: "linux",
      nodeVersion: "22.12.0",
      progress: printProgress(sink),
    });
    expect(requests[0]).toMatch(/electron-v[\d.]+-linux-\w+\.zip$/); // the arch is this machine's
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.at(-1)).toBe("Downloading the Electron runtime: 4.0 of 4.0 MB (100%)\n");
    for (const line of lines) expect(line).toMatch(/^Downloading the Electron runtime: \d+\.\d of 4\.0 MB \(\d+%\)\n$/);
    // Four bytes of ones are not Electron: the checksum from Electron's own package refuses them.
    expect(result).toMatchObject({ problem: expect.stringMatching(/^could not download it \(.*(checksum|sha|match)/i) });
  });

  it("on a terminal, one line redrawn in place", () => {
    const written: string[] = [];
    const show = printProgress({ isTTY: true, write: (text: string) => written.push(text) });
    show("progress 1048576 2097152\nprogress 2097152 2097152\n");
    expect(written).toEqual(["\rDownloading the Electron runtime: 1.0 of 2.0 MB (50%)", "\rDownloading the Electron runtime: 2.0 of 2.0 MB (100%)\n"]);
  });
});

describe("versions", () => {
  it("compares Node versions numerically", () => {
    expect(nodeAtLeast("22.12.0", "22.12.0")).toBe(true);
    expect(nodeAtLeast("v22.9.1", "22.12.0")).toBe(false);
    expect(nodeAtLeast("24.0.0", "22.12.0")).toBe(true);
    expect(nodeAtLeast("20.20.2", "20.19.0")).toBe(true);
    expect(nodeAtLeast("20.9.0", "20.19.0")).toBe(false);
  });

  it("names the executable as Electron's installer does", () => {
    expect(executableIn("linux")).toBe("electron");
    expect(executableIn("win32")).toBe("electron.exe");
    expect(executableIn("darwin")).toBe("Electron.app/Contents/MacOS/Electron");
    expect(executableIn("aix")).toBeUndefined();
  });
});
