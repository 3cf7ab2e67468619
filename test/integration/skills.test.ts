// Skills (SEP-2640, issue 24) against real Skills servers on the SDK v2 (test/fixtures/skills/skills-server.mjs),
// in both eras: the declaration, skills/list and skills/get, loading a skill (SKILL.md verified: size, digest,
// frontmatter), its files read and verified, "dynamic" skills never called verified, resources/directory/read,
// lazy retrieval (nothing read before it is asked for), and a hostile server (wrong digest, wrong size, a
// 100 MB file, an endless directory, prototype keys in the frontmatter, broken Agent Skills fields).
import type { ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../helpers/harness.js";
import { fixtureServer, startListeningFixture } from "../helpers/servers.js";

const ERAS = [
  ["2025-11-25", []],
  ["2026-07-28", ["--modern-only"]],
] as const;

async function connect(h: Harness, era: (typeof ERAS)[number][0], args: readonly string[]) {
  return h.core.dispatch("connect", { server: { ...fixtureServer("skills/skills-server.mjs", [...args]), era } });
}

async function reads(h: Harness, sessionId: string): Promise<string[]> {
  const result = (await h.core.dispatch("callTool", { sessionId, name: "reads", arguments: {} })) as { content: { text: string }[] };
  return JSON.parse(result.content[0]!.text) as string[];
}

describe.each(ERAS)("Skills on %s", (era, args) => {
  it("SK1: the client declares io.modelcontextprotocol/skills, the server's declaration (directoryRead) is seen", async () => {
    const h = createHarness();
    const info = await connect(h, era, args);
    expect(info.era).toBe(era === "2025-11-25" ? "legacy" : "modern");
    expect((info.clientCapabilities as { extensions?: Record<string, unknown> }).extensions?.["io.modelcontextprotocol/skills"]).toEqual({});
    expect((info.serverCapabilities as { extensions?: Record<string, unknown> }).extensions?.["io.modelcontextprotocol/skills"]).toEqual({ directoryRead: true });
  });

  it("SK2 (lazy retrieval): skills/list gives each entry verbatim, validated, and reads no file", async () => {
    const h = createHarness();
    const { sessionId } = await connect(h, era, args);
    const { skills } = await h.core.dispatch("listSkills", { sessionId });
    expect(skills.map((s) => [s.name, s.uri])).toEqual([
      ["git-workflow", "skill://git-workflow/SKILL.md"],
      ["refunds", "skill://acme/billing/refunds/SKILL.md"],
      ["daily", "skill://reports/daily/SKILL.md"],
    ]);
    const git = skills[0]!;
    expect(git.frontmatter).toEqual({ name: "git-workflow", description: "Follow this team's Git conventions for branching and commits", license: "MIT", metadata: { version: "1.2.0" } });
    expect(git.problems).toEqual([]);
    expect(git.loadable).toBe(true);
    expect(Array.isArray(git.resources) && git.resources.map((r) => r.uri)).toEqual(["skill://git-workflow/SKILL.md", "skill://git-workflow/references/GUIDE.md", "skill://git-workflow/templates/commit.md"]);
    expect(skills[2]!.resources).toBe("dynamic");
    expect(await reads(h, sessionId)).toEqual([]);
  });

  it("SK3: loading a skill reads its SKILL.md only, verified (size, digest, frontmatter); a supporting file is read when asked, verified", async () => {
    const h = createHarness();
    const { sessionId } = await connect(h, era, args);
    await h.core.dispatch("listSkills", { sessionId });
    const loaded = await h.core.dispatch("loadSkill", { sessionId, uri: "skill://git-workflow/SKILL.md" });
    expect(loaded.file).toMatchObject({ uri: "skill://git-workflow/SKILL.md", verification: "verified", mimeType: "text/markdown" });
    expect(loaded.file.text).toContain("# Git workflow");
    expect(await reads(h, sessionId)).toEqual(["skill://git-workflow/SKILL.md"]);
    const guide = await h.core.dispatch("readSkillFile", { sessionId, skillUri: "skill://git-workflow/SKILL.md", uri: "skill://git-workflow/references/GUIDE.md" });
    expect(guide).toMatchObject({ verification: "verified", size: 49 });
    // A binary file is a blob; its bytes are what the digest covers.
    await h.core.dispatch("getSkill", { sessionId, uri: "skill://acme/billing/refunds/SKILL.md" });
    const logo = await h.core.dispatch("readSkillFile", { sessionId, skillUri: "skill://acme/billing/refunds/SKILL.md", uri: "skill://acme/billing/refunds/assets/logo.png" });
    expect(logo).toMatchObject({ verification: "verified", mimeType: "image/png" });
    expect(logo.blob).toBeTruthy();
  });

  it("SK4: skills/get names a skill by URI (listed or not); an unknown URI is the server's -32602", async () => {
    const h = createHarness();
    const { sessionId } = await connect(h, era, args);
    const skill = await h.core.dispatch("getSkill", { sessionId, uri: "skill://acme/billing/refunds/SKILL.md" });
    expect(skill).toMatchObject({ name: "refunds", loadable: true, problems: [] });
    await expect(h.core.dispatch("getSkill", { sessionId, uri: "skill://nope/SKILL.md" })).rejects.toThrow(/-32602.*No skill is served at skill:\/\/nope\/SKILL.md/);
    // Loading an unlisted skill asks skills/get first, then reads.
    const fresh = createHarness();
    const other = await connect(fresh, era, args);
    const loaded = await fresh.core.dispatch("loadSkill", { sessionId: other.sessionId, uri: "skill://acme/billing/refunds/SKILL.md" });
    // Its SKILL.md comes as a blob: verified on its bytes, its frontmatter read from them.
    expect(loaded.file).toMatchObject({ verification: "verified", mimeType: "text/markdown" });
    expect(Buffer.from(loaded.file.blob!, "base64").toString("utf8")).toContain("# Refunds");
    expect(loaded.file.text).toContain("# Refunds");
  });

  it('SK5: a "dynamic" skill is never verified: loading says "not verifiable", verify reads nothing', async () => {
    const h = createHarness();
    const { sessionId } = await connect(h, era, args);
    await h.core.dispatch("listSkills", { sessionId });
    const report = await h.core.dispatch("verifySkill", { sessionId, uri: "skill://reports/daily/SKILL.md" });
    expect(report.status).toBe("not verifiable");
    expect(await reads(h, sessionId)).toEqual([]);
    const loaded = await h.core.dispatch("loadSkill", { sessionId, uri: "skill://reports/daily/SKILL.md" });
    expect(loaded.file.verification).toBe("not verifiable");
    const file = await h.core.dispatch("readSkillFile", { sessionId, skillUri: "skill://reports/daily/SKILL.md", uri: "skill://reports/daily/data/today.md" });
    expect(file.verification).toBe("not verifiable");
  });

  it("SK6: verify reads every file of a skill, SKILL.md first, and says verified", async () => {
    const h = createHarness();
    const { sessionId } = await connect(h, era, args);
    await h.core.dispatch("listSkills", { sessionId });
    const report = await h.core.dispatch("verifySkill", { sessionId, uri: "skill://git-workflow/SKILL.md" });
    expect(report).toEqual({
      uri: "skill://git-workflow/SKILL.md",
      status: "verified",
      files: [
        { uri: "skill://git-workflow/SKILL.md", status: "verified" },
        { uri: "skill://git-workflow/references/GUIDE.md", status: "verified" },
        { uri: "skill://git-workflow/templates/commit.md", status: "verified" },
      ],
    });
  });

  it("SK7: resources/directory/read lists a directory's direct children, subdirectories marked", async () => {
    const h = createHarness();
    const { sessionId } = await connect(h, era, args);
    const root = await h.core.dispatch("readResourceDirectory", { sessionId, uri: "skill://git-workflow" });
    expect(root.resources).toEqual([
      { uri: "skill://git-workflow/SKILL.md", name: "SKILL.md", mimeType: "text/markdown", directory: false },
      { uri: "skill://git-workflow/references", name: "references", mimeType: "inode/directory", directory: true },
      { uri: "skill://git-workflow/templates", name: "templates", mimeType: "inode/directory", directory: true },
    ]);
    await expect(h.core.dispatch("readResourceDirectory", { sessionId, uri: "skill://git-workflow/SKILL.md" })).rejects.toThrow(/-32602/);
  });

  it("SK8: a file the manifest does not list is a verification failure, never read", async () => {
    const h = createHarness();
    const { sessionId } = await connect(h, era, args);
    await h.core.dispatch("listSkills", { sessionId });
    await expect(h.core.dispatch("readSkillFile", { sessionId, skillUri: "skill://git-workflow/SKILL.md", uri: "skill://git-workflow/secret.md" })).rejects.toThrow(
      "skill://git-workflow/secret.md: not listed in the manifest of skill://git-workflow/SKILL.md",
    );
    expect(await reads(h, sessionId)).toEqual([]);
  });
});

describe("Skills from a hostile server", () => {
  async function hostile(era: "2025-11-25" | "2026-07-28" = "2026-07-28") {
    const h = createHarness();
    const info = await h.core.dispatch("connect", { server: { ...fixtureServer("skills/skills-server.mjs", ["--hostile"]), era } });
    const { skills } = await h.core.dispatch("listSkills", { sessionId: info.sessionId });
    return { h, sessionId: info.sessionId, byName: new Map(skills.map((s) => [s.name, s])) };
  }

  it("SK9: a SKILL.md whose digest differs is an error naming the file; nothing more of that skill is read", async () => {
    const { h, sessionId } = await hostile();
    await expect(h.core.dispatch("loadSkill", { sessionId, uri: "skill://wrong-digest/SKILL.md" })).rejects.toThrow(/^skill:\/\/wrong-digest\/SKILL\.md: digest mismatch: the manifest says sha256:[0-9a-f]{64}, the content hashes to sha256:[0-9a-f]{64}$/);
    const report = await h.core.dispatch("verifySkill", { sessionId, uri: "skill://wrong-digest/SKILL.md" });
    expect(report.status).toBe("failed");
    expect(report.files.map((f) => f.status)).toEqual(["failed", "not read"]);
    expect(await reads(h, sessionId)).toEqual(["skill://wrong-digest/SKILL.md", "skill://wrong-digest/SKILL.md"]);
  });

  it("SK10: a file one byte longer than listed fails on its size, naming it; the files after it are not read", async () => {
    const { h, sessionId } = await hostile("2025-11-25");
    const report = await h.core.dispatch("verifySkill", { sessionId, uri: "skill://wrong-size/SKILL.md" });
    expect(report.files).toEqual([
      { uri: "skill://wrong-size/SKILL.md", status: "verified" },
      { uri: "skill://wrong-size/notes.md", status: "failed", message: "skill://wrong-size/notes.md: size mismatch: the manifest says 5 bytes, the server sent 6" },
      { uri: "skill://wrong-size/z-after.md", status: "not read", message: "not read: the skill failed verification" },
    ]);
    expect(await reads(h, sessionId)).not.toContain("skill://wrong-size/z-after.md");
  });

  it("SK11: a skill with a 100 MB file is over the 16 MiB limit: not loadable, said up front, and never read", async () => {
    const { h, sessionId, byName } = await hostile();
    const huge = byName.get("huge")!;
    expect(huge.loadable).toBe(false);
    expect(huge.totalBytes).toBeGreaterThan(100 * 1024 * 1024);
    expect(huge.problems).toContain(`the skill's files total ${huge.totalBytes} bytes; the limit is 16777216 (16 MiB), so it is not loaded`);
    await expect(h.core.dispatch("loadSkill", { sessionId, uri: huge.uri })).rejects.toThrow(/^skill:\/\/huge\/SKILL\.md: the entry must not be loaded: .*16 MiB/);
    expect((await h.core.dispatch("verifySkill", { sessionId, uri: huge.uri })).status).toBe("failed");
    expect(await reads(h, sessionId)).toEqual([]);
  });

  it("SK11: what is read from a dynamic skill counts against the 16 MiB limit: the file that passes it is not used", async () => {
    const { h, sessionId } = await hostile();
    const skillUri = "skill://flood/SKILL.md";
    expect(await h.core.dispatch("readSkillFile", { sessionId, skillUri, uri: "skill://flood/a.bin" })).toMatchObject({ verification: "not verifiable", size: 9 * 1024 * 1024 });
    await expect(h.core.dispatch("readSkillFile", { sessionId, skillUri, uri: "skill://flood/b.bin" })).rejects.toThrow(
      "skill://flood/b.bin: 9437184 bytes would take this dynamic skill over the 16777216-byte limit: not used",
    );
    await expect(h.core.dispatch("readSkillFile", { sessionId, skillUri, uri: "skill://flood/SKILL.md" })).rejects.toThrow(/already, the 16777216-byte limit: not read$/);
  });

  it("SK10: a file listed as 10 bytes that arrives as 20 MB fails on its size before it is hashed, and is not kept", async () => {
    const { h, sessionId } = await hostile();
    const report = await h.core.dispatch("verifySkill", { sessionId, uri: "skill://liar/SKILL.md" });
    expect(report.files[1]).toEqual({ uri: "skill://liar/data/small.bin", status: "failed", message: "skill://liar/data/small.bin: size mismatch: the manifest says 10 bytes, the server sent 20971520" });
  });

  it("SK12: an endless directory is read one bounded page at a time (1,000 children kept, the rest counted)", async () => {
    const { h, sessionId } = await hostile();
    const page = await h.core.dispatch("readResourceDirectory", { sessionId, uri: "skill://endless" });
    expect(page.resources).toHaveLength(1000);
    expect(page.notKept).toBe(4000);
    expect(page.nextCursor).toBe("1");
    expect(page.resources[0]).toEqual({ uri: "skill://endless/d0-0", name: "d0-0", mimeType: "inode/directory", directory: true });
  });

  it("SK13: frontmatter keys named __proto__ or constructor are shown verbatim as data, compare equal, and pollute nothing", async () => {
    const { h, sessionId, byName } = await hostile();
    const proto = byName.get("proto-keys")!;
    expect(Object.keys(proto.frontmatter)).toEqual(["name", "description", "__proto__", "constructor", "toString"]);
    expect(Object.getOwnPropertyDescriptor(proto.frontmatter, "__proto__")?.value).toEqual({ polluted: true });
    expect(proto.problems).toEqual([]);
    const loaded = await h.core.dispatch("loadSkill", { sessionId, uri: proto.uri });
    expect(loaded.file.verification).toBe("verified");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("SK14: the Agent Skills field rules are checked: name's characters, the URI's final segment, a missing description, compatibility's length", async () => {
    const { byName } = await hostile();
    const bad = [...byName.values()].find((s) => s.uri === "skill://bad-fields/SKILL.md")!;
    expect(bad.name).toBe("bad-fields");
    expect(bad.problems).toEqual([
      "name must be lowercase letters, digits and single hyphens, not starting or ending with one",
      'name "Bad_Name" differs from the URI\'s final segment "bad-fields"',
      "frontmatter has no description (required)",
      "compatibility must be a string of at most 500 characters",
    ]);
  });
});

describe("Skills on 2026-07-28 over Streamable HTTP", () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill();
  });

  it("SK3/SK9: skills/list, a verified load and a failed verify, each request with Mcp-Method naming its method (E4)", async () => {
    const url = `${await startListeningFixture("modern/modern-http-server.mjs", ["--skills", "--hostile"], children)}/mcp`;
    const h = createHarness();
    const info = await h.core.dispatch("connect", { server: { name: "skills-http", transport: { type: "streamableHttp", url }, era: "2026-07-28" } });
    expect(info).toMatchObject({ state: "connected", era: "modern" });
    const { skills } = await h.core.dispatch("listSkills", { sessionId: info.sessionId });
    expect(skills.map((s) => s.name)).toContain("proto-keys");
    expect((await h.core.dispatch("loadSkill", { sessionId: info.sessionId, uri: "skill://proto-keys/SKILL.md" })).file.verification).toBe("verified");
    expect((await h.core.dispatch("verifySkill", { sessionId: info.sessionId, uri: "skill://wrong-digest/SKILL.md" })).status).toBe("failed");
    const headers = await h.core.dispatch("callTool", { sessionId: info.sessionId, name: "http-headers", arguments: {} });
    const methods = (JSON.parse((headers.content[0] as { text: string }).text) as { method: string }[]).map((s) => s.method);
    expect(methods).toEqual(expect.arrayContaining(["skills/list", "resources/read"]));
  });
});

