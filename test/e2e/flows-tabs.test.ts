// A tour of every tab with something in it, switched by the keyboard shortcut (Alt+1…7 in a
// browser), with a screenshot of each: what a user sees after a few minutes with the Everything demo.
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { openApp } from "./app.js";
import { EVERYTHING, FLOW_TIMEOUT_MS, connect, statusCell, tab, taskRow, waitForText, fillEverythingTabs, type TabName } from "./flows-ui.js";

const SHORTCUTS: Record<TabName, string> = { Tools: "1", Tasks: "2", Sampling: "3", Elicitations: "4", Resources: "5", Prompts: "6", Logs: "7", Checks: "8", Collections: "9" };

async function switchByKeyboard(page: Page, name: TabName): Promise<void> {
  await page.keyboard.press(`Alt+${SHORTCUTS[name]}`);
  await expect.poll(() => tab(page, name).getAttribute("aria-selected")).toBe("true");
}

/** Whether `inner` is drawn wholly inside `outer` as the page stands (no scrolling to reach it). */
async function drawnInside(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  if (!a || !b) return false;
  return a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
}

describe("every tab in Chromium", () => {
  it("shows content in Tools, Tasks, Sampling, Elicitations, Resources, Prompts and Logs", { timeout: 120_000 }, async () => {
    const app = await openApp();
    const { page } = app;
    await connect(page, EVERYTHING);
    await page.getByRole("button", { name: "Ping", exact: true }).click();
    await page.getByRole("status").getByText(/^Pong in \d+ ms$/).waitFor();

    // Tools: a plain run with its result, a run as a task, and two runs that wait on the user.
    const researchTaskId = await fillEverythingTabs(page, "hello from the tab tour");
    await switchByKeyboard(page, "Tools");
    await app.screenshot("tab-1-tools");

    // Tasks: the client task and the two receiver tasks, every action reachable without scrolling sideways.
    await switchByKeyboard(page, "Tasks");
    const table = page.getByRole("table", { name: "Tasks", exact: true });
    await page.getByRole("status").getByText("3 tasks", { exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await waitForText(table, "sampling");
    await waitForText(table, "elicitation");
    await waitForText(statusCell(taskRow(page, researchTaskId)), "completed", FLOW_TIMEOUT_MS);
    const actions = table.getByRole("button", { name: /^(Cancel|Details of|Answer input of) task / });
    expect(await actions.count()).toBe(7); // 3 × Details, 2 × Cancel, 2 × Answer input
    for (const button of await actions.all()) expect(await drawnInside(button, table), (await button.getAttribute("aria-label")) ?? "a task action").toBe(true);
    await app.screenshot("tab-2-tasks");

    await switchByKeyboard(page, "Sampling");
    await waitForText(page.getByRole("article", { name: /^Sampling request from Everything \(demo\) at / }), "Resource trigger-sampling-request-async context: Name three tide-pool animals");
    await app.screenshot("tab-3-sampling");

    await switchByKeyboard(page, "Elicitations");
    await waitForText(page.getByRole("article", { name: /^Elicitation request from Everything \(demo\) at / }), "Please provide inputs for the following fields (async task demo):");
    await app.screenshot("tab-4-elicitations");

    await switchByKeyboard(page, "Resources");
    await page.getByRole("button", { name: "Read demo://resource/static/document/architecture.md", exact: true }).click();
    const contents = page.getByRole("region", { name: "Resource contents", exact: true });
    await waitForText(contents, "demo://resource/static/document/architecture.md");
    await waitForText(contents, /^# Everything Server/);
    await app.screenshot("tab-5-resources");

    await switchByKeyboard(page, "Prompts");
    await page.getByRole("button", { name: "args-prompt", exact: true }).click();
    const prompt = page.getByRole("region", { name: "Prompt args-prompt", exact: true });
    // Everything advertises completions, so a prompt argument is a combobox with suggestions.
    await prompt.getByRole("combobox", { name: "city", exact: true }).fill("Lisbon");
    await prompt.getByRole("button", { name: "Get prompt", exact: true }).click();
    await waitForText(prompt, "What's weather in Lisbon?");
    await app.screenshot("tab-6-prompts");

    await switchByKeyboard(page, "Logs");
    const log = page.getByRole("region", { name: "Protocol messages", exact: true });
    await log.getByRole("textbox", { name: "Method", exact: true }).fill("tasks/");
    const firstView = log.getByRole("button", { name: /^Show message \d+ as JSON$/ }).first();
    await firstView.click();
    await waitForText(log, /^Message \d+ \((in|out)\) (notifications\/)?tasks\//);
    await app.screenshot("tab-7-logs");
    expect(app.pageErrors).toEqual([]);
  });
});
