// MCP Apps in real Chromium, browser mode (issue 20): an App tool's run shows its View, from the sandbox
// proxy on a second loopback port (AP4), under the CSP built from its resource (AP5), answered by the
// official AppBridge (AP7); the View's button calls a server tool through the bridge (AP8), and every
// bridge message is in the Logs tab with its direction.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { FrameLocator, Locator } from "playwright-core";
import type { SavedServer } from "../../shared/types.js";
import { openApp, requireBuild } from "./app.js";
import { FLOW_TIMEOUT_MS, connect, fixtureServer, openTab, openTool, runArticle, waitForText } from "./flows-ui.js";

const NAME = "App fixture";
const TEST_TIMEOUT_MS = 180_000;

/** What the fixture View wrote into one of its answer spans, once it wrote anything (so a failure reads it). */
async function answerIn(view: FrameLocator, selector: string): Promise<string> {
  const span = view.locator(selector);
  await span.filter({ hasText: /\S/ }).waitFor({ timeout: FLOW_TIMEOUT_MS });
  return (await span.textContent()) ?? "";
}

describe("MCP Apps in Chromium (browser mode)", () => {
  it("AP2, AP4, AP5, AP7, AP8, AP9, AP10, AP11: the fixture App renders from the sandbox origin, initializes with the host context, gets its input then its result, is clamped in size, and its button calls a server tool through the bridge", { timeout: TEST_TIMEOUT_MS }, async () => {
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
    // AP7: hostContext and hostCapabilities as the rule lists them; nothing before the answer to
    // ui/initialize, then tool-input exactly once, then tool-result.
    await view.getByText(/^(light|dark) · inline · inline\/fullscreen\/pip · \S+ · timeZone · width · greet$/).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await view.getByText("logging message openLinks sandbox serverResources serverTools updateModelContext").waitFor();
    await view.getByText("(initialize answered), ui/notifications/tool-input, ui/notifications/tool-result").waitFor({ timeout: FLOW_TIMEOUT_MS });
    // AP10: a size-changed of 100000 px is clamped to the panel's bound.
    await waitForText(panel, "inline · 1200 px high");
    expect((await frameElement.boundingBox())!.height).toBeLessThanOrEqual(1202);
    // AP7: tool-input then tool-result.
    await view.getByText('{"name":"Ada"}').waitFor({ timeout: FLOW_TIMEOUT_MS });
    await view.getByText("Hello, Ada!").waitFor({ timeout: FLOW_TIMEOUT_MS });
    // AP8: the View's button calls app-add on the server through the bridge.
    await view.getByRole("button", { name: "Add 2 + 3 on the server" }).click();
    await view.getByText("sum: 5").waitFor({ timeout: FLOW_TIMEOUT_MS });
    // The View's later buttons are pressed by key: its frame is resized as its content grows (AP7), and a
    // pointer click placed before a resize can land beside its button on a busy machine.
    // AP2: a tool whose visibility leaves out "app" is refused with a JSON-RPC error, and the panel says so.
    await view.getByRole("button", { name: "Call model-only" }).press("Enter");
    await view.getByText('refused (-32602): The View may not call model-only: its _meta.ui.visibility leaves out "app"').waitFor({ timeout: FLOW_TIMEOUT_MS });
    await panel.getByText(/tools\/call model-only: .*leaves out "app"/).waitFor();
    // AP8: the View's resources/read goes to its own session.
    await view.getByRole("button", { name: "Read my own View" }).press("Enter");
    expect(await answerIn(view, "#read-result")).toMatch(/^read text\/html;profile=mcp-app, \d+ characters$/);
    // AP9: ui/update-model-context is shown, the latest kept, answered {}.
    await view.getByRole("button", { name: "Update model context" }).press("Enter");
    await view.getByText("context sent 1").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await view.getByRole("button", { name: "Update model context" }).press("Enter");
    await view.getByText("context sent 2").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await panel.getByText("The user greeted Ada 2 time(s)").waitFor();
    expect(await panel.getByText("The user greeted Ada 1 time(s)").count()).toBe(0);
    // AP9: ui/open-link is http(s) only: anything else is refused without asking, with -32000.
    await view.getByRole("button", { name: "Open a javascript: link" }).press("Enter");
    await view.getByText("link refused (-32000)").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await panel.getByText("ui/open-link javascript:alert(1): only http(s) links open").waitFor();
    expect(await panel.getByRole("alertdialog").count()).toBe(0);
    // AP10: a display mode this host does not offer is answered with the mode actually set.
    await view.getByRole("button", { name: "Ask for fullscreen" }).press("Enter");
    await view.getByText("display mode now inline").waitFor({ timeout: FLOW_TIMEOUT_MS });
    // AP10: a narrower window changes the container's width: the View hears host-context-changed. Done
    // after the View's last click: the View's frame is laid out in its own process after the page's, so a
    // click right after a resize could land where its button used to be.
    await page.setViewportSize({ width: 1100, height: 1000 });
    await view.getByText(/ui\/notifications\/tool-result, ui\/notifications\/host-context-changed/).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await page.setViewportSize({ width: 1400, height: 1000 });
    // AP5: the CSP in force is shown.
    await panel.getByText("CSP in force").click();
    await panel.getByText(/default-src 'none'.*connect-src https:\/\/listing\.example/).waitFor();
    await app.screenshot("apps-02-greet-app");

    // Issue 20: the bridge's messages are in the Logs tab with their direction.
    await openTab(page, "Logs");
    const table = page.getByRole("table", { name: "Protocol messages" });
    // The method filter finds the bridge's messages by their own method.
    await page.getByRole("textbox", { name: "Method" }).fill("ui/");
    await table.getByText("App: ui/initialize").first().waitFor({ timeout: FLOW_TIMEOUT_MS });
    await table.getByText("App: ui/notifications/tool-result").first().waitFor();
    await table.getByText("app → host").first().waitFor();
    await table.getByText("host → app").first().waitFor();
    await app.screenshot("apps-03-logs");
    await page.getByRole("textbox", { name: "Method" }).fill("");

    // AP11: Close App sends ui/resource-teardown and waits (bounded) for the View's answer before the frame goes.
    await openTab(page, "Tools");
    await waitForText(panel.getByRole("status"), "initialized");
    await panel.getByRole("button", { name: "Close App" }).click();
    await panel.getByText("App closed. Closed by you; the View answered ui/resource-teardown.").waitFor({ timeout: FLOW_TIMEOUT_MS });
    expect(await panel.locator("iframe").count()).toBe(0);

    expect(app.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  it("AP7, AP8, AP9, AP11: the real peer @modelcontextprotocol/server-basic-vanillajs renders, its Get Server Time button calls get-time through the bridge, its message shows in the panel and its link asks first", { timeout: TEST_TIMEOUT_MS }, async () => {
    requireBuild();
    const entry = fileURLToPath(new URL("../../node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js", import.meta.url));
    const basic: SavedServer = {
      id: "e2e-basic-vanillajs",
      name: "Basic vanillajs",
      era: "auto",
      transport: { type: "stdio", command: process.execPath, args: [entry, "--stdio"], env: {} },
      features: { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true },
    };
    const { app, page, run, panel, view } = await runRealPeerGetTime(basic);
    const time = view.locator("#server-time");
    await getTimeThroughTheBridge(view, panel, time);
    // AP8: the View's notifications/message (its Send Log) goes to the Logs tab, checked below.
    await view.getByRole("button", { name: "Send Log" }).click();
    // AP9: ui/open-link goes through the confirmation.
    await view.getByRole("button", { name: "Open Link" }).click();
    const ask = panel.getByRole("alertdialog", { name: "The App asks to open a link" });
    await ask.getByText("https://modelcontextprotocol.io/").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await app.screenshot("apps-04-basic-vanillajs");
    await ask.getByRole("button", { name: "Don't open" }).click();
    await ask.waitFor({ state: "detached" });
    // AP11: disconnecting tears the View down first.
    await page.getByRole("group", { name: "Basic vanillajs", exact: true }).getByRole("button", { name: "Disconnect", exact: true }).click();
    await panel.getByText("App closed. The session is disconnected; the View answered ui/resource-teardown.").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await openTab(page, "Logs");
    await page.getByRole("textbox", { name: "Method" }).fill("notifications/message");
    await page.getByRole("table", { name: "Protocol messages" }).getByText("App: notifications/message").first().waitFor({ timeout: FLOW_TIMEOUT_MS });
    // AP9: the denial is a JSON-RPC error (-32000); the example View does not catch its openLink() rejection,
    // which Chromium reports as the View's uncaught error. Nothing else went wrong.
    await expect.poll(() => app.pageErrors, { timeout: FLOW_TIMEOUT_MS }).toContain("pageerror: The user did not open the link");
    expect(app.pageErrors.filter((e) => !/Failed to load resource/.test(e) && e !== "pageerror: The user did not open the link")).toEqual([]);
  });

  it("AP7, AP8, AP9: the real peer @modelcontextprotocol/server-basic-react, over Streamable HTTP, renders its React View, its Get Server Time button calls get-time through the bridge and the new time shows inside the App", { timeout: TEST_TIMEOUT_MS }, async () => {
    requireBuild();
    // The example starts Streamable HTTP on $PORT unless given --stdio (its dist/index.js); here, HTTP on a free port.
    const port = await freePort();
    const entry = fileURLToPath(new URL("../../node_modules/@modelcontextprotocol/server-basic-react/dist/index.js", import.meta.url));
    const child = spawn(process.execPath, [entry], { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        let out = "";
        child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
          out += chunk;
          if (out.includes(`listening on http://localhost:${port}/mcp`)) resolve();
        });
        child.once("exit", (code) => reject(new Error(`server-basic-react exited (${code}) before listening: ${out}`)));
      });
      const react: SavedServer = {
        id: "e2e-basic-react",
        name: "Basic React",
        era: "auto",
        transport: { type: "streamableHttp", url: `http://127.0.0.1:${port}/mcp`, headers: {} },
        features: { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true },
      };
      const { app, page, run, panel, view } = await runRealPeerGetTime(react);
      const time = view.locator("p", { hasText: "Server Time:" }).locator("code");
      await getTimeThroughTheBridge(view, panel, time);
      await app.screenshot("apps-06-basic-react");
      // The View's tools/call is in the Logs tab as the App's, followed by the tools/call sent to the server.
      await openTab(page, "Logs");
      await page.getByRole("textbox", { name: "Method" }).fill("tools/call");
      const table = page.getByRole("table", { name: "Protocol messages" });
      await table.getByText("App: tools/call").first().waitFor({ timeout: FLOW_TIMEOUT_MS });
      expect(app.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    } finally {
      // Its SIGTERM handler waits for open connections (the inspector's) to end: stop it outright.
      child.kill("SIGKILL");
      await exited;
    }
  });

  it("AP3, AP7: a ui:// resource previews as an App from the Resources tab, with the tool input the user types and no result", { timeout: TEST_TIMEOUT_MS }, async () => {
    requireBuild();
    const app = await openApp({ savedServers: [fixtureServer("e2e-apps-preview", NAME, "apps/app-server.mjs")], viewport: { width: 1400, height: 1000 } });
    const { page } = app;
    await connect(page, NAME);
    await openTab(page, "Resources");
    await page.getByRole("button", { name: "Read ui://greeting/view.html", exact: true }).click();
    const preview = page.getByRole("region", { name: "Preview as an App" });
    await preview.getByRole("textbox", { name: "Tool input (JSON object)" }).fill("[1]");
    await preview.getByRole("button", { name: "Preview App" }).click();
    await preview.getByText("The tool input must be a JSON object").waitFor();
    await preview.getByRole("textbox", { name: "Tool input (JSON object)" }).fill('{"name":"Grace"}');
    await preview.getByRole("button", { name: "Preview App" }).click();
    const panel = preview.getByRole("region", { name: "App of ui://greeting/view.html" });
    await waitForText(panel.getByRole("status"), "initialized");
    const view = page.frameLocator('iframe[title="MCP App of ui://greeting/view.html"]').frameLocator("iframe");
    await view.getByText('{"name":"Grace"}').waitFor({ timeout: FLOW_TIMEOUT_MS });
    await view.getByText("(initialize answered), ui/notifications/tool-input").waitFor();
    await app.screenshot("apps-05-resource-preview");
    expect(await view.getByText("Result: (none)").count()).toBe(1);
  });

  it("AP7: a run cancelled while its App is shown sends ui/notifications/tool-cancelled after the input, and no result", { timeout: TEST_TIMEOUT_MS }, async () => {
    requireBuild();
    const app = await openApp({ savedServers: [fixtureServer("e2e-apps-cancel", NAME, "apps/app-server.mjs")], viewport: { width: 1400, height: 1000 } });
    const { page } = app;
    await connect(page, NAME);
    const form = await openTool(page, "greet-slowly");
    await form.getByRole("textbox", { name: "name" }).fill("Lin");
    await form.getByRole("button", { name: "Run", exact: true }).click();
    const run = runArticle(page, 1, "greet-slowly");
    const panel = run.getByRole("region", { name: "App of greet-slowly" });
    await waitForText(panel.getByRole("status"), "initialized");
    const view = page.frameLocator('iframe[title="MCP App of greet-slowly"]').frameLocator("iframe");
    await view.getByText("(initialize answered), ui/notifications/tool-input").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await run.getByRole("button", { name: "Cancel Run 1" }).click();
    await view.getByText("(initialize answered), ui/notifications/tool-input, ui/notifications/tool-cancelled").waitFor({ timeout: FLOW_TIMEOUT_MS });
    expect(await view.getByText("Result: (none)").count()).toBe(1);
  });

  it("AP4, issue 20: the page and the proxy talk over a MessageChannel the View never gets (no port in anything the View hears, no bridge traffic left on the page's window), and the bridge logs nothing to the console per message", { timeout: TEST_TIMEOUT_MS }, async () => {
    requireBuild();
    const app = await openApp({ savedServers: [fixtureServer("e2e-apps-channel", NAME, "apps/app-server.mjs")], viewport: { width: 1400, height: 1000 } });
    const { page } = app;
    const bridgeLines: string[] = [];
    // ext-apps' PostMessageTransport said each of these on every message; the inspector's transport says nothing.
    page.on("console", (message) => {
      if (/^(Sending message|Parsed message|Ignoring message)/.test(message.text())) bridgeLines.push(message.text());
    });
    await connect(page, NAME);
    const form = await openTool(page, "greet");
    await form.getByRole("textbox", { name: "name" }).fill("Ada");
    await form.getByRole("button", { name: "Run", exact: true }).click();
    await waitForText(runArticle(page, 1, "greet").getByRole("region", { name: "App of greet" }).getByRole("status"), "initialized");
    // The proxy adds the View's frame and then loads its srcdoc: until that navigation is reported the frame reads about:blank.
    const findView = () => page.frames().find((f) => f.parentFrame()?.parentFrame() === page.mainFrame() && f.url() === "about:srcdoc");
    await expect.poll(findView, { timeout: FLOW_TIMEOUT_MS }).toBeDefined();
    const viewFrame = findView();
    // What the View hears from here on, and what the page's own window hears from any frame.
    await viewFrame!.evaluate(`window.__ports = []; window.addEventListener("message", (e) => window.__ports.push(e.ports.length), true)`);
    await page.evaluate(`window.__heard = 0; window.addEventListener("message", () => window.__heard++, true)`);
    const view = page.frameLocator('iframe[title="MCP App of greet"]').frameLocator("iframe");
    await view.getByRole("button", { name: "Add 2 + 3 on the server" }).click();
    await view.getByText("sum: 5").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await view.getByRole("button", { name: "Read my own View" }).click();
    expect(await answerIn(view, "#read-result")).toMatch(/^read text\/html;profile=mcp-app, \d+ characters$/);
    const ports = (await viewFrame!.evaluate("window.__ports")) as number[];
    expect(ports.length).toBeGreaterThanOrEqual(2);
    expect(ports.every((n) => n === 0)).toBe(true);
    expect(await page.evaluate("window.__heard")).toBe(0);
    expect(bridgeLines).toEqual([]);
    expect(app.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});

/** A loopback port nothing listens on (the example server takes its port from $PORT, not 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The real example App servers offer one App tool, get-time: connect, run it, and wait until its View initialized. */
async function runRealPeerGetTime(server: SavedServer) {
  const app = await openApp({ savedServers: [server], viewport: { width: 1400, height: 1100 } });
  const { page } = app;
  await connect(page, server.name);
  const form = await openTool(page, "get-time");
  await form.getByRole("button", { name: "Run", exact: true }).click();
  const run = runArticle(page, 1, "get-time");
  const panel = run.getByRole("region", { name: "App of get-time" });
  await waitForText(panel.getByRole("status"), "initialized");
  const view = page.frameLocator(`iframe[title="MCP App of get-time"]`).frameLocator("iframe");
  return { app, page, run, panel, view };
}

/**
 * The example Apps' get-time View: AP7, the tool-result reached it (it shows the server's time); AP8, its
 * button calls get-time on the server through the bridge and the new time shows inside the App; AP9, its
 * ui/message is shown to the user.
 */
async function getTimeThroughTheBridge(view: FrameLocator, panel: Locator, time: Locator): Promise<void> {
  await expect.poll(() => time.textContent(), { timeout: FLOW_TIMEOUT_MS }).toMatch(/^\d{4}-\d\d-\d\dT/);
  const first = await time.textContent();
  await view.getByRole("button", { name: "Get Server Time" }).click();
  await expect.poll(() => time.textContent(), { timeout: FLOW_TIMEOUT_MS }).not.toBe(first);
  expect(await time.textContent()).toMatch(/^\d{4}-\d\d-\d\dT/);
  await view.getByRole("button", { name: "Send Message" }).click();
  await panel.getByText("This is message text.").waitFor({ timeout: FLOW_TIMEOUT_MS });
}
