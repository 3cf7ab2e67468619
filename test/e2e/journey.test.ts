// One session as a keyboard user lives it, in real Chromium against server-everything at 1280×720:
// connect from the command palette, run a tool, answer an elicitation from the request dialog, watch the
// docked Logs, then run the first call again with its arguments edited as JSON. Only page.keyboard acts;
// locators read what the page shows and where the focus is, so a step that only the mouse can take fails.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { openApp, SCREENSHOT_DIR } from "./app.js";
import { EVERYTHING, FLOW_TIMEOUT_MS, runArticle, serverGroup, waitForText } from "./flows-ui.js";

const VIEWPORT = { width: 1280, height: 720 };
/** Tab presses allowed to reach one control: the sidebar, the tab bar and a run list lie between them. */
const MAX_TABS = 150;

/** The focused element's accessible name as a screen reader would read it (label, labelledby, text). */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return "";
    const label = el.getAttribute("aria-label");
    if (label) return label.trim();
    const by = el.getAttribute("aria-labelledby");
    if (by) return by.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? "").join(" ").trim();
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length > 0) return (labels[0]!.textContent ?? "").trim();
    return (el.textContent ?? "").trim();
  });
}

async function isFocusedIn(scope: Locator): Promise<boolean> {
  return (await scope.count()) > 0 && scope.first().evaluate((el) => el.contains(document.activeElement));
}

