import { describe, expect, it } from "vitest";
import { PrettyJson } from "../../renderer/src/components/prettyJson.js";
const all = (v: unknown, n = 7) => { const p = new PrettyJson(v); let s = ""; for (let i = 0; i < 1e6; i++) { const t = p.read(n); if (t === "") break; s += t; } return s; };
describe("x", () => { it("same", () => {
  for (const v of [1, "a", null, true, [], {}, [1, [2, {}], { a: [] }], { a: 1, b: { c: [1, 2, "x\"y"], d: undefined, e: () => 1 }, f: [undefined, null] }, { d: new Date(0) }, "é😀".repeat(50)])
    expect(all(v)).toBe(JSON.stringify(v, null, 2));
  const c: any = { a: 1 }; c.self = c; expect(all(c)).toMatch(/cannot show as JSON/);
  let deep: any = 1; for (let i = 0; i < 100000; i++) deep = [deep]; expect(new PrettyJson(deep).read(1000).length).toBe(1000);
});});
