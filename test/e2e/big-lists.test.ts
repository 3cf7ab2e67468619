// Issue 33, "the page with big servers": a real server over stdio with 100,000 tools, resources and
// prompts (test/fixtures/many-tools-server.mjs, with a 1 MB name, description and URI among them), in
// Chromium at 1280×720. Each list draws a window of rows, its head (count, Refresh, filter) stays in view,
// the filter finds among all of them, the keyboard reaches the last, and both themes are screenshotted.
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { openApp } from "./app.js";
import { FLOW_TIMEOUT_MS, connect, fixtureServer, openTab } from "./flows-ui.js";

const N = 100_000;
const NAME = "Many tools";
const LIST_TIMEOUT_MS = 240_000;
/** A screenful is under 20 rows at 720 px: far fewer than 100,000, and a bound any regression would pass. */
const WINDOW_AT_MOST = 60;

function server() {
  const saved = fixtureServer("e2e-many-tools", NAME, "many-tools-server.mjs");
  if (saved.transport.type !== "stdio") throw new Error("a stdio fixture");
  return { ...saved, transport: { ...saved.transport, args: [...saved.transport.args, String(N), "--hostile"] } };
}

const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? null);
const rowsDrawn = (list: Locator) => list.getByRole("listitem").count();

/** The list's head is on screen: its heading, Refresh and filter. */
async function headInView(list: Locator, what: string): Promise<void> {
  for (const control of [list.getByRole("heading", { level: 2 }), list.getByRole("button", { name: `Refresh ${what}` }), list.getByRole("searchbox")]) {
    const box = (await control.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(720);
  }
}

describe("100,000 tools, resources and prompts (issue 33)", () => {
  it("each list is a window of rows, filtered among all, walked by the keyboard; a 1 MB name is drawn cut; both themes", { timeout: 240_000 }, async () => {
    const app = await openApp({ savedServers: [server()], viewport: { width: 1280, height: 720 }, context: { colorScheme: "light" } });
    const { page } = app;
    await connect(page, NAME);

    await openTab(page, "Tools");
    const tools = page.getByRole("region", { name: "Tool list", exact: true });
    await tools.getByRole("heading", { name: `Tools (${N})` }).waitFor({ timeout: LIST_TIMEOUT_MS });
    expect(await rowsDrawn(tools)).toBeLessThanOrEqual(WINDOW_AT_MOST);
    expect(await tools.getByRole("listitem").first().getAttribute("aria-setsize")).toBe(String(N));

    // The keyboard from the filter to the last of 100,000; Enter opens it.
    const filter = tools.getByRole("searchbox", { name: "Filter tools by name, title or description" });
    await filter.click();
    await page.keyboard.press("ArrowDown");
    expect(await focusedLabel(page)).toBe("tool-000001");
    await page.keyboard.press("End");
    await expect.poll(() => focusedLabel(page)).toBe(`tool-${String(N).padStart(6, "0")}`);
    // The one before it is the 1 MB name: its accessible name is cut too.
    await page.keyboard.press("ArrowUp");
    await expect.poll(async () => (await focusedLabel(page))?.slice(0, 10)).toBe("huge-name-");
    expect((await focusedLabel(page))!.length).toBeLessThan(1_000);
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => focusedLabel(page)).toBe(`tool-0${N - 2}`);
    await page.keyboard.press("Enter");
    await page.getByRole("form", { name: `Arguments for tool-0${N - 2}` }).waitFor();
    await headInView(tools, "tools");
    expect(await rowsDrawn(tools)).toBeLessThanOrEqual(WINDOW_AT_MOST);

    // The filter: a word of the descriptions, then a name; the count of matches said.
    await filter.fill("invoice");
    await tools.getByRole("status").getByText(new RegExp(`^[\\d,]+ of ${N} tools match$`)).waitFor();
    expect(await tools.locator(".item-description").first().textContent()).toContain("invoice");
    await filter.fill("tool-0998");
    await tools.getByText(`100 of ${N} tools match`).waitFor();
    expect(await tools.locator(".item-name").first().textContent()).toBe("tool-099800");
    await page.keyboard.press("ArrowDown");
    expect(await focusedLabel(page)).toBe("tool-099800");
    await app.screenshot("big-lists-1280x720-tools-light");

    // The hostile two: a 1 MB name and a 1 MB description, drawn cut.
    await filter.fill("huge");
    await tools.getByText(`2 of ${N} tools match`).waitFor();
    const texts = await tools.getByRole("listitem").evaluateAll((items) => items.map((li) => li.textContent?.length ?? 0));
    expect(texts).toHaveLength(2);
    for (const length of texts) expect(length).toBeLessThan(2_000);
    await page.emulateMedia({ colorScheme: "dark" });
    await app.screenshot("big-lists-1280x720-tools-hostile-dark");
    await filter.fill("tool-0998");
    await tools.getByText(`100 of ${N} tools match`).waitFor();
    await app.screenshot("big-lists-1280x720-tools-dark");
    await page.emulateMedia({ colorScheme: "light" });

    await openTab(page, "Resources");
    const resources = page.getByRole("region", { name: "Resource list", exact: true });
    await resources.getByRole("heading", { name: `Resources (${N})` }).waitFor({ timeout: LIST_TIMEOUT_MS });
    expect(await rowsDrawn(resources)).toBeLessThanOrEqual(WINDOW_AT_MOST);
    await resources.getByRole("searchbox", { name: "Filter resources by name, URI or description" }).fill("r05555");
    await resources.getByText(`10 of ${N} resources match`).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.getByRole("region", { name: "Resource contents" }).getByText("the text of file:///many/r055559.txt").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await headInView(resources, "resources");
    await app.screenshot("big-lists-1280x720-resources-light");

    await openTab(page, "Prompts");
    const prompts = page.getByRole("region", { name: "Prompt list", exact: true });
    await prompts.getByRole("heading", { name: `Prompts (${N})` }).waitFor({ timeout: LIST_TIMEOUT_MS });
    expect(await rowsDrawn(prompts)).toBeLessThanOrEqual(WINDOW_AT_MOST);
    await prompts.getByRole("searchbox", { name: "Filter prompts by name, title or description" }).click();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.getByRole("region", { name: `Prompt prompt-${String(N).padStart(6, "0")}` }).waitFor();
    await headInView(prompts, "prompts");
    await page.emulateMedia({ colorScheme: "dark" });
    await app.screenshot("big-lists-1280x720-prompts-dark");

    expect(app.pageErrors).toEqual([]);
  });
});
