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

  it("an elicitation's message does too", async () => {
    const user = userEvent.setup();
    const message = indented("Which account should be charged?", "Only accounts you own are listed.");
    await renderApp({ sessions: [session()], settings: TABS_ONLY_SETTINGS, pendingInputs: [elicitation("e1", { message, requestedSchema: { type: "object", properties: {} } })] });
    await user.click(tabNamed("Elicitations"));
    const card = await screen.findByRole("article", { name: /elicitation/i });
    expect(within(card).getByText(/^Which account/).textContent).toBe("Which account should be charged?\n\nOnly accounts you own are listed.");
  });
});
