// MCP Apps in real Chromium, browser mode: display modes (AP10) and permissions (AP6), with the fixture
// Studio View, which declares every display mode and clipboard-write, asks for each mode and shows what it
// got, the mode the host context tells it, and whether clipboard-write is allowed in its own frame.
import { describe, expect, it } from "vitest";
import { openApp, requireBuild } from "./app.js";
import { FLOW_TIMEOUT_MS, connect, fixtureServer, openTab, openTool, runArticle, waitForText } from "./flows-ui.js";

const NAME = "App fixture";
const TEST_TIMEOUT_MS = 180_000;
const VIEWPORT = { width: 1400, height: 900 };

describe("MCP App display modes and permissions in Chromium (browser mode)", () => {
  it("AP10: a View that declared fullscreen and pip gets each (answered with the mode set, told by host-context-changed); Escape and Exit full screen return it inline; pip floats in a corner and stays across tabs", { timeout: TEST_TIMEOUT_MS }, async () => {
    requireBuild();
    const app = await openApp({ savedServers: [fixtureServer("e2e-apps-modes", NAME, "apps/app-server.mjs")], viewport: VIEWPORT });
    const { page } = app;
    await connect(page, NAME);
    const form = await openTool(page, "studio");
    await form.getByRole("button", { name: "Run", exact: true }).click();
    const run = runArticle(page, 1, "studio");
    const panel = run.getByRole("region", { name: "App of studio" });
    await waitForText(panel.getByRole("status"), "initialized");
    const frameElement = panel.locator('iframe[title="MCP App of studio"]');
    const view = panel.frameLocator('iframe[title="MCP App of studio"]').frameLocator("iframe");
    await view.getByText("Mode: inline · asked: (nothing)").waitFor({ timeout: FLOW_TIMEOUT_MS });

    // Full screen: the answer is the mode set, the View hears it, and its frame fills the window.
    await view.getByRole("button", { name: "Ask for fullscreen" }).click();
    await view.getByText("Mode: fullscreen · asked: fullscreen → fullscreen").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await view.getByText(/^\d+ x \d+$/).waitFor();
    const bar = page.getByRole("toolbar", { name: "App in full screen" });
    await bar.waitFor();
    const box = (await frameElement.boundingBox())!;
    expect(box.x).toBeLessThanOrEqual(1);
    expect(box.width).toBeGreaterThanOrEqual(VIEWPORT.width - 2);
    expect(box.y + box.height).toBeGreaterThanOrEqual(VIEWPORT.height - 2);
    expect(box.height).toBeGreaterThan(VIEWPORT.height - 80);
    // Keyboard: the exit button has the focus, so Escape works at once.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Exit full screen");
    await app.screenshot("apps-06-fullscreen");
    await page.keyboard.press("Escape");
    await view.getByText("Mode: inline · asked: fullscreen → fullscreen").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await bar.waitFor({ state: "detached" });
    await waitForText(panel, /^inline · \d+ px high$/);
    // The visible button does the same. The View's buttons are pressed from the keyboard wherever its frame
    // has just moved: that frame is laid out in a process of its own after the page, so a pointer click right
    // after a move can land where the button was.
    await view.getByRole("button", { name: "Ask for fullscreen" }).press("Enter");
    await view.getByText("Mode: fullscreen").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await bar.getByRole("button", { name: "Exit full screen" }).click();
    await view.getByText("Mode: inline · asked: fullscreen → fullscreen").waitFor({ timeout: FLOW_TIMEOUT_MS });

    // Picture in picture: a small frame in the bottom right corner, with its own Back / Close buttons.
    await view.getByRole("button", { name: "Ask for pip" }).press("Enter");
    await view.getByText("Mode: pip · asked: pip → pip").waitFor({ timeout: FLOW_TIMEOUT_MS });
    const pip = page.getByRole("toolbar", { name: "App in picture in picture" });
    await pip.waitFor();
    await page.getByText("The App of studio floats in the corner of the window (picture in picture).").waitFor();
    const small = (await frameElement.boundingBox())!;
    expect(small.width).toBeLessThan(VIEWPORT.width / 2);
    expect(small.x + small.width).toBeGreaterThan(VIEWPORT.width - 40);
    expect(small.y + small.height).toBeGreaterThan(VIEWPORT.height - 40);
    // It stays while the user switches tabs: the same document (what it was asked is still shown), still live.
    await openTab(page, "Logs");
    await page.getByRole("table", { name: "Protocol messages" }).waitFor();
    await pip.waitFor();
    // The Tools tab is out of sight (so its run is too); the floating App is not.
    const floating = page.getByRole("region", { name: "App of studio" });
    await floating.frameLocator('iframe[title="MCP App of studio"]').frameLocator("iframe").getByText("Mode: pip · asked: pip → pip").waitFor();
    expect((await floating.locator('iframe[title="MCP App of studio"]').boundingBox())!.width).toBeLessThan(VIEWPORT.width / 2);
    await app.screenshot("apps-07-pip-over-logs");
    // The Logs tab's own controls still work under it.
    await page.getByRole("textbox", { name: "Method" }).fill("ui/request-display-mode");
    await page.getByRole("table", { name: "Protocol messages" }).getByText("App: ui/request-display-mode").first().waitFor({ timeout: FLOW_TIMEOUT_MS });
    // Back to inline returns the App to its place in its tab, and opens that tab.
    await pip.getByRole("button", { name: "Back to inline" }).click();
    await pip.waitFor({ state: "detached" });
    await page.getByRole("tab", { name: "Tools", exact: true, selected: true }).waitFor();
    await view.getByText("Mode: inline · asked: pip → pip").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await waitForText(panel.getByRole("status"), "initialized");

    // The View itself may go back inline, even while another tab is open: its tab keeps it until opened.
    await view.getByRole("button", { name: "Ask for pip" }).press("Enter");
    await pip.waitFor();
    await openTab(page, "Prompts");
    await floating.frameLocator('iframe[title="MCP App of studio"]').frameLocator("iframe").getByRole("button", { name: "Ask for inline" }).click();
    await pip.waitFor({ state: "detached" });
    await openTab(page, "Tools");
    await view.getByText("Mode: inline · asked: inline → inline").waitFor({ timeout: FLOW_TIMEOUT_MS });
    // It also stays while another tool (so other runs) is shown; Close App there tears it down.
    await view.getByRole("button", { name: "Ask for pip" }).press("Enter");
    await pip.waitFor();
    await openTool(page, "plain");
    await page.getByText("No runs of plain yet.").waitFor();
    await floating.frameLocator('iframe[title="MCP App of studio"]').frameLocator("iframe").getByText("Mode: pip · asked: pip → pip").waitFor();
    await app.screenshot("apps-10-pip-over-another-tool");
    await pip.getByRole("button", { name: "Close App" }).click();
    await pip.waitFor({ state: "detached" });
    await openTool(page, "studio");
    await panel.getByText("App closed. Closed by you; the View answered ui/resource-teardown.").waitFor({ timeout: FLOW_TIMEOUT_MS });
    expect(app.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  it("AP6: clipboard-write declared by the View is denied by default (frame allow list, the View's own Permissions Policy, hostCapabilities.sandbox); after the user allows it for the server the View is reloaded with it, and the next run of that server's App has it too", { timeout: TEST_TIMEOUT_MS }, async () => {
    requireBuild();
    const app = await openApp({ savedServers: [fixtureServer("e2e-apps-permissions", NAME, "apps/app-server.mjs")], viewport: VIEWPORT });
    const { page } = app;
    await connect(page, NAME);
    const form = await openTool(page, "studio");
    await form.getByRole("button", { name: "Run", exact: true }).click();
    const panel = runArticle(page, 1, "studio").getByRole("region", { name: "App of studio" });
    await waitForText(panel.getByRole("status"), "initialized");
    const outer = panel.locator('iframe[title="MCP App of studio"]');
    const proxy = panel.frameLocator('iframe[title="MCP App of studio"]');
    const view = proxy.frameLocator("iframe");
    await view.getByText("Granted: nothing").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await view.getByText("clipboard-write policy denied").waitFor();
    await view.getByText("permission denied").waitFor();
    expect(await outer.getAttribute("allow")).toBeNull();
    expect(await proxy.locator("iframe").getAttribute("allow")).toBeNull();
    const ask = panel.getByRole("group", { name: "Permissions the App asks for" });
    await ask.getByText("The View asks for clipboard-write. None is allowed.").waitFor();
    await app.screenshot("apps-08-permission-asked");

    await ask.getByRole("button", { name: "Allow for this server" }).click();
    await ask.getByText("Allowed for this server until you quit: clipboard-write.").waitFor();
    await waitForText(panel.getByRole("status"), "initialized");
    await view.getByText("Granted: clipboardWrite").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await view.getByText("clipboard-write policy allowed").waitFor();
    await view.getByText("permission granted").waitFor();
    expect(await outer.getAttribute("allow")).toBe("clipboard-write");
    expect(await proxy.locator("iframe").getAttribute("allow")).toBe("clipboard-write *");
    expect(new URL((await outer.getAttribute("src"))!).searchParams.get("allow")).toBe("clipboard-write");
    await app.screenshot("apps-09-permission-allowed");

    // Remembered for the server entry: the next run's App has it without asking again.
    await form.getByRole("button", { name: "Run", exact: true }).click();
    const second = runArticle(page, 2, "studio").getByRole("region", { name: "App of studio" });
    await waitForText(second.getByRole("status"), "initialized");
    await second.frameLocator('iframe[title="MCP App of studio"]').frameLocator("iframe").getByText("Granted: clipboardWrite").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await second.getByText("Allowed for this server until you quit: clipboard-write.").waitFor();

    // Withdrawn: the View is reloaded without it.
    await second.getByRole("group", { name: "Permissions the App asks for" }).getByRole("button", { name: "Withdraw" }).click();
    await second.frameLocator('iframe[title="MCP App of studio"]').frameLocator("iframe").getByText("clipboard-write policy denied").waitFor({ timeout: FLOW_TIMEOUT_MS });
    expect(await second.locator('iframe[title="MCP App of studio"]').getAttribute("allow")).toBeNull();
    expect(app.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
