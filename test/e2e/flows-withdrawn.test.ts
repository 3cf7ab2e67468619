// A pending input that goes away without the user's answer must leave the list with a note saying
// why, never silently: here its receiver task is cancelled, once by the server (tasks/cancel from a
// fixture server) and once by the user from the Tasks tab. Real Chromium, real stdio servers, UI only.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { openApp } from "./app.js";
import {
  EVERYTHING,
  FLOW_TIMEOUT_MS,
  connect,
  fixtureServer,
  openTab,
  openTool,
  runArticle,
  statusCell,
  tab,
  tabBadge,
  taskRow,
  waitForText,
} from "./flows-ui.js";

const TEST_TIMEOUT_MS = 180_000;
const CANCELLER = "Task canceller (fixture)";
/** What test/fixtures/e2e-task-canceller.mjs asks. */
const QUESTION = "Which colour should the canceller fixture paint the shed?";

/** Pending (answerable) elicitation cards, as opposed to withdrawn notes. */
function pendingCards(page: Page, server: string) {
  const escaped = server.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return page.getByRole("article", { name: new RegExp(`^Elicitation request from ${escaped} at \\d\\d:\\d\\d:\\d\\d$`) });
}

function withdrawnNotes(page: Page, server: string) {
  const escaped = server.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return page.getByRole("article", { name: new RegExp(`^Elicitation request from ${escaped} at \\d\\d:\\d\\d:\\d\\d \\(withdrawn\\)$`) });
}

describe("withdrawn pending inputs in Chromium", () => {
  it("the server cancels its receiver task (tasks/cancel): the input leaves Elicitations with a note saying why", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp({ savedServers: [fixtureServer("e2e-canceller", CANCELLER, "e2e-task-canceller.mjs")] });
    const { page } = app;
    await connect(page, CANCELLER);

    // The server asks a task-augmented elicitation; the inspector answers with a receiver task.
    await (await openTool(page, "ask-as-task")).getByRole("button", { name: "Run", exact: true }).click();
    const ask = runArticle(page, 1, "ask-as-task");
    const asked = ask.getByText(/^Asked: receiver task \S+ is working$/);
    await asked.waitFor({ timeout: FLOW_TIMEOUT_MS });
    const taskId = /^Asked: receiver task (\S+) is working$/.exec((await asked.textContent()) ?? "")![1]!;

    await expect.poll(() => tabBadge(page, "Elicitations"), { timeout: FLOW_TIMEOUT_MS }).toBe("1 pending");
    await openTab(page, "Elicitations");
    const card = pendingCards(page, CANCELLER);
    await waitForText(card, QUESTION);
    await waitForText(card, taskId);
    await card.getByRole("textbox", { name: "Colour", exact: true }).fill("half-typed answ");
    await app.screenshot("flow-10-server-cancel-pending");

    // The server changes its mind.
    await (await openTool(page, "cancel-asked")).getByRole("button", { name: "Run", exact: true }).click();
    await waitForText(runArticle(page, 2, "cancel-asked"), `Cancelled: receiver task ${taskId} is cancelled`);
    await expect.poll(() => tabBadge(page, "Elicitations"), { timeout: FLOW_TIMEOUT_MS }).toBe("");

    await openTab(page, "Elicitations");
    const note = withdrawnNotes(page, CANCELLER);
    // Why, in words: which task, and that the server cancelled it.
    await waitForText(note, new RegExp(`^Withdrawn: Task ${taskId} was cancelled: Cancelled by the server\\b`));
    await waitForText(note, `It asked: ${QUESTION}`);
    expect(await pendingCards(page, CANCELLER).count()).toBe(0);
    await page.getByText("No elicitation is waiting.", { exact: true }).waitFor();
    await app.screenshot("flow-11-server-cancel-withdrawn");

    // The Tasks tab agrees: cancelled, nothing left to answer or cancel.
    await openTab(page, "Tasks");
    const row = taskRow(page, taskId);
    await waitForText(statusCell(row), "cancelled");
    await waitForText(row, "receiver");
    await waitForText(row, "cancelled by the server");
    expect(await row.getByRole("button", { name: `Cancel task ${taskId}`, exact: true }).count()).toBe(0);

    // The note stays until the user dismisses it.
    await openTab(page, "Elicitations");
    await note.getByRole("button", { name: /^Dismiss note: Elicitation request from Task canceller \(fixture\) at .* \(withdrawn\)$/ }).click();
    await note.waitFor({ state: "detached" });
    expect(app.pageErrors).toEqual([]);
  });

  it("the user cancels a receiver task from the Tasks tab: its input is withdrawn with a note, and the server hears cancelled", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp();
    const { page } = app;
    await connect(page, EVERYTHING);
    await (await openTool(page, "trigger-elicitation-request-async")).getByRole("button", { name: "Run", exact: true }).click();
    const run = runArticle(page, 1, "trigger-elicitation-request-async");
    await expect.poll(() => tabBadge(page, "Elicitations"), { timeout: FLOW_TIMEOUT_MS }).toBe("1 pending");

    await openTab(page, "Tasks");
    await page.getByRole("combobox", { name: "Kind", exact: true }).selectOption("receiver");
    const cancelButton = page.getByRole("button", { name: /^Cancel task \S+$/ });
    await cancelButton.waitFor({ timeout: FLOW_TIMEOUT_MS });
    const taskId = /^Cancel task (\S+)$/.exec((await cancelButton.getAttribute("aria-label")) ?? "")![1]!;
    const row = taskRow(page, taskId);
    await waitForText(row, "elicitation");
    await waitForText(statusCell(row), "working");

    // The row links to its pending input ...
    await row.getByRole("button", { name: `Answer input of task ${taskId}`, exact: true }).click();
    await expect.poll(() => tab(page, "Elicitations").getAttribute("aria-selected")).toBe("true");
    await waitForText(pendingCards(page, EVERYTHING), taskId);
    // ... and Alt+2 is the way back (the browser keeps Ctrl+digit for itself).
    await page.keyboard.press("Alt+2");
    await expect.poll(() => tab(page, "Tasks").getAttribute("aria-selected")).toBe("true");
    await app.screenshot("flow-12-user-cancel-before");

    await row.getByRole("button", { name: `Cancel task ${taskId}`, exact: true }).click();
    await waitForText(statusCell(row), "cancelled");
    await waitForText(row, "Cancelled by the user");
    await row.getByRole("button", { name: `Cancel task ${taskId}`, exact: true }).waitFor({ state: "detached" });
    await expect.poll(() => tabBadge(page, "Elicitations"), { timeout: FLOW_TIMEOUT_MS }).toBe("");

    await openTab(page, "Elicitations");
    const note = withdrawnNotes(page, EVERYTHING);
    await waitForText(note, `Withdrawn: Task ${taskId} was cancelled: Cancelled by the user`);
    await waitForText(note, "It asked: Please provide inputs for the following fields (async task demo):");
    expect(await pendingCards(page, EVERYTHING).count()).toBe(0);
    await app.screenshot("flow-13-user-cancel-withdrawn");

    // server-everything polls tasks/get, sees cancelled with our reason, and ends its tool call.
    await openTab(page, "Tools");
    await waitForText(run, /^\[CANCELLED\] Cancelled by the user\n/);
    await run.scrollIntoViewIfNeeded();
    await app.screenshot("flow-14-user-cancel-tool-result");
    expect(app.pageErrors).toEqual([]);
  });
});
