// Collection files: the published schema is the one the loader uses; damaged and hostile files are refused
// with the place named (bad JSON with line and column, another version, __proto__ keys, prototype names as
// variables, 100,000 calls, a pattern RE2 cannot run, a variable used before it is captured); a pattern that
// backtracking engines take exponential time on runs in linear time; a failed save leaves the file as it was.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import * as nodeFs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CollectionSchema } from "../../shared/collection.js";
import publishedSchema from "../../shared/collection.schema.json";
import { CollectionError, parseCollection, readCollectionFile, saveCollectionFile } from "../../main/core/collections/collectionFile.js";
import { judge } from "../../main/core/collections/assertions.js";
import { getPath, withoutPaths } from "../../main/core/collections/jsonPath.js";
import { substitute } from "../../main/core/collections/runner.js";

const EXAMPLE = new URL("../fixtures/collections/everything.collection.json", import.meta.url);
const call = (extra: Record<string, unknown> = {}) => ({ name: "c", kind: "tool", target: "echo", arguments: {}, ...extra });
const doc = (calls: unknown[], extra: Record<string, unknown> = {}) => JSON.stringify({ collection: 1, name: "n", calls, ...extra });
const refusal = (text: string): string => {
  try {
    parseCollection(text);
  } catch (error) {
    if (error instanceof CollectionError) return error.message;
    throw error;
  }
  throw new Error("the collection was accepted");
};

