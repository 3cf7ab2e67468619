// Our stdio transport writes a turn's first message at once and the rest of what that turn sends together:
// a load whose workers were answered by one read sends their next requests with two writes, not one each,
// and in the order sent. A CreateTaskResult goes in a write of its own, its creation notice (R11) in a later one.
import { describe, expect, it } from "vitest";
import type { Writable } from "node:stream";
import { RecordingTransport } from "../../main/core/transport/recordingTransport.js";
import { InspectorStdioTransport } from "../../main/core/transport/stdioTransport.js";
import { createHarness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

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

  it("R11: a CreateTaskResult is written alone and at once; its creation notice goes in a later write, on the next turn", { timeout: 60_000 }, async () => {
    const h = createHarness();
    const info = await h.core.dispatch("connect", { server: fixtureServer("receiver-server.mjs") });
    // The session's own stdio transport, under its recording wrapper (private: reached for this test only).
    const session = h.core.session(info.sessionId) as unknown as { transport: RecordingTransport };
    const written = spyOnWrites(session.transport.inner as InspectorStdioTransport);
    const result = await h.core.dispatch("callTool", {
      sessionId: info.sessionId,
      name: "request",
      arguments: { method: "elicitation/create", params: { message: "Name?", requestedSchema: { type: "object", properties: { name: { type: "string" } } }, task: { ttl: 60_000 } } },
    });
    const sent = JSON.parse((result.content[0] as { text: string }).text) as { response: { id: string; result: { task: { taskId: string } } } };
    const { taskId } = sent.response.result.task;
    await h.waitFor("logEntry", (e) => e.direction === "out" && e.method === "notifications/tasks/status");
    const answerWrite = written.findIndex((lines) => lines.some((l) => JSON.parse(l).id === sent.response.id));
    const noticeWrite = written.findIndex((lines) => lines.some((l) => JSON.parse(l).method === "notifications/tasks/status" && JSON.parse(l).params.taskId === taskId));
    // The server reads its answer without parsing the notice before its awaiting code runs.
    expect(written[answerWrite]).toHaveLength(1);
    expect(noticeWrite).toBeGreaterThan(answerWrite);
    const log = h.events.flatMap((e) => (e.type === "logEntry" && e.payload.sessionId === info.sessionId ? [e.payload] : []));
    const answered = log.findIndex((e) => e.direction === "out" && (e.payload as { id?: unknown; result?: unknown }).id === sent.response.id && "result" in (e.payload as object));
    expect(answered).toBeGreaterThan(0);
    expect(log[answered + 1]).toMatchObject({ direction: "out", method: "notifications/tasks/status" });
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
