// Requests where the user is, in real Chromium against real servers: a request that waits on the user
// opens a dialog over the current tab (legacy server request, legacy receiver task, a server task's input
// through tasks/result (Q3), a 2026-07-28 MRTR round (I1) and a modern task's input request (M5)), scrolled to
// its top however long the request, with focus on the first field or the send button; Escape
// leaves it waiting (never declines); the run card says "Waiting on you" with an Answer link; Enter sends;
// the tab's history then shows what was asked and what was sent; Run again repeats a call; the tool list
// shows badges. Screenshots of the dialog and the history in both themes at 1280×720.
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { openApp, SCREENSHOT_DIR } from "./app.js";
import { EVERYTHING, FLOW_TIMEOUT_MS, connect, fixtureServer, openTab, openTool, runArticle, runTaskId, statusCell, tabBadge, taskRow, waitForText } from "./flows-ui.js";

const TEST_TIMEOUT_MS = 240_000;
const VIEWPORT = { width: 1280, height: 720 };
const MODERN = "Modern fixture";
const SHAPES = "Schema shapes";

/** The window as the user sees it (1280×720), not the whole scrolled page: the dialog sits over the viewport. */
async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's WCAG 2 A and AA rules (contrast, names, labels, roles) over the open dialog. */
async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Element, options: unknown): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document.querySelector('[role="dialog"]')!, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] }, resultTypes: ["violations"] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.map(String).join(" ")}`));
  });
}

function dialog(page: Page): Locator {
  return page.getByRole("dialog");
}

async function waitForDialog(page: Page, heading: string): Promise<Locator> {
  const d = dialog(page);
  await d.getByRole("heading", { name: heading, exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });
  return d;
}

/** A request long enough that the dialog scrolls, opened at its top: the first line of what was asked in view. */
async function expectOpenedAtTop(d: Locator, asked: Locator): Promise<void> {
  const body = d.locator(".request-dialog-body");
  expect(await body.evaluate((el) => ({ overflows: el.scrollHeight > el.clientHeight + 100, top: el.scrollTop }))).toEqual({ overflows: true, top: 0 });
  const bodyBox = (await body.boundingBox())!;
  const askedBox = (await asked.boundingBox())!;
  expect(askedBox.y).toBeGreaterThanOrEqual(bodyBox.y);
  expect(askedBox.y + 20).toBeLessThan(bodyBox.y + bodyBox.height);
}

/** `control` is wholly inside the dialog's scrolling body as it is scrolled now, and nothing covers it. */
async function expectInSight(d: Locator, control: Locator): Promise<void> {
  const body = (await d.locator(".request-dialog-body").boundingBox())!;
  const box = (await control.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(body.y);
  expect(box.y + box.height).toBeLessThanOrEqual(body.y + body.height);
  expect(await control.evaluate((el) => el.contains(document.elementFromPoint(el.getBoundingClientRect().x + 4, el.getBoundingClientRect().y + 4)))).toBe(true);
}

describe("request dialog in Chromium", () => {
  it("R2: a receiver-task elicitation opens the dialog over the Tools tab; Escape leaves it waiting, the run card's Answer reopens it, Enter sends; the history keeps what was sent", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp({ requestDialog: true, viewport: VIEWPORT, context: { colorScheme: "light" } });
    const { page } = app;
    await connect(page, EVERYTHING);
    const form = await openTool(page, "trigger-elicitation-request-async");
    await form.getByRole("button", { name: "Run", exact: true }).click();
    const run = runArticle(page, 1, "trigger-elicitation-request-async");

    const d = await waitForDialog(page, "Waiting on you: elicitation");
    await waitForText(d, "Please provide inputs for the following fields (async task demo):");
    await waitForText(d, "Only share what you trust this server with.");
    expect(await d.getByLabel("Request 1 of 1 waiting").count()).toBe(1);
    await waitForText(d, "Awaiting user response");
    await shot(page, "request-dialog-light-elicitation");
    expect(await axeProblems(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "dark" });
    await shot(page, "request-dialog-dark-elicitation");
    expect(await axeProblems(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });

    // Escape: no answer. The request still waits (the tab counts it), its receiver task still works.
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    expect(await tabBadge(page, "Elicitations")).toBe("1 pending");
    await waitForText(run, "Waiting on you: elicitation");
    await waitForText(run, "running");
    await shot(page, "request-run-waiting-on-you");
    const log = await page.evaluate(() => document.body.innerText);
    expect(log).not.toContain("declined");

    // The run card's Answer opens that request again; the first field has focus; Enter sends.
    await run.getByRole("button", { name: "Answer the elicitation request Run 1 waits on", exact: true }).click();
    const again = await waitForDialog(page, "Waiting on you: elicitation");
    await page.keyboard.type("Ada Lovelace");
    await again.getByRole("combobox", { name: "Favorite Color", exact: true }).selectOption({ label: "Green" });
    await again.getByRole("checkbox", { name: "Terms Agreement", exact: true }).check();
    await again.getByRole("textbox", { name: "Your Name", exact: true }).focus();
    await page.keyboard.press("Enter");
    await dialog(page).waitFor({ state: "detached", timeout: FLOW_TIMEOUT_MS });
    await waitForText(run, "User inputs:\n- Name: Ada Lovelace\n- Favorite Color: Green\n- Agreed to terms: true");
    expect(await run.getByText(/^Waiting on you/).count()).toBe(0);

    // History: what the server asked, what was sent, how long it took.
    await openTab(page, "Elicitations");
    const history = page.getByRole("region", { name: "Elicitation history", exact: true });
    await history.getByRole("heading", { name: "History (1)", exact: true }).waitFor();
    const entry = history.getByRole("listitem").first();
    await waitForText(entry, /^Accepted · Everything \(demo\) · asked \d\d:\d\d:\d\d · you took [\d.]+ (ms|s|min)/);
    await entry.locator("summary").click();
    const sent = JSON.parse((await entry.getByLabel(/^What was sent back/).textContent()) ?? "null");
    expect(sent).toMatchObject({ action: "accept", content: { name: "Ada Lovelace", agreeToTerms: true } });
    expect(Object.values(sent.content)).toContain("Green");
    await history.scrollIntoViewIfNeeded();
    await shot(page, "request-history-light");
    await page.emulateMedia({ colorScheme: "dark" });
    await shot(page, "request-history-dark");
    expect(app.pageErrors).toEqual([]);
  });

  it("a plain legacy sampling request (trigger-sampling-request) opens the dialog at its top; Approve has focus and Enter sends the stub; Sampling history says Approved", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp({ requestDialog: true, viewport: VIEWPORT, context: { colorScheme: "dark" } });
    const { page } = app;
    await connect(page, EVERYTHING);
    const form = await openTool(page, "trigger-sampling-request");
    // Long enough that the dialog scrolls at 1280×720.
    await form.getByRole("textbox", { name: "prompt", exact: true }).fill(`Say hi. ${"Then tell me about the tide, the rocks and what lives between them. ".repeat(12)}`);
    await form.getByRole("button", { name: "Run", exact: true }).click();
    const d = await waitForDialog(page, "Waiting on you: sampling");
    await waitForText(d, /Say hi/);
    // The dialog opens on what the server asked, not scrolled down to the buttons; Approve still has focus.
    await expectOpenedAtTop(d, d.locator(".messages").getByText(/Say hi/));
    await expect.poll(() => d.getByRole("button", { name: "Approve", exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    // The answer's buttons stay in sight at the dialog's foot, however long the request.
    await expectInSight(d, d.getByRole("button", { name: "Approve", exact: true }));
    await expectInSight(d, d.getByRole("button", { name: "Reject", exact: true }));
    await shot(page, "request-dialog-dark-sampling");
    await page.emulateMedia({ colorScheme: "light" });
    await shot(page, "request-dialog-light-sampling");
    await page.keyboard.press("Enter");
    await dialog(page).waitFor({ state: "detached", timeout: FLOW_TIMEOUT_MS });
    const run = runArticle(page, 1, "trigger-sampling-request");
    await waitForText(run, /Stub response from MCP Task Inspector/);
    await openTab(page, "Sampling");
    const entry = page.getByRole("region", { name: "Sampling history", exact: true }).getByRole("listitem").first();
    await waitForText(entry, /^Approved · Everything \(demo\)/);
    expect(app.pageErrors).toEqual([]);
  });

  it("a long elicitation opens at its top, its message held to its first lines so that its first field, focused, is in view too; Escape leaves it waiting", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp({ requestDialog: true, viewport: VIEWPORT, context: { colorScheme: "light" }, savedServers: [fixtureServer("e2e-shapes", SHAPES, "schema-shapes-server.mjs")] });
    const { page } = app;
    await connect(page, SHAPES);
    const form = await openTool(page, "elicit");
    const message = `Before we start: ${"a few words on what this form is for and what the server does with it. ".repeat(30)}`;
    await form.getByRole("textbox", { name: "message", exact: true }).fill(message);
    await form.getByRole("button", { name: "Run", exact: true }).click();
    const d = await waitForDialog(page, "Waiting on you: elicitation");
    const body = d.locator(".request-dialog-body");
    const shownMessage = d.getByText(/^Before we start:/);
    const name = d.getByRole("textbox", { name: "Name", exact: true });
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    // At its top, the message's start in view, and the field the keys go to in view as well (the message is
    // held to its first lines; the whole of it stays in the page for a screen reader).
    expect(await body.evaluate((el) => el.scrollTop)).toBe(0);
    const bodyBox = (await body.boundingBox())!;
    const [messageBox, nameBox] = [(await shownMessage.boundingBox())!, (await name.boundingBox())!];
    expect(messageBox.y).toBeGreaterThanOrEqual(bodyBox.y);
    expect(nameBox.y).toBeGreaterThan(messageBox.y);
    expect(nameBox.y + nameBox.height).toBeLessThanOrEqual(bodyBox.y + bodyBox.height);
    expect(await shownMessage.textContent()).toBe(message);
    for (const name of ["Accept", "Decline", "Cancel"]) await expectInSight(d, d.getByRole("button", { name, exact: true }));
    await shot(page, "request-dialog-light-long-elicitation");
    await page.emulateMedia({ colorScheme: "dark" });
    await shot(page, "request-dialog-dark-long-elicitation");
    // Typing goes to the focused field; the rest of the message is one button away; Escape leaves the
    // request waiting.
    await page.keyboard.type("Ada");
    expect(await name.inputValue()).toBe("Ada");
    await d.getByRole("button", { name: "Show the whole message" }).click();
    expect(await shownMessage.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    await shot(page, "request-dialog-dark-long-elicitation-typed");
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    expect(await tabBadge(page, "Elicitations")).toBe("1 pending");
    expect(app.pageErrors).toEqual([]);
  });

  it("Q3: a server task's clarification (simulate-research-query, ambiguous) opens the dialog, 1 of 1; the Tasks row says Waiting on you with Answer", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp({ requestDialog: true, viewport: VIEWPORT });
    const { page } = app;
    await connect(page, EVERYTHING);
    const form = await openTool(page, "simulate-research-query");
    await form.getByRole("textbox", { name: "topic", exact: true }).fill("python");
    await form.getByRole("checkbox", { name: "ambiguous", exact: true }).check();
    await form.getByRole("button", { name: "Run as task", exact: true }).click();
    const run = runArticle(page, 1, "simulate-research-query", true);
    const taskId = await runTaskId(run);
    const first = await waitForDialog(page, "Waiting on you: elicitation");
    expect(await first.getByLabel("Request 1 of 1 waiting").count()).toBe(1);
    await waitForText(first, taskId);
    await page.keyboard.press("Escape");
    await waitForText(run, "Waiting on you: elicitation");
    await openTab(page, "Tasks");
    const row = taskRow(page, taskId);
    await waitForText(row, "Waiting on you: elicitation");
    await row.getByRole("button", { name: `Answer input of task ${taskId}`, exact: true }).click();
    const d = await waitForDialog(page, "Waiting on you: elicitation");
    await d.getByRole("combobox", { name: "Clarification", exact: true }).selectOption({ label: "Monty Python comedy group" });
    await d.getByRole("button", { name: "Accept", exact: true }).click();
    await dialog(page).waitFor({ state: "detached", timeout: FLOW_TIMEOUT_MS });
    await waitForText(statusCell(row), "completed", FLOW_TIMEOUT_MS);
    expect(app.pageErrors).toEqual([]);
  });

  it("I1, M5: a 2026-07-28 MRTR round and a modern task's input request each open the dialog; Enter answers them", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp({ requestDialog: true, viewport: VIEWPORT, savedServers: [fixtureServer("e2e-modern", MODERN, "modern/modern-server.mjs")] });
    const { page } = app;
    await connect(page, MODERN);
    await (await openTool(page, "interview")).getByRole("button", { name: "Run", exact: true }).click();
    let d = await waitForDialog(page, "Waiting on you: elicitation");
    await waitForText(d, "a multi round-trip request, round 1 · key name");
    await page.keyboard.type("Ada");
    await page.keyboard.press("Enter");
    d = await waitForDialog(page, "Waiting on you: sampling");
    await waitForText(d, "a multi round-trip request, round 2 · key haiku");
    await page.keyboard.press("Enter");
    await dialog(page).waitFor({ state: "detached", timeout: FLOW_TIMEOUT_MS });
    await waitForText(runArticle(page, 1, "interview"), "The server asked for input: the call took 3 rounds (2026-07-28 multi round-trip).");

    await (await openTool(page, "task-input")).getByRole("button", { name: "Run", exact: true }).click();
    d = await waitForDialog(page, "Waiting on you: elicitation");
    await waitForText(d, "a 2026-07-28 task (answered with tasks/update) · key name");
    await page.keyboard.type("Hedy");
    await page.keyboard.press("Enter");
    d = await waitForDialog(page, "Waiting on you: sampling");
    await page.keyboard.press("Enter");
    await dialog(page).waitFor({ state: "detached", timeout: FLOW_TIMEOUT_MS });
    await waitForText(runArticle(page, 2, "task-input"), /"name":\{"action":"accept","content":\{"name":"Hedy"\}\}/);
    expect(app.pageErrors).toEqual([]);
  });

  it("Run again reproduces the call; the tool list shows badges", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp({ requestDialog: true, viewport: VIEWPORT });
    const { page } = app;
    await connect(page, EVERYTHING);
    // Q1: server-everything's research tool requires a task; the badge says so, and describes the item.
    await openTab(page, "Tools");
    const research = page.getByRole("button", { name: "simulate-research-query", exact: true });
    await research.locator(".tool-badge", { hasText: "task: required" }).waitFor();
    const description = await research.evaluate((el) => document.getElementById(el.getAttribute("aria-describedby") ?? "")?.textContent ?? "");
    expect(description).toContain("Task support required: it runs only as a task");
    await app.screenshot("tool-badges");

    const echo = await openTool(page, "echo");
    await echo.getByRole("textbox", { name: "message", exact: true }).fill('quotes " and \\ back');
    await echo.getByRole("button", { name: "Run", exact: true }).click();
    await waitForText(runArticle(page, 1, "echo"), 'Echo: quotes " and \\ back');
    await runArticle(page, 1, "echo").getByRole("button", { name: "Run echo again with the arguments of Run 1", exact: true }).click();
    await waitForText(runArticle(page, 2, "echo"), 'Echo: quotes " and \\ back');
    // Edit and run: the arguments back in the form, edited, run.
    await echo.getByRole("textbox", { name: "message", exact: true }).fill("");
    await runArticle(page, 1, "echo").getByRole("button", { name: "Edit the arguments of Run 1 and run", exact: true }).click();
    const message = echo.getByRole("textbox", { name: "message", exact: true });
    await expect.poll(() => message.inputValue()).toBe('quotes " and \\ back');
    await message.press("End");
    await message.type("!");
    await echo.getByRole("button", { name: "Run", exact: true }).click();
    await waitForText(runArticle(page, 3, "echo"), 'Echo: quotes " and \\ back!');
    expect(app.pageErrors).toEqual([]);
  });
});
