// Issue 13 in real Chromium against real server-everything: a long run shows a progress bar that fills,
// outlives the request time-out because progress keeps coming, and can be cancelled (the run then says
// cancelled, and when); a reload of the window keeps the runs and the withdrawn notes, and notes
// dismissed once stay dismissed after the next reload. UI only, accessible names only.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { openApp } from "./app.js";
import { EVERYTHING, FLOW_TIMEOUT_MS, connect, openTab, openTool, runArticle, runTaskId, serverGroup, waitForText } from "./flows-ui.js";

const TEST_TIMEOUT_MS = 240_000;
const LONG = "trigger-long-running-operation";

async function setRequestTimeout(page: Page, ms: number): Promise<void> {
  await page.getByText("Settings", { exact: true }).click();
  const settings = page.getByRole("form", { name: "Settings" });
  await settings.getByLabel("Request timeout (ms)", { exact: true }).fill(String(ms));
  await expect.poll(() => settings.getByLabel("Maximum total time of a request (ms)", { exact: true }).inputValue()).toBe("600000");
  await settings.getByRole("button", { name: "Save settings" }).click();
  // Saved: the form starts again from the core's settings, which now say so.
  await expect.poll(() => page.getByRole("form", { name: "Settings" }).getByLabel("Request timeout (ms)", { exact: true }).inputValue()).toBe(String(ms));
  await page.getByText("Settings", { exact: true }).click();
}

async function startLongRun(page: Page, duration: number, steps: number): Promise<void> {
  const form = await openTool(page, LONG);
  await form.getByLabel("duration", { exact: true }).fill(String(duration));
  await form.getByLabel("steps", { exact: true }).fill(String(steps));
  await form.getByRole("button", { name: "Run", exact: true }).click();
}