describe("Skills answers of the wrong shape", () => {
  it("SK2: junk entries are left out, an entry without frontmatter or digests is kept with its problems and not loadable; a list or entry of the wrong type is an error", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("skills/skills-server.mjs", ["--garbage"]) });
    const first = await h.core.dispatch("listSkills", { sessionId });
    expect(first.skills).toHaveLength(1);
    expect(first.skills[0]).toMatchObject({ uri: "skill://ok/SKILL.md", name: "ok", frontmatter: {}, loadable: false });
    expect(first.skills[0]!.problems).toEqual([
      "the entry has no frontmatter object",
      'skill://ok/SKILL.md: digest must be "sha256:" and 64 lowercase hex digits',
      "skill://ok/SKILL.md: size must be a whole number of bytes",
    ]);
    await expect(h.core.dispatch("listSkills", { sessionId, cursor: first.nextCursor })).rejects.toThrow("skills/list answered without a skills list");
    await expect(h.core.dispatch("getSkill", { sessionId, uri: "skill://ok/SKILL.md" })).rejects.toThrow("skills/get for skill://ok/SKILL.md returned no skill entry");
    await expect(h.core.dispatch("readResourceDirectory", { sessionId, uri: "skill://ok" })).rejects.toThrow("resources/directory/read answered without a resources list");
  });
});

describe("Skills on a server that does not declare them", () => {
  it("SK1: skills/list is not called; the error says why", async () => {
    const h = createHarness();
    const info = await h.core.dispatch("connect", { server: fixtureServer("modern/completion-server.mjs") });
    await expect(h.core.dispatch("listSkills", { sessionId: info.sessionId })).rejects.toThrow("does not declare the Skills extension (io.modelcontextprotocol/skills)");
  });
});
