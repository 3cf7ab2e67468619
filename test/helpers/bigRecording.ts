// A big recording written to disk a few MB at a time (never held whole): tools/call echo, each answer
// `answerChars` long and stamped with `day`, so two made on other days differ in every call's result.
// Used by diff's bounded-memory test and by bench scenario 15.
import { closeSync, openSync, writeSync } from "node:fs";

/** Writes about `mb` MB to `path`; returns how many calls it holds. */
export function writeBigRecording(path: string, mb: number, day: string, answerChars = 2000): number {
  const fd = openSync(path, "w");
  const filler = "x".repeat(answerChars);
  const header = { mcprec: 1, inspector: { name: "test", version: "0" }, recordedAt: `${day}T10:00:00.000Z`, era: "legacy", protocolVersion: "2025-11-25", server: { name: "big", transport: "stdio" }, limits: { messageBytes: 262144 } };
  let written = writeSync(fd, `${JSON.stringify(header)}\n`);
  let calls = 0;
  try {
    while (written < mb * 1024 * 1024) {
      const lines: string[] = [];
      for (let i = 0; i < 1000; i++, calls++) {
        lines.push(JSON.stringify({ t: calls, dir: "out", msg: { jsonrpc: "2.0", id: calls, method: "tools/call", params: { name: "echo", arguments: { message: `call ${calls}` } } } }));
        lines.push(JSON.stringify({ t: calls, dir: "in", msg: { jsonrpc: "2.0", id: calls, result: { content: [{ type: "text", text: `Echo at ${day}T10:00:00Z: call ${calls} ${filler}` }] } } }));
      }
      written += writeSync(fd, `${lines.join("\n")}\n`);
    }
  } finally {
    closeSync(fd);
  }
  return calls;
}
