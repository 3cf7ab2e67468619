// Issue 21 in real Chromium, through the UI only: the Tasks tab with two sessions (this session, then all
// with a Server column, no state word cut), a Settings save that says so, a template Read that waits for
// its required variable, completions on entering a field, a dismissible protocol violation kept in the
// Server facts, the Server log after a reload, and the cache hints in plain words.
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { SavedServer } from "../../shared/types.js";
import { openApp } from "./app.js";
import { EVERYTHING, FLOW_TIMEOUT_MS, connect, fixtureServer, openTab, openTool, runArticle, runTaskId, statusCell, taskRow, waitForText } from "./flows-ui.js";

const TEST_TIMEOUT_MS = 180_000;
const MODERN = "Modern fixture";
const VIEWPORT = { width: 1440, height: 900 };

function modernServer(...args: string[]): SavedServer {
  const server = fixtureServer("e2e-modern", MODERN, "modern/modern-server.mjs");
  if (server.transport.type === "stdio") server.transport.args = [...server.transport.args, ...args];
  return server;
}

/** Cells of a row whose text the browser had to cut (ellipsis): their width is less than their content's. */
async function cutCells(row: Locator, indexes: number[]): Promise<string[]> {
  return row.getByRole("cell").evaluateAll(
    (cells, wanted) => cells.filter((c, i) => wanted.includes(i) && c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent ?? ""),
    indexes,
  );
}

