// The fault from the hardening review, through the UI: a 5 MB `echo` argument typed into the Tools form
// took browser mode down (a frame over the old 4 MB limit killed the process). Now it goes through and
// the page keeps working; a call too large for one message is refused in the page, with its size.
import { describe, expect, it } from "vitest";
import { POSIX_SIGNALS } from "../helpers/platform.js";
import { openApp } from "./app.js";
import { EVERYTHING, connect, openTool, runArticle, waitForText } from "./flows-ui.js";

describe("large tool arguments in Chromium", () => {
  it("a 5 MB echo argument goes through and comes back; the session and the page carry on", { timeout: 300_000 }, async () => {
    const app = await openApp();
    const { page } = app;
    await connect(page, EVERYTHING);
    const echo = await openTool(page, "echo");
    const message = `start-${"m".repeat(5 * 1024 * 1024)}-end`;
    await echo.getByRole("textbox", { name: "message", exact: true }).fill(message);
    await echo.getByRole("button", { name: "Run", exact: true }).click();
    // The result is shown truncated (with "Show all"); its start is enough to know it came back. 5 MB each way
    // through the socket and the server takes a loaded machine tens of seconds: the wait is generous.
    await waitForText(runArticle(page, 1, "echo"), /Echo: start-m{100}/, 120_000);
    // The socket that carried it is still the page's: a ping still answers.
    await page.getByRole("button", { name: "Ping", exact: true }).click();
    await page.getByRole("status").getByText(/^Pong in \d+ ms$/).waitFor();
    expect(app.pageErrors).toEqual([]);
    const stopped = await app.close(); // still running, so SIGTERM stops it cleanly (Windows: ended at once)
    if (POSIX_SIGNALS) expect(stopped).toEqual({ code: 0, signal: null });
  });
});
