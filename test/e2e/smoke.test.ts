// The first thing a user does: start browser mode and open the printed URL in a real browser.
import { describe, expect, it } from "vitest";
import { POSIX_SIGNALS } from "../helpers/platform.js";
import { callFromPage, openApp } from "./app.js";

describe("browser mode in Chromium", () => {
  it("loads the page under its CSP, mounts the app, and reaches the core over the page's WebSocket", async () => {
    const app = await openApp();
    expect(app.server.output.stdout).toContain("MCP Task Inspector is running in browser mode");
    expect(await app.page.title()).toBe("MCP Task Inspector");

    // The module script ran, and the app's own bridge
    // fetched the saved servers over the WebSocket: the built-in demo entry is listed.
    await app.page.getByText("Everything (demo)", { exact: true }).waitFor();

    // A round trip from inside the page: the real browser's Origin and the page's CSP apply.
    const servers = await callFromPage(app.page, "listServers");
    expect(servers).toMatchObject({ ok: true, result: [{ id: "everything-demo", name: "Everything (demo)", builtIn: true }] });
    const badCall = await callFromPage(app.page, "connect", { server: { name: "x" } });
    expect(badCall).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^Invalid payload for connect: server\.transport/) } });

    await app.screenshot("browser-mode-loaded");
    expect(app.pageErrors).toEqual([]);
    // SIGTERM: the server closes sockets and shuts the core down before exiting (Windows has no SIGTERM: ended at once).
    const stopped = await app.close();
    if (POSIX_SIGNALS) expect(stopped).toEqual({ code: 0, signal: null });
  });
});

describe("browser mode when its process stops", () => {
  it.runIf(POSIX_SIGNALS)("the open page says the connection is gone instead of failing silently", async () => {
    const app = await openApp();
    await app.page.getByText("Everything (demo)", { exact: true }).waitFor();
    expect(await app.server.stop()).toEqual({ code: 0, signal: null });
    // The server's close reason, carried by the bridge and shown by the UI.
    await app.page.getByRole("alert").filter({ hasText: "MCP Task Inspector is shutting down" }).waitFor();
    await app.screenshot("browser-mode-connection-lost");
  });
});
