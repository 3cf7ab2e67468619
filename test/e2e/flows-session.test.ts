// Issue 13 in Chromium against the real Everything demo: the Roots editor (a root reaches the server's
// get-roots-list), the Server facts panel, Connect after Disconnect reusing the session's place, removing
// an ended session; Restart (a new server process in the same session); and checkboxes drawn beside their labels.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { openApp } from "./app.js";
import { shellQuote } from "../../main/cli/shellWords.js";
import { EVERYTHING, FLOW_TIMEOUT_MS, connect, fixtureServer, openTool, runArticle, serverGroup, waitForText } from "./flows-ui.js";

/** The session picker's option texts, as the user sees them. */
async function sessionOptions(page: Page): Promise<string[]> {
  return page.getByRole("combobox", { name: "Session" }).locator("option").allTextContents();
}

/** Whether a checkbox sits level with its label, the box first (not above it, not stretched across the row). */
async function besideItsLabel(checkbox: Locator): Promise<{ sameLine: boolean; boxFirst: boolean; boxWidth: number }> {
  return checkbox.evaluate((el) => {
    const input = el as HTMLInputElement;
    const label = input.labels?.[0];
    if (!label) throw new Error(`checkbox ${input.id} has no label`);
    const box = input.getBoundingClientRect();
    const text = label.getBoundingClientRect();
    // A label that wraps onto two lines still has the box at its side, level with it.
    const centre = box.top + box.height / 2;
    return { sameLine: centre > text.top && centre < text.bottom, boxFirst: box.right <= text.left, boxWidth: box.width };
  });
}

