// @vitest-environment happy-dom
// The Collections tab's saved calls: arguments read as JSON (only once opened, and cut on a huge value),
// Open in Tools (the Tools tab, the tool selected, its form's draft holding the saved arguments), Remove….
import "./setup.js";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Collection } from "../../shared/collection.js";
import { CollectionsTab } from "../../renderer/src/tabs/collections/CollectionsTab.js";
import { draftKeys } from "../../renderer/src/store/draftsSlice.js";
import type { TabId } from "../../renderer/src/app/tabs.js";
import { createFakeBridge } from "./fakeBridge.js";
import { session, tool } from "./fixtures.js";
import { renderWithStore } from "./renderWithStore.js";

const HUGE = "x".repeat(300_000);

function sums(): Collection {
  return {
    collection: 1,
    name: "Sums",
    calls: [
      { name: "one and two", kind: "tool", target: "get-sum", arguments: { a: 1, b: 2 }, assert: [] },
      { name: "big", kind: "tool", target: "echo", arguments: { message: HUGE }, assert: [] },
    ],
  };
}

function setUp() {
  const bridge = createFakeBridge();
  let collection = sums();
  bridge.handle("listCollections", () => ({ collections: [{ file: "Sums.collection.json", collection }], problems: [] }));
  bridge.handle("saveCollection", (params) => {
    collection = params.collection as Collection;
    return { file: params.file };
  });
  const tabs: TabId[] = [];
  const getSum = tool("get-sum", { inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } } } });
  const rendered = renderWithStore(<CollectionsTab />, { bridge, snapshot: { sessions: [session()] }, onSelectTab: (tab) => tabs.push(tab) });
  rendered.store.getState().setTools("s1", [getSum, tool("echo")]);
  return { ...rendered, tabs };
}

describe("Collections: a saved call", () => {
  it("its arguments are drawn only once opened, and a huge value is cut with a note", async () => {
    const user = userEvent.setup();
    setUp();
    const big = await screen.findByRole("listitem", { name: "big" });
    expect(big.querySelector("pre")).toBeNull();
    await user.click(within(big).getByText("Arguments (1 key)"));
    const shown = big.querySelector("pre")!.textContent!;
    expect(shown.length).toBeLessThanOrEqual(100_002);
    expect(shown.startsWith('{\n  "message": "xxx')).toBe(true);
    expect(within(big).getByText(/^The first 100,000 of 300,\d{3} characters; Copy takes them all\.$/)).toBeTruthy();
    expect(within(big).getByRole("button", { name: /^Copy the arguments of big/ })).toBeTruthy();
  });

  it("arguments nested past what the page can print say so, in the view and on Open in Tools, and the tab stays", async () => {
    const user = userEvent.setup();
    const { bridge, tabs } = setUp();
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 200_000; i++) deep = deep.d = {} as Record<string, unknown>;
    bridge.handle("listCollections", () => ({ collections: [{ file: "Deep.collection.json", collection: { collection: 1, name: "Deep", calls: [{ name: "deep", kind: "tool", target: "echo", arguments: root, assert: [] }] } }], problems: [] }));
    await user.click(screen.getByRole("button", { name: "Reload" }));
    const call = await screen.findByRole("listitem", { name: "deep" });
    await user.click(within(call).getByText("Arguments (1 key)"));
    expect(call.querySelector("pre")!.textContent).toMatch(/^\(the arguments cannot be shown: .+\)$/);
    expect(screen.getByRole("region", { name: "Collections" })).toBeTruthy();
    // Nor can they go in a form: said where the user pressed, and the tab stays where it is.
    await user.click(within(call).getByRole("button", { name: "Open deep in the Tools tab" }));
    expect(screen.getByRole("alert").textContent).toMatch(/^"deep" could not be put in the form: /);
    expect(tabs).toEqual([]);
  });

  it("Open in Tools shows the Tools tab with the tool selected and the saved arguments in its form's draft", async () => {
    const user = userEvent.setup();
    const { store, tabs } = setUp();
    const call = await screen.findByRole("listitem", { name: "one and two" });
    await user.click(within(call).getByRole("button", { name: "Open one and two in the Tools tab" }));
    expect(tabs).toEqual(["tools"]);
    const state = store.getState();
    expect(state.selectedTool["s1"]).toBe("get-sum");
    expect(JSON.parse((state.drafts[draftKeys.tool("s1", "get-sum")] as { jsonText: string }).jsonText)).toEqual({ a: 1, b: 2 });
  });

  it("Remove… saves the collection without that call once confirmed", async () => {
    const user = userEvent.setup();
    const { bridge } = setUp();
    const confirm = window.confirm;
    window.confirm = () => true;
    try {
      const call = await screen.findByRole("listitem", { name: "big" });
      await user.click(within(call).getByRole("button", { name: "Remove big from the collection" }));
      await waitFor(() => expect(screen.queryByRole("listitem", { name: "big" })).toBeNull());
      expect(bridge.callsOf("saveCollection")[0]?.collection.calls.map((c) => c.name)).toEqual(["one and two"]);
    } finally {
      window.confirm = confirm;
    }
  });
});
