// End-to-end flows against a 2026-07-28 server (test/fixtures/modern/modern-server.mjs, SDK v2) in real
// Chromium, through the UI only: a modern task answered through the Elicitations tab (M5) and a multi
// round-trip tool call answered through the Sampling tab (I1–I3).
import { describe, expect, it } from "vitest";
import { openApp } from "./app.js";
import { FLOW_TIMEOUT_MS, connect, fixtureServer, openTab, openTool, runArticle, runTaskId, statusCell, tab, tabBadge, taskRow, waitForText } from "./flows-ui.js";

const MODERN = "Modern fixture";
const TEST_TIMEOUT_MS = 180_000;
const server = () => fixtureServer("e2e-modern", MODERN, "modern/modern-server.mjs");

describe("2026-07-28 flows in Chromium", () => {
  it("M2, M5: a tool the server turns into a task asks for input; it is answered in Elicitations and Sampling, and the task completes", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp({ savedServers: [server()] });
    const { page } = app;
    await connect(page, MODERN);
    // E1: the session names its era.
    await page.getByText("2026-07-28 · stateless", { exact: true }).waitFor();

    const form = await openTool(page, "task-input");
    // M2: no "Run as task" on a modern connection; the tool says why.
    await form.getByText("No arguments.", { exact: true }).waitFor();
    expect(await form.getByRole("button", { name: "Run as task", exact: true }).count()).toBe(0);
    await page.getByText(/the server decides whether a call runs as a task/).waitFor();
    await form.getByRole("button", { name: "Run", exact: true }).click();
    const run = runArticle(page, 1, "task-input");
    const taskId = await runTaskId(run);
    await waitForText(run, "The server ran this call as a task (2026-07-28: the server decides).");

    await expect.poll(() => tabBadge(page, "Elicitations"), { timeout: FLOW_TIMEOUT_MS }).toBe("1 pending");
    await openTab(page, "Elicitations");
    const card = page.getByRole("article", { name: new RegExp(`^Elicitation request from ${MODERN} at `) });
    await waitForText(card, "Your name?");
    await waitForText(card, "a 2026-07-28 task (answered with tasks/update) · key name");
    await card.getByRole("textbox", { name: "name", exact: true }).fill("Hedy");
    await app.screenshot("flow-modern-01-task-elicitation");
    await card.getByRole("button", { name: "Accept", exact: true }).click();
    await card.waitFor({ state: "detached", timeout: FLOW_TIMEOUT_MS });

    await expect.poll(() => tabBadge(page, "Sampling"), { timeout: FLOW_TIMEOUT_MS }).toBe("1 pending");
    await openTab(page, "Sampling");
    const sampling = page.getByRole("article", { name: new RegExp(`^Sampling request from ${MODERN} at `) });
    await waitForText(sampling, "Summarise");
    await sampling.getByRole("textbox", { name: "Response text", exact: true }).fill("brief");
    await sampling.getByRole("button", { name: "Approve", exact: true }).click();
    await sampling.waitFor({ state: "detached", timeout: FLOW_TIMEOUT_MS });

    await openTab(page, "Tasks");
    const row = taskRow(page, taskId);
    await waitForText(row, "· 2026");
    await waitForText(statusCell(row), "completed");
    await app.screenshot("flow-modern-02-task-completed");
    await openTab(page, "Tools");
    await waitForText(run, /"name":\{"action":"accept","content":\{"name":"Hedy"\}\}/);
    expect(app.pageErrors).toEqual([]);
  });

  it("I1–I3: a multi round-trip tool call is answered in Elicitations then Sampling, and its run says how many rounds it took", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp({ savedServers: [server()] });
    const { page } = app;
    await connect(page, MODERN);
    await (await openTool(page, "interview")).getByRole("button", { name: "Run", exact: true }).click();
    const run = runArticle(page, 1, "interview");
    await waitForText(run, "running");

    await expect.poll(() => tabBadge(page, "Elicitations"), { timeout: FLOW_TIMEOUT_MS }).toBe("1 pending");
    await openTab(page, "Elicitations");
    const card = page.getByRole("article", { name: new RegExp(`^Elicitation request from ${MODERN} at `) });
    await waitForText(card, "a multi round-trip request, round 1 · key name");
    await card.getByRole("textbox", { name: "name", exact: true }).fill("Ada");
    await card.getByRole("button", { name: "Accept", exact: true }).click();

    await expect.poll(() => tabBadge(page, "Sampling"), { timeout: FLOW_TIMEOUT_MS }).toBe("1 pending");
    await openTab(page, "Sampling");
    const sampling = page.getByRole("article", { name: new RegExp(`^Sampling request from ${MODERN} at `) });
    await waitForText(sampling, "A haiku for Ada");
    await waitForText(sampling, "a multi round-trip request, round 2 · key haiku");
    await sampling.getByRole("textbox", { name: "Response text", exact: true }).fill("an old silent pond");
    await app.screenshot("flow-modern-03-mrtr-sampling");
    await sampling.getByRole("button", { name: "Approve", exact: true }).click();

    await openTab(page, "Tools");
    await waitForText(run, "Ada / an old silent pond");
    await waitForText(run, "The server asked for input: the call took 3 rounds (2026-07-28 multi round-trip).");
    await run.scrollIntoViewIfNeeded();
    await app.screenshot("flow-modern-04-mrtr-result");
    await expect.poll(() => tab(page, "Sampling").getAttribute("aria-selected")).toBe("false");
    expect(app.pageErrors).toEqual([]);
  });
});
