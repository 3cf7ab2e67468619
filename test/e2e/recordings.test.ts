// Issue 22 in Chromium: "Save recording…" on a live session (whole, and from a mark) downloads a valid
// .mcprec; "Open recording…" shows a CLI-made recording of a task read-only in the Logs tab, with a
// banner saying what it is; a damaged file is a clear error; closing it brings the live log back.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openApp, requireBuild } from "./app.js";
import { EVERYTHING, FLOW_TIMEOUT_MS, connect, fixtureServer, openTab, waitForText } from "./flows-ui.js";
import { readRecording } from "../../main/core/recordings/reader.js";
import { BIN, CLI, command, everythingStdio, fixtureStdio, runCli } from "../cli/harness.js";

requireBuild();
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's WCAG AA colour-contrast rule over one part of the page (as looks.test.ts runs it over all of it). */
async function contrastProblems(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (within) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Array<{ nodes: Array<{ target: unknown[]; failureSummary?: string }> }> }> } }).axe;
    const result = await axe.run({ include: [[within]] }, { runOnly: { type: "rule", values: ["color-contrast"] }, resultTypes: ["violations"] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${n.target.map(String).join(" ")}: ${(n.failureSummary ?? "").replace(/\s+/g, " ").trim()}`));
  }, selector);
}
const folder = mkdtempSync(join(tmpdir(), "e2e-rec-"));

/** A recording of server-everything's research task, made by the CLI as a user would. */
function recordResearch(file: string): Promise<void> {
  const args = ["call", "simulate-research-query", "--args", '{"topic":"python","ambiguous":true}', "--task", "--elicitation", '{"action":"accept","content":{"interpretation":"programming"}}', "--server", everythingStdio, "--record", file, "--quiet"];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: "ignore", env: { ...process.env, MCP_TASK_INSPECTOR_CONFIG_DIR: mkdtempSync(join(tmpdir(), "e2e-rec-cfg-")) } });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`the CLI exited with ${code}`))));
  });
}

describe("recordings in the Logs tab (issue 22)", () => {
  it("Save recording… (whole and from a mark), Open recording… read-only with its banner, a damaged file said, Close", { timeout: 240_000 }, async () => {
    const research = join(folder, "research.mcprec");
    const recorded = recordResearch(research);
    const app = await openApp();
    const { page } = app;
    await connect(page, EVERYTHING);
    await page.getByRole("button", { name: "Ping", exact: true }).click();
    await page.getByRole("status").getByText(/^Pong in \d+ ms$/).waitFor();
    await openTab(page, "Logs");

    // The whole session: a download whose file is a valid recording holding the ping.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Save recording…", exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Everything-demo-.*\.mcprec$/);
    const whole = join(folder, "whole.mcprec");
    await download.saveAs(whole);
    const saved = readRecording(whole);
    expect(saved.header).toMatchObject({ era: "legacy", protocolVersion: "2025-11-25", server: { transport: "stdio" } });
    const methods = saved.lines.map((l) => ("msg" in l ? (l.msg as { method?: string }).method : undefined));
    expect(methods).toContain("initialize");
    expect(methods).toContain("ping");
    await page.getByRole("status").getByText(/^Saved Everything-demo-.*\.mcprec \(\d+ lines\)$/).waitFor();

    // What the app saved replays as the server it recorded (the CLI drives it).
    const replayed = await runCli(["ping", "--json", "--server", command(process.execPath, BIN, "replay", whole)]);
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(replayed.stderr).toMatch(/Connected to mcp-servers\/everything 2\.0\.0 \(2025-11-25\)/);

    // From a mark: only what came after it.
    await page.getByRole("button", { name: "Set mark", exact: true }).click();
    await page.getByRole("button", { name: "Ping", exact: true }).click();
    await page.getByRole("status").getByText(/^Pong in \d+ ms$/).waitFor();
    const [fromMark] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Save from mark…", exact: true }).click()]);
    const partPath = join(folder, "part.mcprec");
    await fromMark.saveAs(partPath);
    const part = readRecording(partPath);
    const partMethods = part.lines.map((l) => ("msg" in l ? (l.msg as { method?: string }).method : undefined));
    expect(partMethods).toContain("ping");
    expect(partMethods).not.toContain("initialize");
    expect(part.lines.length).toBeLessThan(saved.lines.length);

    // A damaged file: one clear error, the live log still shown.
    const damaged = join(folder, "damaged.mcprec");
    writeFileSync(damaged, `${readFileSync(whole, "utf8").split("\n")[0]}\n{"t":1,"dir":"out","msg":\n`);
    await page.getByLabel("Recording file").setInputFiles(damaged);
    await waitForText(page.getByRole("alert"), /^damaged\.mcprec could not be opened: Line 2 is not JSON \(/);
    await app.screenshot("recording-damaged");

    // A CLI recording of a task, opened read-only.
    await recorded;
    await page.getByRole("button", { name: "Dismiss error" }).click();
    await page.getByLabel("Recording file").setInputFiles(research);
    const banner = page.getByRole("region", { name: "Opened recording" });
    await waitForText(banner, /^Recording research\.mcprec \(read-only\)/, FLOW_TIMEOUT_MS);
    await expect.poll(() => banner.textContent()).toMatch(/mcp-servers\/everything 2\.0\.0, 2025-11-25 over stdio, recorded 20\d\d-/);
    const lines = readRecording(research).lines.filter((l) => "dir" in l).length;
    await page.getByRole("status").getByText(`${lines} of ${lines} messages`, { exact: true }).waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Save recording…" }).count()).toBe(0);
    await page.getByRole("region", { name: "Protocol messages" }).getByLabel("Method").fill("tasks/");
    await page.getByRole("table", { name: "Protocol messages" }).getByText("tasks/result", { exact: true }).first().waitFor();
    await page.getByRole("button", { name: /^Show message \d+ as JSON$/ }).first().click();
    await app.screenshot("recording-opened");

    await page.getByRole("button", { name: "Close recording", exact: true }).click();
    await expect.poll(() => banner.count()).toBe(0);
    await page.getByRole("button", { name: "Save recording…", exact: true }).waitFor();
    expect(app.pageErrors).toEqual([]);
  });
});

describe("Compare… in the Logs tab (issue 22)", () => {
  it("a recording of the versioned fixture's version 1 against a recording of version 2, then against the live session of version 2: both sides side by side, the four changes marked, in both themes", { timeout: 240_000 }, async () => {
    const [v1, v2] = [join(folder, "v1.mcprec"), join(folder, "v2.mcprec")];
    for (const [file, n] of [[v1, "1"], [v2, "2"]] as const) {
      const ran = await runCli(["tools", "--server", fixtureStdio("versioned-server.mjs", "--version", n), "--record", file, "--quiet"]);
      expect(ran.code, ran.stderr).toBe(0);
    }
    const versioned = fixtureServer("e2e-versioned-2", "Versioned v2", "versioned-server.mjs");
    if (versioned.transport.type === "stdio") versioned.transport.args.push("--version", "2");
    const app = await openApp({ savedServers: [versioned], viewport: { width: 1400, height: 1100 }, context: { colorScheme: "light" } });
    const { page } = app;
    await openTab(page, "Logs");
    await page.getByLabel("Recording file").setInputFiles(v1);
    await waitForText(page.getByRole("region", { name: "Opened recording" }), /^Recording v1\.mcprec \(read-only\)/);

    // A second file, chosen from the keyboard.
    await page.getByRole("button", { name: "Compare…", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("group", { name: "Compare the opened recording with" }).getByRole("button", { name: "A recording file…" }).waitFor();
    await page.getByLabel("Recording to compare with").setInputFiles(v2);
    const comparison = page.getByRole("region", { name: "Comparison" });
    await waitForText(comparison.getByRole("status"), "3 breaking changes, 1 not breaking");
    const before = comparison.getByRole("region", { name: "Before: v1.mcprec" });
    const after = comparison.getByRole("region", { name: "After: v2.mcprec" });
    await waitForText(before.getByRole("listitem").filter({ hasText: "delete-item" }), "delete-item Breaking: tool removed");
    await waitForText(after.getByRole("listitem").filter({ hasText: "search" }), 'search Breaking: required argument "limit" added');
    await waitForText(after.getByRole("listitem").filter({ hasText: "echo" }), "echo Not breaking: description changed");
    expect(await comparison.getByRole("region", { name: "Surface changes" }).getByRole("listitem").allTextContents()).toEqual([
      "Not breaking tool echo: description changed",
      'Breaking tool search: required argument "limit" added',
      'Breaking tool weather: output field "humidity" removed',
      "Breaking tool delete-item: tool removed",
    ]);
    // Breaking reads in the error colour, the rest in the warning colour: not only in words.
    const colour = (l: ReturnType<typeof page.locator>) => l.evaluate((el) => getComputedStyle(el).color);
    expect(await colour(before.locator(".diff-mark.breaking").first())).not.toBe(await colour(after.locator(".diff-mark:not(.breaking)").first()));
    await app.screenshot("recording-compare-files");

    // The live session of version 2 as the second side.
    await connect(page, "Versioned v2");
    await openTab(page, "Tools");
    await page.getByRole("button", { name: "weather", exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await openTab(page, "Logs");
    await page.getByRole("button", { name: "Compare…", exact: true }).click();
    await page.getByRole("button", { name: "The live session (Versioned v2)", exact: true }).click();
    await waitForText(comparison.getByRole("heading", { level: 2 }), "Comparison: v1.mcprec → the live session (Versioned v2)");
    await waitForText(comparison.getByRole("status"), "3 breaking changes, 1 not breaking");
    await comparison.scrollIntoViewIfNeeded();
    await app.screenshot("recording-compare-live-light");
    expect(await contrastProblems(page, "section.recording-diff")).toEqual([]);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe("rgb(22, 24, 28)");
    await app.screenshot("recording-compare-live-dark");
    expect(await contrastProblems(page, "section.recording-diff")).toEqual([]);

    await page.getByRole("button", { name: "Close comparison", exact: true }).click();
    await expect.poll(() => comparison.count()).toBe(0);
    expect(app.pageErrors).toEqual([]);
  });
});

describe("an opened recording in the other tabs (issue 22)", () => {
  it("the research task's recording: its run in Tools, its timeline in Tasks, its elicitation as asked and answered in Elicitations, read-only", { timeout: 240_000 }, async () => {
    const research = join(folder, "research-tabs.mcprec");
    await recordResearch(research);
    const app = await openApp({ viewport: { width: 1400, height: 1100 } });
    const { page } = app;
    await openTab(page, "Logs");
    await page.getByLabel("Recording file").setInputFiles(research);
    await waitForText(page.getByRole("region", { name: "Opened recording" }), /^Recording research-tabs\.mcprec \(read-only\)/);

    await openTab(page, "Tools");
    const runs = page.getByRole("region", { name: "Recorded tool runs" });
    await waitForText(runs.getByRole("note"), /^Recording research-tabs\.mcprec, read-only/);
    const run = runs.getByRole("listitem", { name: "Recorded run 1 of simulate-research-query" });
    await waitForText(run.locator("p").first(), /^simulate-research-query · run as task · done in .+ · task .+ \(completed\)$/);
    await app.screenshot("recording-tools");

    await openTab(page, "Tasks");
    const timelines = page.getByRole("region", { name: "Recorded task timelines" });
    await timelines.getByRole("table", { name: /^Events of task / }).waitFor();
    await expect.poll(() => timelines.getByRole("table", { name: /^Events of task / }).textContent()).toMatch(/elicitation\/create/);
    await app.screenshot("recording-tasks");

    await openTab(page, "Elicitations");
    const asked = page.getByRole("region", { name: "Recorded elicitation requests" });
    const item = asked.getByRole("listitem", { name: /^Recorded elicitation\/create at message \d+$/ });
    await waitForText(item.locator("p").first(), /^elicitation\/create at message \d+ · for task .+ · answered at message \d+ after /);
    await expect.poll(() => item.textContent()).toContain("programming");
    await app.screenshot("recording-elicitations");
    expect(await contrastProblems(page, "section.recorded-views")).toEqual([]);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe("rgb(22, 24, 28)");
    await app.screenshot("recording-elicitations-dark");
    expect(await contrastProblems(page, "section.recorded-views")).toEqual([]);

    await asked.getByRole("button", { name: "Close recording" }).click();
    await expect.poll(() => asked.count()).toBe(0);
    expect(app.pageErrors).toEqual([]);
  });
});
