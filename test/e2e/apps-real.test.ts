// MCP Apps as their authors write them, in real Chromium (browser mode): a View's own failures reach the
// App panel (AP13), eval only when the user allows it for the server (AP15), workers from blobs start
// (AP5), and the official PDF example App loads its 4.3 MB View (AP17) and draws a PDF the test makes.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { SavedServer } from "../../shared/types.js";
import { openApp, requireBuild } from "./app.js";
import { FLOW_TIMEOUT_MS, connect, fixtureServer, openTab, openTool, runArticle, waitForText } from "./flows-ui.js";

const NAME = "Trouble Apps";
const TEST_TIMEOUT_MS = 240_000;

async function runTool(page: import("playwright-core").Page, tool: string, fill?: (form: import("playwright-core").Locator) => Promise<void>) {
  const form = await openTool(page, tool);
  if (fill) await fill(form);
  await form.getByRole("button", { name: "Run", exact: true }).click();
  const run = runArticle(page, 1, tool);
  return { run, panel: run.getByRole("region", { name: `App of ${tool}` }), view: page.frameLocator(`iframe[title="MCP App of ${tool}"]`).frameLocator("iframe") };
}

/** A one-page PDF written by hand: a catalog, a page tree, one page drawing a line of text, an exact xref. */
function tinyPdf(text: string): Buffer {
  const content = `BT /F1 36 Tf 72 700 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

describe("real MCP Apps in Chromium (browser mode)", () => {
  it("AP13, AP5: a blob worker starts; an undeclared image, an uncaught error and an unhandled rejection reach the App panel, each reported by the sandbox, with the _meta.ui.csp field that would allow the image", { timeout: TEST_TIMEOUT_MS }, async () => {
    requireBuild();
    const app = await openApp({ savedServers: [fixtureServer("e2e-trouble-apps", NAME, "apps/trouble-app-server.mjs")], viewport: { width: 1280, height: 720 } });
    const { page } = app;
    await connect(page, NAME);
    const { panel, view } = await runTool(page, "goes-wrong");
    await view.getByText("worker: ping pong").waitFor({ timeout: FLOW_TIMEOUT_MS });
    const errors = panel.getByRole("list", { name: "Errors reported for the App of goes-wrong" });
    await waitForText(errors, /CSP blocked https:\/\/undeclared\.example\/picture\.png \(img-src\)/);
    await waitForText(errors, /declare https:\/\/undeclared\.example in _meta\.ui\.csp\.resourceDomains to allow it/);
    await waitForText(errors, /Unhandled rejection: a promise nobody caught/);
    await waitForText(errors, /Uncaught error: .*thrown on purpose \(line \d+\)/);
    const rows = await errors.getByRole("listitem").allTextContents();
    for (const row of rows) expect(row).toMatch(/^reported by the sandbox /);
    // Both policies (the proxy's header, inherited, and the View's meta) see the same block: said once.
    expect(rows.filter((r) => r.includes("CSP blocked https://undeclared.example/picture.png"))).toHaveLength(1);
    // The blocked image is also a failed load of its element.
    expect(rows.filter((r) => r.includes("Failed to load https://undeclared.example/picture.png (<img>)"))).toHaveLength(1);
    await waitForText(panel.getByRole("status"), "initialized");
    // The View's console errors only when asked for (the frame reloads with them), and as the View's own words.
    expect(rows.some((r) => r.includes("console said no"))).toBe(false);
    await panel.getByRole("checkbox", { name: "Show the View's console errors (reloads the View)" }).check();
    await waitForText(errors, /^reported by the View console\.error: console said no with an error$/);
    await view.getByText("worker: ping pong").waitFor({ timeout: FLOW_TIMEOUT_MS });
    await panel.scrollIntoViewIfNeeded();
    await app.screenshot("apps-real-01-errors");
    await app.close();
  });

  it("AP15: a View blocked for eval is told apart, the panel offers eval for this server, and the View reloads with it allowed", { timeout: TEST_TIMEOUT_MS }, async () => {
    requireBuild();
    const app = await openApp({ savedServers: [fixtureServer("e2e-trouble-apps", NAME, "apps/trouble-app-server.mjs")], viewport: { width: 1280, height: 720 }, context: { colorScheme: "dark" } });
    const { page } = app;
    await connect(page, NAME);
    const { panel, view } = await runTool(page, "needs-eval");
    await view.getByText("eval blocked").waitFor({ timeout: FLOW_TIMEOUT_MS });
    const offer = panel.getByRole("button", { name: "Allow eval for this server and reload the View" });
    await offer.waitFor({ timeout: FLOW_TIMEOUT_MS });
    await waitForText(panel, /CSP blocked eval \(script-src/);
    await expect.poll(() => panel.getByText("not allowed (the default)").count(), { timeout: FLOW_TIMEOUT_MS }).toBe(1);
    await panel.scrollIntoViewIfNeeded();
    await app.screenshot("apps-real-02-eval-blocked");
    await offer.click();
    // The View reloads in a frame of its own process (another site): while the old frame goes, a lookup in
    // it can fail as "target closed", so the new View's text is polled afresh.
    await expect
      .poll(async () => view.getByText("eval: 42").count().catch(() => 0), { timeout: FLOW_TIMEOUT_MS })
      .toBe(1);
    await waitForText(panel, /allowed for this server \('unsafe-eval'\)/);
    await panel.getByText("CSP in force").click();
    await waitForText(panel.locator(".app-csp"), /script-src 'self' 'unsafe-inline' 'unsafe-eval'/);
    // Saved with the server entry: the editor shows the switch on.
    await panel.scrollIntoViewIfNeeded();
    await app.screenshot("apps-real-03-eval-allowed");
    await app.close();
  });

  it("AP17, AP5: the official PDF App's 4.3 MB View loads under the default bound, starts PDF.js's worker and draws a PDF the test wrote", { timeout: TEST_TIMEOUT_MS }, async () => {
    requireBuild();
    const folder = await mkdtemp(join(tmpdir(), "pdf-app-"));
    const file = join(folder, "hello.pdf");
    await writeFile(file, tinyPdf("Hello from the inspector"));
    const pdf: SavedServer = {
      id: "e2e-pdf-app",
      name: "PDF App",
      era: "auto",
      transport: { type: "stdio", command: process.execPath, args: [fileURLToPath(new URL("../../node_modules/@modelcontextprotocol/server-pdf/dist/index.js", import.meta.url)), "--stdio", file], env: {} },
      features: { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true },
    };
    const app = await openApp({ savedServers: [pdf], viewport: { width: 1280, height: 720 } });
    const { page } = app;
    await connect(page, "PDF App");
    const { panel, view } = await runTool(page, "display_pdf", async (form) => {
      await form.getByRole("textbox", { name: /url/ }).fill(file);
    });
    await waitForText(panel.getByRole("status"), "initialized", 30_000);
    await waitForText(panel, /Size.*4\.\d MB \(4,\d{3},\d{3} bytes/);
    // PDF.js drew the page: a canvas with ink on it.
    await view.locator("canvas").first().waitFor({ timeout: 60_000 });
    const errors = panel.getByRole("list", { name: "Errors reported for the App of display_pdf" });
    const reported = (await errors.count()) > 0 ? await errors.textContent() : "";
    // PDF.js tests whether eval works (an empty new Function) and copes when it does not: a fact in the panel,
    // no alert; nothing it needs for its worker is blocked.
    expect(reported).not.toMatch(/worker-src|blob:|data:|Failed to load|CSP blocked eval/);
    await waitForText(panel, /the View only tested for it \(an empty new Function\)/);
    expect(await panel.getByText(/The View was blocked for eval/).count()).toBe(0);
    await panel.scrollIntoViewIfNeeded();
    await app.screenshot("apps-real-04-pdf");
    await app.close();
  });

  it("AP16: styles in the host context (re-sent when the theme changes), ui/download-file saved only after the user confirms under a safe name (-32000 when not), request-teardown closes the App; Preview as a phone streams the input with tool-input-partial", { timeout: TEST_TIMEOUT_MS }, async () => {
    requireBuild();
    const app = await openApp({ savedServers: [fixtureServer("e2e-trouble-apps", NAME, "apps/trouble-app-server.mjs")], viewport: { width: 1280, height: 720 } });
    const { page } = app;
    await page.emulateMedia({ colorScheme: "light" });
    await connect(page, NAME);
    const { panel, view } = await runTool(page, "asks-things");
    await view.getByText(/^text colour given \| platform web \| input $/).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await page.emulateMedia({ colorScheme: "dark" });
    await view.getByText(/styles changed dark/).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await view.getByRole("button", { name: "Download" }).click();
    const ask = panel.getByRole("alertdialog", { name: "The App asks to save a file" });
    await waitForText(ask.locator("code"), "txt.exe");
    await ask.getByRole("button", { name: "Don't save" }).click();
    await view.getByText(/download refused -32000/).waitFor({ timeout: FLOW_TIMEOUT_MS });
    // Pressed from the keyboard after the page moved the View's frame (the dialog went, the page scrolled):
    // that frame is laid out in a process of its own, so a pointer click then can land where the button was.
    await view.getByRole("button", { name: "Download" }).press("Enter");
    const saved = page.waitForEvent("download");
    await panel.getByRole("alertdialog", { name: "The App asks to save a file" }).getByRole("button", { name: "Save file" }).click();
    expect((await saved).suggestedFilename()).toBe("txt.exe");
    await view.getByText(/download saved/).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await panel.scrollIntoViewIfNeeded();
    await app.screenshot("apps-real-05-asks-things");
    await view.getByRole("button", { name: "Close me" }).press("Enter");
    await panel.getByText("App closed. The View asked to close (ui/notifications/request-teardown); the View answered ui/resource-teardown.").waitFor({ timeout: FLOW_TIMEOUT_MS });
    // Preview as a phone would present it, the input streamed key by key.
    await openTab(page, "Resources");
    await page.getByRole("button", { name: "Read ui://trouble/asks-things.html", exact: true }).click();
    const preview = page.getByRole("region", { name: "Preview as an App" });
    await preview.getByRole("textbox", { name: "Tool input (JSON object)" }).fill('{"a":1,"b":2,"c":3}');
    await preview.getByRole("combobox", { name: "Present it as" }).selectOption("mobile");
    await preview.getByRole("checkbox", { name: /Stream the input/ }).check();
    await preview.getByRole("button", { name: "Preview App" }).click();
    const previewView = page.frameLocator('iframe[title="MCP App of ui://trouble/asks-things.html"]').frameLocator("iframe");
    await previewView.getByText(/platform mobile \| partial a \| partial a,b \| input a,b,c$/).waitFor({ timeout: FLOW_TIMEOUT_MS });
    const frameWidth = await page.locator('iframe[title="MCP App of ui://trouble/asks-things.html"]').evaluate((f) => f.getBoundingClientRect().width);
    expect(frameWidth).toBeLessThanOrEqual(390);
    await preview.scrollIntoViewIfNeeded();
    await app.screenshot("apps-real-06-preview-mobile");
    await app.close();
  });

  it("AP14: an App lives as long as its run: five tab switches, another tool, another session and back keep its frame, state, timers and bridge; it started once", { timeout: TEST_TIMEOUT_MS }, async () => {
    requireBuild();
    const app = await openApp({
      savedServers: [fixtureServer("e2e-trouble-apps", NAME, "apps/trouble-app-server.mjs"), fixtureServer("e2e-other-apps", "Other Apps", "apps/hostile-app-server.mjs")],
      viewport: { width: 1280, height: 720 },
    });
    const { page } = app;
    await connect(page, "Other Apps");
    await connect(page, NAME);
    const { panel, view } = await runTool(page, "counter");
    await view.getByText(/^starts: 1, ticks: \d+$/).waitFor({ timeout: FLOW_TIMEOUT_MS });
    const ticksOf = async () => Number(/ticks: (\d+)/.exec((await view.locator("#out").textContent()) ?? "")![1]);
    const before = await ticksOf();
    for (const tab of ["Logs", "Tasks", "Resources", "Prompts", "Checks"] as const) {
      await openTab(page, tab);
      await openTab(page, "Tools");
    }
    // Another tool, then back to the counter's.
    await openTool(page, "needs-eval");
    await openTool(page, "counter");
    // Another session, then back.
    const sessions = page.getByRole("combobox", { name: /Session/ });
    await sessions.selectOption({ label: "Other Apps (connected)" });
    await page.getByRole("button", { name: "escape-top", exact: true }).waitFor();
    await sessions.selectOption({ label: `${NAME} (connected)` });
    await openTool(page, "counter");
    await waitForText(panel.getByRole("status"), "initialized");
    await view.getByText(/^starts: 1, ticks: \d+$/).waitFor({ timeout: FLOW_TIMEOUT_MS });
    // Its timers ran all along: the same document, not a new one.
    expect(await ticksOf()).toBeGreaterThan(before);
    // The server counted one start of the View.
    const form = await openTool(page, "starts");
    await form.getByRole("button", { name: "Run", exact: true }).click();
    await waitForText(runArticle(page, 2, "starts"), /counter View starts: 1/);
    await openTool(page, "counter");
    await panel.scrollIntoViewIfNeeded();
    await app.screenshot("apps-real-07-lifetime");
    await app.close();
  });
});
