// Hostile content through the real UI in Chromium (browser mode, `npm test` builds first): tool names
// and descriptions, server info, elicitation messages, form schemas, sampling text and URLs carrying
// HTML, <script>, javascript: and file: URLs, bidi controls and 1 MB strings. All of it must show as
// text: no script runs (no dialog, window.__pwned unset, no CSP report), nothing navigates or fetches,
// no link opens without the user's confirmation, and non-http(s) links are never offered.
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { SavedServer } from "../../shared/types.js";
import { callFromPage, openApp, type App } from "../e2e/app.js";
import { connect, openTab, openTool } from "../e2e/flows-ui.js";

const MB = 1024 * 1024;
// The fixture's strings (test/fixtures/hostile-server.mjs, scenario hostile-content).
const SCRIPT = `<script>window.__pwned = "script"</script>`;
const IMG = `<img src=x onerror="window.__pwned='img'">`;
const BIDI = "\u202Egnp.exe\u202C \u2066isolated\u2069 \u200Fmark";
/** BIDI as prose shows it: what can reorder the text after it is a marker; a mark (U+200F) only places punctuation and stays. */
const BIDI_SHOWN = "⟨U+202E⟩gnp.exe⟨U+202C⟩ ⟨U+2066⟩isolated⟨U+2069⟩ \u200Fmark";
const SPOOFED_NAME = "safe\u202Eetaerc";
const SERVER = "Hostile content";

const hostileServer: SavedServer = {
  id: "hostile-content",
  name: SERVER,
  era: "auto",
  transport: { type: "stdio", command: process.execPath, args: [fileURLToPath(new URL("../fixtures/hostile-server.mjs", import.meta.url)), "hostile-content"], env: {} },
  features: { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true },
};

/** Everything a successful attack would leave behind, watched from before the page loads. */
async function watch(app: App) {
  const context: BrowserContext = app.page.context();
  const dialogs: string[] = [];
  const popups: string[] = [];
  const navigations: string[] = [];
  const foreignRequests: string[] = [];
  app.page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  context.on("page", (page: Page) => popups.push(page.url() || "(opening)"));
  app.page.on("framenavigated", (frame) => {
    if (frame === app.page.mainFrame()) navigations.push(frame.url());
  });
  const appOrigin = app.server.origin;
  const ownPaths = /^\/(\?token=.*|assets\/.+|favicon\.ico|api\?token=.*)?$/;
  app.page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.protocol === "data:") return;
    if (url.origin !== appOrigin || !ownPaths.test(url.pathname + url.search)) foreignRequests.push(request.url());
  });
  // A link the user confirmed opens in a new tab; the test serves it locally instead of the internet.
  await context.route(/^https?:\/\/example\.com\//, (route) => route.fulfill({ status: 200, contentType: "text/plain", body: "opened" }));
  return { dialogs, popups, navigations, foreignRequests };
}

/** Markup that only server content could have put there (the app itself has none of it). */
function injectedMarkup(page: Page) {
  return page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: unknown }).__pwned,
    inlineScripts: document.querySelectorAll("script:not([src])").length,
    handlers: document.querySelectorAll("[onerror], [onload], [onmouseover], [onclick]").length,
    foreignImages: [...document.querySelectorAll("img")].filter((img) => !img.src.startsWith("data:")).length,
    dangerousLinks: document.querySelectorAll("a[href^='javascript:' i], a[href^='file:' i], a[href^='data:' i]").length,
    frames: document.querySelectorAll("iframe, object, embed, frame").length,
  }));
}

const NOTHING_INJECTED = { pwned: undefined, inlineScripts: 0, handlers: 0, foreignImages: 0, dangerousLinks: 0, frames: 0 };

async function sessionIdOf(app: App): Promise<string> {
  const sessions = (await callFromPage(app.page, "listSessions")).result as { sessionId: string; serverName: string }[];
  return sessions.find((s) => s.serverName === SERVER)!.sessionId;
}

/** The server sends a request to the client without waiting for its answer (the fixture's `send` tool). */
async function serverSends(app: App, sessionId: string, method: string, params: unknown) {
  const sent = await callFromPage(app.page, "callTool", { sessionId, name: "send", arguments: { method, params } });
  expect(sent.ok, JSON.stringify(sent.error)).toBe(true);
}

