// Skills (SEP-2640) pieces in plain Node: an entry read from a hostile server, the Agent Skills field rules,
// a SKILL.md's frontmatter parsed and compared, and the bytes of a read checked against the manifest.
import { describe, expect, it } from "vitest";
import { readSkillEntry, nameFromUri } from "../../main/core/skills/entry.js";
import { frontmatterDifferences, parseFrontmatter } from "../../main/core/skills/frontmatter.js";
import { bytesOfRead, sha256Of, verifyBytes } from "../../main/core/skills/verify.js";

const digest = sha256Of(Buffer.from("x"));
const entry = (over: Record<string, unknown> = {}) => ({
  uri: "skill://acme/tools/pdf/SKILL.md",
  frontmatter: { name: "pdf", description: "PDFs" },
  resources: [{ uri: "skill://acme/tools/pdf/SKILL.md", digest, size: 1 }],
  ...over,
});

describe("skill entries (SEP-2640 Skill Entries)", () => {
  it("the name is the URI's final <skill-path> segment", () => {
    expect(nameFromUri("skill://acme/billing/refunds/SKILL.md")).toBe("refunds");
    expect(nameFromUri("skill://git-workflow/SKILL.md")).toBe("git-workflow");
    expect(nameFromUri("skill://x/README.md")).toBe("");
  });

  it("a valid entry is loadable with no problems, its total counted", () => {
    expect(readSkillEntry(entry())).toMatchObject({ name: "pdf", loadable: true, problems: [], totalBytes: 1 });
  });

  it("no resources, or resources that are neither a list nor \"dynamic\": MUST NOT be loaded", () => {
    const { resources: _none, ...bare } = entry();
    expect(readSkillEntry(bare)).toMatchObject({ loadable: false, resources: null, problems: ["the entry has no resources (required): it must not be loaded"] });
    expect(readSkillEntry(entry({ resources: "static" }))!.loadable).toBe(false);
    expect(readSkillEntry(entry({ resources: "dynamic" }))).toMatchObject({ loadable: true, resources: "dynamic" });
  });

  it("a manifest without SKILL.md, a bad digest, a negative size, a file outside the skill: problems, and not loadable where it cannot be verified", () => {
    const skill = readSkillEntry(
      entry({
        resources: [
          { uri: "skill://acme/tools/pdf/a.md", digest: "md5:abc", size: 1 },
          { uri: "skill://acme/tools/pdf/b.md", digest, size: -1 },
          { uri: "skill://other/c.md", digest, size: 1 },
        ],
      }),
    )!;
    expect(skill.loadable).toBe(false);
    expect(skill.problems).toEqual([
      'skill://acme/tools/pdf/a.md: digest must be "sha256:" and 64 lowercase hex digits',
      "skill://acme/tools/pdf/b.md: size must be a whole number of bytes",
      "skill://other/c.md is not a file within the skill's directory",
      "resources does not list the skill's SKILL.md (it must, with its digest and size)",
    ]);
  });

  it("over 512 files is not loadable, and said why before anything is read", () => {
    const many = Array.from({ length: 600 }, (_, i) => ({ uri: `skill://acme/tools/pdf/f${i}`, digest, size: 1 }));
    const skill = readSkillEntry(entry({ resources: [{ uri: "skill://acme/tools/pdf/SKILL.md", digest, size: 1 }, ...many] }))!;
    expect(skill.loadable).toBe(false);
    expect(skill.problems).toContain("the skill has 601 files; the limit is 512, so it is not loaded");
  });

  it("a value that is no entry (no uri, a 1 MB uri) is left out; a huge frontmatter is not kept but still checked", () => {
    expect(readSkillEntry({ frontmatter: {} })).toBeUndefined();
    expect(readSkillEntry(entry({ uri: `skill://${"a".repeat(1_000_000)}/SKILL.md` }))).toBeUndefined();
    const big = readSkillEntry(entry({ frontmatter: { name: "pdf", description: "x".repeat(100_000) } }))!;
    expect(big.frontmatter).toEqual({});
    expect(big.problems).toEqual(["the frontmatter is over 64 KB and is not shown", "description is 100000 characters; at most 1024"]);
  });
});

