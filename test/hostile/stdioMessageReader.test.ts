// The stdout reader on its own, for what the stdio tests cannot aim at precisely: every way a stream can
// be cut into chunks, multi-byte characters split across them, and the ends of a dropped line.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deserializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { BYTES_PER_TURN, StdioMessageReader, UnusableMessageError } from "../../main/core/transport/stdioMessageReader.js";

/** Everything the reader hands over, messages and problems, in order. */
function drain(reader: StdioMessageReader): (JSONRPCMessage | UnusableMessageError)[] {
  const out: (JSONRPCMessage | UnusableMessageError)[] = [];
  for (;;) {
    try {
      const message = reader.readMessage();
      if (message === null) return out;
      out.push(message);
    } catch (error) {
      if (!(error instanceof UnusableMessageError)) throw error;
      out.push(error);
    }
  }
}

const message = fc.oneof(
  fc.record({ jsonrpc: fc.constant("2.0" as const), method: fc.string({ minLength: 1 }), params: fc.dictionary(fc.string(), fc.jsonValue()) }),
  fc.record({ jsonrpc: fc.constant("2.0" as const), id: fc.oneof(fc.integer(), fc.string()), result: fc.dictionary(fc.string(), fc.jsonValue()) }),
);

describe("StdioMessageReader", () => {
  it("hands over the same messages however stdout is cut into chunks, multi-byte characters and \\r\\n included", () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 20 }), fc.boolean(), (messages, cuts, crlf) => {
        const bytes = Buffer.from(messages.map((m) => `${JSON.stringify(m)}${crlf ? "\r\n" : "\n"}`).join(""), "utf8");
        const reader = new StdioMessageReader();
        const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        let start = 0;
        const got: unknown[] = [];
        for (const point of [...points, bytes.length]) {
          reader.append(bytes.subarray(start, point));
          got.push(...drain(reader));
          start = point;
        }
        // The oracle: what the SDK's own reader makes of each line (its schema drops some "__proto__" keys).
        expect(got).toEqual(messages.map((m) => deserializeMessage(JSON.stringify(m))));
      }),
      { numRuns: 300 },
    );
  });

  it("a line over the limit is skipped as it streams, then reported once with the id from its end; the next line still counts", () => {
    const reader = new StdioMessageReader(1000);
    const big = `{"result":{"text":"${"é".repeat(3000)}"},"jsonrpc":"2.0","id":42}\n`;
    const next = `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"after"}}\n`;
    const bytes = Buffer.from(big + next);
    for (let i = 0; i < bytes.length; i += 7) reader.append(bytes.subarray(i, i + 7));
    const [dropped, after, ...rest] = drain(reader);
    expect(rest).toEqual([]);
    expect(dropped).toBeInstanceOf(UnusableMessageError);
    expect(dropped).toMatchObject({ kind: "too-large", bytes: Buffer.byteLength(big) - 1, envelope: { id: 42, kind: "response" } });
    expect(after).toMatchObject({ method: "notifications/message", params: { data: "after" } });
  });

  it("the id of an unparseable line is taken only from where it is certain: the first members, or the very last one", () => {
    const read = (line: string) => {
      const reader = new StdioMessageReader();
      reader.append(Buffer.from(`${line}\n`));
      return (drain(reader)[0] as UnusableMessageError).envelope;
    };
    expect(read('{"jsonrpc":"2.0","id":"a\\"b","method":"x","params":{')).toEqual({ id: 'a"b', kind: "request" });
    expect(read('{"id":7,"result":{"broken":}')).toEqual({ id: 7, kind: "response" });
    expect(read('{"result":{"broken":},"jsonrpc":"2.0","id":8}')).toEqual({ id: 8, kind: "response" });
    // An "id" nested in the payload is not the message's.
    expect(read('{"result":{"x":{"id":9}},"oops"}')).toEqual({ kind: "response" });
    expect(read('{"result":{"item":{"id":9}}')).toEqual({ kind: "response" });
    expect(read("plain text")).toEqual({});
  });

  it("issue 19: hands over at most BYTES_PER_TURN of messages a turn (4 MB messages no longer come four to a turn), the rest on the next, in order", async () => {
    let resumed = 0;
    const reader = new StdioMessageReader(undefined, { resume: () => resumed++, pressure: () => {} });
    const big = (i: number) => `${JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: `${i}${"x".repeat(3 * 1024 * 1024)}` } })}\n`;
    reader.append(Buffer.from(big(1) + big(2) + big(3)));
    const first = drain(reader);
    // 3 MB, then 6 MB handed: past BYTES_PER_TURN, the third waits for the next turn.
    expect(first.map((m) => (m as unknown as { params: { data: string } }).params.data[0])).toEqual(["1", "2"]);
    expect(BYTES_PER_TURN).toBe(4 * 1024 * 1024);
    await new Promise((resolve) => setImmediate(resolve));
    expect(resumed).toBe(1);
    expect(drain(reader).map((m) => (m as unknown as { params: { data: string } }).params.data[0])).toEqual(["3"]);
  });

  it("a result response read by hand gives exactly what the SDK's schema gives (members, order), and whatever the schema refuses stays refused", () => {
    // Near-misses of the plain shape: odd ids, extra or missing members, a result that is not an object or carries _meta.
    const id = fc.oneof(fc.integer(), fc.string(), fc.double(), fc.constant(2 ** 53), fc.constant(null), fc.boolean());
    const result = fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.jsonValue(), fc.record({ _meta: fc.jsonValue(), content: fc.jsonValue() }));
    const near = fc.record(
      { jsonrpc: fc.oneof(fc.constant("2.0"), fc.constant("1.0")), id, result, extra: fc.jsonValue(), method: fc.string(), error: fc.jsonValue() },
      { requiredKeys: ["result"] },
    );
    const plain = fc.record({ jsonrpc: fc.constant("2.0"), id: fc.oneof(fc.integer(), fc.string()), result: fc.dictionary(fc.string(), fc.jsonValue()) });
    fc.assert(
      fc.property(fc.oneof(plain, near), fc.boolean(), (value, resultFirst) => {
        // Servers write members in either order (the SDK's write `result` first).
        const text = JSON.stringify(resultFirst ? Object.assign({ result: value.result }, value) : value);
        const reader = new StdioMessageReader();
        reader.append(Buffer.from(`${text}\n`));
        const [got] = drain(reader);
        const schema = JSONRPCMessageSchema.safeParse(JSON.parse(text));
        if (schema.success) expect(JSON.stringify(got)).toBe(JSON.stringify(schema.data));
        else expect(got).toBeInstanceOf(UnusableMessageError);
      }),
      // A member named __proto__ included: the schema's copy drops it, and so must the hand reading.
      { numRuns: 2000, examples: [[{ jsonrpc: "2.0", id: 1, result: JSON.parse('{"__proto__":{"x":1},"y":2}') }, false]] },
    );
  });
});

