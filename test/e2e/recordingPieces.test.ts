// Issue 33 in Chromium: a recording of 30,000 messages opened in the Logs tab draws its first page
// while the rest is held back on the WebSocket (the banner says how many are here so far); let
// through, every piece is appended, the last message can be scrolled to, and the Tools tab shows the
// runs the core derived from all of them.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { WebSocketRoute } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openApp, requireBuild } from "./app.js";
import { openTab, waitForText } from "./flows-ui.js";
import { bigRecording } from "../fixtures/recordings/big.js";

requireBuild();
const MESSAGES = 30_000;

describe("a big recording opened in pieces (issue 33)", () => {
  it("the first page is drawn while the rest is held back; let through, all 30,000 are there and the Tools tab has their runs", { timeout: 240_000 }, async () => {
    const file = join(mkdtempSync(join(tmpdir(), "e2e-recpieces-")), "big.mcprec");
    writeFileSync(file, bigRecording(MESSAGES));
    const app = await openApp({ viewport: { width: 1400, height: 900 } });
    const { page } = app;
    // Between the page and the core: answers to recordingEntries wait until `release` is called.
    const pieceIds = new Set<number>();
    const held: Array<() => void> = [];
    let holding = true;
    await page.routeWebSocket(/\/api/, (ws: WebSocketRoute) => {
      const core = ws.connectToServer();
      ws.onMessage((message) => {
        const call = typeof message === "string" ? (JSON.parse(message) as { id?: number; method?: string }) : {};
        if (call.method === "recordingEntries" && typeof call.id === "number") pieceIds.add(call.id);
        core.send(message);
      });
      core.onMessage((message) => {
        const reply = typeof message === "string" ? (JSON.parse(message) as { type?: string; id?: number }) : {};
        if (holding && reply.type === "result" && pieceIds.has(reply.id as number)) held.push(() => ws.send(message));
        else ws.send(message);
      });
    });
    await page.reload();
    await openTab(page, "Logs");
    await page.getByLabel("Recording file").setInputFiles(file);
    const banner = page.getByRole("region", { name: "Opened recording" });
    // The core answered before reading it all: the count is of what came so far.
    await waitForText(banner, "Reading the messages: 500 here, the rest coming…");
    await waitForText(banner, /500 messages so far, 0 stderr lines\./);
    await waitForText(page.getByRole("status"), "500 of 500 messages");
    await expect.poll(() => held.length).toBe(1);
    await expect.poll(() => page.getByRole("table", { name: "Protocol messages" }).getByRole("row").count()).toBeGreaterThan(10);
    await app.screenshot("recording-pieces-first-page");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe("rgb(22, 24, 28)");
    await app.screenshot("recording-pieces-first-page-dark");
    await page.emulateMedia({ colorScheme: "light" });

    holding = false;
    for (const send of held.splice(0)) send();
    await waitForText(page.getByRole("status"), `${MESSAGES} of ${MESSAGES} messages`, 60_000);
    expect(await banner.textContent()).not.toContain("Reading the messages");
    expect(await banner.textContent()).toContain("30,000 messages, 0 stderr lines.");
    expect(pieceIds.size).toBe(Math.ceil((MESSAGES - 500) / 5_000));
    // The last message is there to scroll to: the table's end holds the last call's answer.
    await page.getByRole("table", { name: "Protocol messages" }).evaluate((table) => {
      const scroller = table.closest("[style*='overflow']") ?? table.parentElement!;
      scroller.scrollTop = scroller.scrollHeight;
    });
    await expect.poll(() => page.getByRole("table", { name: "Protocol messages" }).textContent(), { timeout: 60_000 }).toContain(`${MESSAGES}`);
    await app.screenshot("recording-pieces-all");

    await openTab(page, "Tools");
    const runs = page.getByRole("region", { name: "Recorded tool runs" });
    await waitForText(runs.getByRole("heading", { level: 3 }), /^Recorded runs \(1000, and \d+ more not derived\)$/, 60_000);
    await app.screenshot("recording-pieces-tools");
    await runs.getByRole("button", { name: "Close recording" }).click();
    await expect.poll(() => runs.count()).toBe(0);
    expect(app.pageErrors).toEqual([]);
  });
});
