// `skills [--verify]` and `skill <name|uri> [--file <path>]` (SEP-2640, issue 24), run as a user runs them
// (node out/main/cli.js, built by `npm run build`) against the Skills fixture servers over stdio, in both
// eras: listing reads nothing, --verify checks every file, a verification failure exits 1 naming the file.
import { describe, expect, it } from "vitest";
import { parseCli } from "../../main/cli/args.js";
import { fixtureStdio, jsonOf, runCli } from "./harness.js";

const honest = fixtureStdio("skills/skills-server.mjs");
const hostile = fixtureStdio("skills/skills-server.mjs", "--hostile");

describe.each(["2025-11-25", "2026-07-28"])("CLI skills on %s", (era) => {
  it("SK2: skills lists every skill (name, URI, manifest) without reading a file; --json is { skills: [entry] }", async () => {
    const human = await runCli(["skills", "--server", honest, "--era", era]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain("git-workflow  skill://git-workflow/SKILL.md  [3 files, ");
    expect(human.stdout).toContain("daily  skill://reports/daily/SKILL.md  [dynamic (not verifiable)]");
    const json = await runCli(["skills", "--server", honest, "--era", era, "--json", "--quiet"]);
    expect(json.code).toBe(0);
    const { skills } = jsonOf(json) as { skills: { name: string; frontmatter: unknown }[] };
    expect(skills.map((s) => s.name)).toEqual(["git-workflow", "refunds", "daily"]);
    expect(skills[0]!.frontmatter).toEqual({ name: "git-workflow", description: "Follow this team's Git conventions for branching and commits", license: "MIT", metadata: { version: "1.2.0" } });
  });

  it("SK6: skills --verify reads and checks every file: exit 0, each file verified, the dynamic one not verifiable", async () => {
    const ran = await runCli(["skills", "--verify", "--server", honest, "--era", era, "--json", "--quiet"]);
    expect(ran.code).toBe(0);
    const { skills } = jsonOf(ran) as { skills: { name: string; verify: { status: string; files: { status: string }[] } }[] };
    expect(skills.map((s) => [s.name, s.verify.status])).toEqual([
      ["git-workflow", "verified"],
      ["refunds", "verified"],
      ["daily", "not verifiable"],
    ]);
    expect(skills[0]!.verify.files.every((f) => f.status === "verified")).toBe(true);
  });

  it("SK3: skill <name> prints its verified SKILL.md; --file reads one of its files, verified", async () => {
    const md = await runCli(["skill", "git-workflow", "--server", honest, "--era", era]);
    expect(md.code).toBe(0);
    expect(md.stdout).toMatch(/^skill:\/\/git-workflow\/SKILL\.md \(verified\)\n---\nname: git-workflow\n/);
    const file = await runCli(["skill", "skill://git-workflow/SKILL.md", "--file", "references/GUIDE.md", "--server", honest, "--era", era, "--json", "--quiet"]);
    expect(file.code).toBe(0);
    expect(jsonOf(file).file).toMatchObject({ uri: "skill://git-workflow/references/GUIDE.md", verification: "verified", text: "# Guide\n\nBranch from main; one topic per branch.\n" });
  });
});

describe("CLI skills against a hostile server", () => {
  it("SK9/SK10/SK11: skills --verify exits 1 and names each failing file; the rest of a failed skill is not read", async () => {
    const ran = await runCli(["skills", "--verify", "--server", hostile, "--json", "--quiet"]);
    expect(ran.code).toBe(1);
    const document = jsonOf(ran) as { skills: { name: string; verify: { status: string; files: { uri: string; status: string; message?: string }[] } }[]; error: { message: string } };
    const byName = new Map(document.skills.map((s) => [s.name, s.verify]));
    expect(byName.get("wrong-digest")!.files.map((f) => f.status)).toEqual(["failed", "not read"]);
    expect(byName.get("wrong-digest")!.files[0]!.message).toMatch(/^skill:\/\/wrong-digest\/SKILL\.md: digest mismatch/);
    expect(byName.get("wrong-size")!.files[1]).toMatchObject({ uri: "skill://wrong-size/notes.md", status: "failed", message: "skill://wrong-size/notes.md: size mismatch: the manifest says 5 bytes, the server sent 6" });
    expect(byName.get("huge")!.status).toBe("failed");
    expect(byName.get("proto-keys")!.status).toBe("verified");
    expect(document.error.message).toMatch(/^4 of 8 skills failed verification: skill:\/\/wrong-digest\/SKILL\.md: digest mismatch/);
  });

  it("SK9: skill <name> exits 1 with the file named when its SKILL.md fails; an unknown name is a usage error (2)", async () => {
    const failed = await runCli(["skill", "wrong-digest", "--server", hostile]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/mcp-task-inspector: verification failed: skill:\/\/wrong-digest\/SKILL\.md: digest mismatch/);
    const unknown = await runCli(["skill", "no-such-skill", "--server", hostile]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('the server lists no skill named "no-such-skill"');
  });

  it("usage: --verify is for skills, --file for skill", () => {
    expect(() => parseCli(["tools", "--verify", "--server", "x"])).toThrow("--verify is for skills, not tools");
    expect(() => parseCli(["skills", "--file", "a.md", "--server", "x"])).toThrow("--file is for skill, not skills");
    expect(parseCli(["skill", "a", "--file", "b.md", "--server", "x"])).toMatchObject({ command: "skill", target: "a", file: "b.md", verify: false });
  });
});
