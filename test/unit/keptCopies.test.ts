// Issue 19: what the core keeps of a server's long string is a copy of its start, not a slice: V8 keeps a
// slice as a view of its parent, so 50 kept "previews" of 4 MB strings would keep 200 MB alive.
import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { askedOf } from "../../main/core/receiver/asked.js";
import { MessageLog } from "../../main/core/messageLog.js";
import { fresh } from "../../shared/byteBudget.js";

const MB = 1024 * 1024;

function heapAfterGc(): number {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** 50 distinct 4 MB strings (200 MB), each dropped once `keep` took what it keeps of it; what stays on the heap. */
function retainedBy(keep: (big: string) => unknown): number {
  const kept: unknown[] = [];
  const before = heapAfterGc();
  for (let i = 0; i < 50; i++) kept.push(keep(JSON.parse(JSON.stringify(`${i}${"m".repeat(4 * MB)}`)) as string));
  const grown = heapAfterGc() - before;
  expect(kept.length).toBe(50);
  return grown;
}

describe("kept copies, not slices (issue 19)", () => {
  it("fresh() keeps the text and not its parent", () => {
    expect(fresh("abc")).toBe("abc");
    expect(fresh("")).toBe("");
    expect(retainedBy((big) => fresh(big.slice(0, 1000)))).toBeLessThan(40 * MB);
  });

  it("R7: a receiver task's 'asked' (elicitation message, sampling text) keeps its start only", () => {
    expect(retainedBy((big) => askedOf("elicitation/create", { message: big, requestedSchema: { type: "object", properties: {} } }))).toBeLessThan(40 * MB);
    expect(retainedBy((big) => askedOf("sampling/createMessage", { messages: [{ role: "user", content: { type: "text", text: big } }], maxTokens: 10 }))).toBeLessThan(40 * MB);
  });

  it("a log entry of a message with a 4 MB id and task id keeps their starts only", () => {
    const log = new MessageLog("s1", 1000);
    let seq = 0;
    const grown = retainedBy((big) => log.record("in", { jsonrpc: "2.0", id: big, method: "tasks/get", params: { taskId: big } }, ++seq, "t"));
    expect(grown).toBeLessThan(40 * MB);
    expect(log.size).toBe(50);
  });
});
