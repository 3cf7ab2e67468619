// @vitest-environment happy-dom
// Completions as the user types (completion/complete): the combobox in the Prompts tab and in the
// resource template form, against the fake bridge. Debounce, stale answers, keyboard, hostile answers.
import "./setup.js";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ApiParams, ApiResult } from "../../shared/contract.js";
import { COMPLETION_DEBOUNCE_MS } from "../../renderer/src/components/CompletionInput.js";
import { createFakeBridge, type FakeBridge } from "./fakeBridge.js";
import { session } from "./fixtures.js";
import { renderApp, tabNamed } from "./renderApp.js";

const TEAMS: Record<string, string[]> = { Engineering: ["Alice", "Bob", "Charlie"], Sales: ["David", "Eve"] };

function answerLikeAServer(params: ApiParams<"complete">): ApiResult<"complete"> {
  const value = params.argument.value.toLowerCase();
  const pool = params.argument.name === "department" ? Object.keys(TEAMS) : (TEAMS[params.context?.arguments?.department ?? ""] ?? []);
  return { values: pool.filter((v) => v.toLowerCase().startsWith(value)) };
}

/** A bridge whose `complete` answers like a server with two departments. */
function completingBridge(): FakeBridge {
  const bridge = createFakeBridge();
  bridge.handle("complete", answerLikeAServer);
  return bridge;
}

async function openPrompt(bridge: FakeBridge = completingBridge(), capabilities: Record<string, object> = { prompts: {}, completions: {} }) {
  const user = userEvent.setup();
  bridge.handle("listPrompts", () => ({ prompts: [{ name: "team", arguments: [{ name: "department", required: true }, { name: "member" }] }] }));
  await renderApp({ sessions: [session({ serverCapabilities: capabilities })] }, bridge);
  await user.click(tabNamed("Prompts"));
  await user.click(await screen.findByRole("button", { name: "team" }));
  const form = screen.getByRole("region", { name: "Prompt team" });
  return { user, bridge, form };
}

const combobox = (form: HTMLElement, name: string) => within(form).getByRole("combobox", { name }) as HTMLInputElement;
const optionTexts = (name: string) => within(screen.getByRole("listbox", { name: `Suggestions for ${name}` })).getAllByRole("option").map((o) => o.textContent);

