// MCP Apps in real Chromium, browser mode (issue 20): an App tool's run shows its View, from the sandbox
// proxy on a second loopback port (AP4), under the CSP built from its resource (AP5), answered by the
// official AppBridge (AP7); the View's button calls a server tool through the bridge (AP8), and every
// bridge message is in the Logs tab with its direction.
import { describe, expect, it } from "vitest";
import { openApp, requireBuild } from "./app.js";
import { FLOW_TIMEOUT_MS, connect, fixtureServer, openTab, openTool, runArticle, waitForText } from "./flows-ui.js";

const NAME = "App fixture";
const TEST_TIMEOUT_MS = 60_000;

describe("MCP Apps in Chromium (browser mode)", () => {
  it("AP4, AP5, AP7, AP8: the fixture App renders from the sandbox origin, initializes, gets its input and result, and its button calls a server tool through the bridge", { timeout: TEST_TIMEOUT_MS }, async () => {
    requireBuild();
    const app = await openApp({ savedServers: [fixtureServer("e2e-apps", NAME, "apps/app-server.mjs")], viewport: { width: 1400, height: 1000 } });
    const { page } = app;
    await connect(page, NAME);
    await openTab(page, "Tools");
    // AP2: app-add is listed apart.
    await page.getByRole("heading", { name: "Called by its App (1)" }).waitFor();
    await app.screenshot("apps-01-tools-tab");

    const form = await openTool(page, "greet");
    await form.getByRole("textbox", { name: "name" }).fill("Ada");
    await form.getByRole("button", { name: "Run", exact: true }).click();
    const run = runArticle(page, 1, "greet");
    const panel = run.getByRole("region", { name: "App of greet" });
    await waitForText(panel.getByRole("status"), "initialized");

    // AP4: the frame is the proxy's, on another origin than the page's; the View inside it is sandboxed.
    const frameElement = panel.locator("iframe");
    const src = (await frameElement.getAttribute("src"))!;
    expect(new URL(src).origin).not.toBe(new URL(page.url()).origin);
    expect(await frameElement.getAttribute("sandbox")).toBe("allow-scripts allow-same-origin");
    const proxy = page.frameLocator(`iframe[title="MCP App of greet"]`);
    expect(await proxy.locator("iframe").getAttribute("sandbox")).toBe("allow-scripts allow-forms");
    const view = proxy.frameLocator("iframe");
    await view.getByText("initialized by MCP Task Inspector (web)").waitFor({ timeout: FLOW_TIMEOUT_MS });
    // AP7: tool-input then tool-result.
    await view.getByText('{"name":"Ada"}').waitFor({ timeout: FLOW_TIMEOUT_MS });
    await view.getByText("Hello, Ada!").waitFor({ timeout: FLOW_TIMEOUT_MS });
    // AP8: the View's button calls app-add on the server through the bridge.
    await view.getByRole("button", { name: "Add 2 + 3 on the server" }).click();
    await view.getByText("sum: 5").waitFor({ timeout: FLOW_TIMEOUT_MS });
    // AP5: the CSP in force is shown.
    await panel.getByText("CSP in force").click();
    await panel.getByText(/default-src 'none'.*connect-src https:\/\/listing\.example/).waitFor();
    await app.screenshot("apps-02-greet-app");

    expect(app.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
