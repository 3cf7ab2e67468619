// Honest task states in Chromium against server-everything over stdio (issue 13): a client task you
// cancel says "cancelled" and when, with the server's tasks/result error shown as its reply; a receiver
// task you decline says "declined" and keeps what it asked; the Logs tab names the task of replies.
import { describe, expect, it } from "vitest";
import { openApp } from "./app.js";
import { EVERYTHING, FLOW_TIMEOUT_MS, connect, fixtureServer, openTab, openTool, runArticle, runTaskId, statusCell, tabBadge, taskRow, waitForText } from "./flows-ui.js";

const MODERN = "Modern fixture";

const TEST_TIMEOUT_MS = 180_000;

describe("how tasks ended, in Chromium", () => {
  it("Q4 Q5: a client task cancelled from the Tasks tab leads with 'Cancelled at', then the server's tasks/result reply; the Logs Task column names it", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp();
    const { page } = app;
    await connect(page, EVERYTHING);
    const form = await openTool(page, "simulate-research-query");
    await form.getByRole("textbox", { name: "topic", exact: true }).fill("tides");
    await form.getByRole("button", { name: "Run as task", exact: true }).click();
    const taskId = await runTaskId(runArticle(page, 1, "simulate-research-query", true));

    await openTab(page, "Tasks");
    const row = taskRow(page, taskId);
    await row.getByRole("button", { name: `Cancel task ${taskId}`, exact: true }).click();
    await waitForText(statusCell(row), "cancelled · by you");
    await row.getByRole("button", { name: `Details of task ${taskId}`, exact: true }).click();
    const details = page.getByRole("region", { name: `Task ${taskId}`, exact: true });
    await waitForText(details, /^Cancelled at \d\d:\d\d:\d\d\.\d{3} \(the server's time\); you asked to cancel at \d\d:\d\d:\d\d\.\d{3}\.$/);
    // The server's own reply to tasks/result, as it sent it, under a heading that says so.
    await details.getByRole("heading", { name: "What the server answered to tasks/result", exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await waitForText(details, /"code": -326/);
    await waitForText(details, "Asked: tools/call simulate-research-query");
    await app.screenshot("flow-task-endings-client-cancelled");

    await openTab(page, "Logs");
    await page.getByRole("textbox", { name: "Task ID", exact: true }).fill(taskId);
    const messages = page.getByRole("table", { name: "Protocol messages", exact: true });
    // The error reply to tasks/result carries no task id of its own; its row names the task anyway.
    const errorReply = messages.getByRole("row").filter({ hasText: /tasks\/result · error -326/ });
    await errorReply.first().waitFor({ timeout: FLOW_TIMEOUT_MS });
    const taskColumn = (await messages.getByRole("columnheader").allTextContents()).indexOf("Task");
    expect(await errorReply.first().getByRole("cell").nth(taskColumn).textContent()).toBe(taskId);
    await app.screenshot("flow-task-endings-log-task-column");

    // The run that became the task says the same, and the server's reply is no error of the run.
    await openTab(page, "Tools");
    const run = runArticle(page, 1, "simulate-research-query", true);
    await waitForText(run, /^Cancelled at \d\d:\d\d:\d\d\.\d{3} \(the server's time\); you asked to cancel at /);
    await waitForText(run, /^The server answered tasks\/result with JSON-RPC error -326\d\d: /);
    expect(await run.locator(".status-error").count()).toBe(0);
    await run.scrollIntoViewIfNeeded();
    await app.screenshot("flow-task-endings-run-cancelled");
    expect(app.pageErrors).toEqual([]);
  });

  it("R12: a receiver task the user declines says 'declined', and its Details show the elicitation it asked", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp();
    const { page } = app;
    await connect(page, EVERYTHING);
    await (await openTool(page, "trigger-elicitation-request-async")).getByRole("button", { name: "Run", exact: true }).click();
    await expect.poll(() => tabBadge(page, "Elicitations"), { timeout: FLOW_TIMEOUT_MS }).toBe("1 pending");
    await openTab(page, "Elicitations");
    const card = page.getByRole("article", { name: /^Elicitation request from Everything \(demo\) at \d\d:\d\d:\d\d$/ });
    await card.getByRole("button", { name: "Decline", exact: true }).click();

    await openTab(page, "Tasks");
    await page.getByRole("combobox", { name: "Kind", exact: true }).selectOption("receiver");
    const details = page.getByRole("button", { name: /^Details of task \S+$/ });
    await details.waitFor({ timeout: FLOW_TIMEOUT_MS });
    const taskId = /^Details of task (\S+)$/.exec((await details.getAttribute("aria-label")) ?? "")![1]!;
    const row = taskRow(page, taskId);
    await waitForText(statusCell(row), "completed · declined");
    await details.click();
    const region = page.getByRole("region", { name: `Task ${taskId}`, exact: true });
    await waitForText(region, /^declined at \d\d:\d\d:\d\d\.\d{3}\. The user declined the elicitation/);
    const asked = region.getByRole("region", { name: "What was asked", exact: true });
    await waitForText(asked, "Asked: elicitation/create");
    await asked.getByLabel("Requested schema", { exact: true }).waitFor();
    await app.screenshot("flow-task-endings-receiver-declined");
    expect(app.pageErrors).toEqual([]);
  });

  it("M3 issue 19: a 2026-07-28 task the server purges says 'deleted by the server' on its run card, its Tasks row, and its timeline's summary and status band", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp({ savedServers: [fixtureServer("e2e-modern", MODERN, "modern/modern-server.mjs")], viewport: { width: 1400, height: 900 } });
    const { page } = app;
    await connect(page, MODERN);
    await (await openTool(page, "task-purge")).getByRole("button", { name: "Run", exact: true }).click();
    const run = runArticle(page, 1, "task-purge");
    const taskId = await runTaskId(run);
    // The fixture forgets the task after our first tasks/get: the next one answers -32602.
    await expect.poll(() => run.locator(".status").first().textContent(), { timeout: FLOW_TIMEOUT_MS }).toBe("deleted by the server");
    await waitForText(run, /^Started \d\d:\d\d:\d\d · task deleted by the server after [\d.]+ m?s · its tools\/call answered in [\d.]+ m?s$/);
    await waitForText(run, /^Deleted by the server at \d\d:\d\d:\d\d\.\d{3} \(when its tasks\/get answered "unknown task"\) while working; no result will come\.$/);
    expect(await run.getByRole("button", { name: /^Cancel task/ }).count()).toBe(0);
    await run.scrollIntoViewIfNeeded();
    await app.screenshot("flow-task-endings-run-purged");

    await openTab(page, "Tasks");
    const row = taskRow(page, taskId);
    await waitForText(statusCell(row), "deleted");
    expect(await statusCell(row).getAttribute("title")).toBe("deleted by the server; its last status was working");
    await row.getByRole("button", { name: `Timeline of task ${taskId}`, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Timeline of task ${taskId}` });
    await waitForText(dialog.locator(".tl-summary"), /^Deleted by the server after [\d.]+ m?s while working\. We polled the server \d+ times?/);
    expect(await dialog.locator(".tl-band-label").last().textContent()).toBe("deleted by the server");
    const events = dialog.getByRole("table", { name: `Events of task ${taskId}` });
    await waitForText(events, "its tasks/get answered: unknown task");
    await waitForText(events, new RegExp(`^error -32602: .*Task ${taskId} not found$`));
    await app.screenshot("flow-task-endings-timeline-purged");
    expect(app.pageErrors).toEqual([]);
  });
});
