// @vitest-environment happy-dom
// A server's prose written as an indented block in its source (a tool's or a prompt's description, an
// elicitation's message) is shown with its line breaks and without the indent its lines share, so a line
// that wraps does not start far left of the others.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeBridge } from "./fakeBridge.js";
import { elicitation, session, tool } from "./fixtures.js";
import { renderApp, TABS_ONLY_SETTINGS, tabNamed } from "./renderApp.js";

const pad = " ".repeat(24);
const indented = (first: string, second: string) => `\n${pad}${first}\n\n${pad}${second}\n${pad}`;
const proseIn = (region: HTMLElement, cls: string) => region.querySelector(`p.${cls}`)!.textContent;

describe("a server's indented prose", () => {
  it("a tool's and a prompt's description lose the indent their lines share", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("edit_block", { description: indented("Apply surgical edits to files.", "BEST PRACTICE: small edits.") })] }));
    bridge.handle("listPrompts", () => ({ prompts: [{ name: "review", description: indented("Review a change.", "Args: the diff.") }] }));
    await renderApp({ sessions: [session({ serverCapabilities: { tools: {}, prompts: {} } })] }, bridge);
    await user.click(await screen.findByRole("button", { name: "edit_block" }));
    expect(proseIn(screen.getByRole("region", { name: "Tool edit_block" }), "description")).toBe("Apply surgical edits to files.\n\nBEST PRACTICE: small edits.");
    await user.click(tabNamed("Prompts"));
    await user.click(await screen.findByRole("button", { name: "review" }));
    expect(proseIn(screen.getByRole("region", { name: "Prompt review" }), "description")).toBe("Review a change.\n\nArgs: the diff.");
  });

  it("a long description is held to its first lines until 'Show the whole description'; a short one has no button", async () => {
    // happy-dom lays nothing out: a held paragraph reports more content than it shows, as Chromium would.
    const owner = (name: string) => [HTMLElement.prototype, Element.prototype].find((p) => Object.getOwnPropertyDescriptor(p, name))!;
    const [scrollOwner, clientOwner] = [owner("scrollHeight"), owner("clientHeight")];
    const scrollHeight = Object.getOwnPropertyDescriptor(scrollOwner, "scrollHeight")!;
    const clientHeight = Object.getOwnPropertyDescriptor(clientOwner, "clientHeight")!;
    const long = (el: Element) => el.classList.contains("clamped") && (el.textContent ?? "").startsWith("Line 1");
    Object.defineProperty(scrollOwner, "scrollHeight", { configurable: true, get(this: Element) { return long(this) ? 600 : 100; } });
    Object.defineProperty(clientOwner, "clientHeight", { configurable: true, get(this: Element) { return long(this) ? 200 : 100; } });
    try {
      const user = userEvent.setup();
      const bridge = createFakeBridge();
      const many = Array.from({ length: 40 }, (_, i) => `Line ${i + 1}`).join("\n");
      bridge.handle("listTools", () => ({ tools: [tool("long", { description: many }), tool("short", { description: "One line." })] }));
      await renderApp({ sessions: [session()] }, bridge);
      await user.click(await screen.findByRole("button", { name: "long" }));
      const detail = screen.getByRole("region", { name: "Tool long" });
      const paragraph = detail.querySelector("p.description")! as HTMLElement;
      expect(paragraph.classList.contains("clamped")).toBe(true);
      // The whole text is in the page (a screen reader reads it all); only the view is held.
      expect(paragraph.textContent).toBe(many);
      const more = within(detail).getByRole("button", { name: "Show the whole description" });
      expect(more.getAttribute("aria-expanded")).toBe("false");
      await user.click(more);
      expect(paragraph.classList.contains("clamped")).toBe(false);
      await user.click(within(detail).getByRole("button", { name: "Show less" }));
      expect(paragraph.classList.contains("clamped")).toBe(true);
      await user.click(screen.getByRole("button", { name: "short" }));
      expect(within(screen.getByRole("region", { name: "Tool short" })).queryByRole("button", { name: "Show the whole description" })).toBeNull();
    } finally {
      Object.defineProperty(scrollOwner, "scrollHeight", scrollHeight);
      Object.defineProperty(clientOwner, "clientHeight", clientHeight);
    }
  });

  it("a prompt argument's and a tool field's description keep their lines and describe their control, a name with a space included", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const rules = "What to review.\n\n- the diff\n- its tests";
    bridge.handle("listPrompts", () => ({ prompts: [{ name: "review", arguments: [{ name: "the change", description: indented("What to review.", "- the diff\n" + pad + "- its tests"), required: true }] }] }));
    bridge.handle("listTools", () => ({ tools: [tool("aggregate", { inputSchema: { type: "object", properties: { pipeline: { type: "string", description: rules } } } })] }));
    await renderApp({ sessions: [session({ serverCapabilities: { tools: {}, prompts: {} } })] }, bridge);
    await user.click(await screen.findByRole("button", { name: "aggregate" }));
    const field = screen.getByRole("textbox", { name: "pipeline" });
    expect(document.getElementById(field.getAttribute("aria-describedby")!.split(" ")[0]!)!.textContent).toBe(rules);
    await user.click(tabNamed("Prompts"));
    await user.click(await screen.findByRole("button", { name: "review" }));
    const argument = screen.getByRole("textbox", { name: "the change" });
    expect(document.getElementById(argument.getAttribute("aria-describedby")!)!.textContent).toBe("What to review.\n\n- the diff\n- its tests");
  });

  it("a description that is not a string (a hostile list) is left out, and the rest of the form is drawn", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listPrompts", () => ({ prompts: [{ name: "odd", description: { text: "no" }, arguments: [{ name: "a", description: 42 }, { name: "b", description: ["x"] }] }] }) as never);
    await renderApp({ sessions: [session({ serverCapabilities: { prompts: {} } })] }, bridge);
    await user.click(tabNamed("Prompts"));
    await user.click(await screen.findByRole("button", { name: "odd" }));
    const region = screen.getByRole("region", { name: "Prompt odd" });
    expect(within(region).getByRole("textbox", { name: "a" }).getAttribute("aria-describedby")).toBeNull();
    expect(within(region).getByRole("textbox", { name: "b" })).toBeTruthy();
    expect(region.querySelector("p.description, p.field-help")).toBeNull();
  });

  it("an elicitation's message does too", async () => {
    const user = userEvent.setup();
    const message = indented("Which account should be charged?", "Only accounts you own are listed.");
    await renderApp({ sessions: [session()], settings: TABS_ONLY_SETTINGS, pendingInputs: [elicitation("e1", { message, requestedSchema: { type: "object", properties: {} } })] });
    await user.click(tabNamed("Elicitations"));
    const card = await screen.findByRole("article", { name: /elicitation/i });
    expect(within(card).getByText(/^Which account/).textContent).toBe("Which account should be charged?\n\nOnly accounts you own are listed.");
  });
});
