// Issue 13 in real Chromium: tool results as a person reads them, against real server-everything over
// stdio (image, annotations, tool annotations, outputSchema check, resource_link read in the Resources
// tab) and the media fixture (audio content that the page's CSP lets play, a binary resource with
// Download, a long tool name that wraps). UI only, accessible names only.
import { describe, expect, it } from "vitest";
import type { Locator } from "playwright-core";
import { openApp } from "./app.js";
import { EVERYTHING, FLOW_TIMEOUT_MS, connect, fixtureServer, openTab, openTool, runArticle, serverGroup } from "./flows-ui.js";

const TEST_TIMEOUT_MS = 240_000;
const MEDIA = "Media fixture";
const MALFORMED = "Malformed answers";
const LONG_TOOL_NAME = "a_tool_with_a_very_long_name_that_has_no_spaces_at_all_and_must_wrap";

/** The image really decoded (a data: URL the CSP allows), not just an <img> in the DOM. */
async function decoded(img: Locator): Promise<boolean> {
  return img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);
}

describe("rich tool results in Chromium", () => {
  it("image, content and tool annotations, the outputSchema pass line, a resource_link read in Resources, and playable audio", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await openApp({ savedServers: [fixtureServer("e2e-media", MEDIA, "media-server.mjs")], viewport: { width: 1400, height: 1300 } });
    const { page } = app;
    await connect(page, EVERYTHING);

    // get-annotated-message: content annotations in words, an image, and the tool's own annotations.
    const annotated = await openTool(page, "get-annotated-message");
    const hints = page.getByRole("region", { name: "Tool get-annotated-message" }).getByLabel("Tool annotations");
    await hints.getByText("read-only", { exact: true }).waitFor();
    await hints.getByText("closed world", { exact: true }).waitFor();
    await annotated.getByLabel("messageType", { exact: true }).selectOption({ label: "success" });
    await annotated.getByLabel("includeImage", { exact: true }).check();
    await annotated.getByRole("button", { name: "Run", exact: true }).click();
    const first = runArticle(page, 1, "get-annotated-message");
    await first.getByText("Operation completed successfully", { exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    expect(await first.getByLabel("Annotations").first().textContent()).toBe("Audience: user · Priority: 0.7");
    const image = first.getByRole("img", { name: "Image from the server (image/png)" });
    await image.waitFor();
    await expect.poll(() => decoded(image)).toBe(true);

    // get-structured-content: the structuredContent is checked against the tool's outputSchema.
    const structured = await openTool(page, "get-structured-content");
    await structured.getByLabel("location", { exact: true }).selectOption({ label: "Chicago" });
    await structured.getByRole("button", { name: "Run", exact: true }).click();
    const second = runArticle(page, 2, "get-structured-content");
    await second.getByText("✓ structuredContent matches the tool's outputSchema", { exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await second.getByText("Raw JSON", { exact: true }).click();
    expect(await second.getByLabel("Raw JSON of the result").textContent()).toContain('"structuredContent"');

    // get-tiny-image, shown with the other runs of every tool for the screenshot.
    const tiny = await openTool(page, "get-tiny-image");
    await tiny.getByRole("button", { name: "Run", exact: true }).click();
    const third = runArticle(page, 3, "get-tiny-image");
    await third.getByRole("img", { name: "Image from the server (image/png)" }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await expect.poll(() => decoded(third.getByRole("img").first())).toBe(true);
    await page.getByRole("button", { name: /^Show all runs/ }).click();
    await first.getByLabel("Annotations").first().waitFor();
    // The pass line and the annotated run's image and annotations in one picture.
    await second.getByText("✓ structuredContent matches the tool's outputSchema", { exact: true }).scrollIntoViewIfNeeded();
    await app.screenshot("rich-tool-result");

    // get-resource-links: a link reads its resource in the Resources tab of this session.
    const links = await openTool(page, "get-resource-links");
    await links.getByLabel("count", { exact: true }).fill("2");
    await links.getByRole("button", { name: "Run", exact: true }).click();
    const fourth = runArticle(page, 4, "get-resource-links");
    const link = fourth.getByRole("button", { name: /^Read demo:\/\/resource\/dynamic\/text\/2 in Resources$/ });
    await link.waitFor({ timeout: FLOW_TIMEOUT_MS });
    await link.click();
    await expect.poll(() => page.getByRole("tab", { name: "Resources", exact: true }).getAttribute("aria-selected")).toBe("true");
    const contents = page.getByRole("region", { name: "Resource contents" });
    await contents.getByText(/^Resource 2: This is a plaintext resource created at /).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await contents.getByRole("heading", { name: "demo://resource/dynamic/text/2" }).waitFor();

    // The media fixture: audio content plays from its data: URL (CSP media-src data:).
    await connect(page, MEDIA);
    await serverGroup(page, MEDIA).getByText("connected", { exact: true }).waitFor();
    const audioTool = await openTool(page, "get-audio");
    await audioTool.getByRole("button", { name: "Run", exact: true }).click();
    const audioRun = page.getByRole("article", { name: /^Run \d+: get-audio$/ });
    const audio = audioRun.getByLabel("Audio from the server (audio/wav)");
    await audio.waitFor({ timeout: FLOW_TIMEOUT_MS });
    expect(await audio.evaluate((el) => el.tagName === "AUDIO" && (el as HTMLAudioElement).controls)).toBe(true);
    // Metadata loaded: the browser fetched and decoded the data: URL, so nothing blocked it.
    await expect.poll(() => audio.evaluate((el) => (el as HTMLAudioElement).readyState >= 1 && (el as HTMLAudioElement).duration > 1), { timeout: FLOW_TIMEOUT_MS }).toBe(true);
    expect(await audioRun.getByLabel("Annotations").textContent()).toBe("Audience: user · Priority: 0.5");

    // A long tool name wraps: its list entry is no wider than the list.
    const listEntry = page.getByRole("button", { name: LONG_TOOL_NAME, exact: true });
    const fits = await listEntry.evaluate((el) => {
      const name = el.querySelector(".item-name") as HTMLElement;
      return name.scrollWidth <= el.clientWidth + 1 && name.getBoundingClientRect().height > 20;
    });
    expect(fits).toBe(true);

    // A binary resource: its size, mime type and a Download that saves the bytes.
    await openTab(page, "Resources");
    await page.getByRole("button", { name: "Read media://data.bin", exact: true }).click();
    const binary = page.getByRole("region", { name: "Resource contents" });
    await binary.getByText(/^Binary content \(application\/octet-stream, 9 bytes\)/).waitFor({ timeout: FLOW_TIMEOUT_MS });
    const [download] = await Promise.all([page.waitForEvent("download"), binary.getByRole("button", { name: "Download Binary content (application/octet-stream, 9 bytes)" }).click()]);
    expect(download.suggestedFilename()).toBe("data.bin");
    const path = await download.path();
    const { readFile } = await import("node:fs/promises");
    expect([...(await readFile(path))]).toEqual([0, 1, 2, 3, 254, 255, 0x4d, 0x43, 0x50]);

    await page.getByRole("button", { name: "Read media://tone.wav", exact: true }).click();
    await binary.getByLabel("Audio from the server (audio/wav)").waitFor({ timeout: FLOW_TIMEOUT_MS });
    // Nothing went wrong on the way (a missing resources/templates/list would show an alert here).
    expect(await binary.getByRole("alert").count()).toBe(0);
    expect(await page.getByRole("region", { name: "Resource list" }).getByRole("alert").count()).toBe(0);
    await app.screenshot("rich-resource-preview");

    expect(app.pageErrors).toEqual([]);
    await app.close();
  });

  it("readable errors: a malformed result and a tool list with a broken tool are one line each, the raw response one click away", { timeout: TEST_TIMEOUT_MS }, async () => {
    const hostile = fixtureServer("e2e-malformed", MALFORMED, "hostile-server.mjs");
    if (hostile.transport.type !== "stdio") throw new Error("a fixture runs over stdio");
    const app = await openApp({ savedServers: [{ ...hostile, transport: { ...hostile.transport, args: [...hostile.transport.args, "malformed"] } }], viewport: { width: 1400, height: 1000 } });
    const { page } = app;
    await connect(page, MALFORMED);

    const form = await openTool(page, "malformed-result");
    await form.getByRole("button", { name: "Run", exact: true }).click();
    const run = runArticle(page, 1, "malformed-result");
    const alert = run.getByRole("alert");
    await alert.getByText(/^The server's tools\/call response does not fit the MCP schema: content\.1\.data: .*\. Raw response: message #\d+ in the Logs tab\.$/).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await alert.getByText(/^Raw response \(message #\d+\)$/).click();
    expect(await alert.getByLabel(/^Raw response, message #\d+$/).textContent()).toContain('"mimeType": "image/png"');

    const breaker = await openTool(page, "break-tools-list");
    await breaker.getByRole("button", { name: "Run", exact: true }).click();
    await runArticle(page, 2, "break-tools-list").getByText("done", { exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    const list = page.getByRole("region", { name: "Tool list" });
    await list.getByRole("button", { name: "Refresh tools", exact: true }).click();
    const listAlert = list.getByRole("alert");
    await listAlert.getByText(/ 1 of \d+ tools left out; the others are listed\. Raw response: message #\d+ in the Logs tab\.$/).waitFor({ timeout: FLOW_TIMEOUT_MS });
    // The tools that fit are still there.
    await list.getByRole("button", { name: "malformed-result", exact: true }).waitFor();
    await listAlert.getByText(/^Raw response \(message #\d+\)$/).click();
    expect(await listAlert.getByLabel(/^Raw response, message #\d+$/).textContent()).toContain('"name": 42');
    await app.screenshot("readable-error");

    expect(app.pageErrors).toEqual([]);
    await app.close();
  });
});
