// Issue 23: the Checks tab in Chromium, against the check-target fixture with two planted defects (a
// structuredContent that breaks its outputSchema: an error; a tool name with markup and control
// characters: a warning). Each verdict shows its rule and detail as text, and a message link opens the
// Logs tab with that message shown.
import { describe, expect, it } from "vitest";
import { callFromPage, openApp } from "./app.js";
import { checkResults, checkTarget, openCheckTarget } from "./checks-ui.js";
import { FLOW_TIMEOUT_MS, connect, openTab, tab, waitForText } from "./flows-ui.js";

describe("the Checks tab", () => {
  it("runs every check, shows each verdict with its rule, and links a verdict's messages to the Logs tab", { timeout: 240_000 }, async () => {
    const app = await openCheckTarget({ defects: ["structured", "tool-name"], viewport: { width: 1280, height: 900 } });
    const { page } = app;
    await page.keyboard.press("Alt+8");
    await expect.poll(() => tab(page, "Checks").getAttribute("aria-selected")).toBe("true");
    await page.getByText("No checks run yet for this session.").waitFor();

    // Safe by default: the tool that is not read-only is offered, unticked.
    await page.getByText(/^Also allow the checks to call… \(0 of \d+ ticked\)$/).click();
    await expect.poll(() => page.getByRole("checkbox", { name: "write-file", exact: true }).isChecked()).toBe(false);
    // The offered tools sit in columns whose first rows line up.
    const firstRows = await page.locator(".checks-tools > li").evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
    expect(firstRows.length).toBeGreaterThanOrEqual(2);
    expect(firstRows[1]).toBe(firstRows[0]);

    await page.getByRole("button", { name: "Run all checks", exact: true }).click();
    const results = checkResults(page);
    await waitForText(results.getByRole("status"), /^\d+ passed, 1 failed, 1 warning, \d+ skipped$/, FLOW_TIMEOUT_MS);
    await app.screenshot("checks-tab-summary");

    const failed = results.getByRole("listitem").filter({ hasText: "results.structured-content" });
    await waitForText(failed, /^Failed/);
    await waitForText(failed, /"echo": structuredContent does not match its outputSchema/);
    const warned = results.getByRole("listitem").filter({ hasText: "tools.name" });
    await waitForText(warned, /^Warning/);
    // The hostile name is shown as escaped text, never as markup.
    expect(await warned.locator("b").count()).toBe(0);
    await waitForText(warned, /bad name, <b>&/);
    // Severity is said on failures only.
    expect(await failed.locator(".check-severity").textContent()).toBe("error");
    expect(await warned.locator(".check-severity").textContent()).toBe("warning");
    const passed = results.getByRole("listitem").filter({ hasText: "lifecycle.ping" });
    await waitForText(passed, /^Passed$/);
    expect(await passed.locator(".check-severity").count()).toBe(0);
    // A verdict's Rule, its messages and its evidence share one line while closed: a report of forty checks stays short.
    const tops = await passed.evaluate((card) => [".check-rule > summary", ".check-messages", ".check-evidence > summary"].map((part) => Math.round(card.querySelector(part)!.getBoundingClientRect().top)));
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(4);
    // Failures only: the error and the warning, nothing else.
    // Our verdicts, over all their areas' lists.
    const verdicts = results.locator(".checks-area > .checks-list > li");
    await results.getByRole("checkbox", { name: "Failures only (2)", exact: true }).check();
    await expect.poll(() => verdicts.count()).toBe(2);
    await app.screenshot("checks-tab-failures-only");
    await results.getByRole("checkbox", { name: "Failures only (2)", exact: true }).uncheck();
    // Hide skipped: the passes and the failures together, in the order they ran.
    const all = await verdicts.count();
    const skipped = await verdicts.filter({ hasText: /^Skipped/ }).count();
    expect(skipped).toBeGreaterThan(0);
    await results.getByRole("checkbox", { name: `Hide skipped (${skipped})`, exact: true }).check();
    await expect.poll(() => verdicts.count()).toBe(all - skipped);
    await app.screenshot("checks-tab-hide-skipped");
    await results.getByRole("checkbox", { name: `Hide skipped (${skipped})`, exact: true }).uncheck();
    await failed.getByText("Rule", { exact: true }).click();
    await waitForText(failed, /servers MUST provide structured results that conform to this schema/);
    await app.screenshot("checks-tab");

    const link = failed.getByRole("button", { name: /^Show message \d+ in the Logs tab$/ }).last();
    const seq = /message (\d+)/.exec((await link.getAttribute("aria-label")) ?? "")![1];
    await link.click();
    await expect.poll(() => tab(page, "Logs").getAttribute("aria-selected")).toBe("true");
    await waitForText(page.getByRole("region", { name: "Protocol messages", exact: true }), new RegExp(`^Message ${seq} \\(in\\)`));
    await app.screenshot("checks-tab-message-link");

    // Back on Checks, the report is still there (kept per session).
    await openTab(page, "Checks");
    await waitForText(checkResults(page).getByRole("status"), /^\d+ passed, 1 failed, 1 warning, \d+ skipped$/);
    expect(app.pageErrors).toEqual([]);
  });
});

