// Forms that take any schema, in real Chromium against a real stdio server (test/fixtures/schema-shapes-server.mjs)
// whose tools each take one JSON Schema shape and echo the arguments they received. Each form is filled as a
// user would (keys typed, steppers clicked, branches picked, array items added, moved and removed) and the
// server's echo must equal the expected JSON byte for byte. Edit as JSON (CodeMirror, loaded on first use)
// goes both ways without losing what was typed; prompt arguments and an elicitation answer go the same way.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { openApp } from "./app.js";
import { FLOW_TIMEOUT_MS, connect, fixtureServer, openTab, openTool, runArticle } from "./flows-ui.js";
import { SHAPE_SCRIPTS, type FormDriver, type Scope } from "../helpers/schemaShapeScripts.js";
import { STEPS_DESCRIPTION } from "../fixtures/lib/schemaShapes.mjs";

const SHAPES_SERVER = "Schema shapes";
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's WCAG 2 A and AA rules over one part of the page (names, roles, contrast…): each violation as text. */
async function axeProblems(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (include) => {
    type Result = { violations: { id: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] };
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<Result> } }).axe;
    const result = await axe.run({ include: [[include]] }, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] }, resultTypes: ["violations"] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.map(String).join(" ")}: ${(n.failureSummary ?? "").replace(/\s+/g, " ").trim()}`));
  }, selector);
}
// 41 runs through the UI; on a loaded 2-core machine the slowest took ~2 min.
const TEST_TIMEOUT_MS = 420_000;

function scoped(root: Locator, scope: Scope = []): Locator {
  let at = root;
  for (const name of scope) at = at.getByRole("group", { name, exact: true });
  return at;
}

function chromiumDriver(root: Locator): FormDriver {
  return {
    async type(name, text, scope) {
      const field = scoped(root, scope).getByLabel(name, { exact: true });
      const type = await field.getAttribute("type");
      // A date picker is filled whole, as picking a date does; everything else is typed key by key.
      if (type === "date" || type === "datetime-local") await field.fill(text);
      else await field.pressSequentially(text);
    },
    async press(name, scope) {
      await scoped(root, scope).getByRole("button", { name, exact: true }).click();
    },
    async toggle(name, scope) {
      await scoped(root, scope).getByRole("checkbox", { name, exact: true }).click();
    },
    async choose(name, option, scope) {
      await scoped(root, scope).getByRole("combobox", { name, exact: true }).selectOption({ label: option });
    },
  };
}

/** The text the server echoed in run `n`, exactly as received (no whitespace normalised). */
async function echoOf(page: Page, n: number, tool: string): Promise<string> {
  const run = runArticle(page, n, tool);
  await expect.poll(() => run.locator(".status").first().textContent(), { timeout: FLOW_TIMEOUT_MS }).toBe("done");
  return (await run.locator(".content-text").first().textContent()) ?? "";
}

async function setup(viewport = { width: 1280, height: 720 }) {
  const app = await openApp({ savedServers: [fixtureServer("shapes", SHAPES_SERVER, "schema-shapes-server.mjs")], viewport, context: { colorScheme: "light" } });
  await connect(app.page, SHAPES_SERVER);
  return app;
}

describe("schema forms in Chromium", () => {
  it("every shape, filled as a user would, reaches the server byte for byte", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await setup();
    const { page } = app;
    let run = 0;
    const mismatches: string[] = [];
    for (const script of SHAPE_SCRIPTS) {
      const form = await openTool(page, script.tool);
      // The same tool twice: start from its schema again.
      await form.getByRole("button", { name: "Reset form", exact: true }).click();
      await script.fill(chromiumDriver(form));
      await form.getByRole("button", { name: "Run", exact: true }).click();
      run += 1;
      const echo = await echoOf(page, run, script.tool);
      if (echo !== script.expected) mismatches.push(`${script.tool} (${script.what}): got ${echo}, expected ${script.expected}`);
    }
    expect(mismatches).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });

  it("array items by keyboard alone: Add puts the caret in the new item, ↑ keeps focus on the moved item, ✕ hands it to the next", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await setup();
    const { page } = app;
    const form = await openTool(page, "array_strings");
    // The focused control's name: its aria-label, else its <label>.
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        return el?.getAttribute("aria-label") ?? el?.labels?.[0]?.textContent ?? el?.textContent ?? "";
      });
    await form.getByRole("button", { name: "Add tags item", exact: true }).focus();
    for (const text of ["a", "b", "c"]) {
      await page.keyboard.press("Enter");
      await expect.poll(focused).toBe(`tags item ${text === "a" ? 1 : text === "b" ? 2 : 3}`);
      await page.keyboard.type(text);
      await page.keyboard.press("Tab");
      expect(await focused()).toBe("Add tags item");
    }
    // Back from Add: item 3's field, its ✕, then its ↑ (its ↓ is disabled, so not in the Tab order).
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    expect(await focused()).toBe("Move tags item 3 up");
    await page.keyboard.press("Enter");
    await expect.poll(focused).toBe("Move tags item 2 up");
    // ✕ on the moved item ("c"): focus goes to the ✕ of the item that took its place.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("Remove tags item 2");
    await page.keyboard.press("Enter");
    await expect.poll(focused).toBe("Remove tags item 2");
    await form.getByRole("button", { name: "Run", exact: true }).click();
    expect(await echoOf(page, 1, "array_strings")).toBe('{"tags":["a","b"]}');
    expect(app.pageErrors).toEqual([]);
  });

  it("Edit as JSON: form → JSON → edit → form → run; the echo is the edit; screenshots of both in both themes", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await setup();
    const { page } = app;
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const form = await openTool(page, "kitchen_sink");
    // Its long description, indented in the server's source, shows its first ten lines without the indent;
    // "Show the whole description" shows the rest.
    const detail = page.getByRole("region", { name: "Tool kitchen_sink", exact: true });
    const description = detail.locator("p.description");
    const lineHeight = await description.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    const held = (await description.boundingBox())!;
    expect(held.height).toBeLessThanOrEqual(10 * lineHeight + 1);
    expect(held.height).toBeGreaterThan(9 * lineHeight);
    expect(await description.textContent()).toMatch(/^Echoes the arguments it received \(kitchen_sink\)\.\n\nEvery kind of field at once:\n {2}- title/);
    await app.screenshot("tool-description-held-light");
    expect(await axeProblems(page, "section[aria-label='Tool kitchen_sink']")).toEqual([]);
    await detail.getByRole("button", { name: "Show the whole description", exact: true }).click();
    expect((await description.boundingBox())!.height).toBeGreaterThan(13 * lineHeight);
    await page.emulateMedia({ colorScheme: "dark" });
    await app.screenshot("tool-description-whole-dark");
    expect(await axeProblems(page, "section[aria-label='Tool kitchen_sink']")).toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });
    await detail.getByRole("button", { name: "Show less", exact: true }).click();
    const d = chromiumDriver(form);
    await d.type("Title", 'Round "trip" \\ ü');
    await d.choose("Kind", "Alpha");
    await d.press("Increase Ratio");
    await d.choose("Target variant", "Web page", ["Target"]);
    await d.type("url", "https://example.com/x", ["Target"]);
    await d.press("Add Steps item", ["Steps"]);
    await d.type("label", "first", ["Steps", "Steps item 1"]);
    await d.press("Add Steps item", ["Steps"]);
    await d.type("label", "second", ["Steps", "Steps item 2"]);
    await d.toggle("done", ["Steps", "Steps item 2"]);
    await d.press("Move Steps item 2 up", ["Steps"]);
    // A rule the schema breaks, shown next to its field.
    await d.type("Count", "1");
    await form.getByRole("button", { name: "Run", exact: true }).click();
    await form.getByText("Some fields need attention; nothing was sent.").waitFor();
    await form.getByLabel("Title", { exact: true }).evaluate((el) => el.scrollIntoView({ block: "start" }));
    const problems: string[] = [];
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await app.screenshot(`schema-form-${scheme}`);
      problems.push(...(await axeProblems(page, "form[aria-label='Arguments for kitchen_sink']")).map((p) => `${scheme}: ${p}`));
    }
    // A field's "send" and "null" switches end where its input ends, not at the far edge of a wide pane.
    const farSwitches = await form.evaluate((el) =>
      [...el.querySelectorAll(".field")].flatMap((field) => {
        const switches = field.querySelector(":scope > .label-row > .switches");
        const control = field.querySelector(":scope > input:not([type='checkbox']), :scope > select, :scope > textarea");
        if (!switches?.children.length || !control) return [];
        const gap = control.getBoundingClientRect().right - switches.getBoundingClientRect().right;
        return Math.abs(gap) > 2 ? [`${field.querySelector("label")?.textContent}: ${Math.round(gap)} px`] : [];
      }),
    );
    expect(farSwitches).toEqual([]);
    // The lower half: nested object, array items with their buttons, a nullable field.
    await form.getByRole("group", { name: "Owner", exact: true }).evaluate((el) => el.scrollIntoView({ block: "start" }));
    await app.screenshot("schema-form-arrays-dark");
    // A field's long description keeps its lines and shows four of them until the user asks for the rest;
    // the field is described by all of it.
    const steps = form.getByRole("group", { name: "Steps", exact: true });
    const stepsHelp = steps.locator("p.field-help");
    expect(await stepsHelp.textContent()).toBe(STEPS_DESCRIPTION);
    expect(await steps.getAttribute("aria-describedby")).toContain(await stepsHelp.getAttribute("id"));
    const helpLine = await stepsHelp.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    const heldHelp = (await stepsHelp.boundingBox())!.height;
    expect(heldHelp).toBeGreaterThan(3 * helpLine);
    expect(heldHelp).toBeLessThanOrEqual(4 * helpLine + 1);
    await steps.getByRole("button", { name: "Show the whole description of Steps", exact: true }).click();
    expect((await stepsHelp.boundingBox())!.height).toBeGreaterThan(8 * helpLine);
    await steps.evaluate((el) => el.scrollIntoView({ block: "start" }));
    await app.screenshot("schema-form-field-help-dark");
    expect(await axeProblems(page, "form[aria-label='Arguments for kitchen_sink']")).toEqual([]);
    await steps.getByRole("button", { name: "Show less of Steps", exact: true }).click();
    expect((await stepsHelp.boundingBox())!.height).toBeLessThanOrEqual(4 * helpLine + 1);
    await form.getByLabel("Count", { exact: true }).fill("");
    await d.type("Count", "12");

    // To JSON: the editor loads on first use (not before) and holds the form's value.
    expect(scripts.filter((s) => s.includes("json-editor"))).toEqual([]);
    const toggle = form.getByRole("button", { name: "Edit as JSON", exact: true });
    await toggle.click();
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    const editor = form.locator(".cm-content");
    await editor.waitFor();
    expect(await editor.getAttribute("aria-label")).toBe("Arguments (JSON)");
    expect(scripts.filter((s) => s.includes("json-editor"))).toHaveLength(1);
    const shown = JSON.parse(await editor.innerText()) as Record<string, unknown>;
    expect(shown).toEqual({
      title: 'Round "trip" \\ ü',
      count: 12,
      ratio: 0,
      kind: "a",
      target: { url: "https://example.com/x" },
      steps: [
        { label: "second", done: true },
        { label: "first", done: false },
      ],
    });

    // Completion from the schema: the properties not written yet, at the cursor.
    await editor.click();
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Control+Space");
    const completions = page.getByRole("listbox");
    await completions.getByRole("option", { name: /^"when"/ }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    expect(await completions.getByRole("option", { name: /^"title"/ }).count()).toBe(0);
    await page.keyboard.press("Escape");

    // Ctrl+F in the editor is the editor's own search, not the tool list's filter.
    await page.keyboard.press("Control+f");
    await form.locator(".cm-search").waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest(".cm-search") !== null)).toBe(true);
    await page.keyboard.press("Escape");

    // Edited as text: select all, then the new JSON typed in one go (as a paste is), a schema error included.
    await editor.click();
    await page.keyboard.press("Control+A");
    const broken = { ...shown, count: 500, note: 'two\nlines "and" \\ 😀' };
    await page.keyboard.insertText(JSON.stringify(broken, null, 2));
    // The lint names the problem where it is, and under the editor as text.
    await form.locator(".cm-lintRange-error").first().waitFor({ timeout: FLOW_TIMEOUT_MS });
    await form.getByRole("list", { name: "Problems in the JSON" }).getByText(/^\/count: /).waitFor();
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await app.screenshot(`schema-json-editor-${scheme}`);
      problems.push(...(await axeProblems(page, "form[aria-label='Arguments for kitchen_sink']")).map((p) => `${scheme} (JSON): ${p}`));
    }
    expect(problems).toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });

    // Invalid JSON: the switch back refuses and the text stays as typed.
    await editor.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.insertText(",");
    await toggle.click();
    await form.getByText(/The JSON does not parse/).waitFor();
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await editor.innerText()).toBe(`${JSON.stringify(broken, null, 2)},`);

    // Fixed in the editor, then back to the form: every value there, the line break in a textarea.
    await editor.click();
    await page.keyboard.press("Control+A");
    const fixed = { ...broken, count: 50 };
    await page.keyboard.insertText(JSON.stringify(fixed, null, 2));
    await toggle.click();
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    expect(await form.getByLabel("Title", { exact: true }).inputValue()).toBe('Round "trip" \\ ü');
    expect(await form.getByLabel("Count", { exact: true }).inputValue()).toBe("50");
    expect(await form.getByLabel("Note", { exact: true }).inputValue()).toBe('two\nlines "and" \\ 😀');
    // One more edit in the form, then run from the top of the long form by keyboard: the new run's card,
    // far below, is scrolled into view, and the caret stays in the field.
    await d.press("Increase Count");
    const title = form.getByLabel("Title", { exact: true });
    await title.evaluate((el) => el.scrollIntoView({ block: "start" }));
    await title.focus();
    await page.keyboard.press("Control+Enter");
    expect(await echoOf(page, 1, "kitchen_sink")).toBe(JSON.stringify({ ...fixed, count: 51 }));
    // Polled: the card scrolls once it is drawn and startToolRun has answered, whichever comes second.
    const head = runArticle(page, 1, "kitchen_sink").locator(".run-head");
    await expect.poll(async () => (await head.boundingBox().then((b) => b && b.y >= 0 && b.y + b.height <= 720)) ?? false).toBe(true);
    expect(await title.evaluate((el) => el === document.activeElement)).toBe(true);
    await app.screenshot("schema-form-run-in-view-light");
    // Another tool picked from the list opens at its top, not where the long form was scrolled to. The window
    // is made low enough that the new tool's detail scrolls too (else the browser would clamp it to the top).
    await page.setViewportSize({ width: 1280, height: 420 });
    const detailSide = page.locator(".split-detail");
    expect(await detailSide.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await openTool(page, "array_strings");
    expect(await detailSide.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeGreaterThan(100);
    expect(await detailSide.evaluate((el) => el.scrollTop)).toBe(0);
    const heading = page.getByRole("region", { name: "Tool array_strings", exact: true }).getByRole("heading", { name: "array_strings" });
    expect((await heading.boundingBox())!.y).toBeGreaterThan(0);
    expect(app.pageErrors).toEqual([]);
  });

  it("an elicitation answer and prompt arguments go through the form and through Edit as JSON", { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await setup();
    const { page } = app;
    const tool = await openTool(page, "elicit");
    await tool.getByRole("button", { name: "Run", exact: true }).click();
    await openTab(page, "Elicitations");
    const answer = page.getByRole("form", { name: /^Answer to/ });
    await answer.waitFor({ timeout: FLOW_TIMEOUT_MS });
    const d = chromiumDriver(answer);
    await d.type("Name", 'Ada "A" \\ ∑');
    await d.type("Email", "ada@example.com");
    for (let i = 0; i < 3; i++) await d.press("Increase Age");
    await d.type("Score", "0.5");
    await d.toggle("Agree");
    await d.choose("Size", "M");
    await d.choose("Color", "Green");
    await d.toggle("olives", ["Toppings"]);
    await d.toggle("cheese", ["Toppings"]);
    // Through the JSON view and back: nothing lost.
    await answer.getByRole("button", { name: "Edit as JSON", exact: true }).click();
    await answer.locator(".cm-content").waitFor();
    await answer.getByRole("button", { name: "Edit as JSON", exact: true }).click();
    await answer.getByRole("button", { name: "Accept", exact: true }).click();
    await openTab(page, "Tools");
    const content = { name: 'Ada "A" \\ ∑', email: "ada@example.com", age: 2, score: 0.5, agree: true, size: "M", color: "g", toppings: ["olives", "cheese"] };
    expect(await echoOf(page, 1, "elicit")).toBe(JSON.stringify({ action: "accept", content }));

    // Prompt arguments: typed in the form, edited as JSON (an empty string is sent when written so), echoed exactly.
    await openTab(page, "Prompts");
    await page.getByRole("button", { name: "echo_arguments", exact: true }).click();
    const prompt = page.getByRole("form", { name: "Arguments for prompt echo_arguments" });
    await prompt.getByLabel("subject", { exact: true }).pressSequentially('the "subject" \\ ✓');
    await prompt.getByRole("button", { name: "Edit as JSON", exact: true }).click();
    const editor = prompt.locator(".cm-content");
    await editor.waitFor();
    expect(JSON.parse(await editor.innerText())).toEqual({ subject: 'the "subject" \\ ✓' });
    await editor.click();
    await page.keyboard.press("Control+A");
    await page.keyboard.insertText(JSON.stringify({ subject: 'the "subject" \\ ✓', tone: "" }));
    // Ctrl+Enter in the editor sends the form (the editor's own Ctrl+Enter would add a line, and break the JSON).
    await page.keyboard.press("Control+Enter");
    await page.locator(".prompt-result .content-text").first().waitFor({ timeout: FLOW_TIMEOUT_MS });
    const echoed = await page.locator(".prompt-result .content-text").first().textContent();
    expect(echoed).toBe(JSON.stringify({ subject: 'the "subject" \\ ✓', tone: "" }));
    // Back to the form: the values are there.
    await prompt.getByRole("button", { name: "Edit as JSON", exact: true }).click();
    expect(await prompt.getByLabel("subject", { exact: true }).inputValue()).toBe('the "subject" \\ ✓');
    expect(app.pageErrors).toEqual([]);
  });
});
