// Issue 23: the pure parts of the server checks: JSON Schema judged in its own dialect, content blocks,
// arguments from a schema (safe by default), and XML that holds whatever a server sent.
import { describe, expect, it } from "vitest";
import { argumentsFromSchema, elicitationDefaults } from "../../main/core/checks/context.js";
import { SchemaJudge } from "../../main/core/checks/jsonSchema.js";
import { escapeXml } from "../../main/core/checks/junit.js";
import { contentProblem } from "../../main/core/checks/results.js";
import { duplicates } from "../../main/core/checks/listings.js";
import { quote } from "../../main/core/checks/check.js";

describe("SchemaJudge: a tool's schema is a JSON Schema object, 2020-12 unless $schema says otherwise", () => {
  const judge = new SchemaJudge();
  it("a root that is not type object is refused, with what it is", () => {
    expect(judge.judge({ type: "string" })).toMatchObject({ ok: false, problem: expect.stringContaining('"string"') });
    expect(judge.judge([])).toMatchObject({ ok: false, problem: expect.stringContaining("an array") });
  });
  it("no $schema: 2020-12 ($defs, prefixItems work; an invalid keyword value is caught)", () => {
    const ok = judge.judge({ type: "object", $defs: { n: { type: "number" } }, properties: { a: { $ref: "#/$defs/n" }, b: { type: "array", prefixItems: [{ type: "string" }] } } });
    expect(ok).toMatchObject({ ok: true, dialect: "2020-12" });
    expect(ok.ok && ok.validate!({ a: "x" })).toBe(false);
    expect(judge.judge({ type: "object", properties: { a: { type: "nope" } } }).ok).toBe(false);
  });
  it("$schema is honoured: draft-07 validates with draft-07, an unknown dialect is said", () => {
    const seven = judge.judge({ $schema: "http://json-schema.org/draft-07/schema#", type: "object", definitions: { s: { type: "string" } }, properties: { a: { $ref: "#/definitions/s" } } });
    expect(seven).toMatchObject({ ok: true, dialect: "draft-07" });
    expect(seven.ok && seven.validate!({ a: 1 })).toBe(false);
    expect(judge.judge({ $schema: "https://example.com/my-dialect", type: "object" })).toMatchObject({ ok: false, problem: expect.stringContaining("example.com") });
  });
  it("a server's pattern runs on the linear engine: a catastrophic pattern does not freeze the check", () => {
    const verdict = judge.judge({ type: "object", properties: { a: { type: "string", pattern: "^(a+)+$" } } });
    expect(verdict.ok && verdict.validate!({ a: `${"a".repeat(40)}!` })).toBe(false);
  });
});

describe("content blocks (CallToolResult)", () => {
  it("well-formed blocks pass; base64, mime types and unknown types are judged", () => {
    expect(contentProblem({ type: "text", text: "hi" })).toBeUndefined();
    expect(contentProblem({ type: "image", mimeType: "image/png", data: "aGk=" })).toBeUndefined();
    expect(contentProblem({ type: "image", mimeType: "image/png", data: "not base64!" })).toMatch(/base64/);
    expect(contentProblem({ type: "audio", mimeType: "wav", data: "aGk=" })).toMatch(/mimeType/);
    expect(contentProblem({ type: "resource", resource: { uri: "x:y", blob: "%%%" } })).toMatch(/blob/);
    expect(contentProblem({ type: "video" })).toMatch(/unknown type/);
  });
});

describe("safe by default: arguments only from the schema", () => {
  it("required arguments from default, first example or const; none when one has neither", () => {
    expect(argumentsFromSchema({ type: "object", properties: { a: { default: 1 }, b: { examples: ["x"] }, c: { const: true }, d: { type: "string" } }, required: ["a", "b", "c"] })).toEqual({ a: 1, b: "x", c: true });
    expect(argumentsFromSchema({ type: "object", properties: { d: { type: "string" } }, required: ["d"] })).toBeUndefined();
    expect(argumentsFromSchema({ type: "object" })).toEqual({});
  });
  it("an elicitation is accepted only when every required field has a default; a URL elicitation never", () => {
    expect(elicitationDefaults({ requestedSchema: { type: "object", properties: { n: { type: "string", default: "Ada" } }, required: ["n"] } })).toEqual({ n: "Ada" });
    expect(elicitationDefaults({ requestedSchema: { type: "object", properties: { n: { type: "string" } }, required: ["n"] } })).toBeUndefined();
    expect(elicitationDefaults({ mode: "url", url: "https://x" })).toBeUndefined();
  });
});

describe("hostile text", () => {
  it("XML escaping replaces what XML 1.0 cannot hold and escapes markup", () => {
    expect(escapeXml(`<a href="x">&'\u0000\u001b\ud800`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;\ufffd\ufffd\ufffd");
  });
  it("quote bounds and escapes server text; duplicates are named once", () => {
    expect(quote("x".repeat(500), 10)).toBe(`"${"x".repeat(10)}…"`);
    expect(quote("a\u2028b\u009b")).toBe('"a\\u2028b\\u009b"');
    expect(duplicates(["a", "b", "a", "a"])).toEqual(['"a"']);
  });
});
