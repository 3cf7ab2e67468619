// action.yml, the GitHub Action a server's workflow uses to run `check`: valid for GitHub (checked offline
// by @action-validator/core), and it writes JUnit and SARIF, uploads both, and fails as the exit code says.
import { validateAction } from "@action-validator/core";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const yaml = createRequire(import.meta.url)("js-yaml") as { load(text: string): unknown };
const text = readFileSync(new URL("../../action.yml", import.meta.url), "utf8");
type Step = { name?: string; id?: string; uses?: string; run?: string; if?: string; with?: Record<string, unknown>; env?: Record<string, string> };
const action = yaml.load(text) as { inputs: Record<string, { required?: boolean; default?: string }>; runs: { using: string; steps: Step[] } };

describe("action.yml", () => {
  it("is a valid GitHub Action", () => {
    expect(validateAction(text).errors).toEqual([]);
  });

  it("the validator does catch a broken action (so the check above can fail)", () => {
    expect(validateAction(text.replace("using: composite", "using: nothing")).errors.length).toBeGreaterThan(0);
  });

  it("runs check with --junit and --sarif, uploads both (SARIF to code scanning), then fails as the exit code says", () => {
    expect(action.runs.using).toBe("composite");
    expect(action.inputs.server?.required).toBe(true);
    const steps = action.runs.steps;
    const check = steps.find((s) => s.id === "check")!;
    expect(check.run).toMatch(/out\/main\/cli\.js" check --server "\$SERVER" --era "\$ERA" --junit "\$JUNIT" --sarif "\$SARIF"/);
    // Inputs reach the shell as environment variables, never pasted into the script.
    expect(check.run).not.toContain("${{");
    const uses = steps.map((s) => s.uses?.split("@")[0]);
    expect(uses).toEqual(expect.arrayContaining(["actions/setup-node", "actions/upload-artifact", "github/codeql-action/upload-sarif"]));
    const order = ["check", "Upload the reports", "Upload SARIF to code scanning", "Fail as the check says"].map((key) => steps.findIndex((s) => s.id === key || s.name === key));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(steps.find((s) => s.name === "Upload SARIF to code scanning")!.if).toContain("always()");
  });
});
