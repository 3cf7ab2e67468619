// The workspace in Chromium: every pane fills the window and scrolls inside itself; at 1280×720 no
// button, tab or table cell of any tab is cut off and the page never scrolls sideways; the docked panel
// (Logs, Tasks, Waiting on you) sits beside any tab, moves, and is remembered across a reload; opened by a
// request's arrival, it closes again once nothing waits unless the user changed it meanwhile; Server
// facts and a task's details and timeline open beside the tab, under the tab bar, and Escape closes them
// with focus back where it was; the servers sidebar hides and stays hidden across a reload. Screenshots at three window sizes in both themes; axe-core WCAG AA.
import { afterEach, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { openApp, type App } from "./app.js";
import { axeProblems } from "./axe.js";
import { EVERYTHING, FLOW_TIMEOUT_MS, connect, fixtureServer, fillEverythingTabs, openTab, openTool, serverGroup, statusCell, tab, taskRow, waitForText, type TabName } from "./flows-ui.js";

const TABS: TabName[] = ["Tools", "Tasks", "Sampling", "Elicitations", "Resources", "Prompts", "Logs", "Checks", "Collections"];

let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/**
 * Buttons, tabs and table cells cut off: a box that reaches past an ancestor that clips it without
 * scrolling (overflow hidden or clip), or past the window where nothing scrolls it into view.
 * Items a scrolling pane has scrolled away are not cut off: the user scrolls to them.
 */
function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const describe = (el: Element) => `${el.getAttribute("role") ?? el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 60)}"`;
    for (const el of document.querySelectorAll('button, [role="tab"], [role="cell"], [role="columnheader"]')) {
      if (el.closest(".tab-kept, .visually-hidden, [hidden]")) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      let scrolledX = false;
      let scrolledY = false;
      for (let a = el.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        const outer = a.getBoundingClientRect();
        const pastX = box.left < outer.left - 1 || box.right > outer.right + 1;
        const pastY = box.top < outer.top - 1 || box.bottom > outer.bottom + 1;
        const scrollsX = style.overflowX === "auto" || style.overflowX === "scroll";
        const scrollsY = style.overflowY === "auto" || style.overflowY === "scroll";
        if (pastX && scrollsX) scrolledX = true;
        if (pastY && scrollsY) scrolledY = true;
        if ((pastX && !scrolledX && (style.overflowX === "hidden" || style.overflowX === "clip")) || (pastY && !scrolledY && (style.overflowY === "hidden" || style.overflowY === "clip"))) {
          found.push(`${describe(el)} at x ${Math.round(box.left)}–${Math.round(box.right)}, y ${Math.round(box.top)}–${Math.round(box.bottom)} is cut by ${a.className || a.tagName} (x ${Math.round(outer.left)}–${Math.round(outer.right)}, y ${Math.round(outer.top)}–${Math.round(outer.bottom)})`);
          break;
        }
      }
      if (!scrolledX && box.right > window.innerWidth + 1) found.push(`${describe(el)} ends at x ${Math.round(box.right)}, past the window (${window.innerWidth})`);
    }
    return found;
  });
}

/**
 * Whether a table's rows need scrolling sideways, and which of `cells` are cut to an ellipsis: all but the
 * indexes in `spared` (a column that takes what is left) and cells holding code (an id, cut by design).
 */
function sidewaysOrCut(table: Locator, cells: string, spared: number[] = []): Promise<{ sideways: boolean; cut: (string | null)[] }> {
  return table.evaluate(
    (el, { cells, spared }) => {
      const body = el.querySelector('[role="rowgroup"]:last-child')!;
      const cut = [...el.querySelectorAll(cells)].filter((c, i) => c.scrollWidth > c.clientWidth && !c.querySelector("code") && !spared.includes(i)).map((c) => c.textContent);
      return { sideways: body.scrollWidth > body.clientWidth, cut };
    },
    { cells, spared },
  );
}

/** The page itself never scrolls (each pane does), sideways or down. */
function pageScrolls(page: Page): Promise<{ x: boolean; y: boolean }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { x: root.scrollWidth > root.clientWidth + 1, y: root.scrollHeight > root.clientHeight + 1 };
  });
}

async function showDock(page: Page, view: "Logs" | "Tasks" | "Waiting on you"): Promise<void> {
  const toggle = page.getByRole("button", { name: /^(Show|Hide) panel/ });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await page.getByRole("group", { name: "The docked panel shows", exact: true }).getByRole("button", { name: new RegExp(`^${view}`) }).click();
}

