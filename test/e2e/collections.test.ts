// Collections in the app: a tool run saved from its run card into a new collection (with a snapshot
// assertion), the Collections tab running it on the session, the first snapshot accepted, and a collection
// whose accepted snapshot no longer matches shown as a diff with "Accept new snapshot". Both themes.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openApp } from "./app.js";
import { connect, openTool, runArticle, waitForText } from "./flows-ui.js";

describe("collections in the app", () => {
  it("saves a run into a collection, runs it, accepts its snapshot, and shows a changed snapshot as a diff", { timeout: 240_000 }, async () => {
    const app = await openApp({ viewport: { width: 1280, height: 720 }, context: { colorScheme: "light" } });
    const { page } = app;
    await connect(page, "Everything (demo)");
    const echo = await openTool(page, "echo");
    await echo.getByRole("textbox", { name: "message", exact: true }).fill("hi");
    await echo.getByRole("button", { name: "Run", exact: true }).click();
    const run = runArticle(page, 1, "echo");
    await waitForText(run, "Echo: hi");

    await run.getByRole("button", { name: "Save Run 1: echo to a collection", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Save Run 1: echo to a collection" });
    await expect.poll(() => dialog.getByRole("combobox", { name: "Collection" }).inputValue()).toBe("");
    await dialog.getByRole("textbox", { name: "New collection's name" }).fill("Smoke");
    await dialog.getByRole("checkbox", { name: /Same as a snapshot/ }).check();
    await app.screenshot("collections-save-dialog");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await waitForText(run, "Saved to Smoke.collection.json");
    const saved = JSON.parse(readFileSync(join(app.server.configDir, "collections", "Smoke.collection.json"), "utf8"));
    expect(saved.calls).toEqual([{ name: "echo", kind: "tool", target: "echo", arguments: { message: "hi" }, assert: [{ notError: true }, { snapshot: { ignore: [] } }] }]);
    // Saved from a session: the collection names the server it was made against.
    expect(saved.server).toBe("Everything (demo)");

    // A collection whose accepted snapshot is yesterday's answer.
    mkdirSync(join(app.server.configDir, "collections"), { recursive: true });
    writeFileSync(
      join(app.server.configDir, "collections", "Drift.collection.json"),
      JSON.stringify({ collection: 1, name: "Drift", calls: [{ name: "echo today", kind: "tool", target: "echo", arguments: { message: "today" }, assert: [{ snapshot: { ignore: [] } }], snapshot: { content: [{ type: "text", text: "Echo: yesterday" }] } }] }),
    );

    await page.keyboard.press("Alt+9");
    await expect.poll(() => page.getByRole("tab", { name: "Collections", exact: true }).getAttribute("aria-selected")).toBe("true");
    const tabPanel = page.getByRole("region", { name: "Collections", exact: true });
    await tabPanel.getByRole("button", { name: "Reload", exact: true }).click();
    // The session's server's collections first, under its name; the others (Drift names no server) after.
    const picker = tabPanel.getByRole("combobox", { name: "Collection" });
    await expect.poll(() => picker.locator('optgroup[label="Other collections"] option').allTextContents()).toEqual(["Drift (1 call)"]);
    expect(await picker.locator('optgroup[label="For Everything (demo)"] option').allTextContents()).toEqual(["Smoke (1 call)"]);
    expect(await picker.inputValue()).toBe("Smoke.collection.json");
    await app.screenshot("collections-by-server");
    // Lined up with every other tab: its first control starts where the tab panel's content does.
    const [barLeft, contentLeft] = await tabPanel.evaluate((el) => {
      const panel = el.closest("[role=tabpanel]")!;
      return [el.querySelector(".collections-bar")!.getBoundingClientRect().left, panel.getBoundingClientRect().left + parseFloat(getComputedStyle(panel).paddingLeft)];
    });
    expect(barLeft - contentLeft).toBeLessThanOrEqual(3);
    await tabPanel.getByRole("combobox", { name: "Collection" }).selectOption("Smoke.collection.json");
    await tabPanel.getByRole("button", { name: "Run all", exact: true }).click();
    const call = tabPanel.getByRole("listitem", { name: "echo: failed" });
    await waitForText(call, /^no accepted snapshot yet/);
    await call.getByRole("button", { name: "Accept new snapshot for echo", exact: true }).click();
    await tabPanel.getByRole("button", { name: "Run all", exact: true }).click();
    await waitForText(tabPanel.getByRole("status"), "1 passed, 0 failed");
    await tabPanel.getByRole("listitem", { name: "echo: passed" }).waitFor();
    await app.screenshot("collections-tab-passed");

    // Import: a hostile file is refused with the place named; a good one is kept and selected.
    const importer = tabPanel.getByLabel("Collection file to import");
    await importer.setInputFiles({ name: "evil.json", mimeType: "application/json", buffer: Buffer.from('{"collection": 1, "name": "evil", "calls": [{"name": "c", "kind": "tool", "target": "t", "assert": [{"path": "$.a", "matches": "(a+)\\\\1"}]}]}') });
    await waitForText(tabPanel.getByRole("alert"), /^evil\.json was not imported: .*calls\[0\]\.assert\[0\]\.matches: this pattern cannot run on RE2/);
    await app.screenshot("collections-import-refused");
    // However long the message, it wraps inside the alert and the dismiss button stays at its right, on its first line.
    const text = (await tabPanel.getByRole("alert").locator(".alert-text").boundingBox())!;
    const dismiss = (await tabPanel.getByRole("button", { name: "Dismiss error" }).boundingBox())!;
    expect(dismiss.x).toBeGreaterThanOrEqual(text.x + text.width);
    expect(dismiss.y).toBeLessThan(text.y + 20);
    await tabPanel.getByRole("button", { name: "Dismiss error" }).click();
    await importer.setInputFiles({ name: "imported.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ collection: 1, name: "Imported", calls: [{ name: "sum", kind: "tool", target: "get-sum", arguments: { a: 1, b: 2 }, assert: [{ path: "$.content[0].text", matches: "\\b3\\b" }] }] })) });
    await expect.poll(() => tabPanel.getByRole("combobox", { name: "Collection" }).inputValue()).toBe("Imported.collection.json");
    await tabPanel.getByRole("button", { name: "Run sum", exact: true }).click();
    await tabPanel.getByRole("listitem", { name: "sum: passed" }).waitFor();

    await tabPanel.getByRole("combobox", { name: "Collection" }).selectOption("Drift.collection.json");
    await tabPanel.getByRole("button", { name: "Run all", exact: true }).click();
    const drift = tabPanel.getByRole("listitem", { name: "echo today: failed" });
    await waitForText(drift, "differs at $.content[0].text");
    const diff = drift.getByRole("group", { name: "Snapshot difference for echo today" });
    await waitForText(diff, /"text": "Echo: yesterday"/);
    await waitForText(diff, /"text": "Echo: today"/);
    await app.screenshot("collections-snapshot-diff-light");
    await page.emulateMedia({ colorScheme: "dark" });
    await app.screenshot("collections-snapshot-diff-dark");
    await drift.getByRole("button", { name: "Accept new snapshot for echo today", exact: true }).click();
    await waitForText(tabPanel.getByRole("listitem", { name: "echo today: passed" }), "accepted as the new snapshot");
    expect(JSON.parse(readFileSync(join(app.server.configDir, "collections", "Drift.collection.json"), "utf8")).calls[0].snapshot).toEqual({ content: [{ type: "text", text: "Echo: today" }] });

    // A Logs row: the tools/call sent for Run 1 saved into the first collection (Drift).
    await page.getByRole("tab", { name: "Logs", exact: true }).click();
    await page.getByRole("textbox", { name: "Method", exact: true }).fill("tools/call");
    const logSave = page.getByRole("button", { name: /^Save message \d+ to a collection$/ }).first();
    await app.screenshot("collections-logs-row");
    await logSave.click();
    await app.screenshot("collections-save-from-logs");
    const logDialog = page.getByRole("dialog", { name: /^Save message \d+ to a collection$/ });
    await expect.poll(() => logDialog.getByRole("combobox", { name: "Collection" }).inputValue()).toBe("Drift.collection.json");
    await expect.poll(() => logDialog.getByRole("textbox", { name: "Name of the call" }).inputValue()).toBe("echo");
    await logDialog.getByRole("button", { name: "Save", exact: true }).click();
    await waitForText(page.getByRole("status").filter({ hasText: "Saved to" }), "Saved to Drift.collection.json");
    const drifted = JSON.parse(readFileSync(join(app.server.configDir, "collections", "Drift.collection.json"), "utf8"));
    expect(drifted.calls.map((c: { name: string; arguments: unknown }) => [c.name, c.arguments])).toEqual([["echo today", { message: "today" }], ["echo", { message: "hi" }]]);

    // "Save these calls": every call the filtered log shows, into a new collection.
    await page.getByRole("button", { name: /^Save these calls \(\d+\)$/ }).click();
    const many = page.getByRole("dialog", { name: /^Save \d+ calls as a collection$/ });
    await many.getByRole("textbox", { name: "Collection's name" }).fill("From the log");
    await many.getByRole("button", { name: "Save", exact: true }).click();
    const said = page.getByRole("status").filter({ hasText: "From the log" });
    await waitForText(said, /^\d+ calls saved to From the log\.collection\.json$/);
    const count = Number(/^(\d+)/.exec((await said.textContent()) ?? "")![1]);
    const fromLog = JSON.parse(readFileSync(join(app.server.configDir, "collections", "From the log.collection.json"), "utf8"));
    expect(fromLog.calls).toHaveLength(count);
    expect(count).toBeGreaterThanOrEqual(3);
    expect(new Set(fromLog.calls.map((c: { kind: string; target: string }) => `${c.kind} ${c.target}`))).toEqual(new Set(["tool echo", "tool get-sum"]));
    expect(app.pageErrors).toEqual([]);
    await app.close();
  });

  it("a saved call's arguments are read and copied, opened in the Tools tab's form to edit, and a call is removed", { timeout: 240_000 }, async () => {
    const app = await openApp({ viewport: { width: 1280, height: 720 }, context: { colorScheme: "dark" } });
    const { page } = app;
    mkdirSync(join(app.server.configDir, "collections"), { recursive: true });
    const file = join(app.server.configDir, "collections", "Sums.collection.json");
    writeFileSync(
      file,
      JSON.stringify({
        collection: 1,
        name: "Sums",
        calls: [
          { name: "one and two", kind: "tool", target: "get-sum", arguments: { a: 1, b: 2 }, assert: [{ notError: true }] },
          { name: "say hi", kind: "tool", target: "echo", arguments: { message: 'hi "there"' }, assert: [] },
          { name: "not here", kind: "tool", target: "no-such-tool", arguments: {}, assert: [] },
        ],
      }),
    );
    await connect(page, "Everything (demo)");
    await page.keyboard.press("Alt+9");
    const tabPanel = page.getByRole("region", { name: "Collections", exact: true });
    const sum = tabPanel.getByRole("listitem", { name: "one and two", exact: true });
    await sum.waitFor();
    // The arguments, drawn when opened.
    await sum.getByText("Arguments (2 keys)", { exact: true }).click();
    await waitForText(sum.locator("pre"), /"a": 1,\s+"b": 2/);
    await sum.getByRole("button", { name: /^Copy the arguments of one and two/ }).waitFor();
    await app.screenshot("collections-call-arguments-dark");
    await page.emulateMedia({ colorScheme: "light" });
    await app.screenshot("collections-call-arguments-light");
    // A tool the session does not have cannot be opened, and says why.
    const missing = tabPanel.getByRole("button", { name: "Open not here in the Tools tab", exact: true });
    expect(await missing.isDisabled()).toBe(true);
    expect(await missing.getAttribute("title")).toBe('The selected session has no tool named "no-such-tool"');
    // Open in Tools: the Tools tab, get-sum's form holding 1 and 2, the focus in it.
    await sum.getByRole("button", { name: "Open one and two in the Tools tab", exact: true }).click();
    await expect.poll(() => page.getByRole("tab", { name: "Tools", exact: true }).getAttribute("aria-selected")).toBe("true");
    const form = page.getByRole("form", { name: "Arguments for get-sum" });
    await expect.poll(() => form.getByLabel("a", { exact: true }).inputValue()).toBe("1");
    expect(await form.getByLabel("b", { exact: true }).inputValue()).toBe("2");
    await expect.poll(() => form.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    // Remove…: asked first; declined, nothing changes; accepted, the file keeps the other calls.
    await page.keyboard.press("Alt+9");
    const answers = [false, true];
    const asked: string[] = [];
    page.on("dialog", (dialog) => {
      asked.push(dialog.message());
      void (answers.shift() ? dialog.accept() : dialog.dismiss());
    });
    const remove = tabPanel.getByRole("button", { name: "Remove say hi from the collection", exact: true });
    await remove.click();
    await expect.poll(() => asked.length).toBe(1);
    expect(JSON.parse(readFileSync(file, "utf8")).calls).toHaveLength(3);
    await remove.click();
    await expect.poll(() => JSON.parse(readFileSync(file, "utf8")).calls.map((c: { name: string }) => c.name)).toEqual(["one and two", "not here"]);
    expect(asked).toEqual(['Remove the call "say hi" from the collection "Sums"?', 'Remove the call "say hi" from the collection "Sums"?']);
    await expect.poll(() => tabPanel.getByRole("listitem", { name: "say hi", exact: true }).count()).toBe(0);
    expect(await tabPanel.getByRole("combobox", { name: "Collection" }).locator("option").allTextContents()).toContain("Sums (2 calls)");
    expect(app.pageErrors).toEqual([]);
    await app.close();
  });
});