describe("tool runs in Chromium", () => {
  it("a long run fills its progress bar, runs past the request time-out while progress comes, and a second one is cancelled", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp();
    const { page } = app;
    await connect(page, EVERYTHING);
    // Before issue 13 a 2 s time-out failed this 5 s run with "Request timed out".
    await setRequestTimeout(page, 2000);

    await startLongRun(page, 5, 5);
    const first = runArticle(page, 1, LONG);
    const bar = first.getByRole("progressbar", { name: "Progress of Run 1" });
    await expect.poll(async () => Number((await bar.getAttribute("value")) ?? 0), { timeout: FLOW_TIMEOUT_MS }).toBeGreaterThanOrEqual(2);
    expect(await bar.getAttribute("max")).toBe("5");
    await first.getByText(/^[2-4] of 5$/).waitFor();
    await first.getByText(/^Started \d\d:\d\d:\d\d · running for \d/).waitFor();
    await app.screenshot("progress-bar");
    await first.getByText("Long running operation completed. Duration: 5 seconds, Steps: 5.", { exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    expect(await first.locator(".status").first().textContent()).toBe("done");
    expect(await first.getByRole("progressbar").count()).toBe(0);
    await first.getByText(/^Started \d\d:\d\d:\d\d · took [5-9]\.\d s$/).waitFor();

    // A second run, cancelled half way: it says so and when, no error dump.
    await startLongRun(page, 30, 30);
    const second = runArticle(page, 2, LONG);
    const secondBar = second.getByRole("progressbar", { name: "Progress of Run 2" });
    await expect.poll(async () => Number((await secondBar.getAttribute("value")) ?? 0), { timeout: FLOW_TIMEOUT_MS }).toBeGreaterThanOrEqual(2);
    await second.getByRole("button", { name: "Cancel Run 2" }).click();
    await second.getByText(/^Cancelled by you at \d\d:\d\d:\d\d, after \d+\.\d s\./).waitFor({ timeout: FLOW_TIMEOUT_MS });
    expect(await second.locator(".status").first().textContent()).toBe("cancelled");
    expect(await second.getByRole("alert").count()).toBe(0);
    expect(await second.getByRole("button", { name: "Cancel Run 2" }).count()).toBe(0);
    await app.screenshot("run-cancelled");

    // The wire says it: notifications/cancelled for that request, in the Logs tab.
    await openTab(page, "Logs");
    await page.getByRole("textbox", { name: "Method" }).fill("notifications/cancelled");
    await page.getByText("notifications/cancelled", { exact: true }).first().waitFor({ timeout: FLOW_TIMEOUT_MS });
    expect(app.pageErrors).toEqual([]);
  });

  it("a reload keeps the runs and the withdrawn notes; dismissed notes stay dismissed after the next reload", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp();
    const { page } = app;
    await connect(page, EVERYTHING);

    await startLongRun(page, 1, 2);
    const done = runArticle(page, 1, LONG);
    await done.getByText("Long running operation completed. Duration: 1 seconds, Steps: 2.", { exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });

    // An elicitation the server asks, withdrawn when the session ends.
    await (await openTool(page, "trigger-elicitation-request")).getByRole("button", { name: "Run", exact: true }).click();
    await runArticle(page, 2, "trigger-elicitation-request").waitFor();
    await expect.poll(async () => page.getByRole("tab", { name: "Elicitations", exact: true }).evaluate((el) => document.getElementById(el.getAttribute("aria-describedby") ?? "")?.textContent ?? ""), { timeout: FLOW_TIMEOUT_MS }).toBe("1 pending");
    await serverGroup(page, EVERYTHING).getByRole("button", { name: "Disconnect", exact: true }).click();
    await openTab(page, "Elicitations");
    const notes = page.getByRole("article", { name: /^Elicitation request from Everything \(demo\) at \d\d:\d\d:\d\d \(withdrawn\)$/ });
    await notes.first().waitFor({ timeout: FLOW_TIMEOUT_MS });

    await page.reload();
    await openTab(page, "Elicitations");
    await notes.first().waitFor({ timeout: FLOW_TIMEOUT_MS });
    await notes.first().getByText(/^Withdrawn: The session ended/).waitFor();
    await openTab(page, "Tools");
    await page.getByRole("region", { name: "Runs" }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await runArticle(page, 1, LONG).getByText("Long running operation completed. Duration: 1 seconds, Steps: 2.", { exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    const ended = runArticle(page, 2, "trigger-elicitation-request");
    // The call ended with the session, and says so.
    await expect.poll(() => ended.locator(".status").first().textContent(), { timeout: FLOW_TIMEOUT_MS }).toBe("error");
    await app.screenshot("runs-after-reload");

    await openTab(page, "Elicitations");
    await notes.first().getByRole("button", { name: /^Dismiss note/ }).click();
    await expect.poll(() => notes.count()).toBe(0);
    await page.reload();
    await openTab(page, "Elicitations");
    // The page has loaded the core's state (the runs are back) and the dismissed note is not.
    await openTab(page, "Tools");
    await runArticle(page, 1, LONG).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await openTab(page, "Elicitations");
    expect(await notes.count()).toBe(0);
    expect(app.pageErrors).toEqual([]);
  });

  it("issue 21: a run as a task shows the task's own state and time, live, then its terminal state and total time, not the few ms of its tools/call", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp({ viewport: { width: 1400, height: 900 } });
    const { page } = app;
    await connect(page, EVERYTHING);
    const form = await openTool(page, "simulate-research-query");
    await form.getByRole("textbox", { name: "topic", exact: true }).fill("tides");
    await form.getByRole("button", { name: "Run as task", exact: true }).click();
    const run = runArticle(page, 1, "simulate-research-query", true);
    await runTaskId(run);
    const times = run.locator(".run-times");
    // Live: the task's time ticks (the research takes about 4 s), the call that created it in second place.
    await waitForText(times, /^Started \d\d:\d\d:\d\d · task working for [1-3]\.\d s · its tools\/call answered in [\d.]+ m?s$/);
    expect(await run.locator(".status").first().textContent()).toBe("working");
    await waitForText(run, /^(Analyzing content|Synthesizing findings|Generating report)\.\.\.$/);
    await run.scrollIntoViewIfNeeded();
    await app.screenshot("run-task-live");
    // Ended: its terminal status and the task's total time.
    await waitForText(times, /^Started \d\d:\d\d:\d\d · task completed after [4-9]\.\d s · its tools\/call answered in [\d.]+ m?s$/);
    expect(await run.locator(".status").first().textContent()).toBe("completed");
    expect(await times.textContent()).not.toMatch(/took/);
    await run.scrollIntoViewIfNeeded();
    await app.screenshot("run-task-completed");
    expect(app.pageErrors).toEqual([]);
  });
});