describe("the workspace", () => {
  it("at 1280×720 no button, tab or table cell of any tab is cut off, and the page never scrolls; the tool list keeps its head in view", { timeout: 300_000 }, async () => {
    app = await openApp({ viewport: { width: 1280, height: 720 } });
    const { page } = app;
    await connect(page, EVERYTHING);
    const researchTaskId = await fillEverythingTabs(page, "no clipping");
    await openTab(page, "Tasks");
    await waitForText(statusCell(taskRow(page, researchTaskId)), "completed", FLOW_TIMEOUT_MS);

    const problems: string[] = [];
    for (const name of TABS) {
      await openTab(page, name);
      for (const p of await clipped(page)) problems.push(`${name}: ${p}`);
      const scrolls = await pageScrolls(page);
      if (scrolls.x || scrolls.y) problems.push(`${name}: the page scrolls (${JSON.stringify(scrolls)})`);
    }
    // Every tab in view at once, the sidebar shown and requests waiting (badges on two tabs and on Show
    // panel): the tab bar is not scrolled sideways to hide the last tab.
    expect(await tab(page, "Sampling").getAttribute("aria-describedby")).toBeTruthy();
    const tabBar = await page.getByRole("tablist", { name: "Inspector" }).evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(tabBar.scrollWidth).toBeLessThanOrEqual(tabBar.clientWidth);
    // Checks with its verdicts shown, and its Load pane.
    await openTab(page, "Checks");
    await page.getByRole("combobox", { name: "Area", exact: true }).selectOption("listings");
    await page.getByRole("button", { name: "Run Listings checks", exact: true }).click();
    await waitForText(page.getByRole("region", { name: "Check results", exact: true }).getByRole("status"), /^\d+ passed, /, FLOW_TIMEOUT_MS);
    for (const p of await clipped(page)) problems.push(`Checks, verdicts shown: ${p}`);
    await page.getByRole("button", { name: "Load", exact: true }).click();
    await page.getByRole("region", { name: "Load", exact: true }).waitFor();
    for (const p of await clipped(page)) problems.push(`Checks, Load: ${p}`);
    // With the docked panel open at the bottom, then on the right, and a task's details open.
    await showDock(page, "Logs");
    await openTab(page, "Tasks");
    await taskRow(page, researchTaskId).getByRole("button", { name: `Details of task ${researchTaskId}` }).click();
    await page.getByRole("region", { name: "Task details drawer" }).waitFor();
    for (const p of await clipped(page)) problems.push(`Tasks + details + docked Logs: ${p}`);
    expect(problems).toEqual([]);
    // Beside the details the table keeps the columns that say which task and how it stands, and every
    // row's actions, with nothing to scroll sideways to (the waiting ones' Answer among them).
    const tasksTable = page.getByRole("tabpanel").getByRole("table", { name: "Tasks", exact: true });
    expect(await tasksTable.getByRole("columnheader").allTextContents()).toEqual(["Task ID", "Kind", "Origin", "Status", "Actions"]);
    expect(await tasksTable.evaluate((table) => { const body = table.querySelector('[role="rowgroup"]:last-child')!; return body.scrollWidth <= body.clientWidth; })).toBe(true);
    await tasksTable.getByRole("button", { name: /^Answer input of task / }).first().waitFor();
    await app.screenshot("workspace-1280x720-tasks-details-beside");

    // The tool list's count, Refresh and filter stay in view after the last tool is picked.
    await openTab(page, "Tools");
    const list = page.getByRole("region", { name: "Tool list", exact: true });
    const heading = await list.getByRole("heading", { level: 2 }).textContent();
    expect(heading).toMatch(/^Tools \(\d+\)$/);
    const last = list.locator("button.item").last();
    await last.scrollIntoViewIfNeeded();
    await last.click();
    for (const control of [list.getByRole("searchbox", { name: "Filter tools by name, title or description" }), list.getByRole("button", { name: "Refresh tools" }), list.getByRole("heading", { level: 2 })]) {
      const box = (await control.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(720);
    }
    expect(await list.locator(".list-body").evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    expect(await pageScrolls(page)).toEqual({ x: false, y: false });
  });

  it("the docked panel shows Logs, Tasks or Waiting on you beside any tab, moves to the right, resizes, and is remembered across a reload", { timeout: 240_000 }, async () => {
    app = await openApp({ viewport: { width: 1440, height: 900 } });
    const { page } = app;
    await connect(page, EVERYTHING);
    const echo = await openTool(page, "echo");
    await echo.getByRole("textbox", { name: "message", exact: true }).fill("docked");
    await echo.getByRole("button", { name: "Run", exact: true }).click();

    // Keyboard: Ctrl+J opens the panel.
    await page.keyboard.press("Control+j");
    const dock = page.getByRole("region", { name: "Docked panel", exact: true });
    await dock.waitFor();
    await showDock(page, "Logs");
    // The Tools tab's form and the protocol log, both in view at once.
    await dock.getByRole("region", { name: "Protocol messages", exact: true }).waitFor();
    // It follows the newest: the last message is in view inside the panel, not below the window's edge (the
    // table scrolls inside the panel; the server's log and stderr fold under one line beneath it).
    const table = dock.getByRole("table", { name: "Protocol messages" });
    const total = Number(/ of (\d+) messages/.exec((await dock.getByRole("status").filter({ hasText: / messages/ }).textContent()) ?? "")?.[1]);
    expect(total).toBeGreaterThan(8);
    const newest = table.getByRole("row").filter({ has: page.getByRole("cell", { name: String(total), exact: true }) });
    await expect
      .poll(async () => {
        const row = await newest.boundingBox();
        const box = (await dock.boundingBox())!;
        return !!row && row.y >= box.y && row.y + row.height <= Math.min(box.y + box.height, 900) + 1;
      })
      .toBe(true);
    const more = dock.locator("details.dock-more > summary");
    expect(await more.textContent()).toMatch(/^Server log \(\d+\) and stderr \(\d+ lines?\)$/);
    // One row of controls: Search, with the other filters folded, so the table and that line fit the panel.
    expect(await dock.locator("details.log-filters > summary").textContent()).toBe("Filters");
    const moreBox = (await more.boundingBox())!;
    expect(moreBox.y + moreBox.height).toBeLessThanOrEqual((await dock.boundingBox())!.y + (await dock.boundingBox())!.height);
    expect(await echo.isVisible()).toBe(true);
    const toolsBox = (await page.getByRole("tabpanel").boundingBox())!;
    const dockBox = (await dock.boundingBox())!;
    expect(dockBox.y).toBeGreaterThanOrEqual(toolsBox.y + toolsBox.height - 2); // below the tab

    // Waiting on you: a sampling request, answered from the panel's link (it opens the Sampling tab on it).
    const sampling = await openTool(page, "trigger-sampling-request-async");
    await sampling.getByRole("textbox", { name: "prompt", exact: true }).fill("Name a tide-pool animal");
    await sampling.getByRole("button", { name: "Run", exact: true }).click();
    await showDock(page, "Waiting on you");
    const answer = dock.getByRole("button", { name: /^Answer the sampling request from / });
    await answer.click();
    await expect.poll(() => tab(page, "Sampling").getAttribute("aria-selected")).toBe("true");

    // Drag the divider up: the panel grows.
    const divider = page.getByRole("separator", { name: "Resize the docked panel" });
    const before = (await dock.boundingBox())!.height;
    const grip = (await divider.boundingBox())!;
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + grip.width / 2, grip.y - 120, { steps: 6 });
    await page.mouse.up();
    const grown = (await dock.boundingBox())!.height;
    expect(grown).toBeGreaterThan(before + 60);
    // The size is remembered too: a reload draws the panel at the height it was dragged to.
    await page.reload();
    await dock.waitFor();
    await expect.poll(async () => Math.abs((await dock.boundingBox())!.height - grown)).toBeLessThan(4);

    // To the right, showing Tasks; a reload keeps all of it.
    await showDock(page, "Tasks");
    await dock.getByRole("button", { name: "Dock on the right", exact: true }).click();
    await expect.poll(async () => (await dock.boundingBox())!.x).toBeGreaterThan(700);
    await page.reload();
    await dock.waitFor();
    expect((await dock.boundingBox())!.x).toBeGreaterThan(700);
    expect(await dock.getByRole("button", { name: "Tasks", exact: true }).getAttribute("aria-pressed")).toBe("true");
    // Tasks on the right: the columns that say which task and how it stands, and a task's details below the
    // table, their head in view (not squeezed beside it, nor scrolled past).
    const tasks = dock.getByRole("table", { name: "Tasks" });
    await tasks.getByRole("row").nth(1).waitFor();
    expect(await tasks.getByRole("columnheader").allTextContents()).toEqual(["Task ID", "Status", "Actions"]);
    // Its filters fold under one line, as the docked Logs' do, so the table gets the panel's height.
    const taskFilters = dock.locator(".tasks-tab details.log-filters > summary");
    expect(await taskFilters.textContent()).toBe("Filters");
    expect(await dock.getByRole("combobox", { name: "Kind", exact: true }).isVisible()).toBe(false);
    // The sampling request still waits: its task's row has Answer among its actions (Cancel and Details are
    // icons there), and nothing needs the table scrolled sideways or is cut.
    const waitingRow = tasks.getByRole("row").filter({ has: page.getByRole("button", { name: /^Answer input of task / }) });
    await waitingRow.waitFor();
    expect(await sidewaysOrCut(tasks, '[role="columnheader"], [role="cell"]')).toEqual({ sideways: false, cut: [] });
    // Its details say it waits on the user, with Answer there too.
    await waitingRow.getByRole("button", { name: /^Details of task / }).click();
    const details = dock.getByRole("region", { name: "Task details drawer" });
    await details.waitFor();
    await details.getByRole("button", { name: /^Answer the sampling request task .+ waits on$/ }).waitFor();
    const tasksBox = (await tasks.boundingBox())!;
    const close = (await details.getByRole("button", { name: "Close task details" }).boundingBox())!;
    const dockNow = (await dock.boundingBox())!;
    expect(close.y).toBeGreaterThanOrEqual(tasksBox.y + tasksBox.height - 2);
    expect(close.y + close.height).toBeLessThanOrEqual(dockNow.y + dockNow.height);
    await app.screenshot("workspace-1440x900-docked-tasks-right-details");
    await details.getByRole("button", { name: "Close task details" }).click();
    // Logs on the right, at 1280×720: the JSON below the list, and the list's columns that say most, all in
    // the panel's width.
    await page.setViewportSize({ width: 1280, height: 720 });
    await showDock(page, "Logs");
    const messages = dock.getByRole("table", { name: "Protocol messages" });
    await messages.getByRole("row").nth(1).waitFor();
    const headers = await messages.getByRole("columnheader").allTextContents();
    expect(headers).toEqual(["#", "Time", "Dir.", "Method", "JSON"]);
    const listBox = (await messages.boundingBox())!;
    const method = (await messages.getByRole("columnheader", { name: "Method" }).boundingBox())!;
    expect(method.x + method.width).toBeLessThanOrEqual(listBox.x + listBox.width + 1);
    // At the panel's default width nothing needs the list scrolled sideways, and no header or cell is cut
    // to an ellipsis (the method may be: it takes what is left).
    expect(await sidewaysOrCut(messages, '[role="columnheader"], [role="row"]:last-child > [role="cell"]', [3, 8])).toEqual({ sideways: false, cut: [] });
    const json = (await dock.getByRole("region", { name: "Message JSON" }).boundingBox())!;
    expect(json.y).toBeGreaterThanOrEqual(listBox.y + listBox.height - 2);
    // Search stays out; the other filters fold under one line that says how many are on.
    expect(await dock.getByRole("searchbox", { name: "Search in payloads" }).isVisible()).toBe(true);
    const filters = dock.locator("details.log-filters > summary");
    expect(await filters.textContent()).toBe("Filters");
    expect(await dock.getByRole("combobox", { name: "Direction" }).isVisible()).toBe(false);
    await app.screenshot("workspace-1280x720-docked-logs-right");
    await filters.click();
    await dock.getByRole("textbox", { name: "Method" }).fill("tasks/");
    await expect.poll(() => filters.textContent()).toBe("Filters (1 on)");
    await app.screenshot("workspace-1280x720-docked-logs-right-filters");
    // The list has no room for a row's Save: a call's Save is in the head of its JSON, below the list.
    await dock.getByRole("textbox", { name: "Method" }).fill("tools/call");
    const call = messages.getByRole("row").filter({ hasText: "tools/call" }).filter({ hasText: "out" }).first();
    await call.getByRole("button", { name: /^Show message \d+ as JSON$/ }).click();
    await dock.getByRole("region", { name: "Message JSON" }).getByRole("button", { name: /^Save message \d+ to a collection$/ }).waitFor();
    expect(await messages.getByRole("button", { name: /^Save message / }).count()).toBe(0);
    // Waiting on you on the right: who asks and Answer on one line, what is asked on a line of its own,
    // whole, not cut to nothing beside them.
    await showDock(page, "Waiting on you");
    const waiting = dock.getByRole("list", { name: "Requests waiting on you" }).getByRole("listitem").first();
    const gist = waiting.getByText(/context: Name a tide-pool animal$/);
    await gist.waitFor();
    expect(await gist.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().width > 0)).toBe(true);
    const server = waiting.getByText(EVERYTHING, { exact: true });
    expect(await server.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const answerBox = (await waiting.getByRole("button", { name: /^Answer the sampling request from / }).boundingBox())!;
    expect(answerBox.x + answerBox.width).toBeLessThanOrEqual((await dock.boundingBox())!.x + (await dock.boundingBox())!.width);
    await app.screenshot("workspace-1280x720-docked-waiting-right");
    await dock.getByRole("button", { name: "Close the docked panel" }).click();
    expect(await dock.count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Show panel/ }).getAttribute("aria-expanded")).toBe("false");

    // The servers sidebar hides (its button or Ctrl+B) and the tab takes its room; a reload keeps it hidden.
    const sidebar = page.getByRole("complementary", { name: "Servers", exact: true });
    const panelWidth = (await page.getByRole("tabpanel").boundingBox())!.width;
    await page.getByRole("button", { name: "Hide the servers sidebar", exact: true }).click();
    await sidebar.waitFor({ state: "hidden" });
    expect((await page.getByRole("tabpanel").boundingBox())!.width).toBeGreaterThan(panelWidth + 200);
    await page.reload();
    await page.getByRole("button", { name: "Show the servers sidebar", exact: true }).waitFor();
    expect(await sidebar.isVisible()).toBe(false);
    await page.keyboard.press("Control+b");
    await sidebar.waitFor();
    expect(await page.getByRole("button", { name: "Hide the servers sidebar", exact: true }).getAttribute("aria-expanded")).toBe("true");
  });

  it("a panel the app opened for a request closes again once nothing waits; one the user resized stays; a reload keeps it as the user left it", { timeout: 240_000 }, async () => {
    app = await openApp({ viewport: { width: 1280, height: 720 } });
    const { page } = app;
    await connect(page, EVERYTHING);
    const dock = page.getByRole("region", { name: "Docked panel", exact: true });
    const toggle = page.getByRole("button", { name: /^(Show|Hide) panel/ });
    const ask = async (prompt: string) => {
      const form = await openTool(page, "trigger-sampling-request");
      await form.getByRole("textbox", { name: "prompt", exact: true }).fill(prompt);
      await form.getByRole("button", { name: "Run", exact: true }).click();
      await dock.getByRole("button", { name: /^Answer the sampling request from / }).waitFor({ timeout: FLOW_TIMEOUT_MS });
      expect(await dock.getByRole("button", { name: /^Waiting on you/ }).getAttribute("aria-pressed")).toBe("true");
    };
    const answerFromDock = async (button: "Approve" | "Reject") => {
      await dock.getByRole("button", { name: /^Answer the sampling request from / }).click();
      await expect.poll(() => tab(page, "Sampling").getAttribute("aria-selected")).toBe("true");
      await page.getByRole("tabpanel").getByRole("button", { name: button, exact: true }).click();
    };

    // Closed, untouched: the arrival opens it, the answer closes it, and it stays closed across a reload.
    await ask("Name a crab");
    await answerFromDock("Approve");
    await dock.waitFor({ state: "detached", timeout: FLOW_TIMEOUT_MS });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await app.screenshot(`workspace-1280x720-${scheme}-dock-closed-after-answer`);
    }
    await page.reload();
    await toggle.waitFor();
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("inspector-dock")))!)).toMatchObject({ open: false, view: "logs" });

    // Opened by an arrival, then resized by the user: it is the user's now and stays open once nothing waits.
    await ask("Name a sea star");
    const divider = page.getByRole("separator", { name: "Resize the docked panel" });
    const grip = (await divider.boundingBox())!;
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + grip.width / 2, grip.y - 60, { steps: 4 });
    await page.mouse.up();
    await answerFromDock("Reject");
    await waitForText(dock, /^Nothing is waiting on you/);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await app.screenshot(`workspace-1280x720-${scheme}-dock-kept-after-answer`);
    }
    await page.reload();
    await dock.waitFor();
    expect(await dock.getByRole("button", { name: /^Waiting on you/ }).getAttribute("aria-pressed")).toBe("true");
    expect(app.pageErrors).toEqual([]);
  });

  it("the tool list and the tool's form share the width by a divider: dragged, or moved by arrow keys, and remembered across a reload", { timeout: 240_000 }, async () => {
    app = await openApp({ viewport: { width: 1280, height: 720 } });
    const { page } = app;
    await connect(page, EVERYTHING);
    await openTool(page, "echo");
    const list = page.getByRole("region", { name: "Tool list", exact: true });
    const width = async () => (await list.boundingBox())!.width;
    const before = await width();
    const divider = page.getByRole("separator", { name: "Resize the tool list", exact: true });
    const grip = (await divider.boundingBox())!;
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + grip.width / 2 + 160, grip.y + grip.height / 2, { steps: 6 });
    await page.mouse.up();
    await expect.poll(width).toBeGreaterThan(before + 120);
    const dragged = await width();
    // From the keyboard: focus the divider, the left arrow gives the form some of it back.
    await divider.focus();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(width).toBeLessThan(dragged - 5);
    const kept = await width();
    await page.reload();
    await list.waitFor();
    await expect.poll(async () => Math.abs((await width()) - kept)).toBeLessThan(4);
    expect(await pageScrolls(page)).toEqual({ x: false, y: false });
  });

  it("the servers sidebar widens by its divider (or arrow keys), keeps its width through a hide and a reload, and folds away when dragged past half its least width", { timeout: 240_000 }, async () => {
    app = await openApp({ viewport: { width: 1280, height: 720 } });
    const { page } = app;
    const sidebar = page.getByRole("complementary", { name: "Servers", exact: true });
    const width = async () => (await sidebar.boundingBox())?.width ?? 0;
    const before = await width();
    const divider = page.getByRole("separator", { name: "Resize the servers sidebar", exact: true });
    const grip = (await divider.boundingBox())!;
    await page.mouse.move(grip.x + grip.width / 2, grip.y + 300);
    await page.mouse.down();
    await page.mouse.move(grip.x + grip.width / 2 + 140, grip.y + 300, { steps: 6 });
    await page.mouse.up();
    await expect.poll(width).toBeGreaterThan(before + 100);
    await app.screenshot("workspace-1280x720-sidebar-widened");
    await divider.focus();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(width).toBeLessThan(before + 140 - 5);
    const kept = await width();
    // A window made wider leaves the sidebar as wide as the user made it.
    await page.setViewportSize({ width: 1600, height: 720 });
    await expect.poll(async () => Math.abs((await width()) - kept)).toBeLessThan(4);
    await page.setViewportSize({ width: 1280, height: 720 });
    // Hidden and shown again (Ctrl+B), then reloaded: the same width.
    await page.keyboard.press("Control+b");
    await sidebar.waitFor({ state: "hidden" });
    await expect.poll(() => divider.count()).toBe(0);
    await page.keyboard.press("Control+b");
    await sidebar.waitFor();
    await expect.poll(async () => Math.abs((await width()) - kept)).toBeLessThan(4);
    await page.reload();
    await sidebar.waitFor();
    await expect.poll(async () => Math.abs((await width()) - kept)).toBeLessThan(4);
    expect(await pageScrolls(page)).toEqual({ x: false, y: false });

    // Dragged far to the left, it folds away, and the toggle says it is hidden.
    const from = (await divider.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + 300);
    await page.mouse.down();
    await page.mouse.move(20, from.y + 300, { steps: 8 });
    await page.mouse.up();
    await sidebar.waitFor({ state: "hidden" });
    const toggle = page.getByRole("button", { name: "Show the servers sidebar", exact: true });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    await sidebar.waitFor();
    expect(await width()).toBeGreaterThan(150);
  });

  it("Server facts, a task's details and its timeline open under the tab bar; Escape closes each and focus goes back", { timeout: 240_000 }, async () => {
    app = await openApp({ viewport: { width: 1280, height: 720 } });
    const { page } = app;
    await connect(page, EVERYTHING);
    const tabBarBottom = async () => {
      const box = (await page.getByRole("tablist", { name: "Inspector" }).boundingBox())!;
      return box.y + box.height;
    };

    const factsButton = page.getByRole("button", { name: "Server facts", exact: true });
    await factsButton.click();
    const facts = page.getByRole("dialog", { name: "Server facts" });
    await facts.waitFor();
    expect((await facts.boundingBox())!.y).toBeGreaterThanOrEqual(await tabBarBottom());
    await waitForText(facts, "Protocol version");
    await page.keyboard.press("Escape");
    expect(await facts.count()).toBe(0);
    await expect.poll(() => factsButton.evaluate((el) => el === document.activeElement)).toBe(true);

    const research = await openTool(page, "simulate-research-query");
    await research.getByRole("textbox", { name: "topic", exact: true }).fill("tides");
    await research.getByRole("button", { name: "Run as task", exact: true }).click();
    await openTab(page, "Tasks");
    const row = page.getByRole("row").filter({ hasText: "simulate-research-query" }).first();
    const details = row.getByRole("button", { name: /^Details of task / });
    await details.click();
    const drawer = page.getByRole("region", { name: "Task details drawer" });
    await drawer.waitFor();
    expect((await drawer.boundingBox())!.y).toBeGreaterThanOrEqual(await tabBarBottom());
    await page.keyboard.press("Escape");
    expect(await drawer.count()).toBe(0);
    await expect.poll(() => details.evaluate((el) => el === document.activeElement)).toBe(true);

    const timelineButton = row.getByRole("button", { name: /^Timeline of task / });
    await timelineButton.click();
    const timeline = page.getByRole("dialog", { name: /^Timeline of task / });
    await timeline.waitFor();
    const box = (await timeline.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(await tabBarBottom());
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    await app.screenshot("workspace-1280x720-timeline");
    await page.keyboard.press("Escape");
    expect(await timeline.count()).toBe(0);
    await expect.poll(() => timelineButton.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("a tab opened without the token, or with an old run's, shows one page that says which URL to open; no workspace loading forever", { timeout: 120_000 }, async () => {
    app = await openApp({ viewport: { width: 1280, height: 720 } });
    const { page, browser, server } = app;
    await page.getByRole("group", { name: EVERYTHING, exact: true }).waitFor();
    for (const [what, prepare] of [
      ["no token", async () => {}],
      [
        "an old run's token",
        async (other: Page) => {
          // The token a tab kept from an earlier run (its session storage), which this run refuses.
          await other.goto(`${server.origin}/`);
          await other.evaluate(() => sessionStorage.setItem("mcp-task-inspector-token", "A".repeat(43)));
        },
      ],
    ] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const other = await context.newPage();
      await prepare(other);
      await other.goto(`${server.origin}/`);
      const alert = other.getByRole("alert");
      await alert.getByRole("heading", { name: "This tab cannot reach MCP Task Inspector" }).waitFor();
      expect(await alert.textContent(), what).toContain("Open the full URL that was printed when the inspector started");
      expect(await other.getByText("Loading servers…").count(), what).toBe(0);
      expect(await other.getByText(/npm run web|was lost/).count(), what).toBe(0);
      expect(await other.getByRole("tablist").count(), what).toBe(0);
      await other.screenshot({ path: `${process.cwd()}/test-artifacts/screenshots/workspace-no-token-${what.includes("old") ? "old" : "none"}.png` });
      await context.close();
    }
  });

  it("Resources: the content fills its pane, a template's URI never breaks inside {…}, suggestions never cover the expanded URI", { timeout: 240_000 }, async () => {
    const SERVER = "Completion fixture";
    app = await openApp({ savedServers: [fixtureServer("completion", SERVER, "modern/completion-server.mjs")], viewport: { width: 1280, height: 720 } });
    const { page } = app;
    await connect(page, EVERYTHING);
    await openTab(page, "Resources");
    await page.getByRole("button", { name: "Read demo://resource/static/document/architecture.md", exact: true }).click();
    const contents = page.getByRole("region", { name: "Resource contents", exact: true });
    await waitForText(contents, /^# Everything Server/);
    // Longer than 24rem (336 px): shown at its height, the pane scrolling, not a capped box.
    const box = contents.locator("pre").first();
    const { clientHeight, scrollHeight } = await box.evaluate((el) => ({ clientHeight: el.clientHeight, scrollHeight: el.scrollHeight }));
    expect(clientHeight).toBeGreaterThan(336);
    expect(scrollHeight).toBeLessThanOrEqual(clientHeight + 1);

    // A narrow list: every {expression} of every template stays on one line.
    await page.setViewportSize({ width: 1280, height: 720 });
    const list = page.getByRole("region", { name: "Resource list", exact: true });
    const expressions = list.locator(".uri-expr");
    expect(await expressions.count()).toBeGreaterThan(0);
    expect(await expressions.evaluateAll((spans) => spans.filter((s) => s.getClientRects().length !== 1).map((s) => s.textContent))).toEqual([]);

    await connect(page, SERVER);
    await openTab(page, "Resources");
    const form = page.getByRole("form", { name: "Template Team member", exact: true });
    await form.getByRole("combobox", { name: "department", exact: true }).focus();
    const suggestions = page.getByRole("listbox", { name: "Suggestions for department", exact: true });
    await expect.poll(() => suggestions.getByRole("option").count(), { timeout: FLOW_TIMEOUT_MS }).toBeGreaterThan(0);
    const preview = (await form.getByRole("status", { name: "URI from template Team member" }).or(form.locator("output.template-uri")).first().boundingBox())!;
    const popup = (await suggestions.boundingBox())!;
    const overlaps = popup.x < preview.x + preview.width && preview.x < popup.x + popup.width && popup.y < preview.y + preview.height && preview.y < popup.y + popup.height;
    expect(overlaps).toBe(false);
    await app.screenshot("workspace-1280x720-resources-template-suggestions");
  });

  it("the command palette, keyboard only: open a tool's form by name, answer the oldest waiting request, run the checks", { timeout: 240_000 }, async () => {
    app = await openApp({ viewport: { width: 1280, height: 720 } });
    const { page } = app;
    await connect(page, EVERYTHING);
    await openTab(page, "Tools");
    await page.getByRole("button", { name: "echo", exact: true }).waitFor();
    const palette = page.getByRole("dialog", { name: "Command palette" });

    await page.keyboard.press("Control+k");
    await palette.waitFor();
    await page.keyboard.type("run tool trigger-elicitation-request-async");
    await app.screenshot("workspace-1280x720-command-palette");
    await page.keyboard.press("Enter");
    const form = page.getByRole("form", { name: "Arguments for trigger-elicitation-request-async" });
    await form.waitFor();
    await expect.poll(() => form.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await form.getByRole("button", { name: "Run", exact: true }).press("Enter");

    await page.keyboard.press("Control+k");
    await palette.getByRole("option", { name: /^Answer the oldest waiting request \(elicitation from / }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await page.keyboard.type("answer the oldest");
    await page.keyboard.press("Enter");
    await expect.poll(() => tab(page, "Elicitations").getAttribute("aria-selected")).toBe("true");

    await page.keyboard.press("Control+k");
    await page.keyboard.type("run the checks");
    await page.keyboard.press("Enter");
    await expect.poll(() => tab(page, "Checks").getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => page.evaluate(() => /^Run (all|.+) checks$/.test(document.activeElement?.textContent?.trim() ?? ""))).toBe(true);

    // With the sidebar hidden, Duplicate… shows it with a new entry copied from the server, its name focused.
    await page.keyboard.press("Control+b");
    await page.getByRole("complementary", { name: "Servers", exact: true }).waitFor({ state: "hidden" });
    await page.keyboard.press("Control+k");
    await page.keyboard.type("duplicate every");
    await page.keyboard.press("Enter");
    const copy = page.getByRole("form", { name: "Add server", exact: true });
    await copy.waitFor();
    await expect.poll(() => copy.getByRole("textbox", { name: "Name", exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    await app.screenshot("workspace-1280x720-command-palette-duplicate");
    expect(app.pageErrors).toEqual([]);
  });

  it("nine saved servers: each entry is short, the rest of its actions in a menu the keys work; the menu stays in the window; Add, Import and Settings stay in sight while the list scrolls", { timeout: 240_000 }, async () => {
    const servers = Array.from({ length: 8 }, (_, i) => fixtureServer(`s${i}`, `Server ${i}`, "session-server.mjs"));
    app = await openApp({ savedServers: servers, viewport: { width: 1280, height: 720 }, context: { colorScheme: "dark" } });
    const { page } = app;
    await page.getByRole("group", { name: "Server 7", exact: true }).waitFor();
    await connect(page, "Server 1");
    // Name and state, the command (two lines here), then Connect (or Disconnect and Restart) and the menu
    // button: no entry taller than that, connected or not (Server 1 also has its stderr), so most of nine
    // servers fit a 720-pixel window.
    const heights = await page.locator(".server-list > li").evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().height)));
    expect(heights).toHaveLength(9);
    expect(await page.getByRole("heading", { level: 2, name: "Servers (9)" }).count()).toBe(1);
    for (const [i, height] of heights.entries()) expect(height).toBeLessThanOrEqual(i === 2 ? 130 : 110);
    // Only the list scrolls: Add, Import and Settings are in sight at either end of it.
    const inSight = async (name: string) => {
      const box = (await page.getByRole("button", { name, exact: true }).boundingBox())!;
      return box.y >= 0 && box.y + box.height <= 720;
    };
    for (const end of ["top", "bottom"] as const) {
      await page.locator(".sidebar-body").evaluate((el, end) => (el.scrollTop = end === "top" ? 0 : el.scrollHeight), end);
      expect({ end, add: await inSight("Add server"), import: await inSight("Import servers"), settings: await inSight("Settings") }).toEqual({ end, add: true, import: true, settings: true });
    }
    expect(await pageScrolls(page)).toEqual({ x: false, y: false });
    // Keyboard: Enter on the menu button opens it on its first item; the arrows move; Enter chooses.
    const more = serverGroup(page, "Server 3").getByRole("button", { name: "More actions for Server 3", exact: true });
    await more.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await menu.waitFor();
    const active = () => page.evaluate(() => document.activeElement?.textContent);
    await expect.poll(active).toBe("Edit…");
    expect(await menu.getByRole("menuitem").allTextContents()).toEqual(["Edit…", "Duplicate…", "Diagnose…", "Remove…"]);
    await app.screenshot("server-menu-dark");
    expect(await axeProblems(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });
    await app.screenshot("server-menu-light");
    expect(await axeProblems(page)).toEqual([]);
    await page.keyboard.press("ArrowDown");
    await expect.poll(active).toBe("Duplicate…");
    await page.keyboard.press("ArrowDown");
    await expect.poll(active).toBe("Diagnose…");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Diagnose Server 3", exact: true });
    await dialog.getByRole("status").filter({ hasText: /passed/ }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => more.evaluate((el) => el === document.activeElement)).toBe(true);
    // Shift+F10 from anywhere in an entry opens its menu, as in other desktop apps.
    await serverGroup(page, "Server 5").getByRole("button", { name: "Connect", exact: true }).focus();
    await page.keyboard.press("Shift+F10");
    await expect.poll(active).toBe("Edit…");
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.count()).toBe(0);
    // The last entry's menu, at the foot of the scrolled sidebar, opens where it can be seen whole.
    const last = serverGroup(page, "Server 7").getByRole("button", { name: "More actions for Server 7", exact: true });
    await last.scrollIntoViewIfNeeded();
    await last.click();
    const box = (await menu.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(720);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    await page.keyboard.press("Escape");
    await expect.poll(() => last.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(app.pageErrors).toEqual([]);
  });

  it("keyboard between the parts: the first Tab skips the servers to the open tab; F6 goes round sidebar, tab bar, tab and docked panel", { timeout: 240_000 }, async () => {
    const servers = Array.from({ length: 8 }, (_, i) => fixtureServer(`s${i}`, `Server ${i}`, "session-server.mjs"));
    app = await openApp({ savedServers: servers, viewport: { width: 1280, height: 720 }, context: { colorScheme: "dark" } });
    const { page } = app;
    await page.getByRole("group", { name: "Server 7", exact: true }).waitFor();
    const focused = () => page.evaluate(() => `${document.activeElement?.closest("[data-pane]")?.getAttribute("data-pane")}: ${document.activeElement?.textContent?.trim().slice(0, 40)}`);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to the open tab", exact: true });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    // Drawn where it can be seen while it has the focus, over the sidebar's corner.
    const box = (await skip.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x).toBeGreaterThanOrEqual(0);
    await app.screenshot("workspace-skip-link-dark");
    expect(await axeProblems(page)).toEqual([]);
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("tabpanel");
    // Connected (the focus is then on Disconnect, in the sidebar) and the docked panel open: F6 goes round
    // from the servers to the tab bar, the tab, the panel and back.
    await connect(page, EVERYTHING);
    await page.keyboard.press("Control+j");
    await page.getByRole("region", { name: "Docked panel", exact: true }).waitFor();
    expect(await focused()).toBe("servers: Disconnect");
    const round: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("F6");
      round.push(await focused());
    }
    expect(round.map((r) => r.split(":")[0])).toEqual(["tabbar", "tab", "dock", "servers"]);
    expect(round[0]).toBe("tabbar: Tools");
    expect(round[3]).toBe("servers: Everything (demo)");
    await page.keyboard.press("Shift+F6");
    expect((await focused()).split(":")[0]).toBe("dock");
    expect(app.pageErrors).toEqual([]);
  });

  it("screenshots at 1280×720, 1440×900 and 1920×1080 in both themes, with no WCAG AA problem from axe-core", { timeout: 240_000 }, async () => {
    const problems: string[] = [];
    for (const scheme of ["light", "dark"] as const) {
      app = await openApp({ viewport: { width: 1280, height: 720 }, context: { colorScheme: scheme } });
      const { page } = app;
      await connect(page, EVERYTHING);
      const researchTaskId = await fillEverythingTabs(page, `looks ${scheme}`);
      await showDock(page, "Logs");
      for (const [width, height] of [
        [1280, 720],
        [1440, 900],
        [1920, 1080],
      ] as const) {
        await page.setViewportSize({ width, height });
        await openTool(page, "echo");
        await app.screenshot(`workspace-${width}x${height}-${scheme}-tools-docked-logs`);
        await openTab(page, "Tasks");
        await app.screenshot(`workspace-${width}x${height}-${scheme}-tasks`);
        expect(await pageScrolls(page)).toEqual({ x: false, y: false });
      }
      await page.setViewportSize({ width: 1280, height: 720 });
      await showDock(page, "Waiting on you");
      await taskRow(page, researchTaskId).getByRole("button", { name: `Details of task ${researchTaskId}` }).click();
      await app.screenshot(`workspace-1280x720-${scheme}-tasks-details-waiting`);
      for (const p of await axeProblems(page)) problems.push(`${scheme} · Tasks: ${p}`);
      // The servers sidebar hidden: the table and the details share the whole width.
      await page.keyboard.press("Control+b");
      await page.getByRole("complementary", { name: "Servers", exact: true }).waitFor({ state: "hidden" });
      await app.screenshot(`workspace-1280x720-${scheme}-tasks-details-sidebar-hidden`);
      for (const c of await clipped(page)) problems.push(`${scheme} · Tasks, sidebar hidden: ${c}`);
      await page.keyboard.press("Control+b");
      await openTab(page, "Tools");
      for (const p of await axeProblems(page)) problems.push(`${scheme} · Tools: ${p}`);
      await page.getByRole("button", { name: "Server facts", exact: true }).click();
      await app.screenshot(`workspace-1280x720-${scheme}-server-facts`);
      for (const p of await axeProblems(page)) problems.push(`${scheme} · Server facts: ${p}`);
      await app.close();
      app = undefined;
    }
    expect(problems).toEqual([]);
  });
});
