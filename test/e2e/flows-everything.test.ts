// End-to-end flows against the bundled server-everything ("Everything (demo)") over stdio, in real
// Chromium, through the UI only: tasks in both directions, as a server developer would try them.
import { describe, expect, it } from "vitest";
import { openApp } from "./app.js";
import {
  EVERYTHING,
  FLOW_TIMEOUT_MS,
  connect,
  openTab,
  openTool,
  runArticle,
  runTaskId,
  statusCell,
  tab,
  tabBadge,
  taskRow,
  waitForText,
} from "./flows-ui.js";

const TEST_TIMEOUT_MS = 180_000;

describe("Everything (demo) flows in Chromium", () => {
  it("connects, runs simulate-research-query as a task, and the Tasks tab follows it to completed", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp();
    const { page } = app;
    await connect(page, EVERYTHING);
    await app.screenshot("flow-01-connected");

    const form = await openTool(page, "simulate-research-query");
    // taskSupport "required" (TASKS-SPEC Q1): only "Run as task" is offered.
    await form.getByRole("button", { name: "Run as task", exact: true }).waitFor();
    expect(await form.getByRole("button", { name: "Run", exact: true }).count()).toBe(0);
    await form.getByRole("textbox", { name: "topic", exact: true }).fill("tide pools");
    await form.getByRole("button", { name: "Run as task", exact: true }).click();

    const run = runArticle(page, 1, "simulate-research-query", true);
    const taskId = await runTaskId(run);
    await run.getByRole("button", { name: `Show task ${taskId} in Tasks`, exact: true }).click();
    await expect.poll(() => tab(page, "Tasks").getAttribute("aria-selected")).toBe("true");

    const row = taskRow(page, taskId);
    await waitForText(row, "client");
    await waitForText(row, "simulate-research-query");
    // Live: the server's stage messages reach the row while the task works.
    await waitForText(statusCell(row), "working");
    await waitForText(row, /^(Gathering sources|Analyzing content|Synthesizing findings|Generating report)\.\.\.$/);
    await app.screenshot("flow-02-research-query-working");

    await waitForText(statusCell(row), "completed");
    // A terminal task has no Cancel; its result (from tasks/result) is in the details.
    expect(await row.getByRole("button", { name: `Cancel task ${taskId}` }).count()).toBe(0);
    await row.getByRole("button", { name: `Details of task ${taskId}`, exact: true }).click();
    const details = page.getByRole("region", { name: `Task ${taskId}`, exact: true });
    await waitForText(details, /^# Research Report: tide pools\n/);
    await app.screenshot("flow-03-research-query-completed");

    // The run in the Tools tab shows the same outcome.
    await openTab(page, "Tools");
    await waitForText(run, "completed");
    await waitForText(run, /^# Research Report: tide pools\n/);
    expect(app.pageErrors).toEqual([]);
  });

  it("runs simulate-research-query with ambiguous: true, answers its clarification in Elicitations, and the report uses the answer", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp();
    const { page } = app;
    await connect(page, EVERYTHING);

    const form = await openTool(page, "simulate-research-query");
    await form.getByRole("textbox", { name: "topic", exact: true }).fill("python");
    await form.getByRole("checkbox", { name: "ambiguous", exact: true }).check();
    await form.getByRole("button", { name: "Run as task", exact: true }).click();
    const run = runArticle(page, 1, "simulate-research-query", true);
    const taskId = await runTaskId(run);
    // The task waits on us: input_required, and the Elicitations tab counts one pending input.
    await waitForText(run, "input_required");
    await expect.poll(() => tabBadge(page, "Elicitations"), { timeout: FLOW_TIMEOUT_MS }).toBe("1 pending");

    await openTab(page, "Elicitations");
    const card = page.getByRole("article", { name: /^Elicitation request from Everything \(demo\) at \d\d:\d\d:\d\d$/ });
    await card.waitFor({ timeout: FLOW_TIMEOUT_MS });
    await waitForText(card, 'The research query "python" could have multiple interpretations. Please clarify what you\'re looking for:');
    // Related-task _meta (Q3): the request belongs to the tool's task.
    await waitForText(card, taskId);
    await card.getByRole("combobox", { name: "Clarification", exact: true }).selectOption({ label: "Monty Python comedy group" });
    await app.screenshot("flow-04-research-clarification");
    await card.getByRole("button", { name: "Accept", exact: true }).click();
    await card.waitFor({ state: "detached", timeout: FLOW_TIMEOUT_MS });
    await page.getByText("No elicitation is waiting.", { exact: true }).waitFor();
    expect(await tabBadge(page, "Elicitations")).toBe("");

    await openTab(page, "Tools");
    await waitForText(run, "completed", FLOW_TIMEOUT_MS);
    await waitForText(run, /^# Research Report: python \(comedy\)\n/);
    await waitForText(run, /- \*\*Clarification\*\*: comedy\n/);
    await run.scrollIntoViewIfNeeded();
    await app.screenshot("flow-05-research-clarified-completed");

    await openTab(page, "Tasks");
    await waitForText(statusCell(taskRow(page, taskId)), "completed");
    expect(app.pageErrors).toEqual([]);
  });

  it("runs trigger-elicitation-request-async, accepts in Elicitations, and the server's tool result holds the answer", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp();
    const { page } = app;
    await connect(page, EVERYTHING);

    const form = await openTool(page, "trigger-elicitation-request-async");
    await form.getByText("No arguments.", { exact: true }).waitFor();
    await form.getByRole("button", { name: "Run", exact: true }).click();
    const run = runArticle(page, 1, "trigger-elicitation-request-async");
    await waitForText(run, "running");

    await expect.poll(() => tabBadge(page, "Elicitations"), { timeout: FLOW_TIMEOUT_MS }).toBe("1 pending");
    await openTab(page, "Elicitations");
    const card = page.getByRole("article", { name: /^Elicitation request from Everything \(demo\) at / });
    await card.waitFor();
    await waitForText(card, "Please provide inputs for the following fields (async task demo):");
    // Task-augmented: the card names its receiver task, live status and deadline.
    // (The receiver task works while the user decides: "working", with the reason as its message.)
    await waitForText(card, "Receiver task");
    await waitForText(card, "working");
    await waitForText(card, "Awaiting user response");
    await waitForText(card, "Deadline");

    // Validated before sending: "Your Name" is required.
    await card.getByRole("button", { name: "Accept", exact: true }).click();
    await card.getByText("Some fields need attention; nothing was sent.", { exact: true }).waitFor();
    await card.getByRole("textbox", { name: "Your Name", exact: true }).fill("Ada Lovelace");
    await card.getByRole("combobox", { name: "Favorite Color", exact: true }).selectOption({ label: "Green" });
    await card.getByRole("checkbox", { name: "Terms Agreement", exact: true }).check();
    await app.screenshot("flow-06-async-elicitation-filled");
    await card.getByRole("button", { name: "Accept", exact: true }).click();
    await card.waitFor({ state: "detached", timeout: FLOW_TIMEOUT_MS });

    // The server polled our receiver task (tasks/get), fetched tasks/result, and reports the answer.
    await openTab(page, "Tools");
    await waitForText(run, "[COMPLETED] User provided the requested information!");
    await waitForText(run, "User inputs:\n- Name: Ada Lovelace\n- Favorite Color: Green\n- Agreed to terms: true");
    await run.scrollIntoViewIfNeeded();
    await app.screenshot("flow-07-async-elicitation-result");

    await openTab(page, "Tasks");
    const receiverRow = page.getByRole("table", { name: "Tasks" }).getByRole("row").filter({ hasText: "receiver" });
    await waitForText(receiverRow, "elicitation");
    await waitForText(statusCell(receiverRow), "completed");
    expect(app.pageErrors).toEqual([]);
  });

  it("runs trigger-sampling-request-async, approves an edited response in Sampling, and the server's tool result holds it", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp();
    const { page } = app;
    await connect(page, EVERYTHING);

    const form = await openTool(page, "trigger-sampling-request-async");
    await form.getByRole("textbox", { name: "prompt", exact: true }).fill("Write a haiku about waiting");
    // The schema's default shows in the form.
    expect(await form.getByRole("textbox", { name: "maxTokens", exact: true }).inputValue()).toBe("100");
    await form.getByRole("button", { name: "Run", exact: true }).click();
    const run = runArticle(page, 1, "trigger-sampling-request-async");

    await expect.poll(() => tabBadge(page, "Sampling"), { timeout: FLOW_TIMEOUT_MS }).toBe("1 pending");
    await openTab(page, "Sampling");
    const card = page.getByRole("article", { name: /^Sampling request from Everything \(demo\) at / });
    await card.waitFor();
    await waitForText(card, "Resource trigger-sampling-request-async context: Write a haiku about waiting");
    await waitForText(card, "You are a helpful test server.");
    await waitForText(card, "Receiver task");
    // Prefilled with a stub that says what it answers.
    const text = card.getByRole("textbox", { name: "Response text", exact: true });
    expect(await text.inputValue()).toBe('Stub response from MCP Task Inspector to: "Resource trigger-sampling-request-async context: Write a haiku about waiting"');
    await text.fill("Tasks wait in line / the user answers at last / the poll comes back green");
    await card.getByRole("textbox", { name: "Model", exact: true }).fill("e2e-haiku-model");
    await app.screenshot("flow-08-async-sampling-edited");
    await card.getByRole("button", { name: "Approve", exact: true }).click();
    await card.waitFor({ state: "detached", timeout: FLOW_TIMEOUT_MS });
    await page.getByText("No sampling request is waiting.", { exact: true }).waitFor();

    await openTab(page, "Tools");
    await waitForText(run, /^\[COMPLETED\] Async sampling completed!/);
    await waitForText(run, /"text": "Tasks wait in line \/ the user answers at last \/ the poll comes back green"/);
    await waitForText(run, /"model": "e2e-haiku-model"/);
    await run.scrollIntoViewIfNeeded();
    await app.screenshot("flow-09-async-sampling-result");
    expect(app.pageErrors).toEqual([]);
  });
});
