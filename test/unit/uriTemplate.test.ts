// RFC 6570 parsing and expansion for the resource template form. The expectations are the RFC's own
// examples (§1.2 and §3.2), with its variables; lists and maps are not used (a form gives strings).
import { describe, expect, it } from "vitest";
import { expandUriTemplate, MAX_TEMPLATE_LENGTH, parseUriTemplate } from "../../shared/uriTemplate.js";

const RFC_VARS = new Map([
  ["var", "value"],
  ["hello", "Hello World!"],
  ["path", "/foo/bar"],
  ["x", "1024"],
  ["y", "768"],
  ["empty", ""],
  ["half", "50%"],
  ["base", "http://example.com/home/"],
  ["who", "fred"],
  ["v", "6"],
]);

function expand(template: string, values: ReadonlyMap<string, string> = RFC_VARS): string {
  const parsed = parseUriTemplate(template);
  if (!parsed.ok) throw new Error(parsed.problem);
  return expandUriTemplate(parsed, values);
}

describe("RFC 6570 expansion", () => {
  it.each([
    // Level 1: simple string expansion, reserved characters encoded
    ["{var}", "value"],
    ["{hello}", "Hello%20World%21"],
    ["{half}", "50%25"],
    ["O{empty}X", "OX"],
    ["O{undef}X", "OX"],
    // Level 2: reserved (+) and fragment (#) expansion keep reserved characters
    ["{+var}", "value"],
    ["{+hello}", "Hello%20World!"],
    ["{+path}/here", "/foo/bar/here"],
    ["here?ref={+path}", "here?ref=/foo/bar"],
    ["{+base}index", "http://example.com/home/index"],
    ["X{#var}", "X#value"],
    ["X{#hello}", "X#Hello%20World!"],
    // Level 3: several variables, label, path, path-style and query operators
    ["map?{x,y}", "map?1024,768"],
    ["{x,hello,y}", "1024,Hello%20World%21,768"],
    ["{+x,hello,y}", "1024,Hello%20World!,768"],
    ["{+path,x}/here", "/foo/bar,1024/here"],
    ["{#x,hello,y}", "#1024,Hello%20World!,768"],
    ["X{.var}", "X.value"],
    ["X{.x,y}", "X.1024.768"],
    ["{/var}", "/value"],
    ["{/var,x}/here", "/value/1024/here"],
    ["{;x,y}", ";x=1024;y=768"],
    ["{;x,y,empty}", ";x=1024;y=768;empty"],
    ["{?x,y}", "?x=1024&y=768"],
    ["{?x,y,empty}", "?x=1024&y=768&empty="],
    ["?fixed=yes{&x}", "?fixed=yes&x=1024"],
    ["{&x,y,empty}", "&x=1024&y=768&empty="],
    ["{?x,undef}", "?x=1024"],
    // Level 4: prefixes and explode on a string
    ["{var:3}", "val"],
    ["{var:30}", "value"],
    ["{+path:6}/here", "/foo/b/here"],
    ["{#path:6}/here", "#/foo/b/here"],
    ["{/var:1,var}", "/v/value"],
    ["{?var:3}", "?var=val"],
    ["{var*}", "value"],
    ["{/who,who}", "/fred/fred"],
  ])("%s → %s", (template, expected) => {
    expect(expand(template)).toBe(expected);
  });

  it("percent-encodes non-ASCII as UTF-8 (upper-case hex), keeps a pct-triplet only in reserved expansion", () => {
    const values = new Map([["q", "é☃/%41 😀"]]);
    expect(expand("x{q}", values)).toBe("x%C3%A9%E2%98%83%2F%2541%20%F0%9F%98%80");
    expect(expand("x{+q}", values)).toBe("x%C3%A9%E2%98%83/%41%20%F0%9F%98%80");
    // A prefix counts characters, never cutting a character in half.
    expect(expand("{q:2}", values)).toBe("%C3%A9%E2%98%83");
  });

  it("names each variable once, in order of first use, whatever its operator", () => {
    const parsed = parseUriTemplate("team://{department}/members{/member}{?sort,department}{#frag:3}");
    expect(parsed).toMatchObject({ ok: true, variables: ["department", "member", "sort", "frag"] });
  });

  it("a literal outside the URI character set is encoded; a template without expressions is itself", () => {
    expect(expand("demo://a b/{var}")).toBe("demo://a%20b/value");
    expect(expand("demo://static/1")).toBe("demo://static/1");
  });
});

describe("malformed and hostile templates", () => {
  it.each([
    ["demo://{unclosed", /never closed/],
    ["demo://}x", /closes no expression/],
    ["demo://{}", /is empty/],
    ["demo://{=x}", /reserves for the future/],
    ["demo://{a b}", /variable name "a b"/],
    ["demo://{x:0}", /prefix ":0"/],
    ["demo://{x:10000}", /prefix ":10000"/],
  ])("%s is refused with a readable problem", (template, problem) => {
    const parsed = parseUriTemplate(template);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problem).toMatch(problem);
  });

  it("bounds length, expressions and variables, and a 1 MB template is refused at once", () => {
    const huge = `x${"{a}".repeat(350_000)}`;
    expect(parseUriTemplate(huge)).toMatchObject({ ok: false, problem: expect.stringMatching(/offered up to 8,192/) });
    expect(parseUriTemplate("{a}".repeat(65))).toMatchObject({ ok: false, problem: "more than 64 expressions" });
    expect(parseUriTemplate(Array.from({ length: 33 }, (_, i) => `{v${i}}`).join(""))).toMatchObject({ ok: false, problem: "more than 32 variables" });
    expect(parseUriTemplate(`{${"a".repeat(MAX_TEMPLATE_LENGTH - 2)}}`).ok).toBe(true);
  });
});
