// Issue 21 "The README": README.md is the door (what the app is, a screenshot, set up, test, where to go
// next) and the manual lives in docs/, one page per area. `npm run check:docs` (remark-validate-links,
// offline) fails on a relative link to a missing file or heading; shown here to fail, and to pass on the tree.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const projectDir = join(import.meta.dirname, "..", "..");
const readme = readFileSync(join(projectDir, "README.md"), "utf8");
const scratch = mkdtempSync(join(tmpdir(), "docs-check-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `npm run check:docs`'s command in `dir` (with this project's package.json config and node_modules). */
function checkDocs(dir: string): { code: number; output: string } {
  const remark = join(projectDir, "node_modules", "remark-cli", "cli.js");
  try {
    const output = execFileSync(process.execPath, [remark, "--frail", "--quiet", "--no-stdout", "README.md", "docs"], {
      cwd: dir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status: number; stderr: string };
    return { code: failed.status, output: stripVTControlCharacters(failed.stderr) };
  }
}

describe("README.md and docs/", () => {
  it("the test command runs the link check, and the tree passes it", () => {
    const pkg = JSON.parse(readFileSync(join(projectDir, "package.json"), "utf8"));
    expect(pkg.scripts.test).toContain("npm run check:docs");
    expect(pkg.scripts["check:docs"]).toBe("remark --frail --quiet --no-stdout README.md docs");
    expect(checkDocs(projectDir)).toEqual({ code: 0, output: "" });
  });

  it("a broken relative link or anchor fails the check, and names it", () => {
    const dir = mkdtempSync(join(scratch, "tree-"));
    writeFileSync(join(dir, "package.json"), readFileSync(join(projectDir, "package.json")));
    symlinkSync(join(projectDir, "node_modules"), join(dir, "node_modules"), "junction");
    mkdirSync(join(dir, "docs"));
    writeFileSync(join(dir, "docs", "a.md"), "# A\n\n## Real heading\n");
    writeFileSync(join(dir, "README.md"), "# R\n\n[fine](docs/a.md#real-heading) [web](https://example.com/not-fetched)\n");
    expect(checkDocs(dir).code).toBe(0);
    writeFileSync(join(dir, "README.md"), "# R\n\n[gone](docs/missing.md) [anchor](docs/a.md#no-such-heading)\n");
    const broken = checkDocs(dir);
    expect(broken.code).not.toBe(0);
    expect(broken.output).toContain("Cannot find file `docs/missing.md`");
    expect(broken.output).toContain("Cannot find heading for `#no-such-heading` in `docs/a.md`");
  });

  it("the README is a short door: what it is, a screenshot, set up, test, where to go next", () => {
    expect(readme.split("\n").length).toBeLessThan(80);
    const headings = readme.match(/^## .+$/gm);
    expect(headings).toEqual(["## Set up", "## Test", "## Where to go next"]);
    const image = /!\[[^\]]+\]\((docs\/images\/[^)]+\.png)\)/.exec(readme)?.[1];
    expect(image && existsSync(join(projectDir, image))).toBe(true);
    // .ci/run runs "the test command README.md gives".
    expect(readme).toMatch(/## Test\n\n```sh\nnpm test\n```/);
    expect(readFileSync(join(projectDir, ".ci/run"), "utf8")).toMatch(/^npm test$/m);
  });

  it("the manual has one page per area, each linked from the README", () => {
    for (const page of ["setup", "connecting", "eras", "tasks", "apps", "skills", "recordings", "checks", "cli", "oauth", "storage-and-security", "testing", "installers", "benchmarks", "design"]) {
      expect(existsSync(join(projectDir, "docs", `${page}.md`)), page).toBe(true);
      expect(readme).toContain(`(docs/${page}.md)`);
    }
  });

  it("the bench writes its table into docs/benchmarks.md, between its markers", () => {
    const page = readFileSync(join(projectDir, "docs", "benchmarks.md"), "utf8");
    expect(page.indexOf("<!-- bench:start -->")).toBeGreaterThan(0);
    expect(page.indexOf("<!-- bench:end -->")).toBeGreaterThan(page.indexOf("<!-- bench:start -->"));
    expect(readFileSync(join(projectDir, "bench", "run.ts"), "utf8")).toContain('join(ROOT, "docs/benchmarks.md")');
  });
});
