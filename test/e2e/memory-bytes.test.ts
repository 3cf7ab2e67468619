// Issue 19 in Chromium: the message log's byte bounds are settings (MB and KB, defaults explained), and
// a server that floods 4 MB log notifications leaves a Logs tab that opens at once, flags each cut
// message, and says in its JSON view how big the message was and what was kept.
import { describe, expect, it } from "vitest";
import { openApp } from "./app.js";
import { connect, fixtureServer, openTab, openTool, runArticle, waitForText } from "./flows-ui.js";

const FLOOD = "Log flood";

describe("memory bounded by bytes, in the browser (issue 19)", () => {
  it("the byte settings are shown with their units and defaults; 100 × 4 MB log notifications leave cut entries that say so", { timeout: 240_000 }, async () => {
    const app = await openApp({ savedServers: [fixtureServer("flood", FLOOD, "log-flood-server.mjs")], viewport: { width: 1280, height: 1000 } });
    const { page } = app;

    await page.getByText("Settings", { exact: true }).click();
    const settings = page.getByRole("form", { name: "Settings" });
    expect(await settings.getByLabel("Message log budget (MB)", { exact: true }).inputValue()).toBe("64");
    expect(await settings.getByLabel("Largest logged message (KB)", { exact: true }).inputValue()).toBe("256");
    await settings.getByText(/^A bigger message is logged as a cut.*Default: 256 KB$/).waitFor();
    await app.screenshot("issue19-settings-log-bytes");
    await page.getByText("Settings", { exact: true }).click();

    await connect(page, FLOOD);
    const form = await openTool(page, "flood-log");
    await form.getByLabel("count", { exact: true }).fill("100");
    await form.getByLabel("bytes", { exact: true }).fill(String(4 * 1024 * 1024));
    await form.getByRole("button", { name: "Run", exact: true }).click();
    await waitForText(runArticle(page, 1, "flood-log"), "sent 100", 60_000);

    await openTab(page, "Logs");
    const table = page.getByRole("table", { name: "Protocol messages" });
    const cutRow = table.getByRole("row").filter({ hasText: "notifications/message · cut" }).first();
    await cutRow.waitFor();
    await cutRow.getByRole("button", { name: /^Show message \d+ as JSON$/ }).click();
    await page.locator(".log-cut").getByText(/^4\.0 MB message: the first 25\d\.\d KB kept; each cut is marked "…"$/).waitFor();
    const serverLog = page.getByRole("region", { name: "Server log" });
    await serverLog.getByText(/\(4\.0 MB data: the first 1\d\.\d KB kept; each cut is marked "…"; the protocol log holds more of the message\)/).first().waitFor();
    await page.locator(".message-json").scrollIntoViewIfNeeded();
    await app.screenshot("issue19-logs-cut-entry");

    expect(app.pageErrors).toEqual([]);
    expect(await app.close()).toEqual({ code: 0, signal: null });
  });

  it("past 64 MB of tool results in a session, the oldest run's result is cut and its card says so; the newest stays whole", { timeout: 240_000 }, async () => {
    const app = await openApp({ savedServers: [fixtureServer("flood", FLOOD, "log-flood-server.mjs")], viewport: { width: 1280, height: 900 } });
    const { page } = app;
    await connect(page, FLOOD);
    const form = await openTool(page, "big-result");
    await form.getByLabel("bytes", { exact: true }).fill(String(20 * 1024 * 1024));
    for (let n = 1; n <= 4; n++) {
      await form.getByRole("button", { name: "Run", exact: true }).click();
      await runArticle(page, n, "big-result").getByText("done", { exact: true }).first().waitFor({ timeout: 120_000 });
    }
    // 4 × 20 MB against 64 MB: run 1 is cut, the rest are whole.
    const first = runArticle(page, 1, "big-result");
    await first.locator(".run-cut").getByText(/^20\.0 MB result: the first 25\d\.\d KB kept; each cut is marked "…", to keep this session's tool runs within 64\.0 MB\.$/).waitFor();
    expect(await runArticle(page, 4, "big-result").locator(".run-cut").count()).toBe(0);
    await first.scrollIntoViewIfNeeded();
    await app.screenshot("issue19-tool-run-cut");
    expect(app.pageErrors).toEqual([]);
    expect(await app.close()).toEqual({ code: 0, signal: null });
  });
});
