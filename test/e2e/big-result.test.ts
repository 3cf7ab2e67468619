// A 10 MB tool result from a real stdio server (test/fixtures/big-result-server.mjs), in Chromium: the run
// draws its text and its structured content collapsed (a piece each, not megabytes of DOM), "Show the next
// 100 KB" adds a piece, the 1 MB string field is cut and grows in steps, Copy all is there; in both themes.
// The result reaches the page cut (issue 33): each piece past the first is read from the core when asked.
// Called as a 2025-11-25 task, its tasks/result is drawn and grown the same way, read by the task's id.
import { describe, expect, it } from "vitest";
import { openApp } from "./app.js";
import { connect, fixtureServer, FLOW_TIMEOUT_MS, openTool, runArticle, runTaskId, taskRow } from "./flows-ui.js";

const NAME = "Big results";
const NEXT = "Show the next 100 KB";

describe("a 10 MB tool result in Chromium", () => {
  it("is drawn collapsed and grows a piece per click, in light and dark", { timeout: 240_000 }, async () => {
    const app = await openApp({ savedServers: [fixtureServer("e2e-big-result", NAME, "big-result-server.mjs")], viewport: { width: 1280, height: 720 } });
    const { page } = app;
    await connect(page, NAME);
    const form = await openTool(page, "big-result");
    await form.getByRole("button", { name: "Run", exact: true }).click();
    const run = runArticle(page, 1, "big-result");
    const textNote = run.locator(".content-text .truncation-note");
    await textNote.getByText(/^Showing the first 100 KB of 10\.0 MB\./).waitFor({ timeout: 120_000 });
    // Collapsed: the whole page holds a piece of the text and a piece of the structured content.
    const drawn = () => page.evaluate(() => document.body.textContent!.length);
    expect(await drawn()).toBeLessThan(400 * 1024);
    const structured = run.locator(".tool-result > div > .payload.json");
    await expect.poll(() => structured.locator("pre").textContent()).toMatch(/^\{\n {2}"lines": \d+,\n {2}"field": "field-field-/);
    expect(await structured.locator("pre").textContent()).not.toContain('"rows"');

    // Piece by piece, by keyboard: each press adds one block of about 100 KB.
    const before = await drawn();
    await textNote.getByRole("button", { name: NEXT, exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => run.locator(".content-text pre > .piece").count()).toBe(2);
    const grown = (await drawn()) - before;
    expect(grown).toBeGreaterThan(75 * 1024);
    expect(grown).toBeLessThanOrEqual(125 * 1024);
    await textNote.getByText(/^Showing the first 2\d\d KB of 10\.0 MB\./).waitFor();
    expect(await textNote.getByRole("button", { name: "Show all", exact: true }).count()).toBe(0);
    await expect(textNote.getByRole("button", { name: "Copy all of block 1 of the result of Run 1", exact: true }).isVisible()).resolves.toBe(true);

    // The 1 MB field grows in steps until the rows begin.
    const jsonNext = structured.locator(".truncation-note").getByRole("button", { name: NEXT, exact: true });
    for (let i = 0; i < 12 && !(await structured.locator("pre").textContent())!.includes('"rows"'); i++) {
      await jsonNext.click();
      await expect.poll(() => structured.locator("pre > .piece").count()).toBe(i + 2);
    }
    expect(await structured.locator("pre").textContent()).toContain('"rows": [');
    // Raw JSON: the whole result as the core holds it, its first piece read once opened.
    await run.locator("details.raw-json > summary").click();
    await expect.poll(() => run.getByLabel("Raw JSON of the result", { exact: true }).textContent()).toMatch(/^\{\n {2}"content": \[/);

    await textNote.scrollIntoViewIfNeeded();
    await app.screenshot("big-result-light");
    await page.emulateMedia({ colorScheme: "dark" });
    await app.screenshot("big-result-dark");
    expect(app.pageErrors).toEqual([]);
    await run.waitFor({ timeout: FLOW_TIMEOUT_MS });
  });

  it("Q4: a task's 10 MB tasks/result is drawn collapsed on its run and in the Tasks tab, and grows a piece per click", { timeout: 240_000 }, async () => {
    const app = await openApp({ savedServers: [fixtureServer("e2e-big-result", NAME, "big-result-server.mjs")], viewport: { width: 1280, height: 720 } });
    const { page } = app;
    await connect(page, NAME);
    const form = await openTool(page, "big-result");
    await form.getByRole("button", { name: "Run as task", exact: true }).click();
    const run = runArticle(page, 1, "big-result", true);
    const textNote = run.locator(".run-task .content-text .truncation-note");
    await textNote.getByText(/^Showing the first 100 KB of 10\.0 MB\./).waitFor({ timeout: 120_000 });
    expect(await page.evaluate(() => document.body.textContent!.length)).toBeLessThan(400 * 1024);
    // The next piece comes from the core, read by the task's id.
    await textNote.getByRole("button", { name: NEXT, exact: true }).click();
    await expect.poll(() => run.locator(".run-task .content-text pre > .piece").count()).toBe(2);
    await textNote.getByText(/^Showing the first 2\d\d KB of 10\.0 MB\./).waitFor();
    const structured = run.locator(".run-task .tool-result > div > .payload.json");
    await expect.poll(() => structured.locator("pre").textContent()).toMatch(/^\{\n {2}"lines": \d+,\n {2}"field": "field-field-/);
    await run.locator(".run-task details.raw-json > summary").click();
    // As tasks/result gave it: its related-task _meta first, then the content.
    await expect.poll(async () => (await run.getByLabel("Raw JSON of the result", { exact: true }).textContent())!.slice(0, 300)).toMatch(/^\{\n {2}"_meta": \{\n {4}"io\.modelcontextprotocol\/related-task"[^]*"content": \[/);
    await textNote.scrollIntoViewIfNeeded();
    await app.screenshot("big-task-result-light");
    await page.emulateMedia({ colorScheme: "dark" });
    await app.screenshot("big-task-result-dark");
    await page.emulateMedia({ colorScheme: "light" });

    // The Tasks tab's details draw the same result, cut, from the same task.
    const taskId = await runTaskId(run);
    await run.getByRole("button", { name: `Show task ${taskId} in Tasks`, exact: true }).click();
    await taskRow(page, taskId).getByRole("button", { name: `Details of task ${taskId}`, exact: true }).click();
    const details = page.getByRole("region", { name: `Task ${taskId}`, exact: true });
    const detailsNote = details.locator(".content-text .truncation-note");
    await detailsNote.getByText(/^Showing the first 100 KB of 10\.0 MB\./).waitFor({ timeout: 120_000 });
    await detailsNote.getByRole("button", { name: NEXT, exact: true }).click();
    await expect.poll(() => details.locator(".content-text pre > .piece").count()).toBe(2);
    await app.screenshot("big-task-result-tasks-tab");
    expect(app.pageErrors).toEqual([]);
  });
});