describe("session panels in Chromium", () => {
  it("a root added in the Roots editor reaches server-everything's get-roots-list; Server facts; reconnect keeps one session; Remove session", { timeout: 240_000 }, async () => {
    const app = await openApp();
    const { page } = app;
    await connect(page, EVERYTHING);

    // Roots
    await page.getByRole("button", { name: "Roots (0)", exact: true }).click();
    const roots = page.getByRole("region", { name: "Roots", exact: true });
    const chooser = roots.getByRole("button", { name: "Choose folder…", exact: true });
    expect(await chooser.isDisabled()).toBe(true); // browser mode has no folder picker
    await roots.getByRole("textbox", { name: "URI", exact: true }).fill("http://not-a-root");
    await roots.getByRole("button", { name: "Add root", exact: true }).click();
    await waitForText(roots, /^A root must be a file:\/\/ URI/);
    await roots.getByRole("textbox", { name: "URI", exact: true }).fill("file:///work/project");
    await roots.getByRole("textbox", { name: "Name (optional)", exact: true }).fill("Project");
    await roots.getByRole("button", { name: "Add root", exact: true }).click();
    await page.getByRole("button", { name: "Roots (1)", exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await waitForText(roots, "file:///work/project");
    await app.screenshot("roots-editor");

    const tool = await openTool(page, "get-roots-list");
    await tool.getByRole("button", { name: "Run", exact: true }).click();
    await waitForText(runArticle(page, 1, "get-roots-list"), /Current MCP Roots \(1 total\)[\s\S]*1\. Project\s+URI: file:\/\/\/work\/project/);

    // Server facts: what server-everything said about itself.
    await page.getByRole("button", { name: "Server facts", exact: true }).click();
    const facts = page.getByRole("region", { name: "Server facts", exact: true });
    await waitForText(facts, "mcp-servers/everything");
    expect(await facts.getByLabel("Server instructions").textContent()).toMatch(/\S{20}/);
    await app.screenshot("server-facts");

    // Disconnect, Connect again: the same session, in its place, with its roots.
    const group = serverGroup(page, EVERYTHING);
    await group.getByRole("button", { name: "Disconnect", exact: true }).click();
    await group.getByRole("button", { name: "Connect", exact: true }).waitFor();
    expect(await sessionOptions(page)).toEqual([`${EVERYTHING} (disconnected)`]);
    await connect(page, EVERYTHING);
    expect(await sessionOptions(page)).toEqual([`${EVERYTHING} (connected)`]);
    await page.getByRole("button", { name: "Roots (1)", exact: true }).waitFor();

    // A reload finds the entry's session again (the core's serverId), then an ended session can go.
    await page.reload();
    await serverGroup(page, EVERYTHING).getByText("connected", { exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await serverGroup(page, EVERYTHING).getByRole("button", { name: "Disconnect", exact: true }).click();
    await page.getByRole("button", { name: "Remove session", exact: true }).click();
    await page.getByText("Not connected. Pick a server on the left and press Connect.", { exact: true }).waitFor();
    await serverGroup(page, EVERYTHING).getByText("disconnected", { exact: true }).waitFor();
    expect(app.pageErrors).toEqual([]);
    await app.close();
  });

  it("Restart after a rebuild: a new server process, the same session with its runs", { timeout: 240_000 }, async () => {
    const name = "Session fixture";
    const app = await openApp({ savedServers: [fixtureServer("fixture", name, "session-server.mjs")], context: { colorScheme: "dark" } });
    const { page } = app;
    await connect(page, name);
    const pidOf = async (run: Locator) => {
      await waitForText(run, /"pid": ?\d+/);
      return Number(/"pid": ?(\d+)/.exec((await run.textContent()) ?? "")![1]);
    };
    const whoami = await openTool(page, "whoami");
    await whoami.getByRole("button", { name: "Run", exact: true }).click();
    const before = await pidOf(runArticle(page, 1, "whoami"));

    const group = serverGroup(page, name);
    await app.screenshot("server-restart-dark");
    const restart = group.getByRole("button", { name: `Restart server ${name}`, exact: true });
    await restart.click();
    // The entry's buttons wait while it restarts (the old state still reads "connected" at first): enabled
    // again, the new process is connected.
    await expect.poll(() => restart.isEnabled({ timeout: 1000 }), { timeout: FLOW_TIMEOUT_MS }).toBe(true);
    await group.getByText("connected", { exact: true }).waitFor();
    expect(await sessionOptions(page)).toEqual([`${name} (connected)`]);
    // The same session: its first run is still listed, and Run again reaches the new process.
    await runArticle(page, 1, "whoami").getByRole("button", { name: "Run whoami again with the arguments of Run 1", exact: true }).click();
    const after = await pidOf(runArticle(page, 2, "whoami"));
    expect(after).not.toBe(before);
    await page.emulateMedia({ colorScheme: "light" });
    await app.screenshot("server-restart-light");
    expect(app.pageErrors).toEqual([]);
    await app.close();
  });

  it("checkboxes sit beside their labels: the server editor's capabilities and the settings' notification switch", { timeout: 120_000 }, async () => {
    const app = await openApp({ viewport: { width: 1280, height: 1000 } });
    const { page } = app;
    await page.getByRole("button", { name: "Add server", exact: true }).click();
    const form = page.getByRole("form", { name: "Add server" });
    const boxes = await form.getByRole("checkbox").all();
    expect(boxes.length).toBe(7); // sampling, elicitation form and URL, roots, tasks, MCP Apps (AP1), eval in Views (AP15)
    // Boxes of the editor measured before Settings opens: the Settings dialog makes the rest of the page inert.
    const placedInEditor = await Promise.all(boxes.map(async (box) => ({ name: await box.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? ""), placed: await besideItsLabel(box) })));
    for (const { name, placed } of placedInEditor) {
      expect(placed, name).toMatchObject({ sameLine: true, boxFirst: true });
      expect(placed.boxWidth, name).toBeLessThan(40);
    }
    // A URL ending in /sse chosen as Streamable HTTP is pointed out, with the switch beside it.
    await form.getByLabel("Transport", { exact: true }).selectOption("streamableHttp");
    await form.getByLabel("URL", { exact: true }).fill("http://localhost:8080/sse");
    await form.getByText("A URL ending in /sse usually speaks the older SSE transport.", { exact: false }).waitFor();
    await form.getByLabel("URL", { exact: true }).scrollIntoViewIfNeeded();
    await app.screenshot("server-editor-transport-hint");
    await form.getByRole("button", { name: "Use SSE", exact: true }).click();
    expect(await form.getByLabel("Transport", { exact: true }).inputValue()).toBe("sse");
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    const notify = page.getByRole("checkbox", { name: "Notify me when a server waits on me" });
    await notify.waitFor();
    for (const box of [notify]) {
      const name = await box.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? "");
      const placed = await besideItsLabel(box);
      expect(placed, name).toMatchObject({ sameLine: true, boxFirst: true });
      expect(placed.boxWidth, name).toBeLessThan(40);
    }
    await app.screenshot("checkboxes-beside-labels");
    await app.close();
  });

  it("a command line pasted into Command is split into the program and its arguments, saved under the script's name and connected", { timeout: 120_000 }, async () => {
    const app = await openApp({ viewport: { width: 1280, height: 720 } });
    const { page } = app;
    await page.getByRole("button", { name: "Add server", exact: true }).click();
    const form = page.getByRole("form", { name: "Add server" });
    const fixture = fileURLToPath(new URL("../fixtures/session-server.mjs", import.meta.url));
    await form.getByLabel("Command", { exact: true }).fill(`${shellQuote(process.execPath)} ${shellQuote(fixture)}`);
    const note = form.getByRole("note").filter({ hasText: "This reads as a whole command line" });
    await note.waitFor();
    // A long program path wraps inside the sidebar instead of running past its edge.
    const [noteRight, formRight] = await Promise.all([note.evaluate((el) => Math.max(...[...el.querySelectorAll("*")].map((c) => c.getBoundingClientRect().right))), form.evaluate((el) => el.getBoundingClientRect().right)]);
    expect(noteRight).toBeLessThanOrEqual(formRight);
    await app.screenshot("server-editor-command-split");
    await note.getByRole("button", { name: "Split into command and arguments", exact: true }).click();
    expect(await form.getByLabel("Command", { exact: true }).inputValue()).toBe(process.execPath);
    expect(await form.getByLabel("Arguments (one per line)", { exact: true }).inputValue()).toBe(fixture);
    // Name left empty: the placeholder says what the entry will be called.
    expect(await form.getByLabel("Name", { exact: true }).getAttribute("placeholder")).toBe("session-server");
    await form.getByRole("button", { name: "Save server", exact: true }).click();
    await connect(page, "session-server");
    expect(app.pageErrors).toEqual([]);
    await app.close();
  });
});
