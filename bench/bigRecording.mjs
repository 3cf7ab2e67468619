// A 250 MB recording (generated into a temp folder, never committed) given to the built CLI: how soon
// `replay` answers its first request and the last recorded one, how long `diff` of the file with itself
// takes, and the peak memory (RSS) of each, read by /usr/bin/time. Run after `npm run build`:
//   node bench/bigRecording.mjs [megabytes]
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const MB = Number(process.argv[2] ?? 250);
const folder = mkdtempSync(join(tmpdir(), "big-recording-"));
const file = join(folder, "big.mcprec");
const CLI = new URL("../out/main/cli.js", import.meta.url).pathname;

async function generate() {
  const out = createWriteStream(file);
  const write = (value) => new Promise((resolve) => (out.write(`${JSON.stringify(value)}\n`) ? resolve() : out.once("drain", resolve)));
  await write({ mcprec: 1, inspector: { name: "bench", version: "0" }, recordedAt: new Date().toISOString(), era: "legacy", protocolVersion: "2025-11-25", server: { name: "big", transport: "stdio" }, limits: { messageBytes: 262144 } });
  await write({ t: 0, dir: "out", msg: { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } } } });
  await write({ t: 1, dir: "in", msg: { jsonrpc: "2.0", id: 0, result: { protocolVersion: "2025-11-25", capabilities: { tools: {} }, serverInfo: { name: "big", version: "1" } } } });
  const text = "x".repeat(2000);
  let id = 1;
  while (out.bytesWritten < MB * 1024 * 1024) {
    await write({ t: id, dir: "out", msg: { jsonrpc: "2.0", id, method: "tools/call", params: { name: "echo", arguments: { message: `call ${id}` } } } });
    await write({ t: id, dir: "in", msg: { jsonrpc: "2.0", id, result: { content: [{ type: "text", text: `Echo: call ${id} ${text}` }] } } });
    id++;
  }
  await new Promise((resolve) => out.end(resolve));
  return id - 1;
}

/** Replay over stdio: ms to the first answer (initialize) and to the answer of the last recorded call; peak RSS. */
function replay(lastId) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn("/usr/bin/time", ["-f", "%M", process.execPath, CLI, "replay", file, "--speed", "max"], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    const at = {};
    child.stdout.setEncoding("utf8").on("data", (chunk) => {
      out += chunk;
      if (at.first === undefined && out.includes('"id":0')) at.first = performance.now() - started;
      if (at.last === undefined && out.includes(`"id":"last"`)) {
        at.last = performance.now() - started;
        child.stdin.end();
      }
    });
    child.stderr.setEncoding("utf8").on("data", (chunk) => (err += chunk));
    child.on("close", () => (at.first && at.last ? resolve({ ...at, rssKb: Number(err.trim().split("\n").at(-1)) }) : reject(new Error(err))));
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "b", version: "1" } } })}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: "last", method: "tools/call", params: { name: "echo", arguments: { message: `call ${lastId}` } } })}\n`);
  });
}

function diff() {
  const started = performance.now();
  const ran = spawnSync("/usr/bin/time", ["-f", "%M", process.execPath, CLI, "diff", file, file, "--json"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return { ms: performance.now() - started, rssKb: Number(ran.stderr.trim().split("\n").at(-1)), code: ran.status };
}

try {
  const calls = await generate();
  const size = statSync(file).size / (1024 * 1024);
  const r = await replay(calls);
  const d = diff();
  console.log(`recording: ${size.toFixed(0)} MB, ${calls.toLocaleString("en-US")} calls`);
  console.log(`replay: first answer ${r.first.toFixed(0)} ms, last recorded call answered ${r.last.toFixed(0)} ms, peak RSS ${(r.rssKb / 1024).toFixed(0)} MB`);
  console.log(`diff (the file with itself): ${d.ms.toFixed(0)} ms, exit ${d.code}, peak RSS ${(d.rssKb / 1024).toFixed(0)} MB`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
