// The connection doctor in the app: "Diagnose…" in a server entry's menu and "Diagnose this failure" beside a failed
// connect, each opening the dialog of steps; screenshotted on a failed stdio start, a wrong HTTP path and
// an OAuth server without registration, in both themes.
import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import type { SavedServer } from "../../shared/types.js";
import { fixture, startHttpFixture, type ServerProcess } from "../cli/harness.js";
import { openApp } from "./app.js";
import { chooseServerAction, FLOW_TIMEOUT_MS, serverGroup, waitForText } from "./flows-ui.js";

const FEATURES = { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true };
const started: (ServerProcess | { stop(): Promise<void> })[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop()));
});

async function hostileHttp(): Promise<number> {
  const child: ChildProcess = spawn(process.execPath, [fixture("doctor/http-server.mjs")], { stdio: ["ignore", "pipe", "inherit"] });
  started.push({ stop: async () => void child.kill("SIGKILL") });
  const line = await new Promise<string>((resolve) => child.stdout!.setEncoding("utf8").once("data", resolve));
  return Number(line.split(" ")[1]);
}

describe("the doctor in the app", () => {
  it("diagnoses a failed stdio start from its error, a wrong HTTP path and an OAuth server without registration", { timeout: 240_000 }, async () => {
    const httpPort = await hostileHttp();
    const oauth = await startHttpFixture("oauth-server.mjs", ["--no-dcr"]);
    started.push(oauth);
    const servers: SavedServer[] = [
      { id: "broken", name: "Broken stdio", era: "auto", features: FEATURES, transport: { type: "stdio", command: process.execPath, args: [fixture("doctor/stdio-server.mjs"), "exits"], env: {} } },
      { id: "wrong-path", name: "Wrong path", era: "auto", features: FEATURES, transport: { type: "streamableHttp", url: `http://127.0.0.1:${httpPort}/api`, headers: {} } },
      { id: "no-dcr", name: "OAuth without registration", era: "auto", features: FEATURES, transport: { type: "streamableHttp", url: oauth.url, headers: {} } },
    ];
    const app = await openApp({ savedServers: servers, viewport: { width: 1280, height: 720 }, context: { colorScheme: "light" } });
    const { page } = app;

    // A failed connect offers the doctor beside its reason.
    const broken = serverGroup(page, "Broken stdio");
    await broken.getByRole("button", { name: "Connect", exact: true }).click();
    await broken.getByText("failed", { exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await broken.getByRole("button", { name: "Diagnose this failure: Broken stdio", exact: true }).click();
    let dialog = page.getByRole("dialog", { name: "Diagnose Broken stdio" });
    await waitForText(dialog, /^2 steps failed: 1 passed, 2 failed, 3 skipped$/);
    const start = dialog.getByRole("listitem", { name: "Failed: The process starts and stays up" });
    await waitForText(start, /exited with code 3 .*API_KEY is not set/);
    await waitForText(start, /^Fix: Run the command in a terminal to see why it stops/);
    await app.screenshot("doctor-failed-stdio-light");
    await page.emulateMedia({ colorScheme: "dark" });
    await app.screenshot("doctor-failed-stdio-dark");
    // Keyboard: Escape closes it, and focus returns to the button that opened it.
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    // Radix hands focus back on the turn after the dialog leaves the page, so this waits for it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Diagnose this failure: Broken stdio");

    await chooseServerAction(page, "Wrong path", "Diagnose…");
    dialog = page.getByRole("dialog", { name: "Diagnose Wrong path" });
    const post = dialog.getByRole("listitem", { name: "Failed: The endpoint answers a POST" });
    await waitForText(post, /404 Not Found at \/api; paths tried: \/api \(404\), \/mcp \(200\)/);
    await waitForText(post, `Fix: Wrong path: the server answers at http://127.0.0.1:${httpPort}/mcp; use that URL.`);
    // However many steps, the dialog's buttons stay in sight at its foot.
    const close = (await dialog.getByRole("button", { name: "Close", exact: true }).boundingBox())!;
    const box = (await dialog.boundingBox())!;
    expect(close.y + close.height).toBeLessThanOrEqual(box.y + box.height);
    expect(close.y).toBeGreaterThan(box.y + box.height - 80);
    await app.screenshot("doctor-wrong-path-dark");
    await page.emulateMedia({ colorScheme: "light" });
    await app.screenshot("doctor-wrong-path-light");
    // The fix it names exactly is one button: the entry is saved with that URL and diagnosed again.
    await dialog.getByRole("button", { name: `Use http://127.0.0.1:${httpPort}/mcp`, exact: true }).click();
    await waitForText(dialog.getByRole("status").filter({ hasText: "Saved" }), `Saved: Wrong path now uses http://127.0.0.1:${httpPort}/mcp. Diagnosed again:`);
    await dialog.getByRole("listitem", { name: "Passed: The endpoint answers a POST" }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await app.screenshot("doctor-wrong-path-used");
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect.poll(() => serverGroup(page, "Wrong path").innerText()).toContain(`http://127.0.0.1:${httpPort}/mcp`);

    await chooseServerAction(page, "OAuth without registration", "Diagnose…");
    dialog = page.getByRole("dialog", { name: "Diagnose OAuth without registration" });
    const registration = dialog.getByRole("listitem", { name: "Failed: The inspector can register as a client" });
    await waitForText(registration, "no registration_endpoint, no client ID metadata document support, and no client id set");
    await dialog.getByRole("listitem", { name: "Passed: PKCE with S256 offered" }).waitFor();
    await registration.scrollIntoViewIfNeeded();
    await app.screenshot("doctor-oauth-no-registration-light");
    await page.emulateMedia({ colorScheme: "dark" });
    await app.screenshot("doctor-oauth-no-registration-dark");
    expect(app.pageErrors).toEqual([]);
    await app.close();
  });
});
