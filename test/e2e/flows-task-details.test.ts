// A task's result in the Tasks tab's Details, in Chromium against our 2026-07-28 fixture (SDK v2, stdio):
// its structuredContent checked against the tool's outputSchema exactly as the Tools tab checks a run.
import { describe, expect, it } from "vitest";
import { openApp } from "./app.js";
import { FLOW_TIMEOUT_MS, connect, fixtureServer, openTab, openTool, runArticle, runTaskId, statusCell, taskRow, waitForText } from "./flows-ui.js";

const MODERN = "Modern fixture";
const TEST_TIMEOUT_MS = 180_000;

describe("Task Details in Chromium", () => {
  it("M4 Q4: a completed task's structuredContent is checked against the tool's outputSchema in its Details: which fields are wrong, or that it fits", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp({ savedServers: [fixtureServer("e2e-modern", MODERN, "modern/modern-server.mjs")] });
    const { page } = app;
    await connect(page, MODERN);
    const form = await openTool(page, "task-weather");
    await form.getByRole("checkbox", { name: "wrong", exact: true }).check();
    await form.getByRole("button", { name: "Run", exact: true }).click();
    const wrongId = await runTaskId(runArticle(page, 1, "task-weather"));
    await form.getByRole("checkbox", { name: "wrong", exact: true }).uncheck();
    await form.getByRole("button", { name: "Run", exact: true }).click();
    const rightId = await runTaskId(runArticle(page, 2, "task-weather"));

    await openTab(page, "Tasks");
    const row = taskRow(page, wrongId);
    await waitForText(statusCell(row), "completed");
    await row.getByRole("button", { name: `Details of task ${wrongId}`, exact: true }).click();
    const details = page.getByRole("region", { name: `Task ${wrongId}`, exact: true });
    await waitForText(details, "✗ structuredContent does not match the tool's outputSchema:");
    const problems = await details.locator(".schema-fail li").allTextContents();
    expect(problems).toContainEqual(expect.stringMatching(/^temperature: .*number/));
    expect(problems).toContainEqual(expect.stringMatching(/city/));
    await details.locator(".schema-check").scrollIntoViewIfNeeded();
    await app.screenshot("flow-task-details-output-schema-fail");

    await waitForText(statusCell(taskRow(page, rightId)), "completed");
    await taskRow(page, rightId).getByRole("button", { name: `Details of task ${rightId}`, exact: true }).click();
    const fits = page.getByRole("region", { name: `Task ${rightId}`, exact: true });
    await waitForText(fits, "✓ structuredContent matches the tool's outputSchema", FLOW_TIMEOUT_MS);
    await fits.locator(".schema-check").scrollIntoViewIfNeeded();
    await app.screenshot("flow-task-details-output-schema-pass");
    expect(app.pageErrors).toEqual([]);
  });
});