describe("prompt argument completion", () => {
  it("suggestions appear as the user types, one request per pause in typing (debounced)", async () => {
    const { user, bridge, form } = await openPrompt();
    const field = combobox(form, "department");
    expect(field.getAttribute("aria-expanded")).toBe("false");
    await user.type(field, "Eng");
    await screen.findByRole("option", { name: "Engineering" });
    expect(field.getAttribute("aria-expanded")).toBe("true");
    expect(field.getAttribute("aria-autocomplete")).toBe("list");
    expect(field.getAttribute("aria-controls")).toBe(screen.getByRole("listbox", { name: "Suggestions for department" }).id);
    // Three keystrokes, one request: for the whole word.
    expect(bridge.callsOf("complete")).toEqual([{ sessionId: "s1", ref: { type: "ref/prompt", name: "team" }, argument: { name: "department", value: "Eng" }, context: { arguments: {} } }]);
  });

  it("issue 21: entering a field asks with the empty value, after the same pause, and shows the suggestions; passing through asks nothing", async () => {
    const { user, bridge, form } = await openPrompt();
    const field = combobox(form, "department");
    await user.click(field);
    expect(await screen.findByRole("option", { name: "Engineering" })).toBeTruthy();
    expect(optionTexts("department")).toEqual(["Engineering", "Sales"]);
    expect(bridge.callsOf("complete")).toEqual([{ sessionId: "s1", ref: { type: "ref/prompt", name: "team" }, argument: { name: "department", value: "" }, context: { arguments: {} } }]);
    // Passing through a field leaves it before the pause ends: no request for it, even once the pause is over
    // (nothing to await here: the check is that nothing comes). Entering and leaving happen in one turn, so a
    // slow machine cannot stretch the stay past the pause as two separate key presses could.
    const member = combobox(form, "member");
    act(() => {
      member.focus();
      member.blur();
    });
    await new Promise((resolve) => setTimeout(resolve, COMPLETION_DEBOUNCE_MS * 2));
    expect(bridge.callsOf("complete").filter((c) => c.argument.name === "member")).toEqual([]);
  });

  it("keyboard: arrow keys move through the suggestions, Enter picks one (without submitting), Escape closes the list", async () => {
    const { user, bridge, form } = await openPrompt();
    const field = combobox(form, "department");
    await user.click(field);
    await user.keyboard("{ArrowDown}"); // nothing yet: asks at once for the empty value, and opens at the first
    await waitFor(() => expect(screen.getByRole("option", { name: "Engineering" }).getAttribute("aria-selected")).toBe("true"));
    expect(optionTexts("department")).toEqual(["Engineering", "Sales"]);
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}"); // Sales, Engineering (wraps), Sales
    const sales = screen.getByRole("option", { name: "Sales" });
    expect(sales.getAttribute("aria-selected")).toBe("true");
    expect(field.getAttribute("aria-activedescendant")).toBe(sales.id);
    await user.keyboard("{Enter}");
    expect(field.value).toBe("Sales");
    expect(field.getAttribute("aria-expanded")).toBe("false");
    expect(bridge.callsOf("getPrompt")).toEqual([]);

    await user.keyboard("{ArrowUp}"); // reopens what the server last said, at the last suggestion
    expect(field.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("option", { name: "Sales" }).getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{Escape}");
    expect(field.getAttribute("aria-expanded")).toBe("false");
    expect(within(form).queryByRole("option")).toBeNull();
    expect(field.value).toBe("Sales");
  });

  it("a click on a suggestion picks it; an argument filled earlier goes in context.arguments", async () => {
    const { user, bridge, form } = await openPrompt();
    await user.type(combobox(form, "department"), "Eng");
    await user.click(await screen.findByRole("option", { name: "Engineering" }));
    expect(combobox(form, "department").value).toBe("Engineering");
    await user.type(combobox(form, "member"), "B");
    await screen.findByRole("option", { name: "Bob" });
    expect(optionTexts("member")).toEqual(["Bob"]);
    expect(bridge.callsOf("complete").at(-1)).toMatchObject({ argument: { name: "member", value: "B" }, context: { arguments: { department: "Engineering" } } });
  });

  it("a stale answer for an older value never overwrites the newer one", async () => {
    const bridge = createFakeBridge();
    const pending: { value: string; resolve(answer: ApiResult<"complete">): void }[] = [];
    bridge.handle("complete", (params) => new Promise((resolve) => pending.push({ value: params.argument.value, resolve })));
    const { user, form } = await openPrompt(bridge);
    const field = combobox(form, "department");
    await user.type(field, "S");
    await waitFor(() => expect(pending.map((p) => p.value)).toEqual(["S"]));
    await user.type(field, "a");
    await waitFor(() => expect(pending.map((p) => p.value)).toEqual(["S", "Sa"]));
    pending[1]!.resolve({ values: ["Sales (for Sa)"] });
    await screen.findByRole("option", { name: "Sales (for Sa)" });
    pending[0]!.resolve({ values: ["Support (for S)"] });
    // Give the late answer every chance to land, then check it did not.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await Promise.resolve();
    expect(optionTexts("department")).toEqual(["Sales (for Sa)"]);
  });

  it("leaving the field drops what was asked for it: no list opens under a field the user left", async () => {
    const bridge = createFakeBridge();
    let answer: ((value: ApiResult<"complete">) => void) | undefined;
    bridge.handle("complete", () => new Promise((resolve) => (answer = resolve)));
    const { user, form } = await openPrompt(bridge);
    await user.type(combobox(form, "department"), "S");
    await waitFor(() => expect(answer).toBeDefined());
    await user.tab();
    answer!({ values: ["Sales"] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(combobox(form, "department").getAttribute("aria-expanded")).toBe("false");
    expect(within(form).queryByRole("option")).toBeNull();
  });

  it("hostile answers: values are text, not markup; counts and what the core cut are said", async () => {
    const bridge = createFakeBridge();
    bridge.handle("complete", () => ({ values: ["<b>bold</b>", "<img src=x onerror=alert(1)>"], total: 1_000_000, hasMore: true, cut: "Suggestions cut: the server sent 1,000,000 values; the spec allows 100, so only the first are shown." }));
    const { user, form } = await openPrompt(bridge);
    await user.type(combobox(form, "department"), "x");
    await screen.findByRole("option", { name: "<b>bold</b>" });
    expect(document.querySelector(".completion-list b, .completion-list img")).toBeNull();
    expect(screen.getByText(/2 of 1,000,000 suggestions/).textContent).toMatch(/the server sent 1,000,000 values; the spec allows 100/);
  });

  it("a failed completion says so under the field, and the field keeps working", async () => {
    const bridge = createFakeBridge();
    bridge.handle("complete", () => {
      throw new Error("MCP error -32602: No completions for department");
    });
    const { user, form } = await openPrompt(bridge);
    await user.type(combobox(form, "department"), "x");
    expect(await within(form).findByText("Suggestions failed: MCP error -32602: No completions for department")).toBeTruthy();
    expect(combobox(form, "department").value).toBe("x");
  });

  it("a server without the completions capability is never asked: the fields are plain text boxes", async () => {
    const { user, bridge, form } = await openPrompt(completingBridge(), { prompts: {} });
    await user.type(within(form).getByRole("textbox", { name: "department" }), "Eng");
    expect(within(form).queryByRole("combobox")).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(bridge.callsOf("complete")).toEqual([]);
  });
});

describe("resource templates as a form", () => {
  async function openTemplates(templates: { name: string; uriTemplate: string }[], capabilities: Record<string, object> = { resources: {}, completions: {} }) {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listResourceTemplates", () => ({ resourceTemplates: templates }));
    bridge.handle("complete", answerLikeAServer);
    bridge.handle("readResource", ({ uri }) => ({ contents: [{ uri, text: `read ${uri}` }] }));
    await renderApp({ sessions: [session({ serverCapabilities: capabilities })] }, bridge);
    await user.click(tabNamed("Resources"));
    return { user, bridge };
  }

  it("one field per variable, a percent-encoded preview of the URI, completion on each field, and Read reads that URI", async () => {
    const { user, bridge } = await openTemplates([{ name: "Member", uriTemplate: "team://{department}/members{/member}{?q}" }]);
    const form = await screen.findByRole("form", { name: "Template Member" });
    const preview = within(form).getByRole("status", { name: "URI from template Member" });
    expect(preview.textContent).toBe("team:///members");
    await user.type(combobox(form, "department"), "Eng");
    await user.click(await screen.findByRole("option", { name: "Engineering" }));
    await user.type(combobox(form, "member"), "A");
    await screen.findByRole("option", { name: "Alice" });
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(screen.getByRole("option", { name: "Alice" }).getAttribute("aria-selected")).toBe("true"));
    await user.keyboard("{Enter}");
    await user.type(combobox(form, "q"), "a b&c");
    expect(preview.textContent).toBe("team://Engineering/members/Alice?q=a%20b%26c");
    expect(bridge.callsOf("complete").find((c) => c.argument.name === "member")).toMatchObject({
      ref: { type: "ref/resource", uri: "team://{department}/members{/member}{?q}" },
      context: { arguments: { department: "Engineering" } },
    });
    await user.click(within(form).getByRole("button", { name: "Read from template Member" }));
    await waitFor(() => expect(bridge.callsOf("readResource")).toEqual([{ sessionId: "s1", uri: "team://Engineering/members/Alice?q=a%20b%26c" }]));
    expect(await screen.findByText("read team://Engineering/members/Alice?q=a%20b%26c")).toBeTruthy();
  });

  it("a template that cannot be parsed falls back to typing the URI, and says why", async () => {
    const { user, bridge } = await openTemplates([{ name: "Broken", uriTemplate: "demo://{unclosed" }]);
    const form = await screen.findByRole("form", { name: "Template Broken" });
    expect(within(form).getByText(/Not offered as a form: the expression at character 8 is never closed/)).toBeTruthy();
    const field = within(form).getByRole("textbox", { name: "Broken" });
    await user.clear(field);
    await user.type(field, "demo://x");
    await user.click(within(form).getByRole("button", { name: "Read from template Broken" }));
    await waitFor(() => expect(bridge.callsOf("readResource")).toEqual([{ sessionId: "s1", uri: "demo://x" }]));
  });

  it("a hostile template (1 MB, 100,000 expressions) does not freeze the tab", async () => {
    await openTemplates([{ name: "Huge", uriTemplate: `x://${"{a}".repeat(100_000)}` }]);
    const form = await screen.findByRole("form", { name: "Template Huge" });
    expect(within(form).getByText(/Not offered as a form: the template is 300,004 characters long/)).toBeTruthy();
  });
});