/** Tab (or Shift+Tab) until the focused control is named `name` (inside `scope`, when given). */
async function tabTo(page: Page, name: string | RegExp, options: { back?: boolean; scope?: Locator } = {}): Promise<void> {
  const matches = (text: string) => (typeof name === "string" ? text === name : name.test(text));
  const seen: string[] = [];
  for (let i = 0; i <= MAX_TABS; i++) {
    const now = await focusedName(page);
    if (matches(now) && (!options.scope || (await isFocusedIn(options.scope)))) return;
    seen.push(now.slice(0, 40));
    await page.keyboard.press(options.back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`No control named ${String(name)} within ${MAX_TABS} ${options.back ? "Shift+Tab" : "Tab"} presses; focus went through: ${seen.join(" | ")}`);
}

/** The window as the user sees it, in both themes. */
async function shots(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `journey-${name}-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** Ctrl+K, the command typed, Enter once the palette has picked `option` (its list fills in as the session loads). */
async function palette(page: Page, command: string, option: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Command palette" });
  await page.keyboard.press("Control+k");
  await dialog.waitFor();
  await page.keyboard.type(command);
  await expect.poll(() => dialog.locator('[role="option"][aria-selected="true"]').textContent(), { timeout: FLOW_TIMEOUT_MS }).toBe(option);
  await page.keyboard.press("Enter");
  await dialog.waitFor({ state: "detached" });
}

describe("a keyboard user's session", () => {
  it("connect → run a tool → answer an elicitation in the dialog → watch the docked Logs → run again with edited JSON, keyboard only", { timeout: 300_000 }, async () => {
    const app = await openApp({ requestDialog: true, viewport: VIEWPORT, context: { colorScheme: "light" } });
    const { page } = app;
    await serverGroup(page, EVERYTHING).waitFor();

    // Connect from the command palette.
    await palette(page, "connect Everything", "Connect Everything (demo)");
    await serverGroup(page, EVERYTHING).getByText("connected", { exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });

    // Run a tool: the palette opens its form, the message is typed, Enter runs it.
    await palette(page, "run tool echo", "Run tool echo…");
    const echo = page.getByRole("form", { name: "Arguments for echo" });
    await echo.waitFor();
    await tabTo(page, "message", { scope: echo });
    await page.keyboard.type("hello, journey");
    await page.keyboard.press("Enter");
    await waitForText(runArticle(page, 1, "echo"), "Echo: hello, journey");

    // A tool that asks the user: its elicitation opens the request dialog with the first field focused.
    await palette(page, "run tool trigger-elicitation-request-async", "Run tool trigger-elicitation-request-async…");
    const asking = page.getByRole("form", { name: "Arguments for trigger-elicitation-request-async" });
    await asking.waitFor();
    await tabTo(page, "Run", { scope: asking });
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Waiting on you: elicitation", exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await expect.poll(() => isFocusedIn(dialog)).toBe(true);
    await tabTo(page, "Your Name", { scope: dialog });
    await page.keyboard.type("Ada Lovelace");
    await tabTo(page, "Favorite Color", { scope: dialog });
    // A closed <select> picks the option its typed letters start.
    await page.keyboard.type("Green");
    await tabTo(page, "Terms Agreement", { scope: dialog });
    await page.keyboard.press("Space");
    await expect.poll(() => dialog.getByRole("checkbox", { name: "Terms Agreement", exact: true }).isChecked()).toBe(true);
    await shots(page, "1280x720-elicitation-dialog");
    await tabTo(page, "Your Name", { back: true, scope: dialog });
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached", timeout: FLOW_TIMEOUT_MS });
    const asked = runArticle(page, 2, "trigger-elicitation-request-async");
    await waitForText(asked, "User inputs:\n- Name: Ada Lovelace\n- Favorite Color: Green\n- Agreed to terms: true");

    // Ctrl+J opens the docked panel; Logs in it, chosen by keyboard, show the request and the answer.
    await page.keyboard.press("Control+j");
    const dock = page.getByRole("region", { name: "Docked panel", exact: true });
    await dock.waitFor();
    const views = dock.getByRole("group", { name: "The docked panel shows", exact: true });
    await tabTo(page, /^Logs/, { scope: views });
    await page.keyboard.press("Enter");
    await expect.poll(() => views.getByRole("button", { name: /^Logs/ }).getAttribute("aria-pressed")).toBe("true");
    const log = dock.getByRole("table", { name: "Protocol messages", exact: true });
    await log.waitFor();
    // The panel grows from the keyboard (arrow keys on its divider), so more than a row or two shows at 720 px.
    const heightBefore = (await dock.boundingBox())!.height;
    await tabTo(page, "Resize the docked panel", { back: true });
    // Each press moves the divider 5% of the workspace's height.
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowUp");
    await expect.poll(async () => (await dock.boundingBox())!.height).toBeGreaterThan(heightBefore + 90);
    // Only the elicitation: the server's request and the answer sent back, each a row of its own. In the
    // panel the filters other than Search fold under "Filters", opened from the keyboard too.
    await tabTo(page, "Filters", { scope: dock });
    await page.keyboard.press("Enter");
    await tabTo(page, "Method", { scope: dock });
    await page.keyboard.type("elicitation/create");
    const rows = log.getByRole("row").filter({ hasText: "elicitation/create" });
    await expect.poll(() => rows.count(), { timeout: FLOW_TIMEOUT_MS }).toBe(2);
    const directions = (await rows.allTextContents()).map((text) => (text.includes("← in") ? "in" : text.includes("→ out") ? "out" : text));
    expect(directions.sort()).toEqual(["in", "out"]);
    for (const row of await rows.all()) {
      const box = (await row.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORT.height);
    }
    // The request was a task on our side (its answer above only created it): what the user typed went back
    // in the answer to the server's tasks/result. Found by searching the payloads.
    await page.keyboard.press("Control+a");
    await page.keyboard.type("tasks/result");
    await tabTo(page, "Search in payloads", { scope: dock });
    await page.keyboard.type("Ada Lovelace");
    const answers = log.getByRole("row").filter({ hasText: "tasks/result" }).filter({ hasText: "→ out" });
    await expect.poll(() => answers.count(), { timeout: FLOW_TIMEOUT_MS }).toBe(1);
    const seq = (await answers.getByRole("cell").first().textContent())!;
    await tabTo(page, `Show message ${seq} as JSON`, { scope: dock });
    await page.keyboard.press("Enter");
    const json = dock.getByRole("region", { name: "Message JSON" });
    await expect.poll(() => json.locator("mark").first().textContent()).toBe("Ada Lovelace");
    await shots(page, "1280x720-docked-logs");

    // Edit and run on the first run (the echo tool's own run list, opened from the palette): its
    // arguments back in the form, switched to JSON, edited, run.
    await palette(page, "run tool echo", "Run tool echo…");
    const first = runArticle(page, 1, "echo");
    await first.waitFor();
    await tabTo(page, "Edit the arguments of Run 1 and run", { scope: first });
    await page.keyboard.press("Enter");
    const message = echo.getByRole("textbox", { name: "message", exact: true });
    await expect.poll(() => message.inputValue()).toBe("hello, journey");
    await tabTo(page, "Edit as JSON", { scope: echo, back: true });
    await page.keyboard.press("Enter");
    const editor = echo.locator(".cm-content");
    await editor.waitFor();
    await expect.poll(async () => JSON.parse(await editor.innerText())).toEqual({ message: "hello, journey" });
    await tabTo(page, "Arguments (JSON)", { scope: echo });
    await page.keyboard.press("Control+a");
    // Typed key by key; the editor closes brackets and quotes and steps over the closing ones typed.
    await page.keyboard.type('{"message": "edited as JSON, \\"quoted\\""}');
    await expect.poll(async () => JSON.parse(await editor.innerText())).toEqual({ message: 'edited as JSON, "quoted"' });
    await shots(page, "1280x720-edit-as-json");
    // Ctrl+Enter runs it from the editor, where Enter is a new line.
    await page.keyboard.press("Control+Enter");
    await waitForText(runArticle(page, 3, "echo"), 'Echo: edited as JSON, "quoted"');
    expect(app.pageErrors).toEqual([]);
  });
});
