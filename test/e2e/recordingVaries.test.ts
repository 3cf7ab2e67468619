// Issue 30 in Chromium: Compare… of two recordings of one server made a day apart. Nothing changed, so
// the count says "No changes"; what differs run to run (a time and a UUID in a result, a task's status
// sequence polled at other moments) is listed apart under "Varies between runs (not a change)" with its
// values, and the server request the client had not allowed is a warning. 1280×720, both themes.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openApp, requireBuild } from "./app.js";
import { openTab, waitForText } from "./flows-ui.js";

requireBuild();
const folder = mkdtempSync(join(tmpdir(), "e2e-varies-"));

/** A recording of a clock server: a get-time call, and a report task polled until it completed. */
function recording(day: string, uuid: string, polls: string[], extra: object[] = []): string {
  const header = { mcprec: 1, inspector: { name: "mcp-task-inspector", version: "0.1.0" }, recordedAt: `${day}T09:00:00.000Z`, era: "legacy", protocolVersion: "2025-11-25", server: { name: "clock", transport: "stdio", command: "node" }, serverInfo: { name: "clock-server", version: "1.2.0" }, limits: { messageBytes: 262144 } };
  const out = (id: number, method: string, params: object) => ({ t: id, dir: "out", msg: { jsonrpc: "2.0", id, method, params } });
  const answer = (id: number, result: object) => ({ t: id + 0.5, dir: "in", msg: { jsonrpc: "2.0", id, result } });
  const lines: object[] = [
    out(1, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } }),
    answer(1, { protocolVersion: "2025-11-25", capabilities: { tools: {}, tasks: { requests: { tools: { call: {} } } } }, serverInfo: { name: "clock-server", version: "1.2.0" } }),
    out(2, "tools/call", { name: "get-time", arguments: { zone: "UTC" } }),
    answer(2, { content: [{ type: "text", text: `It is ${day}T09:00:01.250Z (request ${uuid})` }] }),
    out(3, "tools/call", { name: "report", arguments: {}, task: { ttl: 60000 } }),
    answer(3, { task: { taskId: uuid, status: "working", createdAt: `${day}T09:00:02Z`, ttl: 60000 } }),
    ...polls.flatMap((status, i) => [out(10 + i, "tasks/get", { taskId: uuid }), answer(10 + i, { taskId: uuid, status, createdAt: `${day}T09:00:02Z`, lastUpdatedAt: `${day}T09:00:0${3 + i}Z`, ttl: 60000 })]),
    out(20, "tasks/result", { taskId: uuid }),
    answer(20, { content: [{ type: "text", text: "Report ready" }] }),
    ...extra,
  ];
  return [header, ...lines].map((l) => JSON.stringify(l)).join("\n") + "\n";
}

describe("Compare… lists what varies between runs (issue 30)", () => {
  it("two recordings a day apart: no changes; the time, the UUID and the poll timing listed apart as varying, with their values; the warning said", { timeout: 240_000 }, async () => {
    const [monday, tuesday] = [join(folder, "monday.mcprec"), join(folder, "tuesday.mcprec")];
    writeFileSync(monday, recording("2026-11-02", "0b7c2a4e-5d1f-4c3b-9a8e-1f2d3c4b5a69", ["working", "completed"]));
    const sampling = { t: 30, dir: "in", msg: { jsonrpc: "2.0", id: 900, method: "sampling/createMessage", params: { messages: [], maxTokens: 10 } } };
    writeFileSync(tuesday, recording("2026-11-03", "9f1e2d3c-4b5a-4678-8a9b-0c1d2e3f4a5b", ["working", "input_required", "working", "completed"], [sampling]));
    const app = await openApp({ viewport: { width: 1280, height: 720 }, context: { colorScheme: "light" } });
    const { page } = app;
    await openTab(page, "Logs");
    await page.getByLabel("Recording file").setInputFiles(monday);
    await waitForText(page.getByRole("region", { name: "Opened recording" }), /^Recording monday\.mcprec \(read-only\)/);
    await page.getByRole("button", { name: "Compare…", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("group", { name: "Compare the opened recording with" }).getByRole("button", { name: "A recording file…" }).waitFor();
    await page.getByLabel("Recording to compare with").setInputFiles(tuesday);

    const comparison = page.getByRole("region", { name: "Comparison" });
    await waitForText(comparison.getByRole("status"), "No changes");
    const varies = comparison.getByRole("region", { name: "Varies between runs (not a change)" });
    await waitForText(varies.getByRole("heading", { level: 3 }), "Varies between runs (not a change) (2)");
    expect(await varies.getByRole("listitem").allTextContents()).toEqual([
      'Varies call tools/call {"arguments":{"zone":"UTC"},"name":"get-time"}: result varies between runs (times, ids, durations)before {"content":[{"type":"text","text":"It is 2026-11-02T09:00:01.250Z (request 0b7c2a4e-5d1f-4c3b-9a8e-1f2d3c4b5a69)"}]} after {"content":[{"type":"text","text":"It is 2026-11-03T09:00:01.250Z (request 9f1e2d3c-4b5a-4678-8a9b-0c1d2e3f4a5b)"}]}',
      'Varies call tools/call {"arguments":{},"name":"report","task":{"ttl":60000}}: task status sequence varies between runs (poll timing)before ["working","completed"] after ["working","input_required","working","completed"]',
    ]);
    await waitForText(comparison.getByRole("region", { name: "Warnings" }).getByRole("listitem"), "tuesday.mcprec: Line 18: the server sent sampling/createMessage, but the client did not offer the sampling capability");
    // The list is reachable from the keyboard (it scrolls when long).
    await varies.getByRole("list").focus();
    await expect.poll(() => varies.getByRole("list").evaluate((el) => el === document.activeElement)).toBe(true);

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // Both lists in view: the varying calls and the warning under them.
    await comparison.getByRole("region", { name: "Warnings" }).scrollIntoViewIfNeeded();
    await app.screenshot("recording-compare-varies-light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe("rgb(22, 24, 28)");
    await app.screenshot("recording-compare-varies-dark");
    expect(app.pageErrors).toEqual([]);
    await app.close();
  });
});
