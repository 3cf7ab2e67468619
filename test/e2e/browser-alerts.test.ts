// Issue 21 in real Chromium: browser mode tells a user in another tab that a server waits. The test
// context grants the notifications permission; an init script wraps the page's Notification so the test
// sees each one constructed and can click it, and plays "the user is in another tab" (document.hasFocus).
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { openApp } from "./app.js";
import { EVERYTHING, FLOW_TIMEOUT_MS, connect, openTab, openTool, runArticle, tab, waitForText } from "./flows-ui.js";

interface Recorded {
  title: string;
  body?: string;
  tag?: string;
}

/** Runs in the page before its scripts: records Notifications, and lets the test say whether the tab has focus. */
function recordNotifications() {
  const w = window as unknown as { __notifications: Notification[]; __focused: boolean; __asked: number };
  w.__notifications = [];
  w.__focused = true;
  w.__asked = 0;
  const Real = window.Notification;
  class Recording extends Real {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      w.__notifications.push(this);
    }
  }
  const ask = Real.requestPermission.bind(Real);
  Object.defineProperty(Recording, "requestPermission", {
    value: (...args: Parameters<typeof Notification.requestPermission>) => {
      w.__asked += 1;
      return ask(...args);
    },
  });
  window.Notification = Recording as typeof Notification;
  Document.prototype.hasFocus = () => w.__focused;
}

function recorded(page: Page): Promise<Recorded[]> {
  return page.evaluate(() => (window as unknown as { __notifications: Notification[] }).__notifications.map((n) => ({ title: n.title, body: n.body, tag: n.tag })));
}

function asked(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __asked: number }).__asked);
}

function setFocused(page: Page, focused: boolean): Promise<void> {
  return page.evaluate((value) => void ((window as unknown as { __focused: boolean }).__focused = value), focused);
}

function faviconCount(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.dataset.count);
}

describe("browser mode tells the user a server waits (issue 21)", () => {
  it("a pending elicitation while the tab is in the background: title and favicon count it, a Web Notification names the server, and its click opens the item", { timeout: 120_000 }, async () => {
    const app = await openApp({ context: { permissions: ["notifications"] }, initScript: recordNotifications });
    const { page } = app;
    await connect(page, EVERYTHING);
    expect(await page.title()).toBe("MCP Task Inspector");
    expect(await page.evaluate(() => Notification.permission)).toBe("granted");

    const form = await openTool(page, "trigger-elicitation-request-async");
    await setFocused(page, false); // the user goes to another tab while the tool runs
    await form.getByRole("button", { name: "Run", exact: true }).click();
    await waitForText(runArticle(page, 1, "trigger-elicitation-request-async"), "running");

    await expect.poll(() => page.title(), { timeout: FLOW_TIMEOUT_MS }).toBe("(1) MCP Task Inspector");
    expect(await faviconCount(page)).toBe("1");
    await expect.poll(() => recorded(page), { timeout: FLOW_TIMEOUT_MS }).toHaveLength(1);
    const [shown] = await recorded(page);
    expect(shown!.title).toBe("Everything (demo) is waiting on you");
    expect(shown!.body).toMatch(/^Elicitation: Please provide inputs for the following fields \(async task demo\):/);

    // The user clicks it: the page opens the Elicitations tab on that request.
    await setFocused(page, true);
    expect(await tab(page, "Tools").getAttribute("aria-selected")).toBe("true");
    await page.evaluate(() => (window as unknown as { __notifications: Notification[] }).__notifications[0]!.dispatchEvent(new Event("click")));
    await expect.poll(() => tab(page, "Elicitations").getAttribute("aria-selected")).toBe("true");
    const card = page.getByRole("article", { name: /^Elicitation request from Everything \(demo\) at / });
    await expect.poll(() => card.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.getByText("Settings", { exact: true }).click();
    await page.getByText("Browser notifications are on for this page while you are in another tab.", { exact: true }).waitFor();
    await app.screenshot("alerts-1-notification-opened-elicitation");
    // Settings are a dialog over the workspace: closed again (Escape) to answer the card under it.
    await page.keyboard.press("Escape");

    // Answered: the count goes, the notification closes with nothing left in it.
    await card.getByRole("button", { name: "Decline", exact: true }).click();
    await expect.poll(() => page.title(), { timeout: FLOW_TIMEOUT_MS }).toBe("MCP Task Inspector");
    expect(await faviconCount(page)).toBe("0");
    expect(await recorded(page)).toHaveLength(1);
    expect(app.pageErrors).toEqual([]);
  });

  it("without the permission: no prompt on load, an Allow button in Settings, and the title still counts", { timeout: 120_000 }, async () => {
    const app = await openApp({ initScript: recordNotifications });
    const { page } = app;
    await connect(page, EVERYTHING);
    expect(await page.evaluate(() => Notification.permission)).toBe("default");
    const form = await openTool(page, "trigger-elicitation-request-async");
    await setFocused(page, false);
    await form.getByRole("button", { name: "Run", exact: true }).click();
    await expect.poll(() => page.title(), { timeout: FLOW_TIMEOUT_MS }).toBe("(1) MCP Task Inspector");
    expect(await recorded(page)).toEqual([]);

    await page.getByText("Settings", { exact: true }).click();
    const allow = page.getByRole("button", { name: "Allow browser notifications", exact: true });
    await allow.waitFor();
    await allow.scrollIntoViewIfNeeded();
    await app.screenshot("alerts-2-allow-button");
    expect(await asked(page)).toBe(0);
    await allow.click();
    await expect.poll(() => asked(page)).toBe(1);
    await page.keyboard.press("Escape"); // the Settings dialog closed, the tabs are the user's again
    await openTab(page, "Elicitations");
    expect(app.pageErrors).toEqual([]);
  });
});
