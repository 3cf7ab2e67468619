// The task timeline in real Chromium against server-everything over stdio: a receiver task's timeline
// opened from its pending input (the server's polls counting up live while the user decides), then,
// after the answer, from the Tasks tab, with the click-to-delivered time; Copy as JSON; Escape closes.
import { expect, it } from "vitest";
import { openApp } from "./app.js";
import { EVERYTHING, FLOW_TIMEOUT_MS, connect, openTab, openTool, runArticle, tabBadge, waitForText } from "./flows-ui.js";

const TEST_TIMEOUT_MS = 240_000;

function pollsIn(summary: string): number {
  return Number(/The server polled us (\d+) time/.exec(summary)?.[1] ?? -1);
}

it("opens a receiver task's timeline from its pending input and from the Tasks tab; it updates live and shows the click-to-delivered time", { timeout: TEST_TIMEOUT_MS }, async () => {
  const app = await openApp({ viewport: { width: 1400, height: 900 } });
  const { page } = app;
  await connect(page, EVERYTHING);
  const form = await openTool(page, "trigger-elicitation-request-async");
  await form.getByText("No arguments.", { exact: true }).waitFor();
  await form.getByRole("button", { name: "Run", exact: true }).click();
  const run = runArticle(page, 1, "trigger-elicitation-request-async");
  await waitForText(run, "running");

  // From the pending input: the card of the task-linked elicitation.
  await expect.poll(() => tabBadge(page, "Elicitations"), { timeout: FLOW_TIMEOUT_MS }).toBe("1 pending");
  await openTab(page, "Elicitations");
  const card = page.getByRole("article", { name: /^Elicitation request from Everything \(demo\) at / });
  const fromCard = card.getByRole("button", { name: /^Timeline of task / });
  const taskId = /^Timeline of task (.+)$/.exec((await fromCard.getAttribute("aria-label")) ?? "")![1]!;
  await fromCard.click();
  const dialog = page.getByRole("dialog", { name: `Timeline of task ${taskId}` });
  await dialog.waitFor();
  const picture = dialog.getByRole("img");
  await picture.waitFor();
  const summary = dialog.locator(".tl-summary");
  // The server polls our tasks/get about once a second: the count grows while the timeline is open.
  await expect.poll(async () => pollsIn((await summary.textContent()) ?? ""), { timeout: FLOW_TIMEOUT_MS }).toBeGreaterThanOrEqual(1);
  const first = pollsIn((await summary.textContent()) ?? "");
  await expect.poll(async () => pollsIn((await summary.textContent()) ?? ""), { timeout: FLOW_TIMEOUT_MS }).toBeGreaterThan(first);
  expect(await picture.getAttribute("aria-label")).toMatch(/^Timeline of task .+\. The server polled us \d+ times?/);
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  await expect.poll(() => fromCard.evaluate((el) => el === document.activeElement)).toBe(true);

  // Answer; the server learns it through tasks/result.
  await card.getByRole("textbox", { name: "Your Name", exact: true }).fill("Ada Lovelace");
  await card.getByRole("combobox", { name: "Favorite Color", exact: true }).selectOption({ label: "Green" });
  await card.getByRole("checkbox", { name: "Terms Agreement", exact: true }).check();
  await card.getByRole("button", { name: "Accept", exact: true }).click();
  await card.waitFor({ state: "detached", timeout: FLOW_TIMEOUT_MS });
  await openTab(page, "Tools");
  await waitForText(run, "[COMPLETED] User provided the requested information!");

  // From the Tasks tab: the same task, now with the answer's delivery.
  await openTab(page, "Tasks");
  await page.getByRole("table", { name: "Tasks" }).getByRole("button", { name: `Timeline of task ${taskId}`, exact: true }).click();
  await dialog.waitFor();
  await waitForText(dialog, /our answer reached the server .+ after the click/);
  await dialog.getByText(/ after the click$/).first().waitFor();
  const events = dialog.getByRole("table", { name: `Events of task ${taskId}` });
  await waitForText(events, "reply to tasks/result");
  await app.screenshot("task-timeline");
  // Issue 21: the end of the list: the task's completion shows once, on the message that carried it.
  await events.getByRole("rowgroup", { name: `Events of task ${taskId} rows` }).evaluate((el) => (el.scrollTop = el.scrollHeight));
  await waitForText(events, "the user answered");
  expect(await events.getByText("→ completed", { exact: true }).count()).toBe(1);
  expect(await events.getByText("status: completed", { exact: true }).count()).toBe(0);
  expect(await dialog.locator(".tl-summary").textContent()).toMatch(/^Completed after [\d.]+ m?s\. The server polled us/);
  await app.screenshot("task-timeline-list-end");

  await dialog.getByRole("button", { name: `Copy the timeline of task ${taskId} as JSON` }).click();
  // Headless Chromium may refuse the clipboard: then the JSON is shown, selected, for Ctrl+C.
  await dialog.getByRole("status").filter({ hasText: /Copied \d+ events as JSON|press Ctrl\+C/ }).waitFor();
  const fallback = dialog.getByRole("textbox", { name: "The timeline as JSON" });
  if (await fallback.count()) {
    const json = JSON.parse(await fallback.inputValue());
    expect(json).toMatchObject({ taskId, role: "receiver", era: "legacy" });
    expect(json.summary.pollsByServer).toBeGreaterThanOrEqual(2);
  }
  await dialog.getByRole("button", { name: "Close the timeline" }).click();
  await dialog.waitFor({ state: "detached" });
  expect(app.pageErrors).toEqual([]);
});
