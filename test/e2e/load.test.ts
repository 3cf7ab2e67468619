// The Checks tab's Load pane in Chromium against the demo server (server-everything): echo under load
// with its argument form, the live chart filling in second by second, Stop, and the run's figures.
// 1280×720, both themes.
import { describe, expect, it } from "vitest";
import { openApp } from "./app.js";
import { axeProblems } from "./axe.js";
import { FLOW_TIMEOUT_MS, connect, openTab, waitForText } from "./flows-ui.js";

describe("the Load pane", () => {
  it.each(["light", "dark"] as const)("echo under load: a live chart, Stop, and the figures (%s)", { timeout: 240_000 }, async (scheme) => {
    const app = await openApp({ viewport: { width: 1280, height: 720 }, context: { colorScheme: scheme } });
    const { page } = app;
    await connect(page, "Everything (demo)");
    // The Tools tab lists the tools the pane offers.
    await page.getByRole("region", { name: "Tool list", exact: true }).getByRole("button", { name: "echo", exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await openTab(page, "Checks");
    await page.getByRole("button", { name: "Load", exact: true }).click();
    const pane = page.getByRole("region", { name: "Load", exact: true });
    await pane.getByRole("combobox", { name: "Tool", exact: true }).selectOption("echo");
    await pane.getByRole("textbox", { name: "message", exact: true }).fill("under load");
    const at = pane.getByRole("spinbutton", { name: "At once", exact: true });
    await at.fill("8");
    await pane.getByRole("spinbutton", { name: "At most (calls/s, 0: no limit)", exact: true }).fill("200");
    await pane.getByRole("spinbutton", { name: "For (s)", exact: true }).fill("60");
    await pane.getByRole("button", { name: "Run the load", exact: true }).click();
    // Live: the chart says each second as it ends.
    const chart = pane.getByRole("figure");
    await waitForText(chart.locator("figcaption"), /^After [3-9] s: \d+ calls, 0 errors; the last second \d+ calls\/s/, FLOW_TIMEOUT_MS);
    expect(await chart.locator("rect.load-ok").count()).toBeGreaterThanOrEqual(3);
    await app.screenshot(`load-live-${scheme}`);
    await pane.getByRole("button", { name: "Stop the load", exact: true }).click();
    const figures = pane.getByRole("region", { name: "Load figures", exact: true });
    await waitForText(figures.getByRole("status"), /^echo: \d+ calls, stopped before the end, 8 at once, at most 200\/s$/, FLOW_TIMEOUT_MS);
    await waitForText(figures, /Errorsnone/);
    await figures.scrollIntoViewIfNeeded();
    await app.screenshot(`load-figures-${scheme}`);
    expect(await axeProblems(page)).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });
});
