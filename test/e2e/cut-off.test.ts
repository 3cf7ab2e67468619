// A tab that stops taking the core's events while a server floods (here its script is held in the debugger,
// as a tab stuck in a long task is): browser mode cuts it off past 64 MB behind rather than hold every batch
// for it. When the tab runs again it reconnects, reloads the current state, and says why its connection
// dropped, instead of a bare "code 1006". (A frozen page, Page.setWebLifecycleState, still took its socket's
// data when the machine was busy, so the flood never got that far ahead.)
import { describe, expect, it } from "vitest";
import { openApp } from "./app.js";
import { axeProblems } from "./axe.js";
import { connect, fixtureServer, openTool } from "./flows-ui.js";

const FLOOD = "Log flood";

describe("a tab cut off for falling behind (browser mode)", () => {
  it("reconnects and shows a notice that says why (no WCAG AA problem in either theme), which the user can dismiss", { timeout: 240_000 }, async () => {
    const app = await openApp({ savedServers: [fixtureServer("flood", FLOOD, "log-flood-server.mjs")], viewport: { width: 1280, height: 720 } });
    const { page } = app;
    await connect(page, FLOOD);
    const form = await openTool(page, "flood-log");
    // 1,000 messages of 256 KB (each logged whole): about 256 MB of events, far past the 64 MB bound.
    await form.getByLabel("count", { exact: true }).fill("1000");
    await form.getByLabel("bytes", { exact: true }).fill(String(256 * 1024));
    const cdp = await page.context().newCDPSession(page);
    await form.getByRole("button", { name: "Run", exact: true }).click();
    await cdp.send("Debugger.enable");
    await cdp.send("Debugger.pause");
    await app.server.waitForStderr(/a page fell \d+ MB behind the core's events; its connection was closed/, 120_000);
    await cdp.send("Debugger.resume");

    const notice = page.getByRole("status").filter({ hasText: /^This page fell \d+ MB behind the inspector's events/ });
    await notice.waitFor({ timeout: 60_000 });
    expect(await notice.textContent()).toMatch(/It has reconnected and reloaded the current state; the protocol log holds what the inspector kept\./);
    // Reloaded: the session is still there and connected.
    await page.getByRole("group", { name: FLOOD }).getByText("connected", { exact: true }).waitFor();
    await app.screenshot("cut-off-notice");
    expect(await axeProblems(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "dark" });
    await app.screenshot("cut-off-notice-dark");
    expect(await axeProblems(page)).toEqual([]);
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await notice.waitFor({ state: "detached" });
    expect(await app.close()).toEqual({ code: 0, signal: null });
  });
});