describe("hostile content in the UI (Chromium)", () => {
  it("tool names, descriptions, schemas and server info carrying markup, scripts, bidi controls and 1 MB strings show as text", async () => {
    const app = await openApp({ savedServers: [hostileServer] });
    const seen = await watch(app);
    const { page } = app;
    await connect(page, SERVER);
    // Server info, in the session bar.
    await page.getByText(`${SCRIPT}hostile ${IMG}`, { exact: false }).first().waitFor();
    // It takes one line, cut to it: the bar's last button stays on the same row as the session picker.
    const picker = (await page.getByRole("combobox", { name: "Session" }).boundingBox())!;
    const roots = (await page.getByRole("button", { name: /^Roots \(/ }).boundingBox())!;
    expect(Math.abs(roots.y + roots.height / 2 - (picker.y + picker.height / 2))).toBeLessThan(4);

    await openTab(page, "Tools");
    const list = page.getByRole("region", { name: "Tool list" });
    await list.getByText(`${IMG}evil-tool`, { exact: true }).waitFor();
    await list.getByText(`${SCRIPT} title`, { exact: true }).waitFor();
    const form = await openTool(page, `${IMG}evil-tool`);
    const description = `${SCRIPT} <a href="javascript:window.__pwned='link'">click me</a> ${BIDI_SHOWN} [md](javascript:alert(1)) file:///etc/passwd`;
    expect(await page.getByText(description, { exact: true }).count()).toBeGreaterThan(0);
    // The schema's property title is the field's label, as text.
    await form.getByLabel(SCRIPT, { exact: true }).waitFor();
    await form.getByText(`<b onmouseover="window.__pwned='b'">bold</b> ${BIDI_SHOWN}`, { exact: true }).waitFor();

    // The 1 MB description, one unbreakable word: drawn without freezing the window. Measured inside the
    // page, from the click to the second frame after it (with the system-ui font this took 55 s on Linux).
    const blockedMs = await page.evaluate(async () => {
      const button = [...document.querySelectorAll("button")].find((b) => b.getAttribute("aria-label") === "huge-description");
      const started = performance.now();
      button?.click();
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return performance.now() - started;
    });
    await page.getByRole("form", { name: "Arguments for huge-description" }).waitFor();
    // Reported, not asserted (a shared machine's speed is no verdict): a freeze like the one above runs into
    // the test's time-out instead.
    console.log(`page blocked by the 1 MB description: ${blockedMs.toFixed(1)} ms (click to second frame)`);

    await app.screenshot("hostile-tools");
    expect(await injectedMarkup(page)).toEqual(NOTHING_INJECTED);
    expect(seen).toEqual({ dialogs: [], popups: [], navigations: [], foreignRequests: [] });
    expect(app.pageErrors).toEqual([]);
  });

  it("names that would pass for others (a right-to-left override, controls, a zero-width space) show what they hide, move nothing beside them, and are called exactly", async () => {
    const app = await openApp({ savedServers: [hostileServer], viewport: { width: 1280, height: 720 } });
    const { page } = app;
    await connect(page, SERVER);
    await openTab(page, "Tools");
    const list = page.getByRole("region", { name: "Tool list" });
    const spoofed = list.getByRole("button", { name: SPOOFED_NAME, exact: true });
    // The override is shown as a marker, so the name no longer reads "safecreate".
    await expect.poll(() => spoofed.locator(".item-name .shown-name").innerText()).toBe("safe⟨U+202E⟩etaerc");
    expect(await spoofed.locator(".bidi-marker").getAttribute("title")).toBe("Invisible text-direction character U+202E (RIGHT-TO-LEFT OVERRIDE)");
    // The badge stays after the whole name: every piece of the name's text ends left of it, on its line.
    const layout = await spoofed.locator(".item-name").evaluate((line) => {
      const badges = line.querySelector(".tool-badges");
      const range = document.createRange();
      const rights: number[] = [];
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (badges?.contains(node)) continue;
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) rights.push(rect.right);
      }
      return { nameRight: Math.max(...rights), badgeLeft: badges!.getBoundingClientRect().left };
    });
    expect(layout.nameRight).toBeLessThanOrEqual(layout.badgeLeft + 0.5);

    const controls = list.getByRole("button").filter({ hasText: "its name hides control characters" });
    expect(await controls.locator(".item-name").innerText()).toBe("ctl⟨U+0000⟩⟨U+001B⟩⟨U+200B⟩name");
    expect(await controls.locator(".bidi-marker").first().getAttribute("title")).toBe("Hidden character U+0000 (NULL)");

    // Its detail, its run's heading and the call itself: the marker in what is shown, the exact name on the wire.
    await spoofed.click();
    const detail = page.getByRole("region", { name: `Tool ${SPOOFED_NAME}` });
    await expect.poll(() => detail.getByRole("heading", { level: 2 }).innerText()).toBe("safe⟨U+202E⟩etaerc");
    await page.getByRole("form", { name: `Arguments for ${SPOOFED_NAME}` }).getByRole("button", { name: "Run", exact: true }).click();
    const run = page.getByRole("article", { name: `Run 1: ${SPOOFED_NAME}`, exact: true });
    // The result's text shows the override as a marker too: it reads in the order the server sent it.
    await run.getByText('{"called":"safe⟨U+202E⟩etaerc"}', { exact: true }).waitFor();
    expect(await run.locator(".run-head strong").innerText()).toBe("Run 1: safe⟨U+202E⟩etaerc");
    // The result's JSON writes the override as its escape: the same JSON, read as it is.
    const raw = run.locator("details", { has: page.locator("summary", { hasText: "Raw JSON" }) });
    await raw.locator("summary").click();
    await expect.poll(() => raw.locator(".json").innerText()).toContain('"text": "{\\"called\\":\\"safe\\u202eetaerc\\"}"');
    await app.screenshot("hostile-hidden-names");
    expect(app.pageErrors).toEqual([]);
  });

  it("elicitation messages, form schemas and URLs: shown as text; javascript:, file: and data: never offered; http(s) only after confirming", async () => {
    const app = await openApp({ savedServers: [hostileServer] });
    const seen = await watch(app);
    const { page } = app;
    await connect(page, SERVER);
    const sessionId = await sessionIdOf(app);

    const bigMessage = `${SCRIPT}${IMG} ${BIDI} ${"M".repeat(MB)}`;
    await serverSends(app, sessionId, "elicitation/create", {
      message: bigMessage,
      requestedSchema: {
        type: "object",
        properties: {
          [`${IMG}name`]: { type: "string", title: `${SCRIPT}Name`, description: `<iframe src="javascript:window.__pwned='frame'"></iframe>`, default: `${IMG}` },
          choice: { type: "string", title: "Choice", enum: [SCRIPT, IMG, BIDI] },
        },
      },
    });
    const urls = {
      javascript: "javascript:window.__pwned='url'",
      mixedCase: "JaVaScRiPt:alert(1)",
      file: "file:///etc/passwd",
      data: "data:text/html,<script>window.__pwned='data'</script>",
      markupInPath: "http://example.com/<script>window.__pwned='path'</script>",
      bidiInPath: "https://example.com/\u202Efdp.exe",
    };
    for (const [name, url] of Object.entries(urls)) {
      await serverSends(app, sessionId, "elicitation/create", { mode: "url", message: `open ${name} ${SCRIPT}`, url, elicitationId: `${name}-${IMG}` });
    }

    await openTab(page, "Elicitations");
    const cards = page.getByRole("article");
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(1 + Object.keys(urls).length);

    // The form elicitation: message, labels, help, enum options and default, all as text.
    const formCard = cards.filter({ has: page.getByRole("form") }).first();
    expect(await formCard.locator(".elicitation-message").evaluate((el) => el.textContent === null ? "" : el.textContent)).toBe(`${SCRIPT}${IMG} ${BIDI_SHOWN} ${"M".repeat(MB)}`);
    await formCard.getByLabel(`${SCRIPT}Name`, { exact: true }).waitFor();
    await formCard.getByText(`<iframe src="javascript:window.__pwned='frame'"></iframe>`, { exact: true }).waitFor();
    expect(await formCard.getByLabel(`${SCRIPT}Name`, { exact: true }).inputValue()).toBe(IMG);

    // URL mode: only http(s) gets an "Open URL…" button; the others say why not.
    const cardFor = (name: string) => cards.filter({ hasText: `open ${name} ${SCRIPT}` });
    for (const name of ["javascript", "mixedCase", "file", "data"] as const) {
      const card = cardFor(name);
      await card.getByText(urls[name], { exact: true }).first().waitFor();
      await card.getByText("This is not an http(s) link, so it cannot be opened from here.", { exact: true }).waitFor();
      expect(await card.getByRole("button", { name: "Open URL…" }).count(), name).toBe(0);
    }
    for (const name of ["markupInPath", "bidiInPath"] as const) {
      const card = cardFor(name);
      await card.getByRole("button", { name: "Open URL…" }).click();
      const confirm = card.getByRole("alertdialog", { name: "Open this link?" });
      // The confirmation shows the URL as the server sent it, its invisible direction characters made
      // visible (so "\u202Efdp.exe" cannot pass for "exe.pdf"), with a warning when there are any.
      await confirm.getByText(urls[name].replace("\u202E", "⟨U+202E⟩"), { exact: true }).waitFor();
      expect(await confirm.getByText(/invisible text-direction characters/).count(), name).toBe(name === "bidiInPath" ? 1 : 0);
      await confirm.getByRole("button", { name: "Don't open" }).click();
      await confirm.waitFor({ state: "detached" });
    }
    expect(seen.popups).toEqual([]);

    // Confirmed: exactly that link opens, in a new tab, and the app page stays where it is.
    const card = cardFor("markupInPath");
    await card.getByRole("button", { name: "Open URL…" }).click();
    const popup = page.context().waitForEvent("page");
    await card.getByRole("alertdialog", { name: "Open this link?" }).getByRole("button", { name: "Open link" }).click();
    const opened = await popup;
    await opened.waitForLoadState();
    expect(opened.url()).toBe(new URL(urls.markupInPath).href);
    expect(await opened.evaluate(() => document.body.textContent)).toBe("opened");
    await opened.close();

    await app.screenshot("hostile-elicitations");
    expect(await injectedMarkup(page)).toEqual(NOTHING_INJECTED);
    expect(seen.dialogs).toEqual([]);
    expect(seen.navigations).toEqual([]);
    // The one request that left the app: the confirmed link, in its own tab.
    expect(seen.foreignRequests).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });

  it("sampling text, system prompt and content blocks: shown as text, images only from data of an image type", async () => {
    const app = await openApp({ savedServers: [hostileServer] });
    const seen = await watch(app);
    const { page } = app;
    await connect(page, SERVER);
    const sessionId = await sessionIdOf(app);

    await serverSends(app, sessionId, "sampling/createMessage", {
      systemPrompt: `${SCRIPT} system ${BIDI}`,
      maxTokens: 50,
      messages: [
        { role: "user", content: { type: "text", text: `${IMG} hello ${"S".repeat(MB)}` } },
        { role: "assistant", content: { type: "image", mimeType: "image/svg+xml", data: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned='svg'"/>`).toString("base64") } },
        // Not a PNG at all, but valid base64 (the schema refuses anything else).
        { role: "user", content: { type: "image", mimeType: "image/png", data: Buffer.from(`"><script>window.__pwned='attr'</script>`).toString("base64") } },
      ],
    });
    await openTab(page, "Sampling");
    const card = page.getByRole("article").first();
    await card.waitFor({ timeout: 20_000 });
    await card.getByText(`${SCRIPT} system ${BIDI_SHOWN}`, { exact: false }).first().waitFor();
    await card.getByText(IMG, { exact: false }).first().waitFor();
    // The bogus PNG is an <img> of a data: URL at most; the SVG (scriptable) is never drawn as an image.
    const images = await card.locator("img").evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src.slice(0, 22)));
    expect(images.every((src) => src.startsWith("data:image/png;base64"))).toBe(true);

    await app.screenshot("hostile-sampling");
    expect(await injectedMarkup(page)).toEqual(NOTHING_INJECTED);
    expect(seen).toEqual({ dialogs: [], popups: [], navigations: [], foreignRequests: [] });
    expect(app.pageErrors).toEqual([]);
  });

  it("property names like constructor and toString, and a pattern exponential in V8: answered through the UI, the server gets every key, the page never freezes", async () => {
    const app = await openApp({ savedServers: [hostileServer] });
    const { page } = app;
    await connect(page, SERVER);
    const sessionId = await sessionIdOf(app);
    const requestedSchema = {
      type: "object",
      properties: {
        constructor: { type: "string" },
        toString: { type: "string" },
        hasOwnProperty: { type: "string" },
        word: { type: "string", pattern: "^(a+)+$", default: `${"a".repeat(32)}!` },
      },
      required: ["constructor", "toString", "hasOwnProperty", "word"],
    };
    // The fixture's `request` tool waits for our answer and returns what the server received.
    const received = callFromPage(page, "callTool", { sessionId, name: "request", arguments: { method: "elicitation/create", params: { message: "Names and a pattern", requestedSchema } } });
    await openTab(page, "Elicitations");
    const card = page.getByRole("article").filter({ hasText: "Names and a pattern" });
    for (const name of ["constructor", "toString", "hasOwnProperty"]) await card.getByLabel(name, { exact: true }).fill(`${name}!`);
    // Accept with the server's own default: refused by the pattern, measured inside the page.
    const blockedMs = await page.evaluate(async () => {
      const accept = [...document.querySelectorAll("button")].find((b) => b.textContent === "Accept");
      const started = performance.now();
      accept?.click();
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return performance.now() - started;
    });
    console.log(`page blocked by Accept on the ReDoS pattern: ${blockedMs.toFixed(1)} ms (click to second frame)`);
    await card.getByText("must match the pattern ^(a+)+$").first().waitFor();
    await card.getByLabel("word", { exact: true }).fill("aaaa");
    await card.getByRole("button", { name: "Accept" }).click();
    const result = await received;
    expect(result.ok, JSON.stringify(result.error)).toBe(true);
    const text = ((result.result as { content: { text: string }[] }).content[0]!.text);
    expect(JSON.parse(text).response.result).toEqual({
      action: "accept",
      content: { constructor: "constructor!", toString: "toString!", hasOwnProperty: "hasOwnProperty!", word: "aaaa" },
    });
    await app.screenshot("hostile-keys-and-redos");
    expect(app.pageErrors).toEqual([]);
  });
});
