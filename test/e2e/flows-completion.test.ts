// A resource template filled as a form in Chromium, with the server's suggestions: our completion
// fixture (2026-07-28 after the Auto probe) suggests departments, then that department's members
// (context.arguments); the picked values build the URI, and Read shows what the server returns.
import { describe, expect, it } from "vitest";
import { openApp } from "./app.js";
import { EVERYTHING, FLOW_TIMEOUT_MS, connect, fixtureServer, openTab, waitForText } from "./flows-ui.js";

const SERVER = "Completion fixture";

describe("resource template form with completion in Chromium", () => {
  it("fills a template's variables from the server's suggestions by keyboard and reads the URI they build", { timeout: 120_000 }, async () => {
    const app = await openApp({ savedServers: [fixtureServer("completion", SERVER, "modern/completion-server.mjs")] });
    const { page } = app;
    await connect(page, SERVER);
    await openTab(page, "Resources");
    const form = page.getByRole("form", { name: "Template Team member", exact: true });
    await form.waitFor({ timeout: FLOW_TIMEOUT_MS });
    const preview = form.getByRole("status", { name: "URI from template Team member", exact: true });

    const department = form.getByRole("combobox", { name: "department", exact: true });
    await department.fill("");
    await department.press("ArrowDown");
    const departments = page.getByRole("listbox", { name: "Suggestions for department", exact: true });
    await expect.poll(() => departments.getByRole("option").allTextContents(), { timeout: FLOW_TIMEOUT_MS }).toEqual(["Engineering", "Sales", "Marketing"]);
    await department.press("ArrowDown");
    await department.press("Enter");
    await expect.poll(() => department.inputValue()).toBe("Sales");
    expect(await department.getAttribute("aria-expanded")).toBe("false");

    // Typing narrows the members of the department picked above (it goes in context.arguments).
    const member = form.getByRole("combobox", { name: "member", exact: true });
    await member.pressSequentially("e");
    const members = page.getByRole("listbox", { name: "Suggestions for member", exact: true });
    await expect.poll(() => members.getByRole("option").allTextContents(), { timeout: FLOW_TIMEOUT_MS }).toEqual(["Eve"]);
    await member.fill(""); // all of them again, after a pause in typing
    await expect.poll(() => members.getByRole("option").allTextContents(), { timeout: FLOW_TIMEOUT_MS }).toEqual(["David", "Eve", "Frank"]);
    await member.press("ArrowDown");
    await member.press("ArrowDown");
    expect(await members.getByRole("option", { name: "Eve", exact: true }).getAttribute("aria-selected")).toBe("true");
    await app.screenshot("resource-template-completion");
    await member.press("Enter");
    await expect.poll(() => preview.textContent()).toBe("team://Sales/members/Eve");

    await form.getByRole("button", { name: "Read from template Team member", exact: true }).click();
    const contents = page.getByRole("region", { name: "Resource contents", exact: true });
    await waitForText(contents, "Eve works in Sales");
    await app.screenshot("resource-template-read");
    expect(app.pageErrors).toEqual([]);
  });

  it("suggests a prompt's arguments from server-everything (2025-11-25), the second from the first", { timeout: 120_000 }, async () => {
    const app = await openApp();
    const { page } = app;
    await connect(page, EVERYTHING);
    await openTab(page, "Prompts");
    await page.getByRole("button", { name: "completable-prompt", exact: true }).click();
    const prompt = page.getByRole("region", { name: "Prompt completable-prompt", exact: true });
    const department = prompt.getByRole("combobox", { name: "department", exact: true });
    await department.pressSequentially("S");
    const departments = page.getByRole("listbox", { name: "Suggestions for department", exact: true });
    await expect.poll(() => departments.getByRole("option").allTextContents(), { timeout: FLOW_TIMEOUT_MS }).toEqual(["Sales", "Support"]);
    await departments.getByRole("option", { name: "Support", exact: true }).click();
    const name = prompt.getByRole("combobox", { name: "name", exact: true });
    await name.click();
    await name.press("ArrowDown");
    const names = page.getByRole("listbox", { name: "Suggestions for name", exact: true });
    await expect.poll(() => names.getByRole("option").allTextContents(), { timeout: FLOW_TIMEOUT_MS }).toEqual(["John", "Kim", "Lee"]);
    await name.press("ArrowDown"); // the list opened at John; one down is Kim
    await name.press("Enter");
    await expect.poll(() => name.inputValue()).toBe("Kim");
    await prompt.getByRole("button", { name: "Get prompt", exact: true }).click();
    await waitForText(prompt, "Please promote Kim to the head of the Support team.");
    expect(app.pageErrors).toEqual([]);
  });
});
