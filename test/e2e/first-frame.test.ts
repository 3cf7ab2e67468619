// Issue 28: the window paints its first frame before the app's code runs. index.html carries the frame the
// app's own components draw at build time (scripts/firstFrame.ts); the app's first commit replaces it.
// Here, in Chromium: the frame alone (its scripts refused), laid out as the live app is; inert until then;
// gone once the app runs; and an app that fails to load says so instead of leaving a frame that never answers.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { launchChromium, SCREENSHOT_DIR, startBrowserMode, type BrowserMode } from "./app.js";

/** The window's landmarks, where the frame and the app must put them alike. */
const LANDMARKS = [".sidebar", ".app-title", ".sidebar-heading", ".session-bar", ".tabbar-row", ".sidebar-toggle", ".tablist", ".tab", ".palette-button", ".dock-toggle", '[role="tabpanel"]'];

type Box = { x: number; y: number; width: number; height: number };

async function boxes(page: Page): Promise<Record<string, Box[]>> {
  return page.evaluate((selectors) => {
    const out: Record<string, Box[]> = {};
    for (const selector of selectors)
      out[selector] = [...document.querySelectorAll(selector)].map((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return { x, y, width, height };
      });
    return out;
  }, LANDMARKS);
}

async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

/** A page whose requests for `blocked` scripts fail, as if those files were missing. */
async function openWith(browser: Browser, server: BrowserMode, blocked: RegExp, options: { width: number; height: number; dark?: boolean }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: options.width, height: options.height }, colorScheme: options.dark ? "dark" : "light" });
  await context.route(blocked, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(server.url);
  return page;
}

/** The live app: its first commit has replaced the frame. */
async function openLive(browser: Browser, server: BrowserMode, size: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await page.goto(server.url);
  await page.getByRole("tab", { name: "Tools", selected: true }).waitFor();
  return { page, errors };
}

