// @vitest-environment happy-dom
// A run the user starts is scrolled into view (its card may be drawn before or after startToolRun answers),
// and focus stays in the form, so Enter runs again from the same field.
import "./setup.js";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ToolRun } from "../../shared/types.js";
import { createFakeBridge } from "./fakeBridge.js";
import { session, tool } from "./fixtures.js";
import { renderApp } from "./renderApp.js";

const scrollIntoView = Element.prototype.scrollIntoView;
afterEach(() => {
  Element.prototype.scrollIntoView = scrollIntoView;
});

function scrolledCards(spy: { mock: { contexts: unknown[]; calls: unknown[][] } }): string[] {
  return spy.mock.contexts.map((el, i) => `${(el as HTMLElement).getAttribute("aria-label")} ${JSON.stringify(spy.mock.calls[i]![0])}`);
}

describe("a started run comes into view", () => {
  it("whether its card is drawn after startToolRun answers or before; Run again too; focus stays in the form", async () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("echo", { inputSchema: { type: "object", properties: { message: { type: "string" } } } })] }));
    let nextRunId = 1;
    let drawFirst = false;
    bridge.handle("startToolRun", (params) => {
      const run: ToolRun = { runId: nextRunId++, sessionId: params.sessionId, toolName: params.name, arguments: params.arguments ?? {}, asTask: false, status: "running", startedAt: Date.now() };
      if (drawFirst) bridge.emit({ type: "toolRunChanged", payload: run });
      else setTimeout(() => bridge.emit({ type: "toolRunChanged", payload: run }), 0);
      return { runId: run.runId };
    });
    await renderApp({ sessions: [session()] }, bridge);
    await user.click(await screen.findByRole("button", { name: "echo" }));
    const field = screen.getByRole("textbox", { name: /message/ });
    await user.type(field, "hi{Enter}");
    await screen.findByRole("article", { name: "Run 1: echo" });
    expect(scrolledCards(scroll)).toEqual(['Run 1: echo {"block":"nearest"}']);
    expect(document.activeElement).toBe(field);

    drawFirst = true;
    await user.type(field, "{Enter}");
    await screen.findByRole("article", { name: "Run 2: echo" });
    await act(async () => {});
    expect(scrolledCards(scroll)).toEqual(['Run 1: echo {"block":"nearest"}', 'Run 2: echo {"block":"nearest"}']);

    await user.click(within(screen.getByRole("article", { name: "Run 1: echo" })).getByRole("button", { name: "Run echo again with the arguments of Run 1" }));
    await screen.findByRole("article", { name: "Run 3: echo" });
    await act(async () => {});
    expect(scrolledCards(scroll)).toHaveLength(3);
    expect(scrolledCards(scroll)[2]).toBe('Run 3: echo {"block":"nearest"}');
  });
});
