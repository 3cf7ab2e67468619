// The Checks tab in Chromium with the official conformance suite: run from the tab (beside our checks, or
// alone as the Conformance area), its verdicts an area of their own under the suite's ids, each with what
// the suite saw; our verdicts open the report's own copy of the messages they cite. 1280×720, both themes.
import { describe, expect, it } from "vitest";
import { axeProblems } from "./axe.js";
import { checkResults, openCheckTarget } from "./checks-ui.js";
import { openTab, waitForText } from "./flows-ui.js";

const SUITE_TIMEOUT_MS = 360_000;

describe("the Checks tab with the official conformance suite", () => {
  it("all areas with the suite: ours, then the suite's verdicts as an area of their own, each with its evidence (light)", { timeout: 300_000 }, async () => {
    const app = await openCheckTarget({ viewport: { width: 1280, height: 720 }, context: { colorScheme: "light" } });
    const { page } = app;
    await openTab(page, "Checks");
    await page.getByRole("checkbox", { name: "With the official conformance suite", exact: true }).check();
    await page.getByRole("button", { name: "Run all checks", exact: true }).click();
    const results = checkResults(page);
    await waitForText(results.getByRole("status"), /^.+ passed, \d+ failed, \d+ warnings?, \d+ skipped$/, SUITE_TIMEOUT_MS);
    const suite = results.getByRole("region", { name: "Official conformance suite", exact: true });
    const ping = suite.getByRole("listitem").filter({ hasText: "conformance:ping/ping" });
    await waitForText(ping, /^Passed/);
    // What the fixture lacks of the suite's reference prompts fails, under the suite's own ids.
    const prompts = suite.getByRole("listitem").filter({ hasText: "conformance:prompts-list/prompts-list" });
    await waitForText(prompts, /^Failed/);
    expect(await prompts.locator(".check-severity").textContent()).toBe("error");
    const initialize = suite.getByRole("listitem").filter({ hasText: "conformance:server-initialize/server-initialize" });
    await initialize.getByText("Evidence: what the suite saw", { exact: true }).click();
    await waitForText(initialize.locator("pre.json"), /"connected": true/);
    await initialize.scrollIntoViewIfNeeded();
    await app.screenshot("checks-conformance-suite-light");

    // Ours come first, and keep their own copy of the messages they cite.
    const ours = results.getByRole("list").first().getByRole("listitem").filter({ hasText: "lifecycle.ping" }).first();
    await waitForText(ours, /^Passed/);
    await ours.getByText(/^Evidence: the \d+ messages as the verdict saw them$/).click();
    const copy = ours.getByRole("listitem", { name: /^Message \d+$/ }).first();
    await waitForText(copy, /ping/);
    await copy.scrollIntoViewIfNeeded();
    await app.screenshot("checks-evidence-light");
    // The report with a suite's evidence and a verdict's copied messages open: no WCAG AA problem.
    expect(await axeProblems(page)).toEqual([]);
    // Still in the log: a link there.
    await copy.getByRole("button", { name: /^Show message \d+ in the Logs tab \(from its evidence\)$/ }).click();
    await waitForText(page.getByRole("region", { name: "Protocol messages", exact: true }), /^Message \d+ \((in|out)\)/);
    expect(app.pageErrors).toEqual([]);
  });

  it("the Conformance area runs the suite alone (dark)", { timeout: 300_000 }, async () => {
    const app = await openCheckTarget({ viewport: { width: 1280, height: 720 }, context: { colorScheme: "dark" } });
    const { page } = app;
    await openTab(page, "Checks");
    await page.getByRole("combobox", { name: "Area", exact: true }).selectOption("conformance");
    await waitForText(page.locator(".checks-tab"), /a stdio server's command is started again for each scenario/);
    await page.getByRole("button", { name: "Run the conformance suite", exact: true }).click();
    const results = checkResults(page);
    await waitForText(results.getByRole("status"), /^.+ passed, \d+ failed, \d+ warnings?, \d+ skipped$/, SUITE_TIMEOUT_MS);
    const suite = results.getByRole("region", { name: "Official conformance suite", exact: true });
    await waitForText(suite.getByRole("listitem").filter({ hasText: "conformance:resources-list/resources-list" }), /^Passed/);
    // Only the suite ran.
    expect(await results.locator(".check-id").evaluateAll((ids) => ids.every((e) => e.textContent?.startsWith("conformance:")))).toBe(true);
    await results.getByRole("checkbox", { name: /^Failures only/ }).check();
    await app.screenshot("checks-conformance-failures-dark");
    expect(await axeProblems(page)).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });
});
