// Issue 31: the Load pane on a tool's page, in Chromium against the demo server (server-everything): echo's
// page, its form filled in, "Load this tool…" opened from the keyboard, a load run with those arguments, the
// live chart, Stop and the figures. 1280×720, both themes.
import { describe, expect, it } from "vitest";
import { openApp } from "./app.js";
import { axeProblems } from "./axe.js";
import { FLOW_TIMEOUT_MS, connect, waitForText } from "./flows-ui.js";

describe("Load on a tool's page", () => {
  it.each(["light", "dark"] as const)("echo's page loads echo with its form's arguments, live (%s)", { timeout: 240_000 }, async (scheme) => {
    const app = await openApp({ viewport: { width: 1280, height: 720 }, context: { colorScheme: scheme } });
    const { page } = app;
    await connect(page, "Everything (demo)");
    await page.getByRole("region", { name: "Tool list", exact: true }).getByRole("button", { name: "echo", exact: true }).click({ timeout: FLOW_TIMEOUT_MS });
    const toolPage = page.getByRole("region", { name: "Tool echo", exact: true });
    await toolPage.getByRole("textbox", { name: "message", exact: true }).fill("from the tool page");
    const open = toolPage.getByRole("button", { name: "Load this tool…", exact: true });
    await open.focus();
    await page.keyboard.press("Enter");
    const pane = toolPage.getByRole("region", { name: "Load echo", exact: true });
    await pane.getByRole("spinbutton", { name: "At once", exact: true }).fill("4");
    await pane.getByRole("spinbutton", { name: "At most (calls/s, 0: no limit)", exact: true }).fill("100");
    await pane.getByRole("spinbutton", { name: "For (s)", exact: true }).fill("60");
    await pane.getByRole("button", { name: "Run the load", exact: true }).click();
    const chart = pane.getByRole("figure");
    await waitForText(chart.locator("figcaption"), /^After [3-9] s: \d+ calls, 0 errors; the last second \d+ calls\/s/, FLOW_TIMEOUT_MS);
    await chart.scrollIntoViewIfNeeded();
    await app.screenshot(`tool-load-live-${scheme}`);
    await pane.getByRole("button", { name: "Stop the load", exact: true }).click();
    const figures = pane.getByRole("region", { name: "Load figures", exact: true });
    await waitForText(figures.getByRole("status"), /^echo: \d+ calls, stopped before the end, 4 at once, at most 100\/s$/, FLOW_TIMEOUT_MS);
    await waitForText(figures, /Errorsnone/);
    await figures.scrollIntoViewIfNeeded();
    await app.screenshot(`tool-load-figures-${scheme}`);
    expect(await axeProblems(page)).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });
});