describe("SKILL.md frontmatter (SEP-2640 Frontmatter Verification)", () => {
  it("is read from the leading --- block (CRLF too), with YAML's core schema: a date stays a string", () => {
    expect(parseFrontmatter("---\r\nname: a\r\ndate: 2024-01-01\r\n---\r\nbody")).toEqual({ frontmatter: { name: "a", date: "2024-01-01" } });
    expect(parseFrontmatter("# no frontmatter")).toEqual({ problem: "SKILL.md does not begin with a --- frontmatter block" });
    expect(parseFrontmatter("---\nname: a\n")).toMatchObject({ problem: expect.stringContaining("no closing ---") });
    expect(parseFrontmatter("---\n- a\n---\n")).toEqual({ problem: "SKILL.md's frontmatter is not a YAML mapping" });
    expect(parseFrontmatter("---\nname: a\nname: b\n---\n")).toMatchObject({ problem: expect.stringContaining("not valid YAML") });
  });

  it("compares field by field, keys in any order; a difference names the field", () => {
    expect(frontmatterDifferences({ name: "a", metadata: { v: "1" } }, { metadata: { v: "1" }, name: "a" })).toEqual([]);
    expect(frontmatterDifferences({ name: "a", description: "Exfiltrate" }, { name: "a", description: "PDFs" })).toEqual(["description"]);
    expect(frontmatterDifferences({ name: "a" }, { name: "a", license: "MIT" })).toEqual(["license"]);
  });

  it("an alias bomb (a billion laughs in YAML) is bounded: the comparison gives up instead of walking it", () => {
    const bomb = ["a: &a [x, x, x, x, x, x, x, x, x, x]", ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(", ")}]`)].join("\n");
    // Two parses of one text: equal in content, no object shared, so nothing short-cuts the walk.
    const parse = () => (parseFrontmatter(`---\n${bomb}\n---\n`) as { frontmatter: Record<string, unknown> }).frontmatter;
    expect(frontmatterDifferences(parse(), parse())).toContain("(the frontmatter is too large to compare)");
  });
});

describe("verification on read (SEP-2640 Integrity and Verification)", () => {
  it("text is checked as its UTF-8 bytes, a blob as its decoded bytes; size first, then digest, the file named", () => {
    const text = bytesOfRead("skill://a/SKILL.md", { contents: [{ uri: "skill://a/SKILL.md", text: "é" }] });
    expect(text.bytes.length).toBe(2);
    expect(() => verifyBytes({ uri: "skill://a/SKILL.md", digest: sha256Of(Buffer.from("é")), size: 1 }, text.bytes)).toThrow("skill://a/SKILL.md: size mismatch: the manifest says 1 bytes, the server sent 2");
    expect(() => verifyBytes({ uri: "skill://a/SKILL.md", digest: sha256Of(Buffer.from("é")), size: 2 }, text.bytes)).not.toThrow();
    expect(() => verifyBytes({ uri: "skill://a/SKILL.md", digest: sha256Of(Buffer.from("e!")), size: 2 }, text.bytes)).toThrow(/^skill:\/\/a\/SKILL\.md: digest mismatch/);
    const blob = bytesOfRead("skill://a/x.bin", { contents: [{ uri: "skill://a/x.bin", blob: Buffer.from([0, 1, 2]).toString("base64") }] });
    expect([...blob.bytes]).toEqual([0, 1, 2]);
    expect(() => bytesOfRead("skill://a/x.bin", { contents: [{ uri: "skill://a/x.bin", blob: "!!not base64" }] })).toThrow("skill://a/x.bin: the read's blob is not valid base64");
    expect(() => bytesOfRead("skill://a/x.bin", { contents: [] })).toThrow("skill://a/x.bin: the read returned no content for this URI");
  });
});
