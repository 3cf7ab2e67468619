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
const getBoundingClientRect = Element.prototype.getBoundingClientRect;
afterEach(() => {
  Element.prototype.scrollIntoView = scrollIntoView;
  Element.prototype.getBoundingClientRect = getBoundingClientRect;
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

  it("when a run ends, its card (now with the result) comes into view again, unless the user scrolled its head away", async () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    // happy-dom lays nothing out: the window is 700 px high and a card's head sits where `headTop` says.
    let headTop = 600;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      const top = this.tagName === "ARTICLE" ? headTop : 0;
      return { top, bottom: this.tagName === "ARTICLE" ? top + 100 : 700, left: 0, right: 1000, width: 1000, height: 100, x: 0, y: top, toJSON() {} } as DOMRect;
    };
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("slow")] }));
    let nextRunId = 1;
    const runs = new Map<number, ToolRun>();
    bridge.handle("startToolRun", (params) => {
      const run: ToolRun = { runId: nextRunId++, sessionId: params.sessionId, toolName: params.name, arguments: {}, asTask: false, status: "running", startedAt: Date.now() };
      runs.set(run.runId, run);
      setTimeout(() => bridge.emit({ type: "toolRunChanged", payload: run }), 0);
      return { runId: run.runId };
    });
    const end = (runId: number) => bridge.emit({ type: "toolRunChanged", payload: { ...runs.get(runId)!, status: "done", endedAt: Date.now(), result: { content: [{ type: "text", text: "the result" }] } } });
    await renderApp({ sessions: [session()] }, bridge);
    await user.click(await screen.findByRole("button", { name: "slow" }));
    const run = screen.getByRole("button", { name: "Run" });

    await user.click(run);
    await screen.findByRole("article", { name: "Run 1: slow" });
    await act(async () => {});
    expect(scrolledCards(scroll)).toEqual(['Run 1: slow {"block":"nearest"}']);
    end(1);
    await act(async () => {});
    expect(scrolledCards(scroll)).toEqual(['Run 1: slow {"block":"nearest"}', 'Run 1: slow {"block":"nearest"}']);

    // The user scrolled up to the form: the end leaves the pane where it is.
    await user.click(run);
    await screen.findByRole("article", { name: "Run 2: slow" });
    await act(async () => {});
    expect(scrolledCards(scroll)).toHaveLength(3);
    headTop = 900;
    end(2);
    await act(async () => {});
    expect(scrolledCards(scroll)).toHaveLength(3);
  });
});