describe("the Tools tab on a server that repeats its tools/list cursor", () => {
  it("stops the walk at the repeated cursor and says so once: two tools/list requests, never a loop", { timeout: 240_000 }, async () => {
    const app = await openApp({ savedServers: [checkTarget({ defects: ["pagination-repeat"], id: "repeating", name: "Repeating cursor" })] });
    const { page } = app;
    await connect(page, "Repeating cursor");
    await openTab(page, "Tools");
    const list = page.getByRole("region", { name: "Tool list", exact: true });
    await waitForText(list, /Protocol violation: tools\/list answered the cursor "p2" a second time \(page 2\)/, FLOW_TIMEOUT_MS);
    // What the two pages held is listed.
    await list.getByRole("button", { name: "slow-task", exact: true }).waitFor();
    expect(await list.getByText(/Protocol violation: tools\/list/).count()).toBe(1);
    await app.screenshot("tools-tab-repeated-cursor");
    await openTab(page, "Logs");
    await waitForText(page.getByRole("region", { name: "Protocol messages", exact: true }), /tools\/list/);
    const sessions = (await callFromPage(page, "listSessions")).result as { sessionId: string }[];
    const log = (await callFromPage(page, "getLog", { sessionId: sessions[0]!.sessionId })).result as { entries: { direction: string; method?: string }[] };
    expect(log.entries.filter((e) => e.direction === "out" && e.method === "tools/list")).toHaveLength(2);
    expect(app.pageErrors).toEqual([]);
  });
});

describe("the Checks tab on the demo server", () => {
  it("checks tasks with a tool that needs arguments (the Tools tab's form), shows progress, severities only on failures, and a failures-only filter", { timeout: 240_000 }, async () => {
    const app = await openApp({ viewport: { width: 1280, height: 720 }, context: { colorScheme: "dark" } });
    const { page } = app;
    await connect(page, "Everything (demo)");
    await page.getByRole("region", { name: "Tool list", exact: true }).getByRole("button", { name: "simulate-research-query", exact: true }).waitFor();
    await openTab(page, "Checks");
    await page.getByText(/^Also allow the checks to call… \(0 of \d+ ticked\)$/).click();
    await page.getByRole("checkbox", { name: "simulate-research-query", exact: true }).check();
    const fields = page.getByRole("group", { name: "Arguments for simulate-research-query", exact: true });
    // An empty required argument is refused by the form, not sent.
    await page.getByRole("button", { name: "Run all checks", exact: true }).click();
    await waitForText(page.getByRole("alert"), /The arguments for simulate-research-query are not valid yet/);
    await fields.getByRole("textbox", { name: "topic", exact: true }).fill("tide pools");
    await app.screenshot("checks-tab-tool-arguments");
    await page.getByRole("button", { name: "Run all checks", exact: true }).click();
    // Progress while it runs (the research task takes a few seconds).
    await waitForText(page.getByRole("status"), /^Checking: \d+ of \d+ done, now /);
    await app.screenshot("checks-tab-progress");
    const results = checkResults(page);
    await waitForText(results.getByRole("status"), /^\d+ passed, \d+ failed, \d+ warnings?, \d+ skipped$/, 90_000);
    const created = results.getByRole("listitem").filter({ hasText: "tasks.created" });
    await waitForText(created, /^Passed$/);
    // A pass carries no severity: only a failure says how much it matters.
    expect(await created.locator(".check-severity").count()).toBe(0);
    await app.screenshot("checks-tab-demo");

    expect(app.pageErrors).toEqual([]);
  });
});
