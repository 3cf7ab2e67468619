// Our stdio transport writes a turn's first message at once and the rest of what that turn sends together:
// a load whose workers were answered by one read sends their next requests with two writes, not one each,
// and in the order sent.
import { describe, expect, it } from "vitest";
import type { Writable } from "node:stream";
import { InspectorStdioTransport } from "../../main/core/transport/stdioTransport.js";

// A server that answers each chunk it reads with the lines in it.
const SERVER = `process.stdin.on("data", (chunk) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/chunk", params: { lines: chunk.toString().split("\\n").filter(Boolean).map((l) => JSON.parse(l).params.n) } }) + "\\n"));`;

describe("InspectorStdioTransport's writes", () => {
  it("ten messages sent in one turn reach the pipe in two writes (the first at once), in order; a lone one in the next turn in one", { timeout: 30_000 }, async () => {
    const transport = new InspectorStdioTransport({ command: process.execPath, args: ["-e", SERVER], stderr: "pipe" });
    const chunks: number[][] = [];
    let seen: () => void = () => {};
    transport.onmessage = (message) => {
      chunks.push((message as unknown as { params: { lines: number[] } }).params.lines);
      seen();
    };
    await transport.start();
    const stdin = (transport as unknown as { _process: { stdin: Writable & { _write: unknown; _writev: unknown } } })._process.stdin;
    let writes = 0;
    for (const name of ["_write", "_writev"] as const) {
      const original = stdin[name] as (...args: unknown[]) => unknown;
      stdin[name] = (...args: unknown[]) => {
        writes++;
        return original.apply(stdin, args);
      };
    }
    const until = (count: number) => new Promise<void>((resolve) => (seen = () => chunks.flat().length >= count && resolve()));
    try {
      const all = until(10);
      await Promise.all(Array.from({ length: 10 }, (_, n) => transport.send({ jsonrpc: "2.0", method: "notifications/n", params: { n } })));
      await all;
      expect(writes).toBe(2);
      expect(chunks.flat()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      const more = until(11);
      await transport.send({ jsonrpc: "2.0", method: "notifications/n", params: { n: 10 } });
      await more;
      expect(writes).toBe(3);
    } finally {
      await transport.close();
    }
  });
});