describe("collection files", () => {
  it("shared/collection.schema.json is the schema the loader uses (generated from it), and the example passes both", async () => {
    expect(publishedSchema).toEqual(JSON.parse(JSON.stringify(z.toJSONSchema(CollectionSchema, { io: "input" }))));
    const { Ajv2020 } = await import("ajv/dist/2020.js");
    const validate = new Ajv2020({ strict: false }).compile(publishedSchema);
    const example = JSON.parse(readFileSync(EXAMPLE, "utf8")) as unknown;
    expect(validate(example)).toBe(true);
    expect(readCollectionFile(EXAMPLE.pathname).calls.map((c) => c.name)).toHaveLength(6);
  });

  it.each([
    ["bad JSON, with line and column", '{\n  "collection": 1,\n  "name": "x",\n  "calls": [,]\n}', /^\(file\): not valid JSON: .* \(line 4, column 13\)$/],
    ["another format version", doc([], { collection: 2 }), 'collection: format version 2 is not one this inspector reads (it reads 1)'],
    ["not a collection", '{"mcprec":1}', 'collection: missing: a collection file starts with "collection": 1 (is this a collection?)'],
    ["a __proto__ key in arguments", doc([{ ...call(), arguments: JSON.parse('{"__proto__": {"polluted": true}}') as object }]).replace('"arguments":{}', '"arguments":{"__proto__":{"polluted":true}}'), "calls[0].arguments.__proto__: a key named __proto__ is refused (it could change what every object inherits)"],
    ["constructor as a variable name", doc([call({ capture: { constructor: "$.content" } })]), "calls[0].capture.constructor: constructor, prototype and __proto__ are not variable names"],
    ["an unknown key named constructor", doc([call({ constructor: 1 })]), 'calls[0]: Unrecognized key: "constructor"'],
    ["100,000 calls", doc(Array.from({ length: 100_000 }, () => call())), "calls: 100000 calls: a collection holds at most 1000"],
    ["a pattern with a backreference", doc([call({ assert: [{ path: "$.a", matches: "(a*)\\1" }] })]), /^calls\[0\]\.assert\[0\]\.matches: this pattern cannot run on RE2 \(patterns run in linear time, so backreferences and lookaround are not available\)/],
    ["an assertion nobody knows", doc([call({ assert: [{ path: "$.a", resembles: 1 }] })]), /^calls\[0\]\.assert\[0\]: not an assertion this inspector knows \(keys "path", "resembles"; one of notError/],
    ["a variable used before it is captured", doc([call({ arguments: { message: "{{later}}" } }), call({ capture: { later: "$.content" } })]), "calls[0].arguments.message: the variable {{later}} is used before any call captures it"],
    ["a JSON path that does not parse", doc([call({ assert: [{ path: "$.a[*]", exists: true }] })]), /^calls\[0\]\.assert\[0\]\.path: cannot read the path from character 4/],
    ["a tool call without its tool", doc([{ name: "c", kind: "tool" }]), 'calls[0].target: a tool call names its tool in "target"'],
  ])("refuses %s, naming the place", (_what, text, says) => {
    if (typeof says === "string") expect(refusal(text)).toBe(says);
    else expect(refusal(text)).toMatch(says);
  });

  it("a file's errors name the file too", () => {
    const dir = mkdtempSync(join(tmpdir(), "collection-"));
    writeFileSync(join(dir, "c.json"), doc([], { collection: "one" }));
    expect(() => readCollectionFile(join(dir, "c.json"))).toThrow(`${join(dir, "c.json")}: collection: format version "one" is not one this inspector reads (it reads 1)`);
  });

  it("^(a+)+$, exponential for a backtracking engine, is accepted and judged in linear time", () => {
    const collection = parseCollection(doc([call({ assert: [{ path: "$.text", matches: "^(a+)+$" }] })]));
    const assertion = collection.calls[0]!.assert[0]!;
    const result = judge(assertion, { judged: { text: `${"a".repeat(100_000)}!` }, failed: false, latencyMs: 1 });
    expect(result).toMatchObject({ ok: false, assertion: "$.text matches /^(a+)+$/" });
  });

  it("paths read own properties only, ignored paths leave a snapshot, and variables fill arguments", () => {
    expect(getPath({}, "$.constructor")).toEqual({ found: false });
    expect(getPath({ a: [{ "odd key": 5 }] }, '$.a[0]["odd key"]')).toEqual({ found: true, value: 5 });
    expect(withoutPaths({ id: 1, items: ["x", "y"], keep: true }, ["$.id", "$.items[1]"])).toEqual({ items: ["x", "<ignored>"], keep: true });
    const vars = new Map<string, unknown>([["n", 5], ["s", "hi"]]);
    expect(substitute({ whole: "{{n}}", text: "say {{s}} {{n}} times", list: ["{{s}}"] }, vars)).toEqual({ whole: 5, text: "say hi 5 times", list: ["hi"] });
    expect(() => substitute("{{missing}}", vars)).toThrow("the variable {{missing}} has no value");
  });

  it("a snapshot compares after the ignored paths are left out, and a difference names its paths", () => {
    const snapshot = { snapshot: { ignore: ["$.id"] } };
    const accepted = { value: 1 };
    expect(judge(snapshot, { judged: { id: "a", value: 1 }, failed: false, latencyMs: 1, acceptedSnapshot: accepted }).ok).toBe(true);
    expect(judge(snapshot, { judged: { id: "b", value: 2 }, failed: false, latencyMs: 1, acceptedSnapshot: accepted })).toMatchObject({ ok: false, detail: "differs at $.value", diff: { accepted, received: { value: 2 } } });
    expect(judge(snapshot, { judged: { value: 2 }, failed: false, latencyMs: 1 })).toMatchObject({ ok: false, detail: expect.stringContaining("no accepted snapshot yet") });
  });

  it("saves atomically: a failed write leaves the old file whole and no temporary file behind", () => {
    const dir = mkdtempSync(join(tmpdir(), "collection-"));
    const path = join(dir, "c.json");
    const first = saveCollectionFile(path, { collection: 1, name: "first", calls: [] });
    expect(first.name).toBe("first");
    const before = readFileSync(path, "utf8");
    const failingRename = { ...nodeFs, renameSync: () => { throw Object.assign(new Error("disk full"), { code: "ENOSPC" }); } };
    expect(() => saveCollectionFile(path, { collection: 1, name: "second", calls: [] }, failingRename)).toThrow(`${path}: could not save: ENOSPC; the file on disk is as it was`);
    expect(readFileSync(path, "utf8")).toBe(before);
    expect(readdirSync(dir)).toEqual(["c.json"]);
    // A collection that does not validate is never written.
    expect(() => saveCollectionFile(path, { collection: 1, name: "", calls: [] })).toThrow(CollectionError);
    expect(readFileSync(path, "utf8")).toBe(before);
  });
});
