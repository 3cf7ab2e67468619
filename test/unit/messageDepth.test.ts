// The depth bound on a server's messages (transport/messageDepth.ts): counted over arrays and objects alike,
// the value itself being level 1, without recursion (a value 100,000 deep must not overflow the walk itself).
import { describe, expect, it } from "vitest";
import { nestedDeeperThan } from "../../main/core/transport/messageDepth.js";

function nest(levels: number, leaf: unknown = "x"): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = i % 2 ? { a: value } : [value];
  return value;
}

describe("nestedDeeperThan", () => {
  it("counts arrays and objects inside each other; scalars are no level", () => {
    expect(nestedDeeperThan("text", 0)).toBe(false);
    expect(nestedDeeperThan(null, 0)).toBe(false);
    expect(nestedDeeperThan({}, 1)).toBe(false);
    expect(nestedDeeperThan({}, 0)).toBe(true);
    expect(nestedDeeperThan(nest(10), 10)).toBe(false);
    expect(nestedDeeperThan(nest(11), 10)).toBe(true);
  });

  it("finds the one deep branch among many shallow ones, wherever it is", () => {
    const wide = Array.from({ length: 1000 }, (_, i) => ({ i, tags: ["a"] }));
    expect(nestedDeeperThan({ items: wide }, 4)).toBe(false);
    expect(nestedDeeperThan({ items: [...wide, { deep: nest(100) }] }, 100)).toBe(true);
    expect(nestedDeeperThan({ first: nest(100), items: wide }, 100)).toBe(true);
  });

  it("walks a value 100,000 deep without overflowing the stack", () => {
    expect(nestedDeeperThan(nest(100_000), 1000)).toBe(true);
    expect(nestedDeeperThan(nest(100_000), 100_000)).toBe(false);
  });
});