describe("issue 21 in Chromium", () => {
  it("issue 21: the Tasks tab shows the selected session's tasks, All sessions adds a Server column, and no state word is cut", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp({ savedServers: [modernServer()], viewport: VIEWPORT });
    const { page } = app;
    await connect(page, EVERYTHING);
    const research = await openTool(page, "simulate-research-query");
    await research.getByRole("textbox", { name: "topic", exact: true }).fill("tide pools");
    await research.getByRole("button", { name: "Run as task", exact: true }).click();
    const everythingTask = await runTaskId(runArticle(page, 1, "simulate-research-query", true));

    await connect(page, MODERN);
    const modernTasks: string[] = [];
    // Run numbers count across sessions: the research query was run 1.
    for (const [n, tool] of [[2, "task-hang"], [3, "task-purge"], [4, "task-simple"]] as const) {
      await (await openTool(page, tool)).getByRole("button", { name: "Run", exact: true }).click();
      modernTasks.push(await runTaskId(runArticle(page, n, tool)));
    }

    await openTab(page, "Tasks");
    const table = page.getByRole("table", { name: "Tasks", exact: true });
    const sessions = page.getByRole("combobox", { name: "Sessions", exact: true });
    expect(await sessions.inputValue()).toBe("session");
    // The purged task says it went (issue 19), not the "working" it last had.
    await waitForText(statusCell(taskRow(page, modernTasks[1]!)), "deleted");
    await waitForText(statusCell(taskRow(page, modernTasks[2]!)), "completed");
    // This session (the modern fixture, connected last): its three tasks, not the other server's.
    expect(await taskRow(page, everythingTask).count()).toBe(0);
    expect(await table.getByRole("columnheader").allTextContents()).not.toContain("Server");
    // Kind (1), Origin (2), Status (3), Deleted in (6), Pending input (8): never cut.
    for (const id of modernTasks) expect(await cutCells(taskRow(page, id), [1, 2, 3, 6, 8])).toEqual([]);
    await waitForText(taskRow(page, modernTasks[0]!), /^client · 2026( · live updates)?$/);
    await app.screenshot("issue21-tasks-this-session");

    await sessions.selectOption("all");
    const everythingRow = taskRow(page, everythingTask);
    await waitForText(everythingRow, EVERYTHING);
    expect((await table.getByRole("columnheader").allTextContents())[0]).toBe("Server");
    await waitForText(taskRow(page, modernTasks[0]!), MODERN);
    // With the Server column first, Status is the fifth cell.
    await waitForText(everythingRow.getByRole("cell").nth(4), "completed");
    for (const id of [everythingTask, ...modernTasks]) expect(await cutCells(taskRow(page, id), [0, 2, 3, 4, 7, 9])).toEqual([]);
    await app.screenshot("issue21-tasks-all-sessions");
    expect(app.pageErrors).toEqual([]);
  });

  it("issue 21: Save settings says Saved, and the round limit an error names is a field with its unit and default", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp({ viewport: VIEWPORT });
    const { page } = app;
    await page.getByText("Settings", { exact: true }).click();
    const settings = page.getByRole("form", { name: "Settings" });
    const rounds = settings.getByLabel("Rounds per request (rounds)", { exact: true });
    await rounds.fill("20");
    await waitForText(settings, "Default: 10 rounds");
    await settings.getByRole("button", { name: "Save settings" }).click();
    const saved = page.getByRole("form", { name: "Settings" }).getByRole("status");
    await expect.poll(() => saved.textContent()).toMatch(/^Saved at \d\d:\d\d:\d\d$/);
    expect(await page.getByRole("form", { name: "Settings" }).getByLabel("Rounds per request (rounds)", { exact: true }).inputValue()).toBe("20");
    await page.getByRole("form", { name: "Settings" }).getByRole("button", { name: "Save settings" }).scrollIntoViewIfNeeded();
    await app.screenshot("issue21-settings-saved");
    expect(app.pageErrors).toEqual([]);
  });

  it("issue 21: a template's Read waits for its required variable, and entering a field shows the server's suggestions", { timeout: TEST_TIMEOUT_MS }, async () => {
    const SERVER = "Completion fixture";
    const app = await openApp({ savedServers: [fixtureServer("completion", SERVER, "modern/completion-server.mjs")], viewport: VIEWPORT });
    const { page } = app;
    await connect(page, SERVER);
    await openTab(page, "Resources");
    const form = page.getByRole("form", { name: "Template Team member", exact: true });
    await form.waitFor({ timeout: FLOW_TIMEOUT_MS });
    const read = form.getByRole("button", { name: "Read from template Team member", exact: true });
    expect(await read.isDisabled()).toBe(true);
    await waitForText(form, "Fill in department to read");
    await app.screenshot("issue21-template-read-disabled");

    // Entering the field asks with the empty value: every department, before any typing.
    await form.getByRole("combobox", { name: "department", exact: true }).focus();
    const departments = page.getByRole("listbox", { name: "Suggestions for department", exact: true });
    await expect.poll(() => departments.getByRole("option").allTextContents(), { timeout: FLOW_TIMEOUT_MS }).toEqual(["Engineering", "Sales", "Marketing"]);
    await app.screenshot("issue21-completion-on-focus");
    await departments.getByRole("option", { name: "Sales", exact: true }).click();
    expect(await read.isDisabled()).toBe(false);
    expect(app.pageErrors).toEqual([]);
  });

  it("E5, issue 21: the protocol violation banner is dismissed and stays in Server facts; cache hints read in plain words", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp({ savedServers: [modernServer("--violate")], viewport: VIEWPORT });
    const { page } = app;
    await connect(page, MODERN);
    await (await openTool(page, "violate")).getByRole("button", { name: "Run", exact: true }).click();
    const banner = page.getByRole("alert").filter({ hasText: "Protocol violation (1)" });
    await banner.waitFor({ timeout: FLOW_TIMEOUT_MS });
    const hint = page.getByRole("note", { name: "Cache hints of the tool list" });
    await waitForText(hint, /^Caching: /);
    // Small print, close to the list it is about.
    const [hintSize, bodySize, hintMargin] = await hint.evaluate((el) => [parseFloat(getComputedStyle(el).fontSize), parseFloat(getComputedStyle(document.body).fontSize), parseFloat(getComputedStyle(el).marginTop)]);
    expect(hintSize).toBeLessThan(bodySize);
    expect(hintMargin).toBeLessThanOrEqual(4);
    await app.screenshot("issue21-violation-banner");
    await banner.getByRole("button", { name: "Dismiss protocol violation", exact: true }).click();
    await banner.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Server facts", exact: true }).click();
    const kept = page.getByRole("region", { name: "Server facts" }).getByRole("list", { name: "Protocol violations" });
    await waitForText(kept, /"elicitation\/create" request, which 2026-07-28 forbids/);
    await app.screenshot("issue21-violation-dismissed-in-facts");
    expect(app.pageErrors).toEqual([]);
  });

  it("issue 21: after a reload the Server log shows the logging notifications that came before it", { timeout: TEST_TIMEOUT_MS }, async () => {
    const SERVER = "Session fixture";
    const app = await openApp({ savedServers: [fixtureServer("session", SERVER, "session-server.mjs")], viewport: VIEWPORT });
    const { page } = app;
    await connect(page, SERVER);
    await openTab(page, "Logs");
    const log = page.getByRole("region", { name: "Server log", exact: true });
    for (const level of ["debug", "info", "warning", "error"]) {
      await log.getByRole("combobox", { name: "Logging level" }).selectOption(level);
      await log.getByRole("button", { name: "Set level", exact: true }).click();
      await waitForText(log, `level is now ${level}`);
    }
    await page.reload();
    await openTab(page, "Logs");
    const after = page.getByRole("region", { name: "Server log", exact: true });
    await expect.poll(() => after.getByRole("listitem").count(), { timeout: FLOW_TIMEOUT_MS }).toBe(4);
    expect(await after.getByText("No logging notifications yet.").count()).toBe(0);
    await after.scrollIntoViewIfNeeded();
    await app.screenshot("issue21-server-log-after-reload");
    expect(app.pageErrors).toEqual([]);
  });
});
