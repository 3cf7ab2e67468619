// The Logs tab as a place to watch a session, in Chromium at 1280×720 in both themes: the JSON beside the
// table with a divider the mouse moves, search inside payloads (Ctrl+F) with the matches marked, the latency of
// each request, newest first following new messages, and Clear.
import { describe, expect, it } from "vitest";
import { openApp } from "./app.js";
import { EVERYTHING, connect, openTab } from "./flows-ui.js";

describe("Logs workspace in Chromium", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    it(`${colorScheme}: JSON beside the table, divider dragged, search marked, latency shown, newest first follows, Clear`, async () => {
      const app = await openApp({ viewport: { width: 1280, height: 720 }, context: { colorScheme } });
      const { page } = app;
      await connect(page, EVERYTHING);
      await openTab(page, "Logs");
      const table = page.getByRole("table", { name: "Protocol messages" });
      await table.getByRole("row").nth(2).waitFor();

      // Latency: the initialize request and its answer show the time between them.
      const latencyColumn = (await table.getByRole("columnheader").allTextContents()).indexOf("Latency");
      expect(latencyColumn).toBeGreaterThan(0);
      const initialize = table.getByRole("row").filter({ hasText: "initialize" }).first();
      await expect.poll(() => initialize.getByRole("cell").nth(latencyColumn).textContent()).toMatch(/^\d+ ms$/);

      // Search inside payloads: the server's name appears in the initialize answer only. Ctrl+F from the tab
      // bar goes to the tab's search box (the browser's find bar is not opened).
      await page.getByRole("tab", { name: /^Logs/ }).focus();
      await page.keyboard.press("Control+f");
      await page.keyboard.type("serverInfo");
      expect(await page.getByRole("searchbox", { name: "Search in payloads" }).inputValue()).toBe("serverInfo");
      await page.getByText(/\d+ match "serverInfo"/).waitFor();
      const seqOfFirst = await table.getByRole("row").nth(1).getByRole("cell").first().textContent();
      await page.getByRole("button", { name: `Show message ${seqOfFirst} as JSON` }).click();
      const pane = page.getByRole("region", { name: "Message JSON" });
      await expect.poll(() => pane.locator("mark").first().textContent()).toBe("serverInfo");

      // The JSON scrolled down to the match (asked before the full-page screenshot, which may resize the
      // viewport for a moment); the message's head and its Copy stay in view at the pane's top.
      await expect.poll(() => pane.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      await app.screenshot(`logs-workspace-${colorScheme}`);
      const copy = pane.getByRole("button", { name: `Copy message ${seqOfFirst} as JSON`, exact: true });
      const [copyBox, shownPane] = [(await copy.boundingBox())!, (await pane.boundingBox())!];
      expect(copyBox.y).toBeGreaterThanOrEqual(shownPane.y - 1);
      expect(copyBox.y + copyBox.height).toBeLessThanOrEqual(shownPane.y + shownPane.height);
      expect(await copy.evaluate((el) => document.elementFromPoint(el.getBoundingClientRect().x + 4, el.getBoundingClientRect().y + 4) === el || el.contains(document.elementFromPoint(el.getBoundingClientRect().x + 4, el.getBoundingClientRect().y + 4)))).toBe(true);
      // Beside the table, and the divider moves it.
      const tableBox = (await table.boundingBox())!;
      const paneBox = (await pane.boundingBox())!;
      expect(paneBox.x).toBeGreaterThan(tableBox.x + tableBox.width - 2);
      expect(paneBox.y).toBeLessThan(tableBox.y + 40);
      const divider = page.getByRole("separator", { name: "Resize the message list and its JSON" });
      const handle = (await divider.boundingBox())!;
      await page.mouse.move(handle.x + handle.width / 2, handle.y + 40);
      await page.mouse.down();
      await page.mouse.move(handle.x - 150, handle.y + 40, { steps: 5 });
      await page.mouse.up();
      await expect.poll(async () => (await table.boundingBox())!.width).toBeLessThan(tableBox.width - 100);
      // Nothing needs the page to scroll sideways at 1280×720.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // Newest first, following: a ping from the session bar arrives at the top.
      await page.getByRole("searchbox", { name: "Search in payloads" }).fill("");
      await page.getByRole("combobox", { name: "Order" }).selectOption("newest");
      const newestBefore = Number(await table.getByRole("row").nth(1).getByRole("cell").first().textContent());
      await page.evaluate(async () => {
        // The inspector's own ping, as the session bar's Ping button sends it.
        const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Ping");
        button?.click();
      });
      await expect.poll(async () => Number(await table.getByRole("row").nth(1).getByRole("cell").first().textContent())).toBeGreaterThan(newestBefore);
      expect(await page.getByRole("button", { name: "Follow newest" }).getAttribute("aria-pressed")).toBe("true");

      // Clear the view: the count says what is left, Show all brings it back.
      await page.getByRole("button", { name: "Clear view" }).click();
      await page.getByText(/^0 of \d+ messages/).waitFor();
      await page.getByRole("button", { name: /^Show all \(\d+ cleared\)$/ }).click();
      expect(app.pageErrors).toEqual([]);
    });
  }
});
