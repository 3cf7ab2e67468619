// Our stdio transport writes a turn's first message at once and the rest of what that turn sends together:
// a load whose workers were answered by one read sends their next requests with two writes, not one each,
// and in the order sent. An answer with a notice behind it (R11) goes in a write of its own, the notice next.
import { describe, expect, it } from "vitest";
import type { Writable } from "node:stream";
import { RecordingTransport } from "../../main/core/transport/recordingTransport.js";
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
    const written = spyOnWrites(transport);
    const until = (count: number) => new Promise<void>((resolve) => (seen = () => chunks.flat().length >= count && resolve()));
    try {
      const all = until(10);
      await Promise.all(Array.from({ length: 10 }, (_, n) => transport.send({ jsonrpc: "2.0", method: "notifications/n", params: { n } })));
      await all;
      expect(written.length).toBe(2);
      expect(chunks.flat()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      const more = until(11);
      await transport.send({ jsonrpc: "2.0", method: "notifications/n", params: { n: 10 } });
      await more;
      expect(written.length).toBe(3);
    } finally {
      await transport.close();
    }
  });

  it("R11: an answer with the task's creation notice behind it is written alone and at once, the notice in the next write", { timeout: 30_000 }, async () => {
    const inner = new InspectorStdioTransport({ command: process.execPath, args: ["-e", "process.stdin.resume()"], stderr: "pipe" });
    const logged: unknown[] = [];
    const transport = new RecordingTransport(inner, { receiverTasksEnabled: true, record: (_direction, message) => logged.push(message) });
    await transport.start();
    const written = spyOnWrites(inner);
    const answer = { jsonrpc: "2.0" as const, id: 1, result: { task: { taskId: "t1", status: "working" } } };
    const notice = { jsonrpc: "2.0" as const, method: "notifications/tasks/status", params: { taskId: "t1", status: "working" } };
    try {
      transport.afterAnswer(1, () => void transport.send(notice));
      const sending = transport.send(answer);
      // The server can read its answer now, without parsing the notice before its awaiting code runs.
      expect(written).toEqual([[JSON.stringify(answer)]]);
      await sending;
      await new Promise((resolve) => setImmediate(resolve));
      expect(written).toEqual([[JSON.stringify(answer)], [JSON.stringify(notice)]]);
      expect(logged).toEqual([answer, notice]);
    } finally {
      await transport.close();
    }
  });
});

/** Each write to the server's stdin, as the JSON lines it carried. */
function spyOnWrites(transport: InspectorStdioTransport): string[][] {
  const stdin = (transport as unknown as { _process: { stdin: Writable & { _write: unknown; _writev: unknown } } })._process.stdin;
  const written: string[][] = [];
  const lines = (chunks: unknown[]) => chunks.flatMap((c) => String(c).split("\n").filter(Boolean));
  const original = { write: stdin._write as (...args: unknown[]) => unknown, writev: stdin._writev as (...args: unknown[]) => unknown };
  stdin._write = (chunk: unknown, ...rest: unknown[]) => {
    written.push(lines([chunk]));
    return original.write.call(stdin, chunk, ...rest);
  };
  stdin._writev = (chunks: { chunk: unknown }[], ...rest: unknown[]) => {
    written.push(lines(chunks.map((c) => c.chunk)));
    return original.writev.call(stdin, chunks, ...rest);
  };
  return written;
}
