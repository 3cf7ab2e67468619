// Hostile MCP App Views in real Chromium (issue 20): each is contained (AP4, AP7, AP12) and the inspector's
// page keeps working: its URL unchanged, no new window, the tabs still answer, the App panel says why.
import { describe, expect, it } from "vitest";
import { openApp, requireBuild } from "./app.js";
import type { Settings } from "../../shared/types.js";
import { FLOW_TIMEOUT_MS, connect, fixtureServer, openTab, openTool, runArticle, waitForText } from "./flows-ui.js";

const NAME = "Hostile Apps";
const TEST_TIMEOUT_MS = 180_000;

async function runHostile(tool: string, settings?: Partial<Settings>) {
  requireBuild();
  const app = await openApp({ savedServers: [fixtureServer("e2e-hostile-apps", NAME, "apps/hostile-app-server.mjs")], viewport: { width: 1400, height: 1000 }, ...(settings ? { settings } : {}) });
  const { page } = app;
  const pageUrl = page.url();
  await connect(page, NAME);
  const form = await openTool(page, tool);
  await form.getByRole("button", { name: "Run", exact: true }).click();
  const run = runArticle(page, 1, tool);
  const panel = run.getByRole("region", { name: `App of ${tool}` });
  /** The inspector still works: same page, one window, tabs answer. */
  const stillWorks = async () => {
    expect(page.url()).toBe(pageUrl);
    expect(page.context().pages()).toHaveLength(1);
    await openTab(page, "Logs");
    await openTab(page, "Tools");
  };
  return { app, page, run, panel, stillWorks };
}

describe("hostile MCP Apps in Chromium (browser mode)", () => {
  it("AP4, AP6, AP11: a View that tries to navigate the inspector's window, open a popup, read the page or storage is refused each, has no permission, and is closed even though it ignores ui/resource-teardown", { timeout: TEST_TIMEOUT_MS }, async () => {
    const { app, page, panel, stillWorks } = await runHostile("escape-top");
    await waitForText(panel.getByRole("status"), "initialized");
    const view = page.frameLocator('iframe[title="MCP App of escape-top"]').frameLocator("iframe");
    await view.getByText("top blocked, popup blocked, storage blocked, no permissions, parent blocked").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await app.screenshot("apps-hostile-01-escape-top");
    // AP11: a View that ignores ui/resource-teardown is closed anyway after the bound, and says so.
    await panel.getByRole("button", { name: "Close App" }).click();
    await panel.getByText("App closed. Closed by you; the View did not answer ui/resource-teardown in time.").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await stillWorks();
  });

  it("AP4: a View that navigates its own frame away is ended with the reason", { timeout: TEST_TIMEOUT_MS }, async () => {
    const { app, panel, stillWorks } = await runHostile("leave-frame");
    await panel.getByText("The App stopped: the View navigated its frame away from its document").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await waitForText(panel.getByRole("status"), "stopped");
    await app.screenshot("apps-hostile-02-leave-frame");
    await stillWorks();
  });

  it("AP12: a View that floods the bridge is stopped with the reason, and the page keeps answering", { timeout: TEST_TIMEOUT_MS }, async () => {
    const { app, panel, stillWorks } = await runHostile("flood");
    await panel.getByText(/The App stopped: The View sent more than 2000 messages in a second/).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await app.screenshot("apps-hostile-03-flood");
    await stillWorks();
  });

  it("AP12: a flooding View keeps to its share of the session log: the session's earlier messages are all still in the Logs tab, and the App's rows say how many were dropped", { timeout: TEST_TIMEOUT_MS }, async () => {
    const { app, page, panel } = await runHostile("flood", { logLimit: 100 });
    await panel.getByText(/The App stopped: The View sent more than 2000 messages in a second/).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await openTab(page, "Logs");
    const table = page.getByRole("table", { name: "Protocol messages" });
    // The last App row (the page's own note of what it did not log) says how many App rows went before it.
    await table.getByText(/App rows dropped/).last().waitFor({ timeout: FLOW_TIMEOUT_MS });
    const rows = await table.getByRole("row").allTextContents();
    // The session's start is still first: the tool list, the run and its View read, before any App row.
    const firstMethods = rows.slice(1, 12).join("\n");
    for (const method of ["tools/list", "tools/call", "resources/read"]) expect(firstMethods).toContain(method);
    expect(rows.findIndex((r) => r.includes("App: "))).toBeGreaterThan(rows.findIndex((r) => r.includes("resources/read")));
    const appRows = rows.filter((r) => r.includes("App: "));
    expect(appRows.length).toBeGreaterThan(0);
    expect(appRows.length).toBeLessThanOrEqual(25);
    // The last App row's JSON says the drop in a sentence.
    const lastApp = rows.length - 1 - [...rows].reverse().findIndex((r) => r.includes("App: "));
    await table.getByRole("row").nth(lastApp).getByRole("button", { name: /^Show message \d+ as JSON$/ }).click();
    await page.getByText(/earlier App bridge rows were dropped: the Apps' share of this log \(a quarter of it\) is full; the session's other messages are kept/).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await app.screenshot("apps-hostile-07-flood-log-share");
    await page.emulateMedia({ colorScheme: "dark" });
    await app.screenshot("apps-hostile-07-flood-log-share-dark");
  });

  it("AP7: a View that never initializes is shown as failed with why, within the bound", { timeout: TEST_TIMEOUT_MS }, async () => {
    const { app, panel, stillWorks } = await runHostile("silent");
    await waitForText(panel.getByRole("status"), "loading; waiting for ui/initialize");
    await panel.getByText(/The App stopped: The View did not initialize within 10 s/).waitFor({ timeout: 45_000 });
    await app.screenshot("apps-hostile-04-silent");
    await stillWorks();
  });

  it("AP12: garbage across the bridge is dropped and the View keeps working", { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page, panel, stillWorks } = await runHostile("garbage");
    await waitForText(panel.getByRole("status"), "initialized");
    const view = page.frameLocator('iframe[title="MCP App of garbage"]').frameLocator("iframe");
    await view.getByText('still answered: "escape-top ran"').waitFor({ timeout: FLOW_TIMEOUT_MS });
    await stillWorks();
  });

  it("AP12: a busy App (1,000 messages a second for 2 s) is not mistaken for a flood", { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page, panel, stillWorks } = await runHostile("busy");
    const view = page.frameLocator('iframe[title="MCP App of busy"]').frameLocator("iframe");
    await view.getByText("sent 2000").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await waitForText(panel.getByRole("status"), "initialized");
    await stillWorks();
  });

  it("AP12: a View that sends one message over the size bound is stopped with the reason", { timeout: TEST_TIMEOUT_MS }, async () => {
    const { panel, stillWorks } = await runHostile("huge-message");
    await panel.getByText(/The App stopped: The View sent a message of \d+ characters, over the 1048576 allowed: stopped/).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await stillWorks();
  });
});
