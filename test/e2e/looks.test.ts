// Issue 21, "a look made for the job": every tab with something in it, in the Light and the Dark theme
// chosen in Settings (the pinned theme wins over the OS's), each screenshotted and checked for colour
// contrast (WCAG AA) by axe-core, injected into the page. axe's own copy runs through the debugging
// protocol, so the page's CSP (script-src 'self') stays as it is.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { openApp } from "./app.js";
import { EVERYTHING, FLOW_TIMEOUT_MS, connect, openTab, statusCell, taskRow, waitForText, fillEverythingTabs, type TabName } from "./flows-ui.js";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const TABS: TabName[] = ["Tools", "Tasks", "Sampling", "Elicitations", "Resources", "Prompts", "Logs"];

interface ContrastProblem {
  target: string;
  summary: string;
}

/** axe-core's color-contrast rule (WCAG 2 AA: 4.5:1, 3:1 for large text) over the whole page. */
async function contrastProblems(page: Page): Promise<ContrastProblem[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: Array<{ nodes: Array<{ target: unknown[]; failureSummary?: string }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "rule", values: ["color-contrast"] }, resultTypes: ["violations"] });
    return result.violations.flatMap((v) => v.nodes.map((n) => ({ target: n.target.map(String).join(" "), summary: (n.failureSummary ?? "").replace(/\s+/g, " ").trim() })));
  });
}

/** The page's background colour as the browser computed it. */
function pageBackground(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
}

async function chooseTheme(page: Page, label: "System" | "Light" | "Dark"): Promise<void> {
  // Settings are a dialog of their own, opened from the sidebar's Settings button.
  const open = page.getByRole("button", { name: "Settings", exact: true });
  if ((await open.getAttribute("aria-expanded")) !== "true") await open.click();
  // Clicked, not check(): the radio shows the core's settings, so it turns only once the core has answered,
  // which on a loaded machine is after Playwright's own look right after the click.
  const radio = page.getByRole("group", { name: "Theme", exact: true }).getByRole("radio", { name: label, exact: true });
  await radio.click();
  await expect.poll(() => radio.isChecked()).toBe(true);
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme ?? "system")).toBe(label.toLowerCase());
  await open.click(); // closed again: the screenshots show the servers, not the form
}

describe("the look in both themes (issue 21)", () => {
  it("every tab in Light and Dark (chosen in Settings, over the OS's scheme): screenshots, and no WCAG AA contrast failure from axe-core", { timeout: 240_000 }, async () => {
    const app = await openApp({ context: { colorScheme: "light" } });
    const { page } = app;
    const LIGHT_BG = "rgb(247, 247, 248)";
    const DARK_BG = "rgb(22, 24, 28)";
    expect(await pageBackground(page)).toBe(LIGHT_BG); // System, on a light OS

    // A few minutes with the Everything demo: a run, a task, a sampling and an elicitation waiting.
    await connect(page, EVERYTHING);
    const researchTaskId = await fillEverythingTabs(page, "hello in both themes");
    await openTab(page, "Tasks");
    await waitForText(statusCell(taskRow(page, researchTaskId)), "completed", FLOW_TIMEOUT_MS);
    await openTab(page, "Resources");
    await page.getByRole("button", { name: "Read demo://resource/static/document/architecture.md", exact: true }).click();
    await waitForText(page.getByRole("region", { name: "Resource contents", exact: true }), /^# Everything Server/);
    await openTab(page, "Prompts");
    await page.getByRole("button", { name: "args-prompt", exact: true }).click();
    const prompt = page.getByRole("region", { name: "Prompt args-prompt", exact: true });
    await prompt.getByRole("combobox", { name: "city", exact: true }).fill("Lisbon");
    await prompt.getByRole("button", { name: "Get prompt", exact: true }).click();
    await waitForText(prompt, "What's weather in Lisbon?");
    await openTab(page, "Logs");
    const log = page.getByRole("region", { name: "Protocol messages", exact: true });
    await log.getByRole("button", { name: /^Show message \d+ as JSON$/ }).first().click();

    const problems: string[] = [];
    for (const [theme, os, background] of [
      ["Dark", "light", DARK_BG],
      ["Light", "dark", LIGHT_BG],
    ] as const) {
      await page.emulateMedia({ colorScheme: os }); // the OS says the other one: the setting wins
      await chooseTheme(page, theme);
      expect(await pageBackground(page)).toBe(background);
      for (const [index, name] of TABS.entries()) {
        await openTab(page, name);
        await app.screenshot(`theme-${theme.toLowerCase()}-${index + 1}-${name.toLowerCase()}`);
        for (const p of await contrastProblems(page)) problems.push(`${theme} · ${name}: ${p.target}: ${p.summary}`);
      }
    }
    // Settings open, so its controls are checked too, in both themes.
    for (const theme of ["Dark", "Light"] as const) {
      await chooseTheme(page, theme);
      await page.getByRole("button", { name: "Settings", exact: true }).click();
      await page.getByRole("group", { name: "Theme", exact: true }).waitFor();
      await app.screenshot(`theme-${theme.toLowerCase()}-8-settings`);
      for (const p of await contrastProblems(page)) problems.push(`${theme} · Settings: ${p.target}: ${p.summary}`);
      await page.getByRole("button", { name: "Settings", exact: true }).click();
    }
    expect(problems).toEqual([]);

    // Back to System: the OS's scheme again (dark, as emulated now).
    await page.emulateMedia({ colorScheme: "dark" });
    await chooseTheme(page, "System");
    expect(await pageBackground(page)).toBe(DARK_BG);
    expect(app.pageErrors).toEqual([]);
  });
});