describe("the first frame in Chromium", () => {
  it("paints the window before any script runs, laid out as the app's first frame is, and inert until the app takes over", async () => {
    const server = await startBrowserMode();
    const browser = await launchChromium();
    try {
      for (const size of [
        { width: 1280, height: 720 },
        { width: 1920, height: 1080 },
      ]) {
        // No script at all: what the window shows while the app's code loads.
        const frame = await openWith(browser, server, /\/assets\/[\w.-]+\.js$/, size);
        await frame.locator(".first-frame .tab.selected").waitFor();
        expect(await frame.locator(".first-frame .tab.selected").textContent()).toBe("Tools");
        expect(await frame.locator(".first-frame .sidebar .note").textContent()).toBe("Loading servers…");
        // Nothing in it answers: no tab is in the accessibility tree, and Tab moves focus nowhere.
        expect(await frame.getByRole("tab").count()).toBe(0);
        expect(await frame.getByRole("button").count()).toBe(0);
        await frame.keyboard.press("Tab");
        expect(await frame.evaluate(() => document.activeElement === document.body || document.activeElement === null)).toBe(true);
        const framed = await boxes(frame);
        if (size.width === 1280) await screenshot(frame, "first-frame-1280x720-light");

        const { page: live, errors } = await openLive(browser, server, size);
        expect(await live.locator(".first-frame").count()).toBe(0);
        const drawn = await boxes(live);
        for (const selector of LANDMARKS) {
          expect(framed[selector]!.length, selector).toBeGreaterThan(0);
          expect(framed[selector]!.length, selector).toBe(drawn[selector]!.length);
          framed[selector]!.forEach((box, i) => {
            const other = drawn[selector]![i]!;
            for (const side of ["x", "y", "width", "height"] as const) expect(Math.abs(box[side] - other[side]), `${selector} #${i} ${side} at ${size.width}×${size.height}`).toBeLessThanOrEqual(1);
          });
        }
        // The app's tabs answer: the keyboard reaches them, and a click opens a tab.
        await live.getByRole("tab", { name: "Tasks" }).click();
        await live.getByRole("tab", { name: "Tasks", selected: true }).waitFor();
        expect(errors).toEqual([]);
        await frame.context().close();
        await live.context().close();
      }
      const dark = await openWith(browser, server, /\/assets\/[\w.-]+\.js$/, { width: 1280, height: 720, dark: true });
      await dark.locator(".first-frame .tab.selected").waitFor();
      // The frame follows the system's scheme, as the app does until the settings come.
      expect(await dark.evaluate(() => getComputedStyle(document.querySelector(".sidebar")!).backgroundColor)).toBe("rgb(26, 29, 33)");
      await screenshot(dark, "first-frame-1280x720-dark");
    } finally {
      await browser.close();
      await server.stop();
    }
  });

  it("a window laid out otherwise: the frame takes the stored sidebar width, and leaves a hidden sidebar or an open docked panel to the app", async () => {
    const server = await startBrowserMode();
    const browser = await launchChromium();
    try {
      // One context: the pages share the window's storage, as reloads of the window do.
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const live = await context.newPage();
      await live.goto(server.url);
      const divider = live.getByRole("separator", { name: "Resize the servers sidebar" });
      await divider.focus();
      for (let i = 0; i < 8; i++) await live.keyboard.press("ArrowRight");
      await expect.poll(() => live.evaluate(() => document.querySelector(".sidebar")!.getBoundingClientRect().width)).toBeGreaterThan(300);
      /** The page as it shows before the app runs: every script refused but the one that fits the frame. */
      const frameOnly = async () => {
        const page = await context.newPage();
        await page.route(/\/assets\/(?!first-frame-)[\w.-]+\.js$/, (route) => route.abort());
        await page.goto(server.url);
        await page.waitForLoadState("load");
        return page;
      };
      const widened = await frameOnly();
      expect(await widened.locator(".first-frame").count()).toBe(1);
      const reloaded = await context.newPage();
      await reloaded.goto(server.url);
      await reloaded.getByRole("tab", { name: "Tools", selected: true }).waitFor();
      const [framed, drawn] = [await boxes(widened), await boxes(reloaded)];
      expect(framed[".sidebar"]![0]!.width).toBeGreaterThan(300);
      for (const selector of [".sidebar", ".tablist", '[role="tabpanel"]'])
        for (const side of ["x", "width"] as const) expect(Math.abs(framed[selector]![0]![side] - drawn[selector]![0]![side]), `${selector} ${side}`).toBeLessThanOrEqual(1);
      await screenshot(widened, "first-frame-stored-sidebar-width");

      // Hidden sidebar (Ctrl+B): the frame would draw it; the page waits for the app instead.
      await reloaded.keyboard.press("Control+b");
      await reloaded.getByRole("button", { name: "Show the servers sidebar" }).waitFor();
      expect(await (await frameOnly()).locator(".first-frame").count()).toBe(0);
      await reloaded.keyboard.press("Control+b");
      await reloaded.getByRole("button", { name: "Hide the servers sidebar" }).waitFor();
      expect(await (await frameOnly()).locator(".first-frame").count()).toBe(1);
      // An open docked panel (Ctrl+J): not in the frame either.
      await reloaded.keyboard.press("Control+j");
      await reloaded.getByRole("region", { name: "Docked panel" }).waitFor();
      expect(await (await frameOnly()).locator(".first-frame").count()).toBe(0);
    } finally {
      await browser.close();
      await server.stop();
    }
  });

  it("an app whose code does not load says the inspector cannot start, and leaves no frame that never answers", async () => {
    const server = await startBrowserMode();
    const browser = await launchChromium();
    try {
      const page = await openWith(browser, server, /\/assets\/startApp-[\w-]+\.js$/, { width: 1280, height: 720 });
      const alert = page.getByRole("alert");
      await alert.waitFor();
      expect(await alert.getByRole("heading").textContent()).toBe("MCP Task Inspector cannot start");
      expect(await alert.locator("p").first().textContent()).toMatch(/startApp/);
      expect(await alert.locator("p").last().textContent()).toMatch(/reinstall it/);
      expect(await page.locator(".first-frame").count()).toBe(0);
      await screenshot(page, "first-frame-app-failed");
    } finally {
      await browser.close();
      await server.stop();
    }
  });
});
