// A report's evidence outlives the session's bounded log, in Chromium: with a 100-entry log, the checks
// run, then the session goes on (listings) until the log has dropped every message the report cites. A
// verdict's link then opens the report's own copy of its message, said as such, not an empty Logs tab.
import { describe, expect, it } from "vitest";
import { callFromPage } from "./app.js";
import { axeProblems } from "./axe.js";
import { checkResults, openCheckTarget } from "./checks-ui.js";
import { FLOW_TIMEOUT_MS, openTab, waitForText } from "./flows-ui.js";

describe("a report's evidence", () => {
  it.each(["light", "dark"] as const)("a verdict's message the log has dropped opens the report's copy (%s)", { timeout: 240_000 }, async (scheme) => {
    const app = await openCheckTarget({ viewport: { width: 1280, height: 720 }, context: { colorScheme: scheme }, settings: { logLimit: 100 } });
    const { page } = app;
    await openTab(page, "Checks");
    await page.getByRole("combobox", { name: "Area", exact: true }).selectOption("lifecycle");
    await page.getByRole("button", { name: "Run Lifecycle checks", exact: true }).click();
    const results = checkResults(page);
    await waitForText(results.getByRole("status"), /^\d+ passed, 0 failed, 0 warnings, \d+ skipped$/, FLOW_TIMEOUT_MS);
    const ping = results.getByRole("listitem").filter({ hasText: "lifecycle.ping" }).first();
    await ping.getByRole("button", { name: /^Show message \d+ in the Logs tab$/ }).first().waitFor();

    // The session goes on: 60 listings (120 messages) push everything the report cites out of the log.
    const sessionId = ((await callFromPage(page, "listSessions")).result as { sessionId: string }[])[0]!.sessionId;
    for (let i = 0; i < 60; i++) expect((await callFromPage(page, "listTools", { sessionId })).ok).toBe(true);
    const link = ping.getByRole("button", { name: /^Show message \d+: the log no longer holds it, the report's copy$/ }).first();
    await link.waitFor({ timeout: FLOW_TIMEOUT_MS });
    const seq = /message (\d+)/.exec((await link.getAttribute("aria-label")) ?? "")![1];
    await link.click();
    const copy = ping.getByRole("listitem", { name: `Message ${seq}`, exact: true });
    await waitForText(copy, /no longer in the session's log: this is the report's copy/);
    await waitForText(copy, /"method": "ping"/);
    // The link took the user to the copy: it has the focus, and the tab did not change.
    await expect.poll(() => copy.evaluate((el) => el === document.activeElement)).toBe(true);
    await app.screenshot(`checks-evidence-copy-${scheme}`);
    expect(await axeProblems(page)).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });
});
