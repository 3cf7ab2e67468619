// Issue 22 in Chromium: "Save recording…" on a live session (whole, and from a mark) downloads a valid
// .mcprec; "Open recording…" shows a CLI-made recording of a task read-only in the Logs tab, with a
// banner saying what it is; a damaged file is a clear error; closing it brings the live log back.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openApp, requireBuild } from "./app.js";
import { EVERYTHING, FLOW_TIMEOUT_MS, connect, openTab, waitForText } from "./flows-ui.js";
import { readRecording } from "../../main/core/recordings/reader.js";
import { BIN, CLI, command, everythingStdio, runCli } from "../cli/harness.js";

requireBuild();
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
  it("Save recording… (whole and from a mark), Open recording… read-only with its banner, a damaged file said, Close", { timeout: 90_000 }, async () => {
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
