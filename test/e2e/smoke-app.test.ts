// The desktop `--smoke` run's App step, in real Chromium (issue 20). The smoke run itself needs the Electron
// runtime (not on this machine; the GitHub workflow runs it); its main-process steps are proven with the
// faked electron in test/electron/smoke.test.ts. What the page does in it is proven here, in browser mode:
// the same smoke App server (main/electron/smokeApp.ts), the same page probes (main/electron/smoke.ts
// appProbe) evaluated in the page, the View's hand-written bridge against the official AppBridge.
import { describe, expect, it } from "vitest";
import { appProbe, type AppReport } from "../../main/electron/smoke.js";
import { ROUND_TRIP_REPORT, SMOKE_APP_TOOL, startSmokeAppServer } from "../../main/electron/smokeApp.js";
import type { SavedServer } from "../../shared/types.js";
import { openApp, requireBuild } from "./app.js";
import { connect, EVERYTHING, fixtureServer, FLOW_TIMEOUT_MS, openTab, openTool, runArticle, serverGroup, waitForText } from "./flows-ui.js";

const TEST_TIMEOUT_MS = 180_000;
const NOT_NOW = { sampling: false, elicitationForm: false, elicitationUrl: false, roots: false, receiverTasks: false };

describe("the smoke run's App step in Chromium (browser mode)", () => {
  it("AP3, AP7, AP8: the smoke App renders, initializes, and its View's tools/call comes back with the server's echo of the run's nonce; the page probes find it from another session and tab", { timeout: TEST_TIMEOUT_MS }, async () => {
    requireBuild();
    const smokeApp = await startSmokeAppServer();
    try {
      const entry: SavedServer = { id: "e2e-smoke-app", name: "Smoke App", era: "2025-11-25", transport: { type: "streamableHttp", url: smokeApp.url, headers: {} }, features: NOT_NOW };
      const app = await openApp({ savedServers: [entry], viewport: { width: 1400, height: 1000 } });
      const { page } = app;
      // As in the smoke run: the demo's session came first and was disconnected.
      await connect(page, EVERYTHING);
      await serverGroup(page, EVERYTHING).getByRole("button", { name: "Disconnect", exact: true }).click();
      await serverGroup(page, EVERYTHING).getByText("disconnected", { exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });
      await connect(page, "Smoke App");
      const picker = page.locator(".session-bar select");
      const sessionId = await picker.inputValue();
      const demoSession = await picker.locator("option", { hasText: EVERYTHING }).getAttribute("value");

      const nonce = "nonce-1f2e3d";
      const form = await openTool(page, SMOKE_APP_TOOL);
      await form.getByRole("textbox", { name: "nonce" }).fill(nonce);
      await form.getByRole("button", { name: "Run", exact: true }).click();
      await waitForText(runArticle(page, 1, SMOKE_APP_TOOL), "done");
      // The page shows something else when the probe starts: it must pick the session and the Tools tab itself.
      await picker.selectOption(demoSession!);
      await openTab(page, "Logs");

      const initialized = (await page.evaluate(appProbe(sessionId, SMOKE_APP_TOOL, "initialized"))) as AppReport;
      expect(initialized).toMatchObject({ state: "initialized" });
      expect(initialized.ms).toBeGreaterThan(0);
      // AP4: the frame the probe reports is the sandbox proxy's, on another origin than the page's.
      expect(new URL(initialized.frame!).pathname).toBe("/proxy.html");
      expect(new URL(initialized.frame!).origin).not.toBe(new URL(page.url()).origin);
      expect(await picker.inputValue()).toBe(sessionId);
      expect(await page.getByRole("tab", { name: "Tools", exact: true }).getAttribute("aria-selected")).toBe("true");

      const trip = (await page.evaluate(appProbe(sessionId, SMOKE_APP_TOOL, "roundTrip"))) as AppReport;
      expect(trip.state).toBe("initialized");
      const said = ROUND_TRIP_REPORT.exec(trip.report ?? "");
      expect(said, trip.report).not.toBeNull();
      expect(said![2]).toBe(`echo ${nonce}`);
      expect(Number(said![1])).toBeGreaterThan(0);
      // AP8: the View's call reached the server with the run's tool-input: once per View shown (the first View
      // may or may not have had its tool-input before the page switched away from it, and the probe shows it again).
      expect(smokeApp.echoes.length).toBeGreaterThan(0);
      expect(new Set(smokeApp.echoes)).toEqual(new Set([nonce]));

      const panel = page.getByRole("region", { name: `App of ${SMOKE_APP_TOOL}` });
      const view = page.frameLocator(`iframe[title="MCP App of ${SMOKE_APP_TOOL}"]`).frameLocator("iframe");
      await view.getByText("initialized by MCP Task Inspector").waitFor({ timeout: FLOW_TIMEOUT_MS });
      await view.getByText(new RegExp(`^\\d+\\.\\d ms: echo ${nonce}$`)).waitFor({ timeout: FLOW_TIMEOUT_MS });
      await panel.getByText(/^bridge round trip \d+\.\d ms: echo nonce-1f2e3d$/).waitFor();
      await app.screenshot("smoke-app-01-rendered");
      // A panel the page never shows: the probe says what it waited for instead of throwing.
      expect(await page.evaluate(appProbe(sessionId, "no-such-tool", "initialized", 300))).toMatchObject({
        state: "missing",
        reason: "the page showed no App panel of no-such-tool that initialized within 300 ms",
      });
      console.info(`smoke App in Chromium: app initialized ${Math.round(initialized.ms)} ms after the probe started, bridge round trip ${said![1]} ms`);
      expect(app.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    } finally {
      await smokeApp.close();
    }
  });

  it("AP7: the probe on an App that never initializes ends with the App panel's state and reason (what the smoke line names)", { timeout: TEST_TIMEOUT_MS }, async () => {
    requireBuild();
    const app = await openApp({ savedServers: [fixtureServer("e2e-smoke-silent", "Hostile Apps", "apps/hostile-app-server.mjs")], viewport: { width: 1400, height: 1000 } });
    const { page } = app;
    await connect(page, "Hostile Apps");
    const sessionId = await page.locator(".session-bar select").inputValue();
    const form = await openTool(page, "silent");
    await form.getByRole("button", { name: "Run", exact: true }).click();
    const report = (await page.evaluate(appProbe(sessionId, "silent", "initialized"))) as AppReport;
    expect(report).toMatchObject({
      state: "stopped",
      reason: "The App stopped: The View did not initialize within 10 s (no ui/initialize, or no ui/notifications/initialized after it)",
    });
    expect(report.ms).toBeGreaterThanOrEqual(9_000);
  });
});
