// The GitHub workflow runs only where there is internet, so a mistake in it would first show on a push.
// Checked here, offline: the schema check of @action-validator/core (GitHub's workflow schema, compiled
// to WebAssembly), then what this project needs the workflow to do.
import { validateWorkflow } from "@action-validator/core";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const yaml = createRequire(import.meta.url)("js-yaml") as { load(text: string): unknown };
const text = readFileSync(new URL("../../.github/workflows/build.yml", import.meta.url), "utf8");

type Step = { name?: string; uses?: string; run?: string; if?: string; with?: Record<string, unknown>; env?: Record<string, string> };
type Workflow = { jobs: Record<string, { "runs-on": string; strategy?: { matrix?: { os?: string[] } }; steps: Step[] }> };

describe("the build workflow (.github/workflows/build.yml)", () => {
  it("is valid for GitHub Actions", () => {
    expect(validateWorkflow(text).errors).toEqual([]);
  });

  it("the validator does catch a broken workflow (so the check above can fail)", () => {
    expect(validateWorkflow(text.replace("runs-on:", "runs_on:")).errors.length).toBeGreaterThan(0);
  });

  const workflow = yaml.load(text) as Workflow;
  const job = workflow.jobs.build!;
  const runs = job.steps.map((s) => s.run ?? "");
  const indexOfRun = (pattern: RegExp) => runs.findIndex((r) => pattern.test(r));

  it("runs on Linux, macOS and Windows", () => {
    expect(job["runs-on"]).toBe("${{ matrix.os }}");
    expect(job.strategy?.matrix?.os).toEqual(["ubuntu-latest", "macos-latest", "windows-latest"]);
  });

  it("installs from the lockfile, tests, builds the installers, then smoke-runs the packaged app on each OS", () => {
    const order = [/^npm ci$/, /^npm test$/, /^npm run dist$/, /^npm run smoke:desktop -- --app /].map(indexOfRun);
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const smokes = job.steps.filter((s) => s.run?.startsWith("npm run smoke:desktop"));
    expect(smokes.map((s) => s.if)).toEqual(["runner.os == 'Linux'", "runner.os == 'macOS'", "runner.os == 'Windows'"]);
  });

  it("uses a Node that Electron's installer accepts", () => {
    const setup = job.steps.find((s) => s.uses?.startsWith("actions/setup-node@"));
    expect(String(setup?.with?.["node-version"])).toMatch(/^2[2-9]/);
  });

  it("uploads every installer as a build artifact", () => {
    const upload = job.steps.find((s) => s.uses?.startsWith("actions/upload-artifact@"));
    const paths = String(upload?.with?.path);
    for (const pattern of ["*.AppImage", "*.deb", "*.dmg", "-setup-*.exe"]) expect(paths).toContain(pattern);
    expect(upload?.with?.["if-no-files-found"]).toBe("error");
  });

  it("the smoke run has a display on Linux (xvfb)", () => {
    expect(runs[indexOfRun(/apt-get install/)]).toContain("xvfb");
  });

  it("the e2e tests use the Google Chrome preinstalled on each runner, never Ubuntu's snap-only chromium package (issue 21)", () => {
    expect(runs.filter((r) => /apt(-get)? install[^\n]*\bchromium\b/.test(r))).toEqual([]);
    const chromium = job.steps.find((s) => s.run === "npm test")?.env?.CHROMIUM_PATH ?? "";
    expect(chromium).toContain("runner.os == 'Linux' && '/usr/bin/google-chrome'");
    expect(chromium).toContain("runner.os == 'macOS' && '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'");
    expect(chromium).toContain("'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe'");
  });
});
